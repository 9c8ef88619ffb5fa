"""엉덩이 조정 (--adjust-hips): 디딘 두 발이 닿도록 엉덩이를 가장 작게, 부드럽게 옮긴다 (Kovar et al. 2002 의 뿌리 조정).

프레임마다 필요한 최소 이동 o_f: 디딘 (접지 중인) 발마다 허벅지 뿌리 r_k + o 가 발목 목표 t_k 에서 reach·L_k 안.
두 공의 교집합으로 가는 가장 작은 이동은 교대 투영 (POCS) 으로 찾는다 (0 에서 시작하므로 필요 없으면 0).

부드럽게: 성분마다 양·음의 부분을 따로 반지름 2h 의 최댓값 필터로 넓힌 뒤 반지름 h 의 상자 평균을 두 번 (삼각 핵,
받침 ≤ 2h) — 핵의 받침 안의 모든 값이 가운데 값 이상이므로 부호가 한 가지인 곳에서는 결과가 성분마다 o_f 를 덮는다
(더 적게 옮기지 않는다).
부호가 바뀌는 곳에서 모자란 만큼은 남은 필요량을 다시 덮어 채운다 (CORRECTION_PASSES). 끝으로 크기를 limit 로 자른다 (비율을 곱하므로 이어짐은 그대로).
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
from numpy.typing import NDArray

__all__ = ["required_offsets", "smooth_cover", "hips_offsets"]

#: 교대 투영의 반복 수 (두 공이 겹치면 몇 번에 수렴한다).
POCS_ITERATIONS = 12

#: 덮개를 남은 필요량으로 다시 덮는 횟수 (보통 두 번째부터 0 이다).
CORRECTION_PASSES = 3


def required_offsets(
    roots: Sequence[NDArray[np.float64]], targets: Sequence[NDArray[np.float64]],
    planted: Sequence[NDArray[np.bool_]], radii: Sequence[float],
) -> NDArray[np.float64]:
    """프레임마다 (F, 3) 엉덩이 이동: planted[k] 인 프레임에서 |roots[k] + o − targets[k]| ≤ radii[k] 가 되게."""
    offset = np.zeros_like(roots[0])
    for _ in range(POCS_ITERATIONS):
        for root, target, mask, radius in zip(roots, targets, planted, radii):
            gap = root + offset - target
            distance = np.sqrt(np.sum(gap * gap, axis=-1))
            excess = np.where(mask & (distance > radius), distance - radius, 0.0)
            # 공 밖이면 공의 겉면으로 (목표 쪽으로 excess 만큼).
            offset -= gap * (excess / np.maximum(distance, np.finfo(float).tiny))[:, None]
    return offset


def _box_mean(values: NDArray[np.float64], half: int) -> NDArray[np.float64]:
    """반지름 half 의 상자 평균 (가장자리는 끝 값을 이어 붙인 것처럼)."""
    padded = np.concatenate((np.repeat(values[:1], half, axis=0), values, np.repeat(values[-1:], half, axis=0)))
    total = np.concatenate((np.zeros((1,) + values.shape[1:]), np.cumsum(padded, axis=0)))
    mean: NDArray[np.float64] = (total[2 * half + 1:] - total[:-2 * half - 1]) / (2 * half + 1)
    return mean


def _max_filter(values: NDArray[np.float64], half: int) -> NDArray[np.float64]:
    """반지름 half 의 최댓값 필터 (축 0). 0 이상의 값에 쓴다 (가장자리는 0 을 덧댄다)."""
    padded = np.concatenate((np.zeros((half,) + values.shape[1:]), values, np.zeros((half,) + values.shape[1:])))
    windows = np.lib.stride_tricks.sliding_window_view(padded, 2 * half + 1, axis=0)
    result: NDArray[np.float64] = np.max(windows, axis=-1)
    return result


def smooth_cover(offset: NDArray[np.float64], half: int) -> NDArray[np.float64]:
    """부드러운 곡선 (F, 3): 성분의 부호가 가까이에서 바뀌지 않는 곳에서는 |결과| ≥ |offset| (같은 부호). half = 0 이면 그대로."""
    result: NDArray[np.float64] = np.zeros_like(offset)
    if half <= 0 or offset.shape[0] == 0:
        result += offset
        return result
    for sign in (1.0, -1.0):
        part = np.maximum(sign * offset, 0.0)
        result += sign * _box_mean(_box_mean(_max_filter(part, 2 * half), half), half)
    return result


def hips_offsets(
    roots: Sequence[NDArray[np.float64]], targets: Sequence[NDArray[np.float64]],
    planted: Sequence[NDArray[np.bool_]], radii: Sequence[float], half: int, limit: float,
) -> NDArray[np.float64]:
    """엉덩이에 더할 월드 이동 (F, 3): 필요한 최소 이동을 덮는 부드러운 곡선, 크기 ≤ limit."""
    cover = np.zeros_like(roots[0])
    for _ in range(CORRECTION_PASSES):
        # 부호가 바뀌는 곳에서는 양·음의 덮개가 서로 깎아 조금 모자랄 수 있다: 남은 만큼을 다시 덮는다.
        shifted = [root + cover for root in roots]
        cover += smooth_cover(required_offsets(shifted, targets, planted, radii), half)
    size = np.sqrt(np.sum(cover * cover, axis=-1))
    # 크기만 줄인다: 방향과 이어짐은 그대로.
    over = size > limit
    cover *= np.where(over, limit / np.where(over, size, 1.0), 1.0)[:, None]
    # 덮는 곡선의 꼬리에 남는 반올림 찌꺼기는 0 으로 (건드린 프레임을 정직하게 센다).
    cover[size <= 1e-12 * max(limit, 1.0)] = 0.0
    return cover
