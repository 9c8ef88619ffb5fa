"""입력 검사 도우미: 오류 메시지는 인자 이름, 문제, 받은 값, (배치면) 처음 어긋난 색인을 담는다."""

from __future__ import annotations

from typing import Any

import numpy as np

_COMPONENT_NAMES = ("x", "y", "z", "w")


def format_index(index: tuple[int, ...]) -> str:
    """배치 색인을 `[3]`, `[2, 5]` 처럼 쓴다. 단일 체인(빈 색인)은 빈 문자열."""
    if len(index) == 0:
        return ""
    return "[" + ", ".join(str(int(i)) for i in index) + "]"


def component_name(k: int) -> str:
    """성분 번호 0, 1, 2, 3 을 x, y, z, w 로."""
    return _COMPONENT_NAMES[k]


def scalar_repr(value: Any) -> str:
    """오류 메시지에 넣을 값: 파이썬 float 의 repr (nan, inf, -1.0 …)."""
    try:
        return repr(float(value))
    except (TypeError, ValueError, OverflowError):
        return repr(value)


def as_real_array(name: str, value: Any, dtype: np.dtype | None = None) -> np.ndarray:
    """value 를 실수 배열로 바꾼다. 정수·실수만 받고 bool·복소수·문자열·객체는 거부한다.

    dtype 을 주면 그 dtype 으로 바꾼다 (float64 입력에 float64 를 요청하면 복사하지 않는다).
    """
    if type(value) is not np.ndarray and _contains_bool(value):
        # NumPy 는 [True, 0, 0] 을 정수 배열로, [True, 0.5] 를 실수 배열로 바꾼다: 변환 전에 찾아 거부한다
        # (TypeScript 와 같은 규칙: 점과 길이는 수여야 하고 bool 은 수가 아니다).
        raise ValueError(f"{name}는 실수 배열이어야 합니다 — bool 은 수가 아닙니다 (받은 값: {value!r})")
    try:
        array = np.asarray(value)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{name}는 실수 배열이어야 합니다 (받은 값: {value!r})") from error
    if array.dtype.kind not in "iuf":
        raise ValueError(f"{name}는 실수 배열이어야 합니다 (받은 dtype: {array.dtype}, 받은 값: {value!r})")
    if dtype is not None and array.dtype != dtype:
        # float32 로 줄일 때 범위를 넘는 값은 inf 가 되고, 아래의 유한성 검사가 원래 값과 함께 거부한다.
        with np.errstate(over="ignore", invalid="ignore"):
            array = array.astype(dtype)
    return array


def _contains_bool(value: Any) -> bool:
    """value 가 bool (파이썬 bool·np.bool_·bool 배열) 이거나 그것을 담은 리스트·튜플인가."""
    kind = type(value)
    if kind is bool or kind is np.bool_:
        return True
    if kind is np.ndarray:
        return bool(value.dtype.kind == "b")
    if kind is list or kind is tuple:
        return any(_contains_bool(item) for item in value)
    return False


def as_points(name: str, value: Any, dtype: np.dtype | None = None, width: int = 3) -> np.ndarray:
    """마지막 축의 길이가 width(점은 3, 사원수는 4)인 실수 배열로 바꾼다."""
    array = as_real_array(name, value, dtype)
    if array.ndim == 0 or array.shape[-1] != width:
        raise ValueError(
            f"{name}는 마지막 축의 길이가 {width}인 배열이어야 합니다 (받은 모양: {array.shape})"
        )
    return array


def first_index(mask: np.ndarray) -> tuple[int, ...]:
    """mask 에서 처음(C 순서) True 인 자리의 색인."""
    flat = int(np.argmax(mask.reshape(-1)))
    return tuple(int(i) for i in np.unravel_index(flat, mask.shape))


def check_finite_points(name: str, points: np.ndarray, original: Any = None) -> None:
    """점 배열 (..., k) 의 모든 성분이 유한한지 확인한다. 메시지: `target[4]의 y 성분은 …`."""
    finite = np.isfinite(points)
    if finite.all():
        return
    index = first_index(~finite)
    chain, k = index[:-1], index[-1]
    value = _original_value(points, original, index)
    raise ValueError(
        f"{name}{format_index(chain)}의 {component_name(k)} 성분은 유한한 수여야 합니다 (받은 값: {value})"
    )


