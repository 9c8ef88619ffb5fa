#!/usr/bin/env python3
"""두 뼈 IK 적합성 벡터 (spec/two_bone_ik_vectors.json) 를 만든다.

표준 라이브러리만 쓴다: 입력은 float64 값이고, 기대값은 decimal (유효 숫자 80 자리) 로 계약을 실수 그대로
계산한 뒤 float64 로 한 번 반올림한다. TypeScript·Python 구현 어느 쪽도 부르지 않는다 — 벡터는 구현의 반올림을
베낀 것이 아니라 참값이다.

계약 (src/math/solveTwoBoneIK.ts 의 문서와 같다), a = upper_length, b = lower_length:
- d = |target − root| 를 [|a − b|, a + b] 로 자른다. 잘렸으면 reachable = false.
- f = unit(target − root) (목표가 뿌리와 같으면 +X), p = unit((pole_hint − root) 의 f 에 수직인 성분).
- 극 힌트가 직선 위 (수직 거리 ≤ max(1e-10·(a + b), 64·ε·가장 큰 입력 좌표)) 면 p 는 +X, +Y, +Z 중
  |f·축| 이 가장 작은 축 (같으면 X, Y, Z 순) 을 f 에 직교화한 것.
- x = (a² − b² + d²) / (2d), h = √(a² − x²) ≥ 0 (d = 0 이면 x = 0, h = a).
- joint = root + x·f + h·p, end = target (닿으면) 또는 root + d·f.

실행: `python3 spec/generate.py` (같은 씨앗이면 같은 파일을 만든다).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from decimal import Decimal, localcontext
from pathlib import Path
from typing import Any

import bend_reference

PRECISION_DIGITS = 80
POLE_LINE_TOLERANCE = Decimal("1e-10")
POLE_ROUNDING_ULPS = 64
EPSILON = Decimal(2) ** -52
SEED = 20240521
OUTPUT = Path(__file__).with_name("two_bone_ik_vectors.json")

#: 비교 허용치: |실제 − 기대| ≤ 1e-12·(a + b) + 4·ε·(입력·기대값의 가장 큰 좌표 크기), 성분마다.
TOLERANCE = {"relative_to_chain": 1e-12, "ulps_of_largest_coordinate": 4}

#: 판정이 갈리는 경계 (직선 위 허용 거리, 닿는 범위, 축 고르기) 에 이 비율보다 가까운 무작위 경우는 버린다.
#: 정확히 경계 위 (float64 로 정확히 표현되는 경우) 는 버리지 않는다.
AMBIGUITY_MARGIN = Decimal("1e-12")


class Ambiguous(Exception):
    """기대값이 반올림 잡음에 따라 달라질 수 있는 경우: 벡터에 넣지 않는다."""


def ordered_sum(values) -> float:
    """float 를 왼쪽부터 차례로 더한다. 내장 sum() 은 3.12 부터 보정 합 (Neumaier) 이라 버전마다 반올림이 다르다:
    생성기의 모든 float 합은 이것을 써서 어느 파이썬 (≥ 3.10) 에서나 같은 파일을 만든다."""
    total = 0.0
    for value in values:
        total += value
    return total


def _vec(values):
    return [Decimal(v) for v in values]  # float → Decimal 은 정확하다


def _dot(u, v):
    return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]


def _norm(u):
    return _dot(u, u).sqrt()


def _near(value: Decimal, boundary: Decimal, margin: Decimal = AMBIGUITY_MARGIN) -> bool:
    """value 가 boundary 와 정확히 같지는 않지만 상대적으로 margin 안쪽으로 가까우면 True."""
    if value == boundary:
        return False
    scale = max(abs(value), abs(boundary))
    return abs(value - boundary) <= margin * scale


def exact_solution(
    r, A, B, t, q, *, allow_line_pole: bool, reach_margin: Decimal = AMBIGUITY_MARGIN, allow_far_pole: bool = False,
    bend_limits=None,
):
    """계약을 Decimal 그대로 계산한다: (joint, end, reachable), 점은 Decimal 목록 (정밀도는 부르는 쪽의 문맥).

    r, t, q 는 뿌리·목표·극 힌트, A, B 는 두 뼈 길이 (모두 Decimal). 판정이 반올림에 달리면 Ambiguous.
    spec/bone_reference.py 도 부모 공간의 체인을 이것으로 푼다 (reach_margin 을 넓혀서).
    allow_far_pole: 극이 직선 가까이 멀리 있어도 (수직 거리 ≤ 1e-3·|극 − 뿌리|) 받는다 — 방향이 반올림에 흔들리지 않게
    고른 이름 붙은 경우 (near_line_far_pole) 만.
    """
    max_length, min_length = A + B, abs(A - B)

    forward = [t[i] - r[i] for i in range(3)]
    d = _norm(forward)
    if d == 0:
        f = [Decimal(1), Decimal(0), Decimal(0)]
    else:
        f = [c / d for c in forward]
    if _near(d, max_length, reach_margin) or _near(d, min_length, reach_margin):
        raise Ambiguous("닿는 범위의 경계에 너무 가깝다")
    reachable = min_length <= d <= max_length
    dc = min(max(d, min_length), max_length)
    # 굽힘 제한 (spec/bend_reference.py): 허용 거리 밖이면 제한 끝으로 자르고 관절은 제한 각 그대로.
    limited = bend_reference.clamp(A, B, dc, bend_limits) if bend_limits is not None else None
    if limited is not None:
        dc, reachable = limited[0], False

    to_pole = [q[i] - r[i] for i in range(3)]
    along = _dot(to_pole, f)
    perp_vec = [to_pole[i] - along * f[i] for i in range(3)]
    perp = _norm(perp_vec)
    coord_scale = max(abs(v) for v in r + t + q)
    tolerance = max(POLE_LINE_TOLERANCE * max_length, POLE_ROUNDING_ULPS * EPSILON * coord_scale)
    pole_length = _norm(to_pole)
    if perp > 2 * tolerance and (allow_far_pole or perp > Decimal("1e-3") * pole_length):
        p = [c / perp for c in perp_vec]
    elif perp * 1000 < tolerance or perp < Decimal("1e-60") * (pole_length + 1):
        if not allow_line_pole:
            raise Ambiguous("극 힌트가 직선 위에 있다 (이 경우만 허용하는 이름 붙은 경우가 아님)")
        magnitudes = [abs(c) for c in f]
        # 정확히 같은 크기가 아니면서 아주 가까운 두 성분은 반올림에 따라 다른 축을 고를 수 있다.
        for i in range(3):
            for j in range(i + 1, 3):
                if _near(magnitudes[i], magnitudes[j]):
                    raise Ambiguous("축 고르기가 반올림에 달렸다")
        if magnitudes[0] <= magnitudes[1] and magnitudes[0] <= magnitudes[2]:
            axis = [Decimal(1), Decimal(0), Decimal(0)]
        elif magnitudes[1] <= magnitudes[2]:
            axis = [Decimal(0), Decimal(1), Decimal(0)]
        else:
            axis = [Decimal(0), Decimal(0), Decimal(1)]
        axis_along = _dot(axis, f)
        p_vec = [axis[i] - axis_along * f[i] for i in range(3)]
        p_len = _norm(p_vec)
        p = [c / p_len for c in p_vec]
    else:
        raise Ambiguous("극 힌트가 직선 허용 거리 근처이거나 직선에 너무 가깝다 (방향이 나쁜 조건)")

    if limited is not None:
        x, h = limited[1], limited[2]
    elif dc == 0:
        x, h = Decimal(0), A
    elif dc == max_length or dc == min_length:
        # 완전히 펴졌거나 접혔다 (잘렸거나 정확히 경계 위): 참값은 x = ±a, h = 0 이다. 식으로 구하면
        # 80 자리 반올림 때문에 A² − x² 이 A²·1e-80 규모로 남아 h ≈ A·1e-40 이 된다 (체인 1e300 이면 1e260).
        x, h = (A if dc == max_length or A >= B else -A), Decimal(0)
    else:
        x = ((A - B) * (A + B) / dc + dc) / 2
        h_sq = A * A - x * x
        h = h_sq.sqrt() if h_sq > 0 else Decimal(0)

    joint = [r[i] + x * f[i] + h * p[i] for i in range(3)]
    end = list(t) if reachable else [r[i] + dc * f[i] for i in range(3)]
    return joint, end, bool(reachable)


def reference(root, a, b, target, pole, *, allow_line_pole: bool, allow_far_pole: bool = False, bend_limits=None):
    """계약을 높은 정밀도로 계산해 (joint, end, reachable) 를 float64 로 돌려준다."""
    with localcontext() as ctx:
        ctx.prec = PRECISION_DIGITS
        joint, end, reachable = exact_solution(
            _vec(root), Decimal(a), Decimal(b), _vec(target), _vec(pole), allow_line_pole=allow_line_pole,
            allow_far_pole=allow_far_pole,
            bend_limits=None if bend_limits is None else tuple(Decimal(v) for v in bend_limits),
        )
        return [float(v) for v in joint], [float(v) for v in end], reachable


class Builder:
    def __init__(self) -> None:
        self.cases: list[dict] = []
        self.invalid: list[dict] = []
        self.skipped = 0

    def add(
        self, group: str, name: str, root, a, b, target, pole, *, line_pole: bool = False, far_pole: bool = False,
        bend_limits=None,
    ) -> None:
        """이름 붙은 경우: 경계에 걸리면 생성기의 실수이므로 멈춘다."""
        root, target, pole = ([float(v) for v in p] for p in (root, target, pole))
        a, b = float(a), float(b)
        joint, end, reachable = reference(
            root, a, b, target, pole, allow_line_pole=line_pole, allow_far_pole=far_pole, bend_limits=bend_limits
        )
        self._append(group, name, root, a, b, target, pole, joint, end, reachable)
        if bend_limits is not None:
            self.cases[-1]["input"]["bend_limits"] = {"min": float(bend_limits[0]), "max": float(bend_limits[1])}

    def try_add(self, group: str, name: str, root, a, b, target, pole) -> bool:
        """무작위 경우: 판정이 애매하면 버리고 False."""
        try:
            joint, end, reachable = reference(root, a, b, target, pole, allow_line_pole=False)
        except Ambiguous:
            self.skipped += 1
            return False
        self._append(group, name, root, a, b, target, pole, joint, end, reachable)
        return True

    def _append(self, group, name, root, a, b, target, pole, joint, end, reachable) -> None:
        self.cases.append(
            {
                "id": len(self.cases) + 1,
                "group": group,
                "name": name,
                "input": {
                    "root": list(root),
                    "upper_length": a,
                    "lower_length": b,
                    "target": list(target),
                    "pole_hint": list(pole),
                },
                "expected": {"joint": joint, "end": end, "reachable": reachable},
            }
        )

    def add_invalid(
        self, name: str, python_arg: str, typescript_arg: str, root, a, b, target, pole, *, bend_limits=None
    ) -> None:
        self.invalid.append(
            {
                "id": len(self.invalid) + 1,
                "name": name,
                "input": {
                    "root": [_json_number(v) for v in root],
                    "upper_length": _json_number(a),
                    "lower_length": _json_number(b),
                    "target": [_json_number(v) for v in target],
                    "pole_hint": [_json_number(v) for v in pole],
                },
                "argument": {"python": python_arg, "typescript": typescript_arg},
            }
        )
        if isinstance(bend_limits, dict):
            self.invalid[-1]["input"]["bend_limits"] = {k: _json_number(v) for k, v in bend_limits.items()}
        elif bend_limits is not None:
            self.invalid[-1]["input"]["bend_limits"] = _json_number(bend_limits)


def _json_number(value):
    """JSON 에 없는 NaN·±inf 는 문자열 "NaN", "Infinity", "-Infinity" 로 쓴다.
    수가 아닌 값 (타입 규칙 검사용): bool 은 JSON true/false 그대로, 문자열은 {"string": 값} 으로 쓴다."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        return {"string": value}
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    return value


