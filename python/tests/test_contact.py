"""다리 찾기 (이름 규약 표), 단위·위 방향 추정, 접지 찾기 (높이, 속도, 히스테리시스, 가장 짧은 접지)."""

from __future__ import annotations

import json
from importlib import resources

import numpy as np
import pytest
from conftest import SPEC_DIR

from twoboneik.bvh import parse_bvh
from twoboneik.contact import (
    ContactOptions,
    contact_intervals,
    detect_contacts,
    detect_up_axis,
    estimate_ground,
)
from twoboneik.fk import euler_to_matrix, forward_kinematics, matrix_to_euler
from twoboneik.legs import LEG_NAME_CONVENTIONS, LEG_ROLES, find_leg, find_legs, normalize_name
from twoboneik.synthetic import make_walk


def leg_clip(names_left, names_right, extra_between=None) -> str:
    """엉덩이 아래에 두 다리 (이름 넷씩) 를 둔 작은 BVH 원문. extra_between 이면 왼쪽 정강이와 발 사이에 뼈 하나."""

    def leg(names, sx):
        thigh, shin, foot, toe = names
        middle = f"JOINT {extra_between}\n{{\nOFFSET 0 -1 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n" if extra_between and sx > 0 else ""
        close_middle = "}\n" if middle else ""
        return (
            f"JOINT {thigh}\n{{\nOFFSET {sx * 9} -6 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n"
            f"JOINT {shin}\n{{\nOFFSET 0 -42 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n{middle}"
            f"JOINT {foot}\n{{\nOFFSET 0 -40 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n"
            f"JOINT {toe}\n{{\nOFFSET 0 -6 13\nCHANNELS 3 Zrotation Xrotation Yrotation\n"
            "End Site\n{\nOFFSET 0 0 5\n}\n}\n}\n" + close_middle + "}\n}\n"
        )

    extra = 3 if extra_between else 0
    return (
        "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
        + leg(names_left, 1.0) + leg(names_right, -1.0)
        + "}\nMOTION\nFrames: 1\nFrame Time: 0.01\n" + " ".join(["0"] * (6 + 24 + extra)) + "\n"
    )


SIDES = {"left": ("Left", "l", "L"), "right": ("Right", "r", "R")}


@pytest.mark.parametrize(
    "spelling",
    [
        ("mixamorig:{S}UpLeg", "mixamorig:{S}Leg", "mixamorig:{S}Foot", "mixamorig:{S}ToeBase"),
        ("{S}UpLeg", "{S}Leg", "{S}Foot", "{S}ToeBase"),
        ("{s}Thigh", "{s}Shin", "{s}Foot", "{s}Toe"),
        ("thigh_{s}", "calf_{s}", "foot_{s}", "ball_{s}"),
        ("DEF-thigh.{U}", "DEF-shin.{U}", "DEF-foot.{U}", "DEF-toe.{U}"),
        ("Bip01_{U}_Thigh", "Bip01_{U}_Calf", "Bip01_{U}_Foot", "Bip01_{U}_Toe0"),
        ("{S}_Hip", "{S}_Knee", "{S}_Ankle", "{S}_Toe"),
        ("{S}UpperLeg", "{S}LowerLeg", "{S}Foot", "{S}Toes"),
        ("UPPERLEG_{U}", "LowerLeg_{U}", "Foot_{U}", "Toe_{U}"),
    ],
)
def test_legs_are_found_by_every_naming_convention_case_and_separator_insensitive(spelling):
    names = {
        side: [p.format(S=big, s=small, U=upper) for p in spelling] for side, (big, small, upper) in SIDES.items()
    }
    clip = parse_bvh(leg_clip(names["left"], names["right"]))
    left, right = find_legs(clip)
    for leg, side in ((left, "left"), (right, "right")):
        assert leg.side == side
        assert [clip.names[j] for j in (leg.thigh, leg.shin, leg.foot, leg.toe)] == names[side]
        assert leg.convention in LEG_NAME_CONVENTIONS


