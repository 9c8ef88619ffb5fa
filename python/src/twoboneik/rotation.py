"""사원수 (x, y, z, w — three.js 의 순서) 도우미. 모두 (..., 4) 배열에 대해 벡터화되어 있다.

연산은 three.js 의 Quaternion·Vector3 와 같은 식 (multiplyQuaternions, applyQuaternion, normalize, slerp) 을 쓴다.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from . import _checks, _tolerances

__all__ = [
    "quaternion_multiply",
    "quaternion_conjugate",
    "quaternion_normalize",
    "rotate_vector",
    "rotation_between_unit_vectors",
    "slerp",
]


def quaternion_multiply(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a ⊗ b (먼저 b, 그다음 a 로 돌리는 회전). three 의 multiplyQuaternions(a, b) 와 같은 식."""
    ax, ay, az, aw = np.moveaxis(a, -1, 0)
    bx, by, bz, bw = np.moveaxis(b, -1, 0)
    return np.stack(
        (
            ax * bw + aw * bx + ay * bz - az * by,
            ay * bw + aw * by + az * bx - ax * bz,
            az * bw + aw * bz + ax * by - ay * bx,
            aw * bw - ax * bx - ay * by - az * bz,
        ),
        axis=-1,
    )


def quaternion_conjugate(q: np.ndarray) -> np.ndarray:
    """켤레 (단위 사원수의 역). three 의 invert() 와 같다."""
    out = -q
    out[..., 3] = q[..., 3]
    return out


def quaternion_normalize(q: np.ndarray) -> np.ndarray:
    """q / |q|. three 처럼 |q| = 0 이면 항등 (0, 0, 0, 1)."""
    length = np.sqrt(np.sum(q * q, axis=-1))
    zero = length == 0
    inv = 1 / np.where(zero, 1.0, length)
    out = q * inv[..., None]
    if np.any(zero):
        out[zero] = (0.0, 0.0, 0.0, 1.0)
    return out


def rotate_vector(q: np.ndarray, v: np.ndarray) -> np.ndarray:
    """단위 사원수 q 로 벡터 v 를 돌린다: v + w·t + q.xyz × t, t = 2(q.xyz × v). three 의 applyQuaternion."""
    qx, qy, qz, qw = np.moveaxis(q, -1, 0)
    vx, vy, vz = np.moveaxis(v, -1, 0)
    tx = 2 * (qy * vz - qz * vy)
    ty = 2 * (qz * vx - qx * vz)
    tz = 2 * (qx * vy - qy * vx)
    return np.stack(
        (
            vx + qw * tx + qy * tz - qz * ty,
            vy + qw * ty + qz * tx - qx * tz,
            vz + qw * tz + qx * ty - qy * tx,
        ),
        axis=-1,
    )


#: 단위 벡터로 볼 |‖v‖² − 1| 의 상한 (TypeScript 의 UNIT_VECTOR_TOLERANCE 와 같은 값). float32 로 저장된 방향
#: (상대 오차 ~1e-7) 은 받고, 정규화하지 않은 벡터 (‖v‖ = 1.001 이면 2e-3) 는 거부한다.
UNIT_VECTOR_TOLERANCE = _tolerances.UNIT_VECTOR_TOLERANCE


def rotation_between_unit_vectors(u: ArrayLike, v: ArrayLike) -> np.ndarray:
    """단위 벡터 u 를 단위 벡터 v 로 돌리는 가장 작은 회전 (..., 4) = (x, y, z, w). 식은 _rotation_between 참고.

    u, v 는 (..., 3) 의 유한한 단위 벡터여야 한다 (|‖v‖² − 1| ≤ UNIT_VECTOR_TOLERANCE). 어긋나면 (NaN·무한대·bool 포함)
    인자 이름·값·처음 어긋난 색인을 담은 ValueError 를 던진다.
    """
    arrays = []
    for name, value in (("u", u), ("v", v)):
        array = _checks.as_points(name, value, np.dtype(np.float64))
        _checks.check_finite_points(name, array, value)
        with np.errstate(over="ignore"):
            delta = np.abs(np.einsum("...i,...i->...", array, array) - 1)
        bad = ~(delta <= UNIT_VECTOR_TOLERANCE)
        if np.any(bad):
            index = _checks.first_index(np.asarray(bad))
            values = ", ".join(_checks.scalar_repr(c) for c in array[index])
            raise ValueError(
                f"{name}{_checks.format_index(index)}는 유한한 단위 벡터여야 합니다"
                f" (|‖v‖² − 1| ≤ {UNIT_VECTOR_TOLERANCE}, 받은 값: {values})"
            )
        arrays.append(array)
    return _rotation_between(arrays[0], arrays[1])


