"""폴더 모드: 모든 .bvh 를 같은 상대 경로에 고쳐 쓰고, 나쁜 파일 하나는 보고하고 건너뛰며, 요약 CSV 를 하나 쓴다."""

from __future__ import annotations

import csv

from conftest import DATA_DIR
from twoboneik import __main__ as cli
from twoboneik.batch_cli import SUMMARY_NAME
from twoboneik.bvh import read_bvh, write_bvh
from twoboneik.footlock import footlock
from twoboneik.synthetic import make_walk

REAL_CLIP = DATA_DIR / "mocapbank_trimmed.bvh"


def make_folder(root):
    (root / "a" / "b").mkdir(parents=True)
    (root / "real.BVH").write_bytes(REAL_CLIP.read_bytes())
    write_bvh(root / "a" / "b" / "walk.bvh", make_walk(frames=120, slide_degrees=3.0).clip)
    (root / "a" / "broken.bvh").write_text(REAL_CLIP.read_text().replace("Frames:\t300", "Frames:\t301"))
    (root / "a" / "notes.txt").write_text("not a clip")


def test_every_clip_is_fixed_at_the_same_relative_path_and_a_bad_one_is_skipped(tmp_path, capsys):
    source, out = tmp_path / "in", tmp_path / "out" / "new"
    make_folder(source)
    assert cli.main(["footlock", str(source), "-o", str(out), "--jobs", "2"]) == cli.EXIT_BAD_FILE
    printed = capsys.readouterr()
    assert "a/broken.bvh: 건너뜀" in printed.out and "2 개 고침, 1 개 건너뜀" in printed.out
    assert "3/3" in printed.err  # 진행 막대
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert written == ["a/b/walk.bvh", SUMMARY_NAME, "real.BVH"]  # 나쁜 파일의 출력도, 임시 파일도 없다
    expected = footlock(read_bvh(source / "a" / "b" / "walk.bvh")).clip.motion
    assert (read_bvh(out / "a" / "b" / "walk.bvh").motion == expected).all()
    with open(out / SUMMARY_NAME, encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["file"] for r in rows] == ["a/b/walk.bvh", "a/broken.bvh", "real.BVH"]
    assert rows[1]["error"] and rows[1]["frames"] == ""
    assert rows[2]["frames"] == "300" and rows[2]["unit"] == "cm"
    assert float(rows[0]["slide_max_cm_after"]) < 1e-6 < float(rows[0]["slide_max_cm_before"])


def test_one_job_and_two_jobs_write_the_same_files(tmp_path):
    source = tmp_path / "in"
    make_folder(source)
    (source / "a" / "broken.bvh").unlink()
    for jobs in ("1", "2"):
        assert cli.main(["footlock", str(source), "-o", str(tmp_path / jobs), "--jobs", jobs, "-q"]) == cli.EXIT_OK
    for name in ("real.BVH", "a/b/walk.bvh"):
        assert (tmp_path / "1" / name).read_bytes() == (tmp_path / "2" / name).read_bytes()


def test_folder_mode_refuses_bad_jobs_and_per_file_outputs(tmp_path):
    source = tmp_path / "in"
    make_folder(source)
    for extra in (["--jobs", "0"], ["--plot", str(tmp_path / "p.png")], ["--metrics", "json"]):
        assert cli.main(["footlock", str(source), "-o", str(tmp_path / "out"), *extra]) == cli.EXIT_USAGE
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in"]
