"""뼈 수준의 두 뼈 IK: TypeScript 의 TwoBoneIK 클래스와 같은 알고리즘을 평범한 변환 배열에, 프레임 배치로.

애니메이션 파이프라인 (모션 캡처의 발 고정, 소품을 쥔 손) 에서 클립 전체를 한 번에 고친다.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Union

import numpy as np
from numpy.typing import ArrayLike, NDArray

from . import _checks, _tolerances
from .rotation import (
    quaternion_conjugate,
    quaternion_multiply,
    quaternion_normalize,
    _rotation_between,
    rotate_vector,
    slerp,
)
from .solve import solve_two_bone_ik

__all__ = [
    "LocalTransform",
    "TwoBoneIKPose",
    "QUATERNION_UNIT_TOLERANCE",
    "apply_two_bone_ik",
    "soften_distance",
]

#: 입력 쿼터니언의 |q| 가 1 에서 이만큼 넘게 벗어나면 거부한다. three 는 단위 쿼터니언을 전제로 행렬을 만들므로
#: 크기가 어긋난 회전은 뼈를 늘인다. glTF 의 float32 쿼터니언 (오차 ~1e-7) 은 넉넉히 통과한다.
QUATERNION_UNIT_TOLERANCE = _tolerances.QUATERNION_UNIT_TOLERANCE


class LocalTransform(NamedTuple):
    """뼈 하나의 로컬 변환 (부모 공간에서): 행렬 = T·R·S (three.js 의 compose 와 같다).

    - translation: 위치 (..., 3).
    - rotation: 단위 쿼터니언 (..., 4), 순서 x, y, z, w (three.js 와 같다).
    - scale: 스케일 (..., 3).
    """

    translation: ArrayLike
    rotation: ArrayLike
    scale: ArrayLike


class TwoBoneIKPose(NamedTuple):
    """apply_two_bone_ik 의 결과.

    - upper_rotation, mid_rotation: 새 로컬 쿼터니언 (..., 4), x, y, z, w.
    - end_rotation: keep_end_rotation 이면 새 로컬 쿼터니언, 아니면 입력 그대로 (..., 4).
    - joint, end: 새 자세를 정기구학으로 다시 계산한 관절·끝의 월드 위치 (..., 3).
    - reachable (...): weight 1 의 풀이에서 끝이 목표에 닿는가 — 목표가 닿는 범위 안이고 soft 가 당기지 않았다.
      weight 와는 무관하다 (weight < 1 이면 True 여도 끝은 목표와 들어온 자세 사이에 있다). TypeScript 와 같은 정의.
    """

    upper_rotation: NDArray[np.float64]
    mid_rotation: NDArray[np.float64]
    end_rotation: NDArray[np.float64]
    joint: NDArray[np.float64]
    end: NDArray[np.float64]
    reachable: Union[bool, NDArray[np.bool_]]


def soften_distance(distance: ArrayLike, chain_length: ArrayLike, soft: ArrayLike) -> np.ndarray:
    """soft IK: 팔다리가 완전히 펴지기 직전에 속도를 줄인다 (src/math/softIK.ts 와 같은 식).

    체인 길이 L = a + b, 부드러운 구간 s = soft·L 일 때 거리 d 를 d′ 로 바꾼다:

    - d ≤ L − s:  d′ = d
    - d > L − s:  d′ = L − s·exp(−(d − (L − s)) / s)

    d′ 은 d 에 대해 연속이고 기울기도 연속 (경계에서 1) 이며, d → ∞ 일 때 L 에 다가가기만 한다.
    soft = 0 이면 d 를 그대로 돌려준다.

    검사 (TypeScript 의 softenDistance 와 같은 규칙·같은 문구): distance ≥ 0 유한, chain_length > 0 유한,
    soft ∈ [0, 1]. 어긋나면 (NaN·무한대·bool·문자열 포함) 인자 이름·값·(배열이면) 처음 어긋난 색인을 담은 ValueError.
    """
    d = _checks.as_real_array("distance", distance, np.dtype(np.float64))
    chain = _checks.as_real_array("chain_length", chain_length, np.dtype(np.float64))
    k = _checks.as_real_array("soft", soft, np.dtype(np.float64))
    for name, values, good, rule in (
        ("distance", d, (d >= 0) & (d < np.inf), "0 이상의 유한한 수"),
        ("chain_length", chain, (chain > 0) & (chain < np.inf), "0보다 큰 유한한 수"),
        ("soft", k, (k >= 0) & (k <= 1), "[0, 1] 범위의 수"),
    ):
        if not np.all(good):
            index = _checks.first_index(~np.asarray(good))
            raise ValueError(
                f"{name}{_checks.format_index(index)}는 {rule}여야 합니다 (받은 값: {_checks.scalar_repr(values[index])})"
            )
    soft_length = k * chain
    soft_start = chain - soft_length
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        eased = chain - soft_length * np.exp(-(d - soft_start) / soft_length)
    return np.where((k <= 0) | (d <= soft_start), d, eased)


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
) -> TwoBoneIKPose:
    """뼈 upper → mid → end 의 끝이 target_world 에 닿고 관절이 pole_world 쪽으로 굽도록 새 로컬 회전을 구한다.

    TypeScript 의 `TwoBoneIK.solve` 와 같은 순서 (모두 upper 의 부모 공간 P 에서):

    1. target_p = P⁻¹·target_world, pole_p = P⁻¹·pole_world. root_p = upper 의 위치,
       mid_p = M_U·mid.translation, end_p = M_U·M_M·end.translation (M = T·R·S).
       a = |mid_p − root_p|, b = |end_p − mid_p| (현재 자세의 뼈 길이, 스케일 포함. IK 는 이를 바꾸지 않는다).
    2. soft > 0: d′ = soften_distance(d, a + b, soft) 가 d 보다 작으면 목표를 root_p + d′·unit(target_p − root_p)
       로 당기고 reachable = False.
    3. (joint_p, end_solved_p) = solve_two_bone_ik(root_p, a, b, target_p, pole_p).
    4. Δ₁ = 가장 작은 회전 unit(mid_p − root_p) → unit(joint_p − root_p) (a = 0 이면 항등),
       q_U1 = normalize(Δ₁ q_U0).
    5. Δ₂ = 가장 작은 회전 unit(Δ₁(end_p − root_p) + root_p − joint_p) → unit(end_solved_p − joint_p) (b = 0 이면 항등),
       upper 의 로컬 축으로 옮겨 q_M1 = normalize((q_U1⁻¹ Δ₂ q_U1) q_M0).
    6. weight w: upper·mid 의 회전 = normalize(slerp(q0, q1, w)) (짧은 경로). w = 0 이면 입력을 비트 단위로 그대로 돌려준다.
    7. keep_end_rotation: 섞은 회전 q_Uw, q_Mw 로 P 에서 본 end 의 회전을 유지한다 (그래서 어느 weight 에서나):
       q_E1 = normalize((q_Uw q_Mw)⁻¹ (q_U0 q_M0) q_E0).

    가장 작은 회전만 쓰므로 뼈의 비틀림은 바뀌지 않고, 위치·스케일도 바뀌지 않는다.

    전제: mid 는 upper 의 직접 자식, end 는 mid 의 직접 자식. parent_world 는 열벡터 규약 (world = M·[x, 1]) 의
    4×4 행렬이고, parent_world 와 upper·mid 의 스케일이 균등해야 (거울 반사 포함) 월드의 뼈 길이가 보존된다 (검사한다).

    모양: 모든 입력은 프레임 배치 모양 (...) 으로 서로 브로드캐스트한다 — parent_world (..., 4, 4),
    translation·scale·target·pole (..., 3), rotation (..., 4), weight·soft (...) 또는 스칼라.
    단일 프레임 (배치 모양 ()) 이면 reachable 은 파이썬 bool.

    잘못된 입력은 계산 전에 인자 이름·값·처음 어긋난 색인을 담은 ValueError 를 던진다 (TypeScript TwoBoneIK 와 같은 규칙):
    모양, 유한하지 않은 값 (어느 뼈의 어느 필드인지), |q| 가 1 ± 1e-4 밖인 쿼터니언 (0 포함, 세 뼈 모두),
    균등하지 않은 upper·mid 의 scale (상대 1e-5 초과, 거울은 세 성분이 모두 음수), [0, 1] 밖·bool 의 weight·soft,
    bool 이 아닌 keep_end_rotation, 마지막 행이 (0, 0, 0, 1) 이 아니거나 균등 스케일·회전이 아니거나 (상대 1e-5,
    기울임 포함) 뒤집을 수 없는 parent_world (스케일 0; 1e-120 처럼 작아도 뒤집을 수 있으면 받는다),
    두 뼈의 길이가 모두 0.

    Args:
        parent_world: upper 의 부모의 월드 행렬 (..., 4, 4). 부모가 없으면 항등 행렬.
        upper_local, mid_local, end_local: 세 뼈의 로컬 변환 (LocalTransform).
        target_world: 끝이 닿아야 할 점 (월드).
        pole_world: 관절이 굽을 쪽을 가리키는 점 (월드).
        weight: 들어온 자세 (0) 에서 완전한 IK (1) 까지의 섞음 비율, [0, 1].
        soft: soft IK 구간의 비율, [0, 1]. 0 이면 정확한 계약 그대로.
        keep_end_rotation: True 면 end 뼈의 (부모 공간, 곧 월드) 회전을 어느 weight 에서나 유지한다.

    Returns:
        TwoBoneIKPose(upper_rotation, mid_rotation, end_rotation, joint, end, reachable).
    """
    # 1. 검사: 모양과 값을 모두 확인한 뒤에 계산한다.
    parent = _checks.as_real_array("parent_world", parent_world, np.dtype(np.float64))
    if parent.ndim < 2 or parent.shape[-2:] != (4, 4):
        raise ValueError(f"parent_world는 (..., 4, 4) 행렬이어야 합니다 (받은 모양: {parent.shape})")
    bones = {}
    for bone_name, bone in (("upper_local", upper_local), ("mid_local", mid_local), ("end_local", end_local)):
        if not isinstance(bone, tuple) or len(bone) != 3:
            raise ValueError(
                f"{bone_name}는 LocalTransform(translation, rotation, scale) 이어야 합니다 (받은 값: {bone!r})"
            )
        translation, rotation, scale = bone
        bones[bone_name] = (
            _checks.as_points(f"{bone_name}.translation", translation, np.dtype(np.float64)),
            _checks.as_points(f"{bone_name}.rotation", rotation, np.dtype(np.float64), width=4),
            _checks.as_points(f"{bone_name}.scale", scale, np.dtype(np.float64)),
        )
    target = _checks.as_points("target_world", target_world, np.dtype(np.float64))
    pole = _checks.as_points("pole_world", pole_world, np.dtype(np.float64))
    w = _checks.as_real_array("weight", weight, np.dtype(np.float64))
    k = _checks.as_real_array("soft", soft, np.dtype(np.float64))
    if not isinstance(keep_end_rotation, (bool, np.bool_)):
        raise ValueError(f"keep_end_rotation은 bool 이어야 합니다 (받은 값: {keep_end_rotation!r})")

    named_shapes = [("parent_world", parent.shape[:-2])]
    for bone_name, (translation, rotation, scale) in bones.items():
        named_shapes += [
            (f"{bone_name}.translation", translation.shape[:-1]),
            (f"{bone_name}.rotation", rotation.shape[:-1]),
            (f"{bone_name}.scale", scale.shape[:-1]),
        ]
    named_shapes += [
        ("target_world", target.shape[:-1]),
        ("pole_world", pole.shape[:-1]),
        ("weight", w.shape),
        ("soft", k.shape),
    ]
    batch: tuple[int, ...] = ()
    for name, shape in named_shapes:
        try:
            batch = np.broadcast_shapes(batch, shape)
        except ValueError:
            raise ValueError(
                f"{name}의 프레임 모양 {shape}가 앞선 인자들의 프레임 모양 {batch}와 브로드캐스트되지 않습니다"
            ) from None

    finite = np.isfinite(parent)
    if not finite.all():
        index = _checks.first_index(~finite)
        raise ValueError(
            f"parent_world{_checks.format_index(index[:-2])}의 ({index[-2]}, {index[-1]}) 성분은 유한한 수여야 합니다"
            f" (받은 값: {_checks.scalar_repr(parent[index])})"
        )
    for bone_name, (translation, rotation, scale) in bones.items():
        _checks.check_finite_points(f"{bone_name}.translation", translation)
        _checks.check_finite_points(f"{bone_name}.rotation", rotation)
        _checks.check_finite_points(f"{bone_name}.scale", scale)
        norm = np.sqrt(np.sum(rotation * rotation, axis=-1))
        bad = ~(np.abs(norm - 1) <= QUATERNION_UNIT_TOLERANCE)
        if bad.any():
            index = _checks.first_index(bad)
            raise ValueError(
                f"{bone_name}.rotation{_checks.format_index(index)}는 단위 쿼터니언이어야 합니다"
                f" (|q| = {float(norm[index])!r}, 허용 오차 {QUATERNION_UNIT_TOLERANCE})"
            )
    _checks.check_finite_points("target_world", target)
    _checks.check_finite_points("pole_world", pole)
    _checks.check_unit_interval("weight", w)
    _checks.check_unit_interval("soft", k)
    for bone_name in ("upper_local", "mid_local"):
        _check_uniform_scale(f"{bone_name}.scale", bones[bone_name][2])
    _check_parent_world(parent)

    # 2. 현재 자세를 upper 의 부모 공간 P 로.
    (u_t, u_q, u_s), (m_t, m_q, m_s), (e_t, e_q, e_s) = (
        tuple(np.broadcast_to(x, batch + x.shape[-1:]) for x in bones[name])
        for name in ("upper_local", "mid_local", "end_local")
    )
    parent = np.broadcast_to(parent, batch + (4, 4))
    parent_inverse = _invert_affine(parent)
    target_p = _transform_point(parent_inverse, np.broadcast_to(target, batch + (3,)))
    pole_p = _transform_point(parent_inverse, np.broadcast_to(pole, batch + (3,)))
    root_p = np.array(u_t, dtype=float)
    mid_offset_u = u_s * m_t  # upper 로컬 축에서 본 mid 의 위치 (스케일 적용 뒤)
    end_offset_m = m_s * e_t
    # 정규화한 회전으로 잰다: 새 회전은 정규화되어 나가므로 그 자세의 뼈 길이로 풀어야 끝이 정확히 닿는다
    # (TypeScript TwoBoneIK 와 같다; 애니메이션의 사원수는 길이가 1 에서 조금 벗어날 수 있다).
    u_unit = quaternion_normalize(u_q)
    m_unit = quaternion_normalize(m_q)
    mid_p = root_p + rotate_vector(u_unit, mid_offset_u)
    end_p = root_p + rotate_vector(u_unit, u_s * (m_t + rotate_vector(m_unit, end_offset_m)))
    upper_length = _length(mid_p - root_p)
    lower_length = _length(end_p - mid_p)
    both_zero = (upper_length == 0) & (lower_length == 0)
    if both_zero.any():
        index = _checks.first_index(np.broadcast_to(both_zero, batch))
        raise ValueError(
            f"mid_local.translation과 end_local.translation이 프레임 {_checks.format_index(index)}에서"
            " 두 뼈의 길이를 모두 0으로 만듭니다 — 적어도 한 뼈는 길이가 있어야 합니다"
        )

    # 3. soft IK: 완전히 펴지기 직전의 목표를 뿌리 쪽으로 당긴다.
    k_full = np.broadcast_to(k, batch)
    softened = np.zeros(batch, dtype=bool)
    if np.any(k_full > 0):
        to_target = target_p - root_p
        distance = _length(to_target)
        chain_length = upper_length + lower_length
        soft_distance = soften_distance(distance, chain_length, k_full)
        # 당겼는가는 거리를 비교해 정한다 (softIK.ts 와 같다): d 가 부드러운 구간의 시작을 아주 조금 넘으면
        # d′ 이 d 와 같은 float 로 반올림되지만, 그래도 soft 가 적용된 것이므로 reachable 은 False.
        softened = (k_full > 0) & (distance > chain_length - k_full * chain_length)
        with np.errstate(divide="ignore", invalid="ignore"):
            scale = np.where(softened, soft_distance / np.where(distance > 0, distance, 1.0), 1.0)
        target_p = np.where(softened[..., None], to_target * scale[..., None] + root_p, target_p)

    # 4. 부모 공간에서 관절과 끝의 자리를 푼다.
    try:
        solved = solve_two_bone_ik(root_p, upper_length, lower_length, target_p, pole_p)
    except ValueError as error:
        raise ValueError(f"apply_two_bone_ik: 부모 공간으로 옮긴 체인을 풀 수 없습니다 — {error}") from error
    joint_p = solved.joint
    end_solved_p = solved.end

    # 5–6. upper 와 mid 를 가장 작은 회전으로 풀린 관절·끝의 자리로 (_rotate_to_solution).
    upper_q1, mid_q1 = _rotate_to_solution(
        root_p, mid_p, end_p, joint_p, end_solved_p, upper_length, lower_length, u_q, m_q
    )

    # 6½. upper 의 scale 이 정확히 균등하지 않으면 (float32 잡음, 허용 1e-5 까지) 6 의 q_U⁻¹ Δ₂ q_U 가 방향을 δ 만큼
    #     틀리게 한다: 그런 체인은 mid 를 정확한 방향으로 돌리고 (_rotate_mid_exactly), 남는 아래 뼈 길이 차이 (δ·b) 는
    #     그려질 끝을 재서 어긋난 만큼 겨누는 점을 옮겨 다시 풀어 없앤다 (TypeScript TwoBoneIK 와 같다, 많아야 두 번).
    #     다시 풀 때의 극은 처음 풀린 관절 쪽이다 (굽힘 평면이 그대로 남는다; 관절이 직선 위면 원래 극).
    #     그런 체인만 바꾸므로 나머지는 비트 그대로이고, reachable 은 처음 풀이가 정한다.
    #     닿지 않는 목표 (펴졌거나 접힘) 는 다듬지 않는다: 관절은 이미 뿌리–끝 직선 위이고, 길이 차이를 겨누는 점으로
    #     메우면 완전히 편 팔다리가 √(2δL) 만큼 다시 굽는다 (곧음이 먼저다; TypeScript exactEnd.ts 와 같다).
    first_reachable = np.asarray(solved.reachable, dtype=bool)
    anisotropic = ~((u_s[..., 0] == u_s[..., 1]) & (u_s[..., 1] == u_s[..., 2])) & (lower_length > 0)
    if anisotropic.any():
        noisy = anisotropic[..., None]
        mid_from = rotate_vector(m_unit, end_offset_m)
        mid_q1 = np.where(noisy, _rotate_mid_exactly(upper_q1, joint_p, end_solved_p, u_s, mid_from, m_q), mid_q1)
        goal = end_solved_p
        aim = end_solved_p
        # 극 = 뿌리 + 관절의 직선에 수직인 성분 (TypeScript 와 같다).
        to_joint, to_goal = joint_p - root_p, goal - root_p
        goal_sq = np.sum(to_goal * to_goal, axis=-1)
        along = np.sum(to_joint * to_goal, axis=-1) / np.where(goal_sq > 0, goal_sq, 1.0)
        perpendicular = to_joint - along[..., None] * to_goal
        refine_pole = np.where((_length(perpendicular) > 0)[..., None], root_p + perpendicular, pole_p)
        limit = _END_REFINED * (upper_length + lower_length)
        for _ in range(_END_REFINEMENTS):
            drawn = root_p + rotate_vector(upper_q1, u_s * (m_t + rotate_vector(mid_q1, end_offset_m)))
            miss = goal - drawn
            redo = anisotropic & first_reachable & (_length(miss) > limit)
            if not redo.any():
                break
            again_mask = redo[..., None]
            aim = np.where(again_mask, aim + miss, aim)
            again = solve_two_bone_ik(root_p, upper_length, lower_length, aim, refine_pole)
            joint_p = np.where(again_mask, again.joint, joint_p)
            end_solved_p = np.where(again_mask, again.end, end_solved_p)
            upper_again, _ = _rotate_to_solution(
                root_p, mid_p, end_p, joint_p, end_solved_p, upper_length, lower_length, u_q, m_q
            )
            upper_q1 = np.where(again_mask, upper_again, upper_q1)
            mid_again = _rotate_mid_exactly(upper_q1, joint_p, end_solved_p, u_s, mid_from, m_q)
            mid_q1 = np.where(again_mask, mid_again, mid_q1)

    # 7. weight: 들어온 자세에서 IK 자세로 slerp (w = 0 이면 입력 그대로, w = 1 이면 IK 그대로).
    #    0 < w < 1 이면 결과를 정규화한다: 들어온 사원수의 길이가 1 에서 벗어나 있어도 (float32 애니메이션) 단위 사원수.
    w_full = np.broadcast_to(w, batch)
    upper_out = _blend(u_q, upper_q1, w_full)
    mid_out = _blend(m_q, mid_q1, w_full)

    # 8. keep_end_rotation: 섞은 뒤의 upper·mid 로, 부모 공간에서 본 end 의 회전 q_U q_M q_E 를 그대로 둔다
    #    (그래서 어느 weight 에서나 유지된다; w = 0 이면 입력 그대로).
    if keep_end_rotation:
        chain0 = quaternion_multiply(u_q, m_q)
        chain_w_inverse = quaternion_conjugate(quaternion_multiply(upper_out, mid_out))
        end_kept = quaternion_normalize(quaternion_multiply(chain_w_inverse, quaternion_multiply(chain0, e_q)))
        end_out = np.where((w_full > 0)[..., None], end_kept, e_q)
    else:
        end_out = np.array(e_q)

    # 9. 새 자세를 정기구학으로 다시 계산해 관절·끝의 월드 위치를 낸다.
    joint_new_p = root_p + rotate_vector(upper_out, mid_offset_u)
    end_new_p = root_p + rotate_vector(upper_out, u_s * (m_t + rotate_vector(mid_out, end_offset_m)))
    reachable: Any = np.asarray(solved.reachable) & ~softened
    if batch == ():
        reachable = bool(reachable)
    return TwoBoneIKPose(
        upper_rotation=np.array(upper_out),
        mid_rotation=np.array(mid_out),
        end_rotation=end_out,
        joint=_transform_point(parent, joint_new_p),
        end=_transform_point(parent, end_new_p),
        reachable=reachable,
    )


_IDENTITY = np.array([0.0, 0.0, 0.0, 1.0])

#: 끝 다듬기의 최대 횟수와 멈추는 오차 (팔다리 길이 a + b 에 대한 비율): TypeScript TwoBoneIK 와 같다.
_END_REFINEMENTS = _tolerances.END_REFINEMENTS
_END_REFINED = _tolerances.END_REFINED


def _rotate_to_solution(
    root_p: np.ndarray,
    mid_p: np.ndarray,
    end_p: np.ndarray,
    joint_p: np.ndarray,
    end_solved_p: np.ndarray,
    upper_length: np.ndarray,
    lower_length: np.ndarray,
    u_q: np.ndarray,
    m_q: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """들어온 자세 (root·mid·end, 부모 공간) 를 풀린 관절·끝으로 옮기는 upper·mid 의 새 로컬 회전."""
    # 5. upper: 현재 관절 방향 → 풀린 관절 방향의 가장 작은 회전 Δ₁ (부모 공간이므로 왼쪽에 곱한다).
    has_upper = (upper_length > 0)[..., None]
    safe_a = np.where(upper_length > 0, upper_length, 1.0)[..., None]
    delta_upper = _rotation_between((mid_p - root_p) / safe_a, (joint_p - root_p) / safe_a)
    delta_upper = np.where(has_upper, delta_upper, _IDENTITY)
    upper_q1 = np.where(has_upper, quaternion_normalize(quaternion_multiply(delta_upper, u_q)), u_q)

    # 6. mid: Δ₁ 뒤의 끝 방향 → 풀린 끝 방향의 Δ₂ 를 upper 의 로컬 축으로 옮긴다: q_U⁻¹ Δ₂ q_U.
    has_lower = (lower_length > 0)[..., None]
    safe_b = np.where(lower_length > 0, lower_length, 1.0)[..., None]
    end_after = rotate_vector(delta_upper, end_p - root_p) + root_p - joint_p
    from_dir = end_after / np.where(has_lower, _length(end_after)[..., None], 1.0)
    delta_mid = _rotation_between(from_dir, (end_solved_p - joint_p) / safe_b)
    delta_mid_local = quaternion_multiply(
        quaternion_multiply(quaternion_conjugate(upper_q1), delta_mid), upper_q1
    )
    mid_q1 = np.where(has_lower, quaternion_normalize(quaternion_multiply(delta_mid_local, m_q)), m_q)
    return upper_q1, mid_q1


def _rotate_mid_exactly(
    upper_q1: np.ndarray,
    joint_p: np.ndarray,
    end_solved_p: np.ndarray,
    u_s: np.ndarray,
    mid_from: np.ndarray,
    m_q: np.ndarray,
) -> np.ndarray:
    """mid 의 새 로컬 회전: 풀린 아래 뼈 (부모 공간) 를 mid 부모의 축으로 정확히 옮겨 (S_U⁻¹ R_U′ᵀ) 지금 아래 뼈
    mid_from = R̂_M S_M p_E 에서 그쪽으로 가장 작게 돌린다 (upper 의 scale 이 균등하지 않아도 방향이 정확하다)."""
    to = rotate_vector(quaternion_conjugate(upper_q1), end_solved_p - joint_p) / u_s
    delta = _rotation_between(_unit(mid_from), _unit(to))
    return quaternion_normalize(quaternion_multiply(delta, m_q))


def _unit(v: np.ndarray) -> np.ndarray:
    length = _length(v)[..., None]
    return v / np.where(length > 0, length, 1.0)

#: 균등 스케일로 볼 상대 허용치 (TypeScript 의 UNIFORM_SCALE_TOLERANCE 와 같다): 세 축 스케일의 (최대 − 최소) / 최대와
#: 두 축 사이의 |cos| 이 이보다 크면 거부한다. 실제 glTF 의 float32 잡음 (~1e-7) 은 통과한다.
UNIFORM_SCALE_TOLERANCE = _tolerances.UNIFORM_SCALE_TOLERANCE

#: 선형 부분의 가장 큰 원소가 이 범위 밖이면 2 의 거듭제곱으로 크기를 옮긴 뒤 뒤집는다 (TypeScript 와 같은 경계).
_PLAIN_INVERT_MIN = _tolerances.PLAIN_INVERT_MIN
_PLAIN_INVERT_MAX = _tolerances.PLAIN_INVERT_MAX


def _blend(q0: np.ndarray, q1: np.ndarray, w: np.ndarray) -> np.ndarray:
    """slerp(q0, q1, w) 뒤 정규화 (0 < w < 1 일 때만; w = 0, 1 은 입력을 비트 그대로)."""
    blended = slerp(q0, q1, w)
    inside = (w > 0) & (w < 1)
    if np.any(inside):
        blended = np.where(inside[..., None], quaternion_normalize(blended), blended)
    return blended


def _check_uniform_scale(name: str, scale: np.ndarray) -> None:
    """세 성분이 같은 스케일인가 (부호 포함, 거울은 세 성분이 모두 음수일 때만): (최대 − 최소) ≤ 허용치·최대 |s|."""
    spread = np.max(scale, axis=-1) - np.min(scale, axis=-1)
    bad = spread > UNIFORM_SCALE_TOLERANCE * np.max(np.abs(scale), axis=-1)
    if bad.any():
        index = _checks.first_index(bad)
        raise ValueError(
            f"{name}{_checks.format_index(index)}은 균등해야 합니다 — 세 성분이 같아야 뼈 길이가 보존됩니다"
            f" (받은 값: {scale[index].tolist()!r}, 상대 허용치 {UNIFORM_SCALE_TOLERANCE})"
        )


def _check_parent_world(parent: np.ndarray) -> None:
    """parent_world 가 아핀이고 선형 부분이 균등 스케일 × 직교 (거울 포함) 이며 뒤집을 수 있는가."""
    last_row = parent[..., 3, :]
    bad = ~np.all(last_row == np.array([0.0, 0.0, 0.0, 1.0]), axis=-1)
    if bad.any():
        index = _checks.first_index(bad)
        raise ValueError(
            f"parent_world{_checks.format_index(index)}의 마지막 행은 (0, 0, 0, 1) 이어야 합니다"
            f" (받은 값: {last_row[index].tolist()!r})"
        )
    linear = parent[..., :3, :3]
    largest = np.max(np.abs(linear), axis=(-2, -1))
    singular = ~(largest > 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        columns = linear / np.where(singular, 1.0, largest)[..., None, None]
    norms_sq = np.sum(columns * columns, axis=-2)  # 세 열의 |cᵢ|²
    singular |= ~(np.min(norms_sq, axis=-1) > 0)
    if singular.any():
        index = _checks.first_index(singular)
        raise ValueError(f"parent_world{_checks.format_index(index)}는 뒤집을 수 없습니다 (스케일 0인 축이 있습니다)")
    keep = 1 - UNIFORM_SCALE_TOLERANCE
    non_uniform = np.min(norms_sq, axis=-1) < keep * keep * np.max(norms_sq, axis=-1)
    if non_uniform.any():
        index = _checks.first_index(non_uniform)
        raise ValueError(
            f"parent_world{_checks.format_index(index)}의 스케일이 균등하지 않습니다 — 뼈 길이가 보존되지 않습니다"
            f" (축 스케일: {(np.sqrt(norms_sq[index]) * largest[index]).tolist()!r},"
            f" 상대 허용치 {UNIFORM_SCALE_TOLERANCE})"
        )
    gram = np.swapaxes(columns, -1, -2) @ columns
    tol_sq = UNIFORM_SCALE_TOLERANCE**2
    shear = np.zeros(parent.shape[:-2], dtype=bool)
    for i, j in ((0, 1), (0, 2), (1, 2)):
        shear |= gram[..., i, j] ** 2 > tol_sq * norms_sq[..., i] * norms_sq[..., j]
    if shear.any():
        index = _checks.first_index(shear)
        raise ValueError(
            f"parent_world{_checks.format_index(index)}에 기울임(shear)이 있습니다 — 축이 직교하지 않으면"
            f" 뼈 길이가 보존되지 않습니다 (상대 허용치 {UNIFORM_SCALE_TOLERANCE})"
        )


def _invert_affine(parent: np.ndarray) -> np.ndarray:
    """아핀 행렬의 역행렬. 선형 부분이 [2⁻¹⁰⁰, 2¹⁰⁰] 밖이면 (스케일 1e-120 등) 행렬 (선형 + 이동) 에 2ᵏ 을 곱해
    크기를 1 근처로 옮겨 뒤집고 역행렬의 선형 부분에 다시 2ᵏ 을 곱한다: [2ᵏL, 2ᵏt]⁻¹ = [2⁻ᵏL⁻¹, −L⁻¹t].
    float64 로 표현되지 않는 역행렬은 ValueError."""
    largest = np.max(np.abs(parent[..., :3, :3]), axis=(-2, -1))
    plain = (largest >= _PLAIN_INVERT_MIN) & (largest <= _PLAIN_INVERT_MAX)
    if plain.all():
        inverse = _affine_cofactor_inverse(parent)
    else:
        _, exponent = np.frexp(largest)
        k = np.where(plain, 0, 1 - exponent)  # 2ᵏ·largest ∈ [1, 2)
        half, rest = k // 2, k - k // 2
        scaled = np.array(parent, dtype=float)
        scaled[..., :3, :] = np.ldexp(np.ldexp(scaled[..., :3, :], half[..., None, None]), rest[..., None, None])
        inverse = _affine_cofactor_inverse(scaled)
        inverse[..., :3, :3] = np.ldexp(np.ldexp(inverse[..., :3, :3], half[..., None, None]), rest[..., None, None])
    bad = ~np.all(np.isfinite(inverse), axis=(-2, -1))
    if bad.any():
        index = _checks.first_index(np.broadcast_to(bad, parent.shape[:-2]))
        raise ValueError(f"parent_world{_checks.format_index(index)}는 float64 로 뒤집을 수 없습니다")
    return inverse


def _affine_cofactor_inverse(m: np.ndarray) -> np.ndarray:
    """아핀 4×4 (마지막 행 0 0 0 1) 의 역행렬을 여인수로 (TypeScript math/affine.ts 의 invertConformal 과 같은 식).
    np.linalg.inv (LAPACK) 는 기계의 BLAS 커널에 따라 마지막 몇 비트가 달라지므로 쓰지 않는다."""
    e0, e1, e2 = m[..., 0, 0], m[..., 1, 0], m[..., 2, 0]
    e4, e5, e6 = m[..., 0, 1], m[..., 1, 1], m[..., 2, 1]
    e8, e9, e10 = m[..., 0, 2], m[..., 1, 2], m[..., 2, 2]
    e12, e13, e14 = m[..., 0, 3], m[..., 1, 3], m[..., 2, 3]
    t1, t2, t4 = e0 * e5 - e1 * e4, e0 * e6 - e2 * e4, e1 * e6 - e2 * e5
    t7, t8, t10 = e8 * e13 - e9 * e12, e8 * e14 - e10 * e12, e9 * e14 - e10 * e13
    det = t1 * e10 - t2 * e9 + t4 * e8
    with np.errstate(divide="ignore", invalid="ignore"):
        d = 1.0 / det
        inverse = np.zeros(m.shape, dtype=float)
        inverse[..., 0, 0] = (e5 * e10 - e6 * e9) * d
        inverse[..., 1, 0] = (e2 * e9 - e1 * e10) * d
        inverse[..., 2, 0] = t4 * d
        inverse[..., 0, 1] = (e6 * e8 - e4 * e10) * d
        inverse[..., 1, 1] = (e0 * e10 - e2 * e8) * d
        inverse[..., 2, 1] = -t2 * d
        inverse[..., 0, 2] = (e4 * e9 - e5 * e8) * d
        inverse[..., 1, 2] = (e1 * e8 - e0 * e9) * d
        inverse[..., 2, 2] = t1 * d
        inverse[..., 0, 3] = (e5 * t8 - e4 * t10 - e6 * t7) * d
        inverse[..., 1, 3] = (e0 * t10 - e1 * t8 + e2 * t7) * d
        inverse[..., 2, 3] = (e13 * t2 - e12 * t4 - e14 * t1) * d
        inverse[..., 3, 3] = (e8 * t4 - e9 * t2 + e10 * t1) * d
    inverse[..., 3, 3] = np.where(det == 0, np.nan, inverse[..., 3, 3])
    return inverse


def _length(v: np.ndarray) -> np.ndarray:
    length: np.ndarray = np.sqrt(np.sum(v * v, axis=-1))
    return length


def _transform_point(matrix: np.ndarray, point: np.ndarray) -> np.ndarray:
    """열벡터 규약의 아핀 변환: M·[x, 1] 의 앞 세 성분 (three 의 applyMatrix4 에서 마지막 행이 (0, 0, 0, 1) 일 때)."""
    moved: np.ndarray = (
        matrix[..., :3, 0] * point[..., 0:1]
        + matrix[..., :3, 1] * point[..., 1:2]
        + matrix[..., :3, 2] * point[..., 2:3]
        + matrix[..., :3, 3]
    )
    return moved