def _offset(point, offset):
    return [point[i] + offset[i] for i in range(3)]


def named_cases(s: Builder) -> None:
    origin = (0.0, 0.0, 0.0)

    # --- 닿음: 기본 자세들 ---
    s.add("reach", "목표가 닿는 범위 안: 관절은 +Y 극 쪽", origin, 1, 1, (1.5, 0, 0), (0, 1, 0))
    s.add("reach", "극이 −Z 쪽이면 관절도 −Z 쪽", origin, 1, 1, (1.5, 0, 0), (0.3, 0, -2))
    s.add("reach", "길이가 다른 뼈 (a = 2, b = 1)", origin, 2, 1, (0, 2.5, 0), (1, 1, 1))
    s.add("reach", "길이가 다른 뼈 (a = 1, b = 2)", origin, 1, 2, (0, 0, 2.5), (-1, 3, 0))
    s.add("reach", "옮긴 뿌리", (1, -2, 3), 1.25, 0.75, (2.5, -1.5, 3.25), (1, 5, 3))
    s.add("reach", "극이 뿌리 뒤쪽에 있어도 수직 성분만 쓴다", origin, 1, 1, (1, 1, 0), (-5, -4, 0.5))
    s.add("reach", "극이 아주 멀다", origin, 1, 1, (1.2, 0.3, 0), (0, 1e3, 1e3))
    s.add("reach", "극이 뿌리 가까이 (직선 밖)", origin, 1, 1, (1.5, 0, 0), (0, 1e-6, 0))
    s.add("reach", "a ≫ b", origin, 10, 0.1, (9.95, 0, 0.01), (0, 1, 0))
    s.add("reach", "a ≪ b", origin, 0.1, 10, (0, 9.95, 0.01), (1, 0, 0))
    s.add("reach", "거의 다 접힘 (d = 1.001·|a − b|, 축 정렬)", origin, 3, 2, (1.001, 0, 0), (0, 0, 1))

    # --- 너무 멂 / 너무 가까움 ---
    s.add("too_far", "너무 멀면 목표 쪽으로 곧게 편다", origin, 1, 1, (5, 0, 0), (0, 1, 0))
    s.add("too_far", "너무 멀다 (대각선)", (1, 1, 1), 1, 2, (11, 21, -7), (0, 0, 5))
    s.add("too_far", "아주 멀다 (체인의 1e6 배)", origin, 0.5, 0.5, (1e6, 2e6, -3e5), (0, 0, 1))
    s.add("too_close", "너무 가까우면 |a − b| 에서 접는다", origin, 2, 1, (0.5, 0, 0), (0, 1, 0))
    s.add("too_close", "너무 가깝다 (b > a)", (0, 1, 0), 1, 3, (0.2, 1.3, -0.4), (5, 0, 0))

    # --- 정확한 경계: float64 로 정확한 거리 (3-4-5, 2-3-6-7, 1-4-8-9, 4-4-7-9) ---
    exact = [
        ((3, 4, 0), 5), ((2, 3, 6), 7), ((1, 4, 8), 9), ((4, 4, 7), 9), ((0, 0, 2), 2), ((-6, 3, -2), 7),
    ]
    for vector, length in exact:
        for scale in (1.0, 0.5, 2.0**-20, 2.0**20):
            v = [c * scale for c in vector]
            d = length * scale
            s.add("boundary", f"정확히 a + b: 목표 {vector}×{scale!r}", origin, 0.375 * d, 0.625 * d, v, (v[1] + d, -v[0], v[2] + 3 * d))
            s.add("boundary", f"정확히 |a − b|: 목표 {vector}×{scale!r}", origin, 3 * d, 2 * d, v, (v[1] + d, -v[0], v[2] + 3 * d))
    s.add("boundary", "정확히 a + b, 옮긴 뿌리", (1, 2, 3), 3, 4, (3, 5, 9), (0, 0, 0))
    s.add("boundary", "정확히 |a − b|, 옮긴 뿌리", (-1, 2, -3), 8, 1, (-7, 5, -5), (0, 0, 0))
    s.add("boundary", "정확히 a + b, 같은 길이", origin, 0.5, 0.5, (0, 0, -1), (1, 0, 0))

    # --- 경계 바로 안/밖 (상대 1e-9): 축 정렬이라 float64 의 거리가 정확하다 ---
    for axis in range(3):
        for sign in (1.0, -1.0):
            for offset in ((0, 0, 0), (0.5, -3, 8), (1024, -2048, 4096)):
                def point(dist):
                    v = [0.0, 0.0, 0.0]
                    v[axis] = sign * dist
                    return _offset(v, offset)
                pole = _offset([1.0 if axis != 0 else 0.0, 1.0 if axis == 0 else 0.0, 0.5 if axis != 2 else 0.0], offset)
                label = f"축 {'XYZ'[axis]}{'+' if sign > 0 else '−'}, 뿌리 {offset}"
                s.add("near_boundary", f"a + b 보다 1e-9 안쪽 ({label})", offset, 1, 1, point(2 * (1 - 1e-9)), pole)
                s.add("near_boundary", f"a + b 보다 1e-9 바깥 ({label})", offset, 1, 1, point(2 * (1 + 1e-9)), pole)
                s.add("near_boundary", f"|a − b| 보다 1e-9 바깥(닿음) ({label})", offset, 2, 1, point(1 + 1e-9), pole)
                s.add("near_boundary", f"|a − b| 보다 1e-9 안쪽(못 닿음) ({label})", offset, 2, 1, point(1 - 1e-9), pole)

    # --- 극 힌트가 뿌리–목표 직선 위: 정해진 축 (|f·축| 최소, 같으면 X, Y, Z) ---
    directions = [
        ((1, 0, 0), "f = +X → Y"), ((-1, 0, 0), "f = −X → Y"), ((0, 1, 0), "f = +Y → X"),
        ((0, 0, -1), "f = −Z → X"), ((1, 1, 0), "f ∥ (1,1,0) → Z"), ((1, 0, 1), "f ∥ (1,0,1) → Y"),
        ((0, 1, 1), "f ∥ (0,1,1) → X"), ((1, 1, 1), "f ∥ (1,1,1) → X (모두 같음)"),
        ((-1, 1, -1), "f ∥ (−1,1,−1) → X"), ((1, 2, 2), "f ∥ (1,2,2) → X"), ((2, 1, 2), "f ∥ (2,1,2) → Y"),
        ((2, 2, 1), "f ∥ (2,2,1) → Z"), ((-2, -2, -1), "f ∥ (−2,−2,−1) → Z"), ((3, 4, 0), "f ∥ (3,4,0) → Z"),
        ((0, 3, 4), "f ∥ (0,3,4) → X"), ((5, 0, 1), "f ∥ (5,0,1) → Y"),
    ]
    for direction, label in directions:
        v = [float(c) for c in direction]
        target = [c * 0.5 for c in v]
        s.add("collinear_pole", f"극이 목표 너머 직선 위: {label}", origin, 1, 1, target, [c * 3 for c in v], line_pole=True)
        s.add("collinear_pole", f"극이 뿌리 뒤 직선 위: {label}", origin, 1, 1, target, [c * -2 for c in v], line_pole=True)
        s.add("collinear_pole", f"극이 뿌리와 같다: {label}", origin, 1.5, 1, target, origin, line_pole=True)
        s.add("collinear_pole", f"극이 직선 위, 옮긴 뿌리: {label}", (1, 2, 3), 1, 1, _offset(target, (1, 2, 3)), _offset([c * 0.25 for c in v], (1, 2, 3)), line_pole=True)
    s.add("collinear_pole", "극이 직선 위이고 목표가 너무 멀다", origin, 1, 1, (0, 5, 0), (0, 9, 0), line_pole=True)
    s.add("collinear_pole", "극이 허용 거리 (1e-10·체인) 의 1/1000 안쪽", origin, 1, 1, (1.5, 0, 0), (3, 1e-13, 0), line_pole=True)

    # --- 목표가 뿌리와 같다: f = +X ---
    s.add("target_at_root", "같은 길이: 닿고 관절은 극 쪽으로 a", origin, 1, 1, origin, (0, 1, 0))
    s.add("target_at_root", "같은 길이, 극 −Z", (2, 3, 4), 0.5, 0.5, (2, 3, 4), (2, 3, 3))
    s.add("target_at_root", "같은 길이, 극이 +X 직선 위 → Y", origin, 1, 1, origin, (2, 0, 0), line_pole=True)
    s.add("target_at_root", "같은 길이, 극이 뿌리와 같다 → Y", (1, 1, 1), 1, 1, (1, 1, 1), (1, 1, 1), line_pole=True)
    s.add("target_at_root", "a > b: end = root + (a − b)·X, 못 닿음", origin, 2, 1, origin, (0, 1, 0))
    s.add("target_at_root", "a < b: 관절은 −X 쪽, 못 닿음", origin, 1, 2, origin, (0, 0, 1))
    s.add("target_at_root", "a < b, 옮긴 뿌리", (-5, 6, 7), 0.25, 1, (-5, 6, 7), (-5, 6, 9))

    # --- 길이가 0 인 뼈 ---
    s.add("zero_length", "위 뼈 0: 관절은 뿌리, 정확히 b 에서 닿는다", origin, 0, 1.5, (0, 1.5, 0), (1, 0, 0))
    s.add("zero_length", "위 뼈 0: 너무 멀다", origin, 0, 1.5, (3, 4, 0), (0, 0, 1))
    s.add("zero_length", "위 뼈 0: 너무 가깝다", (1, 2, 3), 0, 2, (1.5, 2, 3), (1, 5, 3))
    s.add("zero_length", "위 뼈 0: 목표가 뿌리", origin, 0, 1, origin, (0, 1, 0))
    s.add("zero_length", "아래 뼈 0: 관절 = 끝, 정확히 a 에서 닿는다", origin, 2, 0, (0, 0, 2), (1, 0, 0))
    s.add("zero_length", "아래 뼈 0: 너무 멀다", origin, 2, 0, (6, 8, 0), (0, 0, 1))
    s.add("zero_length", "아래 뼈 0: 너무 가깝다", (-1, -1, -1), 2, 0, (0, -1, -1), (0, 5, 0))
    s.add("zero_length", "아래 뼈 0: 목표가 뿌리 → +X", origin, 1, 0, origin, (0, 1, 0))

    # --- 크기: 아주 작은·큰 체인, 먼 뿌리 ---
    for scale in (1e-6, 1e6):
        s.add("scale", f"체인 크기 {scale!r}: 닿음", origin, scale, scale, (1.5 * scale, 0, 0), (0, scale, 0))
        s.add("scale", f"체인 크기 {scale!r}: 너무 멂", origin, scale, 2 * scale, (5 * scale, 4 * scale, 0), (0, 0, scale))
        s.add("scale", f"체인 크기 {scale!r}: 너무 가까움", origin, 3 * scale, scale, (scale, 0, scale), (0, scale, 0))
        s.add("scale", f"체인 크기 {scale!r}: 직선 위 극", origin, scale, scale, (0, scale, 0), (0, 2 * scale, 0), line_pole=True)
    for offset in ((1e6, 0, 0), (-1e6, 1e6, 1e6), (123456.75, -654321.5, 1e6)):
        s.add("offset", f"먼 뿌리 {offset}: 닿음", offset, 1, 1, _offset((1.5, 0, 0), offset), _offset((0, 1, 0), offset))
        s.add("offset", f"먼 뿌리 {offset}: 너무 멂", offset, 1, 1, _offset((3, 4, 0), offset), _offset((0, 0, 1), offset))
        s.add("offset", f"먼 뿌리 {offset}: 작은 체인 1e-3", offset, 1e-3, 1e-3, _offset((1e-3, 1e-3, 0), offset), _offset((0, 0, 1e-3), offset))
        s.add("offset", f"먼 뿌리 {offset}: 극이 직선 위", offset, 1, 1, _offset((0, 0, 1), offset), _offset((0, 0, 5), offset), line_pole=True)


