"""발 고정의 엉덩이 조정: 디딘 두 발이 닿도록 뿌리의 위치 채널을 옮기고 (hips.hips_offsets), 옮긴 자세를 만든다."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import numpy as np
from numpy.typing import NDArray

from .bvh import BvhClip
from .fk import Pose
from .footlock_report import HipsReport
from .hips import hips_offsets
from .legs import Leg
from .toeroll import toe_roll

if TYPE_CHECKING:  # 타입만: footlock 이 이 모듈을 부른다
    from .footlock import FootlockOptions
    from .footlock_plan import LegPlan
    from .footlock_setup import Setup

__all__ = ["HIPS_REACH", "adjust_hips", "root_position_columns", "shifted"]

#: 엉덩이 조정은 (굴린) 발목 목표가 다리 길이의 이 비율 안에 들도록 옮긴다 (무릎이 조금 굽은 채로 남는 여유).
HIPS_REACH = 0.995


def root_position_columns(clip: BvhClip, legs: Sequence[Leg]) -> tuple[int, NDArray[np.intp]]:
    """다리들의 뿌리 관절과 그 X·Y·Z 위치 채널의 열. 없으면 ValueError (adjust_hips 를 쓸 수 없다)."""
    roots = set()
    for leg in legs:
        j = leg.thigh
        while int(clip.parents[j]) >= 0:
            j = int(clip.parents[j])
        roots.add(j)
    root = min(roots)
    start = int(clip.channel_start[root])
    columns = [start + list(clip.channels[root]).index(c) if c in clip.channels[root] else -1
               for c in ("Xposition", "Yposition", "Zposition")]
    if len(roots) != 1 or min(columns) < 0:
        raise ValueError(
            f"adjust_hips=True 에는 두 다리의 공통 뿌리 관절에 X·Y·Z 위치 채널이 있어야 합니다 "
            f"(뿌리 {clip.names[root]!r}, 채널: {' '.join(clip.channels[root])})"
        )
    return root, np.asarray(columns, dtype=np.intp)


def adjust_hips(
    clip: BvhClip, setup: Setup, plans: Sequence[LegPlan], options: FootlockOptions, motion: NDArray[np.float64]
) -> HipsReport:
    """엉덩이 이동을 구해 motion 의 뿌리 위치 채널에 더하고 보고한다."""
    frames = clip.frame_count
    roots, targets, planted, radii = [], [], [], []
    for leg, plan in zip(setup.legs, plans):
        root = setup.pose.joint_positions[leg.thigh]
        target = np.zeros((frames, 3))
        target[plan.active] = plan.ankle_target
        if plan.toe_target is not None:
            # 발끝 구르기가 닿게 할 수 있는 만큼은 엉덩이를 옮기지 않는다: 굴린 발목을 목표로.
            target[plan.active] = toe_roll(
                root[plan.active], plan.ankle_target, plan.toe_target, HIPS_REACH * plan.reach, np.ones(plan.active.size)
            )[0]
        roots.append(root)
        targets.append(target)
        planted.append(plan.weight >= 1.0)
        radii.append(HIPS_REACH * plan.reach)
    half = int(round(options.hips_blend / clip.frame_time / 2))
    offset = hips_offsets(roots, targets, planted, radii, half, options.hips_limit * setup.leg_length)
    _, columns = root_position_columns(clip, setup.legs)
    touched = np.flatnonzero(np.any(offset != 0.0, axis=-1))
    motion[np.ix_(touched, columns)] += offset[touched]
    size = np.sqrt(np.sum(offset * offset, axis=-1))
    return HipsReport(offset, float(size.max(initial=0.0)), touched)


def shifted(pose: Pose, offset: NDArray[np.float64]) -> Pose:
    """뿌리를 offset (F, 3) 만큼 옮긴 자세: 계산한 모든 관절의 월드 위치가 같이 옮겨진다 (회전은 그대로)."""
    positions_jm = pose.joint_positions.copy()
    positions_jm[pose.computed] += offset[None]
    return Pose(positions_jm.transpose(1, 0, 2), pose.rotations, pose.computed, positions_jm, pose.joint_rotations)