# 표의 머리말 정규식마다 실제 파일에 쓰이는 철자 하나. 표에 새 머리말이 생기면 여기에 더해야 아래 테스트가 통과한다.
PREFIX_SPELLINGS = {"mixamorig[0-9]*": "mixamorig1:", "bip[0-9]*": "Bip01_", "def": "DEF-", "org": "ORG-", "jbip": "J_Bip_", "": ""}


def test_the_packaged_name_table_is_a_byte_copy_of_spec_bone_names_json():
    # 패키지 안의 사본 (휠에 들어간다) 과 three.js 가 쓰는 원본이 갈라지면 실패한다: make bone-names 로 다시 복사한다.
    packaged = (resources.files("twoboneik") / "data" / "bone_names.json").read_bytes()
    assert packaged == (SPEC_DIR / "bone_names.json").read_bytes(), (
        "python/src/twoboneik/data/bone_names.json 이 spec/bone_names.json 과 다릅니다: make bone-names"
    )


def test_every_leg_name_of_every_convention_in_the_table_is_found():
    # 표 (spec/bone_names.json) 의 모든 규약·머리말·이름: i 번째 이름들로 두 다리를 만들고 그 관절을 찾는다.
    assert list(LEG_NAME_CONVENTIONS) == [
        c["id"] for c in json.loads((SPEC_DIR / "bone_names.json").read_text(encoding="utf-8"))["conventions"]
        if any(role in c["bones"] for role in LEG_ROLES["left"])
    ]
    checked = 0
    for convention in LEG_NAME_CONVENTIONS.values():
        for prefix, _rank in convention.prefixes:
            spelling = PREFIX_SPELLINGS[prefix.pattern]
            lists = {side: [convention.roles[role] for role in roles] for side, roles in LEG_ROLES.items()}
            for i in range(max(len(names) for side_lists in lists.values() for names in side_lists)):
                names = {side: [spelling + n[i % len(n)] for n in side_lists] for side, side_lists in lists.items()}
                clip = parse_bvh(leg_clip(names["left"], names["right"]))
                for leg in find_legs(clip):
                    assert [clip.names[j] for j in (leg.thigh, leg.shin, leg.foot, leg.toe)] == names[leg.side]
                    # 같은 이름을 앞선 규약도 가질 수 있다 (일반 이름 thigh_l 은 Unreal 에도 있다): 찾은 규약이 세 관절의 이름을 안다.
                    found = LEG_NAME_CONVENTIONS[leg.convention]
                    for role, name in zip(LEG_ROLES[leg.side][:3], names[leg.side][:3]):
                        assert found.rank_of(normalize_name(name), role) is not None, (leg.convention, name)
                    checked += 1
    assert checked >= 40


def test_normalized_names_are_lowercase_letters_and_digits_like_the_typescript_finder():
    assert normalize_name("mixamorig:LeftFoot") == "mixamorigleftfoot"
    assert normalize_name("DEF-foot.L") == "deffootl"
    assert normalize_name("Bip01 L Foot") == "bip01lfoot"
    assert normalize_name("foot_l") == "footl"
    mixamo, rigify, biped = (LEG_NAME_CONVENTIONS[k] for k in ("mixamo", "rigify", "biped"))
    assert mixamo.rank_of("mixamorigleftfoot", "leftFoot") is not None
    assert mixamo.rank_of("leftfoot", "leftFoot") is None  # Mixamo 규약은 머리말이 있어야 한다 (없으면 '일반 이름')
    assert rigify.rank_of("deffootl", "leftFoot") == 0 and rigify.rank_of("orgfootl", "leftFoot") == 2
    assert biped.rank_of("bip01lfoot", "leftFoot") is not None and biped.rank_of("bip01lfoot", "rightFoot") is None


