"""배치의 풀이: 브로드캐스트한 입력을 CHUNK_SIZE 씩, 미리 만든 작업 배열에 out= 으로만 계산한다 (체인마다 파이썬 루프 없음).

공개 입구는 solve.py 의 solve_two_bone_ik 다. 여기의 solve_batch 는 (joint, end, reachable) 튜플을 돌려주고
solve.py 가 TwoBoneIKResult 로 감싼다. 한 조각의 단계는 _batch_chunk.py, 작업 배열은 _batch_workspace.py.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from . import _bend_limits, _checks
from ._batch_chunk import solve_chunk
from ._batch_workspace import Workspace
from ._constants import ARGUMENT_NAMES as _NAMES
from ._constants import CHUNK_SIZE


def solve_batch(
    root: Any, upper: Any, lower: Any, target: Any, pole: Any, dtype: np.dtype, bend_limits: Any = None
) -> tuple[np.ndarray, np.ndarray, Any]:
    """배치를 풀어 (joint, end, reachable) 을 돌려준다. 배치 모양이 () 면 reachable 은 파이썬 bool.

    bend_limits: None 또는 (min, max), 각각 체인 모양으로 브로드캐스트되는 라디안 (다른 인자보다 먼저 검사한다).
    """
    originals = (root, upper, lower, target, pole)
    limits = _bend_limits.array_limits(bend_limits, dtype) if bend_limits is not None else None
    r = _checks.as_points("root", root, dtype)
    a = _checks.as_real_array("upper_length", upper, dtype)
    b = _checks.as_real_array("lower_length", lower, dtype)
    t = _checks.as_points("target", target, dtype)
    p = _checks.as_points("pole_hint", pole, dtype)
    _reject_length_columns((r.shape[:-1], a.shape, b.shape, t.shape[:-1], p.shape[:-1]))
    batch_shape = _broadcast_batch_shape((r.shape[:-1], a.shape, b.shape, t.shape[:-1], p.shape[:-1]))
    if limits is not None:
        try:
            batch_shape = np.broadcast_shapes(batch_shape, limits[0].shape)
        except ValueError:
            raise ValueError(
                f"bend_limits의 모양 {limits[0].shape}가 체인 모양 {batch_shape}와 브로드캐스트되지 않습니다"
            ) from None
    n = math.prod(batch_shape)

    flat_r = _flatten(r, batch_shape + (3,), n, 3)
    flat_a = _flatten(a, batch_shape, n, None)
    flat_b = _flatten(b, batch_shape, n, None)
    flat_t = _flatten(t, batch_shape + (3,), n, 3)
    flat_p = _flatten(p, batch_shape + (3,), n, 3)
    flat_limits = None if limits is None else tuple(_flatten(v, batch_shape, n, None) for v in limits)

    joint = np.empty((n, 3), dtype)
    end = np.empty((n, 3), dtype)
    reachable = np.empty(n, np.bool_)
    if n > 0:
        work = Workspace(min(n, CHUNK_SIZE), dtype)
        with np.errstate(all="ignore"):
            for start in range(0, n, CHUNK_SIZE):
                stop = min(n, start + CHUNK_SIZE)
                ok = solve_chunk(
                    work,
                    flat_r[start:stop],
                    flat_a[start:stop],
                    flat_b[start:stop],
                    flat_t[start:stop],
                    flat_p[start:stop],
                    joint[start:stop],
                    end[start:stop],
                    reachable[start:stop],
                    None if flat_limits is None else (flat_limits[0][start:stop], flat_limits[1][start:stop]),
                )
                if not ok:
                    # 이 조각에 잘못된 값이 있다: 전체를 인자 순서대로 다시 검사해 첫 오류를 알린다.
                    _checks.validate_batch(r, a, b, t, p, batch_shape, originals, dtype)
                    # 입력은 올바르다: 결과가 float 범위를 넘는 첫 체인을 알린다 (결과는 돌려주지 않는다).
                    bad = ~(np.isfinite(joint[start:stop]).all(axis=1) & np.isfinite(end[start:stop]).all(axis=1))
                    k = start + int(np.flatnonzero(bad)[0])
                    index = tuple(int(i) for i in np.unravel_index(k, batch_shape)) if batch_shape else ()
                    raise ValueError(
                        f"체인 {_checks.format_index(index)}: "
                        + _checks.result_overflow_message(flat_r[k], joint[k], end[k]).replace("float64", dtype.name)
                    )
    joint = joint.reshape(batch_shape + (3,))
    end = end.reshape(batch_shape + (3,))
    reach = reachable.reshape(batch_shape)
    if batch_shape == ():
        return joint, end, bool(reach)
    return joint, end, reach


def _reject_length_columns(shapes: tuple[tuple[int, ...], ...]) -> None:
    """(N, 1) 길이 함정: 점 (N, 3) 과 길이 (N, 1) 은 (N, N) 개의 체인 (모든 길이 × 모든 점) 으로 브로드캐스트된다.

    길이의 모양이 어떤 점의 체인 모양 (N,) 에 길이 1 축을 붙인 것 (N, 1) 이면 (N ≠ 1) 거의 언제나 체인마다의 길이를
    열벡터로 준 실수라서 조용히 N² 개를 풀지 않고 거부한다. 모든 쌍을 정말 원하면 점에 축을 더해 (1, N, 3) 으로 준다.
    """
    for length_name, length_shape in ((_NAMES[1], shapes[1]), (_NAMES[2], shapes[2])):
        if len(length_shape) == 0 or length_shape[-1] != 1:
            continue
        for point_name, point_shape in ((_NAMES[0], shapes[0]), (_NAMES[3], shapes[3]), (_NAMES[4], shapes[4])):
            if len(point_shape) == 0 or point_shape[-1] == 1 or length_shape != point_shape + (1,):
                continue
            try:
                combined = np.broadcast_shapes(length_shape, point_shape)
            except ValueError:
                continue  # 어차피 브로드캐스트되지 않는다: 아래의 모양 검사가 알린다
            raise ValueError(
                f"{length_name}의 모양 {length_shape}는 {point_name}의 체인 모양 {point_shape}에 길이 1 축을 더한"
                f" 것이라 모양 {combined}의 체인 (모든 길이 × 모든 점) 으로 브로드캐스트됩니다."
                f" 체인마다의 길이라면 모양 {point_shape}으로 주세요 (예: {length_name}[..., 0]);"
                f" 모든 쌍을 원하면 점에 축을 더해 모양 {point_shape[:-1] + (1,) + point_shape[-1:] + (3,)}으로 주세요"
            )


def _broadcast_batch_shape(shapes: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    accumulated: tuple[int, ...] = ()
    for name, shape in zip(_NAMES, shapes):
        try:
            accumulated = np.broadcast_shapes(accumulated, shape)
        except ValueError:
            described = ", ".join(f"{n} {s}" for n, s in zip(_NAMES, shapes))
            raise ValueError(
                f"{name}의 체인 모양 {shape}가 앞선 인자들의 체인 모양 {accumulated}와 브로드캐스트되지 않습니다"
                f" (체인 모양: {described})"
            ) from None
    return accumulated


def _flatten(array: np.ndarray, shape: tuple[int, ...], n: int, width: int | None) -> np.ndarray:
    """브로드캐스트한 뒤 (n, 3) 또는 (n,) 으로 편다. 이미 그 모양이면 복사하지 않는다."""
    target_shape = (n, width) if width is not None else (n,)
    if array.shape == shape:
        return array.reshape(target_shape)
    return np.broadcast_to(array, shape).reshape(target_shape)