def random_cases(s: Builder) -> None:
    rng = random.Random(SEED)

    def unit():
        while True:
            v = [rng.uniform(-1, 1) for _ in range(3)]
            n = math.sqrt(ordered_sum(c * c for c in v))
            if 0.1 < n <= 1:
                return [c / n for c in v]

    def chain(group: str, count: int, scale: float, offset_scale: float) -> None:
        made = 0
        while made < count:
            a = rng.uniform(0.1, 2) * scale
            b = rng.uniform(0.1, 2) * scale
            if rng.random() < 0.05:
                b = a  # 같은 길이
            kind = rng.random()
            lo, hi = abs(a - b), a + b
            if kind < 0.6:
                d = rng.uniform(lo + 0.01 * hi, hi * 0.99)
                what = "닿음"
            elif kind < 0.85:
                d = hi * rng.uniform(1.01, 3)
                what = "너무 멂"
            else:
                if lo < 0.05 * hi:
                    continue
                d = lo * rng.uniform(0, 0.99)
                what = "너무 가까움"
            root = [rng.uniform(-1, 1) * offset_scale for _ in range(3)]
            f = unit()
            target = [root[i] + d * f[i] for i in range(3)]
            pole = [root[i] + rng.uniform(0.2, 3) * scale * c for i, c in enumerate(unit())]
            if s.try_add(group, f"무작위 {group} #{made + 1} ({what})", root, a, b, target, pole):
                made += 1

    chain("random", 240, 1.0, 3.0)
    chain("random_tiny", 50, 1e-6, 1e-6)
    chain("random_huge", 50, 1e6, 1e6)
    chain("random_offset", 50, 1.0, 1e6)
    chain("random_offset_tiny", 30, 1e-3, 1e6)