def hierarchy_clip(joints: list[tuple[str, str]]) -> str:
    """(이름, 부모 이름) 목록 (부모가 먼저, 루트의 부모는 '') 으로 만든 BVH 원문. 모든 관절은 회전 채널 셋, 한 프레임."""
    children: dict[str, list[str]] = {}
    for name, parent in joints:
        children.setdefault(parent, []).append(name)

    def emit(name: str, keyword: str) -> str:
        inner = "".join(emit(child, "JOINT") for child in children.get(name, []))
        site = "" if inner else "End Site\n{\nOFFSET 0 0 5\n}\n"
        return f"{keyword} {name}\n{{\nOFFSET 0 -10 1\nCHANNELS 3 Zrotation Xrotation Yrotation\n{inner}{site}}}\n"

    (root,) = children[""]
    return f"HIERARCHY\n{emit(root, 'ROOT')}MOTION\nFrames: 1\nFrame Time: 0.01\n" + " ".join(["0"] * 3 * len(joints)) + "\n"


def test_rigify_deform_bones_are_chosen_over_org_bones_by_prefix_rank():
    joints = [("root", "")]
    for side in "LR":
        for prefix in ("ORG-", "DEF-"):
            joints += [(f"{prefix}thigh.{side}", "root"), (f"{prefix}shin.{side}", f"{prefix}thigh.{side}"),
                       (f"{prefix}foot.{side}", f"{prefix}shin.{side}"), (f"{prefix}toe.{side}", f"{prefix}foot.{side}")]
    clip = parse_bvh(hierarchy_clip(joints))
    left, right = find_legs(clip)
    assert left.names == ("DEF-thigh.L", "DEF-shin.L", "DEF-foot.L", "DEF-toe.L") and left.convention == "rigify"
    assert right.names == ("DEF-thigh.R", "DEF-shin.R", "DEF-foot.R", "DEF-toe.R")


def test_of_several_candidates_only_a_connected_chain_is_taken_and_two_chains_are_not_guessed_between():
    joints = [("Hips", "")]
    for side in ("Left", "Right"):
        for thigh, shin in (("UpperLeg", "LowerLeg"), ("Thigh", "Shin")):
            joints += [(f"{side}{thigh}", "Hips"), (f"{side}{shin}", f"{side}{thigh}")]
        joints += [(f"{side}Foot", f"{side}Shin")]
    # 허벅지·정강이 후보가 둘씩이지만 발 'LeftFoot' 은 LeftShin 아래 하나뿐: 이어진 사슬 하나로 정해진다.
    left, right = find_legs(parse_bvh(hierarchy_clip(joints)))
    assert left.names[:3] == ("LeftThigh", "LeftShin", "LeftFoot") and left.convention == "generic"
    assert right.names[:3] == ("RightThigh", "RightShin", "RightFoot")
    # 다른 사슬에도 발이 있으면 (Left_Foot 은 정규화하면 LeftFoot 과 같다) 고르지 않는다.
    both = parse_bvh(hierarchy_clip(joints + [("Left_Foot", "LeftLowerLeg")]))
    with pytest.raises(ValueError, match="후보가 여럿이라 고르지 않았습니다"):
        find_leg(both, "left")
    assert find_leg(both, "right").names[:3] == ("RightThigh", "RightShin", "RightFoot")


@pytest.mark.parametrize("prefix", ["Character1:", "DEF-", "ORG-", "Bip01_", "Bip001 ", "rig:DEF-"])
def test_a_namespace_or_a_blender_or_max_prefix_in_front_of_any_convention_is_ignored(prefix):
    # 표에는 없는 파이썬 쪽 보충 (legs._PYTHON_ONLY_PREFIX, 예전 legs.py 의 동작): 표로 못 찾으면 떼고 한 번 더 본다.
    names = {
        side: [f"{prefix}{side.title()}{part}".replace(" ", "_") for part in ("UpLeg", "Leg", "Foot", "ToeBase")]
        for side in SIDES
    }
    clip = parse_bvh(leg_clip(names["left"], names["right"]))
    left, right = find_legs(clip)
    assert left.names == tuple(names["left"]) and right.names == tuple(names["right"]) and left.convention == "generic"


def test_a_bone_between_shin_and_foot_is_reported_by_name():
    clip = parse_bvh(
        leg_clip(["LeftUpLeg", "LeftLeg", "LeftFoot", "LeftToeBase"], ["RightUpLeg", "RightLeg", "RightFoot", "RightToeBase"],
                 extra_between="LeftLegTwist")
    )
    with pytest.raises(ValueError, match="사이에 뼈가 있습니다 \\(LeftLegTwist\\)"):
        find_leg(clip, "left")
    assert find_leg(clip, "right").names[:3] == ("RightUpLeg", "RightLeg", "RightFoot")


