"""목표가 뿌리에 아주 가까운 경우 (d ≪ 체인, 비정규수 d) 와 아주 크거나 작은 체인의 성질 (Hypothesis).

- NaN·무한대가 나오지 않는다.
- 뼈 길이를 지킨다: |joint − root| = a, |end − joint| = b (허용치 1e-12·(a + b) + 4ε·가장 큰 좌표).
- 닿으면 end 는 target 과 비트 단위로 같고, 접히면 end = root + |a − b|·unit(target − root) 이다
  (방향은 정확한 정수 격자로 옮긴 target − root 로 확인한다: 비정규수 d 에서도 방향이 어긋나지 않는다).
- 배치 경로는 단일 경로와 비트 단위로 같다.
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from conftest import chain_tolerance
from twoboneik import solve_two_bone_ik

SETTINGS = settings(derandomize=True, max_examples=300, deadline=None)

#: 가장 작은 비정규수 2^-1074.
SUBNORMAL_ULP = math.ldexp(1.0, -1074)


def _length(v) -> float:
    """넘침·사라짐 없이 |v| (가장 큰 성분으로 먼저 나눈다)."""
    v = np.asarray(v, dtype=float)
    scale = float(np.max(np.abs(v)))
    if scale == 0:
        return 0.0
    return scale * float(np.sqrt(np.sum((v / scale) ** 2)))


def _unit(v) -> np.ndarray:
    v = np.asarray(v, dtype=float)
    scaled = v / np.max(np.abs(v))
    return scaled / np.sqrt(np.sum(scaled**2))


def _check_solution(root, a, b, target, pole):
    result = solve_two_bone_ik(root, a, b, target, pole)
    joint, end = result.joint, result.end
    assert np.all(np.isfinite(joint)) and np.all(np.isfinite(end))
    tolerance = chain_tolerance(a + b, root, target, pole, joint, end)
    assert abs(_length(joint - np.asarray(root)) - a) <= tolerance
    assert abs(_length(end - joint) - b) <= tolerance
    if result.reachable:
        assert np.array_equal(end, np.asarray(target, dtype=float))
    # 배치 (두 체인: 앞에 평범한 체인 하나) 도 같은 비트.
    batch = solve_two_bone_ik(
        np.array([[0.0, 0.0, 0.0], root]),
        np.array([1.0, a]),
        np.array([1.0, b]),
        np.array([[1.5, 0.0, 0.0], target]),
        np.array([[0.0, 1.0, 0.0], pole]),
    )
    assert np.array_equal(batch.joint[1], joint)
    assert np.array_equal(batch.end[1], end)
    assert bool(batch.reachable[1]) is result.reachable
    return result


unit_floats = st.floats(-1, 1, allow_nan=False, allow_infinity=False)
directions = st.tuples(unit_floats, unit_floats, unit_floats).filter(lambda v: 0.1 < math.hypot(*v))
# 체인 크기 (2 의 거듭제곱 지수): 1e-300 에서 1e300 까지
scales = st.integers(-990, 990).map(lambda e: math.ldexp(1.0, e))
# 뼈 길이 비율: 같은 길이, 거의 같은 길이 (2^-30 ~ 2^-52 차이), 아무 비율
ratios = st.one_of(
    st.just(1.0),
    st.integers(30, 52).map(lambda k: 1.0 + math.ldexp(1.0, -k)),
    st.integers(30, 52).map(lambda k: 1.0 - math.ldexp(1.0, -k)),
    st.floats(0.05, 20),
)


@SETTINGS
@given(scales, ratios, st.floats(1e-16, 1e-6), directions, directions, st.floats(0.3, 3))
def test_targets_far_closer_than_the_chain_keep_the_bone_lengths(scale, ratio, fraction, direction, pole_dir, pole_size):
    a, b = scale, scale * ratio
    assume(math.isfinite(2 * (a + b)))
    d = fraction * (a + b)
    f = _unit(direction)
    target = tuple(float(c) for c in d * f)
    assume(all(math.isfinite(c) for c in target) and any(c != 0 for c in target))
    pole = tuple(float(c) for c in pole_size * scale * _unit(pole_dir))
    result = _check_solution((0.0, 0.0, 0.0), a, b, target, pole)
    if not result.reachable:
        # 접힘: end = |a − b|·unit(target) (d < |a − b|)
        expected = abs(a - b) * _unit(target)
        assert np.max(np.abs(result.end - expected)) <= chain_tolerance(a + b, expected)


@SETTINGS
@given(
    st.tuples(*[st.integers(-(2**20), 2**20)] * 3).filter(lambda v: any(v)),
    st.integers(-60, 60),
    ratios,
    directions,
    st.sampled_from([(0.0, 0.0, 0.0), (-3.0 * SUBNORMAL_ULP, 5.0 * SUBNORMAL_ULP, 0.0), (1e-310, -2e-310, 3e-311)]),
)
def test_subnormal_distances_give_no_nan_and_the_exact_direction(steps, exponent, ratio, pole_dir, root):
    # target − root = (정수 벡터)·2^-1074: 비정규수 거리 (정수 격자라 방향의 참값을 정확히 안다).
    offset = tuple(k * SUBNORMAL_ULP for k in steps)
    target = tuple(r + o for r, o in zip(root, offset))
    assert tuple(t - r for t, r in zip(target, root)) == offset  # 비정규수의 덧셈·뺄셈은 정확하다
    a = math.ldexp(1.0, exponent)
    b = a * ratio
    pole = tuple(float(c) for c in 2 * a * _unit(pole_dir))
    result = _check_solution(root, a, b, target, pole)
    exact_direction = _unit(np.array(steps, dtype=float))  # 정수 벡터의 방향 = target − root 의 방향
    if result.reachable:
        # 같은 길이 (또는 |a − b| ≤ d): 관절은 극 쪽으로 거의 a 만큼, x = a·cos θ ≈ d/2.
        assert a == b or abs(a - b) <= _length(offset)
    else:
        expected = np.asarray(root) + abs(a - b) * exact_direction
        assert np.max(np.abs(result.end - expected)) <= chain_tolerance(a + b, expected)
        # 접힌 관절은 f 방향으로 ±a: 방향이 어긋나지 않는다 (예전 1/d·v 는 NaN, v/d 는 6% 까지 어긋났다).
        sign = 1.0 if a > b else -1.0
        joint_expected = np.asarray(root) + sign * a * exact_direction
        assert np.max(np.abs(result.joint - joint_expected)) <= chain_tolerance(a + b, joint_expected)


@SETTINGS
@given(scales, st.floats(0.05, 20), directions, directions, st.floats(0.0, 1.5))
def test_extreme_chain_scales_keep_the_bone_lengths(scale, ratio, direction, pole_dir, fraction):
    a, b = scale, scale * ratio
    assume(math.isfinite(2 * (a + b)))
    target = tuple(float(c) for c in fraction * (a + b) * _unit(direction))
    assume(all(math.isfinite(c) for c in target))
    pole = tuple(float(c) for c in 2 * scale * _unit(pole_dir))
    _check_solution((0.0, 0.0, 0.0), a, b, target, pole)


@SETTINGS
@given(st.integers(-1074, -1000), st.integers(-200, 200), directions, directions)
def test_equal_bones_with_a_subnormal_target_reach_it(target_exponent, chain_exponent, direction, pole_dir):
    a = math.ldexp(1.0, chain_exponent)
    target = tuple(float(c) for c in math.ldexp(1.0, target_exponent) * np.asarray(direction))
    assume(any(c != 0 for c in target))
    pole = tuple(float(c) for c in a * _unit(pole_dir))
    result = _check_solution((0.0, 0.0, 0.0), a, a, target, pole)
    assert result.reachable
