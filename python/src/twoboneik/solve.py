"""두 뼈 IK 의 순수 수학: 뿌리 → 관절 → 끝 체인의 끝이 목표에 닿고 관절은 극 힌트 쪽으로 굽는다.

TypeScript 의 `src/math/solveTwoBoneIK.ts` 와 같은 계약·같은 규칙·같은 연산 순서를 따른다. 그래서 float64 에서는
두 언어가 (같은 IEEE 연산이므로) 비트 단위로 같은 답을 낸다. `spec/two_bone_ik_vectors.json` 이 이를 확인한다.

이 모듈은 공개 입구 (오버로드, dtype 고르기, 공개 상수) 다. 풀이는 둘: 단일 체인은 `_scalar.py` (파이썬 float),
배치는 `_batch.py` (NumPy, 조각의 단계는 `_batch_chunk.py`), 배치의 자세한 검사는 `_checks.py`.
"""

from __future__ import annotations

import types
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar, Union, overload

import numpy as np
from numpy.typing import ArrayLike, DTypeLike, NDArray

from ._batch import solve_batch
from ._bend_limits import BendLimits, scalar_limits
# 상수는 _constants.py 에 한 번 두고 (단일·배치 경로가 함께 쓴다), 예전처럼 twoboneik.solve 의 이름으로도 내보낸다.
from ._constants import (  # noqa: F401
    CHUNK_SIZE,
    POLE_DOWNSCALE_LIMIT,
    POLE_LINE_TOLERANCE,
    POLE_ROUNDING_ULPS,
    REORTHOGONALIZE_RATIO_SQ,
)
from ._constants import FLOAT32 as _FLOAT32
from ._constants import FLOAT64 as _FLOAT64
from ._scalar import scalar_inputs, solve_scalar

__all__ = [
    "POLE_LINE_TOLERANCE",
    "POLE_ROUNDING_ULPS",
    "BendLimits",
    "TwoBoneIKResult",
    "solve_two_bone_ik",
]

_FloatT = TypeVar("_FloatT", bound="np.floating[Any]")
_ReachT = TypeVar("_ReachT")

if TYPE_CHECKING:
    # 타입 검사기에게만: 결과는 (float dtype, reachable 의 타입) 으로 제네릭이다. 실행 시의 NamedTuple 은 Python 3.10 에서
    # 제네릭이 될 수 없으므로 (3.11 부터 가능) 아래의 평범한 NamedTuple 에 첨자만 허용한다.
    class TwoBoneIKResult(NamedTuple, Generic[_FloatT, _ReachT]):
        joint: NDArray[_FloatT]
        end: NDArray[_FloatT]
        reachable: _ReachT

else:

    class TwoBoneIKResult(NamedTuple):
        """두 뼈 IK 의 결과. 모든 점은 입력과 같은 공간에 있다.

        - joint: 관절 (팔꿈치·무릎) 위치, 모양 (..., 3), dtype float64 또는 float32 (solve_two_bone_ik 참고).
        - end: 끝 (손·발) 위치, 모양 (..., 3), joint 와 같은 dtype. 닿으면 target 과 같은 값이다.
        - reachable: 거리를 [|a − b|, a + b] 로 자르지 않고 끝이 목표에 닿았으면 True.
          모든 인자가 파이썬 수와 그 리스트·튜플인 단일 체인이면 파이썬 bool, 그 밖 (배치, 또는 NumPy 배열이나
          NumPy 스칼라 인자가 하나라도 있는 단일 체인) 에는 모양 (...) 의 bool 배열 (단일 체인이면 0 차원).

        타입 표기: `TwoBoneIKResult[np.float64, bool]` (단일 체인), `TwoBoneIKResult[np.float32, NDArray[np.bool_]]` (배치).
        """

        joint: np.ndarray
        end: np.ndarray
        reachable: Any
        __class_getitem__ = classmethod(types.GenericAlias)


