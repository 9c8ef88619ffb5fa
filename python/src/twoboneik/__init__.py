"""twoboneik: 두 뼈 역기구학 (코사인 법칙, 극 힌트, soft IK, weight) 을 NumPy 로, 그리고 그것으로 하는 발 고정.

three.js 라이브러리 (TypeScript) 와 같은 계약을 따르며, 두 언어는 `spec/two_bone_ik_vectors.json` 의
공통 적합성 벡터로 같은 답을 낸다는 것을 확인한다.

맨 위에서 바로 쓰는 것: 풀이 (solve_two_bone_ik, apply_two_bone_ik) 와 발 고정의 입구 (read_bvh → footlock →
write_bvh). 나머지 (정기구학 fk, 접지 contact, 다리 찾기 legs, 그림 plot) 는 각 모듈에서 가져온다.
"""

from .bones import (
    QUATERNION_UNIT_TOLERANCE,
    LocalTransform,
    TwoBoneIKPose,
    apply_two_bone_ik,
    soften_distance,
)
from .bvh import BvhClip, read_bvh, write_bvh
from .contact import ContactOptions
from .footlock import FootlockOptions, FootlockResult, FootReport, footlock
from .rotation import rotation_between_unit_vectors
from .solve import POLE_LINE_TOLERANCE, POLE_ROUNDING_ULPS, TwoBoneIKResult, solve_two_bone_ik

__all__ = [
    "POLE_LINE_TOLERANCE",
    "POLE_ROUNDING_ULPS",
    "QUATERNION_UNIT_TOLERANCE",
    "BvhClip",
    "ContactOptions",
    "FootReport",
    "FootlockOptions",
    "FootlockResult",
    "LocalTransform",
    "TwoBoneIKPose",
    "TwoBoneIKResult",
    "apply_two_bone_ik",
    "footlock",
    "read_bvh",
    "rotation_between_unit_vectors",
    "soften_distance",
    "solve_two_bone_ik",
    "write_bvh",
]

__version__ = "0.2.0"
