"""척도: 아무 배율의 클립에서도 미터 문턱이 같은 뜻이 되도록, 다리 길이에서 연속적인 척도 (단위/m) 를 추정한다."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import DATA_DIR
from test_footlock import scaled as rescaled  # 같은 동작을 factor 배 단위로 (OFFSET 과 위치 채널만)
from twoboneik import __main__ as cli
from twoboneik.footlock import FootlockOptions, footlock
from twoboneik.scale import TYPICAL_LEG_LENGTH_M, infer_scale
from twoboneik.synthetic import make_walk

#: CMU 모션 캡처의 단위: 1 단위 ≈ 5.64 cm (다리 ≈ 14.8 단위 ≈ 0.83 m).
CMU_UNIT_M = 0.0564
REAL_CLIP = DATA_DIR / "mocapbank_trimmed.bvh"


# (이름, cm 클립에 곱할 배율, 기대하는 단위 이름). 0.37 은 이름 붙은 단위의 배율이 아니다.
SCALES = [
    ("cm", 1.0, "cm"),
    ("m", 0.01, "m"),
    ("inch", 1 / 2.54, "inch"),
    ("mm", 10.0, "mm"),
    ("cmu", 0.01 / CMU_UNIT_M, "단위"),
    ("odd-0.37", 0.37, "inch"),  # 36.6 단위/m: inch (39.4) 의 15 % 안이라 그 이름으로 부르지만 척도는 36.6 이다
]


@pytest.fixture(scope="module")
def walk():
    return make_walk(frames=240, slide_degrees=2.0, heading_degrees=25.0)


@pytest.fixture(scope="module")
def reference(walk):
    return footlock(walk.clip, FootlockOptions(units="cm"))


@pytest.mark.parametrize(("name", "factor", "unit_name"), SCALES, ids=[s[0] for s in SCALES])
def test_the_inferred_scale_follows_the_clip_and_contacts_stay_the_same(walk, reference, name, factor, unit_name):
    result = footlock(rescaled(walk.clip, factor))
    # 합성 리그의 다리는 82 cm: 척도 = 82 cm × factor ÷ 0.83 m.
    expected = 82.0 * factor / TYPICAL_LEG_LENGTH_M
    assert result.scale.units_per_metre == pytest.approx(expected, rel=1e-9)
    assert result.scale.source == "leg" and result.units == unit_name
    # 미터 문턱이 같은 뜻이면 어느 배율에서도 같은 접지를 찾는다 (단위로 반올림하면 CMU·0.37 에서 달라진다).
    for foot, ref in zip(result.feet, reference.feet):
        assert foot.intervals == ref.intervals
        assert foot.slide_after_max < 1e-6 * result.leg_length
    assert f"척도 {expected:.4g} 단위/m" in result.summary()


def test_cmu_scale_is_not_called_an_inch(walk):
    cmu = rescaled(walk.clip, 0.01 / CMU_UNIT_M)
    result = footlock(cmu)
    assert result.leg_length == pytest.approx(14.54, abs=0.01)
    assert result.units != "inch" and 17 < result.scale.units_per_metre < 18.5


def test_given_units_or_scale_override_the_inference(walk):
    by_units = footlock(walk.clip, FootlockOptions(units="inch"))
    assert by_units.scale.units_per_metre == pytest.approx(1 / 0.0254) and by_units.scale.source == "units"
    by_scale = footlock(walk.clip, FootlockOptions(scale=250.0))
    assert by_scale.scale.units_per_metre == 250.0 and by_scale.scale.source == "scale"
    assert "--scale 로 줌" in by_scale.summary()
    # 척도가 2.5 배면 미터 문턱이 클립 단위로 2.5 배 커진다: 접지 프레임이 늘거나 같다.
    for foot, ref in zip(by_scale.feet, footlock(walk.clip).feet):
        assert foot.track.contact.sum() >= ref.track.contact.sum()


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        (dict(units="cm", scale=100.0), "하나만"),
        (dict(scale=0.0), "scale"),
        (dict(scale=-3.0), "scale"),
        (dict(scale=float("inf")), "scale"),
        (dict(units="furlong"), "units"),
    ],
)
def test_bad_scale_options_are_rejected(kwargs, words):
    with pytest.raises(ValueError, match=words):
        FootlockOptions(**kwargs).validate()
    with pytest.raises(ValueError, match="다리 길이"):
        infer_scale(float("nan"))


def test_the_command_takes_scale_and_refuses_scale_with_units(tmp_path, capsys):
    out = tmp_path / "o.bvh"
    assert cli.main(["footlock", str(REAL_CLIP), "-o", str(out), "--scale", "100"]) == cli.EXIT_OK
    assert "척도 100 단위/m, --scale 로 줌" in capsys.readouterr().out
    code = cli.main(["footlock", str(REAL_CLIP), "-o", str(tmp_path / "x.bvh"), "--scale", "100", "--units", "cm"])
    assert code == cli.EXIT_USAGE
    code = cli.main(["footlock", str(REAL_CLIP), "-o", str(tmp_path / "x.bvh"), "--scale", "-1"])
    assert code == cli.EXIT_USAGE
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o.bvh"]
