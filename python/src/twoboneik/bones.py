"""뼈 수준의 두 뼈 IK: TypeScript 의 TwoBoneIK 클래스와 같은 알고리즘을 평범한 변환 배열에, 프레임 배치로.

애니메이션 파이프라인 (모션 캡처의 발 고정, 소품을 쥔 손) 에서 클립 전체를 한 번에 고친다.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Union

import numpy as np
from numpy.typing import ArrayLike, NDArray

from . import _checks
from ._affine import UNIFORM_SCALE_TOLERANCE, invert_affine, length, transform_point
from ._bone_inputs import QUATERNION_UNIT_TOLERANCE, BoneInputs, validate_bone_inputs
from ._bend_limits import BendLimits
from ._bone_effector import goal_in_parent, tip_chain, tip_in_mid, tip_offset
from ._bone_rotate import Chain, blend, blend_and_keep_end, refine_end, rotate_mid, rotate_upper
from .rotation import quaternion_conjugate, quaternion_multiply, quaternion_normalize, rotate_vector
from .soft import soften_distance
from .solve import solve_two_bone_ik

__all__ = [
    "LocalTransform",
    "TwoBoneIKPose",
    "QUATERNION_UNIT_TOLERANCE",
    "UNIFORM_SCALE_TOLERANCE",
    "apply_two_bone_ik",
    "soften_distance",
]


class LocalTransform(NamedTuple):
    """뼈 하나의 로컬 변환 (부모 공간에서): 행렬 = T·R·S (three.js 의 compose 와 같다).

    - translation: 위치 (..., 3).
    - rotation: 단위 사원수 (..., 4), 순서 x, y, z, w (three.js 와 같다).
    - scale: 스케일 (..., 3).
    """

    translation: ArrayLike
    rotation: ArrayLike
    scale: ArrayLike


class TwoBoneIKPose(NamedTuple):
    """apply_two_bone_ik 의 결과.

    - upper_rotation, mid_rotation: 새 로컬 사원수 (..., 4), x, y, z, w.
    - end_rotation: keep_end_rotation 이나 end_rotation 이면 새 로컬 사원수, 아니면 입력 그대로 (..., 4).
    - joint, end: 새 자세를 정기구학으로 다시 계산한 관절과 효과점의 월드 위치 (..., 3). 효과점은 tip 이 없으면 (0 이면)
      end 뼈의 원점, 있으면 end 뼈의 새 월드 행렬로 옮긴 tip.
    - reachable (...): weight 1 의 풀이에서 효과점이 목표에 닿는가 — 풀리는 삼각형의 닿는 범위 (굽힘 제한 포함) 안이고
      soft 가 당기지 않았다.
      weight 와는 무관하다 (weight < 1 이면 True 여도 끝은 목표와 들어온 자세 사이에 있다). TypeScript 와 같은 정의.
    """

    upper_rotation: NDArray[np.float64]
    mid_rotation: NDArray[np.float64]
    end_rotation: NDArray[np.float64]
    joint: NDArray[np.float64]
    end: NDArray[np.float64]
    reachable: Union[bool, NDArray[np.bool_]]


def apply_two_bone_ik(
    parent_world: ArrayLike,
    upper_local: LocalTransform,
    mid_local: LocalTransform,
    end_local: LocalTransform,
    target_world: ArrayLike,
    pole_world: ArrayLike,
    *,
    weight: ArrayLike = 1.0,
    soft: ArrayLike = 0.0,
    keep_end_rotation: bool = False,
    end_rotation: ArrayLike | None = None,
    end_rotation_weight: ArrayLike = 1.0,
    tip: ArrayLike | None = None,
    bend_limits: BendLimits | tuple[ArrayLike, ArrayLike] | None = None,
) -> TwoBoneIKPose:
    """뼈 upper → mid → end 의 끝이 target_world 에 닿고 관절이 pole_world 쪽으로 굽도록 새 로컬 회전을 구한다.

    TypeScript 의 `TwoBoneIK.solve` 와 같은 단계 (검사 → 읽기 → 풀기 → 돌리기 → 섞기·끝 회전 → 결과), 모두 upper 의
    부모 공간 P 에서:

    1. target_p = P⁻¹·target_world, pole_p = P⁻¹·pole_world. root_p = upper 의 위치,
       mid_p = M_U·mid.translation, end_p = M_U·M_M·end.translation (M = T·R·S).
       a = |mid_p − root_p|, b = |end_p − mid_p| (현재 자세의 뼈 길이, 스케일 포함. IK 는 이를 바꾸지 않는다).
    2. soft > 0: d′ = soften_distance(d, a + b, soft) 가 d 보다 작으면 목표를 root_p + d′·unit(target_p − root_p)
       로 당기고 reachable = False.
    3. (joint_p, end_solved_p) = solve_two_bone_ik(root_p, a, b, target_p, pole_p).
    4. Δ₁ = 가장 작은 회전 unit(mid_p − root_p) → unit(joint_p − root_p) (a = 0 이면 항등),
       q_U1 = normalize(Δ₁ q_U0).
    5. mid 부모의 축에서 지금 아래 뼈 R̂_M S_M p_E → 풀린 아래 뼈 S_U⁻¹ R_U1ᵀ (end_solved_p − joint_p) 의 가장 작은 회전 Δ₂,
       q_M1 = normalize(Δ₂ q_M0) (부모 공간의 Δ₂ 를 켤레로 옮긴 것과 같은 회전; b = 0 이면 그대로). upper 의 scale 이 정확히
       균등하지 않은 체인은 닿는 목표에서 끝을 다듬는다 (많아야 두 번).
    6. weight w: upper·mid 의 회전 = normalize(slerp(q0, q1, w)) (짧은 경로). w = 0 이면 입력을 비트 단위로 그대로 돌려준다.
    7. keep_end_rotation: 섞은 회전 q_Uw, q_Mw 로 P 에서 본 end 의 회전을 유지한다 (그래서 어느 weight 에서나):
       q_E1 = normalize((q_Uw q_Mw)⁻¹ (q_U0 q_M0) q_E0).

    가장 작은 회전만 쓰므로 뼈의 비틀림은 바뀌지 않고, 위치·스케일도 바뀌지 않는다.

    효과점 (issue 16, 계약은 spec/END_EFFECTOR.md — TypeScript 와 같은 식):

    - tip (end 로컬의 점) 이 목표에 닿는다. 따라감 (end_rotation·keep_end_rotation 없음) 이면 삼각형의 아래 변이 mid → tip
      (tip 은 아래 뼈와 함께 움직인다), keep_end_rotation 이면 end 원점을 target − o_in 에 겨눈다 (o_in = 들어온 tip − end).
    - end_rotation Q (월드) 이면 R_Q = normalize(R_P⁻¹ Q̂) (R_P 는 three 의 Matrix4.decompose 가 내는 부모의 회전), end 원점을
      target − R_goal R_in⁻¹ o_in 에 겨눠 풀고 q_E1 = normalize((q_U1 q_M1)⁻¹ R_goal). end_rotation_weight w_e 가 1 이면
      R_goal = R_Q, 0 < w_e < 1 이면 먼저 따라감으로 풀어 R_A = q_UA q_MA q̂_E0 를 얻고 R_goal = slerp(R_A, R_Q, w_e),
      w_e = 0 이면 따라감 그대로. weight 는 end 도 섞는다: q_E = normalize(slerp(q̂_E0, q_E1, weight)).
    - soft 는 삼각형의 겨누는 점에 삼각형의 길이로, bend_limits 는 삼각형의 관절 각에 (solve_two_bone_ik 와 같은 식).
    - tip 0, end_rotation 없음, bend_limits 없음 (또는 (0, π)) 이면 이 옵션이 없을 때와 비트까지 같다.

    전제: mid 는 upper 의 직접 자식, end 는 mid 의 직접 자식. parent_world 는 열벡터 규약 (world = M·[x, 1]) 의
    4×4 행렬이고, parent_world 와 upper·mid 의 스케일이 균등해야 (거울 반사 포함) 월드의 뼈 길이가 보존된다 (검사한다).

    모양: 모든 입력은 프레임 배치 모양 (...) 으로 서로 브로드캐스트한다 — parent_world (..., 4, 4),
    translation·scale·target·pole·tip (..., 3), rotation·end_rotation (..., 4), weight·soft·end_rotation_weight·bend_limits 의
    min·max (...) 또는 스칼라.
    단일 프레임 (배치 모양 ()) 이면 reachable 은 파이썬 bool.

    잘못된 입력은 계산 전에 인자 이름·값·처음 어긋난 색인을 담은 ValueError 를 던진다 (TypeScript TwoBoneIK 와 같은 규칙):
    모양, 유한하지 않은 값 (어느 뼈의 어느 필드인지), |q| 가 1 ± 1e-4 밖인 사원수 (0 포함, 세 뼈 모두),
    균등하지 않은 upper·mid 의 scale (상대 1e-5 초과, 거울은 세 성분이 모두 음수), [0, 1] 밖·bool 의 weight·soft,
    bool 이 아닌 keep_end_rotation, 마지막 행이 (0, 0, 0, 1) 이 아니거나 균등 스케일·회전이 아니거나 (상대 1e-5,
    기울임 포함) 뒤집을 수 없는 parent_world (스케일 0; 1e-120 처럼 작아도 뒤집을 수 있으면 받는다),
    두 뼈의 길이가 모두 0,
    keep_end_rotation=True 와 end_rotation 을 함께 (두 이름을 담는다), 유한하지 않거나 |q| 가 1 ± 1e-4 밖인 end_rotation,
    [0, 1] 밖·bool 의 end_rotation_weight, 유한하지 않은 tip, solve_two_bone_ik 와 같은 규칙에 어긋난 bend_limits.

    Args:
        parent_world: upper 의 부모의 월드 행렬 (..., 4, 4). 부모가 없으면 항등 행렬.
        upper_local, mid_local, end_local: 세 뼈의 로컬 변환 (LocalTransform).
        target_world: 끝이 닿아야 할 점 (월드).
        pole_world: 관절이 굽을 쪽을 가리키는 점 (월드).
        weight: 들어온 자세 (0) 에서 완전한 IK (1) 까지의 섞음 비율, [0, 1].
        soft: soft IK 구간의 비율, [0, 1]. 0 이면 정확한 계약 그대로.
        keep_end_rotation: True 면 end 뼈의 (부모 공간, 곧 월드) 회전을 어느 weight 에서나 유지한다.
        end_rotation: end 뼈가 가질 월드 회전 (..., 4) x, y, z, w. None 이면 쓰지 않는다.
        end_rotation_weight: 따라갈 끝 회전 (0) 에서 end_rotation (1) 까지의 비율, [0, 1].
        tip: 목표에 닿을 end 로컬의 점 (..., 3) (손바닥, 발바닥). None 이면 end 원점.
        bend_limits: 관절 굽힘의 (min, max) 라디안 (BendLimits 또는 쌍, 배열이면 프레임마다), 0 ≤ min ≤ max ≤ π.

    Returns:
        TwoBoneIKPose(upper_rotation, mid_rotation, end_rotation, joint, end, reachable).
    """
    # 검사 (계산 전에 ValueError) → 읽기 (부모 공간 P, 두 뼈가 모두 0 이면 ValueError) → 풀기·섞기 → 결과.
    inputs = validate_bone_inputs(
        parent_world, upper_local, mid_local, end_local, target_world, pole_world, weight, soft, keep_end_rotation,
        end_rotation, end_rotation_weight, tip, bend_limits,
    )
    batch = inputs.batch
    parent = np.broadcast_to(inputs.parent, batch + (4, 4))
    chain, target_p, pole_p = _read_chain(inputs, parent)
    tip_e = None if inputs.tip is None else np.broadcast_to(inputs.tip, batch + (3,))
    solve = _TriangleSolver(pole_p, np.broadcast_to(inputs.soft, batch), inputs.bend_limits)
    upper_out, mid_out, end_out, reachable = _solve_and_blend(inputs, parent, chain, target_p, tip_e, solve)
    return _new_pose(batch, parent, chain, tip_e, upper_out, mid_out, end_out, reachable)


def _solve_and_blend(
    inputs: BoneInputs, parent: np.ndarray, chain: Chain, target_p: np.ndarray, tip_e: np.ndarray | None,
    solve: _TriangleSolver,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """풀기 → 돌리기 → 섞기·끝 회전: weight 로 섞은 새 로컬 회전 (q_U, q_M, q_E) 과 reachable (배치 모양)."""
    weight_full = np.broadcast_to(inputs.weight, inputs.batch)
    if inputs.end_rotation is not None:
        upper_q1, mid_q1, end_q1, reachable_full, follow_rows = _solve_end_rotation(
            inputs, inputs.end_rotation, parent, chain, target_p, tip_e, solve
        )
        upper_out, mid_out = blend(chain.u_q, upper_q1, weight_full), blend(chain.m_q, mid_q1, weight_full)
        # 끝도 같은 weight 로 섞는다 (weight 0 과 따라감 행은 입력 그대로).
        keep_input = ((weight_full <= 0) | follow_rows)[..., None]
        end_out = np.where(keep_input, chain.e_q, blend(chain.e_unit, end_q1, weight_full))
        return upper_out, mid_out, end_out, reachable_full
    if inputs.keep_end_rotation or tip_e is None:
        # 효과점은 end 원점. 유지 + tip 이면 tip 은 들어온 방향 그대로 붙어 가므로 겨누는 점 = target − o_in.
        triangle = chain
        aim = target_p if tip_e is None else target_p - tip_offset(chain, tip_e)
    else:
        triangle, aim = tip_chain(chain, tip_e), target_p
    upper_q1, mid_q1, reachable_full = solve(triangle, aim)
    upper_out, mid_out, end_out = blend_and_keep_end(
        chain, upper_q1, mid_q1, weight_full, inputs.keep_end_rotation
    )
    return upper_out, mid_out, end_out, reachable_full


def _new_pose(
    batch: tuple[int, ...], parent: np.ndarray, chain: Chain, tip_e: np.ndarray | None,
    upper_out: np.ndarray, mid_out: np.ndarray, end_out: np.ndarray, reachable_full: np.ndarray,
) -> TwoBoneIKPose:
    """결과: 새 자세를 정기구학으로 다시 계산해 관절·효과점의 월드 위치를 낸다 (단일 프레임이면 reachable 은 bool)."""
    joint_new_p = chain.root_p + rotate_vector(upper_out, chain.mid_offset_u)
    end_in_mid = chain.end_offset_m if tip_e is None else tip_in_mid(chain, end_out, tip_e)
    end_new_p = chain.root_p + rotate_vector(upper_out, chain.u_s * (chain.m_t + rotate_vector(mid_out, end_in_mid)))
    reachable: Any = reachable_full
    if batch == ():
        reachable = bool(reachable)
    return TwoBoneIKPose(
        upper_rotation=np.array(upper_out),
        mid_rotation=np.array(mid_out),
        end_rotation=np.array(end_out),
        joint=transform_point(parent, joint_new_p),
        end=transform_point(parent, end_new_p),
        reachable=reachable,
    )


class _TriangleSolver:
    """삼각형 (뿌리 – 관절 – 효과점) 하나를 weight 1 로 푼다: soft → 점 수준 풀이 (굽힘 제한) → 돌리기 → 끝 다듬기.
    (q_U1, q_M1, reachable). 끝 회전의 부분 가중치는 이를 두 번 부른다."""

    def __init__(self, pole_p: np.ndarray, soft: np.ndarray, bend_limits: tuple[np.ndarray, np.ndarray] | None):
        self.pole_p, self.soft, self.bend_limits = pole_p, soft, bend_limits

    def __call__(self, chain: Chain, aim: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        aim, softened = _soften_target(chain, aim, self.soft)
        try:
            solved = solve_two_bone_ik(
                chain.root_p, chain.upper_length, chain.lower_length, aim, self.pole_p, bend_limits=self.bend_limits
            )
        except ValueError as error:
            raise ValueError(f"apply_two_bone_ik: 부모 공간으로 옮긴 체인을 풀 수 없습니다 — {error}") from error
        reachable = np.asarray(solved.reachable, dtype=bool)
        upper_q1 = rotate_upper(chain, solved.joint)
        mid_q1 = rotate_mid(chain, upper_q1, solved.joint, solved.end)
        upper_q1, mid_q1 = refine_end(
            chain, self.pole_p, reachable, solved.joint, solved.end, upper_q1, mid_q1, self.bend_limits
        )
        return upper_q1, mid_q1, reachable & ~softened


def _solve_end_rotation(
    inputs: BoneInputs, end_rotation: np.ndarray, parent: np.ndarray, chain: Chain, target_p: np.ndarray,
    tip: np.ndarray | None, solve: _TriangleSolver,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """끝 회전 (spec/END_EFFECTOR.md): (q_U1, q_M1, q_E1, reachable, 따라감 행), 섞기 전. end_rotation_weight 가 0 인 행은 따라감
    (q_E1 은 쓰지 않는다), 1 인 행은 R_goal = R_Q, 그 사이는 따라감의 끝 회전 R_A 에서 R_Q 로 slerp 한 R_goal.
    R_goal 을 알면 tip 의 자리도 알므로 end 원점을 target − R_goal R_in⁻¹ o_in 에 겨눠 한 번 더 푼다."""
    batch = inputs.batch
    goal_weight = np.broadcast_to(inputs.end_rotation_weight, batch)
    goal_p = goal_in_parent(parent, np.broadcast_to(end_rotation, batch + (4,)))
    if tip is None:
        # tip 이 없으면 겨누는 점이 target 그대로라 따라감과 같은 삼각형: 한 번만 푼다.
        follow = solve(chain, target_p)
        goal = blend(_end_after(follow, chain), goal_p, goal_weight)
        upper_q1, mid_q1, reachable = follow
    else:
        follow_or_none = solve(tip_chain(chain, tip), target_p) if np.any(goal_weight < 1) else None
        goal = goal_p if follow_or_none is None else blend(_end_after(follow_or_none, chain), goal_p, goal_weight)
        into = quaternion_multiply(goal, quaternion_conjugate(_incoming_end(chain)))
        upper_q1, mid_q1, reachable = solve(chain, target_p - rotate_vector(into, tip_offset(chain, tip)))
        follow = follow_or_none if follow_or_none is not None else (upper_q1, mid_q1, reachable)
    end_q1 = quaternion_normalize(quaternion_multiply(quaternion_conjugate(quaternion_multiply(upper_q1, mid_q1)), goal))
    follow_rows = goal_weight <= 0
    if np.any(follow_rows):
        rows = follow_rows[..., None]
        upper_q1, mid_q1 = np.where(rows, follow[0], upper_q1), np.where(rows, follow[1], mid_q1)
        reachable = np.where(follow_rows, follow[2], reachable)
    return upper_q1, mid_q1, end_q1, reachable, follow_rows


def _end_after(solved: tuple[np.ndarray, np.ndarray, np.ndarray], chain: Chain) -> np.ndarray:
    """R_A = q_UA q_MA q̂_E0: 따라감으로 푼 체인에서 부모 공간으로 본 end 의 회전."""
    return quaternion_multiply(quaternion_multiply(solved[0], solved[1]), chain.e_unit)


def _incoming_end(chain: Chain) -> np.ndarray:
    """R_in = q̂_U0 q̂_M0 q̂_E0: 들어온 자세에서 부모 공간으로 본 end 의 회전."""
    return quaternion_multiply(quaternion_multiply(chain.u_unit, chain.m_unit), chain.e_unit)


def _read_chain(inputs: BoneInputs, parent: np.ndarray) -> tuple[Chain, np.ndarray, np.ndarray]:
    """읽기: 들어온 자세와 목표·극을 upper 의 부모 공간 P 로. 정규화한 회전으로 잰다: 새 회전은 정규화되어 나가므로 그 자세의
    뼈 길이로 풀어야 끝이 정확히 닿는다 (애니메이션의 사원수는 길이가 1 에서 조금 벗어날 수 있다). 두 뼈가 모두 0 이면 ValueError."""
    batch = inputs.batch
    (u_t, u_q, u_s), (m_t, m_q, m_s), (e_t, e_q, e_s) = (
        tuple(np.broadcast_to(x, batch + x.shape[-1:]) for x in inputs.bones[name])
        for name in ("upper_local", "mid_local", "end_local")
    )
    parent_inverse = invert_affine(parent)
    target_p = transform_point(parent_inverse, np.broadcast_to(inputs.target, batch + (3,)))
    pole_p = transform_point(parent_inverse, np.broadcast_to(inputs.pole, batch + (3,)))
    root_p = np.array(u_t, dtype=float)
    mid_offset_u = u_s * m_t
    end_offset_m = m_s * e_t
    u_unit = quaternion_normalize(u_q)
    m_unit = quaternion_normalize(m_q)
    lower_local = rotate_vector(m_unit, end_offset_m)
    mid_p = root_p + rotate_vector(u_unit, mid_offset_u)
    end_p = root_p + rotate_vector(u_unit, u_s * (m_t + lower_local))
    upper_length = length(mid_p - root_p)
    lower_length = length(end_p - mid_p)
    both_zero = (upper_length == 0) & (lower_length == 0)
    if both_zero.any():
        index = _checks.first_index(np.broadcast_to(both_zero, batch))
        raise ValueError(
            f"mid_local.translation과 end_local.translation이 프레임 {_checks.format_index(index)}에서"
            " 두 뼈의 길이를 모두 0으로 만듭니다 — 적어도 한 뼈는 길이가 있어야 합니다"
        )
    chain = Chain(
        u_t, u_q, u_s, m_t, m_q, m_s, e_t, e_q, e_s, u_unit, m_unit, quaternion_normalize(e_q), end_offset_m,
        lower_local, mid_offset_u, root_p, mid_p, end_p, upper_length, lower_length,
    )
    return chain, target_p, pole_p


def _soften_target(chain: Chain, target_p: np.ndarray, soft: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """soft IK: 완전히 펴지기 직전의 목표를 뿌리 쪽으로 당긴다. (목표, 당겼는가).
    당겼는가는 거리를 비교해 정한다 (softIK.ts 와 같다): d 가 부드러운 구간의 시작을 아주 조금 넘으면 d′ 이 d 와 같은
    float 로 반올림되지만, 그래도 soft 가 적용된 것이므로 reachable 은 False."""
    softened = np.zeros(soft.shape, dtype=bool)
    if not np.any(soft > 0):
        return target_p, softened
    to_target = target_p - chain.root_p
    distance = length(to_target)
    chain_length = chain.upper_length + chain.lower_length
    soft_distance = soften_distance(distance, chain_length, soft)
    softened = (soft > 0) & (distance > chain_length - soft * chain_length)
    with np.errstate(divide="ignore", invalid="ignore"):
        scale = np.where(softened, soft_distance / np.where(distance > 0, distance, 1.0), 1.0)
    return np.where(softened[..., None], to_target * scale[..., None] + chain.root_p, target_p), softened
