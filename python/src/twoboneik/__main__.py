"""명령줄: `python -m twoboneik footlock in.bvh -o out.bvh [옵션]`, `python -m twoboneik footskate in.npy -o out.npy`.

인자를 읽고 bvh·footlock·plot 을 부를 뿐이다. 종료 코드: 0 성공, 1 파일 문제 (읽기·쓰기 실패, 잘못된 BVH,
다리를 찾지 못함), 2 잘못된 사용 (모르는 옵션, 잘못된 값, --plot 인데 matplotlib 이 없음).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Optional, Sequence, TextIO

from ._cli_args import add_contact_arguments
from .contact import UNITS_PER_METRE, ContactOptions
from .footlock import FootlockOptions, FootlockResult

EXIT_OK = 0
EXIT_BAD_FILE = 1
EXIT_USAGE = 2
#: 이만큼 이상의 프레임이면 (그리고 --quiet 가 아니면) 진행 막대를 stderr 에 그린다.
PROGRESS_MIN_FRAMES = 5000


def _parser() -> argparse.ArgumentParser:
    defaults = ContactOptions()
    parser = argparse.ArgumentParser(prog="python -m twoboneik", description="두 뼈 IK 도구")
    commands = parser.add_subparsers(dest="command", required=True)
    foot = commands.add_parser(
        "footlock",
        help="모션 캡처 BVH 의 발 미끄러짐을 고친다",
        description="접지 구간의 발을 디딘 자리에 고정한다 (다리의 두 뼈 IK, 발 회전 유지, 엉덩이는 그대로).",
    )
    foot.add_argument("input", help="읽을 BVH 파일, 또는 폴더 (그 아래 모든 .bvh)")
    foot.add_argument("-o", "--output", required=True,
                      help="쓸 BVH 파일 (같은 폴더의 임시 파일에 쓴 뒤 이름을 바꾼다), 입력이 폴더면 출력 폴더")
    foot.add_argument("--jobs", type=int, default=1, help="폴더 모드에서 동시에 처리할 프로세스 수 (기본 %(default)s)")
    foot.add_argument("--left-foot", help="왼발 관절 이름 (기본: 이름 규약으로 찾음)")
    foot.add_argument("--right-foot", help="오른발 관절 이름 (기본: 이름 규약으로 찾음)")
    foot.add_argument("--left-toe", help="왼발가락 관절 이름 (기본: 이름 규약, 없으면 발의 End Site)")
    foot.add_argument("--right-toe", help="오른발가락 관절 이름")
    foot.add_argument("--ground", type=float, help="땅 높이, 클립 단위 (기본: 클립에서 추정)")
    scale = foot.add_mutually_exclusive_group()
    scale.add_argument("--units", choices=sorted(UNITS_PER_METRE), help="클립의 단위 (기본: 다리 길이로 척도를 추정)")
    scale.add_argument("--scale", type=float, help="클립의 척도, 1 m 당 클립 단위 (예: CMU 17.9; 기본: 다리 길이로 추정)")
    add_contact_arguments(foot, defaults)
    foot.add_argument("--blend", type=int, default=FootlockOptions().blend_frames, help="섞는 프레임 수 (기본 %(default)s)")
    foot.add_argument("--plot", metavar="PNG", help="발 높이·속도·접지·미끄러짐 그림 (matplotlib 필요: pip install 'twoboneik[plot]')")
    foot.add_argument("--no-toe-roll", action="store_true",
                      help="닿지 않는 디딘 자리에서 발끝을 축으로 발을 굴리지 않는다 (다리만 뻗는다)")
    foot.add_argument("--adjust-hips", action="store_true",
                      help="디딘 두 발이 닿도록 엉덩이를 가장 작게, 부드럽게 옮긴다 (뿌리의 위치 채널이 바뀐다; 기본: 끔)")
    foot.add_argument("--hips-limit", type=float, default=FootlockOptions().hips_limit,
                      help="엉덩이 이동의 최대 크기, 다리 길이 단위 (기본 %(default)s)")
    foot.add_argument("--hips-blend", type=float, default=FootlockOptions().hips_blend,
                      help="엉덩이 이동을 섞어 넣고 빼는 시간, 초 (기본 %(default)s)")
    foot.add_argument("--max-drift", type=float, default=FootlockOptions().max_drift,
                      help="디딘 자리가 들어온 발에서 멀어질 수 있는 거리, 다리 길이 단위 (기본 %(default)s)")
    foot.add_argument("--metrics", choices=("text", "json"), default="text",
                      help="보고의 형식: text (사람이 읽는 글) 또는 json (전·후 지표, stdout; 기본 %(default)s)")
    foot.add_argument("--lang", choices=("ko", "en"), default="ko", help="보고와 그림의 언어 (기본 %(default)s)")
    foot.add_argument("--animation", help="glTF 입력에서 고칠 애니메이션의 이름 (기본: 첫 애니메이션)")
    foot.add_argument("-q", "--quiet", action="store_true", help="진행 막대와 보고를 찍지 않는다")
    from .footskate_cli import add_parser as add_footskate

    add_footskate(commands)
    return parser


class _ProgressBar:
    """stderr 에 손으로 그리는 진행 막대 (한 줄을 \\r 로 덮어쓴다)."""

    def __init__(self, stream: Optional[TextIO] = None, width: int = 30):
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.last = -1

    def __call__(self, fraction: float, stage: str) -> None:
        filled = int(round(fraction * self.width))
        percent = int(fraction * 100)
        if percent == self.last:
            return
        self.last = percent
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {percent:3d}% {stage:8s}")
        if fraction >= 1.0:
            self.stream.write("\n")
        self.stream.flush()


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    if args.command == "footskate":
        from .footskate_cli import run as run_footskate

        return run_footskate(args)
    options = _footlock_options(args)
    problem = _option_problem(args, options)
    if problem is not None:
        print(f"twoboneik footlock: 잘못된 옵션: {problem}", file=sys.stderr)
        return EXIT_USAGE
    from .gltf_cli import is_gltf_path, run_gltf

    if is_gltf_path(args.input):
        return run_gltf(args, options)
    if os.path.isdir(args.input):
        return _run_folder(args, options)
    if args.plot is not None and not _has_matplotlib():
        print("twoboneik footlock: --plot 에는 matplotlib 이 필요합니다 (pip install 'twoboneik[plot]')", file=sys.stderr)
        return EXIT_USAGE
    return _run_file(args, options)


def _footlock_options(args: argparse.Namespace) -> FootlockOptions:
    """footlock 명령의 인자에서 FootlockOptions (검사는 _option_problem)."""
    return FootlockOptions(
        contact=ContactOptions(
            height_on=args.height_on, height_off=args.height_off, speed_on=args.speed_on,
            speed_off=args.speed_off, min_contact=args.min_contact,
        ),
        blend_frames=args.blend,
        ground=args.ground,
        units=args.units,
        scale=args.scale,
        toe_roll=not args.no_toe_roll,
        max_drift=args.max_drift,
        adjust_hips=args.adjust_hips,
        hips_limit=args.hips_limit,
        hips_blend=args.hips_blend,
        left_foot=args.left_foot,
        right_foot=args.right_foot,
        left_toe=args.left_toe,
        right_toe=args.right_toe,
    )


def _option_problem(args: argparse.Namespace, options: FootlockOptions) -> Optional[str]:
    """잘못된 옵션의 설명 (options.validate 의 것, 그다음 --jobs), 문제가 없으면 None."""
    try:
        options.validate()
    except ValueError as error:
        return str(error)
    if args.jobs < 1:
        return f"--jobs 는 1 이상이어야 합니다 (받은 값: {args.jobs})"
    return None


def _run_folder(args: argparse.Namespace, options: FootlockOptions) -> int:
    """폴더 모드: 그 아래 모든 .bvh 를 고친다 (요약은 CSV 로, --plot·--metrics json 은 쓸 수 없다)."""
    if args.plot is not None or args.metrics != "text":
        print("twoboneik footlock: 폴더 모드에서는 --plot·--metrics json 을 쓸 수 없습니다 (요약은 CSV 로)", file=sys.stderr)
        return EXIT_USAGE
    from .batch_cli import run_folder

    _, failed = run_folder(Path(args.input), Path(args.output), options, jobs=args.jobs, quiet=args.quiet)
    return EXIT_BAD_FILE if failed else EXIT_OK


def _has_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def _run_file(args: argparse.Namespace, options: FootlockOptions) -> int:
    """BVH 파일 하나: 읽기 → 발 고정 → 쓰기 → (그림) → 보고. 파일 문제는 stderr 에 한 줄과 EXIT_BAD_FILE."""
    from .bvh import read_bvh, write_bvh
    from .footlock import footlock

    started = time.perf_counter()
    try:
        clip = read_bvh(args.input)
    except (OSError, ValueError) as error:
        print(f"twoboneik footlock: 읽을 수 없습니다: {error}", file=sys.stderr)
        return EXIT_BAD_FILE
    read_time = time.perf_counter() - started
    progress = _ProgressBar() if (not args.quiet and clip.frame_count >= PROGRESS_MIN_FRAMES) else None
    started = time.perf_counter()
    try:
        result = footlock(clip, options, progress)
    except ValueError as error:
        print(f"twoboneik footlock: {args.input}: {error}", file=sys.stderr)
        return EXIT_BAD_FILE
    solve_time = time.perf_counter() - started
    try:
        write_bvh(args.output, result.clip)
    except (OSError, ValueError) as error:
        print(f"twoboneik footlock: 쓸 수 없습니다: {error}", file=sys.stderr)
        return EXIT_BAD_FILE
    if args.plot is not None and not _write_plot(args, result):
        return EXIT_BAD_FILE
    _print_report(args, result, clip.frame_count, read_time, solve_time)
    return EXIT_OK


def _write_plot(args: argparse.Namespace, result: FootlockResult) -> bool:
    """--plot 의 그림을 쓴다. 쓰지 못하면 stderr 에 한 줄과 False."""
    from .plot import plot_footlock

    try:
        plot_footlock(result, args.plot, title=str(args.input), lang=args.lang)
    except OSError as error:
        print(f"twoboneik footlock: 그림을 쓸 수 없습니다: {error}", file=sys.stderr)
        return False
    return True


def _print_report(
    args: argparse.Namespace, result: FootlockResult, frames: int, read_time: float, solve_time: float
) -> None:
    """--metrics json 이면 전·후 지표 (JSON), 아니면 (--quiet 가 아니면) 요약과 걸린 시간."""
    if args.metrics == "json":
        import json

        print(json.dumps(result.metrics_json(), ensure_ascii=False, indent=1))
    elif not args.quiet:
        print(result.summary(args.lang))
        timing = "{frames} 프레임: 읽기 {read:.2f} s, 발 고정 {solve:.2f} s → {out}" if args.lang == "ko" else (
            "{frames} frames: read {read:.2f} s, foot locking {solve:.2f} s → {out}")
        print(timing.format(frames=frames, read=read_time, solve=solve_time, out=args.output))


def _no_hugepage_advice() -> None:
    """명령으로 돌 때만: NumPy 가 큰 배열에 거는 huge page 권고 (madvise) 를 끈다.

    명령은 수백 MB 를 한 번 만들고 끝나는 짧은 프로세스라 huge page 의 이득이 없고, 커널의 defrag 가 madvise 면 첫 접근마다
    메모리를 모으느라 멈춘다: 72,000 프레임 클립에서 커널 시간이 0.2–1.0 s 로 흔들렸고, 끄면 0.36–0.44 s 다
    (python/docs/footlock.md 의 속도 절). 라이브러리로 가져다 쓰는 프로그램의 설정은 건드리지 않는다.
    NumPy 의 환경 변수 NUMPY_MADVISE_HUGEPAGE 와 같은 스위치이고, 없는 NumPy 에서는 아무것도 하지 않는다.
    """
    import numpy as np

    internals = getattr(np, "_core", None) or getattr(np, "core", None)
    switch = getattr(getattr(internals, "multiarray", None), "_set_madvise_hugepage", None)
    if callable(switch) and "NUMPY_MADVISE_HUGEPAGE" not in os.environ:
        switch(False)


if __name__ == "__main__":
    _no_hugepage_advice()
    sys.exit(main())