def _rotation_between(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """단위 벡터 u 를 단위 벡터 v 로 돌리는 가장 작은 회전 (src/math/rotationBetween.ts 를 그대로 옮김).

    three 의 setFromUnitVectors 는 거의 반대일 때 (1 + cos φ < 1e-8) 임의의 축으로 바꿔 끝점이 1e-4 어긋난다.
    여기서는 반각 공식을 쓴다:

    - cos φ = u·v, sin²φ = |u × v|²
    - 1 + cos φ 와 1 − cos φ 중 작은 쪽은 sin²φ / (큰 쪽) 으로 구해 상쇄를 피한다.
    - 축 n = unit(u × v) 을 u 에 다시 직교화한다.
    - q = (n·sin(φ/2), cos(φ/2)), cos(φ/2) = √((1 + cos φ)/2), sin(φ/2) = √((1 − cos φ)/2).

    정확히 같으면 항등, 정확히 반대 (u × v = 0, cos φ < 0) 면 축은 u 와 가장 덜 나란한 양의 축 (X, Y, Z 순) 을
    u 에 직교화한 것 (180° 회전). 전제: u, v 는 단위 벡터 (..., 3).
    결과는 다시 정규화하지 않는다 (반각 공식이 이미 몇 ulp 안쪽의 단위 사원수를 준다; TypeScript 와 같다).
    """
    ux, uy, uz = np.moveaxis(u, -1, 0)
    vx, vy, vz = np.moveaxis(v, -1, 0)
    cos_phi = ux * vx + uy * vy + uz * vz
    nx = uy * vz - uz * vy
    ny = uz * vx - ux * vz
    nz = ux * vy - uy * vx
    sin_phi_sq = nx * nx + ny * ny + nz * nz

    parallel = sin_phi_sq == 0
    same = parallel & (cos_phi >= 0)
    opposite = parallel & (cos_phi < 0)
    if np.any(opposite):
        ax, ay, az = np.abs(ux), np.abs(uy), np.abs(uz)
        pick_x = (ax <= ay) & (ax <= az)
        pick_y = ~pick_x & (ay <= az)
        pick_z = ~pick_x & ~pick_y
        nx = np.where(opposite, pick_x.astype(float), nx)
        ny = np.where(opposite, pick_y.astype(float), ny)
        nz = np.where(opposite, pick_z.astype(float), nz)

    with np.errstate(divide="ignore", invalid="ignore"):
        along = nx * ux + ny * uy + nz * uz
        nx = nx - along * ux
        ny = ny - along * uy
        nz = nz - along * uz
        # 두 벡터가 1e-150 안쪽으로 나란하거나 반대면 |n|² 가 비정규수가 되어 자릿수를 잃으므로,
        # 그런 원소만 가장 큰 성분으로 먼저 나눈다 (TypeScript 와 같은 규칙).
        tiny = ~(nx * nx + ny * ny + nz * nz > 1e-290)
        if np.any(tiny):
            axis_scale = np.maximum(np.maximum(np.abs(nx), np.abs(ny)), np.abs(nz))
            axis_scale = np.where(tiny, axis_scale, 1.0)
            nx, ny, nz = nx / axis_scale, ny / axis_scale, nz / axis_scale
        inv = 1 / np.sqrt(nx * nx + ny * ny + nz * nz)
        nx, ny, nz = nx * inv, ny * inv, nz * inv

        non_negative = cos_phi >= 0
        one_plus = np.where(non_negative, 1 + cos_phi, sin_phi_sq / (1 - cos_phi))
        one_minus = np.where(non_negative, sin_phi_sq / (1 + cos_phi), 1 - cos_phi)
        cos_half = np.sqrt(0.5 * one_plus)
        sin_half = np.sqrt(0.5 * one_minus)
        # cos²(φ/2) + sin²(φ/2) = 1 이고 |n| = 1 이므로 이미 단위 사원수다 (반올림 몇 ulp 안쪽).
        # TypeScript 처럼 다시 정규화하지 않는다: 두 구현이 비트 단위로 같은 값을 낸다.
        q = np.stack((nx * sin_half, ny * sin_half, nz * sin_half, cos_half), axis=-1)
    if np.any(same):
        q[same] = (0.0, 0.0, 0.0, 1.0)
    return q


def slerp(q0: np.ndarray, q1: np.ndarray, t: np.ndarray) -> np.ndarray:
    """q0 에서 q1 쪽으로 t ∈ [0, 1] 만큼 구면 보간 (짧은 경로). three r186 의 Quaternion.slerp 와 같은 식:
    dot < 0 이면 q1 을 뒤집고, dot < 0.9995 면 sin 비율로, 그보다 가까우면 선형 보간 뒤 정규화한다.
    t = 0 이면 q0, t = 1 이면 q1 을 비트 단위로 그대로 돌려준다.
    """
    t = np.asarray(t, dtype=float)
    dot = np.sum(q0 * q1, axis=-1)
    flip = dot < 0
    q1s = np.where(flip[..., None], -q1, q1)
    dot = np.abs(dot)
    s = 1 - t
    with np.errstate(divide="ignore", invalid="ignore"):
        theta = np.arccos(np.minimum(dot, 1.0))
        sin = np.sin(theta)
        ratio_a = np.where(dot < 0.9995, np.sin(s * theta) / sin, s)
        ratio_b = np.where(dot < 0.9995, np.sin(t * theta) / sin, t)
    blended = q0 * ratio_a[..., None] + q1s * ratio_b[..., None]
    near = dot >= 0.9995
    if np.any(near):
        blended = np.where(near[..., None], quaternion_normalize(blended), blended)
    blended = np.where((t <= 0)[..., None], q0, blended)
    return np.where((t >= 1)[..., None], q1, blended)