# mypy 는 float32 와 float64 배열 (그리고 파이썬 float 를 받는 변형들) 이 겹칠 수 있다고 보아 overload-overlap 을
# 알린다. 오버로드는 위에서부터 고르므로 좁은 변형을 먼저 두었고, tests/typing/user_example.py 가 고른 결과를 확인한다.
# 오버로드의 인자 타입. mypy 는 배열의 모양을 모르므로 단일 체인과 배치는 파이썬 타입으로만 가른다:
# 점이 파이썬 시퀀스 (x, y, z), 길이가 파이썬 수면 단일 체인 (reachable: bool), NumPy 배열이 하나라도 있으면 배치
# (reachable: NDArray[np.bool_], 실행 시에도 (3,) 배열 입력이면 0 차원 bool 배열이라 타입과 어긋나지 않는다).
_PointSeq = Sequence[float]
_Weak = Union[float, Sequence[float], Sequence[Sequence[float]]]
_Float32Arg = Union[NDArray[np.float32], _Weak]
_Float64Arg = Union[NDArray[np.float64], NDArray[np.integer[Any]], _Weak]
_Dtype32 = Union[type[np.float32], "np.dtype[np.float32]"]
_Dtype64 = Union[type[np.float64], "np.dtype[np.float64]"]
#: 굽힘 제한 (min, max) 라디안: 파이썬 수 두 개, 또는 체인 모양으로 브로드캐스트되는 배열 둘 (BendLimits 도 튜플이다).
_BendLimitsArg = Union[BendLimits, tuple[ArrayLike, ArrayLike]]


