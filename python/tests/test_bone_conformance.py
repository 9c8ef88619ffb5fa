"""뼈 수준 공통 적합성 벡터 (spec/two_bone_ik_bone_vectors.json): TypeScript 테스트 (test/boneConformance.test.ts) 와
같은 파일, 같은 허용치. 기대값은 spec/generate_bones.py 가 구현과 상관없이 80 자리 decimal 로 계산했다."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from conftest import EPS, SPEC_DIR
from twoboneik import LocalTransform, apply_two_bone_ik

VECTORS = SPEC_DIR / "two_bone_ik_bone_vectors.json"
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


def effector_options(i: dict) -> dict:
    """효과점의 선택 키 (issue 16): 없는 키는 넘기지 않는다 (기본값 그대로)."""
    options = {k: i[k] for k in ("end_rotation", "end_rotation_weight", "tip") if k in i}
    if "bend_limits" in i:  # [min, max] → (min, max); 잘못된 입력의 수 하나는 그대로
        limits = i["bend_limits"]
        options["bend_limits"] = tuple(limits) if isinstance(limits, list) else limits
    return options


def solve(cases: list[dict], keep_end_rotation: bool, with_end_rotation: bool):
    """경우 목록을 한 번의 배치 호출로. keep_end_rotation 은 스칼라 bool 이고 end_rotation 은 배치 전체에 주거나 주지
    않으므로 같은 값끼리만 묶는다. 없는 tip 은 0, 없는 bend_limits 는 (0, π), end_rotation_weight 는 1 (같은 답이다)."""

    def stack(get):
        return np.array([get(c["input"]) for c in cases], dtype=float)

    bones = [
        LocalTransform(*(stack(lambda i, b=b, f=f: i[b][f]) for f in ("translation", "rotation", "scale"))) for b in BONES
    ]
    limits = stack(lambda i: i.get("bend_limits", [0.0, math.pi]))
    return apply_two_bone_ik(
        stack(lambda i: i["parent_world"]),
        *bones,
        stack(lambda i: i["target_world"]),
        stack(lambda i: i["pole_world"]),
        weight=stack(lambda i: i["weight"]),
        soft=stack(lambda i: i["soft"]),
        keep_end_rotation=keep_end_rotation,
        end_rotation=stack(lambda i: i["end_rotation"]) if with_end_rotation else None,
        end_rotation_weight=stack(lambda i: i.get("end_rotation_weight", 1.0)),
        tip=stack(lambda i: i.get("tip", [0.0, 0.0, 0.0])),
        bend_limits=(limits[:, 0], limits[:, 1]),
    )


def solve_one(case: dict):
    i = case["input"]
    bones = [LocalTransform(i[b]["translation"], i[b]["rotation"], i[b]["scale"]) for b in BONES]
    return apply_two_bone_ik(
        i["parent_world"], *bones, i["target_world"], i["pole_world"],
        weight=i["weight"], soft=i["soft"], keep_end_rotation=i["keep_end_rotation"], **effector_options(i),
    )


def test_the_file_has_at_least_200_cases_in_every_required_group():
    assert DOCUMENT["format"] == "two-bone-ik-bone-conformance"
    assert len(CASES) >= 200
    assert [c["id"] for c in CASES] == list(range(1, len(CASES) + 1))
    groups = {c["group"] for c in CASES}
    required = {"reach", "too_far", "too_close", "soft", "weight", "keep_end_rotation", "zero_length"}
    required |= {f"parent_{p}" for p in ("identity", "moved", "rotated", "fbx_0.01", "mirrored", "far_offset")}
    required |= {"tip_follow", "tip_keep", "end_rotation", "end_rotation_weight", "bend_limits"}
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


@pytest.mark.parametrize("keep, with_end_rotation", [(False, False), (True, False), (False, True)])
def test_all_cases_as_one_batch_give_exactly_the_one_by_one_answers(keep, with_end_rotation):
    cases = [
        c for c in CASES if c["input"]["keep_end_rotation"] is keep and ("end_rotation" in c["input"]) is with_end_rotation
    ]
    assert cases
    batch = solve(cases, keep, with_end_rotation)
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
        weight=i["weight"], soft=i["soft"], keep_end_rotation=i["keep_end_rotation"], **effector_options(i),
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
    for name in case.get("error_all", {}).get("python", []):  # 두 이름을 모두 담아야 하는 경우
        assert name in str(caught.value)
