"""apply_two_bone_ik 의 효과점 (issue 16, spec/END_EFFECTOR.md): 끝점 tip 과 끝 회전 end_rotation 의 도우미.

부모 행렬의 회전 R_P 는 three 의 Matrix4.decompose 와 같은 식 (TypeScript 가 parent.matrixWorld 에서 읽는 값과 같은 비트).
"""

from __future__ import annotations

import numpy as np

from ._affine import length
from ._bone_rotate import Chain
from .rotation import quaternion_conjugate, quaternion_multiply, quaternion_normalize, rotate_vector


def parent_rotation(parent: np.ndarray) -> np.ndarray:
    """parent_world (..., 4, 4) 의 회전 사원수 (..., 4): three 의 decompose — 행렬식이 음수면 x 열의 부호를 바꾸고
    열마다 길이로 나눈 뒤 setFromRotationMatrix. 열의 길이가 넘치거나 사라지지 않게 2 의 거듭제곱으로 먼저 옮긴다
    (정확한 곱이라 보통 크기에서는 three 와 같은 비트)."""
    m = np.array(parent[..., :3, :3], dtype=float)
    largest = np.max(np.abs(m), axis=(-2, -1))
    _, exponent = np.frexp(largest)
    m = np.ldexp(m, np.where((largest >= 2.0**-500) & (largest <= 2.0**500), 0, -exponent)[..., None, None])
    det = (
        m[..., 0, 0] * (m[..., 1, 1] * m[..., 2, 2] - m[..., 2, 1] * m[..., 1, 2])
        - m[..., 0, 1] * (m[..., 1, 0] * m[..., 2, 2] - m[..., 2, 0] * m[..., 1, 2])
        + m[..., 0, 2] * (m[..., 1, 0] * m[..., 2, 1] - m[..., 2, 0] * m[..., 1, 1])
    )
    sizes = np.sqrt(m[..., 0, :] * m[..., 0, :] + m[..., 1, :] * m[..., 1, :] + m[..., 2, :] * m[..., 2, :])
    sizes[..., 0] = np.where(det < 0, -sizes[..., 0], sizes[..., 0])
    r = m * (1 / sizes)[..., None, :]
    m11, m12, m13 = r[..., 0, 0], r[..., 0, 1], r[..., 0, 2]
    m21, m22, m23 = r[..., 1, 0], r[..., 1, 1], r[..., 1, 2]
    m31, m32, m33 = r[..., 2, 0], r[..., 2, 1], r[..., 2, 2]
    trace = m11 + m22 + m33
    with np.errstate(divide="ignore", invalid="ignore"):
        s = 0.5 / np.sqrt(trace + 1.0)
        by_w = np.stack(((m32 - m23) * s, (m13 - m31) * s, (m21 - m12) * s, 0.25 / s), axis=-1)
        s = 2.0 * np.sqrt(1.0 + m11 - m22 - m33)
        by_x = np.stack((0.25 * s, (m12 + m21) / s, (m13 + m31) / s, (m32 - m23) / s), axis=-1)
        s = 2.0 * np.sqrt(1.0 + m22 - m11 - m33)
        by_y = np.stack(((m12 + m21) / s, 0.25 * s, (m23 + m32) / s, (m13 - m31) / s), axis=-1)
        s = 2.0 * np.sqrt(1.0 + m33 - m11 - m22)
        by_z = np.stack(((m13 + m31) / s, (m23 + m32) / s, 0.25 * s, (m21 - m12) / s), axis=-1)
    pick_x = (m11 > m22) & (m11 > m33)
    pick_y = ~pick_x & (m22 > m33)
    q = np.where(pick_y[..., None], by_y, by_z)
    q = np.where(pick_x[..., None], by_x, q)
    result: np.ndarray = np.where((trace > 0)[..., None], by_w, q)
    return result


def goal_in_parent(parent: np.ndarray, end_rotation: np.ndarray) -> np.ndarray:
    """R_Q = normalize(R_P⁻¹ Q̂): 월드의 끝 회전을 upper 의 부모 공간으로."""
    return quaternion_normalize(
        quaternion_multiply(quaternion_conjugate(parent_rotation(parent)), quaternion_normalize(end_rotation))
    )


def tip_offset(chain: Chain, tip: np.ndarray) -> np.ndarray:
    """o_in = tip_0 − end_0 (부모 공간): end 원점에서 tip 까지를 들어온 자세의 세 회전·스케일로 옮긴 것
    (두 점을 빼지 않고 바로 옮긴다: 뿌리가 멀어도 자릿수를 잃지 않는다)."""
    in_end = chain.e_s * tip
    offset: np.ndarray = rotate_vector(
        chain.u_unit, chain.u_s * rotate_vector(chain.m_unit, chain.m_s * rotate_vector(chain.e_unit, in_end))
    )
    return offset


def tip_in_mid(chain: Chain, end_rotation: np.ndarray, tip: np.ndarray) -> np.ndarray:
    """mid 로컬 축에서 본 tip (mid 의 scale 적용 뒤): S_M (p_E + R_E S_E t). tip 이 0 인 행은 end 원점 그대로 (비트까지)."""
    moved = chain.m_s * (chain.e_t + rotate_vector(end_rotation, chain.e_s * tip))
    located: np.ndarray = np.where(np.all(tip == 0, axis=-1)[..., None], chain.end_offset_m, moved)
    return located


def tip_chain(chain: Chain, tip: np.ndarray) -> Chain:
    """따라감의 삼각형: 아래 변이 mid → tip_0 인 체인 (tip 은 아래 뼈와 함께 움직인다). tip 이 0 인 행은 비트 그대로."""
    offset_m = tip_in_mid(chain, chain.e_unit, tip)
    lower_local = rotate_vector(chain.m_unit, offset_m)
    effector_p = chain.root_p + rotate_vector(chain.u_unit, chain.u_s * (chain.m_t + lower_local))
    return chain._replace(
        end_offset_m=offset_m, lower_local=lower_local, end_p=effector_p, lower_length=length(effector_p - chain.mid_p)
    )