@overload
def solve_two_bone_ik(  # type: ignore[overload-overlap]
    root: _PointSeq,
    upper_length: float,
    lower_length: float,
    target: _PointSeq,
    pole_hint: _PointSeq,
    *,
    dtype: _Dtype64 | None = None,
    bend_limits: _BendLimitsArg | None = None,
) -> TwoBoneIKResult[np.float64, bool]: ...
@overload
def solve_two_bone_ik(  # type: ignore[overload-overlap, unused-ignore]  # NumPy < 2.3 의 stubs 에서만 겹친다고 본다
    root: _PointSeq,
    upper_length: float,
    lower_length: float,
    target: _PointSeq,
    pole_hint: _PointSeq,
    *,
    dtype: _Dtype32,
    bend_limits: _BendLimitsArg | None = None,
) -> TwoBoneIKResult[np.float32, bool]: ...
@overload
def solve_two_bone_ik(  # type: ignore[overload-overlap]
    root: ArrayLike,
    upper_length: ArrayLike,
    lower_length: ArrayLike,
    target: ArrayLike,
    pole_hint: ArrayLike,
    *,
    dtype: _Dtype32,
    bend_limits: _BendLimitsArg | None = None,
) -> TwoBoneIKResult[np.float32, NDArray[np.bool_]]: ...
@overload
def solve_two_bone_ik(
    root: ArrayLike,
    upper_length: ArrayLike,
    lower_length: ArrayLike,
    target: ArrayLike,
    pole_hint: ArrayLike,
    *,
    dtype: _Dtype64,
    bend_limits: _BendLimitsArg | None = None,
) -> TwoBoneIKResult[np.float64, NDArray[np.bool_]]: ...
@overload
def solve_two_bone_ik(  # type: ignore[overload-overlap]
    root: NDArray[np.float32],
    upper_length: _Float32Arg,
    lower_length: _Float32Arg,
    target: _Float32Arg,
    pole_hint: _Float32Arg,
    *,
    dtype: None = None,
    bend_limits: _BendLimitsArg | None = None,
) -> TwoBoneIKResult[np.float32, NDArray[np.bool_]]: ...
@overload
def solve_two_bone_ik(
    root: _Float64Arg,
    upper_length: _Float64Arg,
    lower_length: _Float64Arg,
    target: _Float64Arg,
    pole_hint: _Float64Arg,
    *,
    dtype: None = None,
    bend_limits: _BendLimitsArg | None = None,
) -> TwoBoneIKResult[np.float64, NDArray[np.bool_]]: ...
@overload
def solve_two_bone_ik(
    root: ArrayLike,
    upper_length: ArrayLike,
    lower_length: ArrayLike,
    target: ArrayLike,
    pole_hint: ArrayLike,
    *,
    dtype: DTypeLike | None = None,
    bend_limits: _BendLimitsArg | None = None,
) -> TwoBoneIKResult[Any, Any]: ...
def solve_two_bone_ik(
    root: ArrayLike,
    upper_length: ArrayLike,
    lower_length: ArrayLike,
    target: ArrayLike,
    pole_hint: ArrayLike,
    *,
    dtype: DTypeLike | None = None,
    bend_limits: _BendLimitsArg | None = None,
) -> TwoBoneIKResult[Any, Any]:
    """두 뼈 IK 를 푼다. 뼈는 늘어나지 않는다.

    a = upper_length, b = lower_length 일 때:

    - d = |target − root| 를 정확히 [|a − b|, a + b] 로 자른다 (엡실론 없음). 잘렸으면 reachable = False.
    - f = unit(target − root), p = unit((pole_hint − root) 에서 f 성분을 뺀 것).
    - 코사인 법칙 cos θ = (a² + d² − b²) / (2ad), sin θ ≥ 0 (θ 는 뿌리에서 잰 라디안 각).
    - joint = root + a(cos θ·f + sin θ·p),  end = root + d·f  (닿으면 end = target 을 그대로 복사).

    수치 계산: x = a·cos θ = ((a − b)/d·(a + b) + d) / 2,
    h = a·sin θ = √((d + (b − a))/d)·√((d − (b − a))/d)·√(a + b − d)·√(a + b + d) / 2 (헤론 공식) 로 구해
    완전히 펴지거나 접힌 자세 근처에서도, d 가 체인보다 한참 작아도 (비정규수 d 까지) 자릿수를 잃지 않는다.
    중간값이 길이의 제곱이 되는 곳이 없어, 2(a + b) 가 float 범위 안이면 (1e-300 에서 1e300 까지) 같은 식으로
    넘치지도 사라지지도 않는다 (2 의 거듭제곱으로 옮기는 단계가 필요 없다).

    퇴화한 입력의 정해진 답:

    - 극 힌트가 뿌리–목표 직선 위 (거리 ≤ max(1e-10·(a + b), 64ε·가장 큰 좌표 크기)) 이거나 뿌리와 같으면
      +X, +Y, +Z 중 |f·축| 이 가장 작은 축을 f 에 수직으로 만들어 p 로 쓴다. 같으면 X, Y, Z 순서로 앞선 축.
    - 목표가 뿌리와 정확히 같으면 f = +X. a = b 면 닿는다 (end = root, joint = root + a·p),
      a ≠ b 면 end = root + |a − b|·X, reachable = False.
    - 한 뼈의 길이가 0 이면 관절은 뿌리 (a = 0) 또는 끝 (b = 0) 에 놓인다. 둘 다 0 이면 ValueError.

    모양: 단일 체인은 점 (3,) 과 스칼라 길이. 배치는 점 (..., 3) 과 길이 (...) 를 서로 브로드캐스트한다
    (예: 점 (F, 3) 과 스칼라 길이, 또는 root (C, 3) 과 target (F, C, 3)). 배치는 체인마다 파이썬 루프를 돌지 않는다.

    허용치: 유효한 모든 입력에서 |joint − root| = a, |end − joint| = b 와 끝의 자리가 1e-12·(a + b) + 가장 큰 좌표의
    몇 ulp 안에서 맞고 NaN·inf 가 없다 (극이 직선 가까이 멀리 있어도, 좌표가 ±1.8e308 근처여도).

    잘못된 입력 (모양, 수가 아닌 값 — bool·문자열·객체, 음수·NaN·무한대 길이, 둘 다 0 인 길이, 2(a + b) 넘침,
    유한하지 않은 좌표, target − root·pole_hint − root 넘침, float 범위를 넘는 관절·끝 (root 를 짚는다)) 은
    인자 이름·문제·값·처음 어긋난 색인을 담은 ValueError 를 던지고 아무것도 돌려주지 않는다.
    입력 배열은 절대 바꾸지 않는다.

    Args:
        root: 뿌리 (어깨·엉덩이) 의 위치, (3,) 또는 (..., 3).
        upper_length: 위 뼈의 길이 a (root → joint), root 와 같은 단위.
        lower_length: 아래 뼈의 길이 b (joint → end).
        target: 끝이 닿아야 할 점.
        pole_hint: 관절이 굽을 쪽을 가리키는 점 (방향이 아니라 점).
        dtype: 계산과 결과의 dtype, np.float64 또는 np.float32. float32 는 float32 로 계산하며 ε 도 float32 의
            것을 쓴다. None (기본값) 이면 NumPy 처럼 입력을 따른다: NumPy 배열·스칼라 인자의 dtype 을
            np.promote_types 로 합쳐 float32 (또는 float16) 면 float32, 그 밖 (float64, 정수, float32 와 float64
            의 섞임) 은 float64. 파이썬 수 (float, int, 그 하위 클래스 np.float64 포함) 와 리스트·튜플은 dtype 을
            정하지 않는다 (NumPy 2 의 '약한' 파이썬 스칼라처럼). NumPy 인자가 없으면 float64.

        bend_limits: 관절의 굽힘 제한 (min, max) 라디안 (BendLimits 또는 쌍), 굽힘 β 는 0 = 곧게 폄, π = 완전히 접힘.
            0 ≤ min ≤ max ≤ π (math.pi). 닿는 거리는 d ∈ [√(a² + b² + 2ab·cos max), √(a² + b² + 2ab·cos min)]
            ∩ [|a − b|, a + b] 가 되고, 그 밖의 목표는 같은 직선 위의 가까운 끝으로 잘리며 (연속, reachable = False)
            관절의 굽힘은 그 제한값이다 (제한 각에서 직접 계산한다). min = 0 인 끝은 a + b, max = π 인 끝은 |a − b|
            그대로라 (0, math.pi) 는 제한이 없을 때와 비트까지 같다. 배치에서는 min·max 가 체인 모양으로 브로드캐스트되는
            배열이어도 된다. 잘못된 값 (수가 아님, NaN, [0, π] 밖, min > max) 은 bend_limits.min·max 를 짚는 ValueError.
            TypeScript 의 `solveTwoBoneIK(…, out, { bendLimits })` 와 같은 비트.

    Returns:
        TwoBoneIKResult(joint, end, reachable).
    """
    arguments = (root, upper_length, lower_length, target, pole_hint)
    resolved = _resolve_dtype(dtype) if dtype is not None else _inferred_dtype(arguments)
    # 굽힘 제한은 다른 인자보다 먼저 검사한다 (TypeScript 와 같은 순서). 파이썬 수 두 개면 단일 경로가 쓸 수 있다.
    limits = None if bend_limits is None else scalar_limits(bend_limits)
    if resolved is _FLOAT64 and (bend_limits is None or limits is not None):
        scalar = scalar_inputs(root, upper_length, lower_length, target, pole_hint)
        if scalar is not None:
            joint, end, reached = solve_scalar(*scalar, limits)
            if _all_python(arguments):
                return TwoBoneIKResult(joint, end, reached)
            return TwoBoneIKResult(joint, end, np.array(reached))
    joint, end, reachable = solve_batch(
        root, upper_length, lower_length, target, pole_hint, resolved, bend_limits
    )
    if type(reachable) is bool and not _all_python(arguments):
        reachable = np.array(reachable)
    return TwoBoneIKResult(joint, end, reachable)


