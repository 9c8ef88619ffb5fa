"""관절 배열의 발 미끄러짐 고치기 (twoboneik.footskate): 실제 모션 (mocapbank 클립 → SMPL-22) 에 알려진 미끄러짐을 더해
고친 결과가 깨끗한 원본의 수준으로 돌아가는지, 뼈 길이·다리 밖 관절·dtype 의 약속, 잘못된 입력의 오류."""

from __future__ import annotations

import importlib.util
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import DATA_DIR
from twoboneik.footskate import SMPL22, FootskateOptions, Layout, LegIndices, clean_foot_skating, load_layout

_spec = importlib.util.spec_from_file_location("make_smpl22", DATA_DIR / "make_smpl22.py")
assert _spec is not None and _spec.loader is not None
generator = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(generator)

SOURCE = generator.smpl22_from_bvh()
LEG_JOINTS = sorted(SMPL22.leg_joints)
OTHER_JOINTS = [j for j in range(22) if j not in LEG_JOINTS]
#: 깨끗한 원본 (고치지 않은 실제 모션) 의 문헌 지표.
SOURCE_REPORT = clean_foot_skating(SOURCE).metrics["before"]
BODY, LEFT_LEG, RIGHT_LEG = (), (4, 7, 10), (5, 8, 11)


def log_uniform(low: float, high: float) -> st.SearchStrategy[float]:
    return st.floats(np.log10(low), np.log10(high)).map(lambda e: float(10.0**e))


def bone_lengths(array: np.ndarray) -> np.ndarray:
    x = np.asarray(array, dtype=np.float64)
    bones = [(leg.hip, leg.knee) for leg in SMPL22.legs] + [(leg.knee, leg.ankle) for leg in SMPL22.legs] + [
        (leg.ankle, leg.toe) for leg in SMPL22.legs]
    return np.stack([np.sqrt(np.sum((x[:, b] - x[:, a]) ** 2, axis=-1)) for a, b in bones], axis=1)


def test_the_source_arrays_follow_the_smpl22_conventions():
    assert SOURCE.shape == (200, 22, 3) and SOURCE.dtype == np.float64  # 300 프레임 30 fps → 20 fps
    assert SOURCE[..., 1].min() == 0.0  # 바닥 y = 0
    lengths = bone_lengths(SOURCE)
    # 강체 뼈대의 정기구학: 프레임마다 뼈 길이가 같다 (허벅지 약 0.49 m, 정강이 약 0.39 m).
    assert np.ptp(lengths, axis=0).max() < 1e-12
    assert 0.4 < lengths[0, 0] < 0.6 and 0.3 < lengths[0, 2] < 0.5
    assert (SOURCE[:, 1, 0] > SOURCE[:, 2, 0]).mean() > 0.99 or (SOURCE[:, 1, 0] < SOURCE[:, 2, 0]).mean() > 0.99


@pytest.mark.parametrize("leg", [BODY, LEFT_LEG, RIGHT_LEG], ids=["body", "left-leg", "right-leg"])
@pytest.mark.parametrize("speed", [0.3, 0.6, 0.75])
def test_skating_added_to_real_motion_drops_to_the_clean_source_level(leg, speed, capsys):
    skated = generator.add_skating(SOURCE, speed, leg=leg)
    result = clean_foot_skating(skated)
    before, after = result.metrics["before"], result.metrics["after"]
    with capsys.disabled():
        print(f"\n[footskate] {speed} m/s {leg or 'body'}: ratio {before['skating_ratio']:.3f} → {after['skating_ratio']:.3f}"
              f" (source {SOURCE_REPORT['skating_ratio']:.3f}), sliding {before['foot_sliding_mm']:.2f} → "
              f"{after['foot_sliding_mm']:.2f} mm (source {SOURCE_REPORT['foot_sliding_mm']:.2f})")
    assert before["skating_ratio"] > SOURCE_REPORT["skating_ratio"] or speed < 0.5
    assert after["skating_ratio"] <= SOURCE_REPORT["skating_ratio"] + 0.02
    assert after["foot_sliding_mm"] <= SOURCE_REPORT["foot_sliding_mm"] + 0.5
    assert after["foot_sliding_mm"] < before["foot_sliding_mm"]


