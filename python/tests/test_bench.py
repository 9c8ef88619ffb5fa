"""벤치마크 (python -m twoboneik.bench) 가 약속한 줄을 모두 출력하고, 경합 모드가 바쁜 프로세스를 띄웠다가 모두 거둔다.
시간 자체는 기계마다 달라 확인하지 않는다 (make bench-py 가 잰다)."""

from __future__ import annotations

import multiprocessing
import re

from twoboneik import bench


def test_the_bench_prints_every_ratio_and_the_contention_mode_cleans_up(capsys):
    bench.main(["--n", "3000", "--loop-n", "200", "--rounds", "1", "--contention", "1"])
    output = capsys.readouterr().out
    for label in ("배치 / 루프 속도비", "배치 / 복사 기준 시간비", "경합 / 조용함 시간비"):
        assert re.search(rf"{label}\s*:\s*[0-9.,]+ ", output), f"{label} 줄이 없습니다:\n{output}"
    assert re.search(r"바쁜 프로세스 1 개: 조용할 때\s+[0-9.]+ ms, 바쁜 프로세스 옆에서\s+[0-9.]+ ms", output), output
    assert multiprocessing.active_children() == []


def test_without_the_flag_there_is_no_contention_run(capsys):
    bench.main(["--n", "1000", "--loop-n", "100", "--rounds", "1"])
    output = capsys.readouterr().out
    assert "배치 / 루프 속도비" in output and "경합" not in output


def test_contention_defaults_to_one_core_free_and_then_every_core_busy(monkeypatch, capsys):
    monkeypatch.setattr(bench.os, "cpu_count", lambda: 4)
    parsed = []
    monkeypatch.setattr(bench, "contended_time", lambda run, rounds, busy: parsed.append(busy) or 1.0)
    bench.main(["--n", "1000", "--loop-n", "100", "--rounds", "1", "--contention"])
    assert parsed == [3, 4]
    output = capsys.readouterr().out
    assert "목표 ≤ 1.5" in output and "모든 코어가 바쁨" in output and "하한 1.25 배" in output


def test_contention_on_one_core_still_runs_next_to_one_busy_process(monkeypatch, capsys):
    monkeypatch.setattr(bench.os, "cpu_count", lambda: 1)
    parsed = []
    monkeypatch.setattr(bench, "contended_time", lambda run, rounds, busy: parsed.append(busy) or 1.0)
    bench.main(["--n", "1000", "--loop-n", "100", "--rounds", "1", "--contention"])
    assert parsed == [1]
    capsys.readouterr()


def test_the_footlock_bench_prints_wall_and_cpu_time_for_every_phase(capsys):
    # make bench-footlock 의 작은 판: 읽기·발 고정·쓰기·합계 줄마다 벽시계와 CPU 시간 (초) 이 있고, 보고가 뒤따른다.
    from twoboneik import bench_footlock

    bench_footlock.main(["--frames", "600", "--rounds", "1"])
    output = capsys.readouterr().out
    for phase in ("읽기", "발 고정", "쓰기", "합계"):
        assert re.search(rf"^  {phase}\s+[0-9.]+ s .*\s[0-9.]+ s", output, re.MULTILINE), f"{phase} 줄이 없습니다:\n{output}"
    assert "목표: 읽기 + 발 고정 + 쓰기 < 2 s" in output and "접지" in output
