"""폴더 모드: `footlock DIR -o OUTDIR` — DIR 아래 모든 .bvh 를 고쳐 OUTDIR 의 같은 상대 경로에 쓴다.

파일마다 읽기 → footlock → 쓰기 (write_bvh 는 임시 파일에 다 쓴 뒤에만 이름을 바꾸므로 반쯤 쓴 출력은 없다).
읽거나 고칠 수 없는 파일은 보고하고 건너뛴다. --jobs N 이면 N 개의 프로세스로 나눠 처리한다. 끝에 표 하나를
찍고 같은 내용을 OUTDIR/footlock_summary.csv 에 쓴다.
"""

from __future__ import annotations

import csv
import io
import os
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Optional, TextIO, Union

from .footlock import FootlockOptions

__all__ = ["SUMMARY_NAME", "COLUMNS", "find_clips", "process_clip", "run_folder"]

#: 요약 CSV 의 이름 (OUTDIR 안).
SUMMARY_NAME = "footlock_summary.csv"
#: 요약 표의 열. 미끄러짐은 두 발 중 큰 값 (발목, 접지 중 프레임당 최대, cm).
COLUMNS = (
    "file", "frames", "units_per_metre", "unit", "slide_max_cm_before", "slide_max_cm_after",
    "skating_ratio_before", "skating_ratio_after", "unreachable_frames", "seconds", "error",
)


def find_clips(folder: Path, exclude: Optional[Path] = None) -> list[Path]:
    """folder 아래의 .bvh (대소문자 무시) 를 이름 순으로. exclude (출력 폴더) 아래의 것은 뺀다."""
    found = []
    for path in sorted(folder.rglob("*")):
        if path.is_file() and path.suffix.lower() == ".bvh":
            if exclude is not None and exclude.resolve() in path.resolve().parents:
                continue
            found.append(path)
    return found


def process_clip(source: Path, target: Path, options: FootlockOptions) -> dict[str, Union[str, int, float]]:
    """파일 하나를 고쳐 target 에 쓰고 요약 행을 돌려준다. 실패하면 error 만 채운 행 (출력은 쓰지 않는다)."""
    from .bvh import read_bvh, write_bvh
    from .footlock import footlock

    started = time.perf_counter()
    row: dict[str, Union[str, int, float]] = {name: "" for name in COLUMNS}
    try:
        clip = read_bvh(source)
        result = footlock(clip, options)
        target.parent.mkdir(parents=True, exist_ok=True)
        write_bvh(target, result.clip)
    except (OSError, ValueError) as error:
        row["error"] = str(error)
        return row
    before, after = result.metrics["before"], result.metrics["after"]
    row.update(
        frames=clip.frame_count, units_per_metre=round(result.scale.units_per_metre, 4), unit=result.units,
        slide_max_cm_before=round(max(f["slide_max_cm"] for f in before["feet"]), 4),
        slide_max_cm_after=round(max(f["slide_max_cm"] for f in after["feet"]), 4),
        skating_ratio_before=round(before["skating_ratio"], 4), skating_ratio_after=round(after["skating_ratio"], 4),
        unreachable_frames=sum(int(f.unreachable_frames.size) for f in result.feet),
        seconds=round(time.perf_counter() - started, 3),
    )
    return row


def run_folder(
    folder: Path, output: Path, options: FootlockOptions, jobs: int = 1, quiet: bool = False,
    stream: Optional[TextIO] = None, progress: Optional[TextIO] = None,
) -> tuple[int, int]:
    """폴더를 처리하고 (성공한 파일 수, 실패한 파일 수). 표는 stream (기본 stdout) 에, 진행은 progress (기본 stderr) 에."""
    import sys

    out = stream if stream is not None else sys.stdout
    bar = progress if progress is not None else sys.stderr
    clips = find_clips(folder, exclude=output)
    rows: dict[Path, dict[str, Union[str, int, float]]] = {}
    targets = {clip: output / clip.relative_to(folder) for clip in clips}
    if jobs <= 1:
        for k, clip in enumerate(clips):
            rows[clip] = process_clip(clip, targets[clip], options)
            _draw(bar, k + 1, len(clips), quiet)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(process_clip, clip, targets[clip], options): clip for clip in clips}
            for k, future in enumerate(as_completed(futures)):
                rows[futures[future]] = future.result()
                _draw(bar, k + 1, len(clips), quiet)
    table = []
    for clip in clips:
        row = rows[clip]
        row["file"] = clip.relative_to(folder).as_posix()
        table.append(row)
    output.mkdir(parents=True, exist_ok=True)
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(table)
    summary = output / SUMMARY_NAME
    temporary = summary.with_name(summary.name + ".tmp")
    temporary.write_text(text.getvalue(), encoding="utf-8")
    os.replace(temporary, summary)
    failed = [row for row in table if row["error"]]
    if not quiet:
        for row in table:
            if row["error"]:
                out.write(f"{row['file']}: 건너뜀 — {row['error']}\n")
            else:
                out.write(
                    f"{row['file']}: {row['frames']} 프레임, 척도 {row['units_per_metre']} 단위/m, 미끄러짐 최대 "
                    f"{row['slide_max_cm_before']} → {row['slide_max_cm_after']} cm, 미끄러짐 비율 "
                    f"{row['skating_ratio_before']} → {row['skating_ratio_after']}\n"
                )
        out.write(f"{len(table) - len(failed)} 개 고침, {len(failed)} 개 건너뜀 → {summary}\n")
    return len(table) - len(failed), len(failed)


def _draw(stream: TextIO, done: int, total: int, quiet: bool, width: int = 30) -> None:
    if quiet:
        return
    filled = int(round(done / max(total, 1) * width))
    stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        stream.write("\n")
    stream.flush()