def test_unknown_names_need_the_feet_given_and_the_error_says_what_was_tried():
    clip = parse_bvh(leg_clip(["A1", "A2", "A3", "A4"], ["B1", "B2", "B3", "B4"]))
    with pytest.raises(ValueError, match="Mixamo .*leftupleg, leftleg, leftfoot.*일반 이름: leftupperleg 외 11"):
        find_legs(clip)
    left, right = find_legs(clip, left_foot="A3", right_foot="B3")
    assert (left.thigh, left.shin, left.foot, left.toe) == (1, 2, 3, 4)
    assert right.names == ("B1", "B2", "B3", "B4") and left.convention == "given"
    with pytest.raises(ValueError, match="'Nope'"):
        find_legs(clip, left_foot="Nope")
    left, _ = find_legs(clip, left_foot="A2", right_foot="B3", left_toe="A3")  # 다른 관절을 발·발가락으로
    assert (left.thigh, left.shin, left.foot, left.toe) == (0, 1, 2, 3)
    with pytest.raises(ValueError, match="직접 자식"):
        find_legs(clip, left_foot="A3", right_foot="B3", left_toe="B4")


def test_up_is_from_the_feet_to_the_hips():
    assert detect_up_axis([0, 90, 0], [0, 5, 2]).tolist() == [0, 1, 0]
    assert detect_up_axis([0, 0, 0.9], [0.1, 0, 0.05]).tolist() == [0, 0, 1]
    assert detect_up_axis([0, -0.9, 0], [0, 0, 0]).tolist() == [0, -1, 0]


def test_hysteresis_enters_low_and_slow_and_leaves_only_past_the_exit_thresholds():
    height = np.array([0.10, 0.04, 0.02, 0.04, 0.045, 0.02, 0.06, 0.02, 0.02, 0.02])
    speed = np.zeros(10)
    options = ContactOptions(height_on=0.03, height_off=0.05, min_contact=0.0)
    track = detect_contacts(height, speed, 0.0, 0.01, 1.0, options)
    # 0.04 에서는 들어가지 않지만 (프레임 1), 들어간 뒤에는 0.045 에서도 머문다 (프레임 3, 4). 0.06 에서 나온다.
    assert track.contact.tolist() == [False, False, True, True, True, True, False, True, True, True]
    assert track.intervals == [(2, 5), (7, 9)]
    speed[4] = 0.6  # 속도도 나옴 문턱을 넘으면 나온다
    track = detect_contacts(height, speed, 0.0, 0.01, 1.0, options)
    assert track.intervals == [(2, 3), (5, 5), (7, 9)]


def test_short_contacts_are_dropped_and_thresholds_scale_with_units():
    height_m = np.array([1, 0, 0, 1, 0, 0, 0, 0, 1], dtype=float) * 0.1
    options = ContactOptions(min_contact=0.03)
    track = detect_contacts(height_m * 100, np.zeros(9), 0.0, 0.01, 100.0, options)  # cm
    assert track.intervals == [(4, 7)]  # 2 프레임 (0.02 s) 은 버리고 4 프레임은 남긴다
    at_threshold = ContactOptions(min_contact=0.02)
    assert detect_contacts(height_m, np.zeros(9), 0.0, 0.01, 1.0, at_threshold).intervals == [(1, 2), (4, 7)]


def test_ground_is_a_low_percentile_and_heights_are_measured_from_it():
    heights = [np.linspace(5, 15, 101), np.linspace(6, 16, 101)]
    assert estimate_ground(heights, 0.0) == 5.0
    track = detect_contacts(heights[0], np.zeros(101), 5.0, 0.01, 100.0, ContactOptions())
    assert track.height[0] == 0.0 and track.intervals == [(0, 50)]  # 5 cm 넘게 (h > 5) 오르면 나온다


