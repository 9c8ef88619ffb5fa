"""관절의 굽힘 제한 (issue 16 §3): 굽힘 β 는 관절에서 잰 두 뼈 사이의 바깥각, 0 = 곧게 폄, π = 완전히 접힘 (라디안).

TypeScript 의 `src/math/bendLimits.ts` 와 같은 식·같은 연산 순서 (두 언어가 같은 비트). math.sin·cos 는 쓰지 않는다:
libm 마다 마지막 비트가 다를 수 있어 반각의 sin·cos 를 덧셈·곱셈만으로 (fdlibm 의 k_sin·k_cos 다항식) 구한다.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from . import _checks

# fdlibm (FreeBSD k_sin.c, k_cos.c) 의 [−π/4, π/4] 다항식 계수.
_S1, _S2, _S3 = -1.66666666666666324348e-01, 8.33333333332248946124e-03, -1.98412698298579493134e-04
_S4, _S5, _S6 = 2.75573137070700676789e-06, -2.50507602534068634195e-08, 1.58969099521155010221e-10
_C1, _C2, _C3 = 4.16666666666666019037e-02, -1.38888888888741095749e-03, 2.48015872894767294178e-05
_C4, _C5, _C6 = -2.75573143513906633035e-07, 2.08757232129817482790e-09, -1.13596475577881948265e-11
#: π/2 = _PIO2_HI + _PIO2_LO (_PIO2_HI = math.pi / 2, 나머지는 그 반올림 오차).
_PIO2_HI, _PIO2_LO = 1.57079632679489655800e00, 6.12323399573676603587e-17
_PIO4 = 0.7853981633974483


class BendLimits(NamedTuple):
    """굽힘 제한 (라디안), 0 ≤ min ≤ max ≤ π (π 는 math.pi). 배치에서는 각각 체인 모양으로 브로드캐스트되는 배열이어도 된다."""

    min: Any
    max: Any


def _kernel_sin(x: Any) -> Any:
    z = x * x
    w = z * z
    r = _S2 + z * (_S3 + z * _S4) + z * w * (_S5 + z * _S6)
    return x + z * x * (_S1 + z * r)


def _kernel_cos(x: Any) -> Any:
    z = x * x
    w = z * z
    r = z * (_C1 + z * (_C2 + z * _C3)) + w * w * (_C4 + z * (_C5 + z * _C6))
    hz = 0.5 * z
    v = 1 - hz
    return v + (((1 - v) - hz) + z * r)


def bend_triangle(a: float, b: float, bend: float) -> tuple[float, float, float]:
    """굽힘 β 로 고정한 삼각형 (d, x, h): d = |end − root|, x = a·cos θ (f 방향), h = a·sin θ (p 방향).

    a + b·cos β = (a + b) − 2b·sin²(β/2) (β ≤ π/2) 또는 (a − b) + 2b·cos²(β/2) (β > π/2) 로 자릿수를 잃지 않고,
    b·sin β = 2b·sin(β/2)·cos(β/2), d = s·√((A/s)² + (B/s)²) (s = a + b), x = a·(A/d), h = a·(B/d).
    """
    half = bend * 0.5
    if half <= _PIO4:
        sin_half, cos_half = _kernel_sin(half), _kernel_cos(half)
    else:
        rest = (_PIO2_HI - half) + _PIO2_LO  # π/2 − β/2, _PIO2_HI − half 는 정확하다 (Sterbenz)
        sin_half, cos_half = _kernel_cos(rest), _kernel_sin(rest)
    s = a + b
    along = s - 2 * b * sin_half * sin_half if half <= _PIO4 else (a - b) + 2 * b * cos_half * cos_half
    across = 2 * b * sin_half * cos_half
    ra, rb = along / s, across / s
    d = s * math.sqrt(ra * ra + rb * rb)
    return d, a * (along / d), a * (across / d)


def bend_triangle_rows(a: np.ndarray, b: np.ndarray, bend: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """bend_triangle 을 체인마다 (같은 연산 순서라 같은 비트). 두 갈래를 모두 계산해 고른다."""
    t = bend.dtype.type
    half = bend * t(0.5)
    low = half <= t(_PIO4)
    rest = (t(_PIO2_HI) - half) + t(_PIO2_LO)
    sin_half = np.where(low, _kernel_sin(half), _kernel_cos(rest))
    cos_half = np.where(low, _kernel_cos(half), _kernel_sin(rest))
    s = a + b
    along = np.where(low, s - 2 * b * sin_half * sin_half, (a - b) + 2 * b * cos_half * cos_half)
    across = 2 * b * sin_half * cos_half
    ra, rb = along / s, across / s
    d = s * np.sqrt(ra * ra + rb * rb)
    return d, a * (along / d), a * (across / d)


def scalar_limits(value: Any) -> tuple[float, float] | None:
    """bend_limits 가 파이썬 수 두 개 (튜플·리스트·BendLimits) 면 검사한 (min, max), 아니면 None (배치 경로가 검사한다)."""
    if type(value) not in (tuple, list, BendLimits) or len(value) != 2:
        return None
    low, high = value
    if type(low) not in (float, int) or type(high) not in (float, int):
        return None
    for name, bound in (("min", low), ("max", high)):
        if not (0 <= bound <= math.pi):
            raise ValueError(
                f"bend_limits.{name}는 0 이상 π 이하의 수 (라디안) 여야 합니다 (받은 값: {bound!r})"
            )
    if low > high:
        raise ValueError(f"bend_limits.min이 bend_limits.max보다 큽니다 (받은 값: min {low!r}, max {high!r})")
    return float(low), float(high)


def array_limits(value: Any, dtype: np.dtype) -> tuple[np.ndarray, np.ndarray]:
    """bend_limits (min, max) 를 실수 배열 둘로 검사한다: 수 (bool·문자열 아님), 0 ≤ min ≤ max ≤ π, 첫 어긋난 색인을 짚는다."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__") or len(value) != 2:
        raise ValueError(f"bend_limits는 (min, max) 쌍이어야 합니다 (받은 값: {value!r})")
    low = _checks.as_real_array("bend_limits.min", value[0], np.dtype(np.float64))
    high = _checks.as_real_array("bend_limits.max", value[1], np.dtype(np.float64))
    for name, bound in (("min", low), ("max", high)):
        bad = ~((bound >= 0) & (bound <= math.pi))
        if bad.any():
            index = _checks.first_index(bad)
            raise ValueError(
                f"bend_limits.{name}는 0 이상 π 이하의 수 (라디안) 여야 합니다"
                f" ({_checks.format_index(index)} 받은 값: {_checks.scalar_repr(bound[index])})"
            )
    try:
        low, high = np.broadcast_arrays(low, high)
    except ValueError:
        raise ValueError(f"bend_limits의 min 모양 {low.shape}와 max 모양 {high.shape}가 브로드캐스트되지 않습니다") from None
    crossed = low > high
    if crossed.any():
        index = _checks.first_index(crossed)
        raise ValueError(
            f"bend_limits.min이 bend_limits.max보다 큽니다 ({_checks.format_index(index)} 받은 값:"
            f" min {_checks.scalar_repr(low[index])}, max {_checks.scalar_repr(high[index])})"
        )
    return low.astype(dtype, copy=False), high.astype(dtype, copy=False)
