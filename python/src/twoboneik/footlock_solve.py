"""발 고정의 다리마다 풀기: apply_two_bone_ik (발끝 구르기, 발의 월드 회전 유지) 의 새 회전을 채널 순서의 오일러 각으로 적는다."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, NamedTuple, Optional, Sequence

import numpy as np
from numpy.typing import NDArray

from .bones import LocalTransform, apply_two_bone_ik
from .bvh import BvhClip
from .fk import (
    Pose,
    local_rotation_angles,
    local_translations,
    matrix_to_euler,
    matrix_to_quaternion,
    quaternion_to_matrix,
)
from .footlock_plan import LegPlan
from .footlock_setup import Setup
from .legs import Leg
from .pole import auto_pole
from .rotation import quaternion_conjugate, quaternion_multiply, quaternion_normalize
from .toeroll import ROLL_REACH, toe_roll

if TYPE_CHECKING:  # 타입만: footlock 이 이 모듈을 부른다
    from .footlock import FootlockOptions

__all__ = ["CHUNK_FRAMES", "JointLocals", "LegSolution", "solve_leg", "solve_legs"]


class JointLocals(NamedTuple):
    """다리 관절 하나의 들어온 로컬 값 (모든 프레임)."""

    translation: NDArray[np.float64]  # (F, 3)
    rotation: NDArray[np.float64]  # (F, 4) 사원수
    angles: NDArray[np.float64]  # (F, 3) 채널 순서의 오일러 각, 도


#: IK 를 이만큼의 프레임씩 잘라 푼다: 진행 표시를 위해서이고, 작업 배열이 캐시에 가깝게 머문다.
CHUNK_FRAMES = 16384


class LegSolution(NamedTuple):
    """접지 중 닿지 못한 프레임과 다리 관절의 들어온 로컬 값 (plan.active 의 프레임만)."""

    unreachable: NDArray[np.intp]
    locals_: dict[int, JointLocals]


def _joint_locals(clip: BvhClip, setup: Setup, joint: int, frames: NDArray[np.intp]) -> JointLocals:
    """관절의 들어온 로컬 값을 frames 의 프레임만. 사원수는 준비 단계의 정기구학이 만든 것을 골라 쓴다
    (euler_to_quaternion 은 성분별 연산이라 고른 프레임만 바꾼 값과 비트 단위로 같다)."""
    angles = local_rotation_angles(clip, joint)[frames]
    return JointLocals(local_translations(clip, joint)[frames], setup.local_rotations[joint][frames], angles)


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


def solve_legs(
    clip: BvhClip, setup: Setup, pose: Pose, plans: Sequence[LegPlan], options: FootlockOptions,
    motion: NDArray[np.float64], report: Callable[[float, str], None],
) -> list[LegSolution]:
    """두 다리를 차례로 풀어 motion 에 적는다. 진행은 IK 를 쓰는 프레임 수로 0.2 … 0.9 에 나눠 알린다."""
    total_work = max(1, sum(plan.active.size for plan in plans))
    solutions: list[LegSolution] = []
    for leg, plan in zip(setup.legs, plans):
        done = sum(p.active.size for p in plans[:len(solutions)])
        tick = lambda n, done=done: report(0.2 + 0.7 * (done + n) / total_work, "IK")  # noqa: E731
        solutions.append(solve_leg(clip, setup, pose, leg, plan, options, motion, tick))
    return solutions


def solve_leg(
    clip: BvhClip, setup: Setup, pose: Pose, leg: Leg, plan: LegPlan, options: FootlockOptions,
    motion: NDArray[np.float64], tick: Callable[[int], None],
) -> LegSolution:
    """한 다리를 CHUNK_FRAMES 씩 풀어 motion 의 회전 채널에 적는다. 접지 중 닿지 못한 프레임을 돌려준다."""
    joints = (leg.thigh, leg.shin, leg.foot)
    locals_ = {j: _joint_locals(clip, setup, j, plan.active) for j in joints}
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
        # 발의 로컬 회전은 _foot_rotation 이 (굴림까지 넣어) 구하므로 apply_two_bone_ik 의 end 회전은 쓰지 않는다:
        # keep_end_rotation 은 end 회전만 정하고 (tip 이 없으면) upper·mid·reachable 은 비트 단위로 같으니 끈다.
        result = apply_two_bone_ik(parent_world, upper, mid, end, target, pole, weight=plan.weight[f])
        foot_rotation = _foot_rotation(
            locals_, joints, chunk, result.upper_rotation, result.mid_rotation, parent_world, roll
        )
        for j, q in zip(joints, (result.upper_rotation, result.mid_rotation, foot_rotation)):
            motion[np.ix_(f, columns[j])] = matrix_to_euler(
                setup.orders[j], quaternion_to_matrix(q), near=locals_[j].angles[chunk]
            )
        unreachable.append(f[(plan.weight[f] >= 1.0) & ~np.asarray(result.reachable)])
        tick(start + f.size)
    return LegSolution(np.concatenate(unreachable) if unreachable else np.zeros(0, dtype=np.intp), locals_)


def _foot_rotation(
    locals_: dict[int, JointLocals], joints: tuple[int, int, int], f: slice,
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
