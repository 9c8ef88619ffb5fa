"""twoboneik.metrics 의 나머지 지표: 손으로 만든 배열, 답을 만든 방식으로 안다."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from twoboneik.metrics import (
    SKATE_HEIGHT_M,
    SKATE_SPEED_M_S,
    bone_length_change,
    foot_sliding,
    ground_float,
    ground_penetration,
    knee_angular_jerk,
    motion_metrics,
    skating_ratio,
)


def feet_only(frames: int) -> np.ndarray:
    positions = np.zeros((frames, 22, 3))
    positions[:, :, 1] = 1.0  # 발이 아닌 관절은 높이 1 m
    return positions


def test_metrics_import_on_their_own_with_numpy_only():
    code = "import sys, twoboneik.metrics; print(sorted(m for m in ('twoboneik.footlock', 'twoboneik.bvh', 'matplotlib') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_foot_sliding_is_the_mean_horizontal_step_over_contact_moves_in_mm():
    positions = feet_only(11)
    positions[:, 10, 1] = 0.01
    positions[:, 10, 0] = np.arange(11) * 0.002  # 프레임당 2 mm
    positions[:, 11, 1] = 0.2  # 오른발은 떠 있다: 세지 않는다
    positions[:, 11, 2] = np.arange(11) * 0.05
    assert foot_sliding(positions) == pytest.approx(2.0)
    positions[6:, 10, 1] = 0.06  # 뒤의 다섯 프레임은 떠 있다: 이동 0→1 … 4→5 만 센다
    positions[6:, 10, 0] += 1.0
    assert foot_sliding(positions) == pytest.approx(2.0)
    positions[:, 10, 1] = 0.3
    assert foot_sliding(positions) == 0.0
    # cm 배열: 척도를 주면 같은 mm
    assert foot_sliding(feet_only(3) * 100.0, units_per_metre=100.0) == 0.0


def test_ground_penetration_and_float():
    positions = feet_only(4)
    positions[:, 10, 1] = [-0.02, 0.0, 0.01, 0.03]
    positions[:, 11, 1] = [0.5, -0.01, 0.5, 0.5]
    pen = ground_penetration(positions)
    assert pen.max == pytest.approx(0.02) and pen.mean == pytest.approx((0.02 + 0.01) / 8)
    # 낮은 발: −0.02, −0.01, 0.01, 0.03 — 모두 5 cm 아래. 뜬 높이 max(h, 0) 의 평균.
    assert ground_float(positions) == pytest.approx((0 + 0 + 0.01 + 0.03) / 4)
    positions[:, [10, 11], 1] = 0.2
    assert ground_float(positions) == 0.0 and ground_penetration(positions).max == 0.0


def test_bone_length_change_is_the_largest_relative_deviation_from_the_median():
    positions = np.zeros((3, 2, 3))
    positions[:, 1, 0] = [1.0, 1.0, 1.1]
    assert bone_length_change(positions, [(0, 1)]) == pytest.approx(0.1)
    positions[:, 1, 0] = 2.0
    assert bone_length_change(positions, [(0, 1)]) == 0.0


@pytest.mark.parametrize("fps", [20.0, 30.0, 120.0])
def test_knee_angular_jerk_of_a_cubic_knee_angle(fps):
    # 무릎 각 θ(t) = π − c t³: 3 차 차분 × fps³ = 6c 그대로 (다항식이라 차분이 정확하다).
    frames, c = 12, 0.3
    t = np.arange(frames) / fps
    phi = c * t**3
    positions = np.zeros((frames, 3, 3))
    positions[:, 0] = [0.0, 1.0, 0.0]  # 엉덩이
    positions[:, 2] = np.stack([np.sin(phi), -np.cos(phi), np.zeros(frames)], axis=1)  # 발목
    assert knee_angular_jerk(positions, fps, [(0, 1, 2)]) == pytest.approx(6 * c, rel=1e-6)
    positions[:, 2] = [0.0, -1.0, 0.0]
    assert knee_angular_jerk(positions, fps, [(0, 1, 2)]) == 0.0


def log_uniform(low: float, high: float) -> st.SearchStrategy[float]:
    return st.floats(np.log10(low), np.log10(high)).map(lambda e: float(10.0**e))


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    height_gap=log_uniform(1e-6, 1e-2), speed_gap=log_uniform(1e-6, 1e-1), below=st.booleans(), slower=st.booleans(),
    scale=log_uniform(1e-2, 1e3),
)
def test_the_ratio_flips_exactly_at_the_thresholds(height_gap, speed_gap, below, slower, scale):
    # 일정한 속도로 미끄러지는 발, 문턱에서 조금 위·아래: 창 평균은 가운데에서 속도와 같다.
    frames, fps = 21, 20.0
    speed = SKATE_SPEED_M_S * (1 - speed_gap if slower else 1 + speed_gap)
    height = SKATE_HEIGHT_M * (1 - height_gap if below else 1 + height_gap)
    positions = np.zeros((frames, 22, 3))
    positions[:, 10, 0] = np.arange(frames) * speed / fps
    positions[:, 10, 1] = height
    positions[:, 11, 1] = 1.0
    ratio = skating_ratio(positions * scale, fps, units_per_metre=scale)
    if below and not slower:
        assert ratio == pytest.approx((frames - 1 - 4) / (frames - 1))  # 창이 클립 밖으로 나간 네 이동만 빠진다
    else:
        assert ratio == 0.0


def test_motion_metrics_reads_a_negative_up_axis():
    positions = feet_only(5)
    positions[:, [10, 11], 1] = 0.01
    positions[:, 10, 0] = np.arange(5) * 0.004  # 왼발 4 mm, 오른발 0: 평균 2 mm
    flipped = positions * np.array([1.0, -1.0, 1.0])
    a = motion_metrics(positions, 20.0)
    b = motion_metrics(flipped, 20.0, 1, -1.0)
    assert a == b and a["foot_sliding_mm"] == pytest.approx(2.0)
    assert a["thresholds"] == {"height_m": SKATE_HEIGHT_M, "speed_m_s": SKATE_SPEED_M_S, "window_frames": 5, "fps": 20.0}
