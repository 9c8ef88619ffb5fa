"""명령줄의 glTF 갈래: `python -m twoboneik footlock clip.glb -o out.glb [--animation 이름]` (__main__ 이 부른다).

종료 코드는 __main__ 과 같다: 0 성공, 1 파일 문제 (glTF 가 아님, 애니메이션·다리 없음, 쓰기 실패), 2 잘못된 사용.
실패하면 아무것도 쓰지 않는다 (쓰기는 임시 파일 + 이름 바꾸기).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from .footlock import FootlockOptions

__all__ = ["GLTF_SUFFIXES", "is_gltf_path", "run_gltf"]

#: 이 확장자의 입력은 glTF 로 다룬다 (.vrm 은 GLB 다).
GLTF_SUFFIXES = (".glb", ".gltf", ".vrm")

EXIT_OK, EXIT_BAD_FILE, EXIT_USAGE = 0, 1, 2


def is_gltf_path(path: str) -> bool:
    return str(path).lower().endswith(GLTF_SUFFIXES)


def run_gltf(args: argparse.Namespace, options: FootlockOptions) -> int:
    """args: __main__ 의 footlock 인자 (input, output, animation, plot, metrics, quiet)."""
    prog = "twoboneik footlock"
    if getattr(args, "plot", None) is not None:
        print(f"{prog}: glTF 입력에서는 --plot 을 아직 쓸 수 없습니다", file=sys.stderr)
        return EXIT_USAGE
    try:
        from .gltf_footlock import footlock_gltf
        from .gltf_io import GltfError, read_gltf, write_gltf
    except ImportError as error:  # pragma: no cover - numpy 만 있는 설치
        print(f"{prog}: glTF 에는 선택 의존성이 필요합니다 (pip install 'twoboneik[gltf]'): {error}", file=sys.stderr)
        return EXIT_USAGE
    started = time.perf_counter()
    try:
        gltf = read_gltf(args.input)
        result = footlock_gltf(gltf, options, getattr(args, "animation", None))
    except OSError as error:
        print(f"{prog}: 읽을 수 없습니다: {error}", file=sys.stderr)
        return EXIT_BAD_FILE
    except GltfError as error:
        print(f"{prog}: {args.input}: {error}", file=sys.stderr)
        return EXIT_BAD_FILE
    except ValueError as error:
        print(f"{prog}: {args.input}: {error}", file=sys.stderr)
        return EXIT_BAD_FILE
    try:
        write_gltf(result.gltf, args.output)
    except (OSError, GltfError) as error:
        print(f"{prog}: 쓸 수 없습니다: {error}", file=sys.stderr)
        return EXIT_BAD_FILE
    if args.metrics == "json":
        feet = [
            {"side": f.side, "bones": list(f.names), "source": f.source, "contacts": [list(i) for i in f.intervals],
             "slide_mean_m": {"before": f.slide_before[0], "after": f.slide_after[0]},
             "slide_max_m": {"before": f.slide_before[1], "after": f.slide_after[1]}, "touched": f.touched}
            for f in result.feet
        ]
        print(json.dumps({"animation": result.animation, "keys": int(result.times.size), "feet": feet},
                         ensure_ascii=False, indent=1))
    elif not args.quiet:
        print(result.summary())
        print(f"{result.times.size} 키: {time.perf_counter() - started:.2f} s → {args.output}")
    return EXIT_OK