@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    speed=log_uniform(1e-3, 0.75),
    noise=log_uniform(1e-6, 1e-3),
    scale=log_uniform(1e-2, 1e2),
    leg=st.sampled_from([BODY, LEFT_LEG, RIGHT_LEG]),
    seed=st.integers(0, 2**31),
    dtype=st.sampled_from([np.float64, np.float32]),
)
def test_conditioning_skating_noise_and_clip_scale(speed, noise, scale, leg, seed, dtype):
    rng = np.random.default_rng(seed)
    skated = generator.add_skating(SOURCE, speed, leg=leg)
    skated = ((skated + rng.normal(size=skated.shape) * noise) * scale).astype(dtype)
    result = clean_foot_skating(skated, options=FootskateOptions(units_per_metre=scale))
    assert result.joints.dtype == dtype
    after = result.metrics["after"]
    assert after["skating_ratio"] <= SOURCE_REPORT["skating_ratio"] + 0.02
    assert after["foot_sliding_mm"] <= SOURCE_REPORT["foot_sliding_mm"] + 0.5
    # 뼈 길이: 중앙값 그대로 (float64 에서 1e-9 상대, float32 는 좌표 크기의 몇 ulp).
    lengths = bone_lengths(result.joints)
    medians = np.array([b for foot in result.feet for b in foot.bone_lengths]).reshape(2, 3).T.ravel()
    bound = 1e-9 if dtype is np.float64 else 8 * np.finfo(np.float32).eps * np.abs(skated).max() / medians.min()
    assert np.max(np.abs(lengths / medians - 1.0)) < bound
    assert np.array_equal(result.joints[:, OTHER_JOINTS], skated[:, OTHER_JOINTS])


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_bone_lengths_are_held_and_nothing_but_the_legs_changes(dtype):
    skated = generator.add_skating(SOURCE, 0.7, leg=LEFT_LEG).astype(dtype)
    copy = skated.copy()
    result = clean_foot_skating(skated)
    assert np.array_equal(skated, copy)  # 입력은 그대로
    assert result.joints.dtype == dtype and result.joints.shape == skated.shape
    # 다리 밖 관절 (엉덩이·뿌리 포함) 은 비트 단위로 같다.
    assert result.joints[:, OTHER_JOINTS].tobytes() == skated[:, OTHER_JOINTS].tobytes()
    medians = np.array([[foot.bone_lengths[k] for foot in result.feet] for k in range(3)]).ravel()
    lengths = bone_lengths(result.joints)
    relative = np.max(np.abs(lengths / medians - 1.0))
    if dtype is np.float64:
        assert relative < 1e-9
    else:
        # float32 의 반올림: 좌표 크기의 몇 ulp 를 가장 짧은 뼈로 나눈 것.
        bound = 8 * np.finfo(np.float32).eps * np.abs(skated).max() / medians.min()
        assert relative < bound
    # 입력 뼈 길이는 흔들렸다 (다리만 옮겼으므로 허벅지가 늘었다 줄었다 한다).
    assert np.ptp(bone_lengths(skated)[:, 0]) > 0.01


def test_the_clean_source_keeps_its_shape_and_the_report_makes_sense():
    result = clean_foot_skating(SOURCE)
    assert result.fps == 20.0 and result.layout is SMPL22
    assert len(result.feet) == 2 and all(foot.intervals for foot in result.feet)
    # 오른발은 발을 끌며 두 번 옮겨 딛는다 (발끝 1–2.5 cm, 1 m/s 가까이): 접지 셋으로 남는다 (발 고정의 BVH 보고와 같다).
    assert len(result.feet[0].intervals) == 1 and len(result.feet[1].intervals) == 3
    after = result.metrics["after"]
    assert after["skating_ratio"] <= SOURCE_REPORT["skating_ratio"]
    assert after["foot_sliding_mm"] <= SOURCE_REPORT["foot_sliding_mm"]
    # 접지의 끝은 속도 문턱 (0.9 m/s) 을 넘은 뒤라 그 몇 프레임은 발을 잡아 둔다: 바뀐 것은 다리뿐, 20 cm 미만.
    assert np.max(np.abs(result.joints - SOURCE)) < 0.2
    data = json.loads(json.dumps(result.metrics_json()))
    assert data["layout"] == "smpl22" and data["frames"] == 200 and data["after"]["thresholds"]["fps"] == 20.0
    assert "발 미끄러짐 비율" in result.summary() and "foot-skating ratio" in result.summary("en")