def extreme_cases(s: Builder) -> None:
    """극단적인 크기의 이름 붙은 경우. 기존 경우의 id 가 바뀌지 않도록 무작위 경우 뒤에 덧붙인다.

    - 목표가 뿌리에서 비정규수 (< 2.2e-308) 나 1e-300 거리: 1/d 가 넘치고 d² 가 사라지는 범위.
    - d = 1e-12 × 체인: (a − b)(a + b)/d 가 d 를 잃거나, d + b − a 가 d 를 잃는 범위 (a ≈ b).
    - 체인 길이 1e200, 1e300 (길이² 이 넘침), 1e-200, 1e-300 (길이² 이 사라짐): 닿음·너무 멂·너무 가까움.
    - 크기 1e6 의 체인과 1e6 떨어진 뿌리에서 완전히 접힌 (|a − b| 로 자른) 경우.
    """
    origin = (0.0, 0.0, 0.0)

    # --- 목표가 뿌리에 아주 가깝다: 비정규수·1e-300 거리 ---
    subnormal_targets = [
        ((5e-324, 0.0, 0.0), "가장 작은 비정규수 (+X)"),
        ((0.0, -1e-323, 1e-323), "비정규수 몇 ulp (−Y+Z)"),
        ((3e-320, -4e-320, 1.2e-319), "비정규수 (3, −4, 12)×1e-320"),
        ((-1.5e-310, 2.5e-310, -1e-311), "비정규수 1e-310 규모"),
        ((6e-301, 8e-301, 0.0), "1e-300 거리 (정규수, d² 은 사라짐)"),
        ((-2e-300, 1e-300, 2e-300), "3e-300 거리"),
    ]
    for target, label in subnormal_targets:
        s.add("tiny_distance", f"목표가 뿌리에서 {label}: 같은 길이 (닿음)", origin, 1, 1, target, (0, 0.5, 2))
        s.add("tiny_distance", f"목표가 뿌리에서 {label}: 다른 길이 (접힘)", origin, 2, 1, target, (0.25, -3, 1))
        s.add("tiny_distance", f"목표가 뿌리에서 {label}: 다른 길이 a < b (접힘)", origin, 0.75, 1.25, target, (1, 1, -1))
    tiny_root = (-2e-310, 1e-310, 3e-311)
    s.add("tiny_distance", "비정규수 뿌리에서 비정규수 거리: 같은 길이", tiny_root, 0.5, 0.5, _offset((4e-311, -3e-311, 1e-311), tiny_root), (0, 0, 1))
    s.add("tiny_distance", "비정규수 뿌리에서 비정규수 거리: 다른 길이", tiny_root, 1, 3, _offset((4e-311, -3e-311, 1e-311), tiny_root), (0, 0, 1))
    s.add("tiny_distance", "같은 길이 1e60, 비정규수 거리", origin, 1e60, 1e60, (1e-320, 2e-320, -2e-320), (0, 1e60, 0))
    s.add("tiny_distance", "같은 길이 1e-60, 1e-300 거리", origin, 1e-60, 1e-60, (1e-300, 0, 0), (0, 0, -1e-60))
    # 옮기는 범위 (체인 > 1e100) 에서 d 가 체인보다 2^-1074 배 넘게 작다: 2 의 거듭제곱으로 옮기면 d 가 0 이 된다.
    s.add("tiny_distance", "같은 길이 1e200, 목표가 1e-200 거리", origin, 1e200, 1e200, (0, 1e-200, 0), (1e200, 0, 0))
    s.add("tiny_distance", "같은 길이 1e150, 비정규수 거리", origin, 1e150, 1e150, (5e-324, 1e-323, -1e-323), (0, 0, 1e150))
    s.add("tiny_distance", "같은 길이 1e300, 1e-10 거리", origin, 1e300, 1e300, (6e-11, 0, 8e-11), (0, 1e300, 0))

    # --- d = 1e-12 × 체인 ---
    for scale in (1.0, 1e-6, 1e6, 1e150, 1e-150):
        chain = 2 * scale
        d = 1e-12 * chain
        v = (0.6 * d, -0.8 * d, 0.0)
        s.add("tiny_distance", f"d = 1e-12 × 체인, 같은 길이 {scale!r}", origin, scale, scale, v, (0, 0, scale))
        # a ≈ b, |a − b| = 2^-44·a ≈ 5.7e-14·a < d: 닿는다 (d + b − a 로 빼면 d 를 잃는 경우)
        b = scale * (1 + 2.0**-44)
        s.add("tiny_distance", f"d = 1e-12 × 체인, a ≈ b (|a − b| ≈ 5.7e-14·a) {scale!r}", origin, scale, b, v, (0, 0, -scale))
        s.add("tiny_distance", f"d = 1e-12 × 체인, a ≈ b (b < a) {scale!r}", origin, b, scale, (0.0, 0.0, d), (scale, scale, 0))
    s.add("tiny_distance", "d = 1e-12 × 체인, 옮긴 뿌리", (1, 2, 3), 1, 1, (1 + 1.2e-12, 2 - 1.6e-12, 3), (1, 2, 5))

    # --- 아주 큰·작은 체인 (2 의 거듭제곱으로 옮겨 푸는 범위) ---
    for scale in (1e200, 1e300, 1e-200, 1e-300):
        a, b = 0.6 * scale, 0.4 * scale
        s.add("extreme_scale", f"체인 {scale!r}: 닿음", origin, a, b, (0.42 * scale, 0.56 * scale, 0), (0, 0, scale))
        s.add("extreme_scale", f"체인 {scale!r}: 닿음 (대각선, 극이 멀다)", origin, a, b, (0.2 * scale, -0.3 * scale, 0.6 * scale), (scale, scale, 0))
        s.add("extreme_scale", f"체인 {scale!r}: 너무 멂", origin, a, b, (1.2 * scale, 0.9 * scale, 0), (0, -scale, 0))
        s.add("extreme_scale", f"체인 {scale!r}: 너무 가까움 (접힘)", origin, a, b, (0.1 * scale, 0, 0.05 * scale), (0, scale, 0))
        s.add("extreme_scale", f"체인 {scale!r}: 같은 길이, 거의 펴짐", origin, 0.5 * scale, 0.5 * scale, (0, 0.999 * scale, 0), (scale, 0, 0))
        s.add("extreme_scale", f"체인 {scale!r}: 옮긴 뿌리", (scale, -scale, 0.5 * scale), a, b, (1.5 * scale, -0.5 * scale, 0.5 * scale), (scale, -scale, 2 * scale))
    s.add("extreme_scale", "체인 1e300: 아주 멀다 (1e308)", origin, 6e299, 4e299, (1e308, -5e307, 0), (0, 0, 1e300))
    s.add("extreme_scale", "체인 1e-300: 비정규수 뼈와 정규수 뼈", origin, 1e-300, 1e-310, (5e-301, 0, 5e-301), (0, 1e-300, 0))

    # --- 완전히 접힘 (|a − b| 로 자름): 크기 1e6, 뿌리 1e6 ---
    s.add("folded_scaled", "크기 1e6: a = 3e6, b = 1e6, d = 5e5", origin, 3e6, 1e6, (3e5, -4e5, 0), (0, 0, 1e6))
    s.add("folded_scaled", "크기 1e6: a = 1e6, b = 2.5e6, d = 1e6", origin, 1e6, 2.5e6, (0, 6e5, 8e5), (1e6, 0, 0))
    s.add("folded_scaled", "크기 1e6: a ≈ b (|a − b| = 1), d = 0.25", origin, 1e6, 1e6 - 1, (0.25, 0, 0), (0, 1e6, 0))
    s.add("folded_scaled", "크기 1e6: 목표가 뿌리와 같다", origin, 2e6, 5e5, origin, (0, 0, -1e6))
    s.add("folded_scaled", "크기 1e6, 뿌리 1e6 떨어짐", (1e6, -1e6, 1e6), 3e6, 1e6, (1.5e6, -1e6, 1.25e6), (1e6, 0, 1e6))
    for offset in ((1e6, 0, 0), (-1e6, 1e6, 1e6), (123456.75, -654321.5, 1e6)):
        s.add("folded_scaled", f"뿌리 {offset}: a = 2, b = 1, d = 0.5", offset, 2, 1, _offset((0.3, 0.4, 0), offset), _offset((0, 0, 1), offset))
        s.add("folded_scaled", f"뿌리 {offset}: a = 1, b = 1.75, d = 0.125", offset, 1, 1.75, _offset((0, 0, -0.125), offset), _offset((1, 1, 0), offset))
        s.add("folded_scaled", f"뿌리 {offset}: 작은 체인 a = 3e-3, b = 1e-3", offset, 3e-3, 1e-3, _offset((1e-3, 0, 5e-4), offset), _offset((0, 1e-3, 0), offset))

    # --- 극이 직선 가까이 멀리 (수직 거리 ≪ |극 − 뿌리|): 한 번의 그람–슈미트로는 p 가 f 에 수직이 아니어서 뼈 길이가
    #     바뀌던 조건 (issue 7). f 가 두 축에 같은 크기로 걸쳐 있어 두 성분의 반올림이 같고 방향은 흔들리지 않는다.
    for fa, fb, axis in (((1, 1, 0), "z", 2), ((1, 0, 1), "y", 1), ((0, -1, -1), "x", 0), ((-1, -1, 0), "z", 2)):
        for along in (1e2, 1e4, 1e6):
            for offset in (1e-6, 1e-3, 1.0):
                offset = max(offset, 1e-11 * along)  # 직선 허용 거리 (64ε·좌표 크기 ≈ 1.4e-14·along) 의 수백 배 밖
                pole = [c * along for c in fa]
                pole[axis] = offset
                s.add("near_line_far_pole", f"f ∥ {fa}, 극이 직선을 따라 {along:g}, {fb} 쪽으로 {offset:g}", origin, 1, 1, fa, pole, far_pole=True)
                s.add("near_line_far_pole", f"f ∥ {fa}, 극이 뿌리 뒤 {along:g}, {fb} 쪽으로 −{offset:g}, 다른 길이", origin, 1.25, 0.5, [c * 1.2 for c in fa], [-c for c in pole], far_pole=True)
    # 최소 재현 (극 (1e4, 1e4, 2e-10)) 은 수직 거리가 직선 허용 거리 2e-10 과 같아 벡터로는 애매하다: 테스트가 따로 본다.
    s.add("near_line_far_pole", "최소 재현과 같은 꼴: 극 (1e4, 1e4, 1e-9)", origin, 1, 1, (1, 1, 0), (1e4, 1e4, 1e-9), far_pole=True)


