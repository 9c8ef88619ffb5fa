"""make fuzz 의 10⁵ 조각 (make test 에 들어간다): 단일·배치 경로가 조건별 체인에서 계약의 모든 불변식을 지키고
서로 비트 단위로 같다. 10⁶ 개와 TypeScript 와의 비트 비교는 make fuzz 가 한다 (fuzz/fuzz.py)."""

from __future__ import annotations

import importlib
import io
import sys
from pathlib import Path

FUZZ = Path(__file__).resolve().parents[2] / "fuzz"


def test_the_fuzz_slice_has_no_violation(monkeypatch):
    monkeypatch.syspath_prepend(str(FUZZ))
    fuzz = importlib.import_module("fuzz")
    try:
        report = io.StringIO()
        total = fuzz.run(100_000, 20261201, scalar=True, out=report)
        assert total == 0, report.getvalue()
        text = report.getvalue()
        assert "[파이썬 배치] 체인 100000" in text and "[파이썬 단일] 체인 100000" in text
        assert "다른 체인 0" in text
        # 굽힘 제한 불변식이 실제로 돌았다 (체인의 30 % 에 제한, 두 뼈가 모두 길이가 있는 체인만 잰다).
        line = next(row for row in text.splitlines() if row.strip().startswith("bend_limits"))
        assert int(line.split("검사")[1].split()[0]) > 20_000, line
    finally:
        sys.modules.pop("fuzz", None)
