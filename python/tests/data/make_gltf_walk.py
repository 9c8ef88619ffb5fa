"""작은 glTF 걷기 클립 `gltf_walk_skate.glb` 를 만든다 (발 미끄러짐을 알고 넣은 것).

    python python/tests/data/make_gltf_walk.py

표준 라이브러리 (math, struct, json) 만 쓴다 — 같은 코드면 어느 기계에서나 같은 바이트 (np.linalg 의 BLAS 차이가 없다).
test_gltf_footlock.py 가 커밋된 파일과 새로 만든 바이트를 비교한다.

캐릭터 (+Y 위, +Z 를 보고 걷는다, m): Hips → Spine, Hips → {Left,Right}UpperLeg → LowerLeg → Foot → Toes. 쉼 자세의 회전은
모두 단위 회전이고 다리는 곧게 아래로. 30 fps, 주기 1 s 의 걷기 두 번 (61 키), 1 m/s. 발마다 주기의 60 % 는 딛고
(발목 높이 6 cm), 나머지는 8 cm 들어 1 m 앞으로 옮긴다. 발목 자리는 시상면의 두 뼈 IK (코사인 법칙, 무릎은 앞) 로
허벅지·정강이 회전을 구하고, 발은 월드에서 평평하게 둔다.

넣은 미끄러짐: 디딘 동안 발목이 뒤로 SKATE_M (5 cm) 곧게 미끄러진다 — 한 접지에서 프레임마다 약 2.9 mm.
그 밖의 채널: Spine 회전 (STEP), 오른발 회전은 세 프레임마다 한 키 (드문 채널, 다시 쓸 때 채워져야 한다),
발가락 회전 (다리 뼈가 아니라 그대로 남아야 한다). 메시 (뼈마다 삼각형 하나), 스킨, 재질 하나도 넣는다.
"""

from __future__ import annotations

import json
import math
import struct
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUTPUT = HERE / "gltf_walk_skate.glb"

FPS = 30
CYCLES = 2
PERIOD = 1.0
SPEED = 1.0
STANCE = 0.6
HIP_HEIGHT = 0.88
THIGH = 0.42
SHIN = 0.42
ANKLE_HEIGHT = 0.06
LIFT = 0.08
SKATE_M = 0.05
HIP_OFFSET = (0.1, -0.05, 0.0)
TOE_OFFSET = (0.0, -0.05, 0.12)

BONES = [
    # (이름, 부모, 로컬 이동 (쉼 자세))
    ("Hips", None, (0.0, HIP_HEIGHT, 0.0)),
    ("Spine", "Hips", (0.0, 0.12, 0.0)),
    ("LeftUpperLeg", "Hips", HIP_OFFSET),
    ("LeftLowerLeg", "LeftUpperLeg", (0.0, -THIGH, 0.0)),
    ("LeftFoot", "LeftLowerLeg", (0.0, -SHIN, 0.0)),
    ("LeftToes", "LeftFoot", TOE_OFFSET),
    ("RightUpperLeg", "Hips", (-HIP_OFFSET[0], HIP_OFFSET[1], HIP_OFFSET[2])),
    ("RightLowerLeg", "RightUpperLeg", (0.0, -THIGH, 0.0)),
    ("RightFoot", "RightLowerLeg", (0.0, -SHIN, 0.0)),
    ("RightToes", "RightFoot", TOE_OFFSET),
]


def quat_x(angle: float) -> tuple[float, float, float, float]:
    """X 축 둘레 angle (rad) 회전 (x, y, z, w). Rx(θ) 는 (0, −1, 0) 을 (0, −cos θ, −sin θ) 로."""
    return (math.sin(angle / 2), 0.0, 0.0, math.cos(angle / 2))


def smoothstep(x: float) -> float:
    return x * x * (3 - 2 * x)


def ankle(t: float, phase_offset: float, skate: float) -> tuple[float, float]:
    """발목의 월드 (높이 y, 앞 z) — 디딘 자리는 그 딛기의 가운데 시각의 엉덩이 z."""
    p = t / PERIOD - phase_offset
    k = math.floor(p)
    p -= k
    stance_mid = lambda n: (n + phase_offset + STANCE / 2) * PERIOD * SPEED  # noqa: E731
    if p < STANCE:
        s = p / STANCE
        return ANKLE_HEIGHT, stance_mid(k) - skate * (s - 0.5)
    s = (p - STANCE) / (1 - STANCE)
    start = stance_mid(k) - skate * 0.5
    end = stance_mid(k + 1) + skate * 0.5
    return ANKLE_HEIGHT + LIFT * math.sin(math.pi * s), start + (end - start) * smoothstep(s)


