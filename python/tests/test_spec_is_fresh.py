"""커밋된 적합성 벡터가 생성기의 지금 출력과 같은지: 생성기나 참값 계산을 고치고 파일을 다시 만들지 않으면 실패한다."""

from __future__ import annotations

import importlib
import sys

import pytest

from conftest import SPEC_DIR

SPEC = SPEC_DIR


@pytest.mark.parametrize("module", ["generate", "generate_bones"])
def test_committed_vectors_equal_a_fresh_generation(module, monkeypatch):
    monkeypatch.syspath_prepend(str(SPEC))  # 생성기는 spec/ 안의 모듈을 서로 import 한다
    generator = importlib.import_module(module)
    try:
        text, _summary = generator.render()
        committed = generator.OUTPUT.read_text(encoding="utf-8")
        assert text == committed, f"{generator.OUTPUT.name} 이 오래되었습니다: python3 spec/{module}.py 로 다시 만드세요"
    finally:
        for name in ("generate", "generate_bones", "bone_reference"):
            sys.modules.pop(name, None)
