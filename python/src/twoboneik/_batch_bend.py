"""배치 조각의 5 단계 — 굽힘 방향 p: f 에 수직인 단위 벡터 (극이 직선 위면 정해진 축), 단일 경로와 같은 연산 순서."""

from __future__ import annotations

from typing import Any

import numpy as np

from ._batch_workspace import Workspace, length_of_rows, unit_of_scaled_rows


def bend_direction(
    work: Workspace,
    m: int,
    root: np.ndarray,
    target: np.ndarray,
    pole: np.ndarray,
    largest: Any,
    longest_chain: Any,
    may_overflow: bool,
) -> None:
    """굽힘 방향 p (work.rfp 의 행 6–8) 를 f 에 수직인 단위 벡터로 (극이 직선 위면 정해진 축).

    단일 경로와 같은 규칙·같은 연산 순서: 한 번 빼고, 넘친 열 중 성분이 POLE_DOWNSCALE_LIMIT 를 넘는 열은 2^-600 을
    곱해 다시 빼고, |p·f| > 64·|p⊥| (또는 |p⊥|² 가 넘친) 열만 한 번 더 뺀다. work.s1 (p·f), work.perp (|p⊥|² → |p⊥|),
    work.x·h·flag (다시 뺄 열의 판정), work.s2 (1/|p⊥|), work.sq 를 쓴다.
    """
    _subtract_forward(work, m)
    perp_finite = work.perp[:m].max() < np.inf
    pole_scale = None
    if not perp_finite:  # inf 나 NaN 이 있다 (드물다)
        pole_scale = _downscale_huge_poles(work, m, pole)
    _reorthogonalize(work, m, perp_finite)
    perp_lowest, unsafe = _normalize(work, m, may_overflow)
    bound = _line_bound(work, largest, longest_chain)
    _check_line(work, m, root, target, pole, bound, perp_lowest, unsafe, pole_scale)


def _subtract_forward(work: Workspace, m: int) -> None:
    """p 에서 f 방향 성분을 한 번 뺀다: work.s1 = p·f, p = p − (p·f)f, work.perp = |p⊥|² (work.sq 를 쓴다)."""
    rfp = work.rfp[: 9 * m].reshape(9, m)
    f, p = rfp[3:6], rfp[6:9]
    sq = work.sq[:, :m]
    along = work.s1[:m]
    np.multiply(p, f, out=sq)
    np.add(sq[0], sq[1], out=along)
    np.add(along, sq[2], out=along)
    np.multiply(f, along, out=sq)
    np.subtract(p, sq, out=p)
    perp_sq = work.perp[:m]  # |p⊥|² (아래에서 perp 로 다시 쓴다)
    np.multiply(p, p, out=sq)
    np.add(sq[0], sq[1], out=perp_sq)
    np.add(perp_sq, sq[2], out=perp_sq)


def _downscale_huge_poles(work: Workspace, m: int, pole: np.ndarray) -> np.ndarray | None:
    """|p⊥|² 가 넘친 열 중 원래 극 − 뿌리의 성분이 downscale_limit 를 넘는 열을 work.downscale 배로 줄여 다시 뺀다.

    돌려주는 값: 열마다 원래 크기로 되돌리는 배율 (줄인 열은 work.upscale, 나머지는 1), 줄인 열이 없으면 None.
    """
    dtype = work.dtype
    rfp = work.rfp[: 9 * m].reshape(9, m)
    root_rows, f, p = rfp[0:3], rfp[3:6], rfp[6:9]
    along, perp_sq = work.s1[:m], work.perp[:m]
    original = pole.T - root_rows  # 넘친 열의 원래 극 − 뿌리 (처음과 같은 뺄셈이라 같은 비트)
    huge = ~(perp_sq < np.inf) & (np.max(np.abs(original), axis=0) > work.downscale_limit)
    if not huge.any():
        return None
    idx = np.flatnonzero(huge)
    q = original[:, idx] * work.downscale
    fi = f[:, idx]
    al = q[0] * fi[0] + q[1] * fi[1] + q[2] * fi[2]
    q = q - al * fi
    along[idx] = al
    p[:, idx] = q
    perp_sq[idx] = q[0] * q[0] + q[1] * q[1] + q[2] * q[2]
    scale: np.ndarray = np.where(huge, work.upscale, dtype.type(1))
    return scale


def _reorthogonalize(work: Workspace, m: int, perp_finite: bool) -> None:
    """|p·f| > 64·|p⊥| 인 열 (그리고 |p⊥|² 가 넘친 열) 만 f 방향 성분을 한 번 더 빼고 그 열의 work.perp 를 다시 구한다."""
    rfp = work.rfp[: 9 * m].reshape(9, m)
    f, p = rfp[3:6], rfp[6:9]
    along, perp_sq = work.s1[:m], work.perp[:m]
    # 다시 뺄 열: |p·f|² > 64²·|p⊥|² (작업 배열에 제자리로; x·h·flag 는 뒤의 단계에서야 쓴다), 그리고 |p⊥|² 가 넘친 열.
    along_sq, limit_sq, need = work.x[:m], work.h[:m], work.flag[:m]
    np.multiply(along, along, out=along_sq)
    np.multiply(perp_sq, work.reorthogonalize_sq, out=limit_sq)
    np.greater(along_sq, limit_sq, out=need)
    if not perp_finite:
        need |= ~(perp_sq < np.inf)
    if need.any():
        idx = np.flatnonzero(need)
        q = p[:, idx]
        fi = f[:, idx]
        al = q[0] * fi[0] + q[1] * fi[1] + q[2] * fi[2]
        q = q - al * fi
        p[:, idx] = q
        # 바뀐 열의 |p⊥|² 만 다시: (x² + y²) + z² 로 위의 한꺼번에 구한 식과 같은 연산 순서 (같은 비트).
        perp_sq[idx] = q[0] * q[0] + q[1] * q[1] + q[2] * q[2]


