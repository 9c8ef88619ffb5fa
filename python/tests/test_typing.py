"""타입: 패키지와 타입이 붙은 사용자 예 (tests/typing/user_example.py) 가 `mypy --strict` 를 통과하고, 그 예가 실행해도
통과하며, py.typed 가 패키지에 있다. user_example 의 assert_type 이 오버로드가 고르는 타입을 확인한다."""

from __future__ import annotations

import os
import runpy
import subprocess
import sys
from pathlib import Path

import numpy as np

import twoboneik

PYTHON_DIR = Path(__file__).resolve().parents[1]
EXAMPLE = PYTHON_DIR / "tests" / "typing" / "user_example.py"


def run_mypy(*arguments: str | Path) -> subprocess.CompletedProcess[str]:
    # 설정 ([tool.mypy] strict, python_version 3.10) 은 python/pyproject.toml 에서 읽는다. 캐시는 남기지 않는다.
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", os.devnull, *map(str, arguments)],
        cwd=PYTHON_DIR,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_package_and_the_user_example_pass_mypy_strict():
    # 패키지는 경로가 아니라 이름 (-p) 으로: 설치된 곳 (site-packages 나 src) 을 mypy 가 사용자처럼 찾는다.
    # NumPy < 2.3 의 stubs 에는 ndarray·dtype 의 타입 인자 기본값이 없어 패키지 안의 맨 `np.ndarray` 표기를 type-arg 로 본다
    # (Python 3.10 에서 설치되는 NumPy 2.2 가 그렇다). 사용자 코드의 검사 (EXAMPLE) 는 어느 NumPy 에서나 그대로 strict.
    old_stubs = tuple(int(part) for part in np.__version__.split(".")[:2]) < (2, 3)
    package = ("-p", "twoboneik", *(("--disable-error-code", "type-arg") if old_stubs else ()))
    for arguments in (package, (EXAMPLE,)):
        result = run_mypy(*arguments)
        assert result.returncode == 0, result.stdout + result.stderr
        assert "Success: no issues found" in result.stdout


def test_the_readme_type_examples_pass_mypy_strict(tmp_path):
    # README 의 「타입」 예 (첫 줄이 mypy --strict 를 말하는 ```python 블록) 를 그대로 검사한다.
    from test_readme import READMES, code_blocks

    files = []
    for path in READMES:
        for line, code, _expected in code_blocks(path):
            if "mypy --strict" in code.split("\n", 1)[0]:
                file = tmp_path / f"{path.stem.replace('.', '_')}_{line}.py"
                file.write_text(code, encoding="utf-8")
                files.append(file)
    assert len(files) == len(READMES), [f.name for f in files]
    result = run_mypy(*files)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_catches_a_wrong_type_in_user_code(tmp_path):
    # 검사가 정말로 일하는지: 단일 체인의 reachable (bool) 을 배열처럼 쓰면 mypy 가 거부한다.
    wrong = tmp_path / "wrong.py"
    wrong.write_text(
        "from twoboneik import solve_two_bone_ik\n"
        "result = solve_two_bone_ik((0.0, 0.0, 0.0), 1.0, 1.0, (1.5, 0.0, 0.0), (0.0, 1.0, 0.0))\n"
        "count: int = result.reachable.sum()\n",
        encoding="utf-8",
    )
    result = run_mypy(wrong)
    assert result.returncode == 1
    assert '"bool" has no attribute "sum"' in result.stdout


def test_the_user_example_runs():
    namespace = runpy.run_path(str(EXAMPLE))
    namespace["main"]()


def test_the_package_ships_py_typed():
    assert (Path(twoboneik.__file__).resolve().parent / "py.typed").is_file()
