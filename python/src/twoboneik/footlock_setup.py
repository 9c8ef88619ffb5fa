"""발 고정의 준비: 다리·회전 순서·정기구학·척도·위·앞을 구하고, 계산 전에 잘못된 입력을 ValueError 로 거른다."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, NamedTuple

import numpy as np
from numpy.typing import NDArray

from .bvh import BvhClip
from .contact import detect_up_axis, rest_tip
from .fk import Pose, posed_with_locals, rest_positions, rotation_order
from .footlock_hips import root_position_columns
from .legs import Leg, find_legs
from .scale import ClipScale, infer_scale

if TYPE_CHECKING:  # 타입만: footlock 이 이 모듈을 부른다
    from .footlock import FootlockOptions

__all__ = ["Setup", "character_forward", "leg_reach", "prepare"]


class Setup(NamedTuple):
    """준비 단계의 결과: 다리, 관절마다 회전 순서, 들어온 자세 (와 그 로컬 사원수), 쉬는 자세, 척도, 위, 앞."""

    legs: tuple[Leg, Leg]
    orders: dict[int, str]
    needed: list[int]
    pose: Pose
    #: 계산한 관절마다 들어온 로컬 사원수 (F, 4): 풀기·검사가 같은 오일러 각을 다시 바꾸지 않도록.
    local_rotations: dict[int, NDArray[np.float64]]
    rest: NDArray[np.float64]
    leg_length: float
    scale: ClipScale
    up: NDArray[np.float64]
    forward: NDArray[np.float64]


def prepare(clip: BvhClip, options: FootlockOptions, report: Callable[[float, str], None]) -> Setup:
    """다리·회전 순서·정기구학·척도·위·앞. 계산 전에 잘못된 입력을 ValueError 로 거른다."""
    legs = find_legs(clip, options.left_foot, options.right_foot, options.left_toe, options.right_toe)
    orders = {j: _require_three_rotations(clip, j) for leg in legs for j in (leg.thigh, leg.shin, leg.foot)}
    if clip.frame_count == 0:
        raise ValueError("클립에 프레임이 없습니다 (Frames: 0) — 고칠 것이 없습니다")
    if options.adjust_hips:
        root_position_columns(clip, legs)
    report(0.0, "정기구학")
    needed = [j for leg in legs for j in (leg.thigh, leg.shin, leg.foot, leg.toe) if j >= 0]
    # 사원수는 풀기가 쓰는 다리 관절과, 검사의 정기구학이 다시 쓰는 (회전이 바뀌지 않는) 발가락만 남긴다.
    pose, local_rotations = posed_with_locals(clip, needed, keep=needed)
    rest = rest_positions(clip)
    leg_length = float(np.mean([leg_reach(rest, leg) for leg in legs]))
    clip_scale = infer_scale(leg_length, options.units, options.scale)
    up = detect_up_axis(rest[legs[0].thigh], rest[legs[0].foot])
    return Setup(legs, orders, needed, pose, local_rotations, rest, leg_length, clip_scale, up, character_forward(clip, legs, up))


def leg_reach(rest: NDArray[np.float64], leg: Leg) -> float:
    """허벅지 + 정강이 길이 (다 편 다리가 닿는 거리)."""
    return float(sum(np.linalg.norm(rest[b] - rest[a]) for a, b in ((leg.thigh, leg.shin), (leg.shin, leg.foot))))


def character_forward(clip: BvhClip, legs: tuple[Leg, Leg], up: NDArray[np.float64]) -> NDArray[np.float64]:
    """쉬는 자세 (모든 채널 0) 에서 캐릭터의 앞 (단위 벡터, up 에 수직).

    발 → 발끝 방향의 평균 (수평 성분). 발끝이 없거나 수평 성분이 없으면 (왼쪽 엉덩이 − 오른쪽 엉덩이) × up.
    쉬는 자세에서는 조상의 회전이 모두 항등이므로 이것이 곧 허벅지 부모 공간의 n 이다.
    """
    rest = rest_positions(clip)
    total = np.zeros(3)
    for leg in legs:
        tip = rest_tip(rest, leg)
        if tip is not None:
            total += tip - rest[leg.foot]
    total -= np.dot(total, up) * up
    length = float(np.linalg.norm(total))
    left, right = legs
    if not length > 1e-9 * max(1.0, float(np.max(np.abs(rest)))):
        total = np.cross(rest[left.thigh] - rest[right.thigh], up)
        total -= np.dot(total, up) * up
        length = float(np.linalg.norm(total))
        if not length > 0:
            raise ValueError("쉬는 자세에서 캐릭터의 앞을 정할 수 없습니다 (발끝이 없고 두 엉덩이가 위 방향으로 나란합니다)")
    forward: NDArray[np.float64] = total / length
    return forward


def _require_three_rotations(clip: BvhClip, joint: int) -> str:
    order = rotation_order(clip.channels[joint])
    if len(order) != 3 or len(set(order)) != 3:
        raise ValueError(
            f"다리 관절 {clip.names[joint]!r} 의 회전 채널 ({' '.join(clip.channels[joint])}) 은 서로 다른 세 축이어야"
            " IK 의 회전을 적을 수 있습니다"
        )
    return order
