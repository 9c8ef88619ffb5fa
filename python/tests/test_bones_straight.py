"""닿지 않는 목표는 곧은 팔다리 (issue 15 §2): float32 잡음 (사원수의 |q| ≠ 1, 균등하지 않은 scale) 이 있는 체인에서도
관절이 뿌리–끝 선분 위에 있고 끝은 목표 쪽을 가리킨다. 닿는 목표에는 끝이 그대로 정확히 닿는다.
TypeScript 의 test/TwoBoneIK.straight.test.ts 와 같은 체인 모양, 같은 잡음 범위."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from twoboneik import LocalTransform, apply_two_bone_ik
from test_bones import rotation_matrix, world_chain

# 잡음 δ: 1e-9…4e-6 에서 로그 균등, 부호는 따로.
noise = st.floats(min_value=-9, max_value=math.log10(4e-6)).map(lambda e: 10**e)
signed_noise = st.tuples(noise, st.sampled_from((-1.0, 1.0))).map(lambda p: p[0] * p[1])
component = st.floats(min_value=-1, max_value=1)
rotation = st.tuples(component, component, component, component).filter(lambda q: math.hypot(*q) > 0.1)
direction = st.tuples(component, component, component).filter(lambda v: v[0] ** 2 + v[1] ** 2 + v[2] ** 2 > 0.01)
noisy_chain = st.fixed_dictionaries(
    {
        "rotations": st.tuples(rotation, rotation, rotation, rotation),
        "norm_noise": st.tuples(signed_noise, signed_noise, signed_noise),
        "scale_noise": st.lists(signed_noise, min_size=12, max_size=12),
        "direction": direction,
        "size": st.floats(min_value=-3, max_value=3).map(lambda e: 10**e),
        "keep_end": st.booleans(),
    }
)


def with_norm(q, n: float) -> np.ndarray:
    q = np.asarray(q, dtype=float)
    return q * ((1 + n) / np.sqrt(np.sum(q * q)))


def build(c):
    """(부모 행렬, upper, mid, end, 잡음 합): 부모 → upper → mid (0, −0.45, 0) → end (0, −0.42, 0)."""
    s = c["scale_noise"]
    parent = np.eye(4)
    parent[:3, :3] = rotation_matrix(with_norm(c["rotations"][0], 0.0)) @ np.diag(
        [c["size"] * (1 + s[0]), c["size"] * (1 + s[1]), c["size"] * (1 + s[2])]
    )
    upper = LocalTransform((0.0, 0.0, 0.0), with_norm(c["rotations"][1], c["norm_noise"][0]), [1 + x for x in s[3:6]])
    mid = LocalTransform((0.0, -0.45, 0.0), with_norm(c["rotations"][2], c["norm_noise"][1]), [1 + x for x in s[6:9]])
    end = LocalTransform((0.0, -0.42, 0.0), with_norm(c["rotations"][3], c["norm_noise"][2]), [1 + x for x in s[9:12]])
    noise_sum = sum(abs(x) for x in (*c["norm_noise"], *s))
    return parent, upper, mid, end, noise_sum


def aimed(c, distance_in_lengths: float):
    """(부모, upper, mid, end, 잡음 합, 뿌리, 팔다리 길이 L, 목표, 극): 목표는 뿌리에서 c["direction"] 쪽으로 k·L, 극은 옆으로 L."""
    parent, upper, mid, end, noise_sum = build(c)
    root, joint0, end0, _ = world_chain(parent, upper, mid, end)
    length = float(np.linalg.norm(joint0 - root) + np.linalg.norm(end0 - joint0))
    toward = np.asarray(c["direction"]) / np.linalg.norm(c["direction"])
    side = np.cross(toward, (0.3, 0.8, 0.5))
    target = root + toward * distance_in_lengths * length
    return parent, upper, mid, end, noise_sum, root, length, target, root + side / np.linalg.norm(side) * length


def unit_rotations(pose):
    return tuple(q / np.sqrt(np.sum(q * q)) for q in (pose.upper_rotation, pose.mid_rotation, pose.end_rotation))


def distance_to_segment(p, a, b) -> float:
    ab, ap = b - a, p - a
    t = min(1.0, max(0.0, float(np.dot(ap, ab) / np.dot(ab, ab))))
    return float(np.sqrt(np.sum((ap - t * ab) ** 2)))


def angle_between(u, v) -> float:
    return math.atan2(float(np.sqrt(np.sum(np.cross(u, v) ** 2))), float(np.dot(u, v)))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(noisy_chain, st.floats(min_value=math.log10(1.0001), max_value=1).map(lambda e: 10**e))
def test_out_of_reach_targets_leave_a_straight_limb_pointing_at_the_target(c, k):
    parent, upper, mid, end, noise_sum, root, length, target, pole = aimed(c, k)
    pose = apply_two_bone_ik(parent, upper, mid, end, target, pole, keep_end_rotation=c["keep_end"])
    assert pose.reachable is False
    root1, joint1, end1, _ = world_chain(parent, upper, mid, end, unit_rotations(pose))
    # 고치기 전에는 다듬기가 δ 의 길이 차이를 굽힘으로 메워 √(2δL) 만큼 선분에서 벗어났다.
    assert distance_to_segment(joint1, root1, end1) <= 1e-9 * length + 4 * noise_sum * length
    assert angle_between(end1 - root1, target - root1) <= 1e-9 + 4 * noise_sum


@settings(max_examples=300, deadline=None, derandomize=True)
@given(noisy_chain, st.floats(min_value=0.05, max_value=0.999))
def test_targets_in_reach_still_land_exactly_on_noisy_chains(c, reach):
    parent, upper, mid, end, _ = build(c)
    root, joint0, end0, _ = world_chain(parent, upper, mid, end)
    a, b = float(np.linalg.norm(joint0 - root)), float(np.linalg.norm(end0 - joint0))
    toward = np.asarray(c["direction"]) / np.linalg.norm(c["direction"])
    target = root + toward * (abs(a - b) + reach * (a + b - abs(a - b)))
    side = np.cross(toward, (0.3, 0.8, 0.5))
    pole = root + side / np.linalg.norm(side) * (a + b)
    pose = apply_two_bone_ik(parent, upper, mid, end, target, pole, keep_end_rotation=c["keep_end"])
    assert pose.reachable is True
    _, _, end1, _ = world_chain(parent, upper, mid, end, unit_rotations(pose))
    scale = max(float(np.max(np.abs(target))), float(np.max(np.abs(root))), a + b)
    assert float(np.linalg.norm(end1 - target)) <= 1e-12 * (a + b) + 64 * np.finfo(float).eps * scale
