#!/usr/bin/env python3
"""뼈 수준 두 뼈 IK 적합성 벡터 (spec/two_bone_ik_bone_vectors.json) 를 만든다.

TypeScript `TwoBoneIK.solve` 와 Python `apply_two_bone_ik` 가 함께 지키는 계약을 데이터로 적는다. 입력은 float64
(부모 월드 행렬, 세 뼈의 로컬 위치·회전·스케일, 목표, 극, weight, soft, keep_end_rotation) 이고, 기대값은
spec/bone_reference.py 가 그 입력으로 계약을 유효 숫자 80 자리 decimal 로 계산한 뒤 float64 로 한 번 반올림한 것이다.
어느 구현도 부르지 않는다. 무작위 경우는 random.Random(SEED) 로 만들어 같은 씨앗이면 같은 파일이 나온다.

실행: `python3 spec/generate_bones.py` (표준 라이브러리만).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from decimal import localcontext
from pathlib import Path

import bone_reference as ref
from bone_reference import Ambiguous, parent_space_chain, solve_bones
from generate import PRECISION_DIGITS, vectors_text, write_vectors

SEED = 20251201
OUTPUT = Path(__file__).with_name("two_bone_ik_bone_vectors.json")

#: 비교 허용치 (성분마다), S = parent_world 의 이동 성분·target_world·pole_world·기대 joint·end 의 가장 큰 절댓값,
#: L = 기대값의 chain_length (월드의 a + b):
#: - 회전: |실제 − 기대| ≤ rotation_absolute + rotation_ulps_of_largest_coordinate_per_chain·ε·S/L
#: - 위치: |실제 − 기대| ≤ position_relative_to_chain·L + position_ulps_of_largest_coordinate·ε·S
#: ε·S 항은 부모가 1e5 떨어진 경우를 위한 것이다: P⁻¹·target 을 float64 로 계산하는 것만으로 부모 공간의 목표가
#: ε·1e5 의 몇 배 (≈ 1e-11) 어긋나고, 뼈 길이 1 이면 회전도 그만큼 어긋난다 (조건 문제, 구현 잘못이 아니다).
#: 잰 값 (두 구현): 회전 ≤ 8·ε·S/L, 위치 ≤ 10·ε·S (너무 가까운 목표에서 a/d 로 커진다). 두 배 여유로 16.
TOLERANCE = {
    "rotation_absolute": 1e-12,
    "rotation_ulps_of_largest_coordinate_per_chain": 16,
    "position_relative_to_chain": 1e-12,
    "position_ulps_of_largest_coordinate": 16,
}

IDENTITY_Q = (0.0, 0.0, 0.0, 1.0)


# --- float64 입력 만들기 ---


def random_quaternion(rng: random.Random):
    """균일한 무작위 단위 사원수 (float64 로 정규화: 길이는 1 에서 몇 ulp 안쪽)."""
    while True:
        q = [rng.gauss(0, 1) for _ in range(4)]
        n = math.sqrt(sum(c * c for c in q))
        if n > 0.1:
            return tuple(c / n for c in q)


def random_direction(rng: random.Random):
    while True:
        v = [rng.uniform(-1, 1) for _ in range(3)]
        n = math.sqrt(sum(c * c for c in v))
        if 0.1 < n <= 1:
            return [c / n for c in v]


def compose(translation, q, scale: float):
    """three 의 Matrix4.compose 와 같은 식으로 T·R·S (float64) 를 행 우선 4×4 목록으로."""
    x, y, z, w = q
    x2, y2, z2 = x + x, y + y, z + z
    xx, xy, xz = x * x2, x * y2, x * z2
    yy, yz, zz = y * y2, y * z2, z * z2
    wx, wy, wz = w * x2, w * y2, w * z2
    s = scale
    return [
        [(1 - (yy + zz)) * s, (xy - wz) * s, (xz + wy) * s, float(translation[0])],
        [(xy + wz) * s, (1 - (xx + zz)) * s, (yz - wx) * s, float(translation[1])],
        [(xz - wy) * s, (yz + wx) * s, (1 - (xx + yy)) * s, float(translation[2])],
        [0.0, 0.0, 0.0, 1.0],
    ]


def to_world(matrix, point):
    return [matrix[i][0] * point[0] + matrix[i][1] * point[1] + matrix[i][2] * point[2] + matrix[i][3] for i in range(3)]


#: 부모 변환의 종류: (이름, 이동, 회전이 무작위인가, 균등 스케일).
PARENTS = {
    "identity": ((0.0, 0.0, 0.0), False, 1.0),
    "moved": ((3.0, -2.0, 5.0), False, 1.0),
    "rotated": ((0.0, 0.0, 0.0), True, 1.0),
    "fbx_0.01": ((0.5, 1.0, -0.2), True, 0.01),
    "mirrored": ((-1.0, 0.5, 0.25), True, -1.0),
    "far_offset": ((1e5, -1e5, 5e4), True, 1.0),
    "general": (None, True, None),
}


class Rig:
    """무작위 체인 하나 (float64 입력) 와 그 현재 자세의 부모 공간 점들 (구성용 근사)."""

    def __init__(self, rng: random.Random, parent_kind: str, *, zero: str | None = None):
        translation, rotated, scale = PARENTS[parent_kind]
        if translation is None:
            translation = [rng.uniform(-5, 5) for _ in range(3)]
            scale = rng.choice([0.5, 1.0, 2.0, rng.uniform(0.5, 2.0)])
        q = random_quaternion(rng) if rotated else IDENTITY_Q
        self.parent = compose(translation, q, scale)
        unit = 1 / abs(scale)  # 월드의 체인이 1 규모가 되게 부모 공간 단위를 맞춘다 (×0.01 이면 센티미터)
        scales = [rng.choice([1.0, 1.0, 1.0, 0.01, 100.0, rng.uniform(0.5, 2.0)]) for _ in range(3)]
        self.upper_length = 0.0 if zero == "upper" else rng.uniform(0.3, 2.0) * unit
        self.lower_length = 0.0 if zero == "lower" else rng.uniform(0.3, 2.0) * unit
        upper_t = [rng.uniform(-1, 1) * unit for _ in range(3)]
        mid_t = [c * self.upper_length / scales[0] for c in random_direction(rng)]
        end_t = [c * self.lower_length / (scales[0] * scales[1]) for c in random_direction(rng)]
        self.bones = [
            (upper_t, random_quaternion(rng), [scales[0]] * 3),
            (mid_t, random_quaternion(rng), [scales[1]] * 3),
            (end_t, random_quaternion(rng), [scales[2]] * 3),
        ]
        root, mid, end = (list(map(float, p)) for p in parent_space_chain(self.bones))
        self.root, self.mid, self.end = root, mid, end
        self.unit = unit

    @property
    def chain(self) -> float:
        return self.upper_length + self.lower_length

    def world(self, point_parent):
        return to_world(self.parent, point_parent)

    def target_at(self, distance: float, rng: random.Random):
        f = random_direction(rng)
        return self.world([self.root[i] + distance * f[i] for i in range(3)])

    def random_pole(self, rng: random.Random):
        f = random_direction(rng)
        r = rng.uniform(0.2, 3.0) * self.unit
        return self.world([self.root[i] + r * f[i] for i in range(3)])

    def nearby_target_and_pole(self, rng: random.Random, size: float):
        """현재 끝 근처의 목표와 현재 관절 근처의 극: IK 회전이 작아 slerp 의 선형 가지 (내적 ≥ 0.9995) 를 탄다."""
        jitter = random_direction(rng)
        target = [self.end[i] + size * self.chain * jitter[i] for i in range(3)]
        jitter = random_direction(rng)
        pole = [self.mid[i] + size * self.chain * jitter[i] for i in range(3)]
        return self.world(target), self.world(pole)

    def kind_distance(self, rng: random.Random, kind: str) -> float | None:
        a, b = self.upper_length, self.lower_length
        lo, hi = abs(a - b), a + b
        if kind == "reach":
            return rng.uniform(lo + 0.01 * hi, 0.99 * hi)
        if kind == "too_far":
            return hi * rng.uniform(1.01, 3.0)
        if lo < 0.05 * hi:
            return None  # 너무 가까움을 만들 여유가 없다
        return lo * rng.uniform(0.01, 0.99)


# --- 경우 모으기 ---


class Builder:
    def __init__(self) -> None:
        self.cases: list[dict] = []
        self.skipped = 0
        self.stats: Counter = Counter()

    def add(self, group, name, parent, bones, target, pole, *, weight=1.0, soft=0.0, keep=False, strict=False,
            effector=None):
        """참값을 계산해 덧붙인다. 애매하면 (strict 면 생성기의 실수로 멈추고) 버리고 False.
        effector: 효과점의 선택 키 (end_rotation, end_rotation_weight, tip, bend_limits) — 입력에 그대로 적는다."""
        target, pole = [float(v) for v in target], [float(v) for v in pole]
        effector = {k: v for k, v in (effector or {}).items() if v is not None}
        try:
            result = solve_bones(parent, bones, target, pole, weight, soft, keep, self.stats, **effector)
        except Ambiguous:
            if strict:
                raise
            self.skipped += 1
            return False
        upper_q, mid_q, end_q, joint, end, reachable, chain = result
        self.cases.append(
            {
                "id": len(self.cases) + 1,
                "group": group,
                "name": name,
                "input": {
                    "parent_world": [[float(v) for v in row] for row in parent],
                    "upper": _bone_json(bones[0]),
                    "mid": _bone_json(bones[1]),
                    "end": _bone_json(bones[2]),
                    "target_world": target,
                    "pole_world": pole,
                    "weight": float(weight),
                    "soft": float(soft),
                    "keep_end_rotation": bool(keep),
                    **{k: _floats(v) if isinstance(v, (list, tuple)) else float(v) for k, v in effector.items()},
                },
                "expected": {
                    "upper_rotation": _floats(upper_q),
                    "mid_rotation": _floats(mid_q),
                    "end_rotation": _floats(end_q),
                    "joint": _floats(joint),
                    "end": _floats(end),
                    "reachable": reachable,
                    "chain_length": float(chain),
                },
            }
        )
        return True


def _bone_json(bone):
    t, q, s = bone
    return {"translation": [float(v) for v in t], "rotation": [float(v) for v in q], "scale": [float(v) for v in s]}


def _floats(values):
    return [float(v) for v in values]


def random_group(s: Builder, rng, group: str, count: int, *, parents=("general",), kinds=("reach", "too_far", "too_close"),
                 weight=lambda rng: 1.0, soft=lambda rng: 0.0, keep=lambda rng: False, nearby=lambda rng: False,
                 zero: str | None = None, near_threshold: bool = False) -> None:
    made = 0
    while made < count:
        before = s.stats["near_0.9995"]
        parent_kind = parents[made % len(parents)]
        rig = Rig(rng, parent_kind, zero=zero)
        w, k, keep_end = weight(rng), soft(rng), keep(rng)
        if nearby(rng):
            target, pole = rig.nearby_target_and_pole(rng, rng.uniform(0.001, 0.03 if near_threshold else 0.01))
            what = "작은 움직임"
        else:
            kind = kinds[made % len(kinds)]
            if k > 0:
                d = rig.chain * rng.uniform(1 - 1.5 * k, 1.5)
            else:
                d = rig.kind_distance(rng, kind)
                if d is None:
                    continue
            target, pole = rig.target_at(d, rng), rig.random_pole(rng)
            what = kind
        label = f"무작위 {group} #{made + 1} (부모 {parent_kind}, {what}, w={w:.3g}, soft={k:.3g}, keep={keep_end})"
        if not s.add(group, label, rig.parent, rig.bones, target, pole, weight=w, soft=k, keep=keep_end):
            continue
        if near_threshold and s.stats["near_0.9995"] == before:
            s.cases.pop()  # slerp 의 내적이 0.9995 근처가 아니다: 이 묶음에는 넣지 않는다
            continue
        made += 1


def exact_cases(s: Builder) -> None:
    """float64 로 정확한 경계 (완전히 펴짐, 길이 0 인 뼈가 정확히 닿음). 회전은 정확한 180°·항등."""
    identity = compose((0, 0, 0), IDENTITY_Q, 1.0)
    moved = compose((1, 2, 3), IDENTITY_Q, 1.0)
    flip_z = (0.0, 0.0, 1.0, 0.0)  # Z 축으로 180°
    one = [1.0] * 3
    bones = [([0.0, 0.0, 0.0], flip_z, one), ([0.0, 1.0, 0.0], IDENTITY_Q, one), ([0.0, 1.0, 0.0], IDENTITY_Q, one)]
    s.add("exact_boundary", "정확히 a + b 에서 닿음 (완전히 펴짐)", identity, bones, (2, 0, 0), (1, 0, 1), strict=True)
    s.add("exact_boundary", "정확히 a + b, 옮긴 부모, keep_end_rotation", moved, bones, (1, 2, 5), (2, 3, 4), keep=True, strict=True)
    folded = [([0.0, 0.0, 0.0], IDENTITY_Q, one), ([0.0, 3.0, 0.0], flip_z, one), ([0.0, 1.0, 0.0], IDENTITY_Q, one)]
    s.add("exact_boundary", "정확히 |a − b| 에서 닿음 (완전히 접힘)", identity, folded, (0, 0, 2), (1, 1, 1), strict=True)
    zero_upper = [([0.5, 0.0, 0.0], flip_z, one), ([0.0, 0.0, 0.0], IDENTITY_Q, one), ([0.0, 0.0, 1.5], IDENTITY_Q, one)]
    s.add("zero_length", "위 뼈 0: 정확히 b 거리의 목표에 닿음", identity, zero_upper, (0.5, 1.5, 0), (1, 0, 1), strict=True)
    zero_lower = [([0.0, 0.0, 0.0], IDENTITY_Q, one), ([0.0, 2.0, 0.0], flip_z, one), ([0.0, 0.0, 0.0], IDENTITY_Q, one)]
    s.add("zero_length", "아래 뼈 0: 정확히 a 거리의 목표에 닿음", moved, zero_lower, (1, 2, 5), (2, 2, 3), keep=True, strict=True)


# --- 효과점: tip, end_rotation, bend_limits (issue 16, spec/END_EFFECTOR.md) ---

#: 굽힘 제한의 묶음: 두 끝 모두 걸림, 한 끝만 (min = 0, max = π), min = max.
LIMIT_SETS = [(0.035, math.radians(150)), (0.3, 2.6), (0.0, 2.0), (0.5, math.pi), (1.1, 1.1)]


def _triangle(rig: Rig, mode: str, tip, goal):
    """(삼각형의 아래 변 b, 부모 공간에서 뿌리–효과점 거리 d 의 목표를 만들 때 더할 이동) — 구성용 근사 (float).
    mode: follow (삼각형 root – mid – tip_0), keep (겨누는 점 = target − o_in), goal (target − R_Q R_in⁻¹ o_in)."""
    with localcontext() as ctx:
        ctx.prec = 40
        (tu, qu, su), (tm, qm, sm), (te, qe, se) = [(ref.dec(t), ref.dec(q), ref.dec(sc)) for t, q, sc in rig.bones]
        t = ref.dec(tip if tip is not None else (0.0, 0.0, 0.0))
        inner = [tm[i] + ref.q_rotate(qm, [sm[j] * (te[j] + ref.q_rotate(qe, [se[k] * t[k] for k in range(3)])[j])
                                           for j in range(3)])[i] for i in range(3)]
        tip0 = [tu[i] + ref.q_rotate(qu, [su[j] * inner[j] for j in range(3)])[i] for i in range(3)]
        root, mid, end = ref.parent_space_chain(rig.bones)
        o_in = [tip0[i] - end[i] for i in range(3)]
        if mode == "follow":
            return float(ref._norm([tip0[i] - mid[i] for i in range(3)])), [0.0] * 3
        b = float(ref._norm([end[i] - mid[i] for i in range(3)]))
        if mode == "keep":
            return b, [float(v) for v in o_in]
        r_p = ref.q_normalize(ref.decompose_rotation([ref.dec(row) for row in rig.parent]))
        r_q = ref.q_mul(ref.q_conj(r_p), ref.q_normalize(ref.dec(goal)))
        r_in = ref.q_mul(ref.q_mul(ref.q_normalize(qu), ref.q_normalize(qm)), ref.q_normalize(qe))
        return b, [float(v) for v in ref.q_rotate(ref.q_mul(r_q, ref.q_conj(r_in)), o_in)]


def _effector_target(rig: Rig, rng, distance: float, shift):
    f = random_direction(rng)
    return rig.world([rig.root[i] + distance * f[i] + shift[i] for i in range(3)])


def _random_tip(rig: Rig, rng, relative: float):
    """end 로컬의 tip: 월드 크기가 체인의 relative 배가 되게 세 뼈의 스케일로 나눈다. 가끔 end 의 scale 을 균등하지 않게."""
    if rng.random() < 0.3:
        t, q, sc = rig.bones[2]
        rig.bones[2] = (t, q, [sc[0], sc[0] * rng.uniform(0.5, 2.0), sc[0] * rng.uniform(0.5, 2.0)])
    size = relative * rig.chain / (rig.bones[0][2][0] * rig.bones[1][2][0] * rig.bones[2][2][0])
    return [c * size for c in random_direction(rng)]


def _kind_distance(rng, a: float, b: float, kind: str) -> float | None:
    lo, hi = abs(a - b), a + b
    if kind == "reach":
        return rng.uniform(lo + 0.01 * hi, 0.99 * hi)
    if kind == "too_far":
        return hi * rng.uniform(1.01, 2.0)
    return None if lo < 0.05 * hi else lo * rng.uniform(0.05, 0.95)


def effector_group(s: Builder, rng, group: str, count: int, *, mode: str, tip_chance: float = 1.0,
                   goal_weight=lambda r: 1.0, weight=lambda r: 1.0, soft=lambda r: 0.0) -> None:
    """무작위 효과점 경우: 부모 종류·닿음 종류를 돌아가며, tip 의 크기는 체인의 1e-3 ~ 1 배 (로그 균등)."""
    parents, kinds = tuple(PARENTS), ("reach", "reach", "too_far", "too_close")
    made = attempt = 0
    while made < count:
        attempt += 1
        parent_kind, kind = parents[attempt % len(parents)], kinds[attempt % len(kinds)]
        rig = Rig(rng, parent_kind)
        tip = _random_tip(rig, rng, 10 ** rng.uniform(-3, 0)) if rng.random() < tip_chance else None
        goal = random_quaternion(rng) if mode in ("goal", "partial") else None
        w_e = goal_weight(rng)
        b, shift = _triangle(rig, "goal" if mode == "goal" else "follow" if mode == "partial" else mode, tip, goal)
        d = _kind_distance(rng, rig.upper_length, b, kind)
        if d is None:
            continue
        w, k = weight(rng), soft(rng)
        label = (f"무작위 {group} #{made + 1} (부모 {parent_kind}, {kind}, tip {'있음' if tip else '없음'},"
                 f" w={w:.3g}, w_e={w_e:.3g}, soft={k:.3g})")
        effector = {"tip": tip, "end_rotation": goal, "end_rotation_weight": w_e if goal else None}
        if s.add(group, label, rig.parent, rig.bones, _effector_target(rig, rng, d, shift), rig.random_pole(rng),
                 weight=w, soft=k, keep=mode == "keep", effector=effector):
            made += 1


def bend_limit_cases(s: Builder, rng) -> None:
    """굽힘 제한: 풀리는 삼각형의 두 끝 d(min), d(max) 의 상대 ±1e-9, ±1e-2 (걸리는 끝만), 네 가지 모드 (따라감 tip 없음·
    있음, 유지 + tip, 끝 회전 + tip), 부모 종류를 돌아가며. 1e5 떨어진 부모는 빼다: 거의 곧은 제한 (min = 0.035) 근처에서는
    P⁻¹·target 의 반올림 (ε·1e5) 이 관절 각에서 1/sin β 배로 커져 허용치의 ε·S 항을 넘는다 (조건 문제)."""
    modes = ("follow", "follow_tip", "keep", "goal")
    parents = tuple(kind for kind in PARENTS if kind != "far_offset")
    count = 0
    for mode in modes:
        for limits in LIMIT_SETS:
            low, high = limits
            rig = Rig(rng, parents[count % len(parents)])
            count += 1
            tip = _random_tip(rig, rng, 10 ** rng.uniform(-2, -0.3)) if mode != "follow" else None
            goal = random_quaternion(rng) if mode == "goal" else None
            b, shift = _triangle(rig, "follow" if mode.startswith("follow") else mode, tip, goal)
            a = rig.upper_length
            effector = {"tip": tip, "end_rotation": goal, "bend_limits": [low, high]}
            for which, bend, active in (("min", low, low > 0), ("max", high, high < math.pi)):
                edge = math.sqrt((a - b) ** 2 + 4 * a * b * math.cos(bend / 2) ** 2)
                for relative in ((-1e-2, -1e-9, 1e-9, 1e-2) if active else (1e-2,) if which == "min" else (-1e-2,)):
                    d = edge * (1 + relative)
                    s.add("bend_limits", f"{mode}, 제한 [{low:g}, {high:g}], d = d({which})·(1 {relative:+g})",
                          rig.parent, rig.bones, _effector_target(rig, rng, d, shift), rig.random_pole(rng),
                          keep=mode == "keep", effector=effector)


# --- 잘못된 입력 (두 언어가 같은 목록을 거부한다) ---

#: JSON 에 넣을 수 없는 float (NaN, ±inf) 은 {"$number": "NaN"} 처럼 적는다. 두 테스트가 같은 규칙으로 읽는다.
NAN = {"$number": "NaN"}
INF = {"$number": "Infinity"}
NEG_INF = {"$number": "-Infinity"}


def _good_input() -> dict:
    """거부되지 않는 평범한 입력 하나 (닿는 목표, 회전된 휴지 자세). 잘못된 경우는 이것에서 한 곳만 바꾼다."""
    q = (0.0, 0.0, math.sin(0.3), math.cos(0.3))
    return {
        "parent_world": compose((0.5, 1.0, -0.25), IDENTITY_Q, 2.0),
        "upper": {"translation": [0.0, 0.5, 0.0], "rotation": list(q), "scale": [1.0, 1.0, 1.0]},
        "mid": {"translation": [0.0, 1.0, 0.0], "rotation": list(q), "scale": [1.0, 1.0, 1.0]},
        "end": {"translation": [0.0, 1.0, 0.0], "rotation": [0.0, 0.0, 0.0, 1.0], "scale": [1.0, 1.0, 1.0]},
        "target_world": [1.5, 3.0, 0.5],
        "pole_world": [0.5, 3.0, 4.0],
        "weight": 1.0,
        "soft": 0.0,
        "keep_end_rotation": False,
    }


def _matrix(rows):
    return [[float(v) if not isinstance(v, dict) else v for v in row] for row in rows]


def invalid_cases() -> list[dict]:
    """(이름, 바꿀 곳, 오류에 나와야 할 인자 이름 — TypeScript, Python). 오류 형: TS RangeError, Python ValueError."""
    sheared = compose((0.0, 0.0, 0.0), IDENTITY_Q, 1.0)
    sheared[0][1] = 0.01  # 두 축이 직교하지 않는다 (열 길이는 1e-4 만 다르다)
    sheared[0][0] = math.sqrt(1 - 0.01**2)
    zero = compose((0.5, 1.0, -0.25), IDENTITY_Q, 0.0)
    nan_translation = compose((0.5, 1.0, -0.25), IDENTITY_Q, 2.0)
    nan_translation[1][3] = NAN
    perspective = compose((0.5, 1.0, -0.25), IDENTITY_Q, 2.0)
    perspective[3] = [0.0, 0.0, 0.5, 1.0]
    non_uniform = compose((0.5, 1.0, -0.25), IDENTITY_Q, 2.0)
    non_uniform[1][1] = 3.4
    q = _good_input()["upper"]["rotation"]
    long_q = [c * 1.01 for c in q]
    rows = [
        ("목표의 y 가 NaN", ("target_world", [1.5, NAN, 0.5]), "targetWorld.y", "target_world"),
        ("극의 z 가 −∞", ("pole_world", [0.5, 3.0, NEG_INF]), "poleWorld.z", "pole_world"),
        ("목표가 점이 아닌 문자열", ("target_world", "abc"), "targetWorld", "target_world"),
        ("weight 1.5", ("weight", 1.5), "options.weight", "weight"),
        ("weight NaN", ("weight", NAN), "options.weight", "weight"),
        ("weight 가 문자열 \"0.5\"", ("weight", "0.5"), "options.weight", "weight"),
        ("weight 가 bool true", ("weight", True), "options.weight", "weight"),
        ("soft −0.1", ("soft", -0.1), "options.soft", "soft"),
        ("soft +∞", ("soft", INF), "options.soft", "soft"),
        ("keep_end_rotation 이 문자열 \"no\"", ("keep_end_rotation", "no"), "options.keepEndRotation", "keep_end_rotation"),
        ("keep_end_rotation 이 수 1", ("keep_end_rotation", 1), "options.keepEndRotation", "keep_end_rotation"),
        ("upper 회전이 0 사원수", ("upper.rotation", [0.0, 0.0, 0.0, 0.0]), 'upper("upper").quaternion', "upper_local.rotation"),
        ("mid 회전에 NaN", ("mid.rotation", [NAN, 0.0, 0.0, 1.0]), 'mid("mid").quaternion', "mid_local.rotation"),
        ("mid 회전의 길이 1.01", ("mid.rotation", long_q), 'mid("mid").quaternion', "mid_local.rotation"),
        ("end 회전에 NaN (keep_end_rotation)", ("end.rotation", [0.0, 0.0, 0.0, NAN]), 'end("end").quaternion', "end_local.rotation"),
        ("upper 위치에 NaN", ("upper.translation", [0.0, NAN, 0.0]), 'upper("upper").position', "upper_local.translation"),
        ("end 위치에 +∞", ("end.translation", [INF, 1.0, 0.0]), 'end("end").position', "end_local.translation"),
        ("mid 스케일에 NaN", ("mid.scale", [1.0, 1.0, NAN]), 'mid("mid").scale', "mid_local.scale"),
        ("upper 스케일이 균등하지 않음 (1, 1.2, 1)", ("upper.scale", [1.0, 1.2, 1.0]), 'upper("upper").scale', "upper_local.scale"),
        ("mid 스케일이 균등하지 않음 (2, 2, 2.001)", ("mid.scale", [2.0, 2.0, 2.001]), 'mid("mid").scale', "mid_local.scale"),
        ("upper 의 한 축 거울 (−1, 1, 1)", ("upper.scale", [-1.0, 1.0, 1.0]), 'upper("upper").scale', "upper_local.scale"),
        ("부모 행렬의 스케일이 균등하지 않음 (2, 3.4, 2)", ("parent_world", non_uniform), '부모("parent")', "parent_world"),
        ("부모 행렬에 기울임", ("parent_world", sheared), '부모("parent")', "parent_world"),
        ("부모 행렬의 스케일 0", ("parent_world", zero), '부모("parent")', "parent_world"),
        ("부모 행렬의 이동에 NaN", ("parent_world", nan_translation), '"parent".matrix', "parent_world"),
        ("부모 행렬의 마지막 행이 (0, 0, 0.5, 1)", ("parent_world", perspective), '부모("parent")', "parent_world"),
        (
            "두 뼈의 길이가 모두 0",
            ("mid.translation+end.translation", [0.0, 0.0, 0.0]),
            "upperLength와 lowerLength",
            "두 뼈의 길이를 모두 0",
        ),
        # 효과점 (issue 16): 새 인자마다.
        ("end_rotation 에 NaN", ("end_rotation", [0.0, NAN, 0.0, 1.0]), "endRotation", "end_rotation"),
        ("end_rotation 의 w 가 +∞", ("end_rotation", [0.0, 0.0, 0.0, INF]), "endRotation", "end_rotation"),
        ("end_rotation 이 0 사원수", ("end_rotation", [0.0, 0.0, 0.0, 0.0]), "endRotation", "end_rotation"),
        ("end_rotation 의 길이 1.01", ("end_rotation", long_q), "endRotation", "end_rotation"),
        ("end_rotation 이 사원수가 아닌 문자열", ("end_rotation", "abc"), "endRotation", "end_rotation"),
        ("end_rotation_weight 1.5", ("end_rotation_weight", 1.5), "endRotationWeight", "end_rotation_weight"),
        ("end_rotation_weight −0.25", ("end_rotation_weight", -0.25), "endRotationWeight", "end_rotation_weight"),
        ("end_rotation_weight NaN", ("end_rotation_weight", NAN), "endRotationWeight", "end_rotation_weight"),
        ("end_rotation_weight 가 bool true", ("end_rotation_weight", True), "endRotationWeight", "end_rotation_weight"),
        ("end_rotation_weight 가 문자열 \"1\"", ("end_rotation_weight", "1"), "endRotationWeight", "end_rotation_weight"),
        ("tip 의 y 가 NaN", ("tip", [0.0, NAN, 0.0]), "tip", "tip"),
        ("tip 의 x 가 −∞", ("tip", [NEG_INF, 0.0, 0.0]), "tip", "tip"),
        ("tip 이 점이 아닌 문자열", ("tip", "abc"), "tip", "tip"),
        ("bend_limits.min 이 NaN", ("bend_limits", [NAN, 1.0]), "bendLimits.min", "bend_limits.min"),
        ("bend_limits.max 가 π 보다 크다", ("bend_limits", [0.0, 3.2]), "bendLimits.max", "bend_limits.max"),
        ("bend_limits.min 이 음수", ("bend_limits", [-1e-12, 1.0]), "bendLimits.min", "bend_limits.min"),
        ("bend_limits.min > max", ("bend_limits", [2.0, 1.0]), "bendLimits.min", "bend_limits.min"),
        ("bend_limits.min 이 bool true", ("bend_limits", [True, 1.0]), "bendLimits.min", "bend_limits.min"),
        ("bend_limits 가 수 (쌍이 아님)", ("bend_limits", 3.0), "bendLimits", "bend_limits"),
        (
            "keep_end_rotation 과 end_rotation 을 함께",
            ("end_rotation+keep_end_rotation", None),
            "keepEndRotation",
            "keep_end_rotation",
        ),
    ]
    cases = []
    for number, (name, (where, value), ts_name, py_name) in enumerate(rows, start=1):
        data = _good_input()
        if "end 회전" in name:
            data["keep_end_rotation"] = True
        for place in where.split("+"):
            if value is None:  # keep_end_rotation 과 end_rotation 을 함께: 각각은 올바른 값
                data[place] = True if place == "keep_end_rotation" else list(q)
            elif "." in place:
                bone, field = place.split(".")
                data[bone][field] = value
            else:
                data[place] = value
        data["parent_world"] = _matrix(data["parent_world"])
        case = {"id": number, "name": name, "input": data, "error": {"typescript": ts_name, "python": py_name}}
        if value is None:
            # 메시지에 두 이름이 모두 있어야 한다 (error 의 하나에 더해).
            case["error_all"] = {"typescript": ["keepEndRotation", "endRotation"], "python": ["keep_end_rotation", "end_rotation"]}
        cases.append(case)
    return cases


def build() -> Builder:
    s = Builder()
    rng = random.Random(SEED)
    all_parents = tuple(PARENTS)
    random_group(s, rng, "reach", 30, parents=all_parents, kinds=("reach",))
    random_group(s, rng, "too_far", 20, parents=all_parents, kinds=("too_far",))
    random_group(s, rng, "too_close", 20, parents=all_parents, kinds=("too_close",))
    random_group(s, rng, "soft", 30, parents=all_parents, soft=lambda r: r.choice([0.05, 0.1, 0.25, 0.5, 1.0, r.uniform(0.01, 0.6)]))
    random_group(s, rng, "weight", 40, parents=all_parents, weight=lambda r: r.choice([0.0, 0.25, 0.5, 0.75, r.random(), r.random()]),
                 nearby=lambda r: r.random() < 0.4)
    random_group(s, rng, "keep_end_rotation", 30, parents=all_parents, keep=lambda r: True,
                 weight=lambda r: r.choice([1.0, 1.0, r.random(), 0.5]), nearby=lambda r: r.random() < 0.2,
                 soft=lambda r: r.choice([0.0, 0.0, 0.0, 0.2]))
    for kind in ("identity", "moved", "rotated", "fbx_0.01", "mirrored", "far_offset"):
        random_group(s, rng, f"parent_{kind}", 10, parents=(kind,), keep=lambda r: r.random() < 0.3,
                     weight=lambda r: r.choice([1.0, 1.0, 1.0, r.random()]))
    random_group(s, rng, "zero_length", 6, zero="upper", kinds=("too_far", "too_close"))
    random_group(s, rng, "zero_length", 6, zero="lower", kinds=("too_far", "too_close"), keep=lambda r: r.random() < 0.5)
    exact_cases(s)
    # slerp 의 선형 가지 경계 (내적 0.9995) 양쪽 [0.999, 0.9999]: 두 가지의 답이 1e-7 규모로 달라 경계를 잡는다.
    random_group(s, rng, "weight_near_linear_branch", 16, parents=all_parents, weight=lambda r: r.uniform(0.1, 0.9),
                 nearby=lambda r: True, keep=lambda r: r.random() < 0.5, near_threshold=True)
    # 효과점 (issue 16): 기존 경우 뒤에 덧붙여 id 를 바꾸지 않는다.
    effector_group(s, rng, "tip_follow", 24, mode="follow", weight=lambda r: r.choice([1.0, 1.0, 1.0, r.random()]),
                   soft=lambda r: r.choice([0.0, 0.0, 0.0, 0.2]))
    effector_group(s, rng, "tip_keep", 16, mode="keep", weight=lambda r: r.choice([1.0, 1.0, r.random()]))
    effector_group(s, rng, "end_rotation", 24, mode="goal", tip_chance=0.6,
                   weight=lambda r: r.choice([1.0, 1.0, 1.0, r.random()]), soft=lambda r: r.choice([0.0, 0.0, 0.0, 0.2]))
    effector_group(s, rng, "end_rotation_weight", 24, mode="partial", tip_chance=0.6,
                   goal_weight=lambda r: r.choice([0.0, 0.25, 0.5, 0.8, r.random()]),
                   weight=lambda r: r.choice([1.0, 1.0, r.random()]))
    bend_limit_cases(s, rng)
    return s


def render() -> tuple[str, str]:
    """파일에 쓸 JSON 텍스트와 요약. (python/tests/test_spec_is_fresh.py 가 커밋된 파일과 비교한다.)"""
    s = build()
    document = {
        "format": "two-bone-ik-bone-conformance",
        "version": 1,
        "generator": "spec/generate_bones.py",
        "precision_digits": PRECISION_DIGITS,
        "seed": SEED,
        "tolerance": TOLERANCE,
        "cases": s.cases,
        # 잘못된 입력: 둘 다 계산 전에 거부한다 (TS RangeError, Python ValueError). error 는 메시지에 나와야 할 인자 이름.
        "invalid_error_types": {"typescript": "RangeError", "python": "ValueError"},
        "invalid_base": {**_good_input(), "parent_world": _matrix(_good_input()["parent_world"])},
        "invalid": invalid_cases(),
    }
    text = vectors_text(document)
    groups = Counter(c["group"] for c in s.cases)
    summary = "\n".join([
        f"{OUTPUT.name}: 경우 {len(s.cases)}개, 애매해 버린 무작위 {s.skipped}개, 잘못된 입력 {len(document['invalid'])}개",
        "  묶음: " + ", ".join(f"{g} {n}" for g, n in groups.items()),
        "  참값 계산 횟수 (버린 경우 포함): " + ", ".join(f"{k} {v}" for k, v in sorted(s.stats.items())),
    ])
    return text, summary


def main() -> None:
    write_vectors(OUTPUT, render)


if __name__ == "__main__":
    main()
