"""BVH 의 프레임 줄 (MOTION 뒤의 값) 을 바이트 배열 그대로 NumPy 로 읽는 빠른 길과, 잘못된 파일의 줄을 알리는 느린 길.

bvh.py 의 parse_bvh 가 _parse_frames 를, 쓰기 (_format_bytes) 가 _token_ends 를 부른다.
"""

from __future__ import annotations

import io
from typing import Any, Union

import numpy as np
from numpy.typing import NDArray

from ._bvh_hierarchy import _NUMBER


# 프레임 값에 허용하는 바이트 (숫자, 부호, 소수점, 지수, 공백): 'nan', 'inf', '1_000', '0x10' 은 여기서 걸린다.
_MOTION_BYTES = b"0123456789eE+-. \t\r\n\x0b\x0c"
_LOADTXT_SPACES = bytes.maketrans(b"\r\x0b\x0c", b"   ")
#: 허용한 바이트 가운데 이 값 이하는 공백 (탭 9, LF 10, VT 11, FF 12, CR 13, 스페이스 32) 이고 나머지는 숫자의 글자다.
_LAST_SPACE_BYTE = 32
#: 본문을 이만큼씩 훑는다: 바이트마다의 임시 배열 (본문 크기) 대신 이 크기의 것을 되풀이해 쓴다. 새 메모리를 처음
#: 만지는 값이 계산보다 비싸다 (72,000 프레임의 42 MB 본문이면 한 번에 훑을 때 임시 배열만 130 MB).
_SCAN_BYTES = 1 << 20


def _newlines(data: Union[bytes, memoryview]) -> NDArray[np.intp]:
    """data 의 줄바꿈 (LF) 위치, 오름차순."""
    raw = np.frombuffer(data, dtype=np.uint8)
    found = np.empty(min(raw.size, _SCAN_BYTES), dtype=bool)
    pieces = [np.zeros(0, dtype=np.intp)]
    for begin in range(0, raw.size, _SCAN_BYTES):
        block = raw[begin: begin + _SCAN_BYTES]
        pieces.append(np.flatnonzero(np.equal(block, 10, out=found[: block.size])) + begin)
    return np.concatenate(pieces)


#: 토큰 시작의 배열: 본문이 2 GB 보다 작으면 int32 (토큰마다 4 바이트), 아니면 int64.
TokenStarts = Union[NDArray[np.int32], NDArray[np.int64]]


def _token_starts(data: Union[bytes, memoryview], dtype: type[np.int32] | type[np.int64]) -> TokenStarts:
    """_MOTION_BYTES 만으로 된 data 의 토큰 (공백이 아닌 연속 바이트) 의 시작 위치 (dtype 으로).

    토큰의 시작은 공백 (또는 data 의 처음) 바로 뒤의 공백이 아닌 바이트다: 앞에 공백을 하나 붙인 글자 표시 word 로
    word[:-1] < word[1:] 인 곳. _SCAN_BYTES 씩 보고, 조각의 첫 칸에는 앞 조각의 마지막 표시를 둔다.
    """
    raw = np.frombuffer(data, dtype=np.uint8)
    word = np.empty(min(raw.size, _SCAN_BYTES) + 1, dtype=bool)
    start = np.empty(word.size - 1, dtype=bool)
    previous = False
    pieces: list[NDArray[Any]] = [np.zeros(0, dtype=dtype)]
    for begin in range(0, raw.size, _SCAN_BYTES):
        block = raw[begin: begin + _SCAN_BYTES]
        flags = word[: block.size + 1]
        flags[0] = previous
        np.greater(block, _LAST_SPACE_BYTE, out=flags[1:])
        found = np.flatnonzero(np.less(flags[:-1], flags[1:], out=start[: block.size]))
        pieces.append(np.add(found, begin, out=found).astype(dtype))
        previous = bool(flags[-1])
    starts: TokenStarts = np.concatenate(pieces)
    return starts


def _token_ends(
    body: Union[bytes, memoryview], starts: TokenStarts, tokens: NDArray[np.intp]
) -> NDArray[np.intp]:
    """body 에서 토큰 tokens (starts 의 색인, 오름차순) 의 끝 (토큰 뒤 첫 공백 또는 body 의 끝) 위치.

    바뀐 칸의 토큰만 찾는다: 다음 토큰의 시작 바로 앞에서 시작해 공백인 동안 뒤로 물러난다. 구분자가 스페이스
    하나이면 한 번에 맞고, 되풀이는 가장 긴 구분자 (줄 끝의 ' \r\n' 같은) 의 길이만큼이다.
    """
    body_bytes = np.frombuffer(body, dtype=np.uint8)
    following = tokens + 1
    ends = np.full(tokens.size, len(body), dtype=np.intp)  # 마지막 토큰 뒤에는 body 의 끝 (뒤 공백은 아래에서 뺀다)
    inside = following < starts.size
    ends[inside] = starts[following[inside]]
    # ends − 1 ≥ 토큰의 시작이다 (토큰은 비지 않았다): 그 바이트가 공백이면 한 칸 물러난다.
    back = np.flatnonzero(body_bytes[ends - 1] <= _LAST_SPACE_BYTE)
    while back.size:
        ends[back] -= 1
        back = back[body_bytes[ends[back] - 1] <= _LAST_SPACE_BYTE]
    return ends


def _truncated(first: int, k: int, frames: int) -> ValueError:
    return ValueError(f"줄 {first + k + 1}: 프레임이 잘렸습니다 — Frames: {frames} 인데 {k} 프레임만 있습니다")