def test_a_json_layout_for_another_skeleton_gives_the_same_answer_as_smpl22(tmp_path):
    # 관절 순서를 뒤섞고 Z 를 위로 (Y → Z, Z → −Y) 돌린 배열: 배치만 맞게 주면 같은 답.
    order = np.random.default_rng(3).permutation(22)
    where = np.argsort(order)  # 원래 색인 j 가 새 배열의 where[j]
    skated = generator.add_skating(SOURCE, 0.6)
    turned = skated[:, order][..., [0, 2, 1]] * np.array([1.0, -1.0, 1.0])
    legs = {side: {k: int(where[getattr(leg, k)]) for k in ("hip", "knee", "ankle", "toe")}
            for side, leg in zip(("left", "right"), SMPL22.legs)}
    path = tmp_path / "layout.json"
    path.write_text(json.dumps({**legs, "root": int(where[0]), "up": "+z", "fps": 20}), encoding="utf-8")
    layout = load_layout(path)
    assert layout.up_axis == 2 and layout.fps == 20.0
    mine = clean_foot_skating(turned, path)
    reference = clean_foot_skating(skated)
    back = (mine.joints * np.array([1.0, -1.0, 1.0]))[..., [0, 2, 1]][:, where]
    assert np.max(np.abs(back - reference.joints)) < 1e-9
    assert mine.metrics["after"]["skating_ratio"] == pytest.approx(reference.metrics["after"]["skating_ratio"])


def test_the_toe_stays_above_the_ground_in_contact():
    skated = generator.add_skating(SOURCE, 0.8)
    skated[:, [10, 11], 1] -= 0.004  # 발끝을 땅 아래로 조금
    result = clean_foot_skating(skated)
    for foot, leg in zip(result.feet, SMPL22.legs):
        for s, e in foot.intervals:
            assert result.joints[s:e + 1, leg.toe, 1].min() >= result.ground - 1e-12


BAD_INPUTS = [
    (np.zeros((10, 22)), "joints"),
    (np.zeros((10, 22, 2)), "joints"),
    (np.zeros((3, 22, 3)), "프레임"),
    (np.zeros((10, 11, 3)), "layout smpl22"),
    (np.zeros((10, 22, 3), dtype=np.int64), "dtype"),
]


@pytest.mark.parametrize("joints, word", BAD_INPUTS)
def test_bad_arrays_are_refused_with_the_argument_named(joints, word):
    with pytest.raises(ValueError, match=word):
        clean_foot_skating(joints)


@pytest.mark.parametrize("value", [np.nan, np.inf, -np.inf])
def test_non_finite_values_are_refused_with_their_index(value):
    joints = SOURCE.copy()
    joints[5, 7, 1] = value
    with pytest.raises(ValueError, match=r"joints\[5, 7, 1\]"):
        clean_foot_skating(joints)


@pytest.mark.parametrize("fps", [0.0, -20.0, np.nan, np.inf, True, "20"])
def test_bad_fps_is_refused(fps):
    with pytest.raises(ValueError, match="fps"):
        clean_foot_skating(SOURCE, fps=fps)


def test_bad_layouts_are_refused(tmp_path):
    with pytest.raises(ValueError, match="모르는 이름 'smpl24'"):
        clean_foot_skating(SOURCE, "smpl24")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="JSON"):
        clean_foot_skating(SOURCE, broken)
    with pytest.raises(ValueError, match="읽을 수 없습니다"):
        clean_foot_skating(SOURCE, tmp_path / "missing.json")
    base = {"left": {"hip": 1, "knee": 4, "ankle": 7, "toe": 10}, "right": {"hip": 2, "knee": 5, "ankle": 8, "toe": 11}}
    for change, word in (
        ({"left": {"hip": 1, "knee": 4, "ankle": 7}}, "'left'"),
        ({"left": {"hip": 1, "knee": 4, "ankle": 7, "toe": -1}}, "left.toe"),
        ({"left": {"hip": 1, "knee": 4, "ankle": 7, "toe": 1.5}}, "left.toe"),
        ({"up": "up"}, "up"),
        ({"fps": 0}, "fps"),
        ({"extra": 1}, "모르는 키"),
        ({"right": {"hip": 1, "knee": 5, "ankle": 8, "toe": 11}}, "서로 달라야"),
        ({"root": 4}, "root"),
    ):
        with pytest.raises(ValueError, match=word):
            load_layout({**base, **change})
    with pytest.raises(ValueError, match="색인 40"):
        clean_foot_skating(SOURCE, {**base, "left": {"hip": 1, "knee": 4, "ankle": 7, "toe": 40}}, fps=20)
    no_fps = Layout(LegIndices(1, 4, 7, 10), LegIndices(2, 5, 8, 11))
    with pytest.raises(ValueError, match="fps"):
        clean_foot_skating(SOURCE, no_fps)


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="blend_frames"):
        clean_foot_skating(SOURCE, options=FootskateOptions(blend_frames=-1))
    with pytest.raises(ValueError, match="units_per_metre"):
        clean_foot_skating(SOURCE, options=FootskateOptions(units_per_metre=0.0))
    with pytest.raises(ValueError, match="ground"):
        clean_foot_skating(SOURCE, options=FootskateOptions(ground=float("nan")))


