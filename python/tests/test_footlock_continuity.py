"""이어짐: 접지가 걸음의 어느 위상에서 시작·끝나든 (클립을 아무 프레임에서 자르든) 다리 관절이 튀지 않고 디딘 자리가 떠돌지 않는다.

기준 (issue 18): 고친 클립에서 한 프레임 사이 관절의 이동 ≤ 3 × 들어온 클립의 그 관절의 가장 큰 이동, 그리고 모든 접지
프레임의 디딘 점은 들어온 그 점에서 다리 길이의 0.12 안. 디딘 점은 발목, 발끝 구르기로 발이 돈 프레임 (발의 월드 회전이
바뀐 곳: 뒤꿈치가 들리고 발끝이 디뎌 있다) 에서는 발끝이다. 클립의 크기는 로그 균등 (10^-3 … 10^3 배) 으로 바꾼다: 문턱이 미터로
주어지고 척도로 바뀌므로 크기와 상관없이 같은 결과여야 한다.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

from conftest import DATA_DIR
from twoboneik.bvh import read_bvh
from twoboneik.fk import forward_kinematics
from twoboneik.footlock import FootlockOptions, footlock
from twoboneik.legs import find_legs
from twoboneik.synthetic import make_walk

JUMP_RATIO = 3.0
DRIFT_LEG_LENGTHS = 0.12


def largest_jumps(pose, joints):
    return np.array([np.linalg.norm(np.diff(pose.positions[:, j], axis=0), axis=-1).max() for j in joints])


def check_continuity(clip, options=None):
    """가장 큰 관절 이동의 비와 가장 큰 떠돎 (다리 길이 단위) 을 돌려주고 두 기준을 확인한다."""
    result = footlock(clip, options)
    legs = find_legs(clip)
    joints = [j for leg in legs for j in (leg.thigh, leg.shin, leg.foot, leg.toe) if j >= 0]
    before, after = forward_kinematics(clip), forward_kinematics(result.clip)
    ratio = largest_jumps(after, joints) / largest_jumps(before, joints)
    assert ratio.max() <= JUMP_RATIO, dict(zip([clip.names[j] for j in joints], ratio.round(3)))
    drift = 0.0
    for leg, foot in zip(legs, result.feet):
        turn = np.abs(after.rotations[:, leg.foot] - before.rotations[:, leg.foot]).max(axis=(1, 2))
        point = np.where((turn > 1e-9) & (leg.toe >= 0), leg.toe, leg.foot)  # 굴린 프레임은 발끝
        frames = np.arange(clip.frame_count)
        distance = np.linalg.norm(after.positions[frames, point] - before.positions[frames, point], axis=-1)
        drift = max(drift, distance[foot.track.contact].max(initial=0.0) / result.leg_length)
    assert drift <= DRIFT_LEG_LENGTHS
    return float(ratio.max()), drift


def scaled(clip, factor):
    out = clip.copy()
    out.offsets = out.offsets * factor
    out.end_sites = [(j, o * factor) for j, o in out.end_sites]
    out.motion = out.motion.copy()
    out.motion[:, :3] *= factor  # 엉덩이의 위치 채널
    return out


@seed(1818)
@settings(max_examples=30, deadline=None, derandomize=True)
@given(
    cut=st.integers(0, 119),
    frames=st.integers(40, 200),
    period=st.floats(0.7, 1.6),
    slide=st.floats(0.0, 6.0),
    heading=st.floats(-180.0, 180.0),
    log_scale=st.floats(-3.0, 3.0),
    adjust_hips=st.booleans(),
)
def test_contacts_starting_and_ending_at_any_phase_do_not_pop_or_drift(
    cut, frames, period, slide, heading, log_scale, adjust_hips
):
    walk = make_walk(frames=cut + frames, fps=60.0, period=period, slide_degrees=slide, heading_degrees=heading)
    clip = scaled(walk.clip, 10.0**log_scale)
    clip.motion = clip.motion[cut:]  # 클립이 걸음의 아무 위상에서 시작한다
    check_continuity(clip, FootlockOptions(adjust_hips=adjust_hips))


@seed(1819)
@settings(max_examples=15, deadline=None, derandomize=True)
@given(slide=st.floats(4.0, 12.0), speed=st.floats(100.0, 160.0), log_scale=st.floats(-3.0, 3.0))
def test_large_skating_is_followed_within_the_drift_bound(slide, speed, log_scale):
    # 허벅지가 크게 흔들리면 들어온 발이 디딘 동안 실제로 움직인다: 디딘 자리는 그만큼 끌려가되 0.12 L 안에 남는다.
    walk = make_walk(frames=240, fps=60.0, slide_degrees=slide, speed=speed)
    check_continuity(scaled(walk.clip, 10.0**log_scale))


@pytest.mark.parametrize("adjust_hips", [False, True])
def test_a_long_stride_walk_that_rolls_its_feet_does_not_pop_or_drift(adjust_hips):
    # 1.5 m/s 의 보폭: 디딤 끝마다 다리가 다 펴져 발끝 구르기가 뒤꿈치를 든다 (test_footlock_hips 의 걷기).
    from test_footlock_hips import long_stride_cmu_walk

    clip = long_stride_cmu_walk()
    result = footlock(clip, FootlockOptions(adjust_hips=adjust_hips))
    turned = [
        np.abs(forward_kinematics(result.clip).rotations[:, leg.foot] - forward_kinematics(clip).rotations[:, leg.foot]).max()
        for leg in find_legs(clip)
    ]
    assert max(turned) > 1e-3  # 발이 실제로 굴렀다
    check_continuity(clip, FootlockOptions(adjust_hips=adjust_hips))


def test_a_dragged_anchor_moves_only_as_much_as_the_bound_needs():
    walk = make_walk(frames=240, fps=60.0, slide_degrees=12.0)
    loose = footlock(walk.clip, FootlockOptions(max_drift=0.5))
    tight = footlock(walk.clip, FootlockOptions(max_drift=0.02))
    default = footlock(walk.clip)
    slides = [sum(f.slide_after_mean for f in r.feet) for r in (loose, default, tight)]
    assert slides[0] <= slides[1] < slides[2]  # 묶을수록 더 따라간다
    assert sum(f.slide_after_mean for f in default.feet) < 0.2 * sum(f.slide_before_mean for f in default.feet)


@pytest.mark.parametrize("adjust_hips", [False, True])
def test_the_real_clip_does_not_pop_or_drift(adjust_hips):
    # 실제 클립의 오른발은 235 프레임의 긴 디딤 동안 옮겨 딛는다: 구간 평균은 들어온 발목에서 0.17 L 까지 떨어지므로
    # 디딘 자리가 0.1 L 의 목줄로 끌려간다.
    ratio, drift = check_continuity(read_bvh(DATA_DIR / "mocapbank_trimmed.bvh"), FootlockOptions(adjust_hips=adjust_hips))
    assert ratio <= JUMP_RATIO and drift <= DRIFT_LEG_LENGTHS
    unbounded = footlock(read_bvh(DATA_DIR / "mocapbank_trimmed.bvh"), FootlockOptions(max_drift=float("inf")))
    clip = read_bvh(DATA_DIR / "mocapbank_trimmed.bvh")
    before, after = forward_kinematics(clip), forward_kinematics(unbounded.clip)
    leg, foot = find_legs(clip)[1], unbounded.feet[1]
    far = np.linalg.norm(after.positions[:, leg.foot] - before.positions[:, leg.foot], axis=-1)[foot.track.contact].max()
    assert far > 0.15 * unbounded.leg_length  # 목줄이 없으면 기준을 넘는다 (이 테스트가 목줄을 잰다)