def _parse_frames(
    data: bytes, offset: int, first: int, frames: int, channel_count: int, encoding: str
) -> tuple[NDArray[np.float64], int, TokenStarts]:
    """파일의 바이트 data 에서 헤더 뒤 (offset 부터) 의 프레임 줄 frames 개를 (frames, channel_count) 로 읽는다.

    (값, 프레임 줄의 끝 바이트 (offset 에서 센), 토큰의 시작들 (offset 에서 센)) 을 돌려준다. 본문을 잘라 사본을 만들지
    않는다 (memoryview 와 범위를 주는 bytes 메서드만 쓴다).

    빠른 길: 줄바꿈 위치로 frames 번째 줄의 끝을 찾고, 허용한 바이트만 있는지 보고, 줄마다 토큰 수를 센 뒤 (NumPy)
    np.loadtxt 로 한 번에 읽는다. 어느 하나라도 어긋나면 느린 길 (_frame_error) 이 처음 잘못된 줄을 찾아 알린다.
    first 는 첫 프레임 줄의 색인 (0 부터).
    """
    rest = memoryview(data)[offset:]
    newlines = _newlines(rest)
    if frames == 0:
        return np.zeros((0, channel_count)), 0, np.zeros(0, np.int32)
    if newlines.size >= frames:
        body_end = int(newlines[frames - 1]) + 1
    elif newlines.size == frames - 1 and len(rest) > (int(newlines[-1]) + 1 if newlines.size else 0):
        body_end = len(rest)  # 마지막 프레임 줄에 줄바꿈이 없다
    elif channel_count == 0 and newlines.size == frames - 1:
        body_end = len(rest)  # 채널이 없으면 프레임 줄은 빈 줄이고, 마지막 빈 줄은 파일의 끝이다
    else:
        raise _frame_error(rest, first, frames, channel_count, encoding)
    body = rest[:body_end]
    # 허용하지 않은 바이트의 수: 파일 전체에서 센 것 − 헤더의 것 − 본문 뒤의 것 (translate 는 남긴 바이트만 만든다).
    outside = data[:offset].translate(None, _MOTION_BYTES) + data[offset + body_end:].translate(None, _MOTION_BYTES)
    # 채널이 하나도 없는 클립이면 프레임 줄은 모두 빈 줄이어야 한다.
    if len(data.translate(None, _MOTION_BYTES)) > len(outside) or (channel_count == 0 and bytes(body).strip()):
        raise _frame_error(rest, first, frames, channel_count, encoding)
    if channel_count == 0:
        return np.zeros((frames, 0)), body_end, np.zeros(0, np.int32)
    starts = _token_starts(body, np.int32 if body_end < 2**31 else np.int64)
    # 줄마다 토큰 수 = 그 줄의 바이트 구간 [줄 시작, 다음 줄 시작) 에 든 토큰 시작의 수.
    boundaries = np.empty(frames + 1, dtype=np.intp)
    boundaries[0] = 0
    boundaries[1:frames] = newlines[:frames - 1] + 1
    boundaries[frames] = body_end
    counts = np.diff(np.searchsorted(starts, boundaries))
    if np.any(counts != channel_count):
        raise _frame_error(rest, first, frames, channel_count, encoding)
    # 바이트 그대로 넘긴다: str 로 바꿔 StringIO 에 넣으면 글자마다 4 바이트인 사본 (본문의 네 배) 이 생긴다.
    # BytesIO(bytes) 는 사본을 만들지 않고, loadtxt 는 읽던 자리부터 max_rows 줄만 읽는다 (결과도 그 크기로 한 번에 잡는다).
    stream = io.BytesIO(data)
    stream.seek(offset)
    # np.loadtxt 는 CR 을 줄바꿈으로, VT·FF 를 글자로 본다: 줄 안의 공백으로 바꿔 준다 (토큰 위치는 이미 셌다).
    if any(data.find(space, offset, offset + body_end) >= 0 for space in (b"\r", b"\x0b", b"\x0c")):
        stream = io.BytesIO(bytes(body).translate(_LOADTXT_SPACES))
    try:
        values = np.loadtxt(stream, dtype=np.float64, ndmin=2, encoding="ascii", max_rows=frames)
    except ValueError:
        raise _frame_error(rest, first, frames, channel_count, encoding) from None
    if values.size != frames * channel_count:
        raise _frame_error(rest, first, frames, channel_count, encoding)
    values = values.reshape(frames, channel_count)
    if not np.all(np.isfinite(values)):
        row = int(np.argwhere(~np.isfinite(values))[0, 0])
        raise ValueError(f"줄 {first + row + 1}: 유한하지 않은 값 (지수가 너무 큽니다)")
    return values, body_end, starts


def _frame_error(rest: memoryview, first: int, frames: int, channel_count: int, encoding: str) -> ValueError:
    """느린 길 (잘못된 파일에서만): 프레임 줄을 하나씩 보며 처음 잘못된 줄을 알리는 ValueError."""
    frame_lines = bytes(rest).decode(encoding, errors="replace").split("\n")[:frames]
    for k, line in enumerate(frame_lines):
        tokens = line.split()
        if not tokens and channel_count > 0:
            return _truncated(first, k, frames)
        for token in tokens:
            if _NUMBER.fullmatch(token) is None:
                return ValueError(f"줄 {first + k + 1}: 숫자가 아닌 값 {token!r}")
        if len(tokens) != channel_count:
            return ValueError(
                f"줄 {first + k + 1}: 채널 수 {channel_count} 와 맞지 않는 프레임입니다 (값 {len(tokens)} 개)"
            )
    if len(frame_lines) < frames:
        return _truncated(first, len(frame_lines), frames)
    return ValueError(f"줄 {first + 1}: 프레임 값을 읽을 수 없습니다")
