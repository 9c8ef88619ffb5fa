"""테스트 공통 도우미: 적합성 벡터 읽기와 체인 크기에 맞춘 허용치 (한 곳에서 정한다)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np

# tests/spec 는 저장소의 spec/ 을 가리키는 심볼릭 링크다: sdist 에는 링크가 가리키는 파일들이 그대로 들어가므로
# 저장소에서도 sdist 에서도 같은 경로로 적합성 벡터와 생성기를 읽는다.
# (링크를 만들지 못하는 체크아웃, 예: core.symlinks=false 인 Windows 에서는 저장소의 spec/ 을 바로 읽는다.)
_TESTS_DIR = Path(__file__).resolve().parent
SPEC_DIR = _TESTS_DIR / "spec" if (_TESTS_DIR / "spec").is_dir() else _TESTS_DIR.parents[1] / "spec"
VECTORS_PATH = SPEC_DIR / "two_bone_ik_vectors.json"
# 발 고정 테스트의 실제 모션 캡처 클립과 그 출처 (tests/data, sdist 에도 들어간다).
DATA_DIR = _TESTS_DIR / "data"
EPS = float(np.finfo(np.float64).eps)


def load_vectors() -> dict:
    with VECTORS_PATH.open(encoding="utf-8") as file:
        return json.load(file)


def json_number(value):
    """JSON 의 "NaN", "Infinity", "-Infinity" 문자열을 float 로. 타입 규칙 검사용 값은 그대로:
    true/false 는 bool, {"string": s} 는 문자열 s."""
    if isinstance(value, dict):
        return value["string"]
    if isinstance(value, bool):
        return value
    if value == "NaN":
        return math.nan
    if value == "Infinity":
        return math.inf
    if value == "-Infinity":
        return -math.inf
    return value


def chain_tolerance(chain_length, *coordinates, relative=1e-12, ulps=4) -> float:
    """허용치: relative·(a + b) + ulps·ε·(가장 큰 좌표 크기). 적합성 벡터의 허용치와 같은 식."""
    largest = max(float(np.max(np.abs(np.asarray(c, dtype=float)))) for c in coordinates) if coordinates else 0.0
    return relative * float(chain_length) + ulps * EPS * largest


def assert_close_points(actual, expected, tolerance: float) -> None:
    error = float(np.max(np.abs(np.asarray(actual, dtype=float) - np.asarray(expected, dtype=float))))
    assert error <= tolerance, f"오차 {error!r} > 허용치 {tolerance!r}"
