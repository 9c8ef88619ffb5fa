"""풀이의 수치 경계: 단일 경로 (_scalar) 와 배치 경로 (_batch) 가 함께 쓰고, 공개 이름은 solve.py 가 다시 내보낸다.

값은 spec/tolerances.json 에서 온다 (TypeScript 의 `src/math/solveTwoBoneIK.ts` 와 같은 값: 두 언어가 같은 비트를 내는 조건).
"""

from __future__ import annotations

import numpy as np

from . import _tolerances

#: 극 힌트가 뿌리–목표 직선 위에 있다고 볼 거리, 체인 길이 (a + b) 에 대한 비율.
#: 체인 크기의 1e-10 이내라면 굽힘 평면의 방향은 반올림 잡음이 정하게 되므로 규칙(가장 덜 나란한 축)으로 대신한다.
POLE_LINE_TOLERANCE = _tolerances.POLE_LINE_TOLERANCE

#: 좌표 크기에서 오는 반올림 잡음의 상한 (ulp 개수). 원점에서 먼 (1e6) 작은 체인도 뺄셈의 반올림만으로
#: 굽힘 방향이 정해지지 않도록, 가장 큰 좌표 × ε × 64 이하의 거리도 직선 위로 본다.
POLE_ROUNDING_ULPS = _tolerances.POLE_ROUNDING_ULPS

# |v|² 가 넘치거나 (> SAFE_SQ_MAX) 아래로 사라지는 (< SAFE_SQ_MIN) 범위에서는 크기를 먼저 나눠 길이를 구한다.
# 그 사이에서는 빠른 sqrt(x² + y² + z²) 를 그대로 쓴다 (TypeScript 와 같은 경계). float32 는 같은 여유를 둔 경계.
SAFE_SQ = {
    np.dtype(np.float64): (1e-290, 1e300),
    np.dtype(np.float32): (1e-35, 1e35),
}

#: 극 − 뿌리의 성분이 이 값 (2^1000 ≈ 1.07e301) 을 넘으면 투영 전에 2^-600 을 곱한다 (TypeScript 와 같은 경계).
#: 그 아래에서는 |p·f| ≤ √3·2^1000, |p − (p·f)f| ≤ 2.8·2^1000 이라 넘치지 않는다.
POLE_DOWNSCALE_LIMIT = _tolerances.POLE_DOWNSCALE_LIMIT
POLE_DOWNSCALE = 2.0**-600
POLE_UPSCALE = 2.0**600

#: 한 번 뺀 뒤 |p·f| 가 |p⊥| 의 64 배를 넘으면 f 성분을 한 번 더 뺀다 (제곱으로 비교: 64² = 4096, TypeScript 와 같다).
#: 그 아래에서 남는 각은 ~65·3ε < 5e-14 라 뼈 길이 오차가 5e-14·a 보다 작다.
REORTHOGONALIZE_RATIO_SQ = float(_tolerances.REORTHOGONALIZE_RATIO_SQ)

#: 배치를 이만큼씩 잘라 계산한다: 임시 배열이 CPU 캐시에 머물러 메모리 대역폭을 아끼고, 추가 메모리가 N 과 무관해진다.
CHUNK_SIZE = 16384

FLOAT64 = np.dtype(np.float64)
FLOAT32 = np.dtype(np.float32)
EPS64 = float(np.finfo(np.float64).eps)

#: 인자 이름, 위치 순서대로 (오류 메시지와 모양 검사가 쓴다).
ARGUMENT_NAMES = ("root", "upper_length", "lower_length", "target", "pole_hint")
