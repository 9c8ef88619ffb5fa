"""계약 강화 (issue 7): 직선 가까이 먼 극, 1.8e308 근처의 좌표, 한 가지 타입 규칙 — 단일·배치 경로 모두."""

from __future__ import annotations

import math

import numpy as np
import pytest

from conftest import chain_tolerance
from twoboneik import rotation_between_unit_vectors, soften_distance, solve_two_bone_ik

MAX = float(np.finfo(np.float64).max)


def both_paths(root, a, b, target, pole):
    """단일 경로와 (두 체인짜리) 배치 경로의 결과. 배치의 첫 체인을 돌려준다."""
    single = solve_two_bone_ik(root, a, b, target, pole)
    batch = solve_two_bone_ik(*(np.array([x, x], dtype=float) for x in (root, a, b, target, pole)))
    return single, batch


def test_minimal_case_keeps_both_lengths_in_both_paths():
    # 회귀: 극 (1e4, 1e4, 2e-10) 는 직선에서 2e-10 떨어져 있고 멀다. 예전에는 joint (0.50643, 0.50643, 0.70705).
    root, target, pole = (0.0, 0.0, 0.0), (1.0, 1.0, 0.0), (1e4, 1e4, 2e-10)
    single, batch = both_paths(root, 1.0, 1.0, target, pole)
    tolerance = chain_tolerance(2.0, root, target, pole)
    for joint, end in ((single.joint, single.end), (batch.joint[0], batch.end[0])):
        assert abs(np.linalg.norm(joint) - 1) <= tolerance
        assert abs(np.linalg.norm(end - joint) - 1) <= tolerance
        np.testing.assert_allclose(joint, (0.5, 0.5, math.sqrt(0.5)), rtol=0, atol=1e-12)
    assert np.array_equal(single.joint, batch.joint[0]) and np.array_equal(single.end, batch.end[0])


def test_pole_near_float64_max_bends_toward_it_in_both_paths():
    single, batch = both_paths((0.0, 0.0, 0.0), 1.0, 1.0, (1.5, 0.0, 0.0), (1.7e308, -1.7e308, 1.7e308))
    for joint in (single.joint, batch.joint[0]):
        assert np.all(np.isfinite(joint))
        assert joint[1] < 0 < joint[2]
        assert joint[1] == pytest.approx(-joint[2], rel=1e-12)
    assert np.array_equal(single.joint, batch.joint[0])


def test_result_beyond_float64_is_rejected_naming_root_in_both_paths():
    args = ((MAX, 0.0, 0.0), 1e300, 1e300, (MAX, 1e300, 0.0), (MAX, 0.0, 0.0))
    with pytest.raises(ValueError, match="root"):
        solve_two_bone_ik(*args)
    good = ((0.0, 0.0, 0.0), 1.0, 1.0, (1.5, 0.0, 0.0), (0.0, 1.0, 0.0))
    batched = [np.array([g, x], dtype=float) for g, x in zip(good, args)]
    with pytest.raises(ValueError, match=r"root") as info:
        solve_two_bone_ik(*batched)
    assert "[1]" in str(info.value)


@pytest.mark.parametrize(
    "root, a, b, target, pole, name",
    [
        ((True, 0.0, 0.0), 1.0, 1.0, (1.5, 0.0, 0.0), (0.0, 1.0, 0.0), "root"),
        ((0.0, 0.0, 0.0), 1.0, 1.0, (1.5, False, 0.0), (0.0, 1.0, 0.0), "target"),
        ((0.0, 0.0, 0.0), 1.0, 1.0, (1.5, 0.0, 0.0), [0.0, 1.0, np.True_], "pole_hint"),
        ((0.0, 0.0, 0.0), True, 1.0, (1.5, 0.0, 0.0), (0.0, 1.0, 0.0), "upper_length"),
        ((0.0, 0.0, 0.0), 1.0, "1", (1.5, 0.0, 0.0), (0.0, 1.0, 0.0), "lower_length"),
        ([[0.0, 0.0, 0.0], [0.0, True, 0.0]], 1.0, 1.0, (1.5, 0.0, 0.0), (0.0, 1.0, 0.0), "root"),
    ],
)
def test_booleans_and_strings_are_rejected_inside_points_and_lengths(root, a, b, target, pole, name):
    with pytest.raises(ValueError, match=name):
        solve_two_bone_ik(root, a, b, target, pole)


