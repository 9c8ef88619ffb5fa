"""뼈 수준 공통 적합성 벡터 (spec/two_bone_ik_bone_vectors.json): TypeScript 테스트 (test/boneConformance.test.ts) 와
같은 파일, 같은 허용치. 기대값은 spec/generate_bones.py 가 구현과 상관없이 80 자리 decimal 로 계산했다."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from conftest import EPS
from twoboneik import LocalTransform, apply_two_bone_ik

VECTORS = Path(__file__).resolve().parents[2] / "spec" / "two_bone_ik_bone_vectors.json"
DOCUMENT = json.loads(VECTORS.read_text(encoding="utf-8"))
CASES = DOCUMENT["cases"]
TOLERANCE = DOCUMENT["tolerance"]
BONES = ("upper", "mid", "end")
ROTATIONS = ("upper_rotation", "mid_rotation", "end_rotation")


def largest_coordinate(case: dict) -> float:
    """S: parent_world 의 이동 성분·target_world·pole_world·기대 joint·end 의 가장 큰 절댓값."""
    i, e = case["input"], case["expected"]
    translation = [row[3] for row in i["parent_world"][:3]]
    return max(abs(v) for v in translation + i["target_world"] + i["pole_world"] + e["joint"] + e["end"])


def allowed_errors(case: dict) -> tuple[float, float]:
    """(회전, 위치) 의 성분마다 허용치. spec/README.md 의 식."""
    s, chain = largest_coordinate(case), case["expected"]["chain_length"]
    rotation = TOLERANCE["rotation_absolute"] + TOLERANCE["rotation_ulps_of_largest_coordinate_per_chain"] * EPS * s / chain
    position = TOLERANCE["position_relative_to_chain"] * chain + TOLERANCE["position_ulps_of_largest_coordinate"] * EPS * s
    return rotation, position


def solve(cases: list[dict], keep_end_rotation: bool):
    """경우 목록을 한 번의 배치 호출로 (keep_end_rotation 은 스칼라 bool 이라 같은 값끼리만 묶는다)."""

    def stack(get):
        return np.array([get(c["input"]) for c in cases], dtype=float)

    bones = [
        LocalTransform(*(stack(lambda i, b=b, f=f: i[b][f]) for f in ("translation", "rotation", "scale"))) for b in BONES
    ]
    return apply_two_bone_ik(
        stack(lambda i: i["parent_world"]),
        *bones,
        stack(lambda i: i["target_world"]),
        stack(lambda i: i["pole_world"]),
        weight=stack(lambda i: i["weight"]),
        soft=stack(lambda i: i["soft"]),
        keep_end_rotation=keep_end_rotation,
    )


def solve_one(case: dict):
    i = case["input"]
    bones = [LocalTransform(i[b]["translation"], i[b]["rotation"], i[b]["scale"]) for b in BONES]
    return apply_two_bone_ik(
        i["parent_world"], *bones, i["target_world"], i["pole_world"],
        weight=i["weight"], soft=i["soft"], keep_end_rotation=i["keep_end_rotation"],
    )


def test_the_file_has_at_least_200_cases_in_every_required_group():
    assert DOCUMENT["format"] == "two-bone-ik-bone-conformance"
    assert len(CASES) >= 200
    assert [c["id"] for c in CASES] == list(range(1, len(CASES) + 1))
    groups = {c["group"] for c in CASES}
    required = {"reach", "too_far", "too_close", "soft", "weight", "keep_end_rotation", "zero_length"}
    required |= {f"parent_{p}" for p in ("identity", "moved", "rotated", "fbx_0.01", "mirrored", "far_offset")}
    assert required <= groups


@pytest.mark.parametrize("case", CASES, ids=[f"{c['id']}-{c['group']}" for c in CASES])
def test_bones_match_the_high_precision_reference(case):
    e = case["expected"]
    pose = solve_one(case)
    rotation_tolerance, position_tolerance = allowed_errors(case)
    assert pose.reachable is e["reachable"]
    for name in ROTATIONS:
        error = float(np.max(np.abs(getattr(pose, name) - e[name])))
        assert error <= rotation_tolerance, f"{name}: 오차 {error!r} > 허용치 {rotation_tolerance!r}"
    for name in ("joint", "end"):
        error = float(np.max(np.abs(getattr(pose, name) - e[name])))
        assert error <= position_tolerance, f"{name}: 오차 {error!r} > 허용치 {position_tolerance!r}"


def test_weight_zero_returns_the_input_rotations_bit_for_bit():
    zero = [c for c in CASES if c["input"]["weight"] == 0]
    assert zero
    for case in zero:
        pose = solve_one(case)
        for bone, name in zip(BONES, ROTATIONS):
            assert np.array_equal(getattr(pose, name), case["input"][bone]["rotation"]), case["name"]


@pytest.mark.parametrize("keep", [False, True])
def test_all_cases_as_one_batch_give_exactly_the_one_by_one_answers(keep):
    cases = [c for c in CASES if c["input"]["keep_end_rotation"] is keep]
    batch = solve(cases, keep)
    for k, case in enumerate(cases):
        single = solve_one(case)
        for name in ROTATIONS + ("joint", "end"):
            assert np.array_equal(getattr(batch, name)[k], getattr(single, name)), f"{case['name']}: {name}"
        assert bool(batch.reachable[k]) is single.reachable, case["name"]


def _decode_numbers(value):
    """{"$number": "NaN"} 처럼 적힌 float 를 수로 (JSON 에는 NaN·±inf 가 없다). TypeScript 테스트와 같은 규칙."""
    if isinstance(value, list):
        return [_decode_numbers(v) for v in value]
    if isinstance(value, dict):
        if list(value) == ["$number"]:
            return float(value["$number"])
        return {k: _decode_numbers(v) for k, v in value.items()}
    return value


def _solve_raw(i: dict):
    bones = [LocalTransform(i[b]["translation"], i[b]["rotation"], i[b]["scale"]) for b in BONES]
    return apply_two_bone_ik(
        i["parent_world"], *bones, i["target_world"], i["pole_world"],
        weight=i["weight"], soft=i["soft"], keep_end_rotation=i["keep_end_rotation"],
    )


def test_the_invalid_list_is_not_empty_and_its_base_input_is_accepted():
    assert DOCUMENT["invalid_error_types"] == {"typescript": "RangeError", "python": "ValueError"}
    assert len(DOCUMENT["invalid"]) >= 20
    _solve_raw(_decode_numbers(DOCUMENT["invalid_base"]))


@pytest.mark.parametrize("case", DOCUMENT["invalid"], ids=[f"invalid-{c['id']}" for c in DOCUMENT["invalid"]])
def test_invalid_bone_inputs_are_rejected_naming_the_argument(case):
    with pytest.raises(ValueError) as caught:
        _solve_raw(_decode_numbers(case["input"]))
    assert case["error"]["python"] in str(caught.value)
