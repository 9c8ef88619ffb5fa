"""apply_two_bone_ik 의 1 단계 — 검사: 모양과 값을 모두 확인한 뒤에 계산한다 (아무것도 쓰기 전에, 인자 이름과 값을 담은
ValueError). TypeScript 의 bone/validateCall.ts 와 같은 규칙."""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from . import _bend_limits, _checks, _tolerances
from ._affine import check_parent_world, check_uniform_scale
from ._constants import FLOAT64

#: 입력 사원수의 |q| 가 1 에서 이만큼 넘게 벗어나면 거부한다. three 는 단위 사원수를 전제로 행렬을 만들므로
#: 크기가 어긋난 회전은 뼈를 늘인다. glTF 의 float32 사원수 (오차 ~1e-7) 은 넉넉히 통과한다.
QUATERNION_UNIT_TOLERANCE = _tolerances.QUATERNION_UNIT_TOLERANCE


class BoneInputs(NamedTuple):
    """검사한 입력 (float64 배열) 과 프레임 모양."""

    parent: np.ndarray
    bones: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]
    target: np.ndarray
    pole: np.ndarray
    weight: np.ndarray
    soft: np.ndarray
    keep_end_rotation: bool
    batch: tuple[int, ...]
    #: 끝 회전 (월드, xyzw) 과 그 가중치, 끝점 (end 로컬), 굽힘 제한 (min, max). 주지 않았으면 None.
    end_rotation: np.ndarray | None
    end_rotation_weight: np.ndarray
    tip: np.ndarray | None
    bend_limits: tuple[np.ndarray, np.ndarray] | None


def validate_bone_inputs(
    parent_world: ArrayLike,
    upper_local: Any,
    mid_local: Any,
    end_local: Any,
    target_world: ArrayLike,
    pole_world: ArrayLike,
    weight: ArrayLike,
    soft: ArrayLike,
    keep_end_rotation: Any,
    end_rotation: Any = None,
    end_rotation_weight: Any = 1.0,
    tip: Any = None,
    bend_limits: Any = None,
) -> BoneInputs:
    """apply_two_bone_ik 의 인자를 모두 검사해 float64 배열로 (docstring 의 "거부하는 입력")."""
    # 1. 타입·폭을 인자 순서대로 읽고, 2. 프레임 모양을 브로드캐스트하고, 3. 값 (유한, 범위, 단위 사원수, 스케일) 을 본다.
    parent = _parent_array(parent_world)
    bones = _bone_arrays(upper_local, mid_local, end_local)
    target = _checks.as_points("target_world", target_world, FLOAT64)
    pole = _checks.as_points("pole_world", pole_world, FLOAT64)
    w = _checks.as_real_array("weight", weight, FLOAT64)
    k = _checks.as_real_array("soft", soft, FLOAT64)
    _check_keep_end_rotation(keep_end_rotation, end_rotation)
    goal = None if end_rotation is None else _checks.as_points("end_rotation", end_rotation, FLOAT64, width=4)
    goal_weight = _checks.as_real_array("end_rotation_weight", end_rotation_weight, FLOAT64)
    tip_point = None if tip is None else _checks.as_points("tip", tip, FLOAT64)
    limits = None if bend_limits is None else _bend_limits.array_limits(bend_limits, FLOAT64)
    inputs = BoneInputs(
        parent, bones, target, pole, w, k, bool(keep_end_rotation), (), goal, goal_weight, tip_point, limits
    )
    batch = _frame_shape(inputs)
    _check_values(inputs)
    return inputs._replace(batch=batch)


def _parent_array(parent_world: ArrayLike) -> np.ndarray:
    """parent_world 를 (..., 4, 4) float64 배열로 (값은 _check_values 가 본다)."""
    parent = _checks.as_real_array("parent_world", parent_world, FLOAT64)
    if parent.ndim < 2 or parent.shape[-2:] != (4, 4):
        raise ValueError(f"parent_world는 (..., 4, 4) 행렬이어야 합니다 (받은 모양: {parent.shape})")
    return parent


def _bone_arrays(upper_local: Any, mid_local: Any, end_local: Any) -> dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """세 뼈의 LocalTransform 을 (translation, rotation, scale) float64 배열로, 뼈 순서·필드 순서대로 검사한다."""
    bones = {}
    for bone_name, bone in (("upper_local", upper_local), ("mid_local", mid_local), ("end_local", end_local)):
        if not isinstance(bone, tuple) or len(bone) != 3:
            raise ValueError(
                f"{bone_name}는 LocalTransform(translation, rotation, scale) 이어야 합니다 (받은 값: {bone!r})"
            )
        translation, rotation, scale = bone
        bones[bone_name] = (
            _checks.as_points(f"{bone_name}.translation", translation, FLOAT64),
            _checks.as_points(f"{bone_name}.rotation", rotation, FLOAT64, width=4),
            _checks.as_points(f"{bone_name}.scale", scale, FLOAT64),
        )
    return bones


