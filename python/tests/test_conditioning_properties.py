"""조건 (conditioning) 을 표본으로 뽑는 속성 테스트 (Hypothesis, 고정 씨앗): 극이 직선 가까이 멀리 있는 경우와
목표가 |a − b|·a + b·뿌리에 가까운 경우. 단일·배치 경로를 모두 풀고, 불변식은 fuzz/fuzz.py 의 check (make fuzz 와 같은 식):
뼈 길이, 잘린 거리의 반직선 위 끝, reachable, 극 쪽, NaN/inf 없음, 예외 없음. 두 경로는 비트 단위로 같아야 한다."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

from twoboneik import solve_two_bone_ik

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "fuzz"))
fuzz = importlib.import_module("fuzz")
sys.path.pop(0)

SEED = 20261130
RUNS = 300


def log_uniform(lo: float, hi: float):
    return st.floats(lo, hi, allow_nan=False).map(lambda e: 10.0**e)


signs = st.sampled_from((-1.0, 1.0))
units = (
    st.tuples(*(st.floats(-1, 1, allow_nan=False),) * 3)
    .filter(lambda v: v[0] ** 2 + v[1] ** 2 + v[2] ** 2 > 1e-2)
    .map(lambda v: np.array(v) / np.linalg.norm(v))
)
coordinates = st.one_of(st.just(0.0), st.tuples(signs, log_uniform(-3, 4)).map(lambda t: t[0] * t[1]))
shapes = st.fixed_dictionaries(
    {
        "scale": log_uniform(-3, 3),
        "ratio": st.one_of(log_uniform(-2, 2), st.just(1.0)),
        "root": st.tuples(coordinates, coordinates, coordinates).map(np.array),
        "direction": units,
    }
)


def lengths(shape):
    a = shape["scale"] * shape["ratio"] / (1 + shape["ratio"])
    b = shape["scale"] / (1 + shape["ratio"])
    return a, b


def expect_contract(root, a, b, target, pole) -> None:
    """단일·배치 경로를 풀어 불변식을 검사하고, 두 경로가 비트 단위로 같은지 본다."""
    # 굽힘 제한 없음 (0, π): fuzz 의 체인 한 줄과 같은 모양.
    arrays = (root[None], np.array([a]), np.array([b]), target[None], pole[None], np.array([[0.0, np.pi]]))
    for label, solver in (("단일", fuzz.solve_scalar), ("배치", fuzz.solve_batch)):
        stats = fuzz.Stats(label)
        joint, end, reachable, threw = solver(*arrays)
        fuzz.check(stats, *arrays, joint, end, reachable, threw)
        bad = {k: v for k, v in stats.violations.items() if v}
        assert not bad, (label, bad, root.tolist(), a, b, target.tolist(), pole.tolist())
    single = solve_two_bone_ik(tuple(root), a, b, tuple(target), tuple(pole))
    batch = solve_two_bone_ik(*arrays[:5])
    assert np.array_equal(single.joint, batch.joint[0]) and np.array_equal(single.end, batch.end[0])


@seed(SEED)
@settings(max_examples=RUNS, deadline=None)
@given(
    shape=shapes,
    reach=st.floats(0.05, 0.95),
    perpendicular=units,
    along=st.tuples(signs, log_uniform(-2, 6)),
    offset=log_uniform(-14, 0),
)
def test_pole_1e_14_to_1_chains_off_the_line_and_1e_2_to_1e6_along_it(shape, reach, perpendicular, along, offset):
    a, b = lengths(shape)
    hi, lo = a + b, abs(a - b)
    f, root = shape["direction"], shape["root"]
    target = root + (lo + (hi - lo) * reach) * f
    u = perpendicular.copy()
    for _ in range(2):
        u -= np.dot(u, f) * f
    if np.linalg.norm(u) < 1e-3:
        return
    u /= np.linalg.norm(u)
    pole = root + along[0] * along[1] * hi * f + offset * hi * u
    expect_contract(root, a, b, target, pole)


@seed(SEED)
@settings(max_examples=RUNS, deadline=None)
@given(
    shape=shapes,
    threshold=st.sampled_from(("min", "max", "root")),
    side=signs,
    gap=log_uniform(-16, 0),
    pole=units,
    pole_distance=log_uniform(-2, 2),
)
def test_targets_near_the_reach_thresholds_and_the_root(shape, threshold, side, gap, pole, pole_distance):
    a, b = lengths(shape)
    hi, lo = a + b, abs(a - b)
    d = {"max": hi * (1 + side * gap), "min": lo * (1 + side * gap), "root": hi * gap}[threshold]
    root = shape["root"]
    expect_contract(root, a, b, root + d * shape["direction"], root + pole_distance * hi * pole)


@pytest.mark.parametrize("scale", [1e-3, 1.0, 1e3])
def test_the_minimal_near_line_case_scaled_and_offset(scale):
    # issue 7 의 최소 재현을 크기·위치를 바꿔: 극 (1e4, 1e4, 2e-10)·scale 을 뿌리 1e4 근처로.
    root = np.array([1e4, -1e4, 3.0])
    expect_contract(root, scale, scale, root + scale * np.array([1.0, 1.0, 0.0]), root + scale * np.array([1e4, 1e4, 1e-6]))
