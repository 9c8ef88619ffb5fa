"""동작 생성 문헌의 발 지표: 관절 위치 배열 (프레임, 관절, 3) + fps + 위 축만 받는다 (BVH·발 고정과 무관하게 쓸 수 있다).

발 미끄러짐 비율 (foot-skating ratio) 은 guided-motion-diffusion / OmniControl 의 평가 코드와 같은 식이다
(SMPL-22 이면 feet = (10, 11), 왼발·오른발 끝; 땅 y = 0, 미터, 20 fps):

- 수평 속도 v_t = |p_(t+1) − p_t|_수평 · fps (프레임 사이 t → t+1, F − 1 개).
- 접지: 두 이웃 프레임 모두 높이 < height_threshold (0.05 m).
- 미끄러짐: 접지이고 v_t > speed_threshold (0.5 m/s) 이고, 창 window (5) 프레임의 평균 속도 (가운데 정렬, 밖은 0 으로
  채움 — scipy.ndimage.uniform_filter1d(mode='constant')) 도 > speed_threshold.
- 비율 = (두 발 중 하나라도 미끄러지는 t 의 수) / (F − 1).

땅 파고듦·뜸 (ground_errors): 접지 프레임에서 땅 아래로 들어간 가장 큰 깊이, 땅 위로 뜬 높이의 평균.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

__all__ = ["SKATE_HEIGHT_M", "SKATE_SPEED_M_S", "SKATE_WINDOW", "GroundErrors", "skating_ratio", "ground_errors"]

#: 문헌의 문턱 (guided-motion-diffusion, OmniControl): 접지 높이 5 cm, 미끄러짐 속도 0.5 m/s, 평균 창 5 프레임.
SKATE_HEIGHT_M = 0.05
SKATE_SPEED_M_S = 0.5
SKATE_WINDOW = 5


def _check_positions(positions: ArrayLike, fps: float, up_axis: int) -> NDArray[np.float64]:
    array = np.asarray(positions, dtype=float)
    if array.ndim != 3 or array.shape[-1] != 3:
        raise ValueError(f"positions 는 (프레임, 관절, 3) 배열이어야 합니다 (받은 모양: {array.shape})")
    if not (np.isfinite(fps) and fps > 0):
        raise ValueError(f"fps 는 양의 유한한 수여야 합니다 (받은 값: {fps!r})")
    if up_axis not in (0, 1, 2):
        raise ValueError(f"up_axis 는 0, 1, 2 중 하나여야 합니다 (받은 값: {up_axis!r})")
    return array


def _centred_mean(values: NDArray[np.float64], window: int) -> NDArray[np.float64]:
    """마지막 축을 따라 가운데 정렬한 window 평균, 밖은 0 (uniform_filter1d(mode='constant', origin=0) 와 같다)."""
    left = window // 2
    padded = np.concatenate(
        (np.zeros(values.shape[:-1] + (left,)), values, np.zeros(values.shape[:-1] + (window - 1 - left,))), axis=-1
    )
    total = np.cumsum(np.concatenate((np.zeros(values.shape[:-1] + (1,)), padded), axis=-1), axis=-1)
    mean: NDArray[np.float64] = (total[..., window:] - total[..., :-window]) / window
    return mean


def skating_ratio(
    positions: ArrayLike,
    fps: float,
    up_axis: int = 1,
    feet: Sequence[int] = (10, 11),
    *,
    ground: float = 0.0,
    units_per_metre: float = 1.0,
    height_threshold_m: float = SKATE_HEIGHT_M,
    speed_threshold_m_s: float = SKATE_SPEED_M_S,
    window: int = SKATE_WINDOW,
) -> float:
    """발 미끄러짐 비율 (0 … 1). positions 는 (F, J, 3) 클립 단위, 문턱은 미터로 주고 units_per_metre 로 바꾼다."""
    array = _check_positions(positions, fps, up_axis)
    if array.shape[0] < 2:
        return 0.0
    foot = array[:, list(feet)]  # (F, 2, 3)
    horizontal = [a for a in range(3) if a != up_axis]
    speed = np.linalg.norm(np.diff(foot[..., horizontal], axis=0), axis=-1).T * fps  # (2, F − 1)
    height = foot[..., up_axis].T - ground  # (2, F)
    low = height < height_threshold_m * units_per_metre
    contact = low[:, :-1] & low[:, 1:]
    limit = speed_threshold_m_s * units_per_metre
    skating = contact & (speed > limit) & (_centred_mean(speed, window) > limit)
    return float(np.count_nonzero(skating.any(axis=0)) / skating.shape[1])


class GroundErrors(NamedTuple):
    """접지 프레임의 땅 오차 (클립 단위): penetration = 땅 아래 가장 깊은 곳 (≥ 0), float_mean = 땅 위 높이의 평균."""

    penetration: float
    float_mean: float


def ground_errors(height: ArrayLike, contact: ArrayLike) -> GroundErrors:
    """발 높이 (F,) (땅 = 0) 와 접지 (F,) bool 에서. 접지가 없으면 (0, 0)."""
    h = np.asarray(height, dtype=float)[np.asarray(contact, dtype=bool)]
    if h.size == 0:
        return GroundErrors(0.0, 0.0)
    return GroundErrors(float(max(0.0, -h.min())), float(np.maximum(h, 0.0).mean()))