def _check_keep_end_rotation(keep_end_rotation: Any, end_rotation: Any) -> None:
    """keep_end_rotation 은 bool 이고, end_rotation 과 함께 줄 수 없다."""
    if not isinstance(keep_end_rotation, (bool, np.bool_)):
        raise ValueError(f"keep_end_rotation은 bool 이어야 합니다 (받은 값: {keep_end_rotation!r})")
    if keep_end_rotation and end_rotation is not None:
        # 둘은 end 의 회전을 서로 다르게 정한다: 어느 쪽을 따를지 추측하지 않는다.
        raise ValueError(
            "keep_end_rotation=True 와 end_rotation 을 함께 줄 수 없습니다 — end 의 회전을 유지할지 end_rotation 으로"
            " 정할지 하나만 고르세요"
        )


def _frame_shape(inputs: BoneInputs) -> tuple[int, ...]:
    """모든 인자의 프레임 모양을 인자 순서대로 브로드캐스트한다. 어긋나면 그 인자를 짚는 ValueError."""
    named_shapes = [("parent_world", inputs.parent.shape[:-2])]
    for bone_name, (translation, rotation, scale) in inputs.bones.items():
        named_shapes += [
            (f"{bone_name}.translation", translation.shape[:-1]),
            (f"{bone_name}.rotation", rotation.shape[:-1]),
            (f"{bone_name}.scale", scale.shape[:-1]),
        ]
    named_shapes += [
        ("target_world", inputs.target.shape[:-1]),
        ("pole_world", inputs.pole.shape[:-1]),
        ("weight", inputs.weight.shape),
        ("soft", inputs.soft.shape),
        ("end_rotation_weight", inputs.end_rotation_weight.shape),
    ]
    if inputs.end_rotation is not None:
        named_shapes.append(("end_rotation", inputs.end_rotation.shape[:-1]))
    if inputs.tip is not None:
        named_shapes.append(("tip", inputs.tip.shape[:-1]))
    if inputs.bend_limits is not None:
        named_shapes.append(("bend_limits", inputs.bend_limits[0].shape))
    batch: tuple[int, ...] = ()
    for name, shape in named_shapes:
        try:
            batch = np.broadcast_shapes(batch, shape)
        except ValueError:
            raise ValueError(
                f"{name}의 프레임 모양 {shape}가 앞선 인자들의 프레임 모양 {batch}와 브로드캐스트되지 않습니다"
            ) from None
    return batch


def _check_values(inputs: BoneInputs) -> None:
    """값의 검사, 인자 순서대로: 유한한 수, [0, 1] 범위, 단위 사원수, upper·mid 의 균등 스케일, parent_world 행렬."""
    parent, bones = inputs.parent, inputs.bones
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
        _check_unit_quaternion(f"{bone_name}.rotation", rotation)
    _checks.check_finite_points("target_world", inputs.target)
    _checks.check_finite_points("pole_world", inputs.pole)
    _checks.check_unit_interval("weight", inputs.weight)
    _checks.check_unit_interval("soft", inputs.soft)
    if inputs.end_rotation is not None:
        _checks.check_finite_points("end_rotation", inputs.end_rotation)
        _check_unit_quaternion("end_rotation", inputs.end_rotation)
    _checks.check_unit_interval("end_rotation_weight", inputs.end_rotation_weight)
    if inputs.tip is not None:
        _checks.check_finite_points("tip", inputs.tip)
    for bone_name in ("upper_local", "mid_local"):
        check_uniform_scale(f"{bone_name}.scale", bones[bone_name][2])
    check_parent_world(parent)


def _check_unit_quaternion(name: str, rotation: np.ndarray) -> None:
    """|q| 가 1 ± QUATERNION_UNIT_TOLERANCE 안인가 (0 사원수 포함 거부)."""
    norm = np.sqrt(np.sum(rotation * rotation, axis=-1))
    bad = ~(np.abs(norm - 1) <= QUATERNION_UNIT_TOLERANCE)
    if bad.any():
        index = _checks.first_index(bad)
        raise ValueError(
            f"{name}{_checks.format_index(index)}는 단위 사원수여야 합니다"
            f" (|q| = {float(norm[index])!r}, 허용 오차 {QUATERNION_UNIT_TOLERANCE})"
        )
