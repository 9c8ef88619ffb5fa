"""twoboneik: 두 뼈 역기구학 (코사인 법칙, 극 힌트, soft IK, weight) 을 NumPy 로.

three.js 라이브러리 (TypeScript) 와 같은 계약을 따르며, 두 언어는 `spec/two_bone_ik_vectors.json` 의
공통 적합성 벡터로 같은 답을 낸다는 것을 확인한다.

맨 위에는 풀이만 둔다. 발 고정은 일마다 한 모듈이다: `twoboneik.bvh` (read_bvh, write_bvh), `twoboneik.footlock`
(footlock, FootlockOptions), `twoboneik.contact`, `twoboneik.legs`, `twoboneik.fk`. 관절 위치 배열 (SMPL-22 등) 의 발 미끄러짐은
`twoboneik.footskate` (clean_foot_skating), 그 분야의 지표는 `twoboneik.metrics`. 함수 footlock 을 여기서 내보내면
같은 이름의 모듈을 가려 `import twoboneik.footlock as m` 이 실행 때는 함수를, mypy 에는 모듈을 주게 되므로 내보내지
않는다 (import twoboneik 도 BVH·이름 표를 읽지 않아 가볍게 남는다).
"""

from .bones import (
    QUATERNION_UNIT_TOLERANCE,
    LocalTransform,
    TwoBoneIKPose,
    apply_two_bone_ik,
    soften_distance,
)
from .rotation import rotation_between_unit_vectors
from .solve import POLE_LINE_TOLERANCE, POLE_ROUNDING_ULPS, BendLimits, TwoBoneIKResult, solve_two_bone_ik

__all__ = [
    "POLE_LINE_TOLERANCE",
    "POLE_ROUNDING_ULPS",
    "QUATERNION_UNIT_TOLERANCE",
    "BendLimits",
    "LocalTransform",
    "TwoBoneIKPose",
    "TwoBoneIKResult",
    "apply_two_bone_ik",
    "rotation_between_unit_vectors",
    "soften_distance",
    "solve_two_bone_ik",
]

__version__ = "0.2.0"
