"""_float_repr.join_reprs 는 값마다 repr 을 스페이스로 이은 것과 바이트 단위로 같다 (BVH 쓰기가 바뀐 값을 적는 길).

Hypothesis (고정 씨앗) 로 여러 자릿수에 걸친 값을 뽑는다: 로그 균등한 크기 (1e-320 … 1e308), ±0, 비정규 수, 정수인 float,
15·16·17 유효 자리의 값, float32 를 거친 값, 2 의 거듭제곱, 10 의 거듭제곱의 바로 옆. 빠른 길의 경계 (1e-4, 1e16,
2^53 을 넘는 16 자리, 딱 절반) 는 따로 표로 본다. 조각 (65,536 개) 을 넘는 배열은 씨앗을 둔 NumPy 표본으로 본다.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

from twoboneik._float_repr import join_reprs

SEED = 20261207
RUNS = 2000


def expected(values) -> bytes:
    return " ".join(repr(float(v)) for v in values).encode("ascii")


signs = st.sampled_from((-1.0, 1.0))
log_uniform = st.tuples(signs, st.floats(-320.0, 308.0)).map(lambda t: t[0] * 10.0 ** t[1])
# 유효 자리 k 개인 십진수 (k = 15, 16, 17): 자리 정수와 지수로 만든 글을 읽는다.
significant = st.tuples(signs, st.sampled_from((15, 16, 17)), st.integers(0, 10**17), st.integers(-25, 25)).map(
    lambda t: t[0] * float(f"{10 ** (t[1] - 1) + t[2] % (9 * 10 ** (t[1] - 1))}e{t[3] - t[1]}")
)
float32_noise = st.floats(width=32, allow_nan=False, allow_infinity=False).map(float)
float32_small = st.floats(-1e6, 1e6, width=32).map(float)
float32_arithmetic = st.tuples(float32_small, float32_small).map(lambda t: float(np.float32(t[0]) * np.float32(0.1) + np.float32(t[1])))
subnormal = st.floats(-2.2250738585072014e-308, 2.2250738585072014e-308)
integers = st.integers(-(2**63), 2**63).map(float)
powers_of_two = st.tuples(signs, st.integers(-1074, 1023)).map(lambda t: t[0] * math.ldexp(1.0, t[1]))
near_powers_of_ten = st.tuples(st.integers(-8, 20), st.sampled_from((-2, -1, 0, 1, 2))).map(
    lambda t: float(np.nextafter(10.0 ** t[0], math.inf if t[1] > 0 else -math.inf)) if t[1] else 10.0 ** t[0]
)
values = st.one_of(
    log_uniform, significant, float32_noise, float32_arithmetic, subnormal, integers, powers_of_two,
    near_powers_of_ten, st.sampled_from((0.0, -0.0)), st.floats(allow_nan=False, allow_infinity=False),
)


@seed(SEED)
@settings(max_examples=RUNS, deadline=None)
@given(st.lists(values, min_size=1, max_size=64))
def test_joined_reprs_equal_python_repr_for_sampled_values(sample):
    assert join_reprs(np.array(sample, dtype=np.float64)) == expected(sample)


@pytest.mark.parametrize(
    "value",
    [
        1e-4, np.nextafter(1e-4, 0), np.nextafter(1e-4, 1), 1e16, np.nextafter(1e16, 0), 9999999999999998.0,
        1e15, 999999999999999.9, 0.1, 0.5, 1.0, 123.0, 2.0**53, 2.0**53 + 2, 9007199254740993e-15,
        5e-324, 1.7976931348623157e308, 0.30000000000000004, 1.2345678901234567, 9.999999999999999,
        99.99999999999999, 0.00012345678901234567, 1e-05, 360.0, -179.99999999999997,
    ],
)
def test_boundary_values_of_the_fast_path_match_repr(value):
    for v in (float(value), -float(value)):
        assert join_reprs(np.array([v])) == expected([v])


def test_every_power_of_two_of_the_fast_range_and_its_neighbours_match_repr():
    # 2 의 거듭제곱은 아래쪽 왕복 구간이 절반이다: 빠른 길 (1e-4 … 1e16) 의 것을 모두, 양옆의 float 과 함께 본다.
    powers = [math.ldexp(1.0, k) for k in range(-16, 56)]
    sample = [v for p in powers for v in (p, float(np.nextafter(p, 0.0)), float(np.nextafter(p, math.inf)))]
    assert join_reprs(np.array(sample)) == expected(sample)


def test_an_empty_array_gives_no_bytes():
    assert join_reprs(np.zeros(0)) == b""


def test_arrays_longer_than_one_chunk_match_repr():
    # 씨앗을 둔 표본 (조각 경계를 넘는 20 만 개): 각도 같은 값, 반올림한 모션 캡처 값, float32 값, 넓은 크기.
    rng = np.random.default_rng(SEED)
    sample = np.concatenate([
        rng.normal(0.0, 60.0, 80_000),
        np.round(rng.normal(0.0, 60.0, 40_000), 4),
        rng.normal(0.0, 60.0, 40_000).astype(np.float32).astype(np.float64),
        rng.choice((-1.0, 1.0), 40_000) * 10.0 ** rng.uniform(-8.0, 18.0, 40_000),
    ])
    rng.shuffle(sample)
    assert join_reprs(sample) == expected(sample.tolist())
