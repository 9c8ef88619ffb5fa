"""spec/generate.py 의 float 합은 파이썬 버전에 따라 바뀌지 않는다 (issue 11: 3.12 부터 내장 sum() 은 보정 합이다)."""

from __future__ import annotations

import builtins
import importlib
import math
import sys

import pytest
from conftest import SPEC_DIR

SPEC = SPEC_DIR  # tests/spec (저장소의 spec/ 을 가리키는 링크; sdist 에는 그 파일들이 들어 있다)


@pytest.fixture()
def generate(monkeypatch):
    monkeypatch.syspath_prepend(str(SPEC))
    module = importlib.import_module("generate")
    yield module
    for name in ("generate", "generate_bones", "bone_reference"):
        sys.modules.pop(name, None)


def test_ordered_sum_adds_left_to_right_not_compensated(generate):
    # 왼쪽부터: (1e16 + 1) 은 1e16 으로 반올림되고 − 1e16 = 0. 보정 합 (3.12 의 sum, math.fsum) 이면 1.
    assert generate.ordered_sum([1e16, 1.0, -1e16]) == 0.0
    assert generate.ordered_sum(x for x in (0.1, 0.2, 0.3)) == (0.1 + 0.2) + 0.3


def test_the_vectors_do_not_depend_on_how_builtin_sum_rounds(generate, monkeypatch):
    # 내장 sum 을 3.12 처럼 보정 합으로 바꿔도 (여기서는 더 강하게 math.fsum) 같은 파일이 나와야 한다.
    original = builtins.sum

    def compensated_sum(values, start=0):
        values = list(values)
        if values and all(type(v) is float for v in values) and start == 0:
            return math.fsum(values)
        return original(values, start)

    monkeypatch.setattr(builtins, "sum", compensated_sum)
    text, _summary = generate.render()
    assert text == generate.OUTPUT.read_text(encoding="utf-8")
