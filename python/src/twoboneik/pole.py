"""자동 극 (automatic pole): 극 점을 주지 않았을 때 관절이 어느 쪽으로 굽는지 정하는 규칙 (spec/AUTO_POLE.md).

TypeScript 의 TwoBoneIK (극 없이 solve/update) 와 같은 식을 프레임 배치로 쓴다. 발 고정 (footlock) 이 무릎의 극을
이것으로 정한다: 들어온 자세의 굽힘 평면을 그대로 쓰고, 거의 곧은 다리만 캐릭터의 앞 (n) 쪽으로 굽힌다.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from . import _tolerances

__all__ = ["AUTO_POLE_DEFAULT_WEIGHT", "AUTO_POLE_STRAIGHT", "BEND_DIRECTION_UNIT_TOLERANCE", "auto_pole"]

#: 완전히 곧은 팔다리 (s = 0) 에서 기본 방향 n 쪽으로 미는 정도 (L 에 대한 비율). spec/AUTO_POLE.md 의 상수.
AUTO_POLE_DEFAULT_WEIGHT = _tolerances.AUTO_POLE_DEFAULT_WEIGHT
#: s = |bend| / L 이 이 값 이상이면 기본 방향은 쓰지 않는다 (a = b 일 때 관절 굽힘 약 11.5°).
AUTO_POLE_STRAIGHT = _tolerances.AUTO_POLE_STRAIGHT
#: n 은 단위 벡터여야 한다: |n| 이 1 에서 이만큼 넘게 벗어나면 거부한다 (float32 에서 온 방향도 통과한다).
BEND_DIRECTION_UNIT_TOLERANCE = 1e-6


def auto_pole(root: ArrayLike, joint: ArrayLike, end: ArrayLike, bend_direction: ArrayLike) -> NDArray[np.float64]:
    """들어온 자세 (뿌리 R, 관절 J, 끝 E) 와 기본 굽힘 방향 n 에서 극 점 P (..., 3) 를 구한다.

    모두 한 공간 (예: upper 의 부모 공간, 또는 n 을 그 공간에서 옮긴 월드) 의 (..., 3) 배열로, 서로 브로드캐스트한다.
    a = |J − R|, b = |E − J|, L = a + b:

    1. u = E − R, û = u / |u| (|u| = 0 이면 û = 0).
    2. bend = (J − R) − ((J − R)·û) û.
    3. s = |bend| / L, w = AUTO_POLE_DEFAULT_WEIGHT · (1 − min(s, AUTO_POLE_STRAIGHT) / AUTO_POLE_STRAIGHT)².
    4. dir = bend + w·L·n.
    5. P = R + u/2 + L · dir / |dir|;  |dir| = 0 이면 P = R + u/2 + L·n.

    L = 0 (세 점이 한 점) 이면 s = 0 으로 두며 P = R 이 된다 (IK 도 이 체인을 풀지 않는다).

    Raises:
        ValueError: 마지막 축이 3 이 아니거나, 브로드캐스트되지 않거나, 유한하지 않은 값, |n| 이 1 이 아님.
    """
    arrays = {}
    for name, value in (("root", root), ("joint", joint), ("end", end), ("bend_direction", bend_direction)):
        try:
            array = np.asarray(value, dtype=float)
        except (TypeError, ValueError) as error:
            raise ValueError(f"{name}는 실수 배열이어야 합니다 (받은 값: {value!r})") from error
        if array.ndim == 0 or array.shape[-1] != 3:
            raise ValueError(f"{name}는 (..., 3) 배열이어야 합니다 (받은 모양: {array.shape})")
        if not np.all(np.isfinite(array)):
            index = tuple(int(i) for i in np.argwhere(~np.isfinite(array))[0])
            raise ValueError(f"{name}{list(index)}는 유한한 수여야 합니다 (받은 값: {array[index]!r})")
        arrays[name] = array
    try:
        np.broadcast_shapes(*(a.shape for a in arrays.values()))
    except ValueError:
        shapes = ", ".join(f"{k} {v.shape}" for k, v in arrays.items())
        raise ValueError(f"root, joint, end, bend_direction 의 모양이 브로드캐스트되지 않습니다 ({shapes})") from None
    n = arrays["bend_direction"]
    n_length = np.sqrt(np.sum(n * n, axis=-1))
    bad = ~(np.abs(n_length - 1.0) <= BEND_DIRECTION_UNIT_TOLERANCE)
    if np.any(bad):
        index = tuple(int(i) for i in np.argwhere(np.atleast_1d(bad))[0])
        value = np.atleast_1d(n_length)[index]
        raise ValueError(f"bend_direction{list(index)}는 단위 벡터여야 합니다 (|n| = {float(value)!r})")

    r, j, e = arrays["root"], arrays["joint"], arrays["end"]
    to_joint = j - r
    a = _length(to_joint)
    b = _length(e - j)
    chain = a + b
    # 1. 뿌리 → 끝 방향 (끝이 뿌리에 있으면 투영하지 않는다).
    u = e - r
    u_length = _length(u)
    u_hat = u / np.where(u_length > 0, u_length, 1.0)[..., None]
    # 2. 들어온 굽힘: 관절의 뿌리–끝 직선에 수직인 성분.
    bend = to_joint - np.sum(to_joint * u_hat, axis=-1, keepdims=True) * u_hat
    # 3. 곧을수록 (s → 0) 기본 방향 쪽 무게가 커진다. 연속이므로 극이 프레임 사이에 튀지 않는다.
    s = _length(bend) / np.where(chain > 0, chain, 1.0)
    ramp = 1.0 - np.minimum(s, AUTO_POLE_STRAIGHT) / AUTO_POLE_STRAIGHT
    w = AUTO_POLE_DEFAULT_WEIGHT * ramp * ramp
    # 4. 굽힘 방향.
    direction = bend + (w * chain)[..., None] * n
    direction_length = _length(direction)
    # 5. 극 점: 뿌리–끝의 가운데에서 L 만큼 그 방향으로.
    middle = r + u / 2
    safe = np.where(direction_length > 0, direction_length, 1.0)[..., None]
    along = np.where((direction_length > 0)[..., None], direction / safe, n)
    pole: NDArray[np.float64] = middle + chain[..., None] * along
    return pole


def _length(v: NDArray[np.float64]) -> NDArray[np.float64]:
    length: NDArray[np.float64] = np.sqrt(np.sum(v * v, axis=-1))
    return length
