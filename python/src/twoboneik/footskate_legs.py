"""관절 배열의 다리 고치기: 다리 관절 고르기, 뼈 길이, 다리마다 발목 목표 (디딘 발끝, 굴림)·두 뼈 IK·발끝 놓기."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from ._affine import length as _length  # 이름 length 는 _place_toe 의 발 길이 인자
from .contact import ContactTrack
from .footskate_contact import horizontal
from .footskate_layout import Layout, LegIndices
from .intervals import blend_weights, interval_means
from .pole import auto_pole
from .solve import solve_two_bone_ik
from .toeroll import ROLL_REACH, toe_roll  # ROLL_REACH: 발끝 구르기를 시작하는 뻗음 (BVH 도구와 같은 값)

if TYPE_CHECKING:  # 타입만: footskate 가 이 모듈을 부른다
    from .footskate import FootskateOptions

__all__ = ["LegArrays", "LegFix", "bone_lengths", "character_forward", "fix_leg", "pick_legs"]


class LegArrays(NamedTuple):
    """다리의 여덟 관절만 float64 로: picks 는 원래 배열의 색인, layout 은 x 안의 색인 (0 … 7), x 는 (F, 8, 3)."""

    picks: list[int]
    layout: Layout
    x: NDArray[np.float64]


class LegFix(NamedTuple):
    """한 다리의 새 무릎·발목·발끝 (F, 3) 과 접지 중 발목이 목표에 닿지 못한 프레임."""

    knee: NDArray[np.float64]
    ankle: NDArray[np.float64]
    toe: NDArray[np.float64]
    unreachable: NDArray[np.intp]


def pick_legs(source: NDArray[Any], spec: Layout) -> LegArrays:
    """다리의 여덟 관절만 float64 로 (큰 배열에서 전체를 복사하지 않는다)."""
    picks = [j for leg in spec.legs for j in leg]
    small = Layout(LegIndices(0, 1, 2, 3), LegIndices(4, 5, 6, 7), 0, spec.up_axis, spec.up_sign, spec.fps, spec.name)
    return LegArrays(picks, small, source[:, picks].astype(np.float64))


def bone_lengths(x: NDArray[np.float64], layout: Layout) -> list[tuple[float, float, float]]:
    """다리마다 (엉덩이–무릎, 무릎–발목, 발목–발끝) 의 중앙값 길이. 0 이면 ValueError (배치가 틀렸다)."""
    return [
        (_median_length(x, leg.hip, leg.knee, f"{side} 엉덩이–무릎"), _median_length(x, leg.knee, leg.ankle, f"{side} 무릎–발목"),
         _median_length(x, leg.ankle, leg.toe, f"{side} 발목–발끝"))
        for side, leg in zip(("left", "right"), layout.legs)
    ]


def fix_leg(
    x: NDArray[np.float64], leg: LegIndices, track: ContactTrack, bones: tuple[float, float, float], ground: float,
    forward: NDArray[np.float64], up: NDArray[np.float64], options: FootskateOptions,
) -> LegFix:
    """한 다리: 무게와 발목 목표, 들어온 무릎을 극으로 한 두 뼈 IK, 발과 함께 가는 발끝."""
    thigh, shin, foot_length = bones
    hip, knee, ankle, toe = (x[:, j] for j in leg)
    weight, owner = blend_weights(track.intervals, x.shape[0], options.blend_frames)
    toe_spot = interval_means(toe, track.intervals)
    own = toe - ankle
    own = own / np.maximum(_length(own), np.finfo(float).tiny)[:, None]
    target, toe_goal = _ankle_targets(hip, ankle, toe, own, weight, owner, toe_spot, bones, options.toe_roll)
    pole = auto_pole(hip, knee, ankle, forward)
    result = solve_two_bone_ik(hip, thigh, shin, target, pole)
    new_knee, new_ankle = np.asarray(result.joint), np.asarray(result.end)
    new_toe = _toe_with_foot(new_ankle, toe, own, toe_goal, weight, foot_length, ground, up, forward)
    in_contact = weight >= 1.0
    return LegFix(new_knee, new_ankle, new_toe, np.flatnonzero(in_contact & ~np.asarray(result.reachable)))


def _ankle_targets(
    hip: NDArray[np.float64], ankle: NDArray[np.float64], toe: NDArray[np.float64], own: NDArray[np.float64],
    weight: NDArray[np.float64], owner: NDArray[np.intp], toe_spot: NDArray[np.float64],
    bones: tuple[float, float, float], roll: bool,
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """발목 목표 = 들어온 발목 + w·(디딘 자리 − 들어온 발목), 발끝 목표 = 디딘 발끝 (무게 0 인 프레임은 들어온 그대로)."""
    thigh, shin, foot_length = bones
    target = ankle.copy()
    toe_goal = toe.copy()
    active = np.flatnonzero(weight > 0)
    if active.size:
        w = weight[active]
        # 디딘 발끝에서 들어온 발의 방향을 거슬러 발 길이만큼: 발끝은 제자리, 발의 기울기 (뒤꿈치 들기) 는 그대로.
        spot = toe_spot[owner[active]] - foot_length * own[active]
        if roll:
            # 굴림은 발목 자리가 닿는 거리 밖일 때만 0 이 아니다 (toe_roll 의 θ): 그 프레임만 계산한다.
            reach = ROLL_REACH * (thigh + shin)
            far = np.flatnonzero(_length(spot - hip[active]) > reach)
            if far.size:
                spot[far], _ = toe_roll(hip[active[far]], spot[far], toe_spot[owner[active[far]]], reach, w[far])
        target[active] = ankle[active] + w[:, None] * (spot - ankle[active])
        toe_goal[active] = toe_spot[owner[active]]
    return target, toe_goal


def _toe_with_foot(
    new_ankle: NDArray[np.float64], toe: NDArray[np.float64], own: NDArray[np.float64], toe_goal: NDArray[np.float64],
    weight: NDArray[np.float64], foot_length: float, ground: float, up: NDArray[np.float64], forward: NDArray[np.float64],
) -> NDArray[np.float64]:
    """새 발끝: 새 발목에서 발 길이만큼, 땅 (섞는 프레임은 들어온 발끝이 땅 아래인 만큼 낮춘 땅) 위로."""
    # 발끝의 방향: 들어온 발의 방향, 접지 중에는 무게만큼 디딘 발끝 쪽으로.
    toward = toe_goal - new_ankle
    toward = toward / np.maximum(_length(toward), np.finfo(float).tiny)[:, None]
    direction = own + weight[:, None] * (toward - own)
    floor = ground - (1.0 - weight) * np.maximum(0.0, ground - toe @ up)
    return _place_toe(new_ankle, direction, foot_length, up, floor, forward)


def character_forward(x: NDArray[np.float64], layout: Layout) -> NDArray[np.float64]:
    """프레임마다 캐릭터의 앞 (단위, 수평): (왼 엉덩이 − 오른 엉덩이) × 위, 안 되면 두 발목→발끝의 평균, 그래도 안 되면 위에 수직인 축."""
    up = layout.up
    side = x[:, layout.left.hip] - x[:, layout.right.hip]
    forward = horizontal(np.cross(side, up), up)
    feet = horizontal((x[:, layout.left.toe] - x[:, layout.left.ankle]) + (x[:, layout.right.toe] - x[:, layout.right.ankle]), up)
    size = _length(forward)
    scale = np.max(np.abs(x)) + 1.0
    forward = np.where((size > 1e-9 * scale)[:, None], forward, feet)
    size = _length(forward)
    fallback = np.zeros(3)
    fallback[(layout.up_axis + 1) % 3] = 1.0
    forward = np.where((size > 1e-9 * scale)[:, None], forward, fallback)
    out: NDArray[np.float64] = forward / _length(forward)[:, None]
    return out


def _median_length(x: NDArray[np.float64], a: int, b: int, what: str) -> float:
    value = float(np.median(_length(x[:, b] - x[:, a])))
    if not value > 0:
        raise ValueError(f"joints: {what} 뼈 (관절 {a} → {b}) 의 중앙값 길이가 0 입니다 — 배치가 맞는지 확인하세요")
    return value


def _place_toe(
    ankle: NDArray[np.float64], direction: NDArray[np.float64], length: float, up: NDArray[np.float64],
    floor: NDArray[np.float64], forward: NDArray[np.float64],
) -> NDArray[np.float64]:
    """발목 + length·u. u 는 direction 의 단위 벡터, 발끝이 floor 아래면 수평 방향을 두고 올려 보는 각만 키운다."""
    size = _length(direction)
    u = np.where((size > 0)[:, None], direction / np.where(size > 0, size, 1.0)[:, None], forward)
    rise = u @ up
    need = np.clip((floor - ankle @ up) / length, -1.0, 1.0)
    lift = rise < need
    if np.any(lift):
        flat = horizontal(u[lift], up)
        flat_size = _length(flat)
        flat = np.where((flat_size > 1e-12)[:, None], flat / np.where(flat_size > 1e-12, flat_size, 1.0)[:, None], forward[lift])
        s = need[lift]
        u[lift] = flat * np.sqrt(np.maximum(0.0, 1.0 - s * s))[:, None] + s[:, None] * up
    out: NDArray[np.float64] = ankle + length * u
    return out