def _normalize(work: Workspace, m: int, may_overflow: bool) -> tuple[Any, np.ndarray | None]:
    """p 를 |p⊥| 로 나눠 단위 벡터로 (work.perp = |p⊥|, work.s2 = 1/|p⊥|). (|p⊥|² 의 최솟값, 안전한 범위 밖인 열 또는 None)."""
    dtype = work.dtype
    p = work.rfp[: 9 * m].reshape(9, m)[6:9]
    perp = work.perp[:m]  # perp_sq 와 같은 버퍼: 이미 |p⊥|² 가 들어 있다
    perp_lowest, unsafe, unsafe_rows = length_of_rows(work, p, perp, work.sq[:, :m], may_overflow, squares_ready=True)
    inv = work.s2[:m]
    np.divide(dtype.type(1), perp, out=inv)
    np.multiply(p, inv, out=p)
    if unsafe is not None:
        # |p|² 가 넘치거나 사라지는 열: 정규 범위로 옮겨 정규화한다 (직선 위면 아래에서 정해진 축으로 바뀐다)
        p[:, unsafe] = unit_of_scaled_rows(unsafe_rows)
    return perp_lowest, unsafe


def _line_bound(work: Workspace, largest: Any, longest_chain: Any) -> Any:
    """직선 위 판정의 상한: 조각 전체의 가장 큰 좌표·가장 긴 체인으로 잰 허용 거리.

    이보다 먼 극은 확실히 직선 밖이고, 이 안쪽의 (드문) 체인만 체인별 허용 거리 max(1e-10·(a + b), 64ε·가장 큰 좌표) 로
    다시 판정한다.
    """
    # |target|, |pole| ≤ |root| + |f|, |root| + |p| ≤ 2·largest 이므로 조각의 가장 큰 좌표 ≤ 2·largest (1e-3 여유를 둔 상한).
    scale_bound = (largest + largest) * work.dtype.type(1.001)
    return max(work.line_tolerance * longest_chain, work.rounding_factor * scale_bound)


def _check_line(
    work: Workspace, m: int, root: np.ndarray, target: np.ndarray, pole: np.ndarray,
    bound: Any, perp_lowest: Any, unsafe: np.ndarray | None, pole_scale: np.ndarray | None,
) -> None:
    """|p⊥| 가 상한 bound 이하인 (직선 위일 수 있는) 체인만 _fallback_where_on_line 으로 다시 판정한다."""
    rfp = work.rfp[: 9 * m].reshape(9, m)
    f, p = rfp[3:6], rfp[6:9]
    flag, max_length, perp = work.flag[:m], work.max_length[:m], work.perp[:m]
    # 모든 열이 안전하면 perp = √(|p|²) 이고 올바르게 반올림된 sqrt 는 단조이므로 perp ≥ √(최솟값) 이다:
    # 그것이 상한보다 크면 직선 위일 수 있는 체인이 없어 판정을 건너뛴다.
    if pole_scale is not None:
        # 줄인 열의 원래 수직 거리 (× 2^600 은 넘쳐도 inf > 허용치라 판정이 같다). 줄이지 않은 열은 × 1 이라 그대로다.
        perp_true = perp * pole_scale
        np.less_equal(perp_true, bound, out=flag)
        if flag.any():
            _fallback_where_on_line(work, np.flatnonzero(flag), root, target, pole, f, p, perp_true, max_length)
    elif unsafe is not None or not np.sqrt(perp_lowest) > bound:
        np.less_equal(perp, bound, out=flag)
        if flag.any():
            _fallback_where_on_line(work, np.flatnonzero(flag), root, target, pole, f, p, perp, max_length)


def _fallback_where_on_line(
    work: Workspace,
    idx: np.ndarray,
    root: np.ndarray,
    target: np.ndarray,
    pole: np.ndarray,
    f: np.ndarray,
    p: np.ndarray,
    perp: np.ndarray,
    max_length: np.ndarray,
) -> None:
    """상한 안쪽의 체인을 체인별 허용 거리로 다시 판정하고, 직선 위면 p 를 정해진 축으로 바꾼다."""
    dtype = work.dtype
    coord_scale = np.max(
        np.abs(np.concatenate((root[idx], target[idx], pole[idx]), axis=1)), axis=1
    )
    tolerance = np.maximum(work.line_tolerance * max_length[idx], work.rounding_factor * coord_scale)
    on_line = idx[perp[idx] <= tolerance]
    if on_line.size == 0:
        return
    fx, fy, fz = f[0, on_line], f[1, on_line], f[2, on_line]
    ax, ay, az = np.abs(fx), np.abs(fy), np.abs(fz)
    pick_x = (ax <= ay) & (ax <= az)
    pick_y = ~pick_x & (ay <= az)
    pick_z = ~pick_x & ~pick_y
    ex, ey, ez = (pick.astype(dtype) for pick in (pick_x, pick_y, pick_z))
    axis_along = ex * fx + ey * fy + ez * fz
    px, py, pz = ex - axis_along * fx, ey - axis_along * fy, ez - axis_along * fz
    inv = dtype.type(1) / np.sqrt(px * px + py * py + pz * pz)  # |축 × f| ≥ √(2/3), 0 이 될 수 없다
    p[0, on_line] = px * inv
    p[1, on_line] = py * inv
    p[2, on_line] = pz * inv
