"""발 고정의 목표: 다리마다 IK 무게와 발목·발끝 목표 (디딘 자리를 들어온 발목에서 max_drift 안으로 묶는다)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Optional, Sequence

import numpy as np
from numpy.typing import NDArray

from .contact import ContactTrack, tip_world
from .footlock_setup import Setup, leg_reach
from .intervals import blend_weights, interval_means
from .legs import Leg

if TYPE_CHECKING:  # 타입만: footlock 이 이 모듈을 부른다
    from .footlock import FootlockOptions

__all__ = ["LegPlan", "plan_leg"]


class LegPlan(NamedTuple):
    """한 다리의 목표: 무게 (F,), 무게를 준 구간 (F,), IK 를 쓰는 프레임, 그 프레임의 발목·발끝 목표, 다리가 닿는 거리."""

    weight: NDArray[np.float64]
    owner: NDArray[np.intp]
    active: NDArray[np.intp]
    ankle_target: NDArray[np.float64]  # (A, 3)
    toe_target: Optional[NDArray[np.float64]]  # (A, 3), 굴리지 않으면 None
    reach: float


def plan_leg(setup: Setup, leg: Leg, track: ContactTrack, options: FootlockOptions) -> LegPlan:
    """무게와 목표: 디딘 자리 (구간 평균) 를 들어온 발목에서 max_drift·L 안에 둔다 (_anchors)."""
    frames = setup.pose.joint_positions.shape[1]
    weight, owner = blend_weights(track.intervals, frames, options.blend_frames)
    active = np.flatnonzero(weight > 0)
    ankle = setup.pose.joint_positions[leg.foot]
    radius = options.max_drift * setup.leg_length
    spots = interval_means(ankle, track.intervals)
    anchors = _anchors(ankle, track.intervals, spots, radius)
    # 섞는 프레임은 가까운 구간 끝의 자리를 목줄로 묶는다: 구간 경계에서 이어진다.
    bounds = np.asarray(track.intervals, dtype=np.intp).reshape(-1, 2)
    inside = np.clip(active, bounds[owner[active], 0], bounds[owner[active], 1])
    ankle_target = _leash(ankle[active], anchors[inside], radius)
    toe_target = None
    if options.toe_roll and (leg.toe >= 0 or leg.toe_site is not None):
        toe_spots = interval_means(tip_world(setup.pose, leg), track.intervals)[owner[active]]
        # 발끝도 발목과 같은 만큼 옮긴다: 디딘 발 (발목 → 발끝) 은 강체로 남는다.
        toe_target = toe_spots + (ankle_target - spots[owner[active]])
    return LegPlan(weight, owner, active, ankle_target, toe_target, leg_reach(setup.rest, leg))


def _anchors(
    ankle: NDArray[np.float64], intervals: Sequence[tuple[int, int]], spots: NDArray[np.float64], radius: float
) -> NDArray[np.float64]:
    """접지 프레임마다 디딘 자리 (F, 3; 접지 밖은 0).

    보통은 구간 평균 그대로. 들어온 발목이 평균에서 radius 보다 멀어지는 구간 (발이 실제로 움직인 긴 디딤) 에서는
    끌려가는 점: 평균에서 시작해, 발목이 radius 밖으로 나갈 때만 그 거리까지 끌려온다 — radius 를 지키는 가장 적은 움직임.
    """
    anchors = np.zeros_like(ankle)
    for (s, e), spot in zip(intervals, spots):
        points = ankle[s:e + 1]
        gap = spot - points
        if float(np.max(np.sum(gap * gap, axis=-1))) <= radius * radius:
            anchors[s:e + 1] = spot
            continue
        anchor = spot.copy()
        for k, point in enumerate(points):
            offset = anchor - point
            distance = float(np.sqrt(offset @ offset))
            if distance > radius:
                anchor = point + offset * (radius / distance)
            anchors[s + k] = anchor
    return anchors


def _leash(points: NDArray[np.float64], spots: NDArray[np.float64], radius: float) -> NDArray[np.float64]:
    """spots 를 points 에서 radius 안으로 (더 멀면 그 방향으로 radius 에): 거리에 연속이라 튀지 않는다."""
    gap = spots - points
    distance = np.sqrt(np.sum(gap * gap, axis=-1))
    far = distance > radius
    keep = np.where(far, radius / np.where(far, distance, 1.0), 1.0)
    leashed: NDArray[np.float64] = points + gap * keep[:, None]
    return leashed
