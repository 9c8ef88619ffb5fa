"""명령줄 `python -m twoboneik footskate IN.npy|IN.npz -o OUT.npy [옵션]` (__main__ 이 부른다).

종료 코드는 __main__ 과 같다: 0 성공, 1 파일 문제 (읽기·쓰기 실패, 잘못된 배열), 2 잘못된 사용 (옵션 값, 배치, 출력 이름,
--plot 인데 matplotlib 없음). 실패하면 출력 파일은 생기지도 바뀌지도 않는다 (같은 폴더의 임시 파일에 다 쓴 뒤 이름을 바꾼다).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

EXIT_OK = 0
EXIT_BAD_FILE = 1
EXIT_USAGE = 2
#: .npz 에서 배열을 고르는 이름 (하나뿐이면 그것).
NPZ_KEYS = ("joints", "positions", "motion")
PROG = "twoboneik footskate"


def add_parser(commands: Any) -> None:
    """__main__ 의 하위 명령 목록에 footskate 를 더한다."""
    from ._cli_args import add_contact_arguments
    from .footskate import GENERATED_CONTACT, FootskateOptions

    defaults = GENERATED_CONTACT
    sub = commands.add_parser(
        "footskate",
        help="관절 위치 배열 (.npy/.npz, 예: SMPL-22) 의 발 미끄러짐을 고친다",
        description="접지 구간의 발을 디딘 자리에 두고 다리를 두 뼈 IK 로 다시 푼다 (뼈 길이 고정, 다리 말고는 그대로).",
    )
    sub.add_argument("input", help="읽을 .npy (모양 (F, J, 3)) 또는 .npz (배열 하나, 또는 joints/positions/motion)")
    sub.add_argument("-o", "--output", required=True, help="쓸 .npy (입력과 같은 모양·dtype)")
    sub.add_argument("--key", help=".npz 에서 읽을 배열 이름")
    sub.add_argument("--layout", default="smpl22", help="관절 배치: smpl22 (기본) 또는 JSON 파일의 경로")
    sub.add_argument("--fps", type=float, help="초당 프레임 (기본: 배치의 값, smpl22 는 20)")
    sub.add_argument("--ground", type=float, help="땅 높이 (위 축, 배열 단위; 기본: 발끝 높이에서 추정)")
    sub.add_argument("--units-per-metre", type=float, default=1.0, help="1 m 가 배열 단위로 얼마인가 (기본 %(default)s)")
    add_contact_arguments(sub, defaults)
    sub.add_argument("--blend", type=int, default=FootskateOptions().blend_frames, help="섞는 프레임 수 (기본 %(default)s)")
    sub.add_argument("--no-toe-roll", action="store_true", help="닿지 않는 디딘 자리에서 발끝을 축으로 굴리지 않는다")
    sub.add_argument("--plot", metavar="PNG", help="발 높이·속도·접지·미끄러짐 그림 (matplotlib 필요)")
    sub.add_argument("--lang", choices=("ko", "en"), default="ko", help="그림과 보고의 언어 (기본 %(default)s)")
    sub.add_argument("--metrics", choices=("text", "json"), default="text", help="보고의 형식 (기본 %(default)s)")
    sub.add_argument("-q", "--quiet", action="store_true", help="보고를 찍지 않는다")


def _fail(message: str, code: int) -> int:
    print(f"{PROG}: {message}", file=sys.stderr)
    return code


def _load(path: str, key: "str | None") -> NDArray[Any]:
    """배열 하나를 읽는다. OSError (읽기) 와 ValueError (형식) 를 던진다."""
    suffix = Path(path).suffix.lower()
    if suffix not in (".npy", ".npz"):
        raise ValueError(f"입력은 .npy 또는 .npz 여야 합니다 (받은 이름: {path})")
    loaded = np.load(path, allow_pickle=False)
    if suffix == ".npy":
        if key is not None:
            raise ValueError("--key 는 .npz 에만 씁니다")
        return np.asarray(loaded)
    with loaded as archive:
        names = list(archive.files)
        if key is not None:
            if key not in names:
                raise ValueError(f"{path} 에 배열 {key!r} 가 없습니다 (있는 것: {', '.join(names) or '없음'})")
            return np.asarray(archive[key])
        if len(names) == 1:
            return np.asarray(archive[names[0]])
        for name in NPZ_KEYS:
            if name in names:
                return np.asarray(archive[name])
        raise ValueError(f"{path} 의 배열 중 무엇을 읽을지 모릅니다 (있는 것: {', '.join(names)}) — --key 로 고르세요")


def _save_atomic(path: Path, array: NDArray[Any]) -> None:
    """같은 폴더의 임시 파일에 다 쓴 뒤 이름을 바꾼다 (실패하면 임시 파일을 지운다)."""
    folder = path.parent if str(path.parent) else Path(".")
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(descriptor, "wb") as file:
            np.save(file, array, allow_pickle=False)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def run(args: argparse.Namespace) -> int:
    from .contact import ContactOptions
    from .footskate import FootskateOptions, clean_foot_skating, load_layout

    output = Path(args.output)
    if output.suffix.lower() != ".npy":
        return _fail(f"출력은 .npy 여야 합니다 (받은 이름: {args.output})", EXIT_USAGE)
    try:
        options = FootskateOptions(
            contact=ContactOptions(
                height_on=args.height_on, height_off=args.height_off, speed_on=args.speed_on,
                speed_off=args.speed_off, min_contact=args.min_contact,
            ),
            blend_frames=args.blend, ground=args.ground, units_per_metre=args.units_per_metre,
            toe_roll=not args.no_toe_roll,
        )
        options.validate()
        layout = load_layout(args.layout)
    except ValueError as error:
        return _fail(f"잘못된 옵션: {error}", EXIT_USAGE)
    if args.fps is not None and not (np.isfinite(args.fps) and args.fps > 0):
        return _fail(f"잘못된 옵션: fps 는 양의 유한한 수여야 합니다 (받은 값: {args.fps!r})", EXIT_USAGE)
    if args.plot is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            return _fail("--plot 에는 matplotlib 이 필요합니다 (pip install 'twoboneik[plot]')", EXIT_USAGE)
    try:
        joints = _load(args.input, args.key)
    except OSError as error:
        return _fail(f"읽을 수 없습니다: {args.input}: {error.strerror or error}", EXIT_BAD_FILE)
    except ValueError as error:
        return _fail(f"읽을 수 없습니다: {args.input}: {error}", EXIT_BAD_FILE)
    try:
        result = clean_foot_skating(joints, layout, args.fps, options)
    except ValueError as error:
        return _fail(f"{args.input}: {error}", EXIT_BAD_FILE)
    if args.plot is not None:
        from .footskate_plot import plot_footskate

        try:
            plot_footskate(result, joints, args.plot, title=str(args.input), lang=args.lang)
        except OSError as error:
            return _fail(f"그림을 쓸 수 없습니다: {error.strerror or error}", EXIT_BAD_FILE)
    try:
        _save_atomic(output, result.joints)
    except OSError as error:
        return _fail(f"쓸 수 없습니다: {args.output}: {error.strerror or error}", EXIT_BAD_FILE)
    if args.metrics == "json":
        import json

        print(json.dumps(result.metrics_json(), ensure_ascii=False, indent=1))
    elif not args.quiet:
        print(result.summary(args.lang))
        print(f"→ {output}")
    return EXIT_OK
