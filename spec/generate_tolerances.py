#!/usr/bin/env python3
"""spec/tolerances.json (두 언어의 허용치·문턱의 유일한 원본) 을 src/math/tolerances.ts 와
python/src/twoboneik/_tolerances.py 로 옮겨 쓴다.

    python3 spec/generate_tolerances.py

표를 고치면 이것을 돌려 세 파일을 함께 커밋한다: test/tolerances.test.ts 와 python/tests/test_tolerances.py 가
생성한 파일과 쓰는 곳이 이 JSON 과 같은지 확인한다.
"""
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "spec" / "tolerances.json"
TS_TARGET = ROOT / "src" / "math" / "tolerances.ts"
PY_TARGET = ROOT / "python" / "src" / "twoboneik" / "_tolerances.py"
NOTICE = "이 파일은 spec/tolerances.json 에서 만든다 (python3 spec/generate_tolerances.py). 손으로 고치지 않는다."


def number(value) -> str:
    return repr(float(value)) if isinstance(value, float) else str(value)


def render_ts(constants: dict) -> str:
    lines = [f"// {NOTICE}", ""]
    for name, entry in constants.items():
        lines += [f"/** {entry['why']} */", f"export const {name} = {number(entry['value'])};", ""]
    return "\n".join(lines)


def render_py(constants: dict) -> str:
    lines = [f'"""{NOTICE}"""', ""]
    for name, entry in constants.items():
        lines += [f"#: {entry['why']}", f"{name} = {number(entry['value'])}", ""]
    return "\n".join(lines)


def main() -> None:
    constants = json.loads(SOURCE.read_text(encoding="utf-8"))["constants"]
    TS_TARGET.write_text(render_ts(constants), encoding="utf-8")
    PY_TARGET.write_text(render_py(constants), encoding="utf-8")


if __name__ == "__main__":
    main()
