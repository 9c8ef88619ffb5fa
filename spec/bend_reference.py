"""굽힘 제한의 참값 (decimal, 부르는 쪽의 정밀도) 과 그 적합성 경우·잘못된 입력 (spec/generate.py 가 부른다).

계약 (src/math/bendLimits.ts, python/src/twoboneik/_bend_limits.py): 굽힘 β (0 = 곧게 폄, π = 접힘) 가 [min, max] 안.
d(β) = √((a − b)² + 4ab·cos²(β/2)). min > 0 이고 d > d(min) 이면 d = d(min), max < π (float64 의 π) 이고 d < d(max)
이면 d = d(max) (정확히 같으면 자르지 않는다), 잘랐으면 reachable = false 이고 관절은 그 굽힘 그대로:
x = a·(a + b·cos β)/d, h = a·b·sin β/d. 표준 라이브러리만 쓴다 (구현을 부르지 않는다).
"""

from __future__ import annotations

import math
from decimal import Decimal, getcontext

#: float64 의 π (math.pi). 제한 max 가 이것과 같으면 가까운 쪽 끝은 |a − b| 그대로다.
PI_FLOAT = Decimal(math.pi)
#: 판정이 갈리는 경계 (d = d(min) 또는 d(max)) 에 이 비율보다 가까운 경우는 만들지 않는다 (생성기의 실수로 멈춘다).
BOUNDARY_MARGIN = Decimal("1e-12")


def _cos_sin(x: Decimal) -> tuple[Decimal, Decimal]:
    """테일러 급수로 cos x, sin x (|x| ≤ π, 문맥 정밀도 + 여유 자리)."""
    getcontext().prec += 5
    # cos = Σ (−1)^k x^(2k)/(2k)!, sin = Σ (−1)^k x^(2k+1)/(2k+1)!
    cos, term, k = Decimal(1), Decimal(1), 0
    while True:
        k += 1
        term = -term * x * x / ((2 * k - 1) * (2 * k))
        if term == 0 or abs(term) < Decimal(10) ** (-getcontext().prec - 5):
            break
        cos += term
    sin, term, k = x, x, 0
    while True:
        k += 1
        term = -term * x * x / ((2 * k) * (2 * k + 1))
        if term == 0 or abs(term) < Decimal(10) ** (-getcontext().prec - 5):
            break
        sin += term
    getcontext().prec -= 5
    return +cos, +sin


def reach_at_bend(a: Decimal, b: Decimal, bend: Decimal) -> Decimal:
    """d(β) = √((a − b)² + 4ab·cos²(β/2))."""
    cos_half, _ = _cos_sin(bend / 2)
    return ((a - b) ** 2 + 4 * a * b * cos_half * cos_half).sqrt()


def clamp(a: Decimal, b: Decimal, d: Decimal, limits: tuple[Decimal, Decimal]):
    """d (이미 [|a − b|, a + b] 로 자른 거리) 가 제한 밖이면 (d, x, h), 안이면 None. 경계에 너무 가까우면 ValueError."""
    low, high = limits
    for bend, active, outside in ((low, low > 0, lambda edge: d > edge), (high, high < PI_FLOAT, lambda edge: d < edge)):
        if not active:
            continue
        edge = reach_at_bend(a, b, bend)
        if d != edge and abs(d - edge) <= BOUNDARY_MARGIN * edge:
            raise ValueError("굽힘 제한의 경계에 너무 가깝다")
        if outside(edge):
            cos, sin = _cos_sin(bend)
            return edge, a * (a + b * cos) / edge, a * b * sin / edge
    return None


def limited_cases(s) -> None:
    """제한이 있는 경우: 두 끝의 근처 (상대 1e-9, 1e-6) 와 건너편 (1e-2), min = max, min = 0, max = π."""
    origin = (0.0, 0.0, 0.0)
    pole = (0.0, 0.3, 1.0)
    chains = [(1.0, 1.0), (1.0, 0.6), (0.45, 0.42), (3e-4, 2e-4), (2e5, 7e5)]
    limit_sets = [(0.035, math.radians(150)), (0.3, 2.6), (1e-3, math.pi), (0.0, 2.0), (1.1, 1.1), (0.5, 3.1)]
    for a, b in chains:
        for low, high in limit_sets:
            for which, bend in (("min", low), ("max", high)):
                edge = float(reach_at_bend(Decimal(a), Decimal(b), Decimal(bend)))
                for relative in (-1e-2, -1e-6, -1e-9, 1e-9, 1e-6, 1e-2):
                    d = edge * (1 + relative)
                    target = (d * 0.48, d * -0.6, d * 0.64)
                    s.add(
                        "bend_limits",
                        f"a = {a:g}, b = {b:g}, 제한 [{low:g}, {high:g}], d = d({which})·(1 {relative:+g})",
                        origin, a, b, target, pole, bend_limits=(low, high),
                    )
    # 제한 없음과 같은 두 끝: min = 0 은 곧게 편 체인을 곧게, max = π 는 접힌 체인을 |a − b| 에.
    s.add("bend_limits", "min = 0: 너무 먼 목표는 곧게 편다", origin, 0.7, 0.3, (5, 0, 0), (0, 1, 0), bend_limits=(0.0, 2.0))
    s.add("bend_limits", "max = π: 너무 가까운 목표는 |a − b| 에서 접는다", origin, 2, 1, (0.5, 0, 0), (0, 1, 0), bend_limits=(0.2, math.pi))
    s.add("bend_limits", "min = max: 목표가 뿌리에 있어도 굽힘은 그대로", origin, 1, 1, (0, 0, 0), (0, 1, 0), bend_limits=(1.0, 1.0))


def invalid_limit_cases(s) -> None:
    t, p, o = (1.5, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 0.0)
    nan, inf = math.nan, math.inf
    rows = [
        ("bend_limits.min 이 NaN", "min", {"min": nan, "max": 1.0}),
        ("bend_limits.max 가 NaN", "max", {"min": 0.0, "max": nan}),
        ("bend_limits.min 이 음수", "min", {"min": -1e-12, "max": 1.0}),
        ("bend_limits.max 가 π 보다 크다", "max", {"min": 0.0, "max": 3.2}),
        ("bend_limits.max 가 +inf", "max", {"min": 0.0, "max": inf}),
        ("bend_limits.min > max", "min", {"min": 2.0, "max": 1.0}),
        ("bend_limits.min 이 true (bool)", "min", {"min": True, "max": 1.0}),
        ("bend_limits.max 가 문자열 \"1\"", "max", {"min": 0.0, "max": "1"}),
    ]
    for name, which, limits in rows:
        s.add_invalid(name, f"bend_limits.{which}", f"bendLimits.{which}", o, 1, 1, t, p, bend_limits=limits)
    s.add_invalid("bend_limits 가 수 (쌍·객체가 아님)", "bend_limits", "bendLimits", o, 1, 1, t, p, bend_limits=3.0)
