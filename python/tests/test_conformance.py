"""공통 적합성 벡터 (spec/two_bone_ik_vectors.json): TypeScript 테스트 (test/conformance.test.ts) 와 같은 파일, 같은 허용치."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import EPS, json_number, load_vectors
from twoboneik import solve_two_bone_ik

DOCUMENT = load_vectors()
CASES = DOCUMENT["cases"]
INVALID = DOCUMENT["invalid"]
RELATIVE = DOCUMENT["tolerance"]["relative_to_chain"]
ULPS = DOCUMENT["tolerance"]["ulps_of_largest_coordinate"]


def allowed_error(case: dict) -> float:
    """1e-12·(a + b) + 4·ε·(입력·기대값의 가장 큰 좌표 크기)."""
    i, e = case["input"], case["expected"]
    coordinates = i["root"] + i["target"] + i["pole_hint"] + e["joint"] + e["end"]
    largest = max(abs(v) for v in coordinates)
    return RELATIVE * (i["upper_length"] + i["lower_length"]) + ULPS * EPS * largest


def test_the_file_has_at_least_500_cases_and_an_invalid_list():
    assert DOCUMENT["format"] == "two-bone-ik-conformance"
    assert len(CASES) >= 500
    assert len(INVALID) > 0
    assert len({c["id"] for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[f"{c['id']}-{c['group']}" for c in CASES])
def test_single_chain_matches_the_high_precision_reference(case):
    i, e = case["input"], case["expected"]
    result = solve_two_bone_ik(
        i["root"], i["upper_length"], i["lower_length"], i["target"], i["pole_hint"], bend_limits=_limits(i)
    )
    assert result.reachable is e["reachable"]
    tolerance = allowed_error(case)
    assert np.max(np.abs(result.joint - e["joint"])) <= tolerance
    assert np.max(np.abs(result.end - e["end"])) <= tolerance


def _limits(i: dict):
    """굽힘 제한이 있는 경우 (min, max), 없으면 None."""
    limits = i.get("bend_limits")
    return None if limits is None else (limits["min"], limits["max"])


def test_all_cases_as_one_batch_give_exactly_the_single_chain_answers():
    root = np.array([c["input"]["root"] for c in CASES])
    a = np.array([c["input"]["upper_length"] for c in CASES])
    b = np.array([c["input"]["lower_length"] for c in CASES])
    target = np.array([c["input"]["target"] for c in CASES])
    pole = np.array([c["input"]["pole_hint"] for c in CASES])
    # 제한이 없는 체인은 (0, π): 제한이 없을 때와 비트까지 같다.
    limits = np.array([_limits(c["input"]) or (0.0, np.pi) for c in CASES])
    batch = solve_two_bone_ik(root, a, b, target, pole, bend_limits=(limits[:, 0], limits[:, 1]))
    for k, case in enumerate(CASES):
        i = case["input"]
        single = solve_two_bone_ik(
            i["root"], i["upper_length"], i["lower_length"], i["target"], i["pole_hint"], bend_limits=_limits(i)
        )
        assert np.array_equal(batch.joint[k], single.joint), case["name"]
        assert np.array_equal(batch.end[k], single.end), case["name"]
        assert bool(batch.reachable[k]) is single.reachable, case["name"]
    expected_reach = np.array([c["expected"]["reachable"] for c in CASES])
    assert np.array_equal(batch.reachable, expected_reach)


@pytest.mark.parametrize("bad", INVALID, ids=[f"{b['id']}-{b['argument']['python']}" for b in INVALID])
def test_invalid_inputs_are_rejected_naming_the_argument(bad):
    i = bad["input"]
    args = (
        [json_number(v) for v in i["root"]],
        json_number(i["upper_length"]),
        json_number(i["lower_length"]),
        [json_number(v) for v in i["target"]],
        [json_number(v) for v in i["pole_hint"]],
    )
    raw = i.get("bend_limits")
    if isinstance(raw, dict):
        limits = (json_number(raw["min"]), json_number(raw["max"]))
    else:
        limits = None if raw is None else json_number(raw)
    with pytest.raises(ValueError, match=bad["argument"]["python"]):
        solve_two_bone_ik(*args, bend_limits=limits)
    if limits is not None:
        return  # 배치의 굽힘 제한 검사는 python/tests/test_bend_limits.py 가 색인까지 본다
    # 배치 경로도 같은 인자를 짚는다: 앞에 올바른 체인 하나를 두고 두 번째 (색인 1) 가 잘못되었다.
    good = ([0.0, 0.0, 0.0], 1.0, 1.0, [1.5, 0.0, 0.0], [0.0, 1.0, 0.0])
    numeric = all(type(v) in (int, float) for arg in args for v in (arg if isinstance(arg, list) else [arg]))
    if numeric:
        batched = [np.array([g, x], dtype=float) for g, x in zip(good, args)]
    else:
        batched = [[g, x] for g, x in zip(good, args)]  # 수가 아닌 값은 리스트 그대로 (배열로 바꾸면 사라진다)
    with pytest.raises(ValueError, match=bad["argument"]["python"]) as info:
        solve_two_bone_ik(*batched)
    if numeric:
        assert "[1]" in str(info.value)