@pytest.mark.parametrize(
    "options",
    [
        ContactOptions(height_on=0.06, height_off=0.05),
        ContactOptions(speed_on=-1.0),
        ContactOptions(min_contact=float("nan")),
        ContactOptions(ground_percentile=101),
    ],
)
def test_bad_thresholds_are_rejected(options):
    with pytest.raises(ValueError):
        detect_contacts(np.zeros(3), np.zeros(3), 0.0, 0.01, 1.0, options)


def test_intervals_of_a_mask():
    assert contact_intervals(np.array([True, False, True, True])) == [(0, 0), (2, 3)]
    assert contact_intervals(np.zeros(0, dtype=bool)) == []


def test_forward_kinematics_places_the_designed_ankles_for_every_heading():
    for heading in (0.0, 37.0, -120.0):
        walk = make_walk(frames=90, slide_degrees=0.0, heading_degrees=heading)
        pose = forward_kinematics(walk.clip)
        for k, name in enumerate(("LeftFoot", "RightFoot")):
            ankle = pose.positions[:, walk.clip.names.index(name)]
            assert np.max(np.abs(ankle - walk.ankle[k])) < 1e-10


def test_forward_kinematics_of_a_subset_computes_only_those_joints_and_their_ancestors():
    walk = make_walk(frames=10)
    full = forward_kinematics(walk.clip)
    foot = walk.clip.names.index("LeftFoot")
    part = forward_kinematics(walk.clip, [foot])
    assert part.computed.sum() == 4  # Hips, LeftUpLeg, LeftLeg, LeftFoot
    assert np.array_equal(part.positions[:, foot], full.positions[:, foot])
    assert np.array_equal(part.rotations[:, foot], full.rotations[:, foot])


def test_forward_kinematics_follows_bvh_channel_order_and_position_channels():
    text = (
        "HIERARCHY\nROOT R\n{\nOFFSET 5 5 5\nCHANNELS 4 Zposition Yrotation Xposition Zrotation\n"
        "JOINT C\n{\nOFFSET 0 2 0\nCHANNELS 3 Xrotation Zrotation Yrotation\nEnd Site\n{\nOFFSET 0 1 0\n}\n}\n}\n"
        "MOTION\nFrames: 1\nFrame Time: 0.01\n7 90 3 90 30 40 50\n"
    )
    clip = parse_bvh(text)
    pose = forward_kinematics(clip)
    root_rotation = euler_to_matrix("YZ", np.array([90.0, 90.0]))
    assert np.allclose(pose.positions[0, 0], [3, 5, 7])  # 위치 채널은 OFFSET 대신, 없는 축은 OFFSET
    assert np.allclose(pose.rotations[0, 0], root_rotation)
    assert np.allclose(pose.positions[0, 1], [3, 5, 7] + root_rotation @ [0, 2, 0])
    assert np.allclose(pose.rotations[0, 1], root_rotation @ euler_to_matrix("XZY", np.array([30.0, 40.0, 50.0])))


@pytest.mark.parametrize("order", ["XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"])
def test_euler_angles_round_trip_in_every_order_and_stay_near_the_original_values(order):
    rng = np.random.default_rng(11)
    angles = rng.uniform(-179, 179, (500, 3))
    angles[:, 1] = rng.uniform(-89, 89, 500)
    matrix = euler_to_matrix(order, angles)
    assert np.max(np.abs(matrix_to_euler(order, matrix) - angles)) < 1e-9
    wound = angles + 360 * rng.integers(-3, 4, (500, 3))  # 곡선이 한 바퀴 넘게 돈 값
    assert np.max(np.abs(matrix_to_euler(order, matrix, near=wound) - wound)) < 1e-9
    other = wound + np.array([180.0, 0, 180.0])  # 같은 회전의 다른 해: (α + 180, 180 − β, γ + 180)
    other[:, 1] = 180.0 - wound[:, 1]
    assert np.allclose(euler_to_matrix(order, other), matrix, atol=1e-12)
    assert np.max(np.abs(matrix_to_euler(order, matrix, near=other) - other)) < 1e-9
