"""BVH (Biovision Hierarchy) 읽기·쓰기: 엄격한 파서와, 건드리지 않은 값을 바이트 그대로 돌려주는 쓰기.

- 어떤 계층이든 (ROOT 여럿, End Site, 관절마다 다른 채널 수·순서, 위치·회전 채널의 어떤 순서·어떤 오일러 순서).
- 잘못된 파일 (MOTION 없음, 채널 수와 맞지 않는 프레임, 숫자가 아닌 값, 잘린 프레임, 선언과 다른 프레임 수) 은
  `ValueError("… 줄 N: …")` 로 거부한다.
- 읽은 클립을 쓰면 바뀐 채널만 새로 적는다: 헤더는 원문 그대로, 값이 비트 단위로 같은 프레임 줄은 원래 줄 그대로,
  바뀐 프레임 줄은 바뀐 토큰만 `repr(float)` (가장 짧은 왕복 표기; _float_repr 가 NumPy 로 같은 글을 만든다) 로
  바꾸고 구분자·다른 토큰은 그대로 둔다.
  그래서 고칠 것이 없는 클립은 바이트 단위로 같은 파일이 된다.
- 쓰기는 같은 폴더의 임시 파일에 쓰고 성공했을 때만 이름을 바꾼다 (실패가 반쯤 쓴 파일을 남기지 않는다).

회전 채널의 값은 도 (degree), 위치·OFFSET 은 파일의 단위 (보통 cm 또는 m) 다.
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional, TypeVar, Union

import numpy as np
from numpy.typing import NDArray

from ._bvh_frames import _parse_frames, _token_ends
from ._bvh_hierarchy import _NUMBER, CHANNEL_NAMES, _HierarchyParser
from ._float_repr import join_reprs

__all__ = ["BvhClip", "read_bvh", "parse_bvh", "write_bvh", "format_bvh", "CHANNEL_NAMES"]

_Number = TypeVar("_Number", int, float)


@dataclass
class _Source:
    """읽은 파일의 원문: 바이트 그대로 다시 쓰기 위해 둔다 (사용자가 만질 것이 아니다).

    파일의 바이트를 통째로 두고 프레임 줄의 범위만 적는다: 본문을 잘라 사본 (72,000 프레임이면 42 MB) 을 만들지 않는다.
    """

    data: bytes  # 파일의 원문 전체: 헤더 ('Frame Time' 줄까지), 프레임 줄들, 꼬리 (빈 줄 등)
    body_start: int  # 프레임 줄의 범위 data[body_start:body_end] (줄바꿈 포함; _bvh_frames._MOTION_BYTES 만)
    body_end: int
    motion: NDArray[np.float64]  # 읽은 값 (비교용 사본)
    encoding: str
    # 토큰 k (= 프레임 r 의 채널 c, k = r·C + c) 의 시작 바이트 (body_start 에서 센). 읽을 때 이미 센 것을 두어 쓰기가
    # 다시 세지 않게 한다 (본문이 2 GB 보다 작으면 int32: 토큰마다 4 바이트). 끝은 쓸 때 바뀐 칸만 찾는다 (_token_ends).
    token_starts: Union[NDArray[np.int32], NDArray[np.int64]]


@dataclass
class BvhClip:
    """BVH 클립 하나.

    - names: 관절 이름, 파일에 나온 순서 (깊이 우선; 부모가 항상 자식보다 앞).
    - parents: 부모 관절의 색인 (J,), 루트는 −1.
    - offsets: OFFSET (J, 3), 부모 공간에서의 관절 위치.
    - channels: 관절마다 채널 이름의 튜플 (CHANNEL_NAMES 의 철자).
    - end_sites: End Site 목록 [(부모 관절 색인, OFFSET (3,)), ...].
    - frame_time: 프레임 사이 시간 (초).
    - motion: 채널 값 (F, C) float64. 관절 j 의 채널은 channel_start[j] 부터 len(channels[j]) 개.
    """

    names: list[str]
    parents: NDArray[np.intp]
    offsets: NDArray[np.float64]
    channels: list[tuple[str, ...]]
    end_sites: list[tuple[int, NDArray[np.float64]]]
    frame_time: float
    motion: NDArray[np.float64]
    _source: Optional[_Source] = field(default=None, repr=False)

    @property
    def frame_count(self) -> int:
        return int(self.motion.shape[0])

    @property
    def channel_start(self) -> NDArray[np.intp]:
        counts = np.array([len(c) for c in self.channels], dtype=np.intp)
        return np.concatenate(([0], np.cumsum(counts)[:-1])).astype(np.intp)

    def joint_index(self, name: str) -> int:
        """이름이 정확히 name 인 관절의 색인. 없으면 ValueError."""
        try:
            return self.names.index(name)
        except ValueError:
            raise ValueError(f"관절 {name!r} 이 클립에 없습니다 (관절: {', '.join(self.names)})") from None

    def channel_index(self, joint: int, channel: str) -> int:
        """관절 joint 의 채널 channel (예: 'Xrotation') 의 motion 열 번호. 없으면 −1."""
        try:
            return int(self.channel_start[joint]) + self.channels[joint].index(channel)
        except ValueError:
            return -1

    def copy(self, *, motion: Optional[NDArray[np.float64]] = None) -> "BvhClip":
        """깊은 복사: 이름·부모·OFFSET·채널·End Site·motion 은 새 사본이고, 읽은 원문 (_source, 바꾸지 않는다) 만
        공유한다: 쓸 때 바뀐 값만 새로 적기 위해.

        motion 을 주면 그 배열을 (복사하지 않고) 새 클립의 motion 으로 쓴다: 곧 버릴 self.motion 의 사본을 만들지 않는다
        (72,000 × 87 채널이면 50 MB). 모양은 쓸 때 (format_bvh) 확인한다.
        """
        return BvhClip(
            list(self.names), self.parents.copy(), self.offsets.copy(), [tuple(c) for c in self.channels],
            [(p, o.copy()) for p, o in self.end_sites], self.frame_time,
            self.motion.copy() if motion is None else motion, self._source,
        )


def read_bvh(path: Union[str, os.PathLike[str]]) -> BvhClip:
    """BVH 파일을 읽는다. 잘못된 파일은 파일 이름과 줄 번호를 담은 ValueError."""
    data = Path(path).read_bytes()
    try:
        return parse_bvh(data, source_name=str(path))
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None


def parse_bvh(data: Union[str, bytes], source_name: str = "<bvh>") -> BvhClip:
    """BVH 원문 (str 또는 bytes) 을 읽는다. 헤더가 UTF-8 이 아니면 Latin-1 로 읽는다 (쓸 때 같은 인코딩으로).

    헤더 (HIERARCHY … Frame Time 줄) 만 줄로 나누어 읽고, 프레임 값은 바이트 배열 그대로 NumPy 로 센 뒤
    np.loadtxt (C 파서) 로 한 번에 읽는다: 프레임마다 파이썬이 도는 곳이 없다. 잘못된 파일에서만 줄마다 본다.
    """
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    motion_match = _MOTION_LINE.search(raw)
    if motion_match is None:
        # MOTION 이 없다: 계층의 오류가 먼저면 그것을, 아니면 'MOTION 부분이 없습니다' 를 알린다.
        _HierarchyParser(_decode(raw)[0].split("\n")).parse()
        raise AssertionError("MOTION 이 없는 파일을 받아들였습니다")  # parse() 가 먼저 ValueError 를 낸다

    # 헤더의 끝: MOTION 줄부터 빈 줄이 아닌 줄 셋 (MOTION, Frames:, Frame Time:) 까지만 줄로 나눈다.
    end = motion_match.start()
    seen = 0
    while seen < 3 and end < len(raw):
        newline = raw.find(b"\n", end)
        line_end = len(raw) if newline < 0 else newline + 1
        if raw[end:line_end].strip():
            seen += 1
        end = line_end
    text, encoding = _decode(raw[:end])
    lines = text.split("\n")

    parser = _HierarchyParser(lines)
    parser.parse()
    # Frames: N, Frame Time: t — 빈 줄은 건너뛴다.
    i = _skip_blank(lines, parser.motion_line)
    frames = _header_value(lines, i, "Frames:", int)
    if frames < 0:
        raise ValueError(f"줄 {i + 1}: 프레임 수는 0 이상이어야 합니다 (받은 값: {frames})")
    i = _skip_blank(lines, i + 1)
    frame_time = _header_value(lines, i, "Frame Time:", float)
    if not (np.isfinite(frame_time) and frame_time > 0):
        raise ValueError(f"줄 {i + 1}: Frame Time 은 양의 유한한 수여야 합니다 (받은 값: {frame_time!r})")
    first_frame = i + 1
    # 헤더의 바이트 수 (Frame Time 줄이 파일의 끝이면 그 줄에 줄바꿈이 없다).
    header_bytes = min(len("".join(line + "\n" for line in lines[:first_frame]).encode(encoding)), len(raw))

    channel_count = sum(len(c) for c in parser.channels)
    motion, body_end, token_starts = _parse_frames(raw, header_bytes, first_frame, frames, channel_count, encoding)
    tail_bytes = raw[header_bytes + body_end:]
    if tail_bytes.strip():
        tail_lines = tail_bytes.decode(encoding, errors="replace").split("\n")
        k = next(k for k, line in enumerate(tail_lines) if line.strip())
        raise ValueError(
            f"줄 {first_frame + frames + k + 1}: 선언한 {frames} 프레임 뒤에 값이 더 있습니다"
            f" ({tail_lines[k].strip()[:40]!r}) — Frames: 의 수가 실제 프레임 수와 다릅니다"
        )
    source = _Source(raw, header_bytes, header_bytes + body_end, motion.copy(), encoding, token_starts)
    return BvhClip(
        names=parser.names,
        parents=np.array(parser.parents, dtype=np.intp),
        offsets=np.array(parser.offsets, dtype=float).reshape(-1, 3),
        channels=parser.channels,
        end_sites=parser.end_sites,
        frame_time=frame_time,
        motion=motion,
        _source=source,
    )


#: 'MOTION' 만 있는 줄의 시작 (앞뒤 공백 허용; 첫 낱말이 MOTION 인 줄은 _HierarchyParser 가 다시 확인한다).
_MOTION_LINE = re.compile(rb"^[ \t\r\f\v]*MOTION(?=\s|$)", re.IGNORECASE | re.MULTILINE)


def _decode(data: bytes) -> tuple[str, str]:
    """UTF-8, 안 되면 Latin-1 (모든 바이트를 받는다) 로 읽는다. (글, 인코딩)."""
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def _skip_blank(lines: list[str], i: int) -> int:
    while i < len(lines) and not lines[i].strip():
        i += 1
    return i


def _header_value(lines: list[str], i: int, label: str, kind: Callable[[str], _Number]) -> _Number:
    if i >= len(lines):
        raise ValueError(f"줄 {i + 1}: '{label}' 줄이 있어야 하는데 파일이 끝났습니다")
    stripped = lines[i].strip()
    if not stripped.lower().startswith(label.lower()):
        raise ValueError(f"줄 {i + 1}: '{label}' 줄이 있어야 합니다 (받은 줄: {stripped[:40]!r})")
    value_text = stripped[len(label):].strip()
    try:
        # int 는 스스로 숫자만 받는다. float 는 'nan'·'inf'·'1_0' 도 받으므로 먼저 모양을 본다.
        if kind is not int and _NUMBER.fullmatch(value_text) is None:
            raise ValueError
        return kind(value_text)
    except ValueError:
        raise ValueError(f"줄 {i + 1}: '{label}' 의 값이 숫자가 아닙니다 (받은 값: {value_text!r})") from None


def format_number(value: float) -> str:
    """값을 왕복하는 가장 짧은 표기로 (repr). −0 은 '-0.0', 정수 값도 '.0' 을 붙인다."""
    return repr(float(value))


def format_bvh(clip: BvhClip) -> str:
    """클립을 BVH 원문으로. 읽은 클립이면 헤더는 원문 그대로, 바뀐 값만 새로 적는다."""
    encoding = clip._source.encoding if clip._source is not None else "utf-8"
    return _format_bytes(clip).decode(encoding)


def _format_bytes(clip: BvhClip) -> bytes:
    """format_bvh 의 바이트 (파일의 인코딩). 값을 검사한 뒤에만 만든다."""
    motion = np.asarray(clip.motion, dtype=float)
    if motion.ndim != 2 or motion.shape[1] != sum(len(c) for c in clip.channels):
        raise ValueError(
            f"clip.motion 의 모양 {motion.shape} 이 채널 수 {sum(len(c) for c in clip.channels)} 와 맞지 않습니다"
        )
    if not np.all(np.isfinite(motion)):
        row, col = (int(v) for v in np.argwhere(~np.isfinite(motion))[0])
        raise ValueError(f"clip.motion[{row}, {col}] 가 유한하지 않습니다 (받은 값: {motion[row, col]!r})")
    source = clip._source
    if source is None:
        return _format_fresh(clip, motion).encode("utf-8")
    if source.motion.shape != motion.shape:
        return _format_fresh(clip, motion).encode(source.encoding)
    # 비트 단위로 비교한다 (−0 과 0 도 다르다). 바뀐 칸의 토큰만 원문에서 잘라 바꾼다: 나머지 바이트는 그대로.
    changed = (motion.view(np.int64) != source.motion.view(np.int64)).ravel()
    data = source.data
    if not changed.any():
        return data
    cells = np.flatnonzero(changed)
    body = memoryview(data)[source.body_start: source.body_end]
    cut_starts = source.token_starts[cells].astype(np.intp)
    cut_ends = _token_ends(body, source.token_starts, cells)
    # 새 토큰: 값마다 repr (가장 짧은 왕복 표기, format_number 와 같다) 을 스페이스 하나씩으로 이은 한 덩어리.
    # join_reprs 는 repr 과 바이트 단위로 같은 글을 NumPy 로 한꺼번에 만든다 (tests/test_float_repr.py).
    tokens = join_reprs(motion.ravel()[cells])
    token_gaps = np.flatnonzero(np.frombuffer(tokens, dtype=np.uint8) == 32)
    token_starts = np.concatenate(([0], token_gaps + 1))
    token_ends = np.concatenate((token_gaps, [len(tokens)]))
    # 이웃한 두 칸 (같은 줄의 다음 열) 사이가 원문에서 스페이스 하나면 한 토막으로 잇는다: 새 덩어리의 그 구간을
    # 통째로 쓰면 되므로 조각이 칸마다가 아니라 토막마다다 (다리 관절의 회전 열은 보통 줄마다 이어진 두 토막).
    body_bytes = np.frombuffer(body, dtype=np.uint8)
    joined = (np.diff(cells) == 1) & (cut_starts[1:] == cut_ends[:-1] + 1)
    joined[joined] = body_bytes[cut_ends[:-1][joined]] == 32
    first = np.flatnonzero(np.concatenate(([True], ~joined)))
    last = np.flatnonzero(np.concatenate((~joined, [True])))
    # 원문 사이 (헤더부터 첫 토막까지, 토막 사이, 마지막 토막부터 꼬리 끝까지; 파일 안의 위치) 와 새 토막을 번갈아
    # 한 번의 join 으로 (큰 바이트열을 한 번만 복사한다).
    gap_from = [0, *(cut_ends[last] + source.body_start).tolist()]
    gap_to = [*(cut_starts[first] + source.body_start).tolist(), len(data)]
    pieces: list[bytes] = [b""] * (2 * first.size + 1)
    pieces[0::2] = map(data.__getitem__, map(slice, gap_from, gap_to))
    pieces[1::2] = map(tokens.__getitem__, map(slice, token_starts[first].tolist(), token_ends[last].tolist()))
    return b"".join(pieces)


def _format_fresh(clip: BvhClip, motion: NDArray[np.float64]) -> str:
    out = ["HIERARCHY\n"]
    children: dict[int, list[int]] = {}
    for j, p in enumerate(clip.parents):
        children.setdefault(int(p), []).append(j)
    sites: dict[int, list[NDArray[np.float64]]] = {}
    for p, offset in clip.end_sites:
        sites.setdefault(int(p), []).append(offset)

    def emit(j: int, depth: int) -> None:
        pad = "\t" * depth
        keyword = "ROOT" if clip.parents[j] < 0 else "JOINT"
        out.append(f"{pad}{keyword} {clip.names[j]}\n{pad}{{\n")
        out.append(f"{pad}\tOFFSET {' '.join(format_number(v) for v in clip.offsets[j])}\n")
        out.append(f"{pad}\tCHANNELS {len(clip.channels[j])}{''.join(' ' + c for c in clip.channels[j])}\n")
        for child in children.get(j, []):
            emit(child, depth + 1)
        for offset in sites.get(j, []):
            out.append(f"{pad}\tEnd Site\n{pad}\t{{\n{pad}\t\tOFFSET {' '.join(format_number(v) for v in offset)}\n")
            out.append(f"{pad}\t}}\n")
        out.append(f"{pad}}}\n")

    for root in children.get(-1, []):
        emit(root, 0)
    out.append(f"MOTION\nFrames: {motion.shape[0]}\nFrame Time: {format_number(clip.frame_time)}\n")
    out.extend(" ".join(map(repr, row)) + "\n" for row in motion.tolist())
    return "".join(out)


def write_bvh(path: Union[str, os.PathLike[str]], clip: BvhClip) -> None:
    """클립을 path 에 쓴다: 같은 폴더의 임시 파일에 다 쓴 뒤에만 이름을 바꾼다.

    값 검사·원문 만들기가 실패하면 (ValueError) 아무 파일도 건드리지 않는다.
    """
    data = _format_bytes(clip)
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp_name, target)
    except BaseException:
        try:
            os.unlink(temp_name)
        except FileNotFoundError:
            pass
        raise
