"""문헌의 발 지표 (twoboneik.metrics): 발 미끄러짐 비율은 GMD/OmniControl 의 식 그대로, 땅 파고듦·뜸."""

from __future__ import annotations

import json

import numpy as np
import pytest

from conftest import DATA_DIR
from twoboneik import __main__ as cli
from twoboneik.footlock import footlock
from twoboneik.metrics import ground_errors, skating_ratio
from twoboneik.synthetic import make_walk


def reference_ratio(positions, fps, height=0.05, speed=0.5, window=5):
    """GMD 의 식을 프레임마다 도는 루프로 (y 위, 관절 10·11)."""
    feet = positions[:, [10, 11]]
    frames = feet.shape[0]
    velocity = [[np.hypot(*(feet[t + 1, k, [0, 2]] - feet[t, k, [0, 2]])) * fps for t in range(frames - 1)] for k in range(2)]
    count = 0
    for t in range(frames - 1):
        slid = False
        for k in range(2):
            lo, hi = t - window // 2, t + window - window // 2
            mean = sum(velocity[k][u] for u in range(lo, hi) if 0 <= u < frames - 1) / window
            touching = feet[t, k, 1] < height and feet[t + 1, k, 1] < height
            slid |= touching and velocity[k][t] > speed and mean > speed
        count += slid
    return count / (frames - 1)


def smpl_like(frames, rng):
    """SMPL-22 모양의 위치 배열: 발 (10, 11) 은 땅 근처에서 멈췄다 미끄러졌다 뜬다."""
    positions = rng.normal(size=(frames, 22, 3))
    t = np.arange(frames)
    for k in (10, 11):
        step = 10.0 ** rng.uniform(-3, -1, size=frames)  # 프레임당 0.1 cm … 10 cm
        positions[:, k, 0] = np.cumsum(step)
        positions[:, k, 2] = 0.0
        positions[:, k, 1] = np.where((t // rng.integers(3, 9)) % 2 == 0, rng.uniform(0, 0.06, frames), 0.2)
    return positions


def test_the_ratio_equals_the_papers_formula_written_as_loops():
    rng = np.random.default_rng(5)
    for frames in (2, 3, 7, 60, 200):
        positions = smpl_like(frames, rng)
        assert skating_ratio(positions, 20.0) == pytest.approx(reference_ratio(positions, 20.0), abs=1e-12)


def test_a_foot_sliding_just_above_the_speed_threshold_skates_except_where_the_window_runs_off_the_clip():
    frames, fps = 41, 20.0
    positions = np.zeros((frames, 22, 3))
    positions[:, 10, 0] = np.arange(frames) * 0.6 / fps  # 0.6 m/s: 창이 클립 밖으로 두 칸 나간 곳은 평균 0.36
    positions[:, 11, 1] = 1.0  # 오른발은 떠 있다
    assert skating_ratio(positions, fps) == pytest.approx((frames - 1 - 4) / (frames - 1))
    positions[:, 10, 0] = np.arange(frames) * 0.45 / fps  # 문턱 아래
    assert skating_ratio(positions, fps) == 0.0
    positions[:, 10, 0] = np.arange(frames) * 0.6 / fps
    positions[:, 10, 1] = 0.051  # 5 cm 위: 접지가 아니다
    assert skating_ratio(positions, fps) == 0.0


def test_thresholds_follow_the_clip_scale_and_the_up_axis():
    frames, fps = 30, 30.0
    cm = np.zeros((frames, 2, 3))
    cm[:, 0, 1] = np.arange(frames) * 80.0 / fps  # 0.8 m/s 로 미끄러지는 발 (cm 클립, z 가 위)
    cm[:, 0, 2] = 3.0  # 땅 위 3 cm: 5 cm 아래라 접지
    cm[:, 1, 2] = 30.0
    # 창이 클립 밖으로 두 칸 나간 첫·끝 이동은 평균 0.8 · 3/5 = 0.48 m/s 라 빠진다.
    assert skating_ratio(cm, fps, up_axis=2, feet=(0, 1), units_per_metre=100.0) == pytest.approx(27 / 29)
    # 척도를 빼면 3 이 3 m 라 접지가 아니다: 문턱은 미터로 주고 척도로 바꾼다.
    assert skating_ratio(cm, fps, up_axis=2, feet=(0, 1)) == 0.0
    # 같은 발을 y 위로 읽으면 (위 축이 틀리면) 높이가 0 … 87 cm 로 달라진다.
    assert skating_ratio(cm, fps, up_axis=1, feet=(0, 1), units_per_metre=100.0) < 1.0


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="positions"):
        skating_ratio(np.zeros((5, 3)), 20.0)
    with pytest.raises(ValueError, match="fps"):
        skating_ratio(np.zeros((5, 22, 3)), 0.0)
    with pytest.raises(ValueError, match="up_axis"):
        skating_ratio(np.zeros((5, 22, 3)), 20.0, up_axis=3)


def test_ground_errors_measure_depth_below_and_mean_float_above_on_contact_frames():
    height = np.array([-0.02, 0.01, 0.03, -0.05, 0.5])
    contact = np.array([True, True, True, False, False])
    assert ground_errors(height, contact) == pytest.approx((0.02, (0 + 0.01 + 0.03) / 3))
    assert ground_errors(height, np.zeros(5, bool)) == (0.0, 0.0)


def test_footlock_reports_the_metrics_before_and_after():
    result = footlock(make_walk(frames=240, slide_degrees=4.0).clip)
    before, after = result.metrics["before"], result.metrics["after"]
    assert before["skating_thresholds"] == {"height_m": 0.05, "speed_m_s": 0.5, "window_frames": 5, "fps": 60.0}
    for b, a in zip(before["feet"], after["feet"]):
        assert a["slide_max"] < 1e-6 < b["slide_max"]
        assert b["slide_max_cm"] == pytest.approx(b["slide_max"] * 100.0 / result.scale.units_per_metre)
    assert "발 미끄러짐 비율" in result.summary()


def test_the_command_prints_the_metrics_as_json(tmp_path, capsys):
    clip = DATA_DIR / "mocapbank_trimmed.bvh"
    assert cli.main(["footlock", str(clip), "-o", str(tmp_path / "o.bvh"), "--metrics", "json"]) == cli.EXIT_OK
    data = json.loads(capsys.readouterr().out)
    assert data["frames"] == 300 and data["unit_name"] == "cm" and set(data) >= {"before", "after", "units_per_metre"}
    assert data["after"]["skating_ratio"] <= data["before"]["skating_ratio"]
    assert len(data["before"]["feet"]) == 2
