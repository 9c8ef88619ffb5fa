"""굽힘 제한 (solve_two_bone_ik 의 bend_limits): TypeScript 의 test/bendLimits.test.ts 와 같은 약속.

제한 안의 목표는 정확히 닿고, 밖의 목표는 같은 직선 위의 제한 끝으로 자르며, 관절의 굽힘은 제한 안에 있다.
굽힘은 풀이의 플래그가 아니라 결과 위치에서 다시 잰다.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

from twoboneik import BendLimits, solve_two_bone_ik

EPS = float(np.finfo(np.float64).eps)
#: 굽힘을 결과에서 잴 때의 허용치 (라디안): issue 16 의 1e-9.
BEND_TOLERANCE = 1e-9
SEED = 20261201
ORIGIN = (0.0, 0.0, 0.0)


def measured_bend(root, joint, end) -> float:
    """(joint − root) 와 (end − joint) 사이의 각 (0 = 곧게, π = 접힘), atan2 로 (acos 는 0·π 근처에서 부정확)."""
    u = np.asarray(joint) - np.asarray(root)
    w = np.asarray(end) - np.asarray(joint)
    return math.atan2(float(np.linalg.norm(np.cross(u, w))), float(u @ w))


def reach_at_bend(a: float, b: float, bend: float) -> float:
    """d(β) = √((a − b)² + 4ab·cos²(β/2)) (테스트용, 풀이와 다른 식)."""
    return math.sqrt((a - b) ** 2 + 4 * a * b * math.cos(bend / 2) ** 2)


def test_zero_to_pi_gives_bit_for_bit_the_answers_without_limits():
    rng = np.random.default_rng(1)
    root, target, pole = rng.normal(size=(3, 2000, 3))
    a, b = rng.uniform(0.01, 2, (2, 2000))
    free = solve_two_bone_ik(root, a, b, target * 2, pole)
    limited = solve_two_bone_ik(root, a, b, target * 2, pole, bend_limits=(0.0, math.pi))
    assert np.array_equal(free.joint, limited.joint) and np.array_equal(free.end, limited.end)
    assert np.array_equal(free.reachable, limited.reachable)


def test_min_zero_keeps_a_fully_extended_chain_exactly_straight():
    result = solve_two_bone_ik(ORIGIN, 0.7, 0.3, (5.0, 0.0, 0.0), (0.0, 1.0, 0.0), bend_limits=(0.0, 2.0))
    assert result.joint.tolist() == [0.7, 0.0, 0.0]
    assert result.end.tolist() == [1.0, 0.0, 0.0]


def test_a_target_beyond_d_min_clamps_on_the_same_line_at_the_bend_min():
    a, b, low = 1.0, 0.8, 0.2
    target = np.array([3.0, 1.0, -0.5])
    result = solve_two_bone_ik(ORIGIN, a, b, tuple(target), (0.0, 5.0, 0.0), bend_limits=BendLimits(low, 2.5))
    assert result.reachable is False
    assert abs(measured_bend(ORIGIN, result.joint, result.end) - low) <= BEND_TOLERANCE
    assert abs(np.linalg.norm(result.end) - reach_at_bend(a, b, low)) <= 1e-14
    assert np.linalg.norm(result.end / np.linalg.norm(result.end) - target / np.linalg.norm(target)) <= 1e-15
    assert abs(np.linalg.norm(result.joint) - a) <= 1e-12 * (a + b)
    assert abs(np.linalg.norm(result.end - result.joint) - b) <= 1e-12 * (a + b)


def test_a_target_closer_than_d_max_clamps_to_the_bend_max_on_the_pole_side():
    high = math.radians(150)
    result = solve_two_bone_ik(ORIGIN, 1.0, 1.0, (0.1, 0.0, 0.0), (0.0, 1.0, 0.0), bend_limits=(0.0, high))
    assert result.reachable is False
    assert abs(measured_bend(ORIGIN, result.joint, result.end) - high) <= BEND_TOLERANCE
    assert result.joint[1] > 0


def test_min_equal_max_fixes_the_bend_for_every_target():
    for target in [(0.05, 0.0, 0.0), (1.2, 0.3, 0.0), (4.0, 0.0, 0.0), ORIGIN]:
        result = solve_two_bone_ik(ORIGIN, 0.9, 0.6, target, (0.0, 0.0, 1.0), bend_limits=(1.1, 1.1))
        assert abs(measured_bend(ORIGIN, result.joint, result.end) - 1.1) <= BEND_TOLERANCE


def test_continuous_as_the_target_sweeps_across_each_limit():
    a, b, limits = 1.0, 0.7, (0.3, 2.6)
    for edge in (reach_at_bend(a, b, limits[0]), reach_at_bend(a, b, limits[1])):
        d = edge * (1 + np.arange(-50, 51) * 1e-9)
        targets = np.stack([d, np.zeros_like(d), np.zeros_like(d)], axis=1)
        result = solve_two_bone_ik(ORIGIN, a, b, targets, (0.0, 1.0, 0.0), bend_limits=limits)
        assert np.max(np.linalg.norm(np.diff(result.joint, axis=0), axis=1)) < 1e-6


def test_the_batch_gives_exactly_the_single_chain_answers_with_per_chain_limits():
    rng = np.random.default_rng(2)
    n = 3000
    root, target, pole = rng.normal(size=(3, n, 3))
    a, b = rng.uniform(0.01, 1, (2, n))
    low = rng.uniform(0, 3, n)
    high = np.minimum(math.pi, low + rng.uniform(0, 2, n))
    low[::7], high[::5] = 0.0, math.pi
    batch = solve_two_bone_ik(root, a, b, target * 1.5, pole, bend_limits=(low, high))
    assert (~batch.reachable).sum() > n // 2  # 제한이 실제로 자른다
    for k in range(0, n, 11):
        single = solve_two_bone_ik(
            tuple(root[k]), float(a[k]), float(b[k]), tuple(target[k] * 1.5), tuple(pole[k]),
            bend_limits=(float(low[k]), float(high[k])),
        )
        assert np.array_equal(single.joint, batch.joint[k]) and np.array_equal(single.end, batch.end[k])
        assert single.reachable is bool(batch.reachable[k])


@pytest.mark.parametrize(
    ("limits", "name"),
    [
        ((math.nan, 1.0), "bend_limits.min"),
        ((0.0, "1"), "bend_limits.max"),
        ((2.0, 1.0), "bend_limits.min"),
        ((-0.1, 1.0), "bend_limits.min"),
        ((0.0, 4.0), "bend_limits.max"),
        ((True, 1.0), "bend_limits.min"),
        (3.0, "bend_limits"),
        ((np.array([0.1, 2.0]), np.array([1.0, 1.0])), r"bend_limits.min.*\[1\]"),
    ],
)
def test_invalid_limits_are_rejected_naming_the_argument_and_value(limits, name):
    target = np.array([[1.0, 0.0, 0.0], [1.0, 0.5, 0.0]])
    before = target.copy()
    with pytest.raises(ValueError, match=name):
        solve_two_bone_ik(ORIGIN, 1.0, 1.0, target, (0.0, 1.0, 0.0), bend_limits=limits)
    if not isinstance(limits[0] if isinstance(limits, tuple) else limits, np.ndarray):
        with pytest.raises(ValueError, match=name):
            solve_two_bone_ik(ORIGIN, 1.0, 1.0, (1.0, 0.0, 0.0), (0.0, 1.0, 0.0), bend_limits=limits)
    assert np.array_equal(target, before)


# 조건을 로그 균등하게: 크기 10^[−6, 6], 뼈 비 10^[−3, 0], 제한 10^[−3, 0]·π, 목표는 제한 끝 근처 (상대 10^[−12, 0]).
@seed(SEED)
@settings(max_examples=3000, deadline=None)
@given(
    scale=st.integers(-6, 6),
    ratio=st.floats(-3, 0),
    min_exp=st.floats(-3, -0.05),
    width=st.floats(0, 1),
    side=st.sampled_from([-1, 1]),
    near_exp=st.floats(-12, 0),
    edge=st.sampled_from([0, 1]),
)
def test_property_inside_lands_outside_is_the_limit_and_lengths_never_change(
    scale, ratio, min_exp, width, side, near_exp, edge
):
    a = 10.0**scale
    b = a * 10**ratio
    low = math.pi * 10**min_exp
    high = low + (math.pi - low) * width
    d = reach_at_bend(a, b, low if edge == 0 else high) * (1 + side * 10**near_exp)
    target = (d * 0.6, d * 0.8, 0.0)
    result = solve_two_bone_ik(ORIGIN, a, b, target, (0.0, 0.0, a), bend_limits=(low, high))
    tolerance = 1e-12 * (a + b)
    assert abs(np.linalg.norm(result.joint) - a) <= tolerance
    assert abs(np.linalg.norm(result.end - result.joint) - b) <= tolerance
    bend = measured_bend(ORIGIN, result.joint, result.end)
    # 제한 안쪽 목표의 굽힘은 목표 거리가 정한다: 거리의 반올림 (ε·(a + b)) 이 굽힘에 주는 오차를 더한다.
    conditioning = 8 * EPS * (a + b) * d / (a * b * max(math.sin(bend), 1e-300))
    assert low - BEND_TOLERANCE - conditioning <= bend <= high + BEND_TOLERANCE + conditioning
    if result.reachable:
        assert result.end.tolist() == list(target)
    else:
        assert min(abs(bend - low), abs(bend - high)) <= BEND_TOLERANCE


@seed(SEED)
@settings(max_examples=500, deadline=None)
@given(
    ratio=st.floats(-2, 2),
    gap_exp=st.floats(-12, -6),
    folded=st.booleans(),
    beyond=st.floats(-16, 0),
    on_edge=st.booleans(),
)
def test_limits_a_hair_from_straight_or_folded_still_hold_the_bend(ratio, gap_exp, folded, beyond, on_edge):
    """제한이 0·π 에서 1e-12…1e-6 rad 이면 d(제한) 이 a + b·|a − b| 로 반올림된다: 그래도 굽힘은 제한 (단일·배치).
    고치기 전에는 거리에서 구한 관절이 곧거나 접혀 제한을 넘었다 (make fuzz 가 찾았다)."""
    a, b, gap = 1.0, 10.0**ratio, 10.0**gap_exp
    limits = (0.0, math.pi - gap) if folded else (gap, math.pi)
    edge = abs(a - b) if folded else a + b
    d = edge if on_edge else edge * (1 + (-1 if folded else 1) * 10.0**beyond)
    single = solve_two_bone_ik(ORIGIN, a, b, (d, 0.0, 0.0), (0.0, 1.0, 0.0), bend_limits=limits)
    batch = solve_two_bone_ik(
        np.array([ORIGIN]), np.array([a]), np.array([b]), np.array([[d, 0.0, 0.0]]), np.array([[0.0, 1.0, 0.0]]),
        bend_limits=(np.array([limits[0]]), np.array([limits[1]])),
    )
    for joint, end in ((single.joint, single.end), (batch.joint[0], batch.end[0])):
        bend = measured_bend(ORIGIN, joint, end)
        assert limits[0] - BEND_TOLERANCE <= bend <= limits[1] + BEND_TOLERANCE
        assert joint[1] > 0
