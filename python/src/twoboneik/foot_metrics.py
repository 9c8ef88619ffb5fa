"""발 고정 보고의 지표: 접지 중 미끄러짐 (클립 단위·cm), 발 미끄러짐 비율 (twoboneik.metrics), 땅 파고듦·뜸.

발 고정 전·후에 같은 식으로 잰다. 모든 길이는 클립 단위이고, cm 는 척도 (units_per_metre) 로 바꾼 값이다.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np
from numpy.typing import NDArray

from .metrics import SKATE_HEIGHT_M, SKATE_SPEED_M_S, SKATE_WINDOW, ground_errors, skating_ratio

__all__ = ["slide", "foot_metrics"]


def slide(
    foot: NDArray[np.float64], intervals: Sequence[tuple[int, int]], up: NDArray[np.float64]
) -> tuple[float, float]:
    """접지 중 프레임 사이 수평 이동의 평균과 최대 (구간 (s, e) 안의 이동 s→s+1, …, e−1→e 만)."""
    if foot.shape[0] < 2:
        return 0.0, 0.0
    # 이동 k (프레임 k → k+1) 를 덮는 구간의 수: 구간마다 s 에 +1, e 에 −1 을 두고 누적한다 (구간은 겹치지 않는다).
    cover = np.zeros(foot.shape[0], dtype=np.intp)
    if intervals:
        bounds = np.asarray(intervals, dtype=np.intp).reshape(-1, 2)
        np.add.at(cover, bounds[:, 0], 1)
        np.add.at(cover, bounds[:, 1], -1)
    inside = np.cumsum(cover)[:-1] > 0
    if not inside.any():
        return 0.0, 0.0
    step = np.diff(foot, axis=0)[inside]
    step -= (step @ up)[:, None] * up
    values = np.sqrt(np.sum(step * step, axis=-1))
    return float(values.mean()), float(values.max())


def foot_metrics(
    ankles: Sequence[NDArray[np.float64]],
    tips: Sequence[NDArray[np.float64]],
    tip_heights: Sequence[NDArray[np.float64]],
    contacts: Sequence[NDArray[np.bool_]],
    intervals: Sequence[Sequence[tuple[int, int]]],
    up: NDArray[np.float64],
    fps: float,
    units_per_metre: float,
) -> dict[str, Any]:
    """두 발 (왼, 오) 의 지표 (JSON 으로 쓸 수 있는 dict).

    - ankles, tips: 발목·발끝의 월드 위치 (F, 3). tip_heights: 발끝의 땅 위 높이 (F,), 평평히 디딘 높이를 뺀 것.
    - contacts, intervals: 발 고정의 접지 (프레임 bool, 구간).
    - feet[k]: slide_mean·slide_max (발목, 접지 중 프레임당, 클립 단위와 _cm), penetration·float_mean (발끝, 접지 중).
    - skating_ratio: 발끝으로 잰 문헌의 비율 (metrics.skating_ratio; 문턱 thresholds 에 함께 적는다).
    """
    to_cm = 100.0 / units_per_metre
    feet = []
    for ankle, height, contact, spans in zip(ankles, tip_heights, contacts, intervals):
        mean, largest = slide(ankle, spans, up)
        errors = ground_errors(height, contact)
        feet.append({
            "slide_mean": mean, "slide_max": largest, "slide_mean_cm": mean * to_cm, "slide_max_cm": largest * to_cm,
            "penetration": errors.penetration, "penetration_cm": errors.penetration * to_cm,
            "float_mean": errors.float_mean, "float_mean_cm": errors.float_mean * to_cm,
        })
    axis = int(np.argmax(np.abs(up)))
    points = np.stack(tips, axis=1).copy()  # (F, 2, 3); 위 축 좌표를 땅 위 높이로 바꿔 넣는다 (위가 −축이어도)
    points[..., axis] = np.stack(tip_heights, axis=1)
    ratio = skating_ratio(points, fps, axis, (0, 1), units_per_metre=units_per_metre)
    thresholds = {"height_m": SKATE_HEIGHT_M, "speed_m_s": SKATE_SPEED_M_S, "window_frames": SKATE_WINDOW, "fps": fps}
    return {"feet": feet, "skating_ratio": ratio, "skating_thresholds": thresholds}
