"""apply_two_bone_ik 의 돌리기 단계: 풀린 관절·끝 (부모 공간) 으로 upper·mid 를 가장 작은 회전으로 돌리고 (비틀림 없음),
float32 잡음이 있는 체인은 끝을 다듬고, weight 로 섞은 뒤 끝 회전을 지킨다. TypeScript 의 bone/rotateChain.ts,
bone/exactEnd.ts, bone/endRotation.ts 와 같은 식."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from . import _tolerances
from ._affine import length
from .rotation import _rotation_between, quaternion_conjugate, quaternion_multiply, quaternion_normalize, rotate_vector, slerp
from .solve import solve_two_bone_ik

_IDENTITY = np.array([0.0, 0.0, 0.0, 1.0])

#: 끝 다듬기의 최대 횟수와 멈추는 오차 (팔다리 길이 a + b 에 대한 비율): TypeScript TwoBoneIK 와 같다.
END_REFINEMENTS = _tolerances.END_REFINEMENTS
END_REFINED = _tolerances.END_REFINED


class Chain(NamedTuple):
    """upper 의 부모 공간 P 에서 읽은 체인 (들어온 자세) 과 그 로컬 성분 (모두 프레임 모양으로 브로드캐스트)."""

    u_t: np.ndarray
    u_q: np.ndarray
    u_s: np.ndarray
    m_t: np.ndarray
    m_q: np.ndarray
    m_s: np.ndarray
    e_t: np.ndarray
    e_q: np.ndarray
    e_s: np.ndarray
    u_unit: np.ndarray
    m_unit: np.ndarray
    e_unit: np.ndarray
    #: mid 로컬 축에서 본 end (스케일 적용 뒤) 와, 그것을 돌린 지금 아래 뼈 R̂_M S_M p_E (mid 부모의 축).
    end_offset_m: np.ndarray
    lower_local: np.ndarray
    #: upper 로컬 축에서 본 mid (스케일 적용 뒤).
    mid_offset_u: np.ndarray
    root_p: np.ndarray
    mid_p: np.ndarray
    end_p: np.ndarray
    upper_length: np.ndarray
    lower_length: np.ndarray


def unit(v: np.ndarray) -> np.ndarray:
    """v / |v| (0 벡터는 그대로)."""
    v_length = length(v)[..., None]
    return v / np.where(v_length > 0, v_length, 1.0)


def rotate_upper(chain: Chain, joint_p: np.ndarray) -> np.ndarray:
    """upper: 지금 관절 방향 → 풀린 관절 방향의 가장 작은 회전 Δ₁ (부모 공간이라 왼쪽에 곱한다), q_U1 = normalize(Δ₁ q_U0).
    위 뼈 길이가 0 이면 그대로."""
    has_upper = (chain.upper_length > 0)[..., None]
    safe_a = np.where(chain.upper_length > 0, chain.upper_length, 1.0)[..., None]
    delta = _rotation_between((chain.mid_p - chain.root_p) / safe_a, (joint_p - chain.root_p) / safe_a)
    delta = np.where(has_upper, delta, _IDENTITY)
    return np.where(has_upper, quaternion_normalize(quaternion_multiply(delta, chain.u_q)), chain.u_q)


def rotate_mid(chain: Chain, upper_q1: np.ndarray, joint_p: np.ndarray, end_solved_p: np.ndarray) -> np.ndarray:
    """mid: 지금 아래 뼈 (chain.lower_local) 를 풀린 아래 뼈 S_U⁻¹ R_U′ᵀ (끝 − 관절) 로, mid 부모의 축에서 가장 작게 돌린다.
    upper 의 scale 이 정확히 균등하지 않아도 (float32 잡음) 방향이 정확하다. 아래 뼈 길이가 0 이면 그대로."""
    to = rotate_vector(quaternion_conjugate(upper_q1), end_solved_p - joint_p) / chain.u_s
    delta = _rotation_between(unit(chain.lower_local), unit(to))
    mid_q1 = quaternion_normalize(quaternion_multiply(delta, chain.m_q))
    return np.where((chain.lower_length > 0)[..., None], mid_q1, chain.m_q)


def refine_end(
    chain: Chain, pole_p: np.ndarray, reachable: np.ndarray, joint_p: np.ndarray, end_solved_p: np.ndarray,
    upper_q1: np.ndarray, mid_q1: np.ndarray, bend_limits: tuple[np.ndarray, np.ndarray] | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """upper 의 scale 이 정확히 균등하지 않은 체인 (float32 잡음, 허용 1e-5 까지) 에서 남는 아래 뼈 길이 차이 (δ·b) 를
    그려질 끝을 재서 어긋난 만큼 겨누는 점을 옮겨 다시 풀어 없앤다 (많아야 두 번). 다시 풀 때의 극은 처음 풀린 관절 쪽이다
    (굽힘 평면이 그대로 남는다; 관절이 직선 위면 원래 극). 그런 체인만 바꾸므로 나머지는 비트 그대로다.
    닿지 않는 목표 (펴졌거나 접힘) 는 다듬지 않는다: 관절은 이미 뿌리–끝 직선 위이고, 길이 차이를 겨누는 점으로 메우면
    완전히 편 팔다리가 √(2δL) 만큼 다시 굽는다 (곧음이 먼저다)."""
    u_s = chain.u_s
    noisy = ~((u_s[..., 0] == u_s[..., 1]) & (u_s[..., 1] == u_s[..., 2])) & (chain.lower_length > 0) & reachable
    if not noisy.any():
        return upper_q1, mid_q1
    root_p, goal, aim = chain.root_p, end_solved_p, end_solved_p
    to_joint, to_goal = joint_p - root_p, goal - root_p
    goal_sq = np.sum(to_goal * to_goal, axis=-1)
    along = np.sum(to_joint * to_goal, axis=-1) / np.where(goal_sq > 0, goal_sq, 1.0)
    perpendicular = to_joint - along[..., None] * to_goal
    refine_pole = np.where((length(perpendicular) > 0)[..., None], root_p + perpendicular, pole_p)
    limit = END_REFINED * (chain.upper_length + chain.lower_length)
    for _ in range(END_REFINEMENTS):
        drawn = root_p + rotate_vector(upper_q1, u_s * (chain.m_t + rotate_vector(mid_q1, chain.end_offset_m)))
        miss = goal - drawn
        redo = noisy & (length(miss) > limit)
        if not redo.any():
            break
        again_mask = redo[..., None]
        aim = np.where(again_mask, aim + miss, aim)
        again = solve_two_bone_ik(root_p, chain.upper_length, chain.lower_length, aim, refine_pole, bend_limits=bend_limits)
        joint_p = np.where(again_mask, again.joint, joint_p)
        end_solved_p = np.where(again_mask, again.end, end_solved_p)
        upper_q1 = np.where(again_mask, rotate_upper(chain, joint_p), upper_q1)
        mid_q1 = np.where(again_mask, rotate_mid(chain, upper_q1, joint_p, end_solved_p), mid_q1)
    return upper_q1, mid_q1


def blend(q0: np.ndarray, q1: np.ndarray, w: np.ndarray) -> np.ndarray:
    """slerp(q0, q1, w) 뒤 정규화 (0 < w < 1 일 때만; w = 0, 1 은 입력을 비트 그대로)."""
    blended = slerp(q0, q1, w)
    inside = (w > 0) & (w < 1)
    if np.any(inside):
        blended = np.where(inside[..., None], quaternion_normalize(blended), blended)
    return blended


def blend_and_keep_end(
    chain: Chain, upper_q1: np.ndarray, mid_q1: np.ndarray, weight: np.ndarray, keep_end_rotation: bool,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """weight 로 upper·mid 를 들어온 자세에서 섞고 (w = 0 이면 입력 그대로, w = 1 이면 IK 그대로; 0 < w < 1 이면 정규화),
    keep_end_rotation 이면 섞은 upper·mid 로 부모 공간에서 본 end 의 회전 q_U q_M q_E 를 그대로 둔다 (어느 weight 에서나)."""
    upper_out = blend(chain.u_q, upper_q1, weight)
    mid_out = blend(chain.m_q, mid_q1, weight)
    if not keep_end_rotation:
        return upper_out, mid_out, np.array(chain.e_q)
    chain0 = quaternion_multiply(chain.u_q, chain.m_q)
    chain_w_inverse = quaternion_conjugate(quaternion_multiply(upper_out, mid_out))
    end_kept = quaternion_normalize(quaternion_multiply(chain_w_inverse, quaternion_multiply(chain0, chain.e_q)))
    return upper_out, mid_out, np.where((weight > 0)[..., None], end_kept, chain.e_q)
