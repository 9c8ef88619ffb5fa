"""발 접지 (contact) 찾기: 발이 땅 가까이 있고 수평으로 거의 움직이지 않는 구간.

발마다 두 점을 본다 — 발목 (발 관절) 과 발끝 (발가락 관절, 없으면 발의 End Site). 각 점에서 '발을 평평히 디뎠을
때의 높이' (clearance, 쉬는 자세에서 잰다) 를 빼고, 둘 중 낮은 쪽이 발의 높이 h 다. 그래서 뒤꿈치로 딛든
발끝으로 딛든 h ≈ 0 이다. 속도 v 는 발목의 수평 속도 (위 방향 성분을 뺀 것).

- 땅 높이 g: 주지 않으면 클립에서 추정한다 — 두 발의 h (g 를 빼기 전) 의 ground_percentile 백분위.
- 들어감: h < height_on 이고 v < speed_on. 나옴: h > height_off 또는 v > speed_off (히스테리시스: on < off).
- min_contact 초보다 짧은 접지는 버린다.

모든 문턱은 미터·초 단위의 옵션이고, 클립의 척도 (1 m 당 클립 단위, scale.infer_scale 이 다리 길이로 추정하거나
준다) 로 바꿔 쓴다.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple, Optional, Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .fk import Pose
from .legs import Leg

__all__ = [
    "UNITS_PER_METRE",
    "ContactOptions",
    "ContactTrack",
    "detect_up_axis",
    "detect_contacts",
    "estimate_ground",
    "contact_intervals",
    "find_contact_tracks",
    "foot_heights",
    "horizontal_speed",
    "rest_tip",
    "tip_world",
]

#: 알아보는 단위와 1 미터가 그 단위로 얼마인가.
UNITS_PER_METRE = {"m": 1.0, "cm": 100.0, "mm": 1000.0, "inch": 1 / 0.0254}


@dataclass(frozen=True)
class ContactOptions:
    """접지 찾기의 문턱 (미터, 초). 기본값은 걷기·뛰기 모션 캡처에 맞춘 것.

    - height_on = 0.03 m, height_off = 0.05 m: 발 높이 h 의 들어감·나옴 문턱.
    - speed_on = 0.3 m/s, speed_off = 0.5 m/s: 발목 수평 속도의 들어감·나옴 문턱.
    - min_contact = 0.1 s: 이보다 짧은 접지는 버린다.
    - ground_percentile = 2: 땅 높이를 추정할 때 쓰는 h 의 백분위 (잡음 속의 가장 낮은 값).
    """

    height_on: float = 0.03
    height_off: float = 0.05
    speed_on: float = 0.3
    speed_off: float = 0.5
    min_contact: float = 0.1
    ground_percentile: float = 2.0

    def validate(self) -> None:
        for name in ("height_on", "height_off", "speed_on", "speed_off", "min_contact"):
            value = getattr(self, name)
            if not (isinstance(value, (int, float)) and math.isfinite(value) and value >= 0):
                raise ValueError(f"{name} 는 0 이상의 유한한 수여야 합니다 (받은 값: {value!r})")
        if self.height_off < self.height_on:
            raise ValueError(f"height_off ({self.height_off!r}) 는 height_on ({self.height_on!r}) 이상이어야 합니다")
        if self.speed_off < self.speed_on:
            raise ValueError(f"speed_off ({self.speed_off!r}) 는 speed_on ({self.speed_on!r}) 이상이어야 합니다")
        if not (0 <= self.ground_percentile <= 100):
            raise ValueError(f"ground_percentile 은 [0, 100] 안이어야 합니다 (받은 값: {self.ground_percentile!r})")


class ContactTrack(NamedTuple):
    """한 발의 접지 결과. height·speed 는 클립 단위 (speed 는 단위/초).

    - height: 발 높이 h − g (F,).
    - speed: 발목의 수평 속도 (F,).
    - contact: 접지 프레임 (F,) bool.
    - intervals: 접지 구간 [(시작, 끝), ...], 끝 프레임 포함.
    """

    height: NDArray[np.float64]
    speed: NDArray[np.float64]
    contact: NDArray[np.bool_]
    intervals: list[tuple[int, int]]


def detect_up_axis(hip_rest: ArrayLike, foot_rest: ArrayLike) -> NDArray[np.float64]:
    """쉬는 자세에서 허벅지 뿌리 → 발 벡터의 가장 큰 축의 반대 방향 (예: (0, 1, 0)). 발은 엉덩이 아래에 있다."""
    down = np.asarray(foot_rest, dtype=float) - np.asarray(hip_rest, dtype=float)
    axis = int(np.argmax(np.abs(down)))
    up = np.zeros(3)
    up[axis] = -1.0 if down[axis] > 0 else 1.0
    return up


def estimate_ground(raw_heights: Sequence[ArrayLike], percentile: float) -> float:
    """두 발의 (땅을 빼기 전) 높이들에서 땅 높이: 모은 값의 percentile 백분위."""
    pooled = np.concatenate([np.asarray(h, dtype=float).ravel() for h in raw_heights])
    return float(np.percentile(pooled, percentile))


def contact_intervals(mask: ArrayLike) -> list[tuple[int, int]]:
    """bool 배열의 참인 구간 [(시작, 끝), ...] (끝 포함)."""
    padded = np.concatenate(([False], np.asarray(mask, dtype=bool), [False]))
    edges = np.flatnonzero(padded[1:] != padded[:-1])
    return [(int(s), int(e) - 1) for s, e in zip(edges[0::2], edges[1::2])]


def detect_contacts(
    raw_height: ArrayLike,
    horizontal_speed: ArrayLike,
    ground: float,
    frame_time: float,
    units_per_metre: float,
    options: Optional[ContactOptions] = None,
) -> ContactTrack:
    """한 발의 접지. raw_height 는 땅을 빼기 전 발 높이 (F,), horizontal_speed 는 발목 수평 속도 (F,), 클립 단위.

    히스테리시스는 순차적 상태 기계이지만 벡터로 푼다: 프레임 t 의 상태는 t 까지의 마지막 '들어감' 이 마지막
    '나옴' 보다 뒤인가이다 (들어감 ⊂ 머묾 이므로 한 프레임이 둘 다일 수는 없다).
    """
    options = options or ContactOptions()
    options.validate()
    height = np.asarray(raw_height, dtype=float) - ground
    speed = np.asarray(horizontal_speed, dtype=float)
    scale = units_per_metre
    enter = (height < options.height_on * scale) & (speed < options.speed_on * scale)
    stay = (height <= options.height_off * scale) & (speed <= options.speed_off * scale)
    leave = ~stay
    index = np.arange(height.shape[0])
    last_enter = np.maximum.accumulate(np.where(enter, index, -1))
    last_leave = np.maximum.accumulate(np.where(leave, index, -1))
    contact = last_enter > last_leave
    min_frames = max(1, int(math.ceil(options.min_contact / frame_time - 1e-9)))
    intervals = [(s, e) for s, e in contact_intervals(contact) if e - s + 1 >= min_frames]
    kept = np.zeros_like(contact)
    for s, e in intervals:
        kept[s:e + 1] = True
    return ContactTrack(height, speed, kept, intervals)


# --- 발 고정의 첫 단계: 다리마다 발목·발끝의 높이와 속도에서 접지 구간 (footlock 이 부른다) ---


def rest_tip(rest: NDArray[np.float64], leg: Leg) -> Optional[NDArray[np.float64]]:
    """쉬는 자세의 발끝 (발가락 관절, 없으면 발 + End Site, 둘 다 없으면 None)."""
    tip: Optional[NDArray[np.float64]] = None
    if leg.toe >= 0:
        tip = rest[leg.toe]
    elif leg.toe_site is not None:
        tip = rest[leg.foot] + leg.toe_site
    return tip


def tip_world(pose: Pose, leg: Leg) -> NDArray[np.float64]:
    """발끝의 월드 위치 (F, 3). 발끝이 없으면 발목."""
    tip: NDArray[np.float64] = pose.joint_positions[leg.foot]
    if leg.toe >= 0:
        tip = pose.joint_positions[leg.toe]
    elif leg.toe_site is not None:
        tip = tip + pose.joint_rotations[leg.foot] @ leg.toe_site
    return tip


def foot_heights(
    rest: NDArray[np.float64], pose: Pose, leg: Leg, up: NDArray[np.float64]
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """발 높이 (땅을 빼기 전, (F,)) 와 발끝만의 높이 (F,): 각 점의 높이 − 그 점의 '평평히 디뎠을 때의 높이' (쉬는 자세)."""
    points = [(pose.joint_positions[leg.foot], rest[leg.foot])]
    tip_rest = rest_tip(rest, leg)
    if tip_rest is not None:
        points.append((tip_world(pose, leg), tip_rest))
    lowest_rest = min(float(p_rest @ up) for _, p_rest in points)
    heights = np.stack([p @ up - (float(p_rest @ up) - lowest_rest) for p, p_rest in points])
    raw: NDArray[np.float64] = np.min(heights, axis=0)
    return raw, heights[-1]


def horizontal_speed(points: NDArray[np.float64], frame_time: float, up: NDArray[np.float64]) -> NDArray[np.float64]:
    """점 (F, 3) 의 수평 속도 (F,), 단위/초 (가운데 차분; 한 프레임이면 0)."""
    if points.shape[0] < 2:
        return np.zeros(points.shape[0])
    velocity = np.gradient(points, frame_time, axis=0)
    velocity -= (velocity @ up)[:, None] * up
    speed: NDArray[np.float64] = np.sqrt(np.sum(velocity * velocity, axis=-1))
    return speed


def find_contact_tracks(
    rest: NDArray[np.float64], pose: Pose, legs: Sequence[Leg], up: NDArray[np.float64], frame_time: float,
    units_per_metre: float, options: ContactOptions, ground: Optional[float] = None,
) -> tuple[list[ContactTrack], float]:
    """두 다리의 접지 (ContactTrack 목록) 와 쓴 땅 높이. ground 가 None 이면 두 발의 높이에서 추정한다."""
    raw_heights = [foot_heights(rest, pose, leg, up)[0] for leg in legs]
    speeds = [horizontal_speed(pose.joint_positions[leg.foot], frame_time, up) for leg in legs]
    used = ground if ground is not None else estimate_ground(raw_heights, options.ground_percentile)
    tracks = [detect_contacts(h, v, used, frame_time, units_per_metre, options) for h, v in zip(raw_heights, speeds)]
    return tracks, float(used)
