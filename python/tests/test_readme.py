"""README 의 모든 파이썬 예가 붙여 넣은 그대로 실행되고, README 가 보여 주는 출력을 그대로 낸다.

약속 (README 를 쓰는 사람을 위해):

- python/README.md 와 python/README.en.md 의 모든 ```python 블록을 각각 새 이름공간에서, 빈 임시 폴더를
  작업 폴더로 삼아 실행한다. 블록마다 완결된 프로그램이어야 한다 (앞 블록의 이름을 쓰지 않는다).
- 블록 바로 뒤에 (빈 줄만 사이에 두고) ```text 블록이 오면, 그것이 그 블록이 print 하는 전체 출력이다:
  줄마다 오른쪽 공백을 뺀 뒤 정확히 같아야 한다. ```text 블록이 없으면 출력은 확인하지 않는다 (오류 없이 끝나야 한다).
- ```sh 같은 다른 블록은 실행하지 않는다.
- 실행 시간을 짧게: 예는 작은 자료로 (큰 배치는 벤치마크가 잰다).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from pathlib import Path

import pytest

PYTHON_DIR = Path(__file__).resolve().parents[1]
READMES = [PYTHON_DIR / "README.md", PYTHON_DIR / "README.en.md"]

FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def code_blocks(path: Path) -> list[tuple[int, str, str | None]]:
    """(줄 번호, 파이썬 코드, 기대 출력 또는 None) 의 목록."""
    text = path.read_text(encoding="utf-8")
    blocks = [(m.group(1), m.group(2), m.start(), m.end()) for m in FENCE.finditer(text)]
    found = []
    for k, (language, body, start, end) in enumerate(blocks):
        if language != "python":
            continue
        expected = None
        if k + 1 < len(blocks):
            next_language, next_body, next_start, _ = blocks[k + 1]
            if next_language == "text" and text[end:next_start].strip() == "":
                expected = next_body
        found.append((text.count("\n", 0, start) + 1, body, expected))
    return found


CASES = [(path, line, code, expected) for path in READMES for line, code, expected in code_blocks(path)]


def normalized(output: str) -> list[str]:
    lines = [line.rstrip() for line in output.strip("\n").split("\n")]
    return lines


def test_the_readmes_have_the_examples_this_test_expects():
    # 블록을 찾지 못해 아무것도 확인하지 않고 통과하는 일이 없도록.
    for path in READMES:
        blocks = code_blocks(path)
        assert len(blocks) >= 4, f"{path.name}: 파이썬 블록 {len(blocks)} 개"
        assert sum(expected is not None for _, _, expected in blocks) >= 3, path.name


def test_a_wrong_expected_output_is_caught(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("```python\nprint(1 + 1)\n```\n\n```text\n3\n```\n", encoding="utf-8")
    ((_, code, expected),) = code_blocks(readme)
    assert normalized(run(code, tmp_path)) != normalized(expected)


def run(code: str, folder: Path) -> str:
    stdout = io.StringIO()
    previous = Path.cwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(stdout):
            exec(compile(code, "<README>", "exec"), {"__name__": "__main__"})
    finally:
        os.chdir(previous)
    return stdout.getvalue()


@pytest.mark.parametrize(
    "path, line, code, expected", CASES, ids=[f"{path.name}:{line}" for path, line, _, _ in CASES]
)
def test_the_example_runs_and_prints_what_the_readme_shows(path, line, code, expected, tmp_path):
    output = run(code, tmp_path)
    if expected is not None:
        assert normalized(output) == normalized(expected), f"{path.name} {line} 번째 줄의 예"
