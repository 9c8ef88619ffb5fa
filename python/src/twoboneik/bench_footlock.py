"""발 고정 벤치마크: 10 분 120 fps (72,000 프레임, 28 관절) 합성 걷기 클립을 고치는 시간.

`python -m twoboneik.bench_footlock [--frames N] [--rounds R] [--folder K]` (또는 `make bench-footlock`).
--folder K 이면 (make bench-footlock 은 100) 합성 클립 K 개 (각 1,200 프레임) 의 폴더를 폴더 모드로 --jobs 1 과 2 로 한 번씩 잰다.
한 번 데운 뒤 R 번 재서 중앙값을 찍는다: 발 고정 (정기구학 + 접지 + IK + 오일러, 목표 2 s 미만) 과 따로
BVH 읽기·쓰기 (파일 크기에 비례; 원문 토큰을 지키는 쓰기). 벽시계와 CPU 시간 (process_time) 을 함께 찍는다.
테스트가 아니라 재는 것이다 (assert 하지 않는다).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from typing import Callable, Optional, Sequence, TypeVar

import numpy as np

from .bvh import read_bvh, write_bvh
from .footlock import footlock
from .synthetic import make_walk

_T = TypeVar("_T")

#: 10 분 120 fps 클립 하나의 읽기 + 발 고정 + 쓰기 목표 (issue 12). 재서 찍을 뿐 assert 하지 않는다.
TARGET_SECONDS = 2.0


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=72_000)
    parser.add_argument("--fps", type=float, default=120.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--folder", type=int, default=0, help="폴더 모드로 잴 클립 수 (make bench-footlock 은 100; 0 이면 재지 않는다)")
    args = parser.parse_args(argv)
    if args.folder > 0:
        _bench_folder(args.folder)

    walk = make_walk(frames=args.frames, fps=args.fps, slide_degrees=2.0, heading_degrees=30.0)
    # 모션 캡처 파일처럼 소수 넷째 자리까지 (repr 의 17 자리로 쓰면 파일이 두 배 넘게 커진다).
    walk.clip.motion = np.round(walk.clip.motion, 4)
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "walk.bvh")
        write_bvh(source, walk.clip)
        size_mb = os.path.getsize(source) / 1e6
        times: dict[str, list[float]] = {"읽기": [], "발 고정": [], "쓰기": []}
        cpu: dict[str, list[float]] = {name: [] for name in times}
        footlock(read_bvh(source))  # 데우기
        for _ in range(args.rounds):
            clip = _timed(times["읽기"], cpu["읽기"], read_bvh, source)
            result = _timed(times["발 고정"], cpu["발 고정"], footlock, clip)
            _timed(times["쓰기"], cpu["쓰기"], write_bvh, os.path.join(folder, "fixed.bvh"), result.clip)
        command = [_command_time(source, os.path.join(folder, "cli.bvh")) for _ in range(args.rounds)]
    joints = len(walk.clip.names)
    print(
        f"{args.frames} 프레임 ({args.frames / args.fps / 60:.1f} 분, {args.fps:g} fps), {joints} 관절, "
        f"{walk.clip.motion.shape[1]} 채널, 파일 {size_mb:.1f} MB — {args.rounds} 번의 중앙값"
    )
    # 벽시계와 함께 이 프로세스의 CPU 시간을 찍는다: 다른 작업이 코어를 나눠 쓰는 기계에서는 벽시계가 부풀지만
    # CPU 시간은 이 일이 실제로 쓴 계산량이다.
    print("  단계     벽시계 중앙값 (최소)      CPU 시간 중앙값")
    for name, values in times.items():
        wall, fastest, used = statistics.median(values), min(values), statistics.median(cpu[name])
        print(f"  {name:6s} {wall:7.3f} s ({fastest:.3f} s)   {used:7.3f} s")
    total = sum(statistics.median(v) for v in times.values())
    total_cpu = sum(statistics.median(v) for v in cpu.values())
    print(f"  합계   {total:7.3f} s                {total_cpu:7.3f} s   (목표: 읽기 + 발 고정 + 쓰기 < {TARGET_SECONDS:g} s)")
    wall_cmd, cpu_cmd = statistics.median(c[0] for c in command), statistics.median(c[1] for c in command)
    print(f"  명령 전체 (python -m twoboneik footlock, import 포함) {wall_cmd:7.3f} s, CPU {cpu_cmd:.3f} s "
          f"(목표 < {TARGET_SECONDS:g} s)")
    print(result.summary())


def _bench_folder(count: int, frames: int = 1200) -> None:
    """합성 클립 count 개 (방향·속도·미끄러짐을 바꿔 가며) 의 폴더를 폴더 모드로 고치는 벽시계 시간."""
    from pathlib import Path

    from .batch_cli import run_folder
    from .footlock import FootlockOptions

    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "in"
        for k in range(count):
            walk = make_walk(frames=frames, fps=120.0, slide_degrees=1.0 + k % 4, heading_degrees=7.0 * k, seed=k)
            walk.clip.motion = np.round(walk.clip.motion, 4)
            path = source / f"group{k % 10}" / f"clip{k:03d}.bvh"
            path.parent.mkdir(parents=True, exist_ok=True)
            write_bvh(path, walk.clip)
        for jobs in (1, 2):
            started, started_cpu = time.perf_counter(), time.process_time()
            done, failed = run_folder(source, Path(folder) / f"out{jobs}", FootlockOptions(), jobs=jobs, quiet=True)
            wall = time.perf_counter() - started
            print(f"폴더 {count} 클립 × {frames} 프레임, --jobs {jobs}: 벽시계 {wall:.2f} s "
                  f"(이 프로세스 CPU {time.process_time() - started_cpu:.2f} s), {done} 개 고침, {failed} 개 실패")


def _command_time(source: str, output: str) -> tuple[float, float]:
    """명령 한 번의 벽시계와 자식 프로세스의 CPU 시간 (user + sys)."""
    import resource
    import subprocess
    import sys

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "twoboneik", "footlock", source, "-o", output, "-q"], check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _timed(wall: list[float], cpu: list[float], function: Callable[..., _T], *args: object) -> _T:
    started, started_cpu = time.perf_counter(), time.process_time()
    value = function(*args)
    wall.append(time.perf_counter() - started)
    cpu.append(time.process_time() - started_cpu)
    return value


if __name__ == "__main__":
    main()
