"""결과의 규칙: dtype 은 NumPy 처럼 입력을 따르고 (dtype= 이 우선), reachable 은 파이썬 인자면 bool, NumPy 인자가
있으면 bool 배열이며, (N, 1) 길이 함정은 ValueError 로 거부한다."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from twoboneik import solve_two_bone_ik

ROOT, TARGET, POLE = (0.0, 0.0, 0.0), (1.5, 0.0, 0.0), (0.0, 1.0, 0.0)


def chains(n, dtype):
    rng = np.random.default_rng(5)
    root = rng.normal(size=(n, 3)).astype(dtype)
    target = (root + rng.normal(size=(n, 3))).astype(dtype)
    pole = (root + rng.normal(size=(n, 3))).astype(dtype)
    return root, target, pole


class TestDtypeFollowsTheInputs:
    def test_float32_arrays_give_float32(self):
        root, target, pole = chains(10, np.float32)
        result = solve_two_bone_ik(root, 1.0, 0.8, target, pole)
        assert result.joint.dtype == np.float32 and result.end.dtype == np.float32

    def test_float32_without_dtype_is_exactly_float32_with_dtype(self):
        root, target, pole = chains(20_000, np.float32)  # 조각 경계를 넘는다
        inferred = solve_two_bone_ik(root, 1.0, 0.8, target, pole)
        explicit = solve_two_bone_ik(root, 1.0, 0.8, target, pole, dtype=np.float32)
        assert np.array_equal(inferred.joint, explicit.joint) and np.array_equal(inferred.end, explicit.end)
        assert np.array_equal(inferred.reachable, explicit.reachable)

    def test_integer_arrays_give_float64(self):
        result = solve_two_bone_ik(np.zeros((2, 3), np.int32), np.array([1, 2]), 1, np.ones((2, 3), np.int16), POLE)
        assert result.joint.dtype == np.float64

    def test_mixed_float32_and_float64_promote_to_float64(self):
        root, target, pole = chains(4, np.float32)
        result = solve_two_bone_ik(root, 1.0, 0.8, target.astype(np.float64), pole)
        assert result.joint.dtype == np.float64

    def test_small_integers_with_float32_stay_float32_like_numpy(self):
        root, target, pole = chains(4, np.float32)
        result = solve_two_bone_ik(root, np.array([1, 2, 1, 2], np.int8), 0.8, target, pole)
        assert result.joint.dtype == np.result_type(np.int8, np.float32) == np.float32

    def test_python_numbers_lists_and_float64_scalars_are_weak(self):
        root, target, pole = chains(3, np.float32)
        result = solve_two_bone_ik(root, np.float64(1.0), 1, [[1.0, 0.0, 0.0]] * 3, (0, 1, 0))
        assert result.joint.dtype == np.float32

    def test_numpy_float32_scalars_are_strong(self):
        result = solve_two_bone_ik(ROOT, np.float32(1.0), 1.0, TARGET, POLE)
        assert result.joint.dtype == np.float32 and result.joint.shape == (3,)

    def test_float16_computes_in_float32(self):
        root, target, pole = chains(3, np.float16)
        assert solve_two_bone_ik(root, 1.0, 0.8, target, pole).joint.dtype == np.float32

    def test_the_dtype_argument_overrides_the_inputs(self):
        root, target, pole = chains(3, np.float32)
        assert solve_two_bone_ik(root, 1.0, 0.8, target, pole, dtype=np.float64).joint.dtype == np.float64
        wide = np.zeros((2, 3)), np.ones((2, 3))
        assert solve_two_bone_ik(wide[0], 1.0, 1.0, wide[1], POLE, dtype=np.float32).joint.dtype == np.float32

    def test_only_python_values_give_float64(self):
        assert solve_two_bone_ik(ROOT, 1, 1, (1, 0, 0), (0, 1, 0)).joint.dtype == np.float64
        assert solve_two_bone_ik([ROOT, ROOT], 1, 1, [TARGET, TARGET], POLE).joint.dtype == np.float64

    @settings(derandomize=True, max_examples=60, deadline=None)
    @given(
        st.lists(
            st.sampled_from([np.float16, np.float32, np.float64, np.int8, np.int16, np.int32, np.int64, np.uint8]),
            min_size=5,
            max_size=5,
        ),
        st.lists(st.booleans(), min_size=5, max_size=5),
    )
    def test_the_rule_is_numpy_promotion_of_the_array_dtypes(self, dtypes, as_python):
        values = [np.zeros((2, 3)), np.ones(2), np.ones(2), np.full((2, 3), 1.5), np.tile([0.0, 1.0, 0.0], (2, 1))]
        arguments, numpy_dtypes = [], []
        for value, dtype, python in zip(values, dtypes, as_python):
            if python:
                arguments.append(value.tolist())
            else:
                arguments.append(value.astype(dtype))
                numpy_dtypes.append(np.dtype(dtype))
        result = solve_two_bone_ik(*arguments)
        if numpy_dtypes:
            promoted = np.result_type(*numpy_dtypes)
            expected = np.float32 if promoted.kind == "f" and promoted.itemsize <= 4 else np.float64
        else:
            expected = np.float64
        assert result.joint.dtype == expected and result.end.dtype == expected


class TestReachableType:
    def test_python_arguments_give_a_python_bool(self):
        assert solve_two_bone_ik(ROOT, 1.0, 1.0, TARGET, POLE).reachable is True
        assert solve_two_bone_ik([0, 0, 0], 1, 1, [5, 0, 0], [0, 1, 0]).reachable is False
        assert type(solve_two_bone_ik(ROOT, 1.0, 1.0, TARGET, POLE, dtype=np.float32).reachable) is bool

    @pytest.mark.parametrize(
        "arguments",
        [
            (np.array(ROOT), 1.0, 1.0, TARGET, POLE),
            (ROOT, np.array(1.0), 1.0, TARGET, POLE),
            (ROOT, np.float32(1.0), 1.0, TARGET, POLE),
            (ROOT, 1.0, 1.0, TARGET, np.array(POLE, np.float32)),
        ],
        ids=["ndarray-root", "0d-length", "float32-scalar", "float32-pole"],
    )
    def test_any_numpy_argument_gives_a_zero_dimensional_bool_array(self, arguments):
        reachable = solve_two_bone_ik(*arguments).reachable
        assert isinstance(reachable, np.ndarray) and reachable.shape == () and reachable.dtype == np.bool_
        assert bool(reachable) is True and int((~reachable).sum()) == 0

    def test_a_batch_of_python_lists_gives_a_bool_array(self):
        reachable = solve_two_bone_ik([ROOT, ROOT], 1.0, 1.0, [TARGET, (9.0, 0, 0)], POLE).reachable
        assert isinstance(reachable, np.ndarray) and reachable.tolist() == [True, False]


class TestLengthColumnTrap:
    @pytest.mark.parametrize("name", ["upper_length", "lower_length"])
    def test_a_column_of_lengths_next_to_a_batch_of_points_is_rejected(self, name):
        root, target, pole = chains(5, np.float64)
        lengths = {"upper_length": np.ones(5), "lower_length": np.ones(5)}
        lengths[name] = np.ones((5, 1))
        copies = [a.copy() for a in (root, target, pole)]
        with pytest.raises(ValueError, match=rf"{name}의 모양 \(5, 1\)는 root의 체인 모양 \(5,\)에 .*\(5, 5\)"):
            solve_two_bone_ik(root, lengths["upper_length"], lengths["lower_length"], target, pole)
        for array, copy in zip((root, target, pole), copies):
            assert np.array_equal(array, copy)

    def test_the_trap_is_found_for_any_point_and_any_batch_rank(self):
        frames = np.zeros((6, 6, 3))
        with pytest.raises(ValueError, match=r"upper_length의 모양 \(6, 6, 1\)는 target의 체인 모양 \(6, 6\).*\(6, 6, 6\)"):
            solve_two_bone_ik(ROOT, np.ones((6, 6, 1)), 1.0, frames, POLE)
        # 브로드캐스트되지 않는 모양은 원래의 모양 오류로 알린다.
        with pytest.raises(ValueError, match=r"target의 체인 모양 \(4, 6\)가 앞선 인자들의 체인 모양 \(4, 6, 1\)와"):
            solve_two_bone_ik(ROOT, np.ones((4, 6, 1)), 1.0, np.zeros((4, 6, 3)), POLE)

    def test_the_flat_lengths_and_an_explicit_outer_product_still_work(self):
        root, target, pole = chains(5, np.float64)
        flat = solve_two_bone_ik(root, np.ones((5, 1))[..., 0], 1.0, target, pole)
        assert flat.joint.shape == (5, 3)
        outer = solve_two_bone_ik(root[None], np.linspace(1, 2, 5)[:, None], 1.0, target[None], pole[None])
        assert outer.joint.shape == (5, 5, 3)

    def test_a_single_chain_column_is_harmless_and_allowed(self):
        result = solve_two_bone_ik(np.zeros((1, 3)), np.ones((1, 1)), 1.0, np.ones((1, 3)), POLE)
        assert result.joint.shape == (1, 1, 3)
