"""클립의 척도 (1 미터가 클립 단위로 얼마인가) 를 뼈대에서 추정한다.

이름 붙은 단위 {cm, inch, m, mm} 로 반올림하지 않는다: CMU 모션 캡처의 단위 (1 단위 ≈ 5.6 cm, 다리 ≈ 14.8 단위)
처럼 아무 배율로 내보낸 클립도 있기 때문이다. 척도 = 쉬는 자세의 다리 길이 (허벅지 + 정강이, 클립 단위)
÷ TYPICAL_LEG_LENGTH_M. 사람 크기가 아닌 캐릭터 (아이, 거인) 는 척도나 단위를 직접 준다.
"""

from __future__ import annotations

import math
from typing import NamedTuple, Optional

from .contact import UNITS_PER_METRE

__all__ = ["TYPICAL_LEG_LENGTH_M", "UNIT_NAME_TOLERANCE", "ClipScale", "infer_scale", "unit_label"]

#: 어른의 엉덩이 관절 → 발목 길이 (미터). CMU 의 다리 14.8 단위 × 5.6 cm ≈ 0.83 m.
TYPICAL_LEG_LENGTH_M = 0.83
#: 추정한 척도가 이름 붙은 단위와 이 비율 (로그 비 ±15 %) 안이면 그 이름으로 부른다: 사람 다리 길이의 흩어짐.
UNIT_NAME_TOLERANCE = 0.15


class ClipScale(NamedTuple):
    """클립의 척도.

    - units_per_metre: 1 m 가 클립 단위로 얼마인가 (cm 클립이면 100 근처, CMU 면 17.9 근처).
    - unit_name: 가까운 이름 붙은 단위 ('cm', 'm', 'mm', 'inch'), 어느 것과도 멀면 '단위' (클립 단위).
    - source: 'leg' (다리 길이로 추정), 'units' (단위를 줌), 'scale' (척도를 줌).
    """

    units_per_metre: float
    unit_name: str
    source: str


def _nearest_unit_name(units_per_metre: float) -> str:
    name = min(UNITS_PER_METRE, key=lambda u: abs(math.log(units_per_metre / UNITS_PER_METRE[u])))
    return name if abs(math.log(units_per_metre / UNITS_PER_METRE[name])) <= math.log1p(UNIT_NAME_TOLERANCE) else "단위"


def infer_scale(leg_length: float, units: Optional[str] = None, scale: Optional[float] = None) -> ClipScale:
    """다리 길이 (클립 단위) 에서 척도. units (이름) 나 scale (단위/m) 을 주면 그것을 쓴다 (둘 다 주면 ValueError)."""
    if units is not None and scale is not None:
        raise ValueError(f"units ({units!r}) 와 scale ({scale!r}) 은 하나만 줄 수 있습니다")
    if units is not None:
        if units not in UNITS_PER_METRE:
            raise ValueError(f"units 는 {', '.join(UNITS_PER_METRE)} 중 하나여야 합니다 (받은 값: {units!r})")
        return ClipScale(UNITS_PER_METRE[units], units, "units")
    if scale is not None:
        if not (isinstance(scale, (int, float)) and math.isfinite(scale) and scale > 0):
            raise ValueError(f"scale 은 양의 유한한 수 (1 m 당 클립 단위) 여야 합니다 (받은 값: {scale!r})")
        return ClipScale(float(scale), _nearest_unit_name(float(scale)), "scale")
    if not (math.isfinite(leg_length) and leg_length > 0):
        raise ValueError(f"다리 길이는 양의 유한한 수여야 합니다 (받은 값: {leg_length!r})")
    per_metre = leg_length / TYPICAL_LEG_LENGTH_M
    return ClipScale(per_metre, _nearest_unit_name(per_metre), "leg")


def unit_label(unit_name: str, lang: str) -> str:
    """보고와 그림에 적을 단위의 이름: 이름 붙은 단위는 그대로, 어느 것과도 먼 척도 ('단위') 는 '클립 단위' / 'clip units'."""
    if unit_name != "단위":
        return unit_name
    return "clip units" if lang == "en" else "클립 단위"