def leg_angles(hip_y: float, hip_z: float, ankle_y: float, ankle_z: float) -> tuple[float, float, float]:
    """시상면의 두 뼈 IK: (허벅지, 정강이, 발) 의 X 축 로컬 각. 무릎은 앞 (+Z) 으로, 발은 월드에서 평평하게."""
    dy, dz = ankle_y - hip_y, ankle_z - hip_z
    d = math.sqrt(dy * dy + dz * dz)
    phi = math.atan2(-dz, -dy)
    alpha = math.acos(max(-1.0, min(1.0, (THIGH * THIGH + d * d - SHIN * SHIN) / (2 * THIGH * d))))
    theta1 = phi - alpha
    knee_y, knee_z = hip_y - THIGH * math.cos(theta1), hip_z - THIGH * math.sin(theta1)
    theta2 = math.atan2(-(ankle_z - knee_z), -(ankle_y - knee_y))
    return theta1, theta2 - theta1, -theta2


class Builder:
    def __init__(self) -> None:
        self.blob = bytearray()
        self.views: list[dict[str, int]] = []
        self.accessors: list[dict[str, object]] = []

    def accessor(self, rows: list[tuple[float, ...]], kind: str, fmt: str = "f", component: int = 5126,
                 target: int | None = None, minmax: bool = False) -> int:
        while len(self.blob) % 4:
            self.blob.append(0)
        start = len(self.blob)
        for row in rows:
            self.blob.extend(struct.pack("<" + fmt * len(row), *row))
        view: dict[str, int] = {"buffer": 0, "byteOffset": start, "byteLength": len(self.blob) - start}
        if target is not None:
            view["target"] = target
        self.views.append(view)
        accessor: dict[str, object] = {"bufferView": len(self.views) - 1, "componentType": component,
                                       "count": len(rows), "type": kind}
        if minmax:
            f32 = [[struct.unpack("<f", struct.pack("<f", v))[0] for v in row] for row in rows]
            accessor["min"] = [min(col) for col in zip(*f32)]
            accessor["max"] = [max(col) for col in zip(*f32)]
        self.accessors.append(accessor)
        return len(self.accessors) - 1


