"""solve_two_bone_ik 의 행동: 닿음, 너무 멂, 극, 퇴화한 경우, 잘못된 입력, 배치·브로드캐스트·dtype, 무작위 성질."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import assert_close_points, chain_tolerance
from twoboneik import POLE_LINE_TOLERANCE, POLE_ROUNDING_ULPS, TwoBoneIKResult, solve_two_bone_ik

ORIGIN = (0.0, 0.0, 0.0)


def bone_lengths(root, result):
    return (
        float(np.linalg.norm(np.asarray(result.joint) - np.asarray(root))),
        float(np.linalg.norm(np.asarray(result.end) - np.asarray(result.joint))),
    )


# --- 닿음 ---------------------------------------------------------------------------------------


class TestReach:
    def test_the_end_lands_on_the_target_and_the_bones_keep_their_lengths(self):
        root, target = (0.5, -1.0, 2.0), (1.7, -0.2, 2.9)
        result = solve_two_bone_ik(root, 1.25, 0.8, target, (0.5, 3.0, 2.0))
        assert result.reachable is True
        assert np.array_equal(result.end, target)  # 닿으면 target 을 그대로 복사한다
        upper, lower = bone_lengths(root, result)
        assert upper == pytest.approx(1.25, abs=1e-12)
        assert lower == pytest.approx(0.8, abs=1e-12)

    def test_the_result_is_a_named_tuple_of_arrays_and_a_bool(self):
        result = solve_two_bone_ik(ORIGIN, 1, 1, (1.5, 0, 0), (0, 1, 0))
        assert isinstance(result, TwoBoneIKResult)
        joint, end, reachable = result
        assert joint.shape == (3,) and end.shape == (3,) and joint.dtype == np.float64
        assert type(reachable) is bool

    def test_a_known_pose_follows_the_law_of_cosines(self):
        # a = b = 1, d = 1.5: cos θ = 0.75, 관절 = (0.75, √(1 − 0.75²), 0).
        result = solve_two_bone_ik(ORIGIN, 1.0, 1.0, (1.5, 0, 0), (0, 1, 0))
        assert_close_points(result.joint, (0.75, math.sqrt(1 - 0.75**2), 0), 1e-15)

    def test_inputs_are_not_modified(self):
        root = np.array([0.0, 0.0, 0.0])
        target = np.array([1.5, 0.0, 0.0])
        pole = np.array([0.0, 1.0, 0.0])
        copies = [root.copy(), target.copy(), pole.copy()]
        solve_two_bone_ik(root, 1.0, 1.0, target, pole)
        solve_two_bone_ik(root[None], 1.0, 1.0, target[None], pole[None])
        for array, copy in zip((root, target, pole), copies):
            assert np.array_equal(array, copy)


# --- 너무 멂 / 너무 가까움 ------------------------------------------------------------------------


class TestTooFar:
    def test_a_far_target_straightens_the_chain_toward_it(self):
        root, target = (1.0, 2.0, 3.0), (1.0, 12.0, 3.0)
        result = solve_two_bone_ik(root, 1.0, 2.0, target, (5.0, 2.0, 3.0))
        assert result.reachable is False
        assert_close_points(result.joint, (1.0, 3.0, 3.0), 1e-15)
        assert_close_points(result.end, (1.0, 5.0, 3.0), 1e-15)

    def test_sliding_the_target_out_is_continuous_and_reachable_flips_once(self):
        distances = np.linspace(1.5, 2.5, 2001)
        targets = np.stack((distances, np.zeros_like(distances), np.zeros_like(distances)), axis=-1)
        result = solve_two_bone_ik(ORIGIN, 1.0, 1.0, targets, (0.0, 1.0, 0.0))
        flips = np.flatnonzero(result.reachable[1:] != result.reachable[:-1])
        assert flips.size == 1
        assert result.reachable[0] and not result.reachable[-1]
        assert distances[flips[0]] <= 2.0 < distances[flips[0] + 1]
        # 연속: 이웃한 목표 (간격 5e-4) 사이에서 관절·끝은 √ 규모 이상으로 뛰지 않는다.
        joint_steps = np.linalg.norm(np.diff(result.joint, axis=0), axis=-1)
        end_steps = np.linalg.norm(np.diff(result.end, axis=0), axis=-1)
        assert end_steps.max() <= 5e-4 + 1e-12
        assert joint_steps.max() < 0.05

    def test_a_close_target_folds_the_chain_at_the_length_difference(self):
        result = solve_two_bone_ik(ORIGIN, 2.0, 0.5, (0.25, 0.0, 0.0), (0.0, 0.0, 1.0))
        assert result.reachable is False
        assert_close_points(result.joint, (2.0, 0.0, 0.0), 1e-15)
        assert_close_points(result.end, (1.5, 0.0, 0.0), 1e-15)

    def test_a_folded_chain_has_no_sideways_bulge_from_rounding(self):
        # (|a − b| + b) − a 는 반올림으로 0 이 아니지만, 완전히 접힌 관절은 직선 위에 있어야 한다.
        a, b = 1.2345678901234567, 0.3
        result = solve_two_bone_ik(ORIGIN, a, b, (0.1, 0.0, 0.0), (0.0, 1.0, 0.0))
        assert result.joint[1] == 0.0 and result.joint[2] == 0.0


# --- 극 힌트 --------------------------------------------------------------------------------------


class TestPole:
    def test_moving_the_pole_moves_only_the_joint_onto_the_pole_side(self):
        root, target = (0.0, 0.0, 0.0), (1.2, 0.4, -0.3)
        first = solve_two_bone_ik(root, 1.0, 1.0, target, (0.0, 3.0, 0.0))
        second = solve_two_bone_ik(root, 1.0, 1.0, target, (0.0, -1.0, 2.0))
        assert np.array_equal(first.end, second.end)
        assert first.reachable and second.reachable
        assert not np.allclose(first.joint, second.joint)
        forward = np.asarray(target) / np.linalg.norm(target)
        for result, pole in ((first, (0.0, 3.0, 0.0)), (second, (0.0, -1.0, 2.0))):
            pole_perp = np.asarray(pole) - np.dot(pole, forward) * forward
            joint_perp = result.joint - np.dot(result.joint, forward) * forward
            assert np.dot(pole_perp, joint_perp) > 0
            assert bone_lengths(root, result) == pytest.approx((1.0, 1.0), abs=1e-12)

    def test_only_the_perpendicular_part_of_the_pole_matters(self):
        a = solve_two_bone_ik(ORIGIN, 1, 1, (1.5, 0, 0), (0, 2, 0))
        b = solve_two_bone_ik(ORIGIN, 1, 1, (1.5, 0, 0), (-7, 0.001, 0))
        assert_close_points(a.joint, b.joint, 1e-15)


# --- 퇴화한 경우 ----------------------------------------------------------------------------------


class TestDegenerate:
    @pytest.mark.parametrize(
        "target, pole, expected_axis",
        [
            ((1, 0, 0), (3, 0, 0), (0, 1, 0)),  # f = X: Y, Z 가 같으면 Y
            ((0, 1, 0), (0, -2, 0), (1, 0, 0)),
            ((0, 0, -1), (0, 0, 0), (1, 0, 0)),  # 극이 뿌리와 같다
            ((1, 1, 0), (2, 2, 0), (0, 0, 1)),
            ((1, 0, 1), (3, 0, 3), (0, 1, 0)),
            ((1, 1, 1), (2, 2, 2), (1, 0, 0)),  # 셋 다 같으면 X
        ],
    )
    def test_a_pole_on_the_root_target_line_uses_the_least_parallel_axis(self, target, pole, expected_axis):
        f = np.asarray(target, dtype=float) / np.linalg.norm(target)
        scaled_target = tuple(0.5 * c for c in f)
        result = solve_two_bone_ik(ORIGIN, 1.0, 1.0, scaled_target, pole)
        axis = np.asarray(expected_axis, dtype=float)
        p = axis - np.dot(axis, f) * f
        p /= np.linalg.norm(p)
        x = 0.25  # d = 0.5, a = b = 1: x = d/2
        assert_close_points(result.joint, x * f + math.sqrt(1 - x * x) * p, 1e-15)

    def test_a_pole_within_the_line_tolerance_counts_as_on_the_line(self):
        on_line = solve_two_bone_ik(ORIGIN, 1, 1, (1.5, 0, 0), (3, 0, 0))
        near = solve_two_bone_ik(ORIGIN, 1, 1, (1.5, 0, 0), (3, 0, 0.5 * POLE_LINE_TOLERANCE * 2))
        off = solve_two_bone_ik(ORIGIN, 1, 1, (1.5, 0, 0), (3, 0, 10 * POLE_LINE_TOLERANCE * 2))
        assert np.array_equal(on_line.joint, near.joint)  # 규칙의 축 (+Y)
        assert off.joint[2] > 0.6  # 극 쪽 (+Z)

    def test_rounding_noise_far_from_the_origin_does_not_pick_the_bend(self):
        offset = np.array([1e6, -1e6, 1e6])
        result = solve_two_bone_ik(offset, 1e-3, 1e-3, offset + (1e-3, 1e-3, 0), offset + (3e-3, 3e-3, 0))
        assert POLE_ROUNDING_ULPS == 64
        f = np.array([1.0, 1.0, 0.0]) / math.sqrt(2)
        p = np.array([0.0, 0.0, 1.0])  # 가장 덜 나란한 축 Z
        expected = offset + 1e-3 * (math.sqrt(2) / 2 * f + math.sqrt(0.5) * p)
        assert_close_points(result.joint, expected, chain_tolerance(2e-3, offset))

    def test_target_at_root_with_equal_bones_is_reached_fully_folded(self):
        result = solve_two_bone_ik((1, 2, 3), 0.5, 0.5, (1, 2, 3), (1, 2, 9))
        assert result.reachable is True
        assert np.array_equal(result.end, (1, 2, 3))
        assert_close_points(result.joint, (1, 2, 3.5), 1e-15)

    @pytest.mark.parametrize("a, b, joint_x", [(2.0, 0.5, 2.0), (0.5, 2.0, -0.5)])
    def test_target_at_root_with_unequal_bones_reaches_out_along_x(self, a, b, joint_x):
        result = solve_two_bone_ik(ORIGIN, a, b, ORIGIN, (0, 1, 0))
        assert result.reachable is False
        assert_close_points(result.end, (abs(a - b), 0, 0), 1e-15)
        assert_close_points(result.joint, (joint_x, 0, 0), 1e-15)

    def test_a_zero_length_upper_bone_puts_the_joint_at_the_root(self):
        reach = solve_two_bone_ik((1, 1, 1), 0.0, 2.0, (1, 3, 1), (5, 0, 0))
        far = solve_two_bone_ik((1, 1, 1), 0.0, 2.0, (1, 9, 1), (5, 0, 0))
        assert reach.reachable is True and far.reachable is False
        for result in (reach, far):
            assert np.array_equal(result.joint, (1, 1, 1))
            assert_close_points(result.end, (1, 3, 1), 1e-15)

    def test_a_zero_length_lower_bone_puts_the_joint_at_the_end(self):
        result = solve_two_bone_ik(ORIGIN, 2.0, 0.0, (0, 0, 5), (1, 0, 0))
        assert result.reachable is False
        assert_close_points(result.joint, (0, 0, 2), 1e-15)
        assert np.array_equal(result.joint, result.end)

    @pytest.mark.parametrize("scale", [1e-6, 1e6])
    def test_tiny_and_huge_chains_scale_exactly(self, scale):
        unit = solve_two_bone_ik(ORIGIN, 1.0, 1.0, (1.5, 0.25, 0), (0, 1, 1))
        scaled = solve_two_bone_ik(ORIGIN, scale, scale, (1.5 * scale, 0.25 * scale, 0), (0, scale, scale))
        assert_close_points(scaled.joint, unit.joint * scale, 1e-15 * scale)

    def test_huge_coordinates_near_overflow_do_not_produce_nan(self):
        result = solve_two_bone_ik(ORIGIN, 1e307, 1e307, (1.5e307, 0, 0), (0, 1e307, 0))
        assert np.all(np.isfinite(result.joint)) and result.reachable is True
        assert_close_points(result.joint / 1e307, (0.75, math.sqrt(1 - 0.75**2), 0), 1e-15)

    def test_tiny_coordinates_near_underflow_do_not_produce_nan(self):
        result = solve_two_bone_ik(ORIGIN, 1e-160, 1e-160, (1.5e-160, 0, 0), (0, 1e-160, 0))
        assert_close_points(result.joint / 1e-160, (0.75, math.sqrt(1 - 0.75**2), 0), 1e-15)


# --- 잘못된 입력 ----------------------------------------------------------------------------------


GOOD = dict(root=(0.0, 0.0, 0.0), upper_length=1.0, lower_length=1.0, target=(1.5, 0.0, 0.0), pole_hint=(0.0, 1.0, 0.0))


def call(**changes):
    arguments = {**GOOD, **changes}
    return solve_two_bone_ik(
        arguments["root"],
        arguments["upper_length"],
        arguments["lower_length"],
        arguments["target"],
        arguments["pole_hint"],
        **({"dtype": changes["dtype"]} if "dtype" in changes else {}),
    )


class TestValidation:
    @pytest.mark.parametrize(
        "changes, message",
        [
            (dict(upper_length=-1.0), "upper_length는 0 이상의 유한한 수여야 합니다 (받은 값: -1.0)"),
            (dict(lower_length=math.nan), "lower_length는 0 이상의 유한한 수여야 합니다 (받은 값: nan)"),
            (dict(upper_length=math.inf), "upper_length는 0 이상의 유한한 수여야 합니다 (받은 값: inf)"),
            (dict(upper_length=0.0, lower_length=0.0), "upper_length와 lower_length가 둘 다 0입니다"),
            (dict(upper_length=1e308, lower_length=1e308), "upper_length + lower_length가 넘칩니다"),
            (dict(root=(0.0, math.nan, 0.0)), "root의 y 성분은 유한한 수여야 합니다 (받은 값: nan)"),
            (dict(target=(0.0, 0.0, -math.inf)), "target의 z 성분은 유한한 수여야 합니다 (받은 값: -inf)"),
            (dict(pole_hint=(math.inf, 0.0, 0.0)), "pole_hint의 x 성분은 유한한 수여야 합니다 (받은 값: inf)"),
            (dict(root=(-1e308, 0, 0), target=(1e308, 0, 0)), "target − root가 float64 범위를 넘습니다"),
            (dict(root=(0, 1e308, 0), pole_hint=(0, -1e308, 0)), "pole_hint − root가 float64 범위를 넘습니다"),
        ],
    )
    def test_a_bad_single_chain_names_the_argument_and_value(self, changes, message):
        with pytest.raises(ValueError) as info:
            call(**changes)
        assert message in str(info.value)

    def test_a_bad_batch_names_the_first_offending_index(self):
        lengths = np.ones(6)
        lengths[3] = -1.0
        lengths[5] = -2.0
        with pytest.raises(ValueError, match=r"upper_length\[3\]는 0 이상의 유한한 수여야 합니다 \(받은 값: -1.0\)"):
            solve_two_bone_ik(np.zeros((6, 3)), lengths, 1.0, np.ones((6, 3)), (0, 1, 0))

    def test_a_bad_point_in_a_2d_batch_names_the_chain_and_component(self):
        target = np.ones((4, 5, 3))
        target[2, 3, 1] = math.nan
        with pytest.raises(ValueError, match=r"target\[2, 3\]의 y 성분은 유한한 수여야 합니다 \(받은 값: nan\)"):
            solve_two_bone_ik(ORIGIN, 1.0, 1.0, target, (0, 1, 0))

    def test_a_bad_value_deep_in_a_large_batch_is_found(self):
        n = 50_000  # 여러 조각에 걸친다
        pole = np.tile((0.0, 1.0, 0.0), (n, 1))
        pole[n - 7, 0] = math.inf
        with pytest.raises(ValueError, match=rf"pole_hint\[{n - 7}\]의 x 성분"):
            solve_two_bone_ik(np.zeros((n, 3)), 1.0, 1.0, np.ones((n, 3)), pole)

    def test_both_zero_in_a_batch_names_the_chain(self):
        with pytest.raises(ValueError, match=r"체인 \[1\]에서 둘 다 0입니다"):
            solve_two_bone_ik(ORIGIN, np.array([1.0, 0.0]), np.array([0.0, 0.0]), (1, 0, 0), (0, 1, 0))

    def test_arguments_are_checked_in_order_root_lengths_target_pole(self):
        with pytest.raises(ValueError, match="^root"):
            call(root=(math.nan, 0, 0), upper_length=-1.0, target=(math.nan, 0, 0))
        with pytest.raises(ValueError, match="^upper_length"):
            call(upper_length=-1.0, target=(math.nan, 0, 0))

    @pytest.mark.parametrize(
        "changes, message",
        [
            (dict(root=(0.0, 0.0)), r"root는 마지막 축의 길이가 3인 배열이어야 합니다 \(받은 모양: \(2,\)\)"),
            (dict(target=np.zeros((4, 2))), r"target는 마지막 축의 길이가 3인 배열이어야 합니다"),
            (dict(pole_hint=5.0), r"pole_hint는 마지막 축의 길이가 3인 배열이어야 합니다 \(받은 모양: \(\)\)"),
            (dict(upper_length="1"), r"upper_length는 실수 배열이어야 합니다"),
            (dict(lower_length=True), r"lower_length는 실수 배열이어야 합니다"),
            (dict(root=[1, 2, 3j]), r"root는 실수 배열이어야 합니다"),
            (dict(target=[[1, 2, 3], [1, 2]]), r"target는 실수 배열이어야 합니다"),
            (dict(dtype=np.int32), r"dtype 은 np.float64 또는 np.float32 여야 합니다"),
            (dict(dtype=np.float16), r"dtype 은 np.float64 또는 np.float32 여야 합니다"),
        ],
    )
    def test_wrong_shapes_and_types_are_rejected(self, changes, message):
        with pytest.raises(ValueError, match=message):
            call(**changes)

    def test_shapes_that_do_not_broadcast_name_the_argument(self):
        with pytest.raises(ValueError, match=r"target의 체인 모양 \(4,\)가 앞선 인자들의 체인 모양 \(5,\)와"):
            solve_two_bone_ik(np.zeros((5, 3)), 1.0, 1.0, np.ones((4, 3)), (0, 1, 0))

    def test_float32_overflow_reports_the_original_value(self):
        with pytest.raises(ValueError, match=r"upper_length는 0 이상의 유한한 수여야 합니다 \(받은 값: 1e\+39\)"):
            solve_two_bone_ik(ORIGIN, 1e39, 1.0, (1, 0, 0), (0, 1, 0), dtype=np.float32)


# --- 배치·브로드캐스트·dtype ----------------------------------------------------------------------


def random_chains(rng: np.random.Generator, n: int):
    root = rng.normal(size=(n, 3)) * 3
    a = rng.uniform(0.1, 2.0, n)
    b = rng.uniform(0.1, 2.0, n)
    target = root + rng.normal(size=(n, 3)) * 1.5
    pole = root + rng.normal(size=(n, 3))
    return root, a, b, target, pole


class TestBatch:
    def test_a_batch_gives_exactly_what_each_chain_gives_alone(self):
        rng = np.random.default_rng(7)
        root, a, b, target, pole = random_chains(rng, 20_000)  # 조각 경계를 여러 번 넘는다
        batch = solve_two_bone_ik(root, a, b, target, pole)
        for k in rng.choice(len(a), 400, replace=False):
            single = solve_two_bone_ik(root[k], float(a[k]), float(b[k]), target[k], pole[k])
            assert np.array_equal(batch.joint[k], single.joint)
            assert np.array_equal(batch.end[k], single.end)
            assert bool(batch.reachable[k]) is bool(single.reachable)

    def test_broadcasting_scalar_lengths_and_a_shared_pole(self):
        rng = np.random.default_rng(3)
        targets = rng.normal(size=(7, 3))
        batch = solve_two_bone_ik(ORIGIN, 1.0, 0.5, targets, (0, 0, 1))
        assert batch.joint.shape == (7, 3) and batch.end.shape == (7, 3) and batch.reachable.shape == (7,)
        for k in range(7):
            single = solve_two_bone_ik(ORIGIN, 1.0, 0.5, targets[k], (0, 0, 1))
            assert np.array_equal(batch.joint[k], single.joint)

    def test_broadcasting_frames_by_chains(self):
        rng = np.random.default_rng(4)
        roots = rng.normal(size=(1, 4, 3))  # 체인마다 하나
        upper = rng.uniform(0.5, 1.0, (4,))
        targets = roots + rng.normal(size=(6, 4, 3))  # 프레임 × 체인
        batch = solve_two_bone_ik(roots, upper, 0.75, targets, (0, 1, 0))
        assert batch.joint.shape == (6, 4, 3) and batch.reachable.shape == (6, 4)
        for f in range(6):
            for c in range(4):
                single = solve_two_bone_ik(roots[0, c], float(upper[c]), 0.75, targets[f, c], (0, 1, 0))
                assert np.array_equal(batch.joint[f, c], single.joint)
                assert np.array_equal(batch.end[f, c], single.end)

    def test_an_empty_batch_gives_empty_results(self):
        result = solve_two_bone_ik(np.zeros((0, 3)), 1.0, 1.0, np.zeros((0, 3)), (0, 1, 0))
        assert result.joint.shape == (0, 3) and result.reachable.shape == (0,)

    def test_a_single_chain_through_the_batch_path_matches_the_scalar_path(self):
        scalar = solve_two_bone_ik((0.1, 0.2, 0.3), 1.0, 1.5, (1.0, 1.0, 1.0), (0, 0, 5))
        via_batch = solve_two_bone_ik(
            np.array([0.1, 0.2, 0.3]), np.array(1.0), np.array(1.5), np.array([1.0, 1.0, 1.0]), np.array([0, 0, 5.0])
        )
        assert np.array_equal(scalar.joint, via_batch.joint)
        assert np.array_equal(scalar.end, via_batch.end)
        # 파이썬 인자면 bool, NumPy 배열 인자면 0 차원 bool 배열 (타입 오버로드와 같은 규칙).
        assert type(scalar.reachable) is bool
        assert isinstance(via_batch.reachable, np.ndarray) and via_batch.reachable.shape == ()
        assert scalar.reachable is bool(via_batch.reachable)

    def test_float32_is_kept_when_asked_and_close_to_float64(self):
        rng = np.random.default_rng(11)
        root, a, b, target, pole = random_chains(rng, 5000)
        wide = solve_two_bone_ik(root, a, b, target, pole)
        narrow = solve_two_bone_ik(root, a, b, target, pole, dtype=np.float32)
        assert narrow.joint.dtype == np.float32 and narrow.end.dtype == np.float32
        assert narrow.reachable.dtype == np.bool_
        # float32 는 ε ≈ 1.2e-7: 체인 크기의 1e-4 (나쁜 조건의 거의 펴진 자세 포함) 안에서 같다.
        assert np.max(np.abs(narrow.joint - wide.joint)) < 1e-3
        assert np.mean(narrow.reachable == wide.reachable) > 0.999

    def test_float32_single_chain_stays_float32(self):
        result = solve_two_bone_ik(ORIGIN, 1.0, 1.0, (1.5, 0, 0), (0, 1, 0), dtype=np.float32)
        assert result.joint.dtype == np.float32 and result.joint.shape == (3,)
        assert type(result.reachable) is bool
        assert_close_points(result.joint, (0.75, math.sqrt(1 - 0.75**2), 0), 1e-6)


# --- 무작위 성질 (Hypothesis, 고정 씨앗) --------------------------------------------------------

coordinate = st.floats(min_value=-100, max_value=100, allow_nan=False, allow_infinity=False)
length = st.floats(min_value=1e-3, max_value=10, allow_nan=False, allow_infinity=False)


@st.composite
def chain_batches(draw):
    n = draw(st.integers(min_value=1, max_value=40))
    points = st.lists(st.tuples(coordinate, coordinate, coordinate), min_size=n, max_size=n)
    lengths = st.lists(length, min_size=n, max_size=n)
    return (
        np.array(draw(points)),
        np.array(draw(lengths)),
        np.array(draw(lengths)),
        np.array(draw(points)),
        np.array(draw(points)),
    )


@settings(derandomize=True, max_examples=200, deadline=None)
@given(chain_batches())
def test_random_batches_keep_lengths_reach_targets_and_bend_toward_the_pole(chains):
    root, a, b, target, pole = chains
    result = solve_two_bone_ik(root, a, b, target, pole)
    assert np.all(np.isfinite(result.joint)) and np.all(np.isfinite(result.end))
    scale = np.max(np.abs(np.concatenate((root, target, pole), axis=1)), axis=1)
    tolerance = 1e-12 * (a + b) + 16 * np.finfo(float).eps * (scale + a + b)
    upper = np.linalg.norm(result.joint - root, axis=1)
    lower = np.linalg.norm(result.end - result.joint, axis=1)
    assert np.all(np.abs(upper - a) <= tolerance * 4)
    assert np.all(np.abs(lower - b) <= tolerance * 4)
    assert np.array_equal(result.end[result.reachable], target[result.reachable])
    distance = np.linalg.norm(target - root, axis=1)
    assert np.all(result.reachable == ((distance <= a + b) & (distance >= np.abs(a - b))))
    # 관절은 극 쪽으로 굽는다 (극이 직선에서 분명히 떨어져 있고 팔이 분명히 굽은 경우).
    reach_length = np.linalg.norm(result.end - root, axis=1)
    forward = (result.end - root) / np.where(reach_length > 0, reach_length, 1.0)[:, None]
    pole_perp = (pole - root) - np.sum((pole - root) * forward, axis=1)[:, None] * forward
    joint_perp = (result.joint - root) - np.sum((result.joint - root) * forward, axis=1)[:, None] * forward
    # 끝이 뿌리에 있으면 (목표 = 뿌리, a = b) 앞 방향이 정해지지 않아 극 쪽 판정이 뜻이 없다: 제외한다.
    clear = (
        (reach_length > 0)
        & (np.linalg.norm(pole_perp, axis=1) > 1e-6)
        & (np.linalg.norm(joint_perp, axis=1) > 1e-6 * (a + b))
    )
    assert np.all(np.sum(pole_perp * joint_perp, axis=1)[clear] > 0)


@settings(derandomize=True, max_examples=100, deadline=None)
@given(chain_batches())
def test_random_batches_equal_the_single_chain_results_bit_for_bit(chains):
    root, a, b, target, pole = chains
    batch = solve_two_bone_ik(root, a, b, target, pole)
    for k in range(len(a)):
        single = solve_two_bone_ik(root[k], float(a[k]), float(b[k]), target[k], pole[k])
        assert np.array_equal(batch.joint[k], single.joint)
        assert np.array_equal(batch.end[k], single.end)
        assert bool(batch.reachable[k]) is bool(single.reachable)


@pytest.mark.parametrize("scale", [1e-200, 1e-120, 1e120, 1e200])
def test_extreme_scales_give_exactly_the_scaled_unit_answer_in_batch_and_single(scale):
    # 2 의 거듭제곱 배율이면 정확히 같은 답 (비율 1e-200 등은 2 의 거듭제곱이 아니므로 허용치로 비교).
    unit = solve_two_bone_ik(ORIGIN, 1.0, 0.75, (1.25, 0.5, 0.1), (0, 1, 1))
    single = solve_two_bone_ik(ORIGIN, scale, 0.75 * scale, (1.25 * scale, 0.5 * scale, 0.1 * scale), (0, scale, scale))
    assert_close_points(single.joint / scale, unit.joint, 1e-14)
    batch = solve_two_bone_ik(
        np.zeros((2, 3)), np.array([1.0, scale]), np.array([0.75, 0.75 * scale]),
        np.array([[1.25, 0.5, 0.1], [1.25 * scale, 0.5 * scale, 0.1 * scale]]), np.array([[0, 1, 1], [0, scale, scale]])
    )
    assert np.array_equal(batch.joint[1], single.joint)
    assert np.array_equal(batch.joint[0], unit.joint)
