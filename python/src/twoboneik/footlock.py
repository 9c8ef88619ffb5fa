"""발 고정 (foot locking): 모션 캡처에서 디딘 발이 미끄러지는 것 (foot skating) 을 두 뼈 IK 로 고친다.

footlock 은 이름 붙은 단계를 차례로 부른다 (단계마다 한 모듈):

1. 준비 (footlock_setup.prepare): 다리 찾기 (legs.find_legs), 다리와 조상의 정기구학 (fk), 척도 (scale.infer_scale), 위·앞.
2. 접지 (contact.find_contact_tracks): 발목·발끝의 높이와 수평 속도의 히스테리시스, 땅 높이.
3. 목표 (footlock_plan.plan_leg): 접지 구간마다 디딘 자리 = 발목 위치의 평균. 다만 들어온 발목에서 max_drift (0.1) 다리 길이
   보다 멀면 그 거리까지만 (목줄): 긴 디딤에서 발이 실제로 움직이면 그만큼은 따라간다. 구간 안은 무게 1, 앞뒤
   blend_frames 프레임은 smoothstep 으로 0 → 1 → 0 (intervals.blend_weights).
4. (옵션) 엉덩이 조정 (footlock_hips.adjust_hips, hips.py): 디딘 두 발이 닿도록 엉덩이를 가장 작게, 부드럽게 옮긴다.
5. 다리마다 풀기 (footlock_solve.solve_legs): apply_two_bone_ik (발의 월드 회전 유지, 자동 극), 닿지 않으면 발끝 구르기
   (toeroll.py), 새 로컬 회전을 채널 순서의 오일러 각으로 (원래 값에 가장 가까운 해).
6. 보고 (footlock_measure.measure): 고친 클립을 다시 정기구학으로 재서 미끄러짐·닿지 못한 프레임·회전·지표.

옵션 없이는 다리 관절의 회전 채널만 바뀐다 (무게 0 인 프레임, 다른 관절, 위치 채널은 비트 단위로 그대로).
--adjust-hips 이면 엉덩이 (뿌리) 의 위치 채널도 바뀐다.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

import numpy as np

from .bvh import BvhClip
from .contact import ContactOptions, find_contact_tracks
from .footlock_hips import adjust_hips, shifted
from .footlock_measure import measure
from .footlock_plan import plan_leg
from .footlock_report import FootlockResult, FootReport
from .footlock_setup import character_forward, prepare
from .footlock_solve import solve_legs
from .intervals import blend_weights
from .scale import infer_scale
from .toeroll import ROLL_REACH as ROLL_REACH  # 예전 자리 (twoboneik.footlock.ROLL_REACH) 에서도 불러온다

__all__ = ["FootlockOptions", "FootReport", "FootlockResult", "footlock", "character_forward", "blend_weights"]


@dataclass(frozen=True)
class FootlockOptions:
    """발 고정 옵션.

    - contact: 접지 문턱 (ContactOptions, 미터·초).
    - blend_frames = 5: 접지 앞뒤로 IK 를 0 → 1, 1 → 0 으로 섞는 프레임 수 (0 이면 바로 켜고 끈다).
    - ground: 땅 높이 (클립 단위, 위 방향 축의 좌표). None 이면 클립에서 추정.
    - units: 'm', 'cm', 'mm', 'inch'. scale: 1 m 당 클립 단위 (양수, 예 CMU 는 약 17.9). 둘 다 None 이면 다리 길이로
      추정한다 (scale.infer_scale). 둘 중 하나만 줄 수 있다. 미터·초 문턱은 이 척도로 클립 단위로 바꾼다.
    - toe_roll = True: 디딘 발목 자리가 닿지 않는 프레임에서 발을 발끝을 축으로 돌려 뒤꿈치를 든다 (toeroll.py).
      발끝 (발가락 관절 또는 End Site) 이 없는 다리는 굴리지 않는다.
    - adjust_hips = False: 디딘 두 발이 닿도록 엉덩이 (뿌리의 위치 채널) 를 가장 작게 옮긴다 (hips.py). 기본은 끔 —
      뿌리 궤적을 그대로 쓰는 파이프라인이 있다.
    - max_drift = 0.1: 디딘 자리는 들어온 발목에서 다리 길이의 이 비율보다 멀어지지 않는다 (목줄; issue 18 의 기준 0.12
      보다 안쪽). 긴 디딤에서 발이 실제로 움직이면 그만큼은 따라간다. inf 이면 묶지 않는다 (구간 평균 그대로).
    - hips_limit = 0.1: 엉덩이 이동의 최대 크기, 다리 길이 단위. hips_blend = 0.25: 이동을 섞어 넣고 빼는 시간, 초.
    - left_foot, right_foot: 발 관절 이름. None 이면 이름 규약 표로 찾는다.
    - left_toe, right_toe: 발가락 관절 이름 (발의 직접 자식). None 이면 이름 표, 없으면 발의 첫 자식 또는 End Site.
    """

    contact: ContactOptions = field(default_factory=ContactOptions)
    blend_frames: int = 5
    ground: Optional[float] = None
    units: Optional[str] = None
    scale: Optional[float] = None
    toe_roll: bool = True
    max_drift: float = 0.1
    adjust_hips: bool = False
    hips_limit: float = 0.1
    hips_blend: float = 0.25
    left_foot: Optional[str] = None
    right_foot: Optional[str] = None
    left_toe: Optional[str] = None
    right_toe: Optional[str] = None

    def validate(self) -> None:
        self.contact.validate()
        if not (isinstance(self.blend_frames, (int, np.integer)) and 0 <= self.blend_frames <= 10_000):
            raise ValueError(f"blend_frames 는 0 이상 10000 이하의 정수여야 합니다 (받은 값: {self.blend_frames!r})")
        if self.ground is not None and not np.isfinite(self.ground):
            raise ValueError(f"ground 는 유한한 수여야 합니다 (받은 값: {self.ground!r})")
        if not isinstance(self.adjust_hips, (bool, np.bool_)):
            raise ValueError(f"adjust_hips 는 참·거짓이어야 합니다 (받은 값: {self.adjust_hips!r})")
        if not (isinstance(self.max_drift, (int, float, np.floating)) and self.max_drift > 0):
            raise ValueError(f"max_drift 는 양수 (다리 길이 단위, inf 이면 묶지 않음) 여야 합니다 (받은 값: {self.max_drift!r})")
        for name, top in (("hips_limit", 1.0), ("hips_blend", 60.0)):
            value = getattr(self, name)
            if not (isinstance(value, (int, float, np.floating)) and np.isfinite(value) and 0 <= value <= top):
                raise ValueError(f"{name} 는 0 이상 {top:g} 이하의 수여야 합니다 (받은 값: {value!r})")
        infer_scale(1.0, self.units, self.scale)  # units·scale 검사 (다리 길이는 아직 모른다)


def footlock(
    clip: BvhClip,
    options: Optional[FootlockOptions] = None,
    progress: Optional[Callable[[float, str], None]] = None,
) -> FootlockResult:
    """클립의 발 미끄러짐을 고친 새 클립과 보고서. 입력 clip 은 바꾸지 않는다.

    progress(fraction, stage) 는 단계마다 (0 … 1) 불린다. 잘못된 옵션·다리를 찾지 못함·다리 관절의 회전 채널이
    세 축이 아님·프레임이 없는 클립·adjust_hips 인데 뿌리에 위치 채널이 없음은 계산 전에 ValueError.
    """
    options = options or FootlockOptions()
    options.validate()
    report = progress or (lambda fraction, stage: None)
    setup = prepare(clip, options, report)
    report(0.15, "접지 찾기")
    tracks, ground = find_contact_tracks(
        setup.rest, setup.pose, setup.legs, setup.up, clip.frame_time, setup.scale.units_per_metre,
        options.contact, options.ground,
    )
    plans = [plan_leg(setup, leg, track, options) for leg, track in zip(setup.legs, tracks)]
    motion = clip.motion.copy()
    pose, hips = setup.pose, None
    if options.adjust_hips:
        # 목표는 엉덩이를 옮기기 전에 정한다 (디딘 자리는 들어온 발의 것). 뿌리의 이동은 모든 관절을 같이 옮기므로
        # 정기구학을 다시 하지 않고 위치에 더하기만 한다.
        hips = adjust_hips(clip, setup, plans, options, motion)
        pose = shifted(setup.pose, hips.offset)
    solutions = solve_legs(clip, setup, pose, plans, options, motion, report)
    report(0.9, "검사")
    # 보고는 IK 의 결과가 아니라 쓴 오일러 각에서 다시 잰다 (적는 동안의 반올림까지 본다).
    result = measure(clip, setup, tracks, plans, solutions, motion, ground, hips)
    report(1.0, "끝")
    return result


