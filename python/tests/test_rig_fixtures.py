"""커밋된 테스트 리그 (test/fixtures/rigs/) 가 생성기의 지금 출력과 바이트 하나까지 같은지, 각각 200 kB 미만인지.
뼈 이름 표의 TypeScript 사본 (src/rig/boneNames.ts) 이 spec/bone_names.json 에서 새로 만든 것과 같은지도 본다."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RIGS = ROOT / "test" / "fixtures" / "rigs"


def load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GENERATOR = load(RIGS / "generate_rigs.py", "generate_rigs")
FRESH = GENERATOR.fixtures()


@pytest.mark.parametrize("name", sorted(FRESH))
def test_committed_rig_equals_a_fresh_generation(name):
    committed = (RIGS / name).read_bytes()
    assert committed == FRESH[name], f"{name} 이 오래되었습니다: make rigs 로 다시 만드세요"
    assert len(committed) < 200_000


def test_every_committed_rig_comes_from_the_generator():
    on_disk = {p.name for p in RIGS.iterdir() if p.suffix in {".glb", ".gltf", ".vrm"}}
    assert on_disk == set(FRESH)


def test_bone_name_tables_typescript_copy_is_fresh():
    generator = load(ROOT / "spec" / "generate_bone_names_ts.py", "generate_bone_names_ts")
    assert generator.TARGET.read_text(encoding="utf-8") == generator.render(), "python3 spec/generate_bone_names_ts.py"


def test_bone_name_tables_read_from_python_find_a_foot():
    """발 고정 같은 Python 작업이 같은 표로 발·발가락 뼈를 찾을 수 있다 (표가 평범한 데이터라는 확인)."""
    import re

    tables = json.loads((ROOT / "spec" / "bone_names.json").read_text(encoding="utf-8"))

    def roles(name):
        normalized = re.sub(tables["normalize"]["remove"], "", name.lower())
        found = set()
        for convention in tables["conventions"]:
            for prefix in convention["prefixes"]:
                match = re.match(prefix["pattern"], normalized)
                if match is None:
                    continue
                rest = normalized[match.end():]
                found |= {role for role, names in convention["bones"].items() if rest in names}
        return found

    assert roles("mixamorig:LeftFoot") == {"leftFoot"}
    assert roles("mixamorig1:RightToeBase") == {"rightToes"}
    assert roles("ball_r") == {"rightToes"}
    assert roles("DEF-toe.L") == {"leftToes"}
    assert roles("LeftHandIndex1") == set()
