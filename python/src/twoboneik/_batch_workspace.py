"""배치 경로의 작업 배열과 행 단위 길이: 성분을 행으로 둔 (3, m) 배치라 모든 ufunc 가 연속 메모리를 돈다."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

# 상수는 배치마다 한 번 (Workspace 를 만들 때) 읽는다: 모듈 이름을 붙여 읽는다 (체인마다 읽는 _scalar.py 는 이름을 직접 가져온다).
from . import _constants


class Workspace:
    """한 조각의 작업 배열. 성분을 행으로 둔 (3, m) 배치라 모든 ufunc 가 연속 메모리를 돈다."""

    def __init__(self, m: int, dtype: np.dtype) -> None:
        self.dtype = dtype
        self.eps = dtype.type(np.finfo(dtype).eps)
        self.rounding_factor = dtype.type(_constants.POLE_ROUNDING_ULPS) * self.eps
        self.line_tolerance = dtype.type(_constants.POLE_LINE_TOLERANCE)
        self.safe_min, self.safe_max = (dtype.type(v) for v in _constants.SAFE_SQ[dtype])
        # 조각의 모든 좌표·차의 크기가 이 값 이하면 |f|², |p|² 는 safe_max 를 넘을 수 없다 (_batch.solve_chunk 참고).
        self.no_overflow_bound = dtype.type(math.sqrt(float(self.safe_max)) / 16)
        # 극 − 뿌리를 2 의 거듭제곱으로 줄이는 경계 (단일 경로·TypeScript 와 같은 값; float32 는 같은 여유를 둔 값).
        if dtype == _constants.FLOAT64:
            self.downscale_limit = dtype.type(_constants.POLE_DOWNSCALE_LIMIT)
            self.downscale, self.upscale = dtype.type(_constants.POLE_DOWNSCALE), dtype.type(_constants.POLE_UPSCALE)
        else:
            self.downscale_limit = dtype.type(2.0**120)
            self.downscale, self.upscale = dtype.type(2.0**-64), dtype.type(2.0**64)
        self.result_bound = dtype.type(float(np.finfo(dtype).max) / 2)
        self.reorthogonalize_sq = dtype.type(_constants.REORTHOGONALIZE_RATIO_SQ)
        # 끝점을 고를 때 float 의 비트를 정수로 본다 (같은 크기의 부호 있는 정수).
        self.bits = np.dtype(np.int64) if dtype == _constants.FLOAT64 else np.dtype(np.int32)
        # 행 0–2: root, 행 3–5: f = target − root, 행 6–8: 극 − root. 조각마다 (9, m) 으로 잘라 쓰는 1 차원 배열이라
        # 마지막 (짧은) 조각에서도 연속이어서 한 번의 최댓값·최솟값으로 셋을 함께 본다 (_batch.solve_chunk 참고).
        self.rfp = np.empty(9 * m, dtype)
        self.sq = np.empty((3, m), dtype)
        self.target_rows = np.empty((3, m), dtype)
        self.mask = np.empty(m, self.bits)
        self.joint = np.empty((3, m), dtype)
        self.distance = np.empty(m, dtype)
        self.perp = np.empty(m, dtype)
        self.max_length = np.empty(m, dtype)
        self.a_minus_b = np.empty(m, dtype)
        self.min_length = np.empty(m, dtype)
        self.s1 = np.empty(m, dtype)
        self.s2 = np.empty(m, dtype)
        self.x = np.empty(m, dtype)
        self.h = np.empty(m, dtype)
        self.flag = np.empty(m, np.bool_)
        self.not_folded = np.empty(m, np.bool_)


def length_of_rows(
    work: Workspace,
    rows: np.ndarray,
    out: np.ndarray,
    sq: np.ndarray,
    may_overflow: bool,
    squares_ready: bool = False,
) -> tuple[Any, np.ndarray | None, np.ndarray | None]:
    """rows (3, m) 의 열마다 |v| 를 out 에 쓴다.

    squares_ready 면 out 에 이미 |v|² = (x² + y²) + z² 가 (아래와 같은 연산 순서로) 들어 있어 다시 구하지 않는다.

    may_overflow 가 거짓이면 호출자가 |v|² < safe_max 를 보장한 것이라 최댓값 축약을 건너뛴다.
    돌려주는 값: (|v|² 의 최솟값 (0 검사에 쓴다), 안전한 범위 밖인 열의 색인, 그 열들의 복사본 (3, k)).
    모든 열이 안전하면 뒤의 둘은 None. 안전한 범위 밖의 열은 1/|v| 를 곱하지 말고 성분마다 |v| 로 나눠야 한다
    (|v| 가 비정규수면 1/|v| 가 넘친다): 호출자가 복사본으로 그 열을 다시 쓴다 (단일 경로·TypeScript 와 같은 규칙).
    """
    if not squares_ready:
        np.multiply(rows, rows, out=sq)
        np.add(sq[0], sq[1], out=out)
        np.add(out, sq[2], out=out)
    lowest = out.min()
    safe = lowest > work.safe_min and (not may_overflow or out.max() < work.safe_max)
    if safe:
        np.sqrt(out, out=out)
        return lowest, None, None
    else:
        unsafe = ~((out > work.safe_min) & (out < work.safe_max))
        np.sqrt(out, out=out)
        idx = np.flatnonzero(unsafe)
        v = rows[:, idx]
        scale = np.max(np.abs(v), axis=0)
        nonzero = scale != 0
        safe_scale = np.where(nonzero, scale, work.dtype.type(1))
        s = v / safe_scale
        scaled = scale * np.sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2])
        out[idx] = np.where(nonzero, scaled, work.dtype.type(0))
        return lowest, idx, v


def unit_of_scaled_rows(rows: np.ndarray | None) -> np.ndarray:
    """열마다 rows (3, k) 의 단위 벡터: 가장 큰 성분으로 먼저 나눈 뒤 정규화한다 (단일 경로의 _unit_of_scaled 와 같은
    연산 순서). 0 인 열은 NaN 이 되지만 호출자가 바꿔 쓴다 (목표가 뿌리면 +X, 극이 직선 위면 정해진 축)."""
    assert rows is not None  # 안전하지 않은 열이 있을 때만 불린다 (length_of_rows 가 복사본을 돌려준다)
    s = rows / np.max(np.abs(rows), axis=0)
    norm = np.sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2])
    unit: np.ndarray = s / norm
    return unit


