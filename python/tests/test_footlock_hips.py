"""엉덩이 조정 (--adjust-hips): 디딘 두 발이 닿도록 엉덩이를 가장 작게, 부드럽게, 한계 안에서 옮기고 보고한다.

기본 (끔) 에서는 다리의 회전 채널만 바뀐다. 켜면 뿌리의 위치 채널도 바뀌고, 다른 것은 그대로다.
"""

from __future__ import annotations

import json
import os

import numpy as np
import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

from conftest import DATA_DIR
from twoboneik import __main__ as cli
from twoboneik.bvh import BvhClip, read_bvh
from twoboneik.fk import forward_kinematics
from twoboneik.footlock import FootlockOptions, footlock
from twoboneik.hips import required_offsets, smooth_cover
from twoboneik.legs import find_legs
from twoboneik.synthetic import make_walk

CMU_UNIT_CM = 5.64


def long_stride_cmu_walk() -> BvhClip:
    """CMU 단위의 보폭 큰 걷기 (1.5 m/s, 허벅지가 4° 흔들려 디딘 발이 미끄러진다): 디딤 끝에서 다리가 다 펴진다."""
    clip = make_walk(frames=600, fps=120.0, speed=150.0, slide_degrees=4.0, seed=5).clip
    factor = 1.0 / CMU_UNIT_CM
    clip.offsets = clip.offsets * factor
    clip.end_sites = [(j, o * factor) for j, o in clip.end_sites]
    clip.motion[:, :3] *= factor  # 엉덩이의 X·Y·Z 위치
    return clip


def rotation_columns(clip, joints):
    return {int(clip.channel_start[j]) + k for j in joints for k, c in enumerate(clip.channels[j]) if c.endswith("rotation")}


def unreachable_share(result):
    contact = sum(int(f.track.contact.sum()) for f in result.feet)
    return sum(f.unreachable_frames.size for f in result.feet) / contact


@pytest.fixture(scope="module")
def walk():
    return long_stride_cmu_walk()


def test_adjusting_the_hips_makes_the_planted_feet_reachable(walk):
    stiff = footlock(walk, FootlockOptions(toe_roll=False))
    hips = footlock(walk, FootlockOptions(toe_roll=False, adjust_hips=True))
    assert unreachable_share(stiff) > 0.05  # 다리만 뻗으면 디딤 끝마다 닿지 않는다
    assert unreachable_share(hips) < 0.01
    assert stiff.hips is None and hips.hips is not None
    assert 0 < hips.hips.largest <= 0.1 * hips.leg_length and hips.hips.frames.size > 0
    # 발끝 구르기 (기본) 와 함께여도 1 % 미만.
    assert unreachable_share(footlock(walk, FootlockOptions(adjust_hips=True))) < 0.01


def test_only_the_leg_rotations_and_the_root_position_change(walk):
    legs = find_legs(walk)
    leg_rotations = rotation_columns(walk, [j for leg in legs for j in (leg.thigh, leg.shin, leg.foot)])
    for options, allowed in (
        (FootlockOptions(toe_roll=False), leg_rotations),
        (FootlockOptions(toe_roll=False, adjust_hips=True), leg_rotations | {0, 1, 2}),
    ):
        changed = set(np.flatnonzero(np.any(footlock(walk, options).clip.motion != walk.motion, axis=0)).tolist())
        assert changed <= allowed
        assert changed & {0, 1, 2} == (set() if not options.adjust_hips else {0, 1, 2} & changed)
    moved = footlock(walk, FootlockOptions(toe_roll=False, adjust_hips=True)).clip.motion[:, :3] - walk.motion[:, :3]
    assert np.any(moved != 0)


def test_the_offset_is_smooth_bounded_and_blended_in_and_out(walk):
    result = footlock(walk, FootlockOptions(toe_roll=False, adjust_hips=True, hips_blend=0.25))
    offset = result.hips.offset
    assert np.array_equal(result.clip.motion[:, :3] - walk.motion[:, :3] != 0, offset != 0)
    step = np.linalg.norm(np.diff(offset, axis=0), axis=-1)
    # 섞는 시간 0.25 s (30 프레임) 에 걸쳐 들고 난다: 한 프레임의 변화는 가장 큰 이동의 작은 몫.
    assert step.max() < 0.2 * result.hips.largest
    hips = find_legs(walk)[0].thigh
    before, after = forward_kinematics(walk), forward_kinematics(result.clip)
    jumps = [np.linalg.norm(np.diff(p.positions[:, hips], axis=0), axis=-1).max() for p in (before, after)]
    assert jumps[1] <= 1.5 * jumps[0]
    tight = footlock(walk, FootlockOptions(toe_roll=False, adjust_hips=True, hips_limit=0.01))
    assert tight.hips.largest <= 0.01 * tight.leg_length * (1 + 1e-12)
    assert unreachable_share(tight) > unreachable_share(result)  # 한계가 작으면 다 닿게 할 수는 없다
    none = footlock(walk, FootlockOptions(toe_roll=False, adjust_hips=True, hips_limit=0.0))
    assert none.hips.frames.size == 0 and np.array_equal(none.clip.motion, footlock(walk, FootlockOptions(toe_roll=False)).clip.motion)


def test_a_clip_that_needs_nothing_is_not_touched():
    clip = read_bvh(DATA_DIR / "cmu_style_veer.bvh")
    result = footlock(clip, FootlockOptions(adjust_hips=True))
    assert result.hips.frames.size == 0 and result.hips.largest == 0.0
    assert np.array_equal(result.clip.motion, footlock(clip).clip.motion)


