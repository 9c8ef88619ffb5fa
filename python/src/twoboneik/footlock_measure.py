"""발 고정의 검사: 고친 클립을 다시 정기구학으로 재서 보고 (FootlockResult: 미끄러짐·닿지 못한 프레임·회전·지표) 를 만든다."""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
from numpy.typing import NDArray

from .bvh import BvhClip
from .contact import ContactTrack, foot_heights, tip_world
from .fk import Pose, Reference, posed_with_locals
from .foot_metrics import foot_metrics
from .foot_metrics import slide as _slide
from .footlock_plan import LegPlan
from .footlock_report import FootlockResult, FootReport, HipsReport
from .footlock_setup import Setup
from .footlock_solve import LegSolution
from .legs import Leg
from .rotation import quaternion_conjugate, quaternion_multiply

__all__ = ["measure"]


def measure(
    clip: BvhClip, setup: Setup, tracks: Sequence[ContactTrack], plans: Sequence[LegPlan],
    solutions: Sequence[LegSolution], motion: NDArray[np.float64], ground: float, hips: Optional[HipsReport],
) -> FootlockResult:
    """고친 클립으로 다시 정기구학을 해서 잰다 (IK 의 플래그를 믿지 않는다)."""
    fixed = clip.copy(motion=motion)  # motion 은 footlock 이 만든 사본이다: 다시 복사하지 않는다
    # 다리와 조상만 다시 (걷기에서는 늘 한 발이 디뎌 있어 바뀐 프레임만 고르는 것은 더 빠르지 않았다).
    # 채널이 바뀌지 않은 관절 (조상, 발가락의 회전) 은 준비 단계의 값을 가져온다 (posed_with_locals).
    before = setup.pose
    after, after_rotations = posed_with_locals(
        fixed, setup.needed, reference=Reference(clip.motion, before, setup.local_rotations),
        keep=[j for leg in setup.legs for j in (leg.thigh, leg.shin, leg.foot)],
    )
    up = setup.up
    feet = [
        _foot_report(setup, leg, track, plan, solution, before, after, after_rotations)
        for leg, track, plan, solution in zip(setup.legs, tracks, plans, solutions)
    ]
    metrics = {
        label: foot_metrics(
            [p.joint_positions[leg.foot] for leg in setup.legs],
            [tip_world(p, leg) for leg in setup.legs],
            [foot_heights(setup.rest, p, leg, up)[1] - ground for leg in setup.legs],
            [t.contact for t in tracks], [t.intervals for t in tracks], up, 1.0 / clip.frame_time,
            setup.scale.units_per_metre,
        )
        for label, p in (("before", before), ("after", after))
    }
    return FootlockResult(fixed, feet, setup.scale, up, ground, setup.leg_length, setup.forward, metrics, hips)


def _foot_report(
    setup: Setup, leg: Leg, track: ContactTrack, plan: LegPlan, solution: LegSolution,
    before: Pose, after: Pose, after_rotations: dict[int, NDArray[np.float64]],
) -> FootReport:
    largest = 0.0
    for j in (leg.thigh, leg.shin, leg.foot):
        # IK 를 쓰지 않은 프레임의 회전은 비트 단위로 그대로이므로 쓴 프레임만 잰다.
        # 쓴 오일러 각의 사원수: 검사의 정기구학이 만든 것을 고른다 (성분별 연산이라 고른 뒤 바꾼 값과 비트 단위로 같다).
        q_new = after_rotations[j][plan.active]
        angle = _rotation_angle_deg(solution.locals_[j].rotation, q_new)
        largest = max(largest, float(angle.max()) if angle.size else 0.0)
    missed = solution.unreachable
    miss = 0.0
    if missed.size:
        gap = after.joint_positions[leg.foot][missed] - plan.ankle_target[np.searchsorted(plan.active, missed)]
        miss = float(np.sqrt(np.sum(gap * gap, axis=-1)).max())
    ankle_before, ankle_after = before.joint_positions[leg.foot], after.joint_positions[leg.foot]
    before_mean, before_max = _slide(ankle_before, track.intervals, setup.up)
    after_mean, after_max = _slide(ankle_after, track.intervals, setup.up)
    return FootReport(
        leg.side, leg.names, leg.convention, track.intervals, before_mean, before_max, after_mean, after_max,
        missed, miss, largest, track, ankle_before.copy(), ankle_after.copy(),
    )


def _rotation_angle_deg(q0: NDArray[np.float64], q1: NDArray[np.float64]) -> NDArray[np.float64]:
    """q0 에서 q1 까지의 회전각 (도). q = q0⁻¹ q1 의 2·atan2(|q.xyz|, |q.w|): acos(내적) 과 달리 0 근처에서도 정확하다."""
    relative = quaternion_multiply(quaternion_conjugate(q0), q1)
    vector = np.sqrt(np.sum(relative[..., :3] ** 2, axis=-1))
    angle: NDArray[np.float64] = np.rad2deg(2.0 * np.arctan2(vector, np.abs(relative[..., 3])))
    return angle
