"""twoboneik: 두 뼈 역기구학 (코사인 법칙, 극 힌트, soft IK, weight) 을 NumPy 로.

three.js 라이브러리 (TypeScript) 와 같은 계약을 따르며, 두 언어는 `spec/two_bone_ik_vectors.json` 의
공통 적합성 벡터로 같은 답을 낸다는 것을 확인한다.
"""

from .bones import (
    QUATERNION_UNIT_TOLERANCE,
    LocalTransform,
    TwoBoneIKPose,
    apply_two_bone_ik,
    soften_distance,
)
from .rotation import rotation_between_unit_vectors
from .solve import POLE_LINE_TOLERANCE, POLE_ROUNDING_ULPS, TwoBoneIKResult, solve_two_bone_ik

__all__ = [
    "POLE_LINE_TOLERANCE",
    "POLE_ROUNDING_ULPS",
    "QUATERNION_UNIT_TOLERANCE",
    "LocalTransform",
    "TwoBoneIKPose",
    "TwoBoneIKResult",
    "apply_two_bone_ik",
    "rotation_between_unit_vectors",
    "soften_distance",
    "solve_two_bone_ik",
]

__version__ = "0.2.0"