def _inferred_dtype(arguments: tuple[Any, ...]) -> np.dtype[Any]:
    """dtype=None 일 때 결과 dtype: NumPy 배열·스칼라 인자의 dtype 을 합친다 (파이썬 수·리스트·튜플은 약하다).

    단일 체인의 빠른 경로에서도 불리므로 흔한 타입은 type(...) is 로 먼저 가른다.
    """
    found: np.dtype[Any] | None = None
    for value in arguments:
        kind = type(value)
        if kind is float or kind is int or kind is tuple or kind is list:
            continue
        if kind is np.ndarray:
            current = value.dtype
        elif isinstance(value, (float, int, list, tuple)):
            continue  # np.float64 스칼라 (float 의 하위 클래스) 등
        else:
            current = getattr(value, "dtype", None)
            if not isinstance(current, np.dtype):
                continue
        if current.kind not in "iuf":
            continue  # 실수가 아닌 dtype 은 아래의 검사가 인자 이름과 함께 거부한다
        if found is None:
            found = current
        elif current is not found:
            found = np.promote_types(found, current)
    if found is not None and found.kind == "f" and found.itemsize <= 4:
        return _FLOAT32
    return _FLOAT64


def _all_python(arguments: tuple[Any, ...] | list[Any]) -> bool:
    """모든 인자가 파이썬 수 (와 그 하위 클래스) 이거나 그것들의 리스트·튜플인가: 그때만 reachable 이 파이썬 bool."""
    for value in arguments:
        kind = type(value)
        if kind is float or kind is int:
            continue
        if kind is tuple or kind is list:
            if _all_python(value):
                continue
            return False
        if not isinstance(value, (float, int)):
            return False
    return True


def _resolve_dtype(dtype: DTypeLike) -> np.dtype[Any]:
    if dtype is None:
        return _FLOAT64
    try:
        resolved = np.dtype(dtype)
    except TypeError as error:
        raise ValueError(f"dtype 은 np.float64 또는 np.float32 여야 합니다 (받은 값: {dtype!r})") from error
    if resolved == _FLOAT64:
        return _FLOAT64
    if resolved == _FLOAT32:
        return _FLOAT32
    raise ValueError(f"dtype 은 np.float64 또는 np.float32 여야 합니다 (받은 값: {dtype!r})")