@pytest.mark.parametrize(
    "args, name",
    [
        ((-1e-300, 1.0, 0.5), "distance"),
        ((math.nan, 1.0, 0.5), "distance"),
        ((math.inf, 1.0, 0.5), "distance"),
        ((1.0, 0.0, 0.5), "chain_length"),
        ((1.0, math.nan, 0.5), "chain_length"),
        ((0.0, 1.0, 2.0), "soft"),  # 예전에는 −0.213
        ((0.5, 1.0, -0.1), "soft"),
        ((0.5, 1.0, math.nan), "soft"),
        ((0.5, 1.0, True), "soft"),
        (([0.5, -1.0], 1.0, 0.5), r"distance\[1\]"),
    ],
)
def test_soften_distance_rejects_bad_arguments_naming_them(args, name):
    with pytest.raises(ValueError, match=name):
        soften_distance(*args)


def test_soften_distance_still_accepts_the_edges():
    assert float(soften_distance(0.0, 1.0, 0.5)) == 0.0
    assert float(soften_distance(3.0, 2.0, 0.0)) == 3.0
    assert float(soften_distance(3.0, 2.0, 1.0)) < 2.0


@pytest.mark.parametrize(
    "u, v, name",
    [
        ((math.nan, 0.0, 0.0), (0.0, 1.0, 0.0), "u"),
        ((2.0, 0.0, 0.0), (0.0, 1.0, 0.0), "u"),
        ((1.0, 0.0, 0.0), (0.0, math.inf, 0.0), "v"),
        ((1.0, 0.0, 0.0), (0.0, 0.0, 0.0), "v"),
        ((1.0, 0.0, 0.0), (True, 0.0, 0.0), "v"),
        ([(1.0, 0.0, 0.0), (0.0, 1.0, 0.0)], [(0.0, 1.0, 0.0), (0.0, 0.5, 0.0)], r"v\[1\]"),
    ],
)
def test_rotation_between_unit_vectors_rejects_non_unit_or_non_finite_input(u, v, name):
    with pytest.raises(ValueError, match=name):
        rotation_between_unit_vectors(u, v)


def test_rotation_between_unit_vectors_accepts_float32_rounded_unit_vectors():
    u = np.array([0.6, 0.8, 0.0], dtype=np.float32)
    v = np.array([0.0, 0.6, 0.8], dtype=np.float32)
    q = rotation_between_unit_vectors(u, v)
    assert abs(np.linalg.norm(q) - 1) < 1e-6


def test_the_batch_hot_path_calls_no_blas(monkeypatch):
    # issue 11: np.dot 은 OpenBLAS 스레드 풀을 불러 CPU 경합에서 10⁶ 체인이 5 배 느려졌다. BLAS 로 가는 함수를 막아도 풀려야 한다.
    import twoboneik.solve as solve_module

    def forbidden(*_args, **_kwargs):
        raise AssertionError("배치 경로가 BLAS 함수를 불렀다")

    for name in ("dot", "vdot", "inner", "matmul", "tensordot"):
        monkeypatch.setattr(solve_module.np, name, forbidden)
    rng = np.random.default_rng(7)
    n = 20_000  # 조각 (CHUNK_SIZE) 여러 개
    root, target, pole = rng.normal(size=(3, n, 3))
    result = solve_two_bone_ik(root, rng.uniform(0.5, 1, n), rng.uniform(0.5, 1, n), target, pole)
    assert result.joint.shape == (n, 3) and np.isfinite(result.joint).all()
