"""발끝 구르기: 닿지 않는 디딘 자리에서 발끝은 제자리, 뒤꿈치가 들리고, 굴림은 닿는 경계에서 0 부터 연속으로 시작한다."""

from __future__ import annotations

import numpy as np
from hypothesis import given, seed, settings
from hypothesis import strategies as st

from twoboneik import __main__ as cli
from twoboneik.contact import ContactOptions
from twoboneik.fk import forward_kinematics
from twoboneik.footlock import FootlockOptions, footlock
from twoboneik.legs import find_legs
from twoboneik.synthetic import make_walk
from twoboneik.toeroll import toe_roll

from conftest import DATA_DIR


@seed(18)
@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    log_scale=st.floats(-4, 4),
    foot=st.floats(0.05, 0.4),
    excess=st.floats(-0.3, 0.3),
    heading=st.floats(-np.pi, np.pi),
    pitch=st.floats(-0.6, 0.6),
)
def test_the_rolled_ankle_is_on_the_toe_sphere_and_within_reach(log_scale, foot, excess, heading, pitch):
    # 다리 길이 1 (× 척도 10^±4), 발 길이 foot, 디딘 발목이 다리 끝보다 excess 만큼 멀다 (음수면 닿는다).
    scale = 10.0**log_scale
    root = np.zeros((1, 3))
    down = np.array([[np.sin(heading) * np.sin(pitch), -np.cos(pitch), np.cos(heading) * np.sin(pitch)]])
    ankle = root + (1.0 + excess) * down * scale
    toe = ankle + foot * scale * np.array([[np.sin(heading), -0.3, np.cos(heading)]]) / np.hypot(1.0, 0.3)
    target, q = toe_roll(root, ankle, toe, scale, np.ones(1))
    length = foot * scale
    assert np.isclose(np.linalg.norm(target - toe), length, rtol=1e-9)  # 발끝은 제자리, 발은 강체
    distance = np.linalg.norm(target - root)
    toe_reach = np.linalg.norm(toe - root) - length
    if excess <= 0:
        assert np.allclose(target, ankle, rtol=0, atol=1e-12 * scale) and np.allclose(q, [0, 0, 0, 1], atol=1e-12)
    elif toe_reach <= scale:
        assert np.isclose(distance, scale, rtol=1e-9)  # 딱 닿을 만큼만 굴린다
    else:
        assert distance <= np.linalg.norm(ankle - root) + 1e-12 * scale  # 발끝도 닿지 않으면 가장 가까이
    # 발의 회전 q 로 들어온 발목 → 발끝 벡터를 돌리면 굴린 발목 → 발끝 벡터다.
    x, y, z, w = q[0]
    rotation = np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ])
    assert np.allclose(rotation @ (toe - ankle)[0], (toe - target)[0], rtol=0, atol=1e-9 * scale)


def test_the_roll_starts_from_zero_at_the_reach_boundary():
    root = np.zeros((2001, 3))
    excess = np.linspace(-0.01, 0.01, 2001)
    ankle = np.stack((np.zeros(2001), -(1.0 + excess), np.zeros(2001)), axis=-1)
    toe = ankle + np.array([0.0, -0.05, 0.2])
    target, q = toe_roll(root, ankle, toe, 1.0, np.ones(2001))
    angle = 2 * np.arctan2(np.linalg.norm(q[:, :3], axis=-1), q[:, 3])
    assert np.all(angle[excess <= 0] == 0) and np.all(angle[excess > 1e-6] > 0)
    assert np.max(np.abs(np.diff(angle))) < 1e-3  # 튀지 않는다
    assert np.all(target[excess > 0, 1] > ankle[excess > 0, 1])  # 뒤꿈치 (발목) 가 들린다


def test_footlock_rolls_the_foot_where_the_planted_ankle_is_out_of_reach():
    walk = make_walk(frames=180, slide_degrees=0.0)
    wide = ContactOptions(height_on=10.0, height_off=10.0, speed_on=100.0, speed_off=100.0)
    # 목줄 없이 (디딘 자리 = 클립 전체의 평균): 걸어가는 엉덩이에서 곧 닿지 않는다.
    stiff = footlock(walk.clip, FootlockOptions(contact=wide, toe_roll=False, max_drift=float("inf")))
    rolled = footlock(walk.clip, FootlockOptions(contact=wide, max_drift=float("inf")))
    legs = find_legs(walk.clip)
    before, after = forward_kinematics(walk.clip), forward_kinematics(rolled.clip)
    for leg, foot_stiff, foot_rolled in zip(legs, stiff.feet, rolled.feet):
        assert foot_rolled.unreachable_frames.size < foot_stiff.unreachable_frames.size
        toe_spot = before.positions[:, leg.toe].mean(axis=0)
        reached = np.setdiff1d(foot_stiff.unreachable_frames, foot_rolled.unreachable_frames)
        assert reached.size > 10
        # 굴려서 닿은 프레임: 발끝은 디딘 발끝 자리에, 발목은 디딘 높이보다 위 (뒤꿈치가 들림).
        assert np.max(np.linalg.norm(after.positions[reached, leg.toe] - toe_spot, axis=-1)) < 1e-6
        assert np.all(after.positions[reached, leg.foot, 1] > before.positions[reached, leg.foot, 1].mean() + 0.1)


def test_the_real_clip_has_no_unreachable_contact_frames_with_toe_roll(tmp_path, capsys):
    clip = DATA_DIR / "mocapbank_trimmed.bvh"
    assert cli.main(["footlock", str(clip), "-o", str(tmp_path / "a.bvh"), "--no-toe-roll"]) == 0
    assert "닿지 못한 프레임 11 개" in capsys.readouterr().out
    assert cli.main(["footlock", str(clip), "-o", str(tmp_path / "b.bvh")]) == 0
    assert "닿지 못한" not in capsys.readouterr().out
