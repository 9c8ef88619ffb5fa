"""BVH 클립의 정기구학 (forward kinematics): 모든 프레임을 한 번에 (NumPy), 관절마다 한 번의 배열 연산.

규약 (BVH 의 관례):

- 관절의 로컬 변환 = 이동 · 회전. 이동은 OFFSET, 위치 채널이 있으면 그 값 (OFFSET 대신; 루트의 OFFSET 은 보통 0).
- 회전 채널은 도 (degree) 이고, 적힌 순서대로 오른쪽에 곱한다: 'Zrotation Xrotation Yrotation' 이면
  R = R_z(z)·R_x(x)·R_y(y) (열벡터 규약, 부모 공간의 점 = R·로컬 점 + 이동). 없는 축은 0 도.
- 월드 = 부모 월드 · 로컬. 관절은 파일 순서 (부모가 먼저) 로 한 번씩 계산한다.

사원수는 three.js 의 순서 (x, y, z, w).
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Sequence

import numpy as np
from numpy.typing import NDArray

from .bvh import BvhClip

__all__ = [
    "Pose",
    "forward_kinematics",
    "posed_with_locals",
    "Reference",
    "local_translations",
    "euler_to_matrix",
    "euler_to_quaternion",
    "matrix_to_quaternion",
    "quaternion_to_matrix",
    "matrix_to_euler",
    "rotation_order",
    "rest_positions",
]

_AXIS = {"X": 0, "Y": 1, "Z": 2}


class Pose(NamedTuple):
    """정기구학의 결과. computed 가 False 인 관절의 값은 채우지 않은 0 이다.

    - positions: 월드 위치 (F, J, 3) (관절 우선으로 저장한 배열의 뷰).
    - rotations: 월드 회전 행렬 (F, J, 3, 3) (같은 식의 뷰).
    - computed: 계산한 관절 (J,) bool.
    - joint_positions (J, F, 3), joint_rotations (J, F, 3, 3): 같은 값의 관절 우선 배열 (관절 하나가 연속 메모리).
    """

    positions: NDArray[np.float64]
    rotations: NDArray[np.float64]
    computed: NDArray[np.bool_]
    joint_positions: NDArray[np.float64]
    joint_rotations: NDArray[np.float64]


def rotation_order(channels: Sequence[str]) -> str:
    """회전 채널의 축 순서, 예: ('Xposition', …, 'Zrotation', 'Xrotation', 'Yrotation') → 'ZXY'."""
    return "".join(c[0] for c in channels if c.endswith("rotation"))


def euler_to_matrix(order: str, degrees: NDArray[np.float64]) -> NDArray[np.float64]:
    """오일러 각 (..., len(order)) 도 → 회전 행렬 (..., 3, 3): R = R_order[0]·R_order[1]·…

    사원수를 거친다 (euler_to_quaternion → quaternion_to_matrix): 성분별 배열 연산뿐이라 행렬곱보다 빠르다.
    """
    return quaternion_to_matrix(euler_to_quaternion(order, degrees))


def euler_to_quaternion(order: str, degrees: NDArray[np.float64]) -> NDArray[np.float64]:
    """오일러 각 (..., len(order)) 도 → 단위 사원수 (..., 4) x, y, z, w. q = q_order[0] ⊗ q_order[1] ⊗ …

    축 사원수 r = (sin(θ/2)·e_a, cos(θ/2)) 은 벡터 성분이 하나뿐이라 q ⊗ r 를 성분별로 바로 쓴다
    (예: X 축이면 x′ = x c + w s, y′ = y c + z s, z′ = z c − y s, w′ = w c − x s).
    """
    degrees = np.asarray(degrees, dtype=float)
    half = np.deg2rad(degrees) * 0.5
    shape = degrees.shape[:-1]
    x, y, z, w = np.zeros(shape), np.zeros(shape), np.zeros(shape), np.ones(shape)
    for k, axis in enumerate(order):
        c, s = np.cos(half[..., k]), np.sin(half[..., k])
        if axis == "X":
            x, y, z, w = x * c + w * s, y * c + z * s, z * c - y * s, w * c - x * s
        elif axis == "Y":
            x, y, z, w = x * c - z * s, y * c + w * s, z * c + x * s, w * c - y * s
        else:
            x, y, z, w = x * c + y * s, y * c - x * s, z * c + w * s, w * c - z * s
    return np.stack((x, y, z, w), axis=-1)


def quaternion_to_matrix(q: NDArray[np.float64]) -> NDArray[np.float64]:
    """단위 사원수 (..., 4) → 회전 행렬 (..., 3, 3)."""
    x, y, z, w = np.moveaxis(np.asarray(q, dtype=float), -1, 0)
    m = np.empty(x.shape + (3, 3))
    m[..., 0, 0] = 1 - 2 * (y * y + z * z)
    m[..., 0, 1] = 2 * (x * y - z * w)
    m[..., 0, 2] = 2 * (x * z + y * w)
    m[..., 1, 0] = 2 * (x * y + z * w)
    m[..., 1, 1] = 1 - 2 * (x * x + z * z)
    m[..., 1, 2] = 2 * (y * z - x * w)
    m[..., 2, 0] = 2 * (x * z - y * w)
    m[..., 2, 1] = 2 * (y * z + x * w)
    m[..., 2, 2] = 1 - 2 * (x * x + y * y)
    return m


def matrix_to_quaternion(m: NDArray[np.float64]) -> NDArray[np.float64]:
    """회전 행렬 (..., 3, 3) → 단위 사원수 (..., 4), w ≥ 0 쪽. 대각합이 가장 큰 가지를 골라 상쇄를 피한다."""
    m = np.asarray(m, dtype=float)
    m00, m11, m22 = m[..., 0, 0], m[..., 1, 1], m[..., 2, 2]
    trace = m00 + m11 + m22
    candidates = np.stack((trace, m00, m11, m22), axis=-1)
    branch = np.argmax(candidates, axis=-1)
    q = np.empty(m.shape[:-2] + (4,))
    with np.errstate(invalid="ignore", divide="ignore"):
        # 가지 0: w 가 큼
        s = np.sqrt(np.maximum(trace + 1.0, 0.0)) * 2
        q0 = np.stack(((m[..., 2, 1] - m[..., 1, 2]) / s, (m[..., 0, 2] - m[..., 2, 0]) / s,
                       (m[..., 1, 0] - m[..., 0, 1]) / s, 0.25 * s), axis=-1)
        s = np.sqrt(np.maximum(1.0 + m00 - m11 - m22, 0.0)) * 2
        q1 = np.stack((0.25 * s, (m[..., 0, 1] + m[..., 1, 0]) / s, (m[..., 0, 2] + m[..., 2, 0]) / s,
                       (m[..., 2, 1] - m[..., 1, 2]) / s), axis=-1)
        s = np.sqrt(np.maximum(1.0 + m11 - m00 - m22, 0.0)) * 2
        q2 = np.stack(((m[..., 0, 1] + m[..., 1, 0]) / s, 0.25 * s, (m[..., 1, 2] + m[..., 2, 1]) / s,
                       (m[..., 0, 2] - m[..., 2, 0]) / s), axis=-1)
        s = np.sqrt(np.maximum(1.0 + m22 - m00 - m11, 0.0)) * 2
        q3 = np.stack(((m[..., 0, 2] + m[..., 2, 0]) / s, (m[..., 1, 2] + m[..., 2, 1]) / s, 0.25 * s,
                       (m[..., 1, 0] - m[..., 0, 1]) / s), axis=-1)
    q = np.choose(branch[..., None], (q0, q1, q2, q3))
    q = np.where(q[..., 3:4] < 0, -q, q)
    unit: NDArray[np.float64] = q / np.sqrt(np.sum(q * q, axis=-1, keepdims=True))
    return unit


def matrix_to_euler(
    order: str, m: NDArray[np.float64], near: Optional[NDArray[np.float64]] = None
) -> NDArray[np.float64]:
    """회전 행렬 (..., 3, 3) → 오일러 각 (..., 3) 도, 순서 order (서로 다른 세 축, 예 'ZXY').

    R = R_i(α)·R_j(β)·R_k(γ), 부호 σ = +1 (i, j, k 가 X→Y→Z 순환) 또는 −1:
    β = asin(σ·R[i, k]), α = atan2(−σ·R[j, k], R[k, k]), γ = atan2(−σ·R[i, j], R[i, i]).
    near (..., 3) 을 주면 두 해 (α, β, γ) 와 (α + 180, 180 − β, γ + 180) 중, 각 각도를 360° 더해 near 에 가장
    가깝게 옮긴 뒤 near 에 더 가까운 쪽을 고른다 (애니메이션 곡선이 튀지 않게).
    """
    if len(order) != 3 or len(set(order)) != 3:
        raise ValueError(f"order 는 서로 다른 세 축이어야 합니다 (받은 값: {order!r})")
    i, j, k = (_AXIS[a] for a in order)
    sigma = 1.0 if (j - i) % 3 == 1 else -1.0
    m = np.asarray(m, dtype=float)
    beta = np.arcsin(np.clip(sigma * m[..., i, k], -1.0, 1.0))
    alpha = np.arctan2(-sigma * m[..., j, k], m[..., k, k])
    gamma = np.arctan2(-sigma * m[..., i, j], m[..., i, i])
    # 짐벌 잠김 (cos β = 0): α 와 γ 가 한 축을 나눈다. γ = 0 으로 두고 α 에 몰아준다.
    locked = np.abs(m[..., i, k]) >= 1.0 - 1e-12
    if np.any(locked):
        alpha_locked = np.arctan2(sigma * m[..., k, j], m[..., j, j])
        alpha = np.where(locked, alpha_locked, alpha)
        gamma = np.where(locked, 0.0, gamma)
    first: NDArray[np.float64] = np.rad2deg(np.stack((alpha, beta, gamma), axis=-1))
    if near is None:
        return first
    near = np.asarray(near, dtype=float)
    second = first + np.array([180.0, 0.0, 180.0])
    second[..., 1] = np.where(first[..., 1] >= 0, 180.0, -180.0) - first[..., 1]
    first = _wrap_near(first, near)
    second = _wrap_near(second, near)
    closer = np.sum(np.abs(second - near), axis=-1) < np.sum(np.abs(first - near), axis=-1)
    chosen: NDArray[np.float64] = np.where(closer[..., None], second, first)
    return chosen


def _wrap_near(angles: NDArray[np.float64], near: NDArray[np.float64]) -> NDArray[np.float64]:
    wrapped: NDArray[np.float64] = angles + 360.0 * np.round((near - angles) / 360.0)
    return wrapped


def local_translations(clip: BvhClip, joint: int, motion: Optional[NDArray[np.float64]] = None) -> NDArray[np.float64]:
    """관절의 로컬 이동 (F, 3): OFFSET, 위치 채널이 있는 축은 그 채널 값."""
    motion = clip.motion if motion is None else motion
    out: NDArray[np.float64] = np.broadcast_to(clip.offsets[joint], (motion.shape[0], 3)).copy()
    start = int(clip.channel_start[joint])
    for k, channel in enumerate(clip.channels[joint]):
        if channel.endswith("position"):
            out[:, _AXIS[channel[0]]] = motion[:, start + k]
    return out


def local_rotation_angles(
    clip: BvhClip, joint: int, motion: Optional[NDArray[np.float64]] = None
) -> NDArray[np.float64]:
    """관절의 회전 채널 값 (F, 회전 채널 수), 채널 순서대로, 도."""
    motion = clip.motion if motion is None else motion
    start = int(clip.channel_start[joint])
    columns = [start + k for k, c in enumerate(clip.channels[joint]) if c.endswith("rotation")]
    return motion[:, columns]


def _ancestors_closure(clip: BvhClip, joints: Sequence[int]) -> NDArray[np.bool_]:
    needed = np.zeros(len(clip.names), dtype=bool)
    for j in joints:
        while j >= 0 and not needed[j]:
            needed[j] = True
            j = int(clip.parents[j])
    return needed


def forward_kinematics(
    clip: BvhClip, joints: Optional[Sequence[int]] = None, motion: Optional[NDArray[np.float64]] = None
) -> Pose:
    """모든 프레임의 월드 위치와 회전. joints 를 주면 그 관절과 조상만 계산한다 (나머지는 0, computed = False).

    motion 을 주면 clip.motion 대신 그 채널 값 (F, C) 으로 계산한다.
    """
    return posed_with_locals(clip, joints, motion)[0]


class Reference(NamedTuple):
    """앞서 계산한 정기구학 (posed_with_locals 의 결과와 그 채널 값): 바뀌지 않은 관절은 다시 계산하지 않고 가져온다."""

    motion: NDArray[np.float64]
    pose: Pose
    local_rotations: dict[int, NDArray[np.float64]]


def posed_with_locals(
    clip: BvhClip, joints: Optional[Sequence[int]] = None, motion: Optional[NDArray[np.float64]] = None,
    reference: Optional[Reference] = None, keep: Optional[Sequence[int]] = None,
) -> tuple[Pose, dict[int, NDArray[np.float64]]]:
    """forward_kinematics 와 같은 자세와, 회전 채널이 있는 계산한 관절마다 로컬 사원수 (F, 4) (euler_to_quaternion 의 값).
    keep 을 주면 그 관절의 사원수만 돌려준다 (나머지는 쓰고 바로 버려 메모리를 다시 쓴다).

    reference 를 주면 관절의 로컬 이동·회전 채널 값이 reference.motion 의 것과 비트 단위로 같고 부모도 가져온 관절은
    reference 의 월드 값을, 회전 채널만 같은 관절은 그 로컬 사원수를 그대로 쓴다 (같은 입력의 같은 연산이라 결과도 비트
    단위로 같다). 발 고정의 검사가 바뀌지 않은 조상·발가락을 다시 계산하지 않도록.
    """
    motion = clip.motion if motion is None else np.asarray(motion, dtype=float)
    count = len(clip.names)
    needed = np.ones(count, dtype=bool) if joints is None else _ancestors_closure(clip, joints)
    frames = motion.shape[0]
    # 관절 우선 배열에 쓴다: 계산하지 않는 관절의 메모리는 건드리지 않으므로 (calloc) 비용이 없다.
    positions_jm = np.zeros((count, frames, 3))
    rotations_jm = np.zeros((count, frames, 3, 3))
    positions = positions_jm.transpose(1, 0, 2)
    rotations = rotations_jm.transpose(1, 0, 2, 3)
    local_rotations: dict[int, NDArray[np.float64]] = {}
    reused = np.zeros(count, dtype=bool)
    for j in range(count):
        if not needed[j]:
            continue
        translation = local_translations(clip, j, motion)
        order = rotation_order(clip.channels[j])
        angles = local_rotation_angles(clip, j, motion)
        parent = int(clip.parents[j])
        # reference 와 비트 단위로 같은 입력 (회전 채널 값, 로컬 이동, 부모의 월드) 이면 같은 연산의 결과도 같다.
        same_rotation = reference is not None and _same_bits(angles, local_rotation_angles(clip, j, reference.motion))
        same_world = (
            reference is not None and same_rotation and bool(reference.pose.computed[j])
            and (parent < 0 or bool(reused[parent]))
            and _same_bits(translation, local_translations(clip, j, reference.motion))
        )
        wanted = keep is None or j in keep
        q: Optional[NDArray[np.float64]] = None
        if order:
            if reference is not None and same_rotation and j in reference.local_rotations:
                q = reference.local_rotations[j]
            elif wanted or not same_world:
                q = euler_to_quaternion(order, angles)
        if q is not None and wanted:
            local_rotations[j] = q
        if reference is not None and same_world:
            reused[j] = True
            positions_jm[j] = reference.pose.joint_positions[j]
            rotations_jm[j] = reference.pose.joint_rotations[j]
            continue
        local = None if q is None else quaternion_to_matrix(q)  # = euler_to_matrix(order, angles)
        if parent < 0:
            positions_jm[j] = translation
            rotations_jm[j] = np.eye(3) if local is None else local
        else:
            # 결과를 관절의 행에 바로 쓴다 (out=): 같은 연산이고, 프레임 수만 한 임시 배열과 그 복사가 없다.
            parent_rotation = rotations_jm[parent]
            np.add(positions_jm[parent], np.einsum("fij,fj->fi", parent_rotation, translation), out=positions_jm[j])
            if local is None:
                rotations_jm[j] = parent_rotation
            else:
                np.matmul(parent_rotation, local, out=rotations_jm[j])
    return Pose(positions, rotations, needed, positions_jm, rotations_jm), local_rotations


def _same_bits(a: NDArray[np.float64], b: NDArray[np.float64]) -> bool:
    """두 float64 배열이 비트 단위로 같은가 (NaN·부호 있는 0 까지)."""
    return a.shape == b.shape and bool(np.array_equal(a.view(np.uint64), b.view(np.uint64)))


def rest_positions(clip: BvhClip) -> NDArray[np.float64]:
    """모든 채널이 0 인 자세 (OFFSET 만) 의 관절 위치 (J, 3). 루트는 원점."""
    out = np.zeros((len(clip.names), 3))
    for j, parent in enumerate(clip.parents):
        out[j] = clip.offsets[j] if parent < 0 else out[parent] + clip.offsets[j]
    return out
