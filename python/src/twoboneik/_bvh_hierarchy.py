"""BVH 의 HIERARCHY 부분을 토큰 단위로 읽는 파서 (bvh.py 가 쓴다): 관절·OFFSET·CHANNELS·End Site, 줄 번호를 담은 ValueError."""

from __future__ import annotations

import re

import numpy as np
from numpy.typing import NDArray

#: 허용하는 채널 이름 (대소문자 구분 없음). 파일의 철자는 헤더 원문에 그대로 남는다.
CHANNEL_NAMES = ("Xposition", "Yposition", "Zposition", "Xrotation", "Yrotation", "Zrotation")
_CHANNEL_BY_LOWER = {name.lower(): name for name in CHANNEL_NAMES}

#: 숫자 토큰의 모양 (부호, 소수점, 지수). float() 가 받는 'nan'·'inf'·'1_0' 은 받지 않는다.
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")


class _HierarchyParser:
    """HIERARCHY 부분을 토큰 단위로 읽는다. 토큰마다 줄 번호를 안다."""

    def __init__(self, lines: list[str]):
        self.lines = lines
        self.tokens: list[tuple[str, int]] = []  # (token, 줄 색인)
        self.names: list[str] = []
        self.parents: list[int] = []
        self.offsets: list[list[float]] = []
        self.channels: list[tuple[str, ...]] = []
        self.end_sites: list[tuple[int, NDArray[np.float64]]] = []
        self.motion_line = -1
        self.pos = 0

    def parse(self) -> None:
        motion_at = -1
        for i, line in enumerate(self.lines):
            words = line.split()
            if words and words[0].upper() == "MOTION":
                if len(words) != 1:
                    raise ValueError(f"줄 {i + 1}: MOTION 줄에 다른 것이 있습니다 ({line.strip()[:40]!r})")
                motion_at = i
                break
            for word in words:
                # 중괄호가 이름에 붙어 있어도 (예: 'Hips{') 나눈다.
                for piece in re.split(r"([{}])", word):
                    if piece:
                        self.tokens.append((piece, i))
        if motion_at < 0:
            raise ValueError(f"줄 {len(self.lines)}: MOTION 부분이 없습니다")
        self.motion_line = motion_at + 1
        self._motion_at = motion_at
        token, at = self._next("HIERARCHY")
        if token.upper() != "HIERARCHY":
            raise ValueError(f"줄 {at + 1}: 파일은 HIERARCHY 로 시작해야 합니다 (받은 것: {token!r})")
        if self.pos >= len(self.tokens):
            raise ValueError(f"줄 {at + 1}: ROOT 관절이 없습니다")
        while self.pos < len(self.tokens):
            token, at = self._next("ROOT")
            if token.upper() != "ROOT":
                raise ValueError(f"줄 {at + 1}: ROOT 가 있어야 합니다 (받은 것: {token!r})")
            self._joint(-1, at)

    def _next(self, expected: str) -> tuple[str, int]:
        if self.pos >= len(self.tokens):
            raise ValueError(f"줄 {self._motion_at + 1}: {expected} 가 있어야 하는데 MOTION 이 나왔습니다")
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def _name(self, keyword_line: int) -> str:
        # 이름은 같은 줄의 나머지 토큰 ('{' 전까지). 이름에 공백이 있으면 한 칸으로 잇는다.
        words: list[str] = []
        while self.pos < len(self.tokens) and self.tokens[self.pos][1] == keyword_line:
            if self.tokens[self.pos][0] == "{":
                break
            words.append(self.tokens[self.pos][0])
            self.pos += 1
        if not words:
            raise ValueError(f"줄 {keyword_line + 1}: 관절 이름이 없습니다")
        return " ".join(words)

    def _expect(self, word: str) -> int:
        token, line = self._next(repr(word))
        if token.upper() != word.upper():
            raise ValueError(f"줄 {line + 1}: {word!r} 가 있어야 합니다 (받은 것: {token!r})")
        return line

    def _numbers(self, count: int, what: str, line: int) -> list[float]:
        out: list[float] = []
        for _ in range(count):
            token, token_line = self._next(what)
            if _NUMBER.fullmatch(token) is None:
                raise ValueError(f"줄 {token_line + 1}: {what} 의 값이 숫자가 아닙니다 (받은 값: {token!r})")
            out.append(float(token))
        return out

    def _joint(self, parent: int, keyword_line: int) -> None:
        name = self._name(keyword_line)
        if name in self.names:
            raise ValueError(f"줄 {keyword_line + 1}: 관절 이름 {name!r} 이 두 번 나옵니다")
        self._expect("{")
        line = self._expect("OFFSET")
        offset = self._numbers(3, "OFFSET", line)
        index = len(self.names)
        self.names.append(name)
        self.parents.append(parent)
        self.offsets.append(offset)
        token, line = self._next("CHANNELS")
        if token.upper() != "CHANNELS":
            raise ValueError(f"줄 {line + 1}: 관절 {name!r} 에 CHANNELS 가 있어야 합니다 (받은 것: {token!r})")
        count_token, count_line = self._next("채널 수")
        if not count_token.isdigit():
            raise ValueError(f"줄 {count_line + 1}: 채널 수가 정수가 아닙니다 (받은 값: {count_token!r})")
        count = int(count_token)
        channels: list[str] = []
        for _ in range(count):
            token, token_line = self._next("채널 이름")
            canonical = _CHANNEL_BY_LOWER.get(token.lower())
            if canonical is None:
                raise ValueError(
                    f"줄 {token_line + 1}: 관절 {name!r} 의 채널 수 {count} 와 채널 이름이 맞지 않거나 모르는 채널입니다"
                    f" (받은 것: {token!r}; 허용: {', '.join(CHANNEL_NAMES)})"
                )
            if canonical in channels:
                raise ValueError(f"줄 {token_line + 1}: 관절 {name!r} 의 채널 {canonical} 이 두 번 나옵니다")
            channels.append(canonical)
        self.channels.append(tuple(channels))
        while True:
            token, line = self._next("'}'")
            upper = token.upper()
            if token == "}":
                return
            if upper == "JOINT":
                self._joint(index, line)
            elif upper == "END":
                site, site_line = self._next("Site")
                if site.upper() != "SITE":
                    raise ValueError(f"줄 {site_line + 1}: 'End Site' 가 있어야 합니다 (받은 것: {site!r})")
                self._expect("{")
                offset_line = self._expect("OFFSET")
                site_offset = self._numbers(3, "OFFSET", offset_line)
                self._expect("}")
                self.end_sites.append((index, np.array(site_offset, dtype=float)))
            else:
                raise ValueError(
                    f"줄 {line + 1}: 관절 {name!r} 안에 JOINT, End Site 또는 '}}' 가 있어야 합니다 (받은 것: {token!r})"
                )
