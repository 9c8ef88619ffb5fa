"""CMU 식 클립 (CMU 의 척도, 휘는 걷기, 서기–걷기–서기): 척도를 맞게 찾고, 디딘 발이 멈추고, 닿지 못한 프레임이 없다."""

from __future__ import annotations

import importlib.util
import io

import pytest

from conftest import DATA_DIR
from twoboneik.bvh import format_bvh, read_bvh
from twoboneik.footlock import footlock

_spec = importlib.util.spec_from_file_location("make_cmu_style", DATA_DIR / "make_cmu_style.py")
assert _spec is not None and _spec.loader is not None
generator = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(generator)


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
        assert len(foot.intervals) >= 3 and foot.unreachable_frames.size == 0
        assert before["slide_max_cm"] > 0.1 and after["slide_max_cm"] < 1e-6
