"""발 고정 (foot locking): 모션 캡처에서 디딘 발이 미끄러지는 것 (foot skating) 을 두 뼈 IK 로 고친다.

footlock 은 이름 붙은 단계를 차례로 부른다:

1. 준비 (prepare): 다리 찾기 (legs.find_legs), 다리와 조상의 정기구학 (fk), 척도 (scale.infer_scale), 위·앞.
2. 접지 (contact.find_contact_tracks): 발목·발끝의 높이와 수평 속도의 히스테리시스, 땅 높이.
3. 목표 (plan_leg): 접지 구간마다 디딘 자리 = 발목 위치의 평균. 다만 들어온 발목에서 max_drift (0.1) 다리 길이
   보다 멀면 그 거리까지만 (목줄): 긴 디딤에서 발이 실제로 움직이면 그만큼은 따라간다. 구간 안은 무게 1, 앞뒤
   blend_frames 프레임은 smoothstep 으로 0 → 1 → 0.
4. (옵션) 엉덩이 조정 (footlock_hips.adjust_hips, hips.py): 디딘 두 발이 닿도록 엉덩이를 가장 작게, 부드럽게 옮긴다.
5. 다리마다 풀기 (_solve_leg): apply_two_bone_ik (발의 월드 회전 유지, 자동 극), 닿지 않으면 발끝 구르기
   (toeroll.py), 새 로컬 회전을 채널 순서의 오일러 각으로 (원래 값에 가장 가까운 해).
6. 보고 (_report): 고친 클립을 다시 정기구학으로 재서 미끄러짐·닿지 못한 프레임·회전·지표.

옵션 없이는 다리 관절의 회전 채널만 바뀐다 (무게 0 인 프레임, 다른 관절, 위치 채널은 비트 단위로 그대로).
--adjust-hips 이면 엉덩이 (뿌리) 의 위치 채널도 바뀐다.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, NamedTuple, Optional, Sequence

import numpy as np
from numpy.typing import NDArray

from .bones import LocalTransform, apply_two_bone_ik
from .bvh import BvhClip
from .contact import (
    ContactOptions,
    ContactTrack,
    find_contact_tracks,
    foot_heights,
    tip_world,
)
from .foot_metrics import foot_metrics
from .foot_metrics import slide as _slide
from .fk import (
    Pose,
    euler_to_quaternion,
    forward_kinematics,
    local_rotation_angles,
    local_translations,
    matrix_to_euler,
    matrix_to_quaternion,
    quaternion_to_matrix,
)
from .legs import Leg
from .pole import auto_pole
from .footlock_report import FootlockResult, FootReport, HipsReport
from .footlock_hips import adjust_hips, shifted
from .footlock_plan import LegPlan, plan_leg
from .footlock_setup import Setup, character_forward, prepare
from .intervals import blend_weights
from .scale import infer_scale
from .toeroll import ROLL_REACH as ROLL_REACH  # 예전 자리 (twoboneik.footlock.ROLL_REACH) 에서도 불러온다
from .toeroll import toe_roll
from .rotation import quaternion_conjugate, quaternion_multiply, quaternion_normalize

__all__ = ["FootlockOptions", "FootReport", "FootlockResult", "footlock", "character_forward", "blend_weights"]

class _JointLocals(NamedTuple):
    """다리 관절 하나의 들어온 로컬 값 (모든 프레임)."""

    translation: NDArray[np.float64]  # (F, 3)
    rotation: NDArray[np.float64]  # (F, 4) 사원수
    angles: NDArray[np.float64]  # (F, 3) 채널 순서의 오일러 각, 도


#: IK 를 이만큼의 프레임씩 잘라 푼다: 진행 표시를 위해서이고, 작업 배열이 캐시에 가깝게 머문다.
CHUNK_FRAMES = 16384


@dataclass(frozen=True)
class FootlockOptions:
    """발 고정 옵션.

    - contact: 접지 문턱 (ContactOptions, 미터·초).
    - blend_frames = 5: 접지 앞뒤로 IK 를 0 → 1, 1 → 0 으로 섞는 프레임 수 (0 이면 바로 켜고 끈다).
    - ground: 땅 높이 (클립 단위, 위 방향 축의 좌표). None 이면 클립에서 추정.
    - units: 'm', 'cm', 'mm', 'inch'. scale: 1 m 당 클립 단위 (양수, 예 CMU 는 약 17.9). 둘 다 None 이면 다리 길이로
      추정한다 (scale.infer_scale). 둘 중 하나만 줄 수 있다. 미터·초 문턱은 이 척도로 클립 단위로 바꾼다.
    - toe_roll = True: 디딘 발목 자리가 닿지 않는 프레임에서 발을 발끝을 축으로 돌려 뒤꿈치를 든다 (toeroll.py).
      발끝 (발가락 관절 또는 End Site) 이 없는 다리는 굴리지 않는다.
    - adjust_hips = False: 디딘 두 발이 닿도록 엉덩이 (뿌리의 위치 채널) 를 가장 작게 옮긴다 (hips.py). 기본은 끔 —
      뿌리 궤적을 그대로 쓰는 파이프라인이 있다.
    - max_drift = 0.1: 디딘 자리는 들어온 발목에서 다리 길이의 이 비율보다 멀어지지 않는다 (목줄; issue 18 의 기준 0.12
      보다 안쪽). 긴 디딤에서 발이 실제로 움직이면 그만큼은 따라간다. inf 이면 묶지 않는다 (구간 평균 그대로).
    - hips_limit = 0.1: 엉덩이 이동의 최대 크기, 다리 길이 단위. hips_blend = 0.25: 이동을 섞어 넣고 빼는 시간, 초.
    - left_foot, right_foot: 발 관절 이름. None 이면 이름 규약 표로 찾는다.
    - left_toe, right_toe: 발가락 관절 이름 (발의 직접 자식). None 이면 이름 표, 없으면 발의 첫 자식 또는 End Site.
    """

    contact: ContactOptions = field(default_factory=ContactOptions)
    blend_frames: int = 5
    ground: Optional[float] = None
    units: Optional[str] = None
    scale: Optional[float] = None
    toe_roll: bool = True
    max_drift: float = 0.1
    adjust_hips: bool = False
    hips_limit: float = 0.1
    hips_blend: float = 0.25
    left_foot: Optional[str] = None
    right_foot: Optional[str] = None
    left_toe: Optional[str] = None
    right_toe: Optional[str] = None

    def validate(self) -> None:
        self.contact.validate()
        if not (isinstance(self.blend_frames, (int, np.integer)) and 0 <= self.blend_frames <= 10_000):
            raise ValueError(f"blend_frames 는 0 이상 10000 이하의 정수여야 합니다 (받은 값: {self.blend_frames!r})")
        if self.ground is not None and not np.isfinite(self.ground):
            raise ValueError(f"ground 는 유한한 수여야 합니다 (받은 값: {self.ground!r})")
        if not isinstance(self.adjust_hips, (bool, np.bool_)):
            raise ValueError(f"adjust_hips 는 참·거짓이어야 합니다 (받은 값: {self.adjust_hips!r})")
        if not (isinstance(self.max_drift, (int, float, np.floating)) and self.max_drift > 0):
            raise ValueError(f"max_drift 는 양수 (다리 길이 단위, inf 이면 묶지 않음) 여야 합니다 (받은 값: {self.max_drift!r})")
        for name, top in (("hips_limit", 1.0), ("hips_blend", 60.0)):
            value = getattr(self, name)
            if not (isinstance(value, (int, float, np.floating)) and np.isfinite(value) and 0 <= value <= top):
                raise ValueError(f"{name} 는 0 이상 {top:g} 이하의 수여야 합니다 (받은 값: {value!r})")
        infer_scale(1.0, self.units, self.scale)  # units·scale 검사 (다리 길이는 아직 모른다)


def _rotation_angle_deg(q0: NDArray[np.float64], q1: NDArray[np.float64]) -> NDArray[np.float64]:
    """q0 에서 q1 까지의 회전각 (도). q = q0⁻¹ q1 의 2·atan2(|q.xyz|, |q.w|): acos(내적) 과 달리 0 근처에서도 정확하다."""
    relative = quaternion_multiply(quaternion_conjugate(q0), q1)
    vector = np.sqrt(np.sum(relative[..., :3] ** 2, axis=-1))
    angle: NDArray[np.float64] = np.rad2deg(2.0 * np.arctan2(vector, np.abs(relative[..., 3])))
    return angle


class _LegSolution(NamedTuple):
    """접지 중 닿지 못한 프레임과 다리 관절의 들어온 로컬 값 (plan.active 의 프레임만)."""

    unreachable: NDArray[np.intp]
    locals_: dict[int, _JointLocals]


def footlock(
    clip: BvhClip,
    options: Optional[FootlockOptions] = None,
    progress: Optional[Callable[[float, str], None]] = None,
) -> FootlockResult:
    """클립의 발 미끄러짐을 고친 새 클립과 보고서. 입력 clip 은 바꾸지 않는다.

    progress(fraction, stage) 는 단계마다 (0 … 1) 불린다. 잘못된 옵션·다리를 찾지 못함·다리 관절의 회전 채널이
    세 축이 아님·프레임이 없는 클립·adjust_hips 인데 뿌리에 위치 채널이 없음은 계산 전에 ValueError.
    """
    options = options or FootlockOptions()
    options.validate()
    report = progress or (lambda fraction, stage: None)
    setup = prepare(clip, options, report)
    report(0.15, "접지 찾기")
    tracks, ground = find_contact_tracks(
        setup.rest, setup.pose, setup.legs, setup.up, clip.frame_time, setup.scale.units_per_metre,
        options.contact, options.ground,
    )
    plans = [plan_leg(setup, leg, track, options) for leg, track in zip(setup.legs, tracks)]
    motion = clip.motion.copy()
    pose, hips = setup.pose, None
    if options.adjust_hips:
        # 목표는 엉덩이를 옮기기 전에 정한다 (디딘 자리는 들어온 발의 것). 뿌리의 이동은 모든 관절을 같이 옮기므로
        # 정기구학을 다시 하지 않고 위치에 더하기만 한다.
        hips = adjust_hips(clip, setup, plans, options, motion)
        pose = shifted(setup.pose, hips.offset)
    total_work = max(1, sum(plan.active.size for plan in plans))
    solutions: list[_LegSolution] = []
    for leg, plan in zip(setup.legs, plans):
        done = sum(p.active.size for p in plans[:len(solutions)])
        tick = lambda n, done=done: report(0.2 + 0.7 * (done + n) / total_work, "IK")  # noqa: E731
        solutions.append(_solve_leg(clip, setup, pose, leg, plan, options, motion, tick))
    report(0.9, "검사")
    # 보고는 IK 의 결과가 아니라 쓴 오일러 각에서 다시 잰다 (적는 동안의 반올림까지 본다).
    result = _report(clip, setup, tracks, plans, solutions, motion, ground, hips)
    report(1.0, "끝")
    return result


def _joint_locals(clip: BvhClip, joint: int, order: str, frames: NDArray[np.intp]) -> _JointLocals:
    """관절의 들어온 로컬 값을 frames 의 프레임만 (IK 를 쓰지 않는 프레임의 사원수는 만들지 않는다)."""
    angles = local_rotation_angles(clip, joint)[frames]
    return _JointLocals(local_translations(clip, joint)[frames], euler_to_quaternion(order, angles), angles)


def _parent_world(pose: Pose, parent: int, frames: NDArray[np.intp]) -> NDArray[np.float64]:
    """허벅지 부모의 월드 변환 (N, 4, 4) (부모가 없으면 항등)."""
    world = np.zeros((frames.size, 4, 4))
    world[:, 3, 3] = 1.0
    if parent >= 0:
        world[:, :3, :3] = pose.joint_rotations[parent][frames]
        world[:, :3, 3] = pose.joint_positions[parent][frames]
    else:
        world[:, :3, :3] = np.eye(3)
    return world


def _solve_leg(
    clip: BvhClip, setup: Setup, pose: Pose, leg: Leg, plan: LegPlan, options: FootlockOptions,
    motion: NDArray[np.float64], tick: Callable[[int], None],
) -> _LegSolution:
    """한 다리를 CHUNK_FRAMES 씩 풀어 motion 의 회전 채널에 적는다. 접지 중 닿지 못한 프레임을 돌려준다."""
    joints = (leg.thigh, leg.shin, leg.foot)
    locals_ = {j: _joint_locals(clip, j, setup.orders[j], plan.active) for j in joints}
    columns = {
        j: np.array([int(clip.channel_start[j]) + k for k, c in enumerate(clip.channels[j]) if c.endswith("rotation")],
                    dtype=np.intp)
        for j in joints
    }
    parent = int(clip.parents[leg.thigh])
    unreachable: list[NDArray[np.intp]] = []
    for start in range(0, plan.active.size, CHUNK_FRAMES):
        chunk = slice(start, start + CHUNK_FRAMES)
        f = plan.active[chunk]
        parent_world = _parent_world(pose, parent, f)
        pole = auto_pole(
            pose.joint_positions[leg.thigh][f], pose.joint_positions[leg.shin][f], pose.joint_positions[leg.foot][f],
            parent_world[:, :3, :3] @ setup.forward,
        )
        ones = np.ones((f.size, 3))
        upper, mid, end = (
            LocalTransform(locals_[j].translation[chunk], locals_[j].rotation[chunk], ones) for j in joints
        )
        target = plan.ankle_target[chunk]
        roll: Optional[NDArray[np.float64]] = None
        if plan.toe_target is not None:
            # 섞는 프레임에서는 굴림도 무게만큼 (θ·w): 접지 밖에서 발 회전이 튀지 않는다.
            target, roll = toe_roll(
                pose.joint_positions[leg.thigh][f], target, plan.toe_target[chunk], ROLL_REACH * plan.reach,
                plan.weight[f],
            )
        result = apply_two_bone_ik(parent_world, upper, mid, end, target, pole, weight=plan.weight[f], keep_end_rotation=True)
        foot_rotation = _foot_rotation(
            locals_, joints, chunk, result.upper_rotation, result.mid_rotation, parent_world, roll
        )
        for j, q in zip(joints, (result.upper_rotation, result.mid_rotation, foot_rotation)):
            motion[np.ix_(f, columns[j])] = matrix_to_euler(
                setup.orders[j], quaternion_to_matrix(q), near=locals_[j].angles[chunk]
            )
        unreachable.append(f[(plan.weight[f] >= 1.0) & ~np.asarray(result.reachable)])
        tick(start + f.size)
    return _LegSolution(np.concatenate(unreachable) if unreachable else np.zeros(0, dtype=np.intp), locals_)


def _foot_rotation(
    locals_: dict[int, _JointLocals], joints: tuple[int, int, int], f: slice,
    upper: NDArray[np.float64], mid: NDArray[np.float64], parent_world: NDArray[np.float64],
    roll: Optional[NDArray[np.float64]],
) -> NDArray[np.float64]:
    """발의 월드 회전을 들어온 그대로 (굴리면 굴림 q_R 만큼 돌린) 두는 발의 로컬 사원수.

    섞는 프레임에서는 apply_two_bone_ik 가 세 회전을 따로 slerp 하므로 발의 월드 회전이 조금 어긋난다. 발 고정에서는
    발이 바닥과 이루는 각이 중요하므로 다시 구한다: 부모의 월드 회전 P 로
    q_E = (q_U q_M)⁻¹ P⁻¹ q_R P (q_U0 q_M0 q_E0); 굴리지 않으면 q_R = 1 이라 (q_U q_M)⁻¹ (q_U0 q_M0) q_E0.
    """
    thigh, shin, foot = joints
    chain_before = quaternion_multiply(locals_[thigh].rotation[f], locals_[shin].rotation[f])
    foot_parent = quaternion_multiply(chain_before, locals_[foot].rotation[f])
    if roll is not None:
        parent_q = matrix_to_quaternion(parent_world[:, :3, :3])
        roll_parent = quaternion_multiply(quaternion_conjugate(parent_q), quaternion_multiply(roll, parent_q))
        foot_parent = quaternion_multiply(roll_parent, foot_parent)
    chain_after = quaternion_multiply(upper, mid)
    rotation: NDArray[np.float64] = quaternion_normalize(quaternion_multiply(quaternion_conjugate(chain_after), foot_parent))
    return rotation


def _report(
    clip: BvhClip, setup: Setup, tracks: Sequence[ContactTrack], plans: Sequence[LegPlan],
    solutions: Sequence[_LegSolution], motion: NDArray[np.float64], ground: float, hips: Optional[HipsReport],
) -> FootlockResult:
    """고친 클립으로 다시 정기구학을 해서 잰다 (IK 의 플래그를 믿지 않는다)."""
    fixed = clip.copy(motion=motion)  # motion 은 footlock 이 만든 사본이다: 다시 복사하지 않는다
    # 다리와 조상만 다시 (걷기에서는 늘 한 발이 디뎌 있어 바뀐 프레임만 고르는 것은 더 빠르지 않았다).
    before, after = setup.pose, forward_kinematics(fixed, setup.needed)
    up = setup.up
    feet = [
        _foot_report(fixed, setup, leg, track, plan, solution, before, after)
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
    fixed: BvhClip, setup: Setup, leg: Leg, track: ContactTrack, plan: LegPlan, solution: _LegSolution,
    before: Pose, after: Pose,
) -> FootReport:
    largest = 0.0
    for j in (leg.thigh, leg.shin, leg.foot):
        # IK 를 쓰지 않은 프레임의 회전은 비트 단위로 그대로이므로 쓴 프레임만 잰다.
        q_new = euler_to_quaternion(setup.orders[j], local_rotation_angles(fixed, j)[plan.active])
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
