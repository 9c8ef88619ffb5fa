"""두 뼈 IK 의 순수 수학: 뿌리 → 관절 → 끝 체인의 끝이 목표에 닿고 관절은 극 힌트 쪽으로 굽는다.

TypeScript 의 `src/math/solveTwoBoneIK.ts` 와 같은 계약·같은 규칙·같은 연산 순서를 따른다. 그래서 float64 에서는
두 언어가 (같은 IEEE 연산이므로) 비트 단위로 같은 답을 낸다. `spec/two_bone_ik_vectors.json` 이 이를 확인한다.
"""

from __future__ import annotations

import math
import types
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar, Union, overload

import numpy as np
from numpy.typing import ArrayLike, DTypeLike, NDArray

from . import _checks

__all__ = [
    "POLE_LINE_TOLERANCE",
    "POLE_ROUNDING_ULPS",
    "TwoBoneIKResult",
    "solve_two_bone_ik",
]

#: 극 힌트가 뿌리–목표 직선 위에 있다고 볼 거리, 체인 길이 (a + b) 에 대한 비율.
#: 체인 크기의 1e-10 이내라면 굽힘 평면의 방향은 반올림 잡음이 정하게 되므로 규칙(가장 덜 나란한 축)으로 대신한다.
POLE_LINE_TOLERANCE = 1e-10

#: 좌표 크기에서 오는 반올림 잡음의 상한 (ulp 개수). 원점에서 먼 (1e6) 작은 체인도 뺄셈의 반올림만으로
#: 굽힘 방향이 정해지지 않도록, 가장 큰 좌표 × ε × 64 이하의 거리도 직선 위로 본다.
POLE_ROUNDING_ULPS = 64

# |v|² 가 넘치거나 (> SAFE_SQ_MAX) 아래로 사라지는 (< SAFE_SQ_MIN) 범위에서는 크기를 먼저 나눠 길이를 구한다.
# 그 사이에서는 빠른 sqrt(x² + y² + z²) 를 그대로 쓴다 (TypeScript 와 같은 경계). float32 는 같은 여유를 둔 경계.
_SAFE_SQ = {
    np.dtype(np.float64): (1e-290, 1e300),
    np.dtype(np.float32): (1e-35, 1e35),
}

#: 극 − 뿌리의 성분이 이 값 (2^1000 ≈ 1.07e301) 을 넘으면 투영 전에 2^-600 을 곱한다 (TypeScript 와 같은 경계).
#: 그 아래에서는 |p·f| ≤ √3·2^1000, |p − (p·f)f| ≤ 2.8·2^1000 이라 넘치지 않는다.
POLE_DOWNSCALE_LIMIT = 2.0**1000
_POLE_DOWNSCALE = 2.0**-600
_POLE_UPSCALE = 2.0**600

#: 한 번 뺀 뒤 |p·f| 가 |p⊥| 의 64 배를 넘으면 f 성분을 한 번 더 뺀다 (제곱으로 비교: 64² = 4096, TypeScript 와 같다).
#: 그 아래에서 남는 각은 ~65·3ε < 5e-14 라 뼈 길이 오차가 5e-14·a 보다 작다.
REORTHOGONALIZE_RATIO_SQ = 4096.0

#: 배치를 이만큼씩 잘라 계산한다: 임시 배열이 CPU 캐시에 머물러 메모리 대역폭을 아끼고, 추가 메모리가 N 과 무관해진다.
CHUNK_SIZE = 16384


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


