"""발 고정: 디딘 발이 멈추고, 뼈 길이·다른 채널·엉덩이·발 회전은 그대로, 섞음은 튀지 않고, 닿지 못하면 알린다."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import DATA_DIR
from twoboneik.bvh import parse_bvh, read_bvh, write_bvh
from twoboneik.contact import ContactOptions
from twoboneik.fk import forward_kinematics
from twoboneik.footlock import FootlockOptions, blend_weights, footlock
from twoboneik.legs import find_legs
from twoboneik.synthetic import make_walk

REAL_CLIP = DATA_DIR / "mocapbank_trimmed.bvh"


def leg_columns(clip, legs):
    """다리 세 관절의 회전 채널 열."""
    columns = []
    for leg in legs:
        for j in (leg.thigh, leg.shin, leg.foot):
            start = int(clip.channel_start[j])
            columns += [start + k for k, c in enumerate(clip.channels[j]) if c.endswith("rotation")]
    return np.array(columns)


def segment_lengths(pose, legs):
    out = []
    for leg in legs:
        out.append(np.linalg.norm(pose.positions[:, leg.shin] - pose.positions[:, leg.thigh], axis=-1))
        out.append(np.linalg.norm(pose.positions[:, leg.foot] - pose.positions[:, leg.shin], axis=-1))
    return np.stack(out)


def scaled(walk_clip, factor):
    """같은 걷기를 다른 단위로 (cm → m 이면 factor = 0.01): OFFSET 과 위치 채널만 바꾼다."""
    clip = walk_clip.copy()
    clip.offsets = clip.offsets * factor
    for k, c in enumerate(clip.channels[0]):
        if c.endswith("position"):
            clip.motion[:, k] *= factor
    return clip


CASES = [
    pytest.param(dict(heading_degrees=0.0), 1.0, id="cm-heading0"),
    pytest.param(dict(heading_degrees=-131.0, fps=120.0, frames=480), 1.0, id="cm-120fps-turned"),
    pytest.param(dict(heading_degrees=57.0, slide_degrees=4.0), 0.01, id="metres-more-slide"),
    pytest.param(dict(heading_degrees=10.0, period=1.4, speed=70.0), 1 / 2.54, id="inches-slow"),
]


@pytest.mark.parametrize(("walk_args", "unit_scale"), CASES)
def test_planted_feet_stop_sliding_and_nothing_else_changes(walk_args, unit_scale):
    walk = make_walk(**walk_args)
    clip = scaled(walk.clip, unit_scale)
    before_motion = clip.motion.copy()
    result = footlock(clip)
    fixed = result.clip
    legs = find_legs(clip)
    leg_length = result.leg_length
    assert result.units == {1.0: "cm", 0.01: "m", 1 / 2.54: "inch"}[unit_scale]
    assert np.array_equal(clip.motion, before_motion)  # 입력은 그대로

    before = forward_kinematics(clip)
    after = forward_kinematics(fixed)
    for k, (leg, foot) in enumerate(zip(legs, result.feet)):
        # 접지는 설계한 디딤과 거의 같다 (경계에서 몇 프레임).
        designed = walk.stance[k]
        assert np.mean(foot.track.contact == designed) > 0.9
        assert len(foot.intervals) >= 3
        # 미끄러짐: 전에는 있었고, 후에는 다리 길이의 1e-6 미만 (보고서와 정기구학 모두).
        assert foot.slide_before_max > 1e-3 * leg_length
        assert foot.slide_after_max < 1e-6 * leg_length
        assert foot.unreachable_frames.size == 0 and foot.max_miss == 0.0
        for s, e in foot.intervals:
            spot = after.positions[s:e + 1, leg.foot]
            assert np.max(np.abs(spot - spot[0])) < 1e-6 * leg_length
        # 무릎은 들어온 자세의 굽힘 평면에 머문다 (자동 극 규칙; 디딘 자리가 조금 옮겨진 만큼만 평면이 돈다).
        hip0, knee0, ankle0 = (before.positions[:, j] for j in (leg.thigh, leg.shin, leg.foot))
        hip1, knee1, ankle1 = (after.positions[:, j] for j in (leg.thigh, leg.shin, leg.foot))
        normal0 = np.cross(knee0 - hip0, ankle0 - hip0)
        normal1 = np.cross(knee1 - hip1, ankle1 - hip1)
        cosine = np.sum(normal0 * normal1, axis=-1) / (
            np.linalg.norm(normal0, axis=-1) * np.linalg.norm(normal1, axis=-1)
        )
        assert np.degrees(np.arccos(np.clip(cosine.min(), -1, 1))) < 10.0
        # 발의 월드 회전은 유지된다 (keep_end_rotation).
        assert np.max(np.abs(after.rotations[:, leg.foot] - before.rotations[:, leg.foot])) < 1e-9
    # 뼈 길이는 1e-9 안에서 그대로.
    lengths_before, lengths_after = segment_lengths(before, legs), segment_lengths(after, legs)
    assert np.max(np.abs(lengths_after - lengths_before)) < 1e-9 * leg_length
    # 다리 회전이 아닌 채널은 비트 단위로 그대로 (엉덩이의 위치·회전 포함).
    others = np.setdiff1d(np.arange(clip.motion.shape[1]), leg_columns(clip, legs))
    assert np.array_equal(fixed.motion[:, others].view(np.int64), clip.motion[:, others].view(np.int64))
    hips = clip.names.index("Hips")
    assert np.array_equal(after.positions[:, hips], before.positions[:, hips])
    assert 0 < result.max_rotation_deg < 45


def test_blending_never_pops_more_than_the_ramp_allows():
    walk = make_walk(frames=300, slide_degrees=5.0, heading_degrees=20.0)
    legs = find_legs(walk.clip)
    before = forward_kinematics(walk.clip)
    largest_steps = {}
    for blend in (0, 6):
        result = footlock(walk.clip, FootlockOptions(blend_frames=blend))
        after = forward_kinematics(result.clip)
        steps = []
        for leg, foot in zip(legs, result.feet):
            weight, owner = blend_weights(foot.intervals, walk.clip.frame_count, blend)
            offset = after.positions[:, leg.foot] - before.positions[:, leg.foot]
            # 섞지 않는 프레임의 발은 정확히 그대로.
            assert np.array_equal(offset[weight == 0], np.zeros_like(offset[weight == 0]))
            planted = np.array([before.positions[s:e + 1, leg.foot].mean(axis=0) for s, e in foot.intervals])
            full = np.linalg.norm(planted[owner] - before.positions[:, leg.foot], axis=-1)
            full[owner < 0] = 0
            step = np.linalg.norm(np.diff(offset, axis=0), axis=-1)
            ramp_step = np.abs(np.diff(weight))
            incoming_step = np.linalg.norm(np.diff(before.positions[:, leg.foot], axis=0), axis=-1)
            planted_step = np.linalg.norm(np.diff(planted[owner], axis=0), axis=-1) * (owner[1:] >= 0) * (owner[:-1] >= 0)
            # 한 프레임에 더해지는 보정의 변화 ≤ 2·(무게의 변화)·(전체 보정) + 무게·(들어온 발의 이동) + 디딘 자리의 바뀜.
            # (회전을 slerp 하므로 선형이 아니지만, 발이 디딘 자리까지 가는 호는 곧은 거리의 π/2 배 미만이다.)
            bound = (
                2.0 * ramp_step * np.maximum(full[1:], full[:-1])
                + np.maximum(weight[1:], weight[:-1]) * incoming_step
                + planted_step
                + 1e-9 * result.leg_length
            )
            assert np.all(step <= bound)
            steps.append(step.max())
        largest_steps[blend] = max(steps)
    assert largest_steps[6] < 0.5 * largest_steps[0]


def test_blend_weights_ramp_smoothly_and_overlapping_tails_take_the_larger():
    weight, owner = blend_weights([(5, 7), (11, 12)], 16, 3)
    assert weight[5:8].tolist() == [1, 1, 1] and weight[11:13].tolist() == [1, 1]
    assert weight[:2].tolist() == [0, 0] and weight[2] == pytest.approx(0.15625)  # smoothstep(1/4)
    assert weight[4] == pytest.approx(0.84375) and weight[3] == pytest.approx(0.5)
    # 프레임 8, 9, 10: 앞 구간의 꼬리 (0.84, 0.5, 0.16) 와 뒤 구간의 머리 (0.16, 0.5, 0.84) 중 큰 쪽.
    assert weight[8:11].tolist() == pytest.approx([0.84375, 0.5, 0.84375])
    assert owner[8:11].tolist() == [0, 0, 1]
    assert blend_weights([(0, 1)], 3, 0)[0].tolist() == [1, 1, 0]


def test_out_of_reach_spots_are_reported_and_the_leg_extends_toward_them():
    walk = make_walk(frames=180, slide_degrees=0.0)
    # 문턱을 아주 넓혀 클립 전체를 한 번의 접지로: 디딘 자리 (평균) 는 걸어가는 엉덩이에서 곧 멀어진다.
    wide = ContactOptions(height_on=10.0, height_off=10.0, speed_on=100.0, speed_off=100.0)
    # 발끝 구르기 없이 (다리만 뻗는다), 목줄 없이 (디딘 자리 = 구간 평균).
    result = footlock(walk.clip, FootlockOptions(contact=wide, toe_roll=False, max_drift=float("inf")))
    legs = find_legs(walk.clip)
    after = forward_kinematics(result.clip)
    for leg, foot in zip(legs, result.feet):
        assert foot.intervals == [(0, 179)]
        frames = foot.unreachable_frames
        assert 20 < frames.size < 180
        assert foot.max_miss > 10.0  # 걸어간 거리만큼 (cm)
        planted = forward_kinematics(walk.clip).positions[:, leg.foot].mean(axis=0)
        root = after.positions[frames, leg.thigh]
        reach = np.linalg.norm(after.positions[frames, leg.foot] - root, axis=-1)
        assert np.allclose(reach, 82.0, rtol=1e-9)  # 완전히 편 다리 (42 + 40)
        toward = (planted - root) / np.linalg.norm(planted - root, axis=-1, keepdims=True)
        along = (after.positions[frames, leg.foot] - root) / reach[:, None]
        assert np.max(np.abs(along - toward)) < 1e-9
        assert "닿지 못한 프레임" in result.summary()


def test_a_clip_without_contacts_is_written_back_byte_for_byte(tmp_path):
    never = ContactOptions(speed_on=0.0, speed_off=0.0)  # 속도 < 0 인 프레임은 없다
    clip = read_bvh(REAL_CLIP)
    result = footlock(clip, FootlockOptions(contact=never))
    assert all(f.intervals == [] for f in result.feet) and result.max_rotation_deg == 0.0
    write_bvh(tmp_path / "out.bvh", result.clip)
    assert (tmp_path / "out.bvh").read_bytes() == REAL_CLIP.read_bytes()


def test_the_real_clip_end_to_end(tmp_path):
    clip = read_bvh(REAL_CLIP)
    result = footlock(clip)
    assert result.units == "cm" and result.up.tolist() == [0, 1, 0]
    left, right = result.feet
    assert left.names == ("LeftHip", "LeftKnee", "LeftAnkle", "End Site")
    assert left.intervals and len(right.intervals) >= 2  # 두 발 모두 접지를 찾는다
    for foot in result.feet:
        assert foot.slide_after_mean < 0.1 * foot.slide_before_mean
        assert foot.slide_after_max < foot.slide_before_max
    legs = find_legs(clip)
    before, after = forward_kinematics(clip), forward_kinematics(result.clip)
    assert np.max(np.abs(segment_lengths(after, legs) - segment_lengths(before, legs))) < 1e-9 * result.leg_length
    write_bvh(tmp_path / "fixed.bvh", result.clip)
    original = REAL_CLIP.read_bytes().decode().split("\n")
    written = (tmp_path / "fixed.bvh").read_bytes().decode().split("\n")
    header = original.index("MOTION\r") + 3
    assert written[:header] == original[:header]  # 헤더는 바이트 그대로
    columns = set(leg_columns(clip, legs).tolist())
    for old_line, new_line in zip(original[header:], written[header:]):
        old_tokens, new_tokens = old_line.split(), new_line.split()
        assert len(old_tokens) == len(new_tokens)
        for column, (old, new) in enumerate(zip(old_tokens, new_tokens)):
            if column not in columns:
                assert old == new  # 다리가 아닌 채널은 원래 토큰 그대로
    again = read_bvh(tmp_path / "fixed.bvh")
    assert np.array_equal(again.motion, result.clip.motion)


def test_bad_options_and_unsuitable_legs_are_rejected_before_any_work():
    walk = make_walk(frames=20)
    for options, words in (
        (FootlockOptions(blend_frames=-1), "blend_frames"),
        (FootlockOptions(units="furlong"), "units"),
        (FootlockOptions(ground=float("nan")), "ground"),
        (FootlockOptions(contact=ContactOptions(speed_on=1.0, speed_off=0.5)), "speed_off"),
    ):
        with pytest.raises(ValueError, match=words):
            footlock(walk.clip, options)
    text = (
        "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\n"
        + "".join(
            f"JOINT {s}UpLeg\n{{\nOFFSET {x} -6 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n"
            f"JOINT {s}Leg\n{{\nOFFSET 0 -42 0\nCHANNELS 1 Xrotation\n"
            f"JOINT {s}Foot\n{{\nOFFSET 0 -40 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n"
            "End Site\n{\nOFFSET 0 -6 13\n}\n}\n}\n}\n"
            for s, x in (("Left", 9), ("Right", -9))
        )
        + "}\nMOTION\nFrames: 1\nFrame Time: 0.01\n" + " ".join(["0"] * 17) + "\n"
    )
    with pytest.raises(ValueError, match="LeftLeg.*세 축"):
        footlock(parse_bvh(text))
    empty = walk.clip.copy()
    empty.motion = empty.motion[:0]
    with pytest.raises(ValueError, match="프레임이 없습니다"):
        footlock(empty)


@pytest.mark.parametrize("heading", [0.0, 90.0, -150.0])
def test_straight_legs_bend_their_knees_toward_the_characters_front_wherever_it_faces(heading):
    # 곧게 편 다리로 디딘 채 엉덩이가 10 cm 내려간다: 무릎이 굽어야 하고, 들어온 굽힘이 없으니 캐릭터의 앞
    # (쉬는 자세의 발끝 방향을 엉덩이의 방향만큼 돌린 것) 으로 굽어야 한다 — 월드의 한 축이 아니라.
    walk = make_walk(frames=60, slide_degrees=0.0)
    clip = walk.clip.copy()
    legs = find_legs(clip)
    clip.motion[:, leg_columns(clip, legs)] = 0.0
    column = {c: k for k, c in enumerate(clip.channels[0])}
    clip.motion[:, column["Xposition"]] = 0.0
    clip.motion[:, column["Zposition"]] = 0.0
    clip.motion[:, column["Yposition"]] = np.linspace(94.0, 84.0, 60)  # 다리를 편 높이 94 (6 + 42 + 40 + 6) 에서
    clip.motion[:, column["Yrotation"]] = heading
    wide = ContactOptions(height_on=10.0, height_off=10.0)
    result = footlock(clip, FootlockOptions(contact=wide))
    after = forward_kinematics(result.clip)
    forward = np.array([np.sin(np.deg2rad(heading)), 0.0, np.cos(np.deg2rad(heading))])
    for leg, foot in zip(legs, result.feet):
        assert foot.intervals == [(0, 59)]
        bent = np.flatnonzero(np.isin(np.arange(60), foot.unreachable_frames, invert=True))
        assert bent.size > 20
        hip, knee, ankle = (after.positions[bent, j] for j in (leg.thigh, leg.shin, leg.foot))
        line = (ankle - hip) / np.linalg.norm(ankle - hip, axis=-1, keepdims=True)
        out_of_line = (knee - hip) - np.sum((knee - hip) * line, axis=-1, keepdims=True) * line
        late = bent[-10:]  # 깊이 굽은 프레임: 무릎은 앞으로 나와 있다
        assert np.all(out_of_line[np.isin(bent, late)] @ forward > 1.0)


def test_vectorised_slide_and_planted_spots_equal_the_per_interval_loops():
    # 보고의 미끄러짐과 디딘 자리는 구간마다 도는 대신 한 번에 잰다: 구간마다 잰 값과 같다 (씨앗 고정, 구간 경계 포함).
    from twoboneik.foot_metrics import slide as _slide
    from twoboneik.intervals import interval_means as _interval_means

    rng = np.random.default_rng(12)
    up = np.array([0.0, 1.0, 0.0])
    for frames in (1, 2, 3, 50, 400):
        points = rng.normal(size=(frames, 3)) * 10.0 ** rng.uniform(-3, 3)
        cuts = np.sort(rng.choice(frames + 1, size=min(frames, 2 * rng.integers(0, 6)), replace=False))
        intervals = [(int(s), int(max(s, e - 1))) for s, e in zip(cuts[0::2], cuts[1::2]) if s < frames]
        intervals += [(0, 0)] if not intervals else []
        steps = [np.diff(points[s:e + 1], axis=0) for s, e in intervals if e > s]
        values = np.concatenate([np.hypot(d[:, 0], d[:, 2]) for d in steps]) if steps else np.zeros(0)
        expected = (float(values.mean()), float(values.max())) if values.size else (0.0, 0.0)
        assert np.allclose(_slide(points, intervals, up), expected, rtol=1e-12, atol=0.0), (frames, intervals)
        means = np.array([points[s:e + 1].mean(axis=0) for s, e in intervals])
        assert np.allclose(_interval_means(points, intervals), means, rtol=1e-12, atol=1e-12 * np.abs(points).max())
    assert _slide(np.zeros((10, 3)), [], up) == (0.0, 0.0) and _interval_means(np.zeros((10, 3)), []).shape == (0, 3)


def test_the_footlock_module_is_not_hidden_by_a_top_level_function_of_the_same_name():
    # 맨 위는 풀이만 내보낸다: 함수 footlock 이 모듈 twoboneik.footlock 을 가리면 `import ... as` 가 함수를 준다.
    import twoboneik
    import twoboneik.footlock as locking

    assert "footlock" not in twoboneik.__all__ and len(set(twoboneik.__all__)) == len(twoboneik.__all__)
    assert all(hasattr(twoboneik, name) for name in twoboneik.__all__)
    assert locking.__name__ == "twoboneik.footlock" and twoboneik.footlock is locking
    assert isinstance(locking.footlock(read_bvh(REAL_CLIP)), locking.FootlockResult)