def build(skate: float = SKATE_M) -> bytes:
    """GLB 바이트. skate: 디딘 동안 발목이 뒤로 미끄러지는 거리 (m; 테스트가 바꿔 본다)."""
    builder = Builder()
    index = {name: i for i, (name, _, _) in enumerate(BONES)}
    nodes: list[dict[str, object]] = []
    for name, parent, offset in BONES:
        nodes.append({"name": name, "translation": list(offset)})
    for name, parent, _ in BONES:
        if parent is not None:
            nodes[index[parent]].setdefault("children", []).append(index[name])  # type: ignore[union-attr]

    # 메시: 뼈마다 머리에 작은 삼각형 (그 뼈에 가중치 1). 쉼 자세의 월드 위치는 이동의 합 (회전이 없다).
    rest: dict[str, tuple[float, float, float]] = {}
    for name, parent, offset in BONES:
        base = rest[parent] if parent is not None else (0.0, 0.0, 0.0)
        rest[name] = (base[0] + offset[0], base[1] + offset[1], base[2] + offset[2])
    positions, joints, indices = [], [], []
    for j, (name, _, _) in enumerate(BONES):
        x, y, z = rest[name]
        for dx, dz in ((-0.03, 0.0), (0.03, 0.0), (0.0, 0.04)):
            positions.append((x + dx, y, z + dz))
            joints.append((j, 0, 0, 0))
        indices += [(3 * j,), (3 * j + 1,), (3 * j + 2,)]
    attributes = {
        "POSITION": builder.accessor(positions, "VEC3", target=34962, minmax=True),
        "JOINTS_0": builder.accessor(joints, "VEC4", fmt="H", component=5123, target=34962),
        "WEIGHTS_0": builder.accessor([(1.0, 0.0, 0.0, 0.0)] * len(joints), "VEC4", target=34962),
    }
    index_accessor = builder.accessor(indices, "SCALAR", fmt="H", component=5123, target=34963)
    # 쉼 자세의 월드 행렬은 이동뿐이라 역행렬은 −이동 (열 우선 4×4).
    ibm = [(1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -rest[n][0], -rest[n][1], -rest[n][2], 1.0)
           for n, _, _ in BONES]
    ibm_accessor = builder.accessor(ibm, "MAT4")

    # 클립.
    frames = CYCLES * PERIOD * FPS
    times = [k / FPS for k in range(int(frames) + 1)]
    time_accessor = builder.accessor([(t,) for t in times], "SCALAR", minmax=True)
    hips = [(0.0, HIP_HEIGHT, SPEED * t) for t in times]
    rotations: dict[str, list[tuple[float, float, float, float]]] = {}
    for side, offset in (("Left", 0.0), ("Right", 0.5)):
        thigh, shin, foot = [], [], []
        for t, (_, hy, hz) in zip(times, hips):
            ay, az = ankle(t, offset, skate)
            a1, a2, a3 = leg_angles(hy + HIP_OFFSET[1], hz, ay, az)
            thigh.append(quat_x(a1))
            shin.append(quat_x(a2))
            foot.append(quat_x(a3))
        rotations[f"{side}UpperLeg"], rotations[f"{side}LowerLeg"], rotations[f"{side}Foot"] = thigh, shin, foot
    channels, samplers = [], []

    def add(node: str, path: str, values: list[tuple[float, ...]], kind: str, input_accessor: int,
            interpolation: str = "LINEAR") -> None:
        sampler: dict[str, object] = {"input": input_accessor, "output": builder.accessor(values, kind)}
        if interpolation != "LINEAR":
            sampler["interpolation"] = interpolation
        samplers.append(sampler)
        channels.append({"sampler": len(samplers) - 1, "target": {"node": index[node], "path": path}})

    add("Hips", "translation", hips, "VEC3", time_accessor)
    for name in ("LeftUpperLeg", "LeftLowerLeg", "LeftFoot", "RightUpperLeg", "RightLowerLeg"):
        add(name, "rotation", rotations[name], "VEC4", time_accessor)
    sparse_times = builder.accessor([(t,) for t in times[::3]], "SCALAR", minmax=True)
    add("RightFoot", "rotation", rotations["RightFoot"][::3], "VEC4", sparse_times)
    spine_times = builder.accessor([(t,) for t in times[::10]], "SCALAR", minmax=True)
    add("Spine", "rotation", [quat_x(0.05 * math.sin(2 * math.pi * t)) for t in times[::10]], "VEC4", spine_times, "STEP")
    add("LeftToes", "rotation", [quat_x(0.1 * math.sin(2 * math.pi * t)) for t in times], "VEC4", time_accessor)

    mesh_node = len(nodes)
    nodes.append({"name": "Body", "mesh": 0, "skin": 0})
    gltf = {
        "asset": {"version": "2.0", "generator": "twoboneik python/tests/data/make_gltf_walk.py"},
        "scene": 0,
        "scenes": [{"name": "Scene", "nodes": [index["Hips"], mesh_node]}],
        "nodes": nodes,
        "meshes": [{"name": "Body", "primitives": [{"attributes": attributes, "indices": index_accessor, "material": 0}]}],
        "materials": [{"name": "Body", "pbrMetallicRoughness": {"baseColorFactor": [0.8, 0.6, 0.5, 1.0]}}],
        "skins": [{"name": "Skin", "joints": list(range(len(BONES))), "inverseBindMatrices": ibm_accessor,
                   "skeleton": index["Hips"]}],
        "animations": [{"name": "WalkSkate", "channels": channels, "samplers": samplers}],
        "bufferViews": builder.views,
        "accessors": builder.accessors,
        "buffers": [{"byteLength": 0}],
    }
    while len(builder.blob) % 4:
        builder.blob.append(0)
    gltf["buffers"] = [{"byteLength": len(builder.blob)}]
    text = json.dumps(gltf, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 4)
    body = struct.pack("<II", len(text), 0x4E4F534A) + text + struct.pack("<II", len(builder.blob), 0x004E4942) + bytes(builder.blob)
    return struct.pack("<III", 0x46546C67, 2, 12 + len(body)) + body


if __name__ == "__main__":
    OUTPUT.write_bytes(build())
    print(f"{OUTPUT} ({OUTPUT.stat().st_size} 바이트)")
