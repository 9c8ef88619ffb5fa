"""부모 행렬의 검사·역행렬·점 변환 (apply_two_bone_ik 가 쓴다). TypeScript 의 math/affine.ts 와 같은 규칙·같은 식."""

from __future__ import annotations

import numpy as np

from . import _checks, _tolerances

#: 균등 스케일로 볼 상대 허용치 (TypeScript 의 UNIFORM_SCALE_TOLERANCE 와 같다): 세 축 스케일의 (최대 − 최소) / 최대와
#: 두 축 사이의 |cos| 이 이보다 크면 거부한다. 실제 glTF 의 float32 잡음 (~1e-7) 은 통과한다.
UNIFORM_SCALE_TOLERANCE = _tolerances.UNIFORM_SCALE_TOLERANCE

#: 선형 부분의 가장 큰 원소가 이 범위 밖이면 2 의 거듭제곱으로 크기를 옮긴 뒤 뒤집는다 (TypeScript 와 같은 경계).
PLAIN_INVERT_MIN = _tolerances.PLAIN_INVERT_MIN
PLAIN_INVERT_MAX = _tolerances.PLAIN_INVERT_MAX


def check_uniform_scale(name: str, scale: np.ndarray) -> None:
    """세 성분이 같은 스케일인가 (부호 포함, 거울은 세 성분이 모두 음수일 때만): (최대 − 최소) ≤ 허용치·최대 |s|."""
    spread = _largest_of_three(scale) - _smallest_of_three(scale)
    bad = spread > UNIFORM_SCALE_TOLERANCE * _largest_of_three(np.abs(scale))
    if bad.any():
        index = _checks.first_index(bad)
        raise ValueError(
            f"{name}{_checks.format_index(index)}은 균등해야 합니다 — 세 성분이 같아야 뼈 길이가 보존됩니다"
            f" (받은 값: {scale[index].tolist()!r}, 상대 허용치 {UNIFORM_SCALE_TOLERANCE})"
        )


def check_parent_world(parent: np.ndarray) -> None:
    """parent_world 가 아핀이고 선형 부분이 균등 스케일 × 직교 (거울 포함) 이며 뒤집을 수 있는가."""
    last_row = parent[..., 3, :]
    bad = ~((last_row[..., 0] == 0.0) & (last_row[..., 1] == 0.0) & (last_row[..., 2] == 0.0) & (last_row[..., 3] == 1.0))
    if bad.any():
        index = _checks.first_index(bad)
        raise ValueError(
            f"parent_world{_checks.format_index(index)}의 마지막 행은 (0, 0, 0, 1) 이어야 합니다"
            f" (받은 값: {last_row[index].tolist()!r})"
        )
    linear = parent[..., :3, :3]
    magnitude = np.abs(linear)
    largest = np.maximum(
        np.maximum(_largest_of_three(magnitude[..., 0, :]), _largest_of_three(magnitude[..., 1, :])),
        _largest_of_three(magnitude[..., 2, :]),
    )
    singular = ~(largest > 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        columns = linear / np.where(singular, 1.0, largest)[..., None, None]
    squares = columns * columns
    # 세 열의 |cᵢ|²: np.sum(axis=-2) 와 같은 순서 (위에서 아래로 차례로 더한다) 라 비트 단위로 같다.
    norms_sq = (squares[..., 0, :] + squares[..., 1, :]) + squares[..., 2, :]
    smallest_sq, largest_sq = _smallest_of_three(norms_sq), _largest_of_three(norms_sq)
    singular |= ~(smallest_sq > 0)
    if singular.any():
        index = _checks.first_index(singular)
        raise ValueError(f"parent_world{_checks.format_index(index)}는 뒤집을 수 없습니다 (스케일 0인 축이 있습니다)")
    keep = 1 - UNIFORM_SCALE_TOLERANCE
    non_uniform = smallest_sq < keep * keep * largest_sq
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


def _largest_of_three(v: np.ndarray) -> np.ndarray:
    """(..., 3) 의 가장 큰 성분 (NaN 은 퍼진다). np.max(v, axis=-1) 와 같은 값이다 (최댓값은 반올림이 없다; ±0 이
    겨루면 부호만 다를 수 있으나 검사는 크기만 비교한다). 길이 3 의 축을 줄이는 것보다 성분별 연산이 훨씬 빠르다."""
    largest: np.ndarray = np.maximum(np.maximum(v[..., 0], v[..., 1]), v[..., 2])
    return largest


def _smallest_of_three(v: np.ndarray) -> np.ndarray:
    """(..., 3) 의 가장 작은 성분 (NaN 은 퍼진다). np.min(v, axis=-1) 과 같은 값 (_largest_of_three 참고)."""
    smallest: np.ndarray = np.minimum(np.minimum(v[..., 0], v[..., 1]), v[..., 2])
    return smallest


def invert_affine(parent: np.ndarray) -> np.ndarray:
    """아핀 행렬의 역행렬. 선형 부분이 [2⁻¹⁰⁰, 2¹⁰⁰] 밖이면 (스케일 1e-120 등) 행렬 (선형 + 이동) 에 2ᵏ 을 곱해
    크기를 1 근처로 옮겨 뒤집고 역행렬의 선형 부분에 다시 2ᵏ 을 곱한다: [2ᵏL, 2ᵏt]⁻¹ = [2⁻ᵏL⁻¹, −L⁻¹t].
    float64 로 표현되지 않는 역행렬은 ValueError."""
    largest = np.max(np.abs(parent[..., :3, :3]), axis=(-2, -1))
    plain = (largest >= PLAIN_INVERT_MIN) & (largest <= PLAIN_INVERT_MAX)
    if plain.all():
        inverse = affine_cofactor_inverse(parent)
    else:
        _, exponent = np.frexp(largest)
        k = np.where(plain, 0, 1 - exponent)  # 2ᵏ·largest ∈ [1, 2)
        half, rest = k // 2, k - k // 2
        scaled = np.array(parent, dtype=float)
        scaled[..., :3, :] = np.ldexp(np.ldexp(scaled[..., :3, :], half[..., None, None]), rest[..., None, None])
        inverse = affine_cofactor_inverse(scaled)
        inverse[..., :3, :3] = np.ldexp(np.ldexp(inverse[..., :3, :3], half[..., None, None]), rest[..., None, None])
    bad = ~np.all(np.isfinite(inverse), axis=(-2, -1))
    if bad.any():
        index = _checks.first_index(np.broadcast_to(bad, parent.shape[:-2]))
        raise ValueError(f"parent_world{_checks.format_index(index)}는 float64 로 뒤집을 수 없습니다")
    return inverse


def affine_cofactor_inverse(m: np.ndarray) -> np.ndarray:
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


def length(v: np.ndarray) -> np.ndarray:
    length: np.ndarray = np.sqrt(np.sum(v * v, axis=-1))
    return length


def transform_point(matrix: np.ndarray, point: np.ndarray) -> np.ndarray:
    """열벡터 규약의 아핀 변환: M·[x, 1] 의 앞 세 성분 (three 의 applyMatrix4 에서 마지막 행이 (0, 0, 0, 1) 일 때)."""
    moved: np.ndarray = (
        matrix[..., :3, 0] * point[..., 0:1]
        + matrix[..., :3, 1] * point[..., 1:2]
        + matrix[..., :3, 2] * point[..., 2:3]
        + matrix[..., :3, 3]
    )
    return moved
