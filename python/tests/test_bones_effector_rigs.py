"""끝 회전·tip·굽힘 제한을 실제 리그 위에서 (issue 16 §4): 손이 주어진 회전의 손잡이를 잡고, 발바닥이 기운 면에 닿는다.

저장소의 test/fixtures/rigs 를 읽으므로 sdist 에서는 돌지 않는다 (MANIFEST.in): 저장소의 make test 가 돌린다.
"""

from __future__ import annotations

import json
import math
import struct
from pathlib import Path

import numpy as np
import pytest

from conftest import EPS
from test_bones import local_matrix, rotation_matrix
from test_bones_effector import _quaternion_multiply, _world, bend_at_joint, matrix_quaternion, unit_columns
from twoboneik import LocalTransform, apply_two_bone_ik

RIGS = Path(__file__).resolve().parents[2] / "test" / "fixtures" / "rigs"


# --- 실제 리그 (test/fixtures/rigs, float32 로 저장된 glTF 노드) ---


def read_nodes(name: str) -> dict:
    """glb/vrm 의 노드: 이름 → (부모 이름, LocalTransform)."""
    data = (RIGS / name).read_bytes()
    size = struct.unpack_from("<I", data, 12)[0]
    nodes = json.loads(data[20 : 20 + size])["nodes"]
    parents = {child: k for k, node in enumerate(nodes) for child in node.get("children", [])}
    out = {}
    for k, node in enumerate(nodes):
        transform = LocalTransform(
            np.array(node.get("translation", [0.0, 0.0, 0.0])),
            np.array(node.get("rotation", [0.0, 0.0, 0.0, 1.0])),
            np.array(node.get("scale", [1.0, 1.0, 1.0])),
        )
        out[node["name"]] = (nodes[parents[k]]["name"] if k in parents else None, transform)
    return out


def world_of(nodes: dict, name: str | None) -> np.ndarray:
    if name is None:
        return np.eye(4)
    parent, transform = nodes[name]
    return world_of(nodes, parent) @ local_matrix(transform)


# (파일, 팔 세 뼈, 손가락 쪽 자식 (손바닥 중심을 잡는 데), 다리 세 뼈)
RIG_CHAINS = [
    ("mixamo.glb", ("mixamorig:LeftArm", "mixamorig:LeftForeArm", "mixamorig:LeftHand"),
     ("mixamorig:LeftUpLeg", "mixamorig:LeftLeg", "mixamorig:LeftFoot")),
    ("vrm0.vrm", ("J_Bip_L_UpperArm", "J_Bip_L_LowerArm", "J_Bip_L_Hand"),
     ("J_Bip_L_UpperLeg", "J_Bip_L_LowerLeg", "J_Bip_L_Foot")),
    ("toy_30cm.glb", ("Arm_L", "ForeArm_L", "Hand_L"), ("L_Thigh", "L_Calf", "L_Foot")),
    ("giant_10m.glb", ("LeftUpperArm", "LeftLowerArm", "LeftHand"), ("LeftUpperLeg", "LeftLowerLeg", "LeftFoot")),
]


def rest_chain(file: str, names):
    """리그 file 의 세 뼈 사슬: ((부모 월드, upper, mid, end), 들어온 자세의 (뿌리, 관절, 끝, end 월드 행렬), 사슬 길이)."""
    nodes = read_nodes(file)
    upper, mid, end = (nodes[n][1] for n in names)
    assert nodes[names[1]][0] == names[0] and nodes[names[2]][0] == names[1]
    bones = (world_of(nodes, nodes[names[0]][0]), upper, mid, end)
    root, joint, tip_end, end_w = _world(*bones)
    length = float(np.linalg.norm(joint - root) + np.linalg.norm(tip_end - joint))
    return bones, (root, joint, tip_end, end_w), length


@pytest.mark.parametrize("file, arm, _leg", RIG_CHAINS, ids=[r[0] for r in RIG_CHAINS])
def test_a_hand_grips_a_handle_with_the_handles_rotation(file, arm, _leg):
    bones, (root, elbow, wrist, end_w), arm_length = rest_chain(file, arm)
    # 손바닥 중심: 손목에서 팔 방향으로 손 길이의 절반쯤 (end 로컬로 옮긴 점).
    palm_world = wrist + (wrist - elbow) / np.linalg.norm(wrist - elbow) * 0.08 * arm_length
    tip = (np.linalg.inv(end_w) @ np.append(palm_world, 1.0))[:3]
    handle = root + np.array([0.35, -0.25, 0.45]) * arm_length
    grip = np.array([0.3, -0.2, 0.1, 0.9])
    grip /= np.linalg.norm(grip)
    pose = apply_two_bone_ik(*bones, handle, root + np.array([0, -1.0, -1.0]) * arm_length, tip=tip, end_rotation=grip)
    assert pose.reachable is True
    _, _, _, end_w1 = _world(*bones, pose)
    palm1 = (end_w1 @ np.append(tip, 1.0))[:3]
    assert float(np.linalg.norm(palm1 - handle)) <= 1e-6 * arm_length  # float32 로 저장된 사원수 (|q| − 1 ~ 1e-7)
    assert float(np.linalg.norm(pose.end - palm1)) <= 1e-12 * arm_length + 64 * EPS * float(np.max(np.abs(palm1)))
    assert float(np.max(np.abs(unit_columns(end_w1) - rotation_matrix(grip)))) <= 1e-6


@pytest.mark.parametrize("file, _arm, leg", RIG_CHAINS, ids=[r[0] for r in RIG_CHAINS])
def test_a_foot_plants_its_sole_on_a_tilted_plane(file, _arm, leg):
    bones, (root, knee, ankle, end_w), leg_length = rest_chain(file, leg)
    # 발바닥: 발목 바로 아래 땅 (y = 0) 의 점을 end 로컬로.
    sole_world = np.array([ankle[0], 0.0, ankle[2]])
    tip = (np.linalg.inv(end_w) @ np.append(sole_world, 1.0))[:3]
    # 10° 기운 면: 발의 들어온 월드 회전을 같은 만큼 기울이고, 발바닥을 면 위의 점에 (무릎을 조금 굽히게 높여).
    tilt = np.array([math.sin(math.radians(5)), 0.0, 0.0, math.cos(math.radians(5))])
    foot_rotation = matrix_quaternion(unit_columns(end_w))
    goal = _quaternion_multiply(tilt, foot_rotation)
    spot = sole_world + np.array([0.05, 0.08, 0.1]) * leg_length
    pose = apply_two_bone_ik(*bones, spot, knee + np.array([0, 0, 1.0]) * leg_length,
                             tip=tip, end_rotation=goal, bend_limits=(math.radians(2), math.radians(160)))
    assert pose.reachable is True
    root1, knee1, ankle1, end_w1 = _world(*bones, pose)
    sole1 = (end_w1 @ np.append(tip, 1.0))[:3]
    assert float(np.linalg.norm(sole1 - spot)) <= 1e-6 * leg_length
    assert float(np.max(np.abs(unit_columns(end_w1) - rotation_matrix(goal)))) <= 1e-6
    normal = unit_columns(end_w1) @ np.linalg.inv(unit_columns(end_w)) @ np.array([0.0, 1.0, 0.0])
    assert float(np.dot(normal, rotation_matrix(tilt) @ np.array([0.0, 1.0, 0.0]))) >= 1 - 1e-9  # 발바닥은 면과 나란하다
    assert math.radians(2) - 1e-9 <= bend_at_joint(root1, knee1, ankle1) <= math.radians(160) + 1e-9