def invalid_cases(s: Builder) -> None:
    nan, inf = math.nan, math.inf
    o = (0.0, 0.0, 0.0)
    t = (1.5, 0.0, 0.0)
    p = (0.0, 1.0, 0.0)
    s.add_invalid("root.x 가 NaN", "root", "root", (nan, 0, 0), 1, 1, t, p)
    s.add_invalid("root.y 가 +inf", "root", "root", (0, inf, 0), 1, 1, t, p)
    s.add_invalid("upper_length 음수", "upper_length", "upperLength", o, -1, 1, t, p)
    s.add_invalid("upper_length NaN", "upper_length", "upperLength", o, nan, 1, t, p)
    s.add_invalid("upper_length +inf", "upper_length", "upperLength", o, inf, 1, t, p)
    s.add_invalid("lower_length 음수 (아주 작은)", "lower_length", "lowerLength", o, 1, -1e-300, t, p)
    s.add_invalid("lower_length −inf", "lower_length", "lowerLength", o, 1, -inf, t, p)
    s.add_invalid("두 길이가 모두 0", "upper_length", "upperLength", o, 0, 0, t, p)
    s.add_invalid("a + b 가 넘친다", "upper_length", "upperLength", o, 1e308, 1e308, t, p)
    s.add_invalid("target.z 가 −inf", "target", "target", o, 1, 1, (0, 0, -inf), p)
    s.add_invalid("target.x 가 NaN", "target", "target", o, 1, 1, (nan, 0, 0), p)
    s.add_invalid("pole_hint.y 가 NaN", "pole_hint", "poleHint", o, 1, 1, t, (0, nan, 0))
    s.add_invalid("pole_hint.x 가 +inf", "pole_hint", "poleHint", o, 1, 1, t, (inf, 0, 0))
    s.add_invalid("target − root 가 넘친다", "target", "target", (-1e308, 0, 0), 1, 1, (1e308, 0, 0), p)
    s.add_invalid("pole_hint − root 가 넘친다", "pole_hint", "poleHint", (0, 1e308, 0), 1, 1, (0, 1e308, 0), (0, -1e308, 0))
    # 한 가지 타입 규칙 (두 언어): 점과 길이는 수여야 한다. bool·문자열은 수가 아니다.
    s.add_invalid("root.x 가 true (bool)", "root", "root", (True, 0, 0), 1, 1, t, p)
    s.add_invalid("target.y 가 false (bool)", "target", "target", o, 1, 1, (1.5, False, 0), p)
    s.add_invalid("pole_hint.z 가 문자열 \"1\"", "pole_hint", "poleHint", o, 1, 1, t, (0, 1, "1"))
    s.add_invalid("upper_length 가 true (bool)", "upper_length", "upperLength", o, True, 1, t, p)
    s.add_invalid("lower_length 가 문자열 \"1\"", "lower_length", "lowerLength", o, 1, "1", t, p)
    # 입력은 유효하지만 관절이 float64 밖 (뿌리가 최댓값): 쓰기 전에 root 를 짚어 거부한다.
    big = 1.7976931348623157e308
    s.add_invalid("결과가 float64 를 넘는다 (root.x = 최댓값)", "root", "root", (big, 0, 0), 1e300, 1e300, (big, 1e300, 0), (big, 0, 0))


