"""두 언어의 허용치는 spec/tolerances.json 하나에서 온다: 생성한 _tolerances.py 와 그것을 쓰는 모듈의 상수가 같은지."""

from __future__ import annotations

import json

from conftest import SPEC_DIR
from twoboneik import _affine, _bone_rotate, _tolerances, bones, pole, rotation, solve

CONSTANTS = json.loads((SPEC_DIR / "tolerances.json").read_text(encoding="utf-8"))["constants"]


def test_the_generated_module_is_the_json_name_for_name_and_bit_for_bit():
    generated = {name: getattr(_tolerances, name) for name in dir(_tolerances) if name.isupper()}
    assert generated == {name: entry["value"] for name, entry in CONSTANTS.items()}


def test_the_constants_the_package_uses_are_the_jsons():
    used = {
        "QUATERNION_UNIT_TOLERANCE": bones.QUATERNION_UNIT_TOLERANCE,
        "UNIFORM_SCALE_TOLERANCE": bones.UNIFORM_SCALE_TOLERANCE,
        "PLAIN_INVERT_MIN": _affine.PLAIN_INVERT_MIN,
        "PLAIN_INVERT_MAX": _affine.PLAIN_INVERT_MAX,
        "END_REFINEMENTS": _bone_rotate.END_REFINEMENTS,
        "END_REFINED": _bone_rotate.END_REFINED,
        "UNIT_VECTOR_TOLERANCE": rotation.UNIT_VECTOR_TOLERANCE,
        "AUTO_POLE_DEFAULT_WEIGHT": pole.AUTO_POLE_DEFAULT_WEIGHT,
        "AUTO_POLE_STRAIGHT": pole.AUTO_POLE_STRAIGHT,
        "POLE_LINE_TOLERANCE": solve.POLE_LINE_TOLERANCE,
        "POLE_ROUNDING_ULPS": solve.POLE_ROUNDING_ULPS,
        "POLE_DOWNSCALE_LIMIT": solve.POLE_DOWNSCALE_LIMIT,
        "REORTHOGONALIZE_RATIO_SQ": solve.REORTHOGONALIZE_RATIO_SQ,
    }
    for name, value in used.items():
        assert value == CONSTANTS[name]["value"], name