def test_a_zero_length_bone_is_refused():
    joints = SOURCE.copy()
    joints[:, 10] = joints[:, 7]
    with pytest.raises(ValueError, match="발목–발끝"):
        clean_foot_skating(joints)


def test_report_false_skips_the_metrics_but_gives_the_same_array():
    skated = generator.add_skating(SOURCE, 0.6)
    quick = clean_foot_skating(skated, options=FootskateOptions(report=False))
    assert quick.metrics == {} and "접지" in quick.summary()
    assert quick.joints.tobytes() == clean_foot_skating(skated).joints.tobytes()


def test_the_benchmark_runs_on_a_small_array(capsys):
    from twoboneik import bench_footskate

    bench_footskate.main(["--frames", "400", "--rounds", "1"])
    out = capsys.readouterr().out
    assert "400 프레임" in out and "지표 없이" in out


def test_the_planted_toe_does_not_move_inside_contacts():
    result = clean_foot_skating(generator.add_skating(SOURCE, 0.6))
    for foot in result.feet:
        assert foot.slide_before_mm[0] > 5.0 and foot.slide_after_mm[1] < 1e-6


def standing_pair(frames: int, toe_height: float, drift_m_s: float, fps: float = 20.0) -> np.ndarray:
    """손으로 만든 SMPL-22 자세: 두 다리가 조금 굽어 서 있고, 땅 (y = 0) 위 toe_height 의 발끝 (두 발 같은 높이),
    왼발만 x 로 drift_m_s 만큼 일정하게 미끄러진다 (무릎·발목·발끝을 함께 옮긴다)."""
    joints = np.zeros((frames, 22, 3))
    joints[:, :, 1] = 1.2
    for hip, knee, ankle, toe, x in ((1, 4, 7, 10, 0.09), (2, 5, 8, 11, -0.09)):
        joints[:, hip] = (x, 0.95, 0.0)
        joints[:, knee] = (x, 0.52, 0.05)
        joints[:, ankle] = (x, 0.07 + toe_height, 0.0)
        joints[:, toe] = (x, toe_height, 0.14)
    joints[:, [4, 7, 10], 0] += (np.arange(frames) * drift_m_s / fps)[:, None]
    return joints


@settings(max_examples=60, deadline=None, derandomize=True)
@given(gap=log_uniform(1e-4, 0.2), above=st.booleans(), drift=log_uniform(1e-3, 0.4))
def test_contacts_follow_the_height_band_around_its_thresholds(gap, above, drift):
    # 땅을 0 으로 주고 발끝을 들어감 높이 (3 cm) 의 조금 아래·위에: 아래면 접지 (고정), 위면 접지가 없다.
    options = FootskateOptions(ground=0.0)
    height = options.contact.height_on * (1 + gap if above else 1 - gap)
    result = clean_foot_skating(standing_pair(40, height, drift), options=options)
    left = result.feet[0]
    if above:
        assert left.intervals == []  # 내내 떠 있는 발: 발목의 '평평한 높이' 도 땅을 가정하지 않는다
    else:
        assert left.intervals == [(0, 39)]
        toe = result.joints[:, 10]
        assert np.max(np.abs(toe - toe.mean(axis=0))) < 1e-9  # 발끝이 한 자리에