@seed(18)
@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    values=st.lists(st.floats(-1.0, 1.0), min_size=1, max_size=40),
    half=st.integers(0, 6),
    magnitude=st.floats(-6.0, 6.0),  # 로그 균등: 10^-6 … 10^6
)
def test_the_smooth_cover_covers_every_component_of_one_sign(values, half, magnitude):
    # 한 부호의 성분은 덮는다 (부호가 바뀌는 곳의 모자람은 hips_offsets 가 남은 만큼 다시 덮어 채운다).
    offset = np.zeros((len(values), 3))
    offset[:, 1] = -np.abs(values) * 10.0**magnitude
    offset[::2, 0] = np.abs(offset[::2, 1])
    cover = smooth_cover(offset, half)
    positive, negative = offset > 0, offset < 0
    assert np.all(cover[positive] >= offset[positive] * (1 - 1e-12))
    assert np.all(cover[negative] <= offset[negative] * (1 - 1e-12))
    assert np.all(cover[:, 2] == 0)


@seed(19)
@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    gap=st.tuples(st.floats(-1, 1), st.floats(-1, 1), st.floats(-1, 1)),
    spread=st.floats(0.0, 0.5),
    log_scale=st.floats(-3.0, 3.0),
)
def test_the_required_offset_reaches_both_feet_when_they_can_be_reached(gap, spread, log_scale):
    scale = 10.0**log_scale
    roots = [np.array([[spread, 0.0, 0.0]]) * scale, np.array([[-spread, 0.0, 0.0]]) * scale]
    direction = np.asarray(gap) + np.array([0.0, -2.0, 0.0])
    targets = [r + direction * scale for r in roots]
    radii = [1.0 * scale, 1.0 * scale]
    offset = required_offsets(roots, targets, [np.array([True])] * 2, radii)
    for root, target, radius in zip(roots, targets, radii):
        assert np.linalg.norm(root + offset - target) <= radius * (1 + 1e-6)
    # 필요 없으면 옮기지 않는다.
    near = [r + 0.5 * direction / np.linalg.norm(direction) * scale for r in roots]
    assert np.array_equal(required_offsets(roots, near, [np.array([True])] * 2, radii), np.zeros((1, 3)))


def test_the_summary_and_the_json_report_the_offset(walk, tmp_path, capsys):
    from twoboneik.bvh import write_bvh

    source = tmp_path / "walk.bvh"
    write_bvh(source, walk)
    assert cli.main(["footlock", str(source), "-o", str(tmp_path / "k.bvh"), "--adjust-hips", "--no-toe-roll"]) == 0
    assert "엉덩이 조정: 가장 큰 이동" in capsys.readouterr().out
    assert cli.main(["footlock", str(source), "-o", str(tmp_path / "e.bvh"), "--adjust-hips", "--lang", "en"]) == 0
    assert "hips adjusted: largest offset" in capsys.readouterr().out
    assert cli.main(["footlock", str(source), "-o", str(tmp_path / "j.bvh"), "--adjust-hips", "--no-toe-roll",
                     "--metrics", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["hips"]["frames_touched"] > 0 and report["hips"]["largest_offset_cm"] > 0
    assert cli.main(["footlock", str(source), "-o", str(tmp_path / "n.bvh"), "--metrics", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["hips"] is None


@pytest.mark.parametrize(
    "flag, value, name",
    [("--hips-limit", "-0.1", "hips_limit"), ("--hips-limit", "nan", "hips_limit"), ("--hips-blend", "-1", "hips_blend"),
     ("--hips-blend", "inf", "hips_blend"), ("--max-drift", "0", "max_drift"), ("--max-drift", "-1", "max_drift")],
)
def test_bad_hips_options_exit_2_naming_the_option_and_write_nothing(flag, value, name, tmp_path, capsys):
    out = tmp_path / "o.bvh"
    assert cli.main(["footlock", str(DATA_DIR / "cmu_style_veer.bvh"), "-o", str(out), "--adjust-hips", flag, value]) == 2
    error = capsys.readouterr().err
    assert name in error and value in error
    assert os.listdir(tmp_path) == []
    with pytest.raises(ValueError, match=name):
        footlock(read_bvh(DATA_DIR / "cmu_style_veer.bvh"), FootlockOptions(**{name: float(value)}))


def test_a_root_without_position_channels_cannot_adjust_the_hips(tmp_path, capsys):
    clip = read_bvh(DATA_DIR / "cmu_style_veer.bvh")
    fixed_root = clip.copy()
    keep = [k for k, c in enumerate(clip.channels[0]) if not c.endswith("position")]
    fixed_root.channels = [tuple(clip.channels[0][k] for k in keep)] + list(clip.channels[1:])
    fixed_root.motion = np.delete(clip.motion, [k for k in range(len(clip.channels[0])) if k not in keep], axis=1)
    with pytest.raises(ValueError, match="adjust_hips"):
        footlock(fixed_root, FootlockOptions(adjust_hips=True))
    footlock(fixed_root)  # 끄면 그대로 고친다
    from twoboneik.bvh import write_bvh

    source, out = tmp_path / "in.bvh", tmp_path / "out.bvh"
    write_bvh(source, fixed_root)
    assert cli.main(["footlock", str(source), "-o", str(out), "--adjust-hips"]) == cli.EXIT_BAD_FILE
    assert "adjust_hips" in capsys.readouterr().err and os.listdir(tmp_path) == ["in.bvh"]
