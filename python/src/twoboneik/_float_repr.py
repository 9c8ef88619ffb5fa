"""float64 배열의 repr 을 NumPy 로 한꺼번에: `join_reprs(v) == " ".join(map(repr, v.tolist())).encode()`.

repr 은 값을 왕복하는 가장 짧은 십진 표기 (15·16·17 자리 가운데 가장 짧은 것, 같은 길이면 값에 가장 가까운 것) 다.
BVH 쓰기가 바뀐 값 수십만 개를 적을 때 repr 이 값마다 도는 시간 (값당 약 0.5 µs) 을 줄인다.

빠른 길 (1e-4 ≤ |x| < 1e16, 곧 repr 이 소수점 표기를 쓰는 구간):
1. E = ⌊log10 |x|⌋, y = |x|·10^(16−E) 를 Dekker 의 두 곱 (hi + lo, 오차 없음) 으로 정확히 구한다 (10^k 는 k ≤ 22 까지 정확).
   y = F + f (F 정수, 0 ≤ f < 1) 에서 15·16·17 자리로 반올림한 정수 D15, D16, D17 을 정수 연산으로 얻는다.
2. D·10^−p 가 x 로 읽히는지는 float(D)·10^−p 를 한 번의 곱 또는 나눗셈으로 정확히 본다 (D ≤ 2^53, 10^|p| 정확:
   올바르게 반올림된 한 번의 연산은 strtod 와 같은 값이다). 15 자리 격자 간격은 ulp 의 두 배보다 넓어 왕복하는
   15 자리 이하 표기는 D15 하나뿐이다.
3. D15 가 왕복하면 그것 (끝의 0 을 뗀다), 아니면 D16, 아니면 D17 (17 자리는 늘 왕복하고, 가장 가까운 것이다).
2 의 거듭제곱은 아래쪽 왕복 구간이 절반이라 '가장 가까운 후보' 의 논리가 서지 않지만, 이 구간의 70 개 (2^−14 … 2^53) 를
테스트가 모두 확인한다. 16·17 자리로 딱 절반인 값, 2^53 을 넘는 D16, E 의 어림이 틀린 값, 그 밖의 구간 (0, −0, 지수
표기) 은 repr 로 적는다.
tests/test_float_repr.py 가 Hypothesis 로 repr 과 같음을 확인한다.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

__all__ = ["join_reprs"]

#: 10^k (k = 0 … 22) 는 float64 로 정확하다.
_POW10 = np.array([10.0**k for k in range(23)])
_POW10_INT = np.array([10**k for k in range(18)], dtype=np.int64)
#: repr 이 소수점 표기를 쓰는 구간 [1e-4, 1e16) (밖이면 '1e-05', '1e+16' 처럼 지수 표기).
_SMALLEST, _LARGEST = 1e-4, 1e16
#: Dekker 의 나누기 상수 2^27 + 1: float64 를 26 비트씩 두 조각으로 (두 곱이 오차 없이 되도록).
_SPLITTER = 134217729.0
_DIGITS = 17
#: 토큰 한 칸의 폭: 가장 긴 repr ('-1.2345678901234567e-308', 24 자) + 뒤의 스페이스.
_WIDTH = 25
_COLUMNS = np.arange(_WIDTH, dtype=np.uint8)
#: 한 번에 다루는 값의 수 (값마다의 임시 배열 하나가 512 KB: 캐시에 들고, 같은 메모리를 되풀이해 쓴다).
_CHUNK = 1 << 16
#: 자리 줄 P 의 모양: '0' 일곱 개 + 앞으로 맞춘 17 자리 = 24 바이트 (uint32 여섯 칸).
_PAD = 7
_ROW = _PAD + _DIGITS
#: 네 자리 (0000 … 9999) 의 ASCII 를 uint32 하나로 (바이트 순서 그대로 다시 바이트로 본다).
_QUADS = np.frombuffer(
    (np.arange(10_000)[:, None] // np.array([1000, 100, 10, 1]) % 10 + ord("0")).astype(np.uint8).tobytes(), np.uint32
)
#: '000' + 첫 자리, '0000'.
_LEADS = _QUADS[:10]
_ZEROS = _QUADS[0]


def join_reprs(values: NDArray[np.float64]) -> bytes:
    """유한한 float64 값들의 repr 을 스페이스 하나로 이은 ASCII 바이트."""
    x = np.ascontiguousarray(values, dtype=np.float64).ravel()
    pieces = [_join_chunk(x[begin: begin + _CHUNK]) for begin in range(0, x.size, _CHUNK)]
    return b"".join(pieces)[:-1]


def _join_chunk(x: NDArray[np.float64]) -> bytes:
    """x 의 repr 마다 뒤에 스페이스 하나를 붙여 이은 바이트."""
    fast, digits, exponent, count = _shortest_digits(x)
    cells, length = _positional(x < 0, digits, exponent, count)
    slow = np.flatnonzero(~fast)
    if slow.size:
        text = [repr(v) + " " for v in x[slow].tolist()]
        cells[slow] = np.array(text, dtype=f"S{_WIDTH}").view(np.uint8).reshape(slow.size, _WIDTH)
        length[slow] = np.fromiter(map(len, text), dtype=length.dtype, count=slow.size)
    return cells[_COLUMNS < length[:, None]].tobytes()


def _shortest_digits(
    x: NDArray[np.float64],
) -> tuple[NDArray[np.bool_], NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """(빠른 길인가, 가장 짧은 자릿수 정수 D, 첫 자리의 십진 지수 E, D 의 자릿수). 빠른 길이 아닌 값의 셋은 쓰지 않는다."""
    a = np.abs(x)
    fast = (a >= _SMALLEST) & (a < _LARGEST)
    a[~fast] = 1.0  # 빠른 길이 아닌 값은 아무 안전한 값으로 (아래 계산이 색인을 벗어나지 않게)
    exponent = np.floor(np.log10(a)).astype(np.int64)
    hi, lo = _two_product(a, _POW10[16 - exponent])  # E ∈ [−4, 15] 이므로 10^1 … 10^20
    whole = np.floor(lo)
    f = lo - whole  # 0 ≤ f < 1, 정확 (lo 의 비트의 일부)
    big = hi.astype(np.int64) + whole.astype(np.int64)  # y = F + f; y ∈ [1e16, 1e17) 이어야 E 가 맞다
    fast &= (big >= 10**16) & (big < 10**17)
    d15, _ = _round_off(big, f, 100)
    d16, tie16 = _round_off(big, f, 10)
    d17, tie17 = _round_off(big, f, 1)
    # 15 자리의 딱 절반은 어느 쪽도 왕복하지 않는다 (격자 간격의 절반 ≫ ulp 의 절반). 16 자리의 절반과 2^53 을 넘는
    # D16 은 이 식으로 알 수 없어 repr 에 맡긴다.
    ok15 = _reads_back(d15, 14 - exponent, a)
    known16 = ~tie16 & (d16 <= 2**53)
    ok16 = ~ok15 & known16 & _reads_back(d16, 15 - exponent, a)
    fast &= ok15 | ok16 | (known16 & ~tie17)
    digits = np.where(ok15, d15, np.where(ok16, d16, d17))
    count = np.where(ok15, 15, np.where(ok16, 16, 17))
    # 올림으로 자리가 하나 는 값 (9.99… → 10.0…) 은 repr 에 맡긴다. 이 구간의 10^k 는 float 이 참값보다 크거나 같아
    # 그런 값이 왕복하는 일은 없지만, 그 논리는 libm 의 log10 에 기대므로 값싼 확인으로 지킨다.
    fast &= digits < _POW10_INT[count]
    # 끝의 0 을 뗀다 (자릿수 1 까지): 아직 0 으로 끝나는 값만 다시 본다.
    zero = np.flatnonzero((digits % 10 == 0) & (count > 1))
    while zero.size:
        digits[zero] //= 10
        count[zero] -= 1
        zero = zero[(digits[zero] % 10 == 0) & (count[zero] > 1)]
    return fast, digits, exponent, count


def _two_product(a: NDArray[np.float64], b: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """a·b = hi + lo 를 오차 없이 (Dekker; 넘침·언더플로가 없는 구간). hi = fl(a·b)."""
    hi = a * b
    a_hi, a_lo = _split(a)
    b_hi, b_lo = _split(b)
    lo = ((a_hi * b_hi - hi) + a_hi * b_lo + a_lo * b_hi) + a_lo * b_lo
    return hi, lo


def _split(v: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    scaled = v * _SPLITTER
    high = scaled - (scaled - v)
    return high, v - high


def _round_off(big: NDArray[np.int64], f: NDArray[np.float64], unit: int) -> tuple[NDArray[np.int64], NDArray[np.bool_]]:
    """(F + f) / unit 를 가장 가까운 정수로, 그리고 딱 절반인가 (그때는 가장 가까운 것이 둘이라 쓰지 않는다)."""
    if unit == 1:
        return big + (f > 0.5), f == 0.5
    quotient, rest = np.divmod(big, unit)
    half = unit // 2
    return quotient + (rest >= half), (rest == half) & (f == 0)


def _reads_back(digits: NDArray[np.int64], shift: NDArray[np.int64], a: NDArray[np.float64]) -> NDArray[np.bool_]:
    """digits·10^−shift 를 읽으면 a 인가 (digits ≤ 2^53, 10^|shift| 가 정확하므로 한 번의 반올림 = strtod).

    shift ≥ 0 이면 digits·1 / 10^shift, 아니면 digits·10^−shift / 1: 어느 쪽이든 반올림은 한 번이다.
    """
    value = digits.astype(np.float64) * _POW10[np.maximum(-shift, 0)] / _POW10[np.maximum(shift, 0)]
    result: NDArray[np.bool_] = value == a
    return result


def _positional(
    negative: NDArray[np.bool_], digits: NDArray[np.int64], exponent: NDArray[np.int64], count: NDArray[np.int64],
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """소수점 표기 (repr 의 모양: '-'? 정수부 '.' 소수부, 소수부가 없으면 '0') + 스페이스의 칸 (n, 25) 과 길이.

    자리 줄 P = '0' 일곱 개 + 앞으로 맞춘 17 자리. 부호를 뺀 토큰은 P[a : a + T] 의 정수부 뒤에 '.' 을 넣은 것이다
    (E < 0 이면 a = 7 + E 에서 '0', '.', 0 들, 자리; 아니면 a = 7). 그래서 토큰의 열 j 는 P 를 줄마다 한 만큼 민
    창에서 '.' 앞은 그대로, 뒤는 한 칸 밀어 읽는다: 창을 한 번 모으고 '.'·스페이스·'-' 만 줄마다 한 칸씩 적는다.
    """
    n = digits.size
    words = _ROW // 4
    # 앞에 한 줄, 뒤에 창의 폭만큼 여유: 창이 배열을 벗어나지 않는다 (그 칸들은 토큰에 들어가지 않는다).
    flat = np.empty((n + 1) * words + (_WIDTH + 1) // 4 + 1, dtype=np.uint32)
    row = flat[words: words + n * words].reshape(n, words)
    aligned = digits * _POW10_INT[_DIGITS - count]
    lead, rest = np.divmod(aligned, 10**16)
    row[:, 0] = _ZEROS
    row[:, 1] = _LEADS[lead]
    for column in range(words - 1, 1, -1):
        rest, quad = np.divmod(rest, 10_000)
        row[:, column] = _QUADS[quad]
    sign = negative.astype(np.int64)
    whole = np.maximum(exponent, 0) + 1  # 정수부 자릿수
    total = whole + np.maximum(count - exponent - 1, 1)  # 자리 글자 수 (정수부 + 소수부)
    start = _PAD + np.minimum(exponent, 0)
    # 창의 열 k 는 P[start − sign − 1 + k]: '.' 앞의 열 j 는 창의 j + 1, 뒤는 창의 j.
    windows = np.lib.stride_tricks.sliding_window_view(flat.view(np.uint8), _WIDTH + 1)
    gathered = windows[_ROW * np.arange(1, n + 1) + start - sign - 1]
    point = (sign + whole).astype(np.uint8)
    cells = np.where(_COLUMNS < point[:, None], gathered[:, 1:], gathered[:, :-1])
    length = (sign + total + 2).astype(np.uint8)  # 부호, 자리, '.', 스페이스
    base = np.arange(0, n * _WIDTH, _WIDTH)
    text = cells.reshape(-1)
    text[base + point] = ord(".")
    text[base + length - 1] = ord(" ")
    text[base[negative]] = ord("-")
    return cells, length
