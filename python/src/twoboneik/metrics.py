"""동작 생성 문헌의 발 지표: 관절 위치 배열 (프레임, 관절, 3) + fps + 위 축만 받는다 (BVH·발 고정과 무관하게 쓸 수 있다).

발 미끄러짐 비율 (foot-skating ratio) 은 guided-motion-diffusion / OmniControl 의 평가 코드와 같은 식이다
(SMPL-22 이면 feet = (10, 11), 왼발·오른발 끝; 땅 y = 0, 미터, 20 fps):

- 수평 속도 v_t = |p_(t+1) − p_t|_수평 · fps (프레임 사이 t → t+1, F − 1 개).
- 접지: 두 이웃 프레임 모두 높이 < height_threshold (0.05 m).
- 미끄러짐: 접지이고 v_t > speed_threshold (0.5 m/s) 이고, 창 window (5) 프레임의 평균 속도 (가운데 정렬, 밖은 0 으로
  채움 — scipy.ndimage.uniform_filter1d(mode='constant')) 도 > speed_threshold.
- 비율 = (두 발 중 하나라도 미끄러지는 t 의 수) / (F − 1).

땅 파고듦·뜸 (ground_errors): 접지 프레임에서 땅 아래로 들어간 가장 큰 깊이, 땅 위로 뜬 높이의 평균.

출처와 문헌의 변형 (skating_ratio):

- korrawe/guided-motion-diffusion `data_loaders/humanml/utils/metrics.py` 의 calculate_skating_ratio 와 neu-vi/OmniControl
  의 같은 이름 함수: thresh_height = 0.05, fps = 20.0 (코드에 고정), thresh_vel = 0.50, avg_window = 5, 발 = 관절 10, 11,
  XZ 평면·Y 위, 땅 = y 0 (HumanML3D 는 전처리에서 바닥을 y = 0 으로 옮긴다). 여기서는 fps 를 인자로 받는다 (20 을 주면 같다).
- 그 평가 코드는 배치를 196 프레임으로 채운 채 부르는 곳이 있어 분모가 채운 길이 − 1 이다; 다른 저장소는 실제 길이로
  자른 뒤 부르거나 lengths 를 넘긴다. 여기서는 받은 배열 그대로 (F − 1).
- 다른 변형: Z 위 (XY 평면) 로 바꾼 것, 시퀀스마다 발 높이의 최솟값을 땅으로 빼는 것 (fps 30 의 춤 데이터),
  KIT-ML 은 관절 15·20 과 mm → m (× 0.001).

그 밖의 지표 (문헌마다 정의가 갈리므로 여기의 정의를 적는다):

- foot_sliding: 발이 두 이웃 프레임 모두 높이 < 5 cm 인 이동 t → t+1 의 수평 이동의 평균, mm (접지 프레임당).
- ground_penetration: 모든 프레임·두 발에서 땅 아래 깊이 max(0, −h) 의 평균과 최대. ground_float: 낮은 발이 5 cm 아래인
  프레임에서 그 발의 높이 max(0, h) 의 평균 (서 있는 발이 뜬 정도).
- bone_length_change: 뼈마다 |길이 − 중앙값| / 중앙값 의 최대.
- knee_angular_jerk: 무릎 각 θ = ∠(엉덩이 − 무릎, 발목 − 무릎) 의 3 차 차분 × fps³ 의 절댓값 평균 (rad/s³).
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

__all__ = [
    "SKATE_HEIGHT_M",
    "SKATE_SPEED_M_S",
    "SKATE_WINDOW",
    "GroundErrors",
    "Penetration",
    "skating_ratio",
    "ground_errors",
    "foot_sliding",
    "ground_penetration",
    "ground_float",
    "bone_length_change",
    "knee_angular_jerk",
    "motion_metrics",
]

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
    contact = _contact_steps(array, up_axis, feet, ground, height_threshold_m * units_per_metre)
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


def _feet_heights(array: NDArray[np.float64], up_axis: int, feet: Sequence[int], ground: float) -> NDArray[np.float64]:
    heights: NDArray[np.float64] = array[:, list(feet), up_axis].T - ground  # (발, F)
    return heights


def _contact_steps(
    array: NDArray[np.float64], up_axis: int, feet: Sequence[int], ground: float, height_limit: float
) -> NDArray[np.bool_]:
    """발마다 접지인 이동 (발, F − 1): 이웃한 두 프레임 모두 발 높이 (땅 = ground) < height_limit (배열 단위)."""
    low = _feet_heights(array, up_axis, feet, ground) < height_limit
    contact: NDArray[np.bool_] = low[:, :-1] & low[:, 1:]
    return contact


def foot_sliding(
    positions: ArrayLike,
    up_axis: int = 1,
    feet: Sequence[int] = (10, 11),
    *,
    ground: float = 0.0,
    units_per_metre: float = 1.0,
    height_threshold_m: float = SKATE_HEIGHT_M,
) -> float:
    """접지 (두 이웃 프레임 모두 높이 < 문턱) 인 이동의 프레임당 수평 이동 평균 (mm). 접지가 없으면 0."""
    array = _check_positions(positions, 1.0, up_axis)
    if array.shape[0] < 2:
        return 0.0
    horizontal = [a for a in range(3) if a != up_axis]
    foot = array[:, list(feet)][..., horizontal]
    step = np.diff(foot, axis=0)
    distance = np.sqrt(np.sum(step * step, axis=-1)).T  # (발, F − 1)
    contact = _contact_steps(array, up_axis, feet, ground, height_threshold_m * units_per_metre)
    if not contact.any():
        return 0.0
    return float(distance[contact].mean() * 1000.0 / units_per_metre)


class Penetration(NamedTuple):
    """땅 아래 깊이 (배열 단위): 모든 프레임·발의 최대와 평균 (땅 위는 0 으로 센다)."""

    max: float
    mean: float


def ground_penetration(
    positions: ArrayLike, up_axis: int = 1, feet: Sequence[int] = (10, 11), *, ground: float = 0.0,
) -> Penetration:
    """모든 프레임·발의 땅 아래 깊이 max(0, −h) 의 최대와 평균."""
    array = _check_positions(positions, 1.0, up_axis)
    depth = np.maximum(0.0, -_feet_heights(array, up_axis, feet, ground))
    return Penetration(float(depth.max()) if depth.size else 0.0, float(depth.mean()) if depth.size else 0.0)


def ground_float(
    positions: ArrayLike,
    up_axis: int = 1,
    feet: Sequence[int] = (10, 11),
    *,
    ground: float = 0.0,
    units_per_metre: float = 1.0,
    height_threshold_m: float = SKATE_HEIGHT_M,
) -> float:
    """낮은 발이 문턱 아래인 프레임에서 그 발이 땅 위로 뜬 높이의 평균 (배열 단위). 그런 프레임이 없으면 0."""
    array = _check_positions(positions, 1.0, up_axis)
    lowest = _feet_heights(array, up_axis, feet, ground).min(axis=0)
    standing = lowest < height_threshold_m * units_per_metre
    if not standing.any():
        return 0.0
    return float(np.maximum(lowest[standing], 0.0).mean())


def bone_length_change(positions: ArrayLike, bones: Sequence[tuple[int, int]]) -> float:
    """뼈 (a, b) 마다 max |길이 − 중앙값| / 중앙값 의 최대 (0 이면 길이가 모든 프레임에서 같다)."""
    array = _check_positions(positions, 1.0, 1)
    worst = 0.0
    for a, b in bones:
        step = array[:, b] - array[:, a]
        length = np.sqrt(np.sum(step * step, axis=-1))
        median = float(np.median(length))
        if median > 0:
            worst = max(worst, float(np.max(np.abs(length - median)) / median))
    return worst


def knee_angular_jerk(positions: ArrayLike, fps: float, legs: Sequence[tuple[int, int, int]]) -> float:
    """다리 (엉덩이, 무릎, 발목) 마다 무릎 각의 3 차 차분 × fps³ 의 절댓값 평균, 다리들의 평균 (rad/s³)."""
    array = _check_positions(positions, fps, 1)
    if array.shape[0] < 4 or not legs:
        return 0.0
    values = []
    for hip, knee, ankle in legs:
        u, v = array[:, hip] - array[:, knee], array[:, ankle] - array[:, knee]
        cross = np.cross(u, v)
        angle = np.arctan2(np.sqrt(np.sum(cross * cross, axis=-1)), np.sum(u * v, axis=-1))
        values.append(float(np.mean(np.abs(np.diff(angle, n=3))) * fps**3))
    return float(np.mean(values))


def motion_metrics(
    positions: ArrayLike,
    fps: float,
    up_axis: int = 1,
    up_sign: float = 1.0,
    *,
    feet: Sequence[int] = (10, 11),
    legs: Sequence[tuple[int, int, int]] = ((1, 4, 7), (2, 5, 8)),
    bones: Sequence[tuple[int, int]] = ((1, 4), (4, 7), (7, 10), (2, 5), (5, 8), (8, 11)),
    ground: float = 0.0,
    units_per_metre: float = 1.0,
) -> dict[str, Any]:
    """위의 지표를 한 번에 (JSON 으로 쓸 수 있는 dict). 기본 색인은 SMPL-22. up_sign = −1 이면 위 축의 반대가 위."""
    array = _check_positions(positions, fps, up_axis).copy()
    array[..., up_axis] *= 1.0 if up_sign >= 0 else -1.0
    common: dict[str, Any] = {"ground": ground}
    penetration = ground_penetration(array, up_axis, feet, **common)
    to_mm = 1000.0 / units_per_metre
    return {
        "skating_ratio": skating_ratio(array, fps, up_axis, feet, ground=ground, units_per_metre=units_per_metre),
        "foot_sliding_mm": foot_sliding(array, up_axis, feet, ground=ground, units_per_metre=units_per_metre),
        "penetration_max_mm": penetration.max * to_mm,
        "penetration_mean_mm": penetration.mean * to_mm,
        "float_mm": ground_float(array, up_axis, feet, ground=ground, units_per_metre=units_per_metre) * to_mm,
        "bone_length_change": bone_length_change(array, bones),
        "knee_angular_jerk": knee_angular_jerk(array, fps, legs),
        "thresholds": {"height_m": SKATE_HEIGHT_M, "speed_m_s": SKATE_SPEED_M_S, "window_frames": SKATE_WINDOW, "fps": fps},
    }
