"""단일 체인의 풀이: 배치 기계 없이 파이썬 float 와 math.sqrt 로 (TypeScript 와 같은 연산 순서 → 같은 비트).

공개 입구는 solve.py 의 solve_two_bone_ik 다. 여기의 _solve_scalar 는 (joint, end, reachable) 튜플을 돌려주고
solve.py 가 TwoBoneIKResult 로 감싼다.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from . import _checks
from ._bend_limits import bend_triangle
from ._constants import (
    EPS64,
    POLE_DOWNSCALE,
    POLE_DOWNSCALE_LIMIT,
    POLE_LINE_TOLERANCE,
    POLE_ROUNDING_ULPS,
    POLE_UPSCALE,
    REORTHOGONALIZE_RATIO_SQ,
)

Point = tuple[float, float, float]

_SCALAR_TYPES = (float, int)


def _point3(value: Any) -> tuple[float, float, float] | None:
    """value 가 (3,) 점이면 파이썬 float 세 개, 아니면 None (배치 경로가 처리하고 검사한다)."""
    kind = type(value)
    if kind is np.ndarray:
        if value.shape != (3,) or value.dtype.kind not in "iuf":
            return None
        x, y, z = value.tolist()
        return float(x), float(y), float(z)
    if (kind is tuple or kind is list) and len(value) == 3:
        x, y, z = value
        if type(x) in _SCALAR_TYPES and type(y) in _SCALAR_TYPES and type(z) in _SCALAR_TYPES:
            try:
                return float(x), float(y), float(z)
            except OverflowError:
                return None
    return None


def _length(value: Any) -> float | None:
    kind = type(value)
    if kind is float or kind is np.float64:
        return float(value)
    if kind is int or kind is np.float32 or kind is np.int64:
        try:
            return float(value)
        except OverflowError:
            return None
    return None


def scalar_inputs(
    root: Any, upper: Any, lower: Any, target: Any, pole: Any
) -> tuple[Point, float, float, Point, Point] | None:
    a = _length(upper)
    if a is None:
        return None
    b = _length(lower)
    if b is None:
        return None
    r = _point3(root)
    if r is None:
        return None
    t = _point3(target)
    if t is None:
        return None
    p = _point3(pole)
    if p is None:
        return None
    return r, a, b, t, p


def _check_scalar_point(name: str, point: tuple[float, float, float]) -> None:
    for k, value in enumerate(point):
        if not math.isfinite(value):
            raise ValueError(
                f"{name}의 {_checks.component_name(k)} 성분은 유한한 수여야 합니다 (받은 값: {value!r})"
            )


def _check_scalar_lengths(a: float, b: float) -> None:
    for name, value in (("upper_length", a), ("lower_length", b)):
        if not (value >= 0) or value == math.inf:
            raise ValueError(f"{name}는 0 이상의 유한한 수여야 합니다 (받은 값: {value!r})")
    if a == 0 and b == 0:
        raise ValueError(
            f"upper_length와 lower_length가 둘 다 0입니다 (받은 값: {a!r}, {b!r}) — 적어도 한 뼈는 길이가 있어야 합니다"
        )
    # 헤론 공식의 a + b + d ≤ 2(a + b) 까지 float64 안에 있어야 한다 (TypeScript 와 같은 정의역).
    if not math.isfinite(2 * (a + b)):
        raise ValueError(
            f"upper_length + lower_length가 넘칩니다 (2(a + b) ≤ 1.79e308 이어야 함, 받은 값: {a!r}, {b!r})"
        )


def _vector_length(x: float, y: float, z: float) -> tuple[float, bool]:
    """넘침·사라짐 없이 |(x, y, z)| 를 구한다. 돌려주는 값: (길이, |v|² 가 안전한 범위 (1e-290, 1e300) 안인가).

    안전한 범위 밖이면 1/길이 를 곱해 정규화하지 않는다 (_unit_of_scaled 참고, TypeScript 와 같은 규칙).
    """
    length_sq = x * x + y * y + z * z
    if 1e-290 < length_sq < 1e300:
        return math.sqrt(length_sq), True
    scale = max(abs(x), abs(y), abs(z))
    if scale == 0:
        return 0.0, False
    sx, sy, sz = x / scale, y / scale, z / scale
    return scale * math.sqrt(sx * sx + sy * sy + sz * sz), False


def _unit_of_scaled(x: float, y: float, z: float) -> tuple[float, float, float]:
    """|v|² 가 안전한 범위 밖일 때의 단위 벡터 (v ≠ 0): 가장 큰 성분으로 먼저 나눈 s 를 s/|s| 로 (TypeScript 와 같은 식).

    1/|v| 를 곱하면 |v| 가 비정규수일 때 넘쳐 0·∞ = NaN 이 되고, v/|v| 로 나눠도 |v| 자체가 2^-1074 격자로 반올림되어
    있어 방향이 어긋난다 (예: |(0, −2, 2)·2^-1074| = 2√2·2^-1074 가 3·2^-1074 로 반올림되면 6%).
    s 는 정규 범위 (1 ≤ |s| ≤ √3) 이므로 이렇게 하면 몇 ulp 안쪽의 단위 벡터가 된다.
    """
    scale = max(abs(x), abs(y), abs(z))
    x, y, z = x / scale, y / scale, z / scale
    norm = math.sqrt(x * x + y * y + z * z)
    return x / norm, y / norm, z / norm


def solve_scalar(
    root: Point, a: float, b: float, target: Point, pole: Point, limits: tuple[float, float] | None = None
) -> tuple[np.ndarray, np.ndarray, bool]:
    """단일 체인을 풀어 (joint, end, reachable) 을 돌려준다. 계약은 solve_two_bone_ik 의 docstring.

    limits: 검사한 굽힘 제한 (min, max) 라디안 또는 None.
    """
    # 1. 검사: 아무것도 만들기 전에 모든 인자를 확인한다 (TypeScript 와 같은 순서).
    _check_scalar_point("root", root)
    _check_scalar_lengths(a, b)
    _check_scalar_point("target", target)
    _check_scalar_point("pole_hint", pole)

    rx, ry, rz = root
    tx, ty, tz = target
    fx, fy, fz = tx - rx, ty - ry, tz - rz
    px, py, pz = pole[0] - rx, pole[1] - ry, pole[2] - rz
    for name, diff in (("target", (fx, fy, fz)), ("pole_hint", (px, py, pz))):
        if not (math.isfinite(diff[0]) and math.isfinite(diff[1]) and math.isfinite(diff[2])):
            raise ValueError(
                f"{name} − root가 float64 범위를 넘습니다 (받은 차: {diff[0]!r}, {diff[1]!r}, {diff[2]!r})"
            )

    max_length = a + b
    min_length = abs(a - b)

    # 2. 앞 방향 f 와 거리 d.
    distance, distance_safe = _vector_length(fx, fy, fz)
    if distance == 0:
        fx, fy, fz = 1.0, 0.0, 0.0  # 목표가 뿌리와 같으면 +X 로 뻗는다.
    elif distance_safe:
        inv = 1 / distance
        fx *= inv
        fy *= inv
        fz *= inv
    else:
        # |v|² 가 넘치거나 사라지는 범위 (비정규수 d 등): 정규 범위로 옮겨 정규화한다.
        fx, fy, fz = _unit_of_scaled(fx, fy, fz)

    # 3. 닿는 범위 [|a − b|, a + b] 로 정확히 자른다.
    reachable = True
    folded = False
    if distance > max_length:
        distance = max_length
        reachable = False
    elif distance < min_length:
        distance = min_length
        reachable = False
        folded = True  # 완전히 접힘: h = 0 (아래 참고)
    # 굽힘 제한: 허용 거리 [d(max), d(min)] 밖이면 가까운 끝으로 자르고 관절은 제한 각에서 직접 구한다 (TypeScript 와 같다).
    # 거리가 제한 거리와 같은 float 이어도 관절은 제한 각에서 구한다 (제한 각이 0·π 에 아주 가까우면 d(제한) 이
    # a + b·|a − b| 로 반올림된다). 경계 위의 목표에는 닿는다.
    limited = _bend_limited(a, b, distance, max_length, min_length, limits) if limits is not None else None
    if limited is not None:
        if distance != limited[0]:
            reachable = False
        distance = limited[0]

    # 4. 굽힘 방향 p (단위 벡터, f 에 수직): _bend_direction 참고.
    px, py, pz = _bend_direction(root, target, pole, fx, fy, fz, px, py, pz, max_length)

    # 5. 코사인 법칙: x = a·cos θ (f 방향), h = a·sin θ (p 방향).
    if limited is not None:
        x, h = limited[1], limited[2]
        if h > a:
            h = a  # 반올림으로 a 를 넘지 않게
    elif distance == 0:
        # a = b 이고 목표가 뿌리에 있다: 완전히 접혀 관절은 p 쪽으로 a 만큼.
        x, h = 0.0, a
    else:
        x, h = _law_of_cosines(a, b, distance, folded)
        if h > a:
            h = a  # 반올림으로 a 를 넘지 않게

    # 6. 결과를 지역 변수로 구하고, float64 를 넘으면 (뿌리가 ±1.8e308 끝에 있다) 돌려주기 전에 거부한다.
    joint = (rx + x * fx + h * px, ry + x * fy + h * py, rz + x * fz + h * pz)
    end = target if reachable else (rx + distance * fx, ry + distance * fy, rz + distance * fz)
    if not all(map(math.isfinite, joint + end)):
        raise ValueError(_checks.result_overflow_message(root, joint, end))
    return np.array(joint), np.array(end, dtype=np.float64), reachable



def _bend_limited(
    a: float, b: float, distance: float, max_length: float, min_length: float, limits: tuple[float, float]
) -> tuple[float, float, float] | None:
    """d 가 굽힘 제한의 허용 거리 밖이거나 그 끝이면 제한 끝의 삼각형 (d, x, h), 안이면 None. d(0), d(π) 인 끝은 제한이 아니다."""
    bend_min, bend_max = limits
    if bend_min > 0:
        triangle = bend_triangle(a, b, bend_min)
        if distance >= triangle[0] or distance >= max_length:  # 곧게 펴진 거리로 잘렸어도 (TypeScript 와 같다)
            return triangle
    if bend_max < math.pi:
        triangle = bend_triangle(a, b, bend_max)
        if distance <= triangle[0] or distance <= min_length:
            return triangle
    return None


def _bend_direction(
    root: Point,
    target: Point,
    pole: Point,
    fx: float,
    fy: float,
    fz: float,
    px: float,
    py: float,
    pz: float,
    max_length: float,
) -> Point:
    """굽힘 방향 p: 극 − 뿌리 (px, py, pz) 에서 f 성분을 뺀 단위 벡터, 극이 직선 위면 정해진 축.

    극 힌트에서 f 성분을 뺀다. 한 번 빼고 남는 f 성분은 ε·|극 − 뿌리| 규모라, 극이 직선 가까이
    멀리 있으면 (|p·f| > 64·|p⊥|) 한 번 더 뺀다 ("twice is enough", Kahan–Parlett): p 는 작업 정밀도로 f 에 수직이다.
    한 번 뺀 결과가 넘쳤고 (|p⊥|² 가 inf·NaN) 성분이 POLE_DOWNSCALE_LIMIT 를 넘으면 (1.8e308 근처) 2^-600 을 곱해
    다시 뺀다 (방향은 그대로, 직선 판정만 원래 크기로). TypeScript 와 같은 연산 순서.
    직선 판정의 허용 거리는 max(1e-10·(a + b), 64ε·가장 큰 좌표 크기) 다.
    """
    rx, ry, rz = root
    tx, ty, tz = target
    pole_scale = 1.0
    along = px * fx + py * fy + pz * fz
    qx, qy, qz = px - along * fx, py - along * fy, pz - along * fz
    perp_sq = qx * qx + qy * qy + qz * qz
    if not perp_sq < math.inf and not (
        -POLE_DOWNSCALE_LIMIT <= px <= POLE_DOWNSCALE_LIMIT
        and -POLE_DOWNSCALE_LIMIT <= py <= POLE_DOWNSCALE_LIMIT
        and -POLE_DOWNSCALE_LIMIT <= pz <= POLE_DOWNSCALE_LIMIT
    ):
        px *= POLE_DOWNSCALE
        py *= POLE_DOWNSCALE
        pz *= POLE_DOWNSCALE
        pole_scale = POLE_UPSCALE
        along = px * fx + py * fy + pz * fz
        qx, qy, qz = px - along * fx, py - along * fy, pz - along * fz
        perp_sq = qx * qx + qy * qy + qz * qz
    if along * along > REORTHOGONALIZE_RATIO_SQ * perp_sq or not perp_sq < math.inf:
        along = qx * fx + qy * fy + qz * fz
        qx -= along * fx
        qy -= along * fy
        qz -= along * fz
    px, py, pz = qx, qy, qz
    perp_length, perp_safe = _vector_length(px, py, pz)
    coord_scale = max(
        abs(rx), abs(ry), abs(rz), abs(tx), abs(ty), abs(tz), abs(pole[0]), abs(pole[1]), abs(pole[2])
    )
    line_tolerance = max(
        POLE_LINE_TOLERANCE * max_length, POLE_ROUNDING_ULPS * EPS64 * coord_scale
    )
    off_line = perp_length * pole_scale > line_tolerance
    if off_line and perp_safe:
        inv = 1 / perp_length
        px *= inv
        py *= inv
        pz *= inv
    elif off_line:
        # |p|² 가 넘치거나 사라지는 범위: 위의 f 와 같은 까닭으로 정규 범위로 옮겨 정규화한다.
        px, py, pz = _unit_of_scaled(px, py, pz)
    else:
        # 굽힘 평면이 정해지지 않는다: f 와 가장 덜 나란한 양의 축을 쓴다 (같으면 X, Y, Z 순).
        px, py, pz = _fallback_axis(fx, fy, fz)
    return px, py, pz


def _law_of_cosines(a: float, b: float, distance: float, folded: bool) -> tuple[float, float]:
    """코사인 법칙 (d > 0). TypeScript 의 solveBody (src/math/solveTwoBoneIK.ts) 5 단계와 같은 연산 순서
    (TypeScript 는 V8 의 HeapNumber 할당을 피하려고 이 계산을 함수로 빼지 않고 solveBody 안에 둔다).

    중간값은 모두 길이 규모이거나 [0, 2] 안의 비율이라 2(a + b) 가 유한하면 넘치지 않고,
    체인이 1e-300 만큼 작아도 사라지지 않는다 (길이의 제곱을 만들지 않는다).

    - x = a·cos θ = ((a − b)/d·(a + b) + d)/2: |a − b| ≤ d 이므로 (a − b)/d 를 먼저 나눠 [−1, 1] 안에 둔다
      (d 가 체인보다 한참 작아도 (a − b)(a + b) 를 d 로 나누기 전에 넘치지 않는다).
    - h = a·sin θ = √(s1/d)·√(s2/d)·√s3·√s4 / 2 (헤론 공식), s1 = d + (b − a), s2 = d − (b − a),
      s3 = a + b − d, s4 = a + b + d. b − a 를 먼저 빼면 a ≈ b 일 때 정확하고 (Sterbenz) d 를 잃지 않는다.
      s1, s2 는 0 과 2d 사이이므로 d 로 나눠 두면 d 가 아주 작아도 (비정규수) 곱이 사라지지 않는다.
    """
    x = ((a - b) / distance * (a + b) + distance) * 0.5
    difference = b - a
    s1 = distance + difference
    s2 = distance - difference
    s3 = a + b - distance
    s4 = a + b + distance
    # 너무 가까워 |a − b| 로 자른 경우 참값은 h = 0 이다. 헤론 공식의 s1 은 반올림으로
    # 0 이 아닐 수 있고 (예: 1e-16), 그 제곱근이 h 를 1e-8 만큼 부풀리므로 직접 0 으로 둔다.
    if not folded and s1 > 0 and s2 > 0 and s3 > 0:
        h = math.sqrt(s1 / distance) * math.sqrt(s2 / distance) * math.sqrt(s3) * math.sqrt(s4) * 0.5
    else:
        h = 0.0
    return x, h


def _fallback_axis(fx: float, fy: float, fz: float) -> tuple[float, float, float]:
    """f 와 가장 덜 나란한 양의 축 (|f·축| 최소, 같으면 X, Y, Z 순) 을 f 에 직교화·정규화한다."""
    ax, ay, az = abs(fx), abs(fy), abs(fz)
    ex = ey = ez = 0.0
    if ax <= ay and ax <= az:
        ex = 1.0
    elif ay <= az:
        ey = 1.0
    else:
        ez = 1.0
    axis_along = ex * fx + ey * fy + ez * fz
    px, py, pz = ex - axis_along * fx, ey - axis_along * fy, ez - axis_along * fz
    inv = 1 / math.sqrt(px * px + py * py + pz * pz)  # |축 × f| ≥ √(2/3), 0 이 될 수 없다
    return px * inv, py * inv, pz * inv


