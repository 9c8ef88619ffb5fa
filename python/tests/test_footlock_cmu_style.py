"""CMU 식 클립 (CMU 의 척도; 휘는 걷기, 서기–걷기–서기, 돌며 뛰기): 척도를 맞게 찾고, 디딘 발이 멈추고, 닿지 못한 프레임이 없고,
관절이 튀지 않고, 디딘 자리가 들어온 발에서 멀어지지 않는다."""

from __future__ import annotations

import importlib.util
import io

import numpy as np
import pytest

from conftest import DATA_DIR
from twoboneik.bvh import format_bvh, read_bvh
from twoboneik.fk import forward_kinematics
from twoboneik.footlock import FootlockOptions, footlock
from twoboneik.legs import find_legs

_spec = importlib.util.spec_from_file_location("make_cmu_style", DATA_DIR / "make_cmu_style.py")
assert _spec is not None and _spec.loader is not None
generator = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(generator)

#: 클립마다 발마다 적어도 이만큼의 접지 (뛰기는 뛰기 전과 내린 뒤의 두 번).
MIN_CONTACTS = {"cmu_style_veer.bvh": 3, "cmu_style_start_stop.bvh": 3, "cmu_style_jump_turn.bvh": 2}


def test_every_generated_clip_is_listed():
    assert sorted(MIN_CONTACTS) == sorted(generator.CLIPS)


@pytest.mark.parametrize("name", sorted(generator.CLIPS))
def test_the_committed_clip_equals_a_fresh_generation(name):
    fresh = format_bvh(generator.CLIPS[name]())
    assert (DATA_DIR / name).read_text() == io.StringIO(fresh).getvalue(), f"{name}: python {DATA_DIR / 'make_cmu_style.py'}"


@pytest.mark.parametrize("name", sorted(generator.CLIPS))
def test_cmu_style_clips_get_the_cmu_scale_and_stop_sliding(name):
    result = footlock(read_bvh(DATA_DIR / name))
    # 다리 82 cm ÷ 5.64 cm = 14.54 단위 → 14.54 / 0.83 m = 17.5 단위/m (inch 의 39.4 가 아니다).
    assert result.scale.units_per_metre == pytest.approx(0.82 / generator.CMU_UNIT_M / 0.83, rel=1e-3)
    for before, after, foot in zip(result.metrics["before"]["feet"], result.metrics["after"]["feet"], result.feet):
        assert len(foot.intervals) >= MIN_CONTACTS[name] and foot.unreachable_frames.size == 0
        assert before["slide_max_cm"] > 0.1 and after["slide_max_cm"] < 1e-6


@pytest.mark.parametrize("name", sorted(generator.CLIPS))
@pytest.mark.parametrize("adjust_hips", [False, True])
def test_cmu_style_clips_do_not_pop_or_drift(name, adjust_hips):
    clip = read_bvh(DATA_DIR / name)
    result = footlock(clip, FootlockOptions(adjust_hips=adjust_hips))
    before, after = forward_kinematics(clip), forward_kinematics(result.clip)
    for leg, foot in zip(find_legs(clip), result.feet):
        for j in (leg.thigh, leg.shin, leg.foot, leg.toe):
            jumps = [np.linalg.norm(np.diff(p.positions[:, j], axis=0), axis=-1).max() for p in (before, after)]
            assert jumps[1] <= 3.0 * jumps[0], (clip.names[j], jumps)
        drift = np.linalg.norm(after.positions[:, leg.foot] - before.positions[:, leg.foot], axis=-1)
        assert drift[foot.track.contact].max() <= 0.12 * result.leg_length


def test_the_jump_leaves_and_lands_with_both_feet_and_turns_in_the_air():
    clip = read_bvh(DATA_DIR / "cmu_style_jump_turn.bvh")
    result = footlock(clip)
    (left_first, left_last), (right_first, right_last) = (
        (foot.intervals[0], foot.intervals[-1]) for foot in result.feet
    )
    assert abs(left_first[1] - right_first[1]) <= 3 and abs(left_last[0] - right_last[0]) <= 3  # 함께 떠나고 함께 닿는다
    heading = clip.motion[:, list(clip.channels[0]).index("Yrotation")]
    assert heading[: left_first[1]].max() == 0.0 and heading[left_last[0]:].min() == pytest.approx(90.0)
    # 공중에서는 고치지 않는다: 두 발이 떠 있는 (무게 0 인) 프레임의 다리 채널은 비트 단위로 그대로.
    air = slice(left_first[1] + 10, left_last[0] - 10)
    assert np.array_equal(result.clip.motion[air], clip.motion[air])