def check_lengths(name: str, lengths: np.ndarray, original: Any = None) -> None:
    """길이 배열의 모든 값이 0 이상의 유한한 수인지 확인한다 (NaN·음수·±inf 거부)."""
    good = (lengths >= 0) & (lengths < np.inf)
    if good.all():
        return
    index = first_index(~good)
    value = _original_value(lengths, original, index)
    raise ValueError(f"{name}{format_index(index)}는 0 이상의 유한한 수여야 합니다 (받은 값: {value})")


def check_unit_interval(name: str, values: np.ndarray) -> None:
    """weight·soft 처럼 [0, 1] 안에 있어야 하는 값을 확인한다 (NaN 거부)."""
    good = (values >= 0) & (values <= 1)
    if good.all():
        return
    index = first_index(~good)
    raise ValueError(
        f"{name}{format_index(index)}는 [0, 1] 범위의 수여야 합니다 (받은 값: {scalar_repr(values[index])})"
    )


def _original_value(converted: np.ndarray, original: Any, index: tuple[int, ...]) -> str:
    """float32 로 바꾸며 inf 가 된 값이면 사용자가 준 원래 값을 보여 준다."""
    if original is not None:
        try:
            source = np.asarray(original)
            if source.shape == converted.shape:
                return scalar_repr(source[index])
        except (TypeError, ValueError):
            pass
    return scalar_repr(converted[index])


def result_overflow_message(root: Any, joint: Any, end: Any) -> str:
    """결과 (관절·끝) 가 float64 범위를 넘을 때의 메시지: 뿌리가 ±1.8e308 끝에 있다 (단일·배치 경로가 함께 쓴다)."""

    def values(v: Any) -> str:
        return ", ".join(repr(float(c)) for c in v)

    return (
        "결과가 float64 범위를 넘습니다 — root 가 ±1.8e308 에 너무 가깝습니다"
        f" (root: {values(root)}; joint: {values(joint)}; end: {values(end)})"
    )


def validate_batch(
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
    check_finite_points("root", r, originals[0])
    check_lengths("upper_length", a, originals[1])
    check_lengths("lower_length", b, originals[2])
    full_a = np.broadcast_to(a, batch_shape)
    full_b = np.broadcast_to(b, batch_shape)
    both_zero = (full_a == 0) & (full_b == 0)
    if both_zero.any():
        index = first_index(both_zero)
        raise ValueError(
            f"upper_length와 lower_length가 체인 {format_index(index)}에서 둘 다 0입니다"
            f" (받은 값: {scalar_repr(full_a[index])}, {scalar_repr(full_b[index])})"
            " — 적어도 한 뼈는 길이가 있어야 합니다"
        )
    with np.errstate(over="ignore"):
        total = full_a + full_b
        doubled = total + total  # 2(a + b) 와 같은 비트
    overflow = ~np.isfinite(doubled)
    if overflow.any():
        index = first_index(overflow)
        raise ValueError(
            f"upper_length + lower_length가 체인 {format_index(index)}에서 넘칩니다"
            f" (2(a + b) 가 {dtype.name} 범위 안이어야 함,"
            f" 받은 값: {scalar_repr(full_a[index])}, {scalar_repr(full_b[index])})"
        )
    check_finite_points("target", t, originals[3])
    check_finite_points("pole_hint", p, originals[4])
    for name, point in (("target", t), ("pole_hint", p)):
        with np.errstate(over="ignore", invalid="ignore"):
            diff = np.broadcast_to(point, batch_shape + (3,)) - np.broadcast_to(r, batch_shape + (3,))
        bad = ~np.isfinite(diff).all(axis=-1)
        if bad.any():
            index = first_index(bad)
            values = ", ".join(scalar_repr(v) for v in diff[index])
            raise ValueError(
                f"{name} − root가 체인 {format_index(index)}에서 {dtype.name} 범위를 넘습니다"
                f" (받은 차: {values})"
            )
