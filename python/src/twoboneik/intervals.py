"""접지 구간 위의 계산: 구간에서 프레임마다의 IK 무게 (blend_weights) 와 구간마다의 평균 (interval_means, 디딘 자리)."""

from __future__ import annotations

from typing import Sequence

import numpy as np
from numpy.typing import NDArray

__all__ = ["blend_weights", "interval_means"]


def blend_weights(
    intervals: Sequence[tuple[int, int]], frames: int, blend_frames: int
) -> tuple[NDArray[np.float64], NDArray[np.intp]]:
    """접지 구간들에서 프레임마다의 IK 무게 (F,) 와 그 무게를 준 구간 번호 (F,, 없으면 −1).

    구간 안은 1, 구간 앞뒤 k = 1 … B 프레임 떨어진 곳은 smoothstep(1 − k/(B + 1)) (= 3x² − 2x³).
    두 구간의 꼬리가 겹치면 더 큰 무게를 준 구간을 쓴다.
    """
    weight = np.zeros(frames)
    owner = np.full(frames, -1, dtype=np.intp)
    ramp_x = 1.0 - np.arange(1, blend_frames + 1) / (blend_frames + 1)
    ramp = ramp_x * ramp_x * (3.0 - 2.0 * ramp_x)
    for n, (s, e) in enumerate(intervals):
        weight[s:e + 1] = 1.0
        owner[s:e + 1] = n
        for frames_idx, values in (
            (np.arange(s - 1, s - blend_frames - 1, -1), ramp),
            (np.arange(e + 1, e + blend_frames + 1), ramp),
        ):
            inside = (frames_idx >= 0) & (frames_idx < frames)
            idx, val = frames_idx[inside], values[inside]
            better = val > weight[idx]
            weight[idx[better]] = val[better]
            owner[idx[better]] = n
    return weight, owner


def interval_means(points: NDArray[np.float64], intervals: Sequence[tuple[int, int]]) -> NDArray[np.float64]:
    """구간마다 (끝 포함) points (F, 3) 의 평균 (N, 3): 디딘 자리."""
    if not intervals:
        return np.zeros((0, 3))
    bounds = np.asarray(intervals, dtype=np.intp).reshape(-1, 2)
    # reduceat 은 [i_k, i_(k+1)) 을 더한다: 시작과 끝 + 1 을 번갈아 주고 짝수 번째만 쓴다 (끝 + 1 = F 이면 0 행을 덧댄다).
    padded = np.concatenate((points, np.zeros((1, 3))))
    sums = np.add.reduceat(padded, np.stack((bounds[:, 0], bounds[:, 1] + 1), axis=-1).ravel(), axis=0)[0::2]
    means: NDArray[np.float64] = sums / (bounds[:, 1] - bounds[:, 0] + 1)[:, None]
    return means
