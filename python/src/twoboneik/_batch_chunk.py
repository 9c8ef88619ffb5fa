"""배치의 한 조각 (≤ CHUNK_SIZE 체인) 을 푸는 단계들: solve_chunk 가 요리법이고, 단계마다 함수 하나
(5 단계 굽힘 방향은 _batch_bend.py).

단일 경로 (_scalar.py) 와 같은 규칙·같은 연산 순서라 float64 에서 같은 비트를 낸다. 단계들은 work 의 작업 배열을
out= 으로만 쓰며, 어느 버퍼를 어느 단계가 다시 쓰는지는 각 단계의 주석에 적었다.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._batch_bend import bend_direction
from ._batch_workspace import Workspace, length_of_rows, unit_of_scaled_rows
from ._bend_limits import bend_triangle_rows


def solve_chunk(
    work: Workspace,
    root: np.ndarray,
    a: np.ndarray,
    b: np.ndarray,
    target: np.ndarray,
    pole: np.ndarray,
    joint_out: np.ndarray,
    end_out: np.ndarray,
    reach_out: np.ndarray,
    limits: tuple[np.ndarray, np.ndarray] | None = None,
) -> bool:
    """한 조각을 푼다. 잘못된 값을 만나면 False 를 돌려주고 (호출자가 자세히 검사해 오류를 던진다).

    limits: 체인마다의 굽힘 제한 (min, max) 라디안 또는 None.
    """
    m = a.shape[0]
    # 1. 행으로 옮기고 f = target − root, p = pole − root.
    largest = _load_rows(work, root, target, pole, m)
    if largest is None:
        return False
    # 2. 길이 a + b, a − b, |a − b| 와 그 검사.
    longest_chain = _chain_lengths(work, a, b, m)
    if longest_chain is None:
        return False
    # |v|² 넘침의 사전 판정: f, p 의 성분은 largest = L 이하이므로 |f|² ≤ 3L². 아래 굽힘 방향의 p' = p − (p·f̂)f̂ 는
    # |f̂| ≤ 1 + 몇 ε 이라 성분이 L + √3·L·(1 + 몇 ε) < 2.8L 이하, |p'|² < 3·(2.8L)² < 24L² 이다.
    # L ≤ √safe_max / 16 이면 둘 다 256L² ≤ safe_max 보다 작으니 조각마다 최댓값 축약 두 번을 건너뛴다
    # (넘칠 수 있는 조각에서만 잰다. 안전한 범위의 판정·결과는 바뀌지 않는다).
    may_overflow = not largest <= work.no_overflow_bound
    # 3. 앞 방향 f 와 거리 d, 4. 닿는 범위로 자르기.
    at_root = _forward_and_distance(work, m, may_overflow)
    _clamp_distance(work, m, reach_out)
    clamped = _clamp_to_bend_limits(work, m, a, b, limits, reach_out) if limits is not None else None
    # 5. 굽힘 방향 p, 6. 코사인 법칙 x, h, 7. 관절·끝.
    bend_direction(work, m, root, target, pole, largest, longest_chain, may_overflow)
    _law_of_cosines(work, m, a, at_root)
    if clamped is not None:
        # 제한으로 자른 체인의 관절은 제한 각에서 직접 (단일 경로와 같은 값, 같은 h ≤ a 자르기).
        idx, x_limit, h_limit = clamped
        work.x[idx] = x_limit
        work.h[idx] = np.minimum(h_limit, np.broadcast_to(a, (m,))[idx])
    return _write_points(work, m, reach_out, joint_out, end_out, largest, longest_chain)


def _load_rows(work: Workspace, root: np.ndarray, target: np.ndarray, pole: np.ndarray, m: int) -> Any:
    """root·f·p 를 work.rfp 에 (성분을 행으로), target 의 행을 work.target_rows 에. 가장 큰 성분 크기 또는 None.

    root·f·p 를 한 배열에 두고 최댓값·최솟값 (두 번의 축약, 연속 메모리) 으로 좌표의 NaN·inf 와 뺄셈 넘침을 함께
    잡고 (NaN 은 max 로 번진다. root 가 유한하지 않으면 f 도 그렇다), 넘침 판정과 직선 판정에 쓸 가장 큰 성분 크기
    largest 도 정확히 얻는다. 제곱의 합 (einsum) 보다 빠르고, np.dot 과 달리 BLAS 스레드 풀을 부르지 않는다
    (issue 11: 다른 프로세스가 CPU 를 쓰면 10⁶ 체인이 445 ms → 2,149 ms). target·pole 은 먼저 성분을 행으로 옮겨
    복사하고 (보폭 있는 읽기는 한 번), 뺄셈은 연속 메모리에서 한다. target 의 행은 끝점을 고를 때 다시 쓴다.
    """
    rfp_flat = work.rfp[: 9 * m]
    rfp = rfp_flat.reshape(9, m)
    root_rows, f, p = rfp[0:3], rfp[3:6], rfp[6:9]
    np.copyto(root_rows, root.T)  # 성분을 행으로: 이후의 모든 연산이 연속 메모리를 돈다
    target_rows = work.target_rows[:, :m]
    np.copyto(target_rows, target.T)
    np.subtract(target_rows, root_rows, out=f)
    np.copyto(p, pole.T)
    np.subtract(p, root_rows, out=p)
    rfp_max, rfp_min = rfp_flat.max(), rfp_flat.min()
    if not (rfp_max < np.inf and rfp_min > -np.inf):
        return None
    return max(rfp_max, -rfp_min)  # root·f·p 의 가장 큰 성분 크기


def _chain_lengths(work: Workspace, a: np.ndarray, b: np.ndarray, m: int) -> Any:
    """work.max_length = a + b, work.a_minus_b, work.min_length = |a − b|. 가장 긴 체인 또는 (잘못된 길이면) None.

    검사: a, b ≥ 0 (NaN 이면 거짓), 0 < a + b, 2(a + b) < inf (둘 다 0 이거나 넘침을 거부; 헤론 공식의
    a + b + d ≤ 2(a + b) 가 유한해야 한다). work.s1 을 임시로 쓴다.
    """
    max_length = work.max_length[:m]
    np.add(a, b, out=max_length)
    np.subtract(a, b, out=work.a_minus_b[:m])
    np.abs(work.a_minus_b[:m], out=work.min_length[:m])
    np.minimum(a, b, out=work.s1[:m])
    shortest_chain, longest_chain = max_length.min(), max_length.max()
    if not (work.s1[:m].min() >= 0 and shortest_chain > 0 and longest_chain + longest_chain < np.inf):
        return None
    return longest_chain


def _forward_and_distance(work: Workspace, m: int, may_overflow: bool) -> np.ndarray | None:
    """f 를 단위 벡터로, work.distance = |target − root|. 목표가 뿌리와 같은 열의 마스크 (없으면 None).

    work.s2 (1/d) 와 work.sq 를 임시로 쓴다.
    """
    f = work.rfp[: 9 * m].reshape(9, m)[3:6]
    distance = work.distance[:m]
    lowest, unsafe, unsafe_rows = length_of_rows(work, f, distance, work.sq[:, :m], may_overflow)
    inv = work.s2[:m]
    np.divide(work.dtype.type(1), distance, out=inv)
    np.multiply(f, inv, out=f)
    if unsafe is not None:
        # |v|² 가 넘치거나 사라지는 열: 정규 범위로 옮겨 정규화한다 (d = 0 은 아래에서 +X 로 바뀐다)
        f[:, unsafe] = unit_of_scaled_rows(unsafe_rows)
    if lowest > 0:
        return None
    at_root: np.ndarray = distance == 0
    if not at_root.any():
        return None
    f[0, at_root] = 1  # 목표가 뿌리와 같으면 +X 로 뻗는다.
    f[1, at_root] = 0
    f[2, at_root] = 0
    return at_root


def _clamp_distance(work: Workspace, m: int, reach_out: np.ndarray) -> None:
    """d 를 닿는 범위 [|a − b|, a + b] 로 정확히 자르고 (엡실론 없음), 자르지 않은 열만 reach_out 을 True 로."""
    distance, max_length, min_length = work.distance[:m], work.max_length[:m], work.min_length[:m]
    not_folded = work.not_folded[:m]
    np.less_equal(distance, max_length, out=reach_out)
    np.greater_equal(distance, min_length, out=not_folded)
    np.logical_and(reach_out, not_folded, out=reach_out)
    np.minimum(distance, max_length, out=distance)
    np.maximum(distance, min_length, out=distance)


def _clamp_to_bend_limits(
    work: Workspace, m: int, a: np.ndarray, b: np.ndarray, limits: tuple[np.ndarray, np.ndarray], reach_out: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """굽힘 제한의 허용 거리 [d(max), d(min)] 밖이거나 그 끝인 체인의 d 를 그 끝으로 두고, 밖이면 reachable 을 끈다
    (단일 경로와 같은 규칙).

    돌려주는 값: (자른 체인의 색인, 제한 각의 x, h) 또는 (자른 체인이 없으면) None. d(0), d(π) 인 끝은 제한이 아니다.
    """
    bend_min, bend_max = limits
    distance = work.distance[:m]
    full_a, full_b = np.broadcast_to(a, (m,)), np.broadcast_to(b, (m,))
    d_far, x_far, h_far = bend_triangle_rows(full_a, full_b, bend_min)
    # 곧게 펴진·접힌 거리로 잘린 체인도 제한 각으로 (d(제한) 이 그 거리로 반올림될 수 있다, 단일 경로와 같다).
    too_far = (bend_min > 0) & ((distance >= d_far) | (distance >= work.max_length[:m]))
    d_near, x_near, h_near = bend_triangle_rows(full_a, full_b, bend_max)
    too_near = ~too_far & (bend_max < np.pi) & ((distance <= d_near) | (distance <= work.min_length[:m]))
    clamped = too_far | too_near
    if not clamped.any():
        return None
    idx = np.flatnonzero(clamped)
    far = too_far[idx]
    limit_distance = np.where(far, d_far[idx], d_near[idx])
    reach_out[idx] &= distance[idx] == limit_distance  # 경계 위의 목표에는 닿는다
    distance[idx] = limit_distance
    return idx, np.where(far, x_far[idx], x_near[idx]), np.where(far, h_far[idx], h_near[idx])


def _law_of_cosines(work: Workspace, m: int, a: np.ndarray, at_root: np.ndarray | None) -> None:
    """코사인 법칙: work.x = a·cos θ = ((a − b)/d·(a + b) + d)/2, work.h = a·sin θ (헤론 공식, _scalar._law_of_cosines).

    work.s1·s2 와 work.flag 를 임시로 쓴다.
    """
    dtype = work.dtype
    distance, a_minus_b, max_length = work.distance[:m], work.a_minus_b[:m], work.max_length[:m]
    flag = work.flag[:m]
    x = work.x[:m]
    np.divide(a_minus_b, distance, out=x)
    np.multiply(x, max_length, out=x)
    np.add(x, distance, out=x)
    np.multiply(x, dtype.type(0.5), out=x)
    s1, s2, h = work.s1[:m], work.s2[:m], work.h[:m]
    # b − a = −(a − b) 이므로 d + (b − a) = d − (a − b), d − (b − a) = d + (a − b) (같은 비트).
    np.subtract(distance, a_minus_b, out=s1)  # s1 = d + (b − a)
    np.divide(s1, distance, out=s1)
    np.sqrt(s1, out=s1)
    np.add(distance, a_minus_b, out=s2)  # s2 = d − (b − a)
    np.divide(s2, distance, out=s2)
    np.sqrt(s2, out=s2)
    np.multiply(s1, s2, out=h)
    np.subtract(max_length, distance, out=s1)  # s3 = a + b − d
    np.sqrt(s1, out=s1)
    np.multiply(h, s1, out=h)
    np.add(max_length, distance, out=s1)  # s4 = a + b + d
    np.sqrt(s1, out=s1)
    np.multiply(h, s1, out=h)
    np.multiply(h, dtype.type(0.5), out=h)
    # s1, s2, s3 중 하나라도 ≤ 0 이면 h = 0: 그때 곱은 NaN (음수의 제곱근) 이거나 0 이므로 fmax 가 +0 으로 바꾼다.
    np.fmax(h, dtype.type(0), out=h)
    # |a − b| 로 자른 (완전히 접힌) 체인은 h = 0 이어야 한다 (단일 경로의 folded). 따로 0 을 곱할 필요가 없다:
    # 그때 d = |a − b| 는 a − b 와 같은 비트의 크기이고 b − a = −(a − b) 도 정확하므로, a ≥ b 면
    # s1 = d − (a − b) = 0, a < b 면 s2 = d + (a − b) = 0 이 정확히 0 이다. d > 0 (접혔으면 d = |a − b| > 원래 d ≥ 0),
    # 다른 인수 s2/d (또는 s1/d) = 2 (2d/d 는 정확), s3 = fl(a + b) − |a − b| ≥ 0 (반올림은 단조), s4 ≤ 2(a + b) 는
    # 모두 유한한 0 이상의 수라 곱은 정확히 +0 이고, fmax 뒤에도 +0 — 단일 경로·TypeScript 의 h = 0 과 같은 비트다.
    np.greater(h, a, out=flag)
    np.copyto(h, a, where=flag)  # 반올림으로 a 를 넘지 않게
    if at_root is not None:
        folded = at_root & (distance == 0)
        x[folded] = 0  # a = b 이고 목표가 뿌리에 있다: 완전히 접혀 관절은 p 쪽으로 a 만큼.
        h[folded] = np.broadcast_to(a, (m,))[folded]


def _write_points(
    work: Workspace,
    m: int,
    reach_out: np.ndarray,
    joint_out: np.ndarray,
    end_out: np.ndarray,
    largest: Any,
    longest_chain: Any,
) -> bool:
    """joint = (root + x·f) + h·p, end = root + d·f (닿으면 target 을 그대로 복사). 결과가 float 범위를 넘으면 False.

    work.joint 와 work.sq 를 임시로 쓴다.
    """
    rfp = work.rfp[: 9 * m].reshape(9, m)
    root_rows, f, p = rfp[0:3], rfp[3:6], rfp[6:9]
    sq, x, h, distance = work.sq[:, :m], work.x[:m], work.h[:m], work.distance[:m]
    joint_rows = work.joint[:, :m]
    np.multiply(f, x, out=joint_rows)
    np.add(root_rows, joint_rows, out=joint_rows)
    np.multiply(p, h, out=sq)
    np.add(joint_rows, sq, out=joint_out.T)
    np.multiply(f, distance, out=sq)
    np.add(root_rows, sq, out=sq)
    # end 는 비트로 고른다: mask = 닿으면 모든 비트가 1, 아니면 0 인 정수, end = s ^ ((s ^ t) & mask)
    # (s = root + d·f). 닿으면 t 의 비트, 아니면 s 의 비트 그대로라 np.where 와 같은 결과이고 (−0·NaN 도 비트째),
    # 무작위 마스크에서 분기가 없어 빠르다.
    bits = work.bits
    mask = work.mask[:m]
    np.negative(reach_out.view(np.int8), out=mask)
    chosen = joint_rows.view(bits)  # joint 는 이미 썼으니 작업 배열을 다시 쓴다
    s_bits = sq.view(bits)
    np.bitwise_xor(work.target_rows[:, :m].view(bits), s_bits, out=chosen)
    np.bitwise_and(chosen, mask, out=chosen)
    np.bitwise_xor(s_bits, chosen, out=end_out.view(bits).T)
    # 관절·끝의 성분 ≤ |root| + |x| + |h| (또는 |root| + d) ≤ largest + 2(a + b): 그것이 float 범위의 절반 아래면 넘칠 수 없다.
    if not largest + 2 * longest_chain <= work.result_bound:
        if not (np.isfinite(joint_out).all() and np.isfinite(end_out).all()):
            return False  # 결과가 float 범위를 넘는다: 호출자가 첫 체인을 찾아 ValueError
    return True
