"""명령 `python -m twoboneik footlock`: 종료 코드 (0 성공, 1 파일 문제, 2 잘못된 사용), 보고, 진행 막대, 그림."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import DATA_DIR
from twoboneik import __main__ as cli
from twoboneik.bvh import read_bvh

REAL_CLIP = DATA_DIR / "mocapbank_trimmed.bvh"


def run(*argv):
    return cli.main([str(a) for a in argv])


def test_the_command_fixes_a_clip_and_prints_the_report(tmp_path, capsys):
    out = tmp_path / "fixed.bvh"
    assert run("footlock", REAL_CLIP, "-o", out) == cli.EXIT_OK
    report = capsys.readouterr().out
    assert "LeftAnkle: 접지" in report and "RightAnkle: 접지" in report
    assert "미끄러짐 평균" in report and "가장 큰 회전" in report and "단위: cm" in report
    assert read_bvh(out).frame_count == 300


def test_options_reach_the_locking(tmp_path, capsys):
    out = tmp_path / "fixed.bvh"
    code = run(
        "footlock", REAL_CLIP, "-o", out, "--left-foot", "LeftAnkle", "--right-foot", "RightAnkle", "--ground", "0",
        "--units", "cm", "--height-on", "0.01", "--height-off", "0.02", "--speed-on", "0.05", "--speed-off", "0.1",
        "--min-contact", "0.5", "--blend", "3",
    )
    assert code == cli.EXIT_OK
    assert "땅 높이 0" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["footlock"],
        ["footlock", "in.bvh"],  # -o 없음
        ["footlock", "in.bvh", "-o", "out.bvh", "--frobnicate"],
        ["footlock", "in.bvh", "-o", "out.bvh", "--units", "furlong"],
        ["footlock", "in.bvh", "-o", "out.bvh", "--blend", "two"],
        ["footlock", "in.bvh", "-o", "out.bvh", "--blend", "-1"],
        ["footlock", "in.bvh", "-o", "out.bvh", "--height-on", "0.1", "--height-off", "0.05"],
        ["footlock", "in.bvh", "-o", "out.bvh", "--ground", "nan"],
    ],
)
def test_bad_usage_exits_2_without_touching_files(argv, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli.main(argv) == cli.EXIT_USAGE
    assert capsys.readouterr().err
    assert os.listdir(tmp_path) == []


def test_plot_without_matplotlib_is_bad_usage(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import 가 ImportError 를 내게 한다
    assert run("footlock", REAL_CLIP, "-o", tmp_path / "o.bvh", "--plot", tmp_path / "p.png") == cli.EXIT_USAGE
    assert "matplotlib" in capsys.readouterr().err
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize(
    "problem", ["missing", "malformed", "no legs", "unknown foot", "toe not under the foot", "output folder missing"]
)
def test_bad_files_exit_1_and_leave_no_output(problem, tmp_path, capsys):
    source = REAL_CLIP.read_text()
    path = tmp_path / "in.bvh"
    out = tmp_path / "out.bvh"
    extra = []
    if problem == "malformed":
        path.write_text(source.replace("Frames:\t300", "Frames:\t301"))
    elif problem == "no legs":
        path.write_text(source.replace("LeftHip", "A").replace("LeftKnee", "B"))
    elif problem == "unknown foot":
        path.write_text(source)
        extra = ["--left-foot", "Tentacle"]
    elif problem == "toe not under the foot":
        path.write_text(source)
        extra = ["--right-toe", "Head"]
    elif problem == "output folder missing":
        path.write_text(source)
        out = tmp_path / "nowhere" / "out.bvh"
    code = run("footlock", path, "-o", out, *extra)
    assert code == cli.EXIT_BAD_FILE
    assert capsys.readouterr().err.startswith("twoboneik footlock:")
    assert sorted(os.listdir(tmp_path)) == ([] if problem == "missing" else ["in.bvh"])


def test_the_progress_bar_is_drawn_on_stderr_for_long_clips(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(cli, "PROGRESS_MIN_FRAMES", 100)
    assert run("footlock", REAL_CLIP, "-o", tmp_path / "o.bvh") == cli.EXIT_OK
    err = capsys.readouterr().err
    assert "\r[" in err and "100%" in err
    assert run("footlock", REAL_CLIP, "-o", tmp_path / "o.bvh", "--quiet") == cli.EXIT_OK
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out == ""


def test_the_plot_is_a_png(tmp_path):
    png = tmp_path / "report.png"
    assert run("footlock", REAL_CLIP, "-o", tmp_path / "o.bvh", "--plot", png, "-q") == cli.EXIT_OK
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 20_000


def test_python_dash_m_runs_the_command_and_returns_its_exit_code(tmp_path):
    ok = subprocess.run(
        [sys.executable, "-m", "twoboneik", "footlock", str(REAL_CLIP), "-o", str(tmp_path / "o.bvh"), "-q"],
        capture_output=True,
    )
    assert ok.returncode == 0, ok.stderr
    bad = subprocess.run([sys.executable, "-m", "twoboneik", "footlock"], capture_output=True)
    assert bad.returncode == 2
    missing = subprocess.run(
        [sys.executable, "-m", "twoboneik", "footlock", str(tmp_path / "none.bvh"), "-o", str(tmp_path / "x.bvh")],
        capture_output=True,
    )
    assert missing.returncode == 1


def test_the_readme_footlock_examples_run_as_pasted(tmp_path, monkeypatch, capsys):
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## 발 고정 (foot locking)", 1)[1]
    blocks = [b.split("```", 1)[0] for b in section.split("```python\n")[1:]]
    assert blocks
    monkeypatch.chdir(tmp_path)
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "[(0, 36), (60, 96), (120, 156), (180, 216)]" in out and "0.187 True" in out


def test_lang_en_prints_the_summary_in_english(tmp_path, capsys):
    assert run("footlock", REAL_CLIP, "-o", tmp_path / "en.bvh", "--lang", "en", "--no-toe-roll") == cli.EXIT_OK
    report = capsys.readouterr().out
    assert "LeftAnkle:" in report and "contacts" in report and "slide mean" in report and "largest rotation" in report
    assert "frames out of reach" in report and "foot skating ratio" in report and "frames: read" in report
    assert not any("\uac00" <= ch <= "\ud7a3" for ch in report), report  # 한글이 한 글자도 없다
    assert run("footlock", DATA_DIR / "cmu_style_veer.bvh", "-o", tmp_path / "u.bvh", "--lang", "en") == cli.EXIT_OK
    report = capsys.readouterr().out
    assert "unit: clip units (scale 17.5" in report and not any("\uac00" <= ch <= "\ud7a3" for ch in report), report


def test_the_summary_rejects_an_unknown_language():
    from twoboneik.footlock import footlock

    with pytest.raises(ValueError, match="lang"):
        footlock(read_bvh(REAL_CLIP)).summary("fr")


def test_a_clip_scale_without_a_named_unit_is_called_clip_units(tmp_path, capsys):
    # CMU 같은 척도 (어느 이름 붙은 단위와도 멀다) 는 '단위 단위' 가 아니라 '클립 단위' 로 읽힌다.
    assert run("footlock", DATA_DIR / "cmu_style_veer.bvh", "-o", tmp_path / "k.bvh") == cli.EXIT_OK
    report = capsys.readouterr().out
    assert report.startswith("단위: 클립 단위 (척도 17.5"), report
    assert "(프레임당, 클립 단위)" in report and "단위 단위" not in report, report


def test_running_as_a_command_turns_off_numpys_huge_page_advice(monkeypatch):
    # 명령 (python -m twoboneik) 은 huge page 권고를 끈다: 끄기 전에 켜 두고, 뒤에 다시 켤 때 돌려받는 옛 값이 False 여야 한다.
    import numpy as np

    from twoboneik.__main__ import _no_hugepage_advice

    switch = np._core.multiarray._set_madvise_hugepage
    before = switch(True)
    try:
        monkeypatch.delenv("NUMPY_MADVISE_HUGEPAGE", raising=False)
        _no_hugepage_advice()
        assert switch(True) is False
        # 사용자가 환경 변수로 정했으면 그 값을 따른다 (건드리지 않는다).
        monkeypatch.setenv("NUMPY_MADVISE_HUGEPAGE", "1")
        _no_hugepage_advice()
        assert switch(True) is True
    finally:
        switch(before)