def render() -> tuple[str, str]:
    """파일에 쓸 JSON 텍스트와 요약 한 줄. (python/tests/test_spec_is_fresh.py 가 커밋된 파일과 비교한다.)"""
    builder = Builder()
    named_cases(builder)
    named = len(builder.cases)
    random_cases(builder)
    randomised = len(builder.cases) - named
    extreme_cases(builder)  # 무작위 경우 뒤에 덧붙인다: 기존 id 가 그대로 남는다
    bend_reference.limited_cases(builder)  # 굽힘 제한 (issue 16): 역시 뒤에 덧붙인다
    invalid_cases(builder)
    bend_reference.invalid_limit_cases(builder)
    document = {
        "format": "two-bone-ik-conformance",
        "version": 1,
        "generator": "spec/generate.py",
        "precision_digits": PRECISION_DIGITS,
        "seed": SEED,
        "tolerance": TOLERANCE,
        "constants": {"POLE_LINE_TOLERANCE": 1e-10, "POLE_ROUNDING_ULPS": POLE_ROUNDING_ULPS},
        "cases": builder.cases,
        "invalid": builder.invalid,
    }
    text = vectors_text(document)
    summary = (
        f"{OUTPUT.name}: 경우 {len(builder.cases)}개 (이름 붙은 {len(builder.cases) - randomised}, 무작위 {randomised},"
        f" 애매해 버린 무작위 {builder.skipped}), 잘못된 입력 {len(builder.invalid)}개"
    )
    return text, summary


def vectors_text(document: dict[str, Any]) -> str:
    """벡터 파일의 JSON 텍스트 (generate_bones.py 도 같은 꼴로 쓴다)."""
    return json.dumps(document, ensure_ascii=False, indent=1, allow_nan=False) + "\n"


def write_vectors(output: Path, render: Callable[[], tuple[str, str]]) -> None:
    """render() 의 텍스트를 output 에 쓰고 요약을 찍는다 (두 생성기의 main)."""
    text, summary = render()
    output.write_text(text, encoding="utf-8")
    print(summary)


def main() -> None:
    write_vectors(OUTPUT, render)


if __name__ == "__main__":
    main()
