"""관절 위치 배열 (동작 생성·자세 추정의 출력, 예: HumanML3D / SMPL-22 (F, 22, 3)) 의 발 미끄러짐을 고친다.

순서 (clean_foot_skating, 단계마다 한 모듈):

1. 배치 (footskate_layout.load_layout): 다리마다 엉덩이·무릎·발목·발끝의 색인, 뿌리, 위 축. 이름 'smpl22' 이 들어 있고
   (SMPL22), JSON 으로도 준다. 배치·fps·배열은 계산 전에 검사한다.
2. 뼈 길이 (footskate_legs.bone_lengths: 엉덩이–무릎, 무릎–발목, 발목–발끝) 는 클립에서 한 번, 프레임들의 중앙값. 출력은
   모든 프레임에서 이 길이다.
3. 땅과 접지 (footskate_contact): 땅 g = 두 발끝 높이의 ground_percentile 백분위. 발 높이 = min(발끝 − g, 발목 − g − 평평한
   발의 (발목 − 발끝) 높이 차), 속도 = 발목과 발끝의 수평 속도 중 큰 것. 접지는 contact.detect_contacts (높이 띠 + 속도,
   히스테리시스, 최소 길이).
4. 디딘 자리 (footskate_legs.fix_leg) = 접지 구간의 발끝 위치 평균 (문헌의 지표가 재는 점). 발목의 자리 = 디딘 발끝 − 발 길이
   × 그 프레임의 들어온 발 방향 (발목→발끝): 발의 기울기 (뒤꿈치 들기) 는 들어온 대로. 무게 = intervals.blend_weights
   (구간 1, 앞뒤 blend_frames 프레임 smoothstep). 닿지 않는 발목 자리는 발끝을 축으로 굴린다 (toeroll.toe_roll, 발 고정과
   같은 식).
5. 프레임마다 두 다리를 solve_two_bone_ik 로 (프레임에 대해 벡터화): 엉덩이는 그대로, 무릎은 들어온 무릎을 극 힌트로
   (거의 곧은 다리는 캐릭터의 앞 쪽으로, pole.auto_pole), 발목은 목표 = 들어온 발목 + w·(디딘 자리 − 들어온 발목).
6. 발끝은 발과 함께: 방향 = 들어온 발목→발끝 (접지 중에는 w 만큼 디딘 발끝 쪽으로), 길이 = 중앙값, 땅 아래로 가면
   가장 작은 회전 (수평 방향은 두고 올려 보는 각만) 으로 땅 위로.
7. 보고 (footskate_report.measure): 발마다 발끝 미끄러짐 전·후, 닿지 못한 프레임, 전·후 지표 (metrics).

다리 관절 (무릎·발목·발끝) 말고는 비트 단위로 그대로다. float32 는 float64 로 계산해 float32 로 돌려준다.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence, Union

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .contact import ContactOptions
from .footskate_contact import contact_tracks, ground_height
from .footskate_layout import LAYOUTS, SMPL22, Layout, LegIndices, check_fps, load_layout
from .footskate_legs import LegFix, bone_lengths, character_forward, fix_leg, pick_legs
from .footskate_report import FootskateFoot, FootskateResult, measure

__all__ = [
    "SMPL22",
    "LAYOUTS",
    "MIN_FRAMES",
    "LegIndices",
    "Layout",
    "FootskateOptions",
    "FootskateFoot",
    "FootskateResult",
    "load_layout",
    "clean_foot_skating",
]

#: 이보다 짧은 클립은 받지 않는다 (속도·접지·3 차 차분의 저크를 잴 수 없다).
MIN_FRAMES = 4

#: 생성 모션의 접지 문턱: 높이 띠는 발 고정과 같고 (3 cm 에 들어가 5 cm 에 나옴), 속도는 더 넉넉하다 (0.5 m/s 에 들어가
#: 1 m/s 에 나옴) — 문헌이 미끄러짐으로 세는 0.5 m/s 넘는 발도 접지로 잡아야 고칠 수 있다. 대신 땅에 붙어 1 m/s 보다
#: 느리게 끌며 옮기는 발 (발을 들지 않는 걸음) 은 디딘 것으로 보고 고정한다 (speed_off 를 낮추면 남는다).
GENERATED_CONTACT = ContactOptions(height_on=0.03, height_off=0.05, speed_on=0.5, speed_off=0.9, min_contact=0.1)


@dataclass(frozen=True)
class FootskateOptions:
    """관절 배열의 발 미끄러짐 고치기 옵션.

    - contact: 접지 문턱 (미터·초, 기본 GENERATED_CONTACT).
    - blend_frames = 3: 접지 앞뒤로 목표를 섞는 프레임 수 (20 fps 에서 0.15 s).
    - ground: 땅 높이 (위 축의 좌표 × 부호, 배열 단위). None 이면 발끝 높이에서 추정.
    - units_per_metre = 1.0: 1 m 가 배열 단위로 얼마인가 (cm 배열이면 100). 문턱과 보고의 mm 에 쓴다.
    - toe_roll = True: 닿지 않는 디딘 발목 자리에서 발끝을 축으로 굴린다.
    - report = True: 전·후 지표 (metrics) 를 잰다. False 면 metrics 는 빈 dict (큰 배치에서 시간을 아낀다).
    """

    contact: ContactOptions = field(default_factory=lambda: GENERATED_CONTACT)
    blend_frames: int = 3
    ground: Optional[float] = None
    units_per_metre: float = 1.0
    toe_roll: bool = True
    report: bool = True

    def validate(self) -> None:
        self.contact.validate()
        if not (isinstance(self.blend_frames, (int, np.integer)) and not isinstance(self.blend_frames, bool)
                and 0 <= self.blend_frames <= 10_000):
            raise ValueError(f"blend_frames 는 0 이상 10000 이하의 정수여야 합니다 (받은 값: {self.blend_frames!r})")
        if self.ground is not None and not (isinstance(self.ground, (int, float)) and math.isfinite(self.ground)):
            raise ValueError(f"ground 는 유한한 수여야 합니다 (받은 값: {self.ground!r})")
        check_fps(self.units_per_metre, "units_per_metre")


def _check_joints(joints: ArrayLike, layout: Layout) -> NDArray[Any]:
    array = np.asarray(joints)
    if array.dtype.kind != "f" or array.dtype not in (np.float32, np.float64):
        raise ValueError(f"joints 의 dtype 은 float32 또는 float64 여야 합니다 (받은 dtype: {array.dtype})")
    if array.ndim != 3 or array.shape[-1] != 3:
        raise ValueError(f"joints 는 (프레임, 관절, 3) 배열이어야 합니다 (받은 모양: {array.shape})")
    if array.shape[0] < MIN_FRAMES:
        raise ValueError(f"joints 의 프레임은 {MIN_FRAMES} 개 이상이어야 합니다 (받은 프레임 수: {array.shape[0]})")
    needed = max(max(layout.leg_joints), max(layout.left.hip, layout.right.hip), layout.root) + 1
    if array.shape[1] < needed:
        raise ValueError(
            f"layout {layout.name} 의 색인 {needed - 1} 이 joints 의 관절 수 {array.shape[1]} 를 넘습니다 (받은 모양: {array.shape})"
        )
    if not np.all(np.isfinite(array)):
        index = tuple(int(i) for i in np.argwhere(~np.isfinite(array))[0])
        raise ValueError(f"joints{list(index)} 는 유한한 수여야 합니다 (받은 값: {array[index]!r})")
    return array


def _length(v: NDArray[np.float64]) -> NDArray[np.float64]:
    out: NDArray[np.float64] = np.sqrt(np.sum(v * v, axis=-1))
    return out


def _horizontal(v: NDArray[np.float64], up: NDArray[np.float64]) -> NDArray[np.float64]:
    out: NDArray[np.float64] = v - (v @ up)[..., None] * up
    return out


def clean_foot_skating(
    joints: ArrayLike,
    layout: Union[str, os.PathLike[str], dict[str, Any], Layout] = "smpl22",
    fps: Optional[float] = None,
    options: Optional[FootskateOptions] = None,
) -> FootskateResult:
    """관절 위치 배열 (F, J, 3) 의 발 미끄러짐을 고친 새 배열과 보고. 입력은 바꾸지 않는다.

    fps 가 None 이면 배치의 fps (smpl22 는 20), 그것도 없으면 ValueError. 잘못된 입력 (모양, dtype, NaN·inf, 모르는 배치,
    범위 밖 색인, fps ≤ 0, MIN_FRAMES 보다 짧음) 은 계산 전에 인자 이름과 값을 담은 ValueError.
    """
    options = options or FootskateOptions()
    options.validate()
    spec, rate, source = _checked_inputs(joints, layout, fps)
    legs = pick_legs(source, spec)
    x, small, up = legs.x, legs.layout, spec.up
    height_of = x @ up  # (F, J)
    # 2. 뼈 길이 (중앙값).
    lengths = bone_lengths(x, small)
    # 3. 땅과 접지.
    ground = ground_height(height_of, small, options)
    forward = character_forward(x, small)
    tracks = contact_tracks(x, height_of, small, ground, rate, options)
    # 4–6. 다리마다 목표, IK, 발끝.
    fixed = [
        fix_leg(x, leg, track, bones, ground, forward, up, options)
        for leg, track, bones in zip(small.legs, tracks, lengths)
    ]
    return measure(legs, _write_legs(source, spec, fixed), spec, rate, ground, tracks, lengths, fixed, options)


def _checked_inputs(
    joints: ArrayLike, layout: Union[str, os.PathLike[str], dict[str, Any], Layout], fps: Optional[float]
) -> tuple[Layout, float, NDArray[Any]]:
    """검사 (계산 전에): 배치, fps (없으면 배치의 fps), 관절 배열. (배치, fps, 배열)."""
    spec = load_layout(layout)
    if fps is None:
        if spec.fps is None:
            raise ValueError(f"fps: 배치 {spec.name} 에 기본 fps 가 없습니다 — fps 를 주세요")
        fps = spec.fps
    rate = check_fps(fps)
    source = _check_joints(joints, spec)
    return spec, rate, source


def _write_legs(source: NDArray[Any], spec: Layout, fixed: Sequence[LegFix]) -> NDArray[Any]:
    """입력의 사본에 다리마다 새 무릎·발목·발끝을 입력의 dtype 으로 적는다 (다른 관절은 비트 단위로 그대로)."""
    out: NDArray[Any] = source.copy()
    for leg, fix in zip(spec.legs, fixed):
        for j, new in ((leg.knee, fix.knee), (leg.ankle, fix.ankle), (leg.toe, fix.toe)):
            out[:, j] = new.astype(source.dtype)
    return out