@overload
def solve_two_bone_ik(  # type: ignore[overload-overlap]
    root: _PointSeq,
    upper_length: float,
    lower_length: float,
    target: _PointSeq,
    pole_hint: _PointSeq,
    *,
    dtype: _Dtype64 | None = None,
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
) -> TwoBoneIKResult[Any, Any]: ...
def solve_two_bone_ik(
    root: ArrayLike,
    upper_length: ArrayLike,
    lower_length: ArrayLike,
    target: ArrayLike,
    pole_hint: ArrayLike,
    *,
    dtype: DTypeLike | None = None,
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

    Returns:
        TwoBoneIKResult(joint, end, reachable).
    """
    arguments = (root, upper_length, lower_length, target, pole_hint)
    resolved = _resolve_dtype(dtype) if dtype is not None else _inferred_dtype(arguments)
    if resolved is _FLOAT64:
        scalar = _scalar_inputs(root, upper_length, lower_length, target, pole_hint)
        if scalar is not None:
            one = _solve_scalar(*scalar)
            if _all_python(arguments):
                return one
            return TwoBoneIKResult(one.joint, one.end, np.array(one.reachable))
    result = _solve_batch(root, upper_length, lower_length, target, pole_hint, resolved)
    if type(result.reachable) is bool and not _all_python(arguments):
        return result._replace(reachable=np.array(result.reachable))
    return result


_FLOAT64 = np.dtype(np.float64)
_FLOAT32 = np.dtype(np.float32)
_NAMES = ("root", "upper_length", "lower_length", "target", "pole_hint")


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


# ---------------------------------------------------------------------------------------------
# 단일 체인: 배치 기계 없이 파이썬 float 와 math.sqrt 로 (TypeScript 와 같은 연산 순서 → 같은 비트).
# ---------------------------------------------------------------------------------------------

_SCALAR_TYPES = (float, int)


def _point3(value: Any) -> tuple[float, float, float] | None:
    """value 가 (3,) 점이면 파이썬 float 세 개, 아니면 None (배치 경로가 처리하고 검사한다)."""
    kind = type(value)
    if kind is np.ndarray:
        if value.shape != (3,) or value.dtype.kind not in "iuf":
            return None
        x, y, z = value.tolist()
        return float(x), float(y), float(z)
    if (kind is tuple or kind is list) and len(value) == 3:
        x, y, z = value
        if type(x) in _SCALAR_TYPES and type(y) in _SCALAR_TYPES and type(z) in _SCALAR_TYPES:
            try:
                return float(x), float(y), float(z)
            except OverflowError:
                return None
    return None


def _length(value: Any) -> float | None:
    kind = type(value)
    if kind is float or kind is np.float64:
        return float(value)
    if kind is int or kind is np.float32 or kind is np.int64:
        try:
            return float(value)
        except OverflowError:
            return None
    return None


def _scalar_inputs(
    root: Any, upper: Any, lower: Any, target: Any, pole: Any
) -> tuple[tuple[float, float, float], float, float, tuple[float, float, float], tuple[float, float, float]] | None:
    a = _length(upper)
    if a is None:
        return None
    b = _length(lower)
    if b is None:
        return None
    r = _point3(root)
    if r is None:
        return None
    t = _point3(target)
    if t is None:
        return None
    p = _point3(pole)
    if p is None:
        return None
    return r, a, b, t, p


def _check_scalar_point(name: str, point: tuple[float, float, float]) -> None:
    for k, value in enumerate(point):
        if not math.isfinite(value):
            raise ValueError(
                f"{name}의 {_checks.component_name(k)} 성분은 유한한 수여야 합니다 (받은 값: {value!r})"
            )


def _check_scalar_lengths(a: float, b: float) -> None:
    for name, value in (("upper_length", a), ("lower_length", b)):
        if not (value >= 0) or value == math.inf:
            raise ValueError(f"{name}는 0 이상의 유한한 수여야 합니다 (받은 값: {value!r})")
    if a == 0 and b == 0:
        raise ValueError(
            f"upper_length와 lower_length가 둘 다 0입니다 (받은 값: {a!r}, {b!r}) — 적어도 한 뼈는 길이가 있어야 합니다"
        )
    # 헤론 공식의 a + b + d ≤ 2(a + b) 까지 float64 안에 있어야 한다 (TypeScript 와 같은 정의역).
    if not math.isfinite(2 * (a + b)):
        raise ValueError(
            f"upper_length + lower_length가 넘칩니다 (2(a + b) ≤ 1.79e308 이어야 함, 받은 값: {a!r}, {b!r})"
        )


def _vector_length(x: float, y: float, z: float) -> tuple[float, bool]:
    """넘침·사라짐 없이 |(x, y, z)| 를 구한다. 돌려주는 값: (길이, |v|² 가 안전한 범위 (1e-290, 1e300) 안인가).

    안전한 범위 밖이면 1/길이 를 곱해 정규화하지 않는다 (_unit_of_scaled 참고, TypeScript 와 같은 규칙).
    """
    length_sq = x * x + y * y + z * z
    if 1e-290 < length_sq < 1e300:
        return math.sqrt(length_sq), True
    scale = max(abs(x), abs(y), abs(z))
    if scale == 0:
        return 0.0, False
    sx, sy, sz = x / scale, y / scale, z / scale
    return scale * math.sqrt(sx * sx + sy * sy + sz * sz), False


def _unit_of_scaled(x: float, y: float, z: float) -> tuple[float, float, float]:
    """|v|² 가 안전한 범위 밖일 때의 단위 벡터 (v ≠ 0): 가장 큰 성분으로 먼저 나눈 s 를 s/|s| 로 (TypeScript 와 같은 식).

    1/|v| 를 곱하면 |v| 가 비정규수일 때 넘쳐 0·∞ = NaN 이 되고, v/|v| 로 나눠도 |v| 자체가 2^-1074 격자로 반올림되어
    있어 방향이 어긋난다 (예: |(0, −2, 2)·2^-1074| = 2√2·2^-1074 가 3·2^-1074 로 반올림되면 6%).
    s 는 정규 범위 (1 ≤ |s| ≤ √3) 이므로 이렇게 하면 몇 ulp 안쪽의 단위 벡터가 된다.
    """
    scale = max(abs(x), abs(y), abs(z))
    x, y, z = x / scale, y / scale, z / scale
    norm = math.sqrt(x * x + y * y + z * z)
    return x / norm, y / norm, z / norm


def _solve_scalar(
    root: tuple[float, float, float],
    a: float,
    b: float,
    target: tuple[float, float, float],
    pole: tuple[float, float, float],
) -> TwoBoneIKResult[np.float64, bool]:
    # 1. 검사: 아무것도 만들기 전에 모든 인자를 확인한다 (TypeScript 와 같은 순서).
    _check_scalar_point("root", root)
    _check_scalar_lengths(a, b)
    _check_scalar_point("target", target)
    _check_scalar_point("pole_hint", pole)

    rx, ry, rz = root
    tx, ty, tz = target
    fx, fy, fz = tx - rx, ty - ry, tz - rz
    px, py, pz = pole[0] - rx, pole[1] - ry, pole[2] - rz
    for name, diff in (("target", (fx, fy, fz)), ("pole_hint", (px, py, pz))):
        if not (math.isfinite(diff[0]) and math.isfinite(diff[1]) and math.isfinite(diff[2])):
            raise ValueError(
                f"{name} − root가 float64 범위를 넘습니다 (받은 차: {diff[0]!r}, {diff[1]!r}, {diff[2]!r})"
            )

    max_length = a + b
    min_length = abs(a - b)

    # 2. 앞 방향 f 와 거리 d.
    distance, distance_safe = _vector_length(fx, fy, fz)
    if distance == 0:
        fx, fy, fz = 1.0, 0.0, 0.0  # 목표가 뿌리와 같으면 +X 로 뻗는다.
    elif distance_safe:
        inv = 1 / distance
        fx *= inv
        fy *= inv
        fz *= inv
    else:
        # |v|² 가 넘치거나 사라지는 범위 (비정규수 d 등): 정규 범위로 옮겨 정규화한다.
        fx, fy, fz = _unit_of_scaled(fx, fy, fz)

    # 3. 닿는 범위 [|a − b|, a + b] 로 정확히 자른다.
    reachable = True
    folded = False
    if distance > max_length:
        distance = max_length
        reachable = False
    elif distance < min_length:
        distance = min_length
        reachable = False
        folded = True  # 완전히 접힘: h = 0 (아래 참고)

    # 4. 굽힘 방향 p: 극 힌트에서 f 성분을 뺀다. 한 번 빼고 남는 f 성분은 ε·|극 − 뿌리| 규모라, 극이 직선 가까이
    #    멀리 있으면 (|p·f| > 64·|p⊥|) 한 번 더 뺀다 ("twice is enough", Kahan–Parlett): p 는 작업 정밀도로 f 에 수직이다.
    #    한 번 뺀 결과가 넘쳤고 (|p⊥|² 가 inf·NaN) 성분이 POLE_DOWNSCALE_LIMIT 를 넘으면 (1.8e308 근처) 2^-600 을 곱해
    #    다시 뺀다 (방향은 그대로, 직선 판정만 원래 크기로). TypeScript 와 같은 연산 순서.
    pole_scale = 1.0
    along = px * fx + py * fy + pz * fz
    qx, qy, qz = px - along * fx, py - along * fy, pz - along * fz
    perp_sq = qx * qx + qy * qy + qz * qz
    if not perp_sq < math.inf and not (
        -POLE_DOWNSCALE_LIMIT <= px <= POLE_DOWNSCALE_LIMIT
        and -POLE_DOWNSCALE_LIMIT <= py <= POLE_DOWNSCALE_LIMIT
        and -POLE_DOWNSCALE_LIMIT <= pz <= POLE_DOWNSCALE_LIMIT
    ):
        px *= _POLE_DOWNSCALE
        py *= _POLE_DOWNSCALE
        pz *= _POLE_DOWNSCALE
        pole_scale = _POLE_UPSCALE
        along = px * fx + py * fy + pz * fz
        qx, qy, qz = px - along * fx, py - along * fy, pz - along * fz
        perp_sq = qx * qx + qy * qy + qz * qz
    if along * along > REORTHOGONALIZE_RATIO_SQ * perp_sq or not perp_sq < math.inf:
        along = qx * fx + qy * fy + qz * fz
        qx -= along * fx
        qy -= along * fy
        qz -= along * fz
    px, py, pz = qx, qy, qz
    perp_length, perp_safe = _vector_length(px, py, pz)
    coord_scale = max(
        abs(rx), abs(ry), abs(rz), abs(tx), abs(ty), abs(tz), abs(pole[0]), abs(pole[1]), abs(pole[2])
    )
    line_tolerance = max(
        POLE_LINE_TOLERANCE * max_length, POLE_ROUNDING_ULPS * _EPS64 * coord_scale
    )
    off_line = perp_length * pole_scale > line_tolerance
    if off_line and perp_safe:
        inv = 1 / perp_length
        px *= inv
        py *= inv
        pz *= inv
    elif off_line:
        # |p|² 가 넘치거나 사라지는 범위: 위의 f 와 같은 까닭으로 정규 범위로 옮겨 정규화한다.
        px, py, pz = _unit_of_scaled(px, py, pz)
    else:
        # 굽힘 평면이 정해지지 않는다: f 와 가장 덜 나란한 양의 축을 쓴다 (같으면 X, Y, Z 순).
        px, py, pz = _fallback_axis(fx, fy, fz)

    # 5. 코사인 법칙: x = a·cos θ (f 방향), h = a·sin θ (p 방향).
    if distance == 0:
        # a = b 이고 목표가 뿌리에 있다: 완전히 접혀 관절은 p 쪽으로 a 만큼.
        x, h = 0.0, a
    else:
        x, h = _law_of_cosines(a, b, distance, folded)
        if h > a:
            h = a  # 반올림으로 a 를 넘지 않게

    # 6. 결과를 지역 변수로 구하고, float64 를 넘으면 (뿌리가 ±1.8e308 끝에 있다) 돌려주기 전에 거부한다.
    joint = (rx + x * fx + h * px, ry + x * fy + h * py, rz + x * fz + h * pz)
    end = target if reachable else (rx + distance * fx, ry + distance * fy, rz + distance * fz)
    if not all(map(math.isfinite, joint + end)):
        raise ValueError(_overflow_message(root, joint, end))
    return TwoBoneIKResult(np.array(joint), np.array(end, dtype=np.float64), reachable)


def _overflow_message(
    root: tuple[float, float, float], joint: tuple[float, float, float], end: tuple[float, float, float]
) -> str:
    def values(v: tuple[float, float, float]) -> str:
        return ", ".join(repr(float(c)) for c in v)

    return (
        "결과가 float64 범위를 넘습니다 — root 가 ±1.8e308 에 너무 가깝습니다"
        f" (root: {values(root)}; joint: {values(joint)}; end: {values(end)})"
    )


_EPS64 = float(np.finfo(np.float64).eps)


def _law_of_cosines(a: float, b: float, distance: float, folded: bool) -> tuple[float, float]:
    """코사인 법칙 (d > 0). TypeScript 의 lawOfCosinesX·lawOfCosinesHeight 와 같은 연산 순서.

    중간값은 모두 길이 규모이거나 [0, 2] 안의 비율이라 2(a + b) 가 유한하면 넘치지 않고,
    체인이 1e-300 만큼 작아도 사라지지 않는다 (길이의 제곱을 만들지 않는다).

    - x = a·cos θ = ((a − b)/d·(a + b) + d)/2: |a − b| ≤ d 이므로 (a − b)/d 를 먼저 나눠 [−1, 1] 안에 둔다
      (d 가 체인보다 한참 작아도 (a − b)(a + b) 를 d 로 나누기 전에 넘치지 않는다).
    - h = a·sin θ = √(s1/d)·√(s2/d)·√s3·√s4 / 2 (헤론 공식), s1 = d + (b − a), s2 = d − (b − a),
      s3 = a + b − d, s4 = a + b + d. b − a 를 먼저 빼면 a ≈ b 일 때 정확하고 (Sterbenz) d 를 잃지 않는다.
      s1, s2 는 0 과 2d 사이이므로 d 로 나눠 두면 d 가 아주 작아도 (비정규수) 곱이 사라지지 않는다.
    """
    x = ((a - b) / distance * (a + b) + distance) * 0.5
    difference = b - a
    s1 = distance + difference
    s2 = distance - difference
    s3 = a + b - distance
    s4 = a + b + distance
    # 너무 가까워 |a − b| 로 자른 경우 참값은 h = 0 이다. 헤론 공식의 s1 은 반올림으로
    # 0 이 아닐 수 있고 (예: 1e-16), 그 제곱근이 h 를 1e-8 만큼 부풀리므로 직접 0 으로 둔다.
    if not folded and s1 > 0 and s2 > 0 and s3 > 0:
        h = math.sqrt(s1 / distance) * math.sqrt(s2 / distance) * math.sqrt(s3) * math.sqrt(s4) * 0.5
    else:
        h = 0.0
    return x, h


def _fallback_axis(fx: float, fy: float, fz: float) -> tuple[float, float, float]:
    """f 와 가장 덜 나란한 양의 축 (|f·축| 최소, 같으면 X, Y, Z 순) 을 f 에 직교화·정규화한다."""
    ax, ay, az = abs(fx), abs(fy), abs(fz)
    ex = ey = ez = 0.0
    if ax <= ay and ax <= az:
        ex = 1.0
    elif ay <= az:
        ey = 1.0
    else:
        ez = 1.0
    axis_along = ex * fx + ey * fy + ez * fz
    px, py, pz = ex - axis_along * fx, ey - axis_along * fy, ez - axis_along * fz
    inv = 1 / math.sqrt(px * px + py * py + pz * pz)  # |축 × f| ≥ √(2/3), 0 이 될 수 없다
    return px * inv, py * inv, pz * inv


# ---------------------------------------------------------------------------------------------
# 배치: 브로드캐스트한 입력을 CHUNK_SIZE 씩, 미리 만든 작업 배열에 out= 으로만 계산한다.
# ---------------------------------------------------------------------------------------------


def _solve_batch(
    root: Any, upper: Any, lower: Any, target: Any, pole: Any, dtype: np.dtype
) -> TwoBoneIKResult[Any, Any]:
    originals = (root, upper, lower, target, pole)
    r = _checks.as_points("root", root, dtype)
    a = _checks.as_real_array("upper_length", upper, dtype)
    b = _checks.as_real_array("lower_length", lower, dtype)
    t = _checks.as_points("target", target, dtype)
    p = _checks.as_points("pole_hint", pole, dtype)
    _reject_length_columns((r.shape[:-1], a.shape, b.shape, t.shape[:-1], p.shape[:-1]))
    batch_shape = _broadcast_batch_shape((r.shape[:-1], a.shape, b.shape, t.shape[:-1], p.shape[:-1]))
    n = math.prod(batch_shape)

    flat_r = _flatten(r, batch_shape + (3,), n, 3)
    flat_a = _flatten(a, batch_shape, n, None)
    flat_b = _flatten(b, batch_shape, n, None)
    flat_t = _flatten(t, batch_shape + (3,), n, 3)
    flat_p = _flatten(p, batch_shape + (3,), n, 3)

    joint = np.empty((n, 3), dtype)
    end = np.empty((n, 3), dtype)
    reachable = np.empty(n, np.bool_)
    if n > 0:
        work = _Workspace(min(n, CHUNK_SIZE), dtype)
        with np.errstate(all="ignore"):
            for start in range(0, n, CHUNK_SIZE):
                stop = min(n, start + CHUNK_SIZE)
                ok = _solve_chunk(
                    work,
                    flat_r[start:stop],
                    flat_a[start:stop],
                    flat_b[start:stop],
                    flat_t[start:stop],
                    flat_p[start:stop],
                    joint[start:stop],
                    end[start:stop],
                    reachable[start:stop],
                )
                if not ok:
                    # 이 조각에 잘못된 값이 있다: 전체를 인자 순서대로 다시 검사해 첫 오류를 알린다.
                    _validate_batch(r, a, b, t, p, batch_shape, originals, dtype)
                    # 입력은 올바르다: 결과가 float 범위를 넘는 첫 체인을 알린다 (결과는 돌려주지 않는다).
                    bad = ~(np.isfinite(joint[start:stop]).all(axis=1) & np.isfinite(end[start:stop]).all(axis=1))
                    k = start + int(np.flatnonzero(bad)[0])
                    index = tuple(int(i) for i in np.unravel_index(k, batch_shape)) if batch_shape else ()
                    raise ValueError(
                        f"체인 {_checks.format_index(index)}: "
                        + _overflow_message(flat_r[k], joint[k], end[k]).replace("float64", dtype.name)
                    )
    joint = joint.reshape(batch_shape + (3,))
    end = end.reshape(batch_shape + (3,))
    reach = reachable.reshape(batch_shape)
    if batch_shape == ():
        return TwoBoneIKResult(joint, end, bool(reach))
    return TwoBoneIKResult(joint, end, reach)


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


class _Workspace:
    """한 조각의 작업 배열. 성분을 행으로 둔 (3, m) 배치라 모든 ufunc 가 연속 메모리를 돈다."""

    def __init__(self, m: int, dtype: np.dtype) -> None:
        self.dtype = dtype
        self.eps = dtype.type(np.finfo(dtype).eps)
        self.rounding_factor = dtype.type(POLE_ROUNDING_ULPS) * self.eps
        self.line_tolerance = dtype.type(POLE_LINE_TOLERANCE)
        self.safe_min, self.safe_max = (dtype.type(v) for v in _SAFE_SQ[dtype])
        # 조각의 모든 좌표·차의 크기가 이 값 이하면 |f|², |p|² 는 safe_max 를 넘을 수 없다 (_solve_chunk 참고).
        self.no_overflow_bound = dtype.type(math.sqrt(float(self.safe_max)) / 16)
        # 극 − 뿌리를 2 의 거듭제곱으로 줄이는 경계 (단일 경로·TypeScript 와 같은 값; float32 는 같은 여유를 둔 값).
        if dtype == _FLOAT64:
            self.downscale_limit = dtype.type(POLE_DOWNSCALE_LIMIT)
            self.downscale, self.upscale = dtype.type(_POLE_DOWNSCALE), dtype.type(_POLE_UPSCALE)
        else:
            self.downscale_limit = dtype.type(2.0**120)
            self.downscale, self.upscale = dtype.type(2.0**-64), dtype.type(2.0**64)
        self.result_bound = dtype.type(float(np.finfo(dtype).max) / 2)
        self.reorthogonalize_sq = dtype.type(REORTHOGONALIZE_RATIO_SQ)
        # 끝점을 고를 때 float 의 비트를 정수로 본다 (같은 크기의 부호 있는 정수).
        self.bits = np.dtype(np.int64) if dtype == _FLOAT64 else np.dtype(np.int32)
        # 행 0–2: root, 행 3–5: f = target − root, 행 6–8: 극 − root. 조각마다 (9, m) 으로 잘라 쓰는 1 차원 배열이라
        # 마지막 (짧은) 조각에서도 연속이어서 한 번의 최댓값·최솟값으로 셋을 함께 본다 (_solve_chunk 참고).
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


def _length_of_rows(
    work: _Workspace,
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


def _unit_of_scaled_rows(rows: np.ndarray | None) -> np.ndarray:
    """열마다 rows (3, k) 의 단위 벡터: 가장 큰 성분으로 먼저 나눈 뒤 정규화한다 (단일 경로의 _unit_of_scaled 와 같은
    연산 순서). 0 인 열은 NaN 이 되지만 호출자가 바꿔 쓴다 (목표가 뿌리면 +X, 극이 직선 위면 정해진 축)."""
    assert rows is not None  # 안전하지 않은 열이 있을 때만 불린다 (_length_of_rows 가 복사본을 돌려준다)
    s = rows / np.max(np.abs(rows), axis=0)
    norm = np.sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2])
    unit: np.ndarray = s / norm
    return unit


def _solve_chunk(
    work: _Workspace,
    root: np.ndarray,
    a: np.ndarray,
    b: np.ndarray,
    target: np.ndarray,
    pole: np.ndarray,
    joint_out: np.ndarray,
    end_out: np.ndarray,
    reach_out: np.ndarray,
) -> bool:
    """한 조각을 푼다. 잘못된 값을 만나면 False 를 돌려주고 (호출자가 자세히 검사해 오류를 던진다)."""
    m = a.shape[0]
    dtype = work.dtype
    rfp_flat = work.rfp[: 9 * m]
    rfp = rfp_flat.reshape(9, m)
    root_rows, f, p = rfp[0:3], rfp[3:6], rfp[6:9]
    sq = work.sq[:, :m]
    np.copyto(root_rows, root.T)  # 성분을 행으로: 이후의 모든 연산이 연속 메모리를 돈다

    # 1. f = target − root, p = pole − root. root·f·p 를 한 배열에 두고 최댓값·최솟값 (두 번의 축약, 연속 메모리) 으로
    #    좌표의 NaN·inf 와 뺄셈 넘침을 함께 잡고 (NaN 은 max 로 번진다. root 가 유한하지 않으면 f 도 그렇다), 아래의 넘침
    #    판정과 직선 판정에 쓸 가장 큰 성분 크기 largest 도 정확히 얻는다. 제곱의 합 (einsum) 보다 빠르고, np.dot 과 달리
    #    BLAS 스레드 풀을 부르지 않는다 (issue 11: 다른 프로세스가 CPU 를 쓰면 10⁶ 체인이 445 ms → 2,149 ms).
    #    target·pole 은 먼저 성분을 행으로 옮겨 복사하고 (보폭 있는 읽기는 한 번), 뺄셈은 연속 메모리에서 한다.
    #    target 의 행은 6 에서 끝점을 고를 때 다시 쓴다.
    target_rows = work.target_rows[:, :m]
    np.copyto(target_rows, target.T)
    np.subtract(target_rows, root_rows, out=f)
    np.copyto(p, pole.T)
    np.subtract(p, root_rows, out=p)
    rfp_max, rfp_min = rfp_flat.max(), rfp_flat.min()
    if not (rfp_max < np.inf and rfp_min > -np.inf):
        return False
    largest = max(rfp_max, -rfp_min)  # root·f·p 의 가장 큰 성분 크기

    max_length = work.max_length[:m]
    a_minus_b = work.a_minus_b[:m]
    min_length = work.min_length[:m]
    np.add(a, b, out=max_length)
    np.subtract(a, b, out=a_minus_b)
    np.abs(a_minus_b, out=min_length)
    # 길이 검사: a, b ≥ 0 (NaN 이면 거짓), 0 < a + b, 2(a + b) < inf (둘 다 0 이거나 넘침을 거부).
    np.minimum(a, b, out=work.s1[:m])
    shortest_chain, longest_chain = max_length.min(), max_length.max()
    # 정의역: 2(a + b) 가 유한해야 한다 (헤론 공식의 a + b + d ≤ 2(a + b)).
    if not (work.s1[:m].min() >= 0 and shortest_chain > 0 and longest_chain + longest_chain < np.inf):
        return False

    # |v|² 넘침의 사전 판정: f, p 의 성분은 largest = L 이하이므로 |f|² ≤ 3L². 아래 4 의 p' = p − (p·f̂)f̂ 는
    # |f̂| ≤ 1 + 몇 ε 이라 성분이 L + √3·L·(1 + 몇 ε) < 2.8L 이하, |p'|² < 3·(2.8L)² < 24L² 이다.
    # L ≤ √safe_max / 16 이면 둘 다 256L² ≤ safe_max 보다 작으니 조각마다 최댓값 축약 두 번을 건너뛴다
    # (넘칠 수 있는 조각에서만 예전처럼 잰다. 안전한 범위의 판정·결과는 바뀌지 않는다).
    may_overflow = not largest <= work.no_overflow_bound

    # 2. 앞 방향 f 와 거리 d.
    distance = work.distance[:m]
    lowest, unsafe, unsafe_rows = _length_of_rows(work, f, distance, sq, may_overflow)
    inv = work.s2[:m]
    np.divide(dtype.type(1), distance, out=inv)
    np.multiply(f, inv, out=f)
    if unsafe is not None:
        # |v|² 가 넘치거나 사라지는 열: 정규 범위로 옮겨 정규화한다 (d = 0 은 아래에서 +X 로 바뀐다)
        f[:, unsafe] = _unit_of_scaled_rows(unsafe_rows)
    at_root = None
    if not lowest > 0:
        at_root = distance == 0
        if at_root.any():
            f[0, at_root] = 1  # 목표가 뿌리와 같으면 +X 로 뻗는다.
            f[1, at_root] = 0
            f[2, at_root] = 0
        else:
            at_root = None

    # 3. 닿는 범위 [|a − b|, a + b] 로 정확히 자른다.
    flag = work.flag[:m]
    not_folded = work.not_folded[:m]
    np.less_equal(distance, max_length, out=reach_out)
    np.greater_equal(distance, min_length, out=not_folded)
    np.logical_and(reach_out, not_folded, out=reach_out)
    np.minimum(distance, max_length, out=distance)
    np.maximum(distance, min_length, out=distance)

    # 4. 굽힘 방향 p: 극 힌트에서 f 성분을 뺀다 (단일 경로와 같은 규칙·같은 연산 순서). 한 번 빼고, 넘친 열 중 성분이
    #    POLE_DOWNSCALE_LIMIT 를 넘는 열은 2^-600 을 곱해 다시 빼고, |p·f| > 64·|p⊥| (또는 |p⊥|² 가 넘친) 열만 한 번 더 뺀다.
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
    pole_scale = None
    perp_finite = perp_sq.max() < np.inf
    if not perp_finite:  # inf 나 NaN 이 있다 (드물다)
        original = pole.T - root_rows  # 넘친 열의 원래 극 − 뿌리 (처음과 같은 뺄셈이라 같은 비트)
        huge = ~(perp_sq < np.inf) & (np.max(np.abs(original), axis=0) > work.downscale_limit)
        if huge.any():
            idx = np.flatnonzero(huge)
            q = original[:, idx] * work.downscale
            fi = f[:, idx]
            al = q[0] * fi[0] + q[1] * fi[1] + q[2] * fi[2]
            q = q - al * fi
            along[idx] = al
            p[:, idx] = q
            perp_sq[idx] = q[0] * q[0] + q[1] * q[1] + q[2] * q[2]
            pole_scale = np.where(huge, work.upscale, dtype.type(1))
    # 다시 뺄 열: |p·f|² > 64²·|p⊥|² (작업 배열에 제자리로; x·h·flag 는 아래 5·4 단계에서야 쓴다), 그리고 |p⊥|² 가 넘친 열.
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
    perp = work.perp[:m]  # perp_sq 와 같은 버퍼: 이미 |p⊥|² 가 들어 있다
    perp_lowest, unsafe, unsafe_rows = _length_of_rows(work, p, perp, sq, may_overflow, squares_ready=True)
    # 직선 위 판정의 상한: 조각 전체의 가장 큰 좌표·가장 긴 체인으로 잰 허용 거리. 이보다 먼 극은 확실히 직선 밖이고,
    # 이 안쪽의 (드문) 체인만 체인별 허용 거리 max(1e-10·(a + b), 64ε·가장 큰 좌표) 로 다시 판정한다.
    # |target|, |pole| ≤ |root| + |f|, |root| + |p| ≤ 2·largest 이므로 조각의 가장 큰 좌표 ≤ 2·largest (1e-3 여유를 둔 상한).
    scale_bound = (largest + largest) * dtype.type(1.001)
    bound = max(work.line_tolerance * longest_chain, work.rounding_factor * scale_bound)
    np.divide(dtype.type(1), perp, out=inv)
    np.multiply(p, inv, out=p)
    if unsafe is not None:
        # |p|² 가 넘치거나 사라지는 열: 정규 범위로 옮겨 정규화한다 (직선 위면 아래에서 정해진 축으로 바뀐다)
        p[:, unsafe] = _unit_of_scaled_rows(unsafe_rows)
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

    # 5. 코사인 법칙: x = a·cos θ = ((a − b)/d·(a + b) + d)/2, h = a·sin θ (헤론 공식). 식은 _law_of_cosines 참고.
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
    # 모두 유한한 0 이상의 수라
    # 곱은 정확히 +0 이고, fmax 뒤에도 +0 — 단일 경로·TypeScript 의 h = 0 과 같은 비트다.
    np.greater(h, a, out=flag)
    np.copyto(h, a, where=flag)  # 반올림으로 a 를 넘지 않게
    if at_root is not None:
        folded = at_root & (distance == 0)
        x[folded] = 0  # a = b 이고 목표가 뿌리에 있다: 완전히 접혀 관절은 p 쪽으로 a 만큼.
        h[folded] = np.broadcast_to(a, (m,))[folded]

    # 6. joint = (root + x·f) + h·p, end = root + d·f (닿으면 target 을 그대로 복사).
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
    np.bitwise_xor(target_rows.view(bits), s_bits, out=chosen)
    np.bitwise_and(chosen, mask, out=chosen)
    np.bitwise_xor(s_bits, chosen, out=end_out.view(bits).T)
    # 관절·끝의 성분 ≤ |root| + |x| + |h| (또는 |root| + d) ≤ largest + 2(a + b): 그것이 float 범위의 절반 아래면 넘칠 수 없다.
    if not largest + 2 * longest_chain <= work.result_bound:
        if not (np.isfinite(joint_out).all() and np.isfinite(end_out).all()):
            return False  # 결과가 float 범위를 넘는다: 호출자가 첫 체인을 찾아 ValueError
    return True


def _fallback_where_on_line(
    work: _Workspace,
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


def _validate_batch(
    r: np.ndarray,
    a: np.ndarray,
    b: np.ndarray,
    t: np.ndarray,
    p: np.ndarray,
    batch_shape: tuple[int, ...],
    originals: tuple[Any, ...],
    dtype: np.dtype,
) -> None:
    """배치 전체를 인자 순서 (root, 길이, target, pole_hint, 차) 대로 검사해 첫 오류를 던진다."""
    _checks.check_finite_points("root", r, originals[0])
    _checks.check_lengths("upper_length", a, originals[1])
    _checks.check_lengths("lower_length", b, originals[2])
    full_a = np.broadcast_to(a, batch_shape)
    full_b = np.broadcast_to(b, batch_shape)
    both_zero = (full_a == 0) & (full_b == 0)
    if both_zero.any():
        index = _checks.first_index(both_zero)
        raise ValueError(
            f"upper_length와 lower_length가 체인 {_checks.format_index(index)}에서 둘 다 0입니다"
            f" (받은 값: {_checks.scalar_repr(full_a[index])}, {_checks.scalar_repr(full_b[index])})"
            " — 적어도 한 뼈는 길이가 있어야 합니다"
        )
    with np.errstate(over="ignore"):
        total = full_a + full_b
        doubled = total + total  # 2(a + b) 와 같은 비트
    overflow = ~np.isfinite(doubled)
    if overflow.any():
        index = _checks.first_index(overflow)
        raise ValueError(
            f"upper_length + lower_length가 체인 {_checks.format_index(index)}에서 넘칩니다"
            f" (2(a + b) 가 {dtype.name} 범위 안이어야 함,"
            f" 받은 값: {_checks.scalar_repr(full_a[index])}, {_checks.scalar_repr(full_b[index])})"
        )
    _checks.check_finite_points("target", t, originals[3])
    _checks.check_finite_points("pole_hint", p, originals[4])
    for name, point in (("target", t), ("pole_hint", p)):
        with np.errstate(over="ignore", invalid="ignore"):
            diff = np.broadcast_to(point, batch_shape + (3,)) - np.broadcast_to(r, batch_shape + (3,))
        bad = ~np.isfinite(diff).all(axis=-1)
        if bad.any():
            index = _checks.first_index(bad)
            values = ", ".join(_checks.scalar_repr(v) for v in diff[index])
            raise ValueError(
                f"{name} − root가 체인 {_checks.format_index(index)}에서 {dtype.name} 범위를 넘습니다"
                f" (받은 차: {values})"
            )
