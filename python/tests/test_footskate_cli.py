"""`python -m twoboneik footskate`: 고친 .npy, 보고, 그림, 그리고 잘못된 입력은 한 줄의 오류·0 아닌 종료·아무 파일도 없음."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import numpy as np
import pytest

from conftest import DATA_DIR
from twoboneik import __main__ as cli
from twoboneik.footskate import clean_foot_skating

_spec = importlib.util.spec_from_file_location("make_smpl22", DATA_DIR / "make_smpl22.py")
assert _spec is not None and _spec.loader is not None
generator = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(generator)

SKATED = generator.add_skating(generator.smpl22_from_bvh(), 0.6).astype(np.float32)


def files(folder):
    return sorted(p.name for p in folder.iterdir())


def test_the_command_writes_the_same_array_as_the_api(tmp_path, capsys):
    source = tmp_path / "in.npy"
    np.save(source, SKATED)
    assert cli.main(["footskate", str(source), "-o", str(tmp_path / "out.npy")]) == cli.EXIT_OK
    out = np.load(tmp_path / "out.npy")
    assert out.dtype == np.float32 and out.tobytes() == clean_foot_skating(SKATED).joints.tobytes()
    text = capsys.readouterr().out
    assert "발 미끄러짐 비율" in text and files(tmp_path) == ["in.npy", "out.npy"]


def test_npz_input_json_metrics_and_english(tmp_path, capsys):
    source = tmp_path / "in.npz"
    np.savez(source, joints=SKATED, text=np.array([1, 2]))
    assert cli.main(["footskate", str(source), "-o", str(tmp_path / "o.npy"), "--metrics", "json"]) == cli.EXIT_OK
    data = json.loads(capsys.readouterr().out)
    assert data["after"]["skating_ratio"] < data["before"]["skating_ratio"] and data["fps"] == 20.0
    assert cli.main(["footskate", str(source), "-o", str(tmp_path / "o.npy"), "--lang", "en"]) == cli.EXIT_OK
    assert "foot-skating ratio" in capsys.readouterr().out


def test_the_plot_is_written(tmp_path):
    pytest.importorskip("matplotlib")
    source = tmp_path / "in.npy"
    np.save(source, SKATED)
    for lang in ("ko", "en"):
        png = tmp_path / f"plot_{lang}.png"
        assert cli.main(["footskate", str(source), "-o", str(tmp_path / "o.npy"), "--plot", str(png),
                         "--lang", lang, "-q"]) == cli.EXIT_OK
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def bad_cases(tmp_path):
    nan = SKATED.copy()
    nan[3, 4, 0] = np.nan
    arrays = {
        "nan.npy": (nan, "joints[3, 4, 0]"), "flat.npy": (SKATED[:, :, :2], "모양"), "short.npy": (SKATED[:2], "프레임"),
        "few.npy": (SKATED[:, :10], "관절 수"), "int.npy": (SKATED.astype(np.int32), "dtype"),
    }
    cases = []
    for name, (array, word) in arrays.items():
        np.save(tmp_path / name, array)
        cases.append(([name], word, cli.EXIT_BAD_FILE))
    np.save(tmp_path / "good.npy", SKATED)
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    (tmp_path / "text.npy").write_text("not numpy", encoding="utf-8")
    np.savez(tmp_path / "two.npz", a=SKATED, b=SKATED)
    cases += [
        (["good.npy", "--layout", "smpl99"], "모르는 이름", cli.EXIT_USAGE),
        (["good.npy", "--layout", "broken.json"], "JSON", cli.EXIT_USAGE),
        (["good.npy", "--fps", "0"], "fps", cli.EXIT_USAGE),
        (["good.npy", "--fps", "nan"], "fps", cli.EXIT_USAGE),
        (["good.npy", "--fps", "-5"], "fps", cli.EXIT_USAGE),
        (["good.npy", "--blend", "-1"], "blend_frames", cli.EXIT_USAGE),
        (["missing.npy"], "읽을 수 없습니다", cli.EXIT_BAD_FILE),
        (["text.npy"], "읽을 수 없습니다", cli.EXIT_BAD_FILE),
        (["two.npz"], "--key", cli.EXIT_BAD_FILE),
        (["two.npz", "--key", "c"], "'c'", cli.EXIT_BAD_FILE),
        (["broken.json"], ".npy 또는 .npz", cli.EXIT_BAD_FILE),
    ]
    return cases


def test_bad_inputs_give_one_message_a_non_zero_exit_and_no_file(tmp_path, capsys):
    for arguments, word, code in bad_cases(tmp_path):
        before = files(tmp_path)
        target = tmp_path / "out.npy"
        argv = ["footskate", str(tmp_path / arguments[0]), "-o", str(target), *arguments[1:]]
        argv = [str(tmp_path / a) if a.endswith(".json") else a for a in argv]
        assert cli.main(argv) == code, arguments
        captured = capsys.readouterr()
        assert captured.out == ""
        lines = captured.err.strip().splitlines()
        assert len(lines) == 1 and word in lines[0] and lines[0].startswith("twoboneik footskate: "), (arguments, lines)
        assert files(tmp_path) == before, arguments  # 출력도 임시 파일도 없다


def test_a_failed_run_leaves_an_existing_output_untouched(tmp_path, capsys):
    target = tmp_path / "out.npy"
    target.write_bytes(b"old")
    short = tmp_path / "short.npy"
    np.save(short, SKATED[:2])
    assert cli.main(["footskate", str(short), "-o", str(target)]) == cli.EXIT_BAD_FILE
    assert target.read_bytes() == b"old"
    assert cli.main(["footskate", str(short), "-o", str(tmp_path / "out.txt")]) == cli.EXIT_USAGE
    assert "출력은 .npy" in capsys.readouterr().err


def test_an_unwritable_output_folder_is_a_file_problem(tmp_path, capsys):
    source = tmp_path / "in.npy"
    np.save(source, SKATED)
    assert cli.main(["footskate", str(source), "-o", str(tmp_path / "no" / "out.npy")]) == cli.EXIT_BAD_FILE
    assert "쓸 수 없습니다" in capsys.readouterr().err


def test_the_module_entry_point_runs(tmp_path):
    source = tmp_path / "in.npy"
    np.save(source, SKATED[:, :5])
    run = subprocess.run([sys.executable, "-m", "twoboneik", "footskate", str(source), "-o", str(tmp_path / "o.npy")],
                         capture_output=True, text=True)
    assert run.returncode == cli.EXIT_BAD_FILE and not (tmp_path / "o.npy").exists()
    assert run.stderr.count("\n") == 1


def test_a_json_layout_on_the_command_line(tmp_path, capsys):
    layout = tmp_path / "layout.json"
    layout.write_text(json.dumps({
        "left": {"hip": 1, "knee": 4, "ankle": 7, "toe": 10}, "right": {"hip": 2, "knee": 5, "ankle": 8, "toe": 11},
        "up": "+y", "name": "mine",
    }), encoding="utf-8")
    source = tmp_path / "in.npy"
    np.save(source, SKATED)
    assert cli.main(["footskate", str(source), "-o", str(tmp_path / "o.npy"), "--layout", str(layout), "--fps", "20",
                     "--metrics", "json"]) == cli.EXIT_OK
    data = json.loads(capsys.readouterr().out)
    assert data["layout"] == "mine"
    assert np.load(tmp_path / "o.npy").tobytes() == clean_foot_skating(SKATED).joints.tobytes()
    # 배치에 fps 가 없고 --fps 도 없으면: 한 줄의 오류, 파일 없음.
    assert cli.main(["footskate", str(source), "-o", str(tmp_path / "p.npy"), "--layout", str(layout)]) == cli.EXIT_BAD_FILE
    assert "fps" in capsys.readouterr().err and not (tmp_path / "p.npy").exists()
