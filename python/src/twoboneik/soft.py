"""soft IK 의 거리 (soften_distance): TypeScript 의 math/softIK.ts 와 같은 식·같은 검사."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from . import _checks

__all__ = ["soften_distance"]


def soften_distance(distance: ArrayLike, chain_length: ArrayLike, soft: ArrayLike) -> np.ndarray:
    """soft IK: 팔다리가 완전히 펴지기 직전에 속도를 줄인다 (src/math/softIK.ts 와 같은 식).

    체인 길이 L = a + b, 부드러운 구간 s = soft·L 일 때 거리 d 를 d′ 로 바꾼다:

    - d ≤ L − s:  d′ = d
    - d > L − s:  d′ = L − s·exp(−(d − (L − s)) / s)

    d′ 은 d 에 대해 연속이고 기울기도 연속 (경계에서 1) 이며, d → ∞ 일 때 L 에 다가가기만 한다.
    soft = 0 이면 d 를 그대로 돌려준다.

    검사 (TypeScript 의 softenDistance 와 같은 규칙·같은 문구): distance ≥ 0 유한, chain_length > 0 유한,
    soft ∈ [0, 1]. 어긋나면 (NaN·무한대·bool·문자열 포함) 인자 이름·값·(배열이면) 처음 어긋난 색인을 담은 ValueError.
    """
    d = _checks.as_real_array("distance", distance, np.dtype(np.float64))
    chain = _checks.as_real_array("chain_length", chain_length, np.dtype(np.float64))
    k = _checks.as_real_array("soft", soft, np.dtype(np.float64))
    for name, values, good, rule in (
        ("distance", d, (d >= 0) & (d < np.inf), "0 이상의 유한한 수"),
        ("chain_length", chain, (chain > 0) & (chain < np.inf), "0보다 큰 유한한 수"),
        ("soft", k, (k >= 0) & (k <= 1), "[0, 1] 범위의 수"),
    ):
        if not np.all(good):
            index = _checks.first_index(~np.asarray(good))
            raise ValueError(
                f"{name}{_checks.format_index(index)}는 {rule}여야 합니다 (받은 값: {_checks.scalar_repr(values[index])})"
            )
    soft_length = k * chain
    soft_start = chain - soft_length
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        eased = chain - soft_length * np.exp(-(d - soft_start) / soft_length)
    return np.where((k <= 0) | (d <= soft_start), d, eased)
