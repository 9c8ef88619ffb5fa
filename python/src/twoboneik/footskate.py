"""관절 위치 배열 (동작 생성·자세 추정의 출력, 예: HumanML3D / SMPL-22 (F, 22, 3)) 의 발 미끄러짐을 고친다.

순서 (clean_foot_skating):

1. 배치 (footskate_layout.load_layout): 다리마다 엉덩이·무릎·발목·발끝의 색인, 뿌리, 위 축. 이름 'smpl22' 이 들어 있고 (SMPL22), JSON 으로도 준다.
2. 뼈 길이 (엉덩이–무릎, 무릎–발목, 발목–발끝) 는 클립에서 한 번, 프레임들의 중앙값. 출력은 모든 프레임에서 이 길이다.
3. 땅 g = 두 발끝 높이의 ground_percentile 백분위. 발 높이 = min(발끝 − g, 발목 − g − 평평한 발의 (발목 − 발끝) 높이 차),
   속도 = 발목과 발끝의 수평 속도 중 작은 것. 접지는 contact.detect_contacts (높이 띠 + 속도, 히스테리시스, 최소 길이).
4. 디딘 자리 = 접지 구간의 발끝 위치 평균 (문헌의 지표가 재는 점). 발목의 자리 = 디딘 발끝 − 발 길이 × 그 프레임의 들어온
   발 방향 (발목→발끝): 발의 기울기 (뒤꿈치 들기) 는 들어온 대로. 무게 = intervals.blend_weights (구간 1, 앞뒤 blend_frames
   프레임 smoothstep). 닿지 않는 발목 자리는 발끝을 축으로 굴린다 (toeroll.toe_roll, 발 고정과 같은 식).
5. 프레임마다 두 다리를 solve_two_bone_ik 로 (프레임에 대해 벡터화): 엉덩이는 그대로, 무릎은 들어온 무릎을 극 힌트로
   (거의 곧은 다리는 캐릭터의 앞 쪽으로, pole.auto_pole), 발목은 목표 = 들어온 발목 + w·(디딘 자리 − 들어온 발목).
6. 발끝은 발과 함께: 방향 = 들어온 발목→발끝 (접지 중에는 w 만큼 디딘 발끝 쪽으로), 길이 = 중앙값, 땅 아래로 가면
   가장 작은 회전 (수평 방향은 두고 올려 보는 각만) 으로 땅 위로.

다리 관절 (무릎·발목·발끝) 말고는 비트 단위로 그대로다. float32 는 float64 로 계산해 float32 로 돌려준다.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from typing import Any, Optional, Union

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .contact import ContactOptions, ContactTrack, detect_contacts
from .foot_metrics import slide
from .footskate_layout import LAYOUTS, SMPL22, Layout, LegIndices, check_fps, load_layout
from .intervals import blend_weights
from .pole import auto_pole
from .solve import solve_two_bone_ik
from .toeroll import ROLL_REACH, toe_roll  # ROLL_REACH: 발끝 구르기를 시작하는 뻗음 (BVH 도구와 같은 값)
from . import metrics as _metrics

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


@dataclass
class FootskateFoot:
    """한 발의 보고. 길이는 배열 단위 (mm 는 척도로 바꾼 값).

    - intervals: 접지 구간 [(시작, 끝), ...] (끝 포함). track: 높이·속도·접지 (ContactTrack).
    - bone_lengths: (엉덩이–무릎, 무릎–발목, 발목–발끝) 중앙값 = 출력의 길이.
    - slide_*_mm: 접지 구간 안의 프레임당 발끝 (디딘 점) 수평 이동 (평균, 최대) 전·후.
    - unreachable_frames: 접지 중 발목이 디딘 자리 (또는 굴린 자리) 에 닿지 못한 프레임.
    """

    side: str
    intervals: list[tuple[int, int]]
    track: ContactTrack
    bone_lengths: tuple[float, float, float]
    slide_before_mm: tuple[float, float]
    slide_after_mm: tuple[float, float]
    unreachable_frames: NDArray[np.intp]


@dataclass
class FootskateResult:
    """고친 배열 (입력과 같은 모양·dtype) 과 보고."""

    joints: NDArray[Any]
    layout: Layout
    fps: float
    ground: float
    feet: list[FootskateFoot]
    #: 전·후 지표 {"before": …, "after": …} (metrics.motion_metrics 의 dict).
    metrics: dict[str, Any] = field(default_factory=dict)
    #: 1 m 가 배열 단위로 얼마인가 (옵션의 값).
    units_per_metre: float = 1.0

    def metrics_json(self) -> dict[str, Any]:
        """--metrics json 의 내용: 배치·fps·땅·발마다의 접지와 뼈 길이, 전·후 지표."""
        return {
            "layout": self.layout.name, "frames": int(self.joints.shape[0]), "fps": self.fps, "ground": self.ground,
            "units_per_metre": self.units_per_metre,
            "feet": [
                {"side": f.side, "intervals": [list(i) for i in f.intervals], "bone_lengths": list(f.bone_lengths),
                 "slide_before_mm": list(f.slide_before_mm), "slide_after_mm": list(f.slide_after_mm),
                 "unreachable_frames": int(f.unreachable_frames.size)}
                for f in self.feet
            ],
            **self.metrics,
        }

    def summary(self, lang: str = "ko") -> str:
        """사람이 읽는 짧은 보고 (lang 'ko' 또는 'en'). 지표를 재지 않았으면 (report=False) 접지만."""
        ko = lang == "ko"
        lines = [
            (f"배치 {self.layout.name}, {self.joints.shape[0]} 프레임, {self.fps:g} fps, 땅 높이 {self.ground:.4g}" if ko else
             f"layout {self.layout.name}, {self.joints.shape[0]} frames, {self.fps:g} fps, ground {self.ground:.4g}")
        ]
        for foot in self.feet:
            frames = sum(e - s + 1 for s, e in foot.intervals)
            (b_mean, b_max), (a_mean, a_max) = foot.slide_before_mm, foot.slide_after_mm
            if ko:
                lines.append(
                    f"{foot.side:5s}: 접지 {len(foot.intervals)} 번 ({frames} 프레임), 발끝 미끄러짐 평균 {b_mean:.3g} → "
                    f"{a_mean:.3g} mm, 최대 {b_max:.3g} → {a_max:.3g} mm (프레임당), 닿지 못한 프레임 {foot.unreachable_frames.size}"
                )
            else:
                lines.append(
                    f"{foot.side:5s}: contacts {len(foot.intervals)} ({frames} frames), toe slide mean {b_mean:.3g} → "
                    f"{a_mean:.3g} mm, max {b_max:.3g} → {a_max:.3g} mm (per frame), out of reach {foot.unreachable_frames.size}"
                )
        if not self.metrics:
            return "\n".join(lines)
        before, after = self.metrics["before"], self.metrics["after"]
        label = "발 미끄러짐 비율 (GMD/OmniControl 식)" if ko else "foot-skating ratio (GMD/OmniControl)"
        slide = "미끄러짐" if ko else "foot sliding"
        lines.append(
            f"{label} {before['skating_ratio']:.3f} → {after['skating_ratio']:.3f}; "
            f"{slide} {before['foot_sliding_mm']:.3g} → {after['foot_sliding_mm']:.3g} mm/"
            + ("접지 프레임" if ko else "contact frame")
        )
        bones = "뼈 길이 변화 (최대, 상대)" if ko else "bone-length change (max, relative)"
        lines.append(f"{bones} {before['bone_length_change']:.3g} → {after['bone_length_change']:.3g}")
        return "\n".join(lines)


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


def _interval_means(points: NDArray[np.float64], intervals: list[tuple[int, int]]) -> NDArray[np.float64]:
    """구간마다 (끝 포함) points (F, 3) 의 평균 (N, 3). 누적합의 차: 구간 수만큼 파이썬 루프를 돌지 않는다."""
    if not intervals:
        return np.zeros((0, 3))
    bounds = np.asarray(intervals, dtype=np.intp).reshape(-1, 2)
    total = np.concatenate((np.zeros((1, 3)), np.cumsum(points, axis=0)))
    means: NDArray[np.float64] = (total[bounds[:, 1] + 1] - total[bounds[:, 0]]) / (bounds[:, 1] - bounds[:, 0] + 1)[:, None]
    return means


def _forward(x: NDArray[np.float64], layout: Layout) -> NDArray[np.float64]:
    """프레임마다 캐릭터의 앞 (단위, 수평): (왼 엉덩이 − 오른 엉덩이) × 위, 안 되면 두 발목→발끝의 평균, 그래도 안 되면 위에 수직인 축."""
    up = layout.up
    side = x[:, layout.left.hip] - x[:, layout.right.hip]
    forward = _horizontal(np.cross(side, up), up)
    feet = _horizontal((x[:, layout.left.toe] - x[:, layout.left.ankle]) + (x[:, layout.right.toe] - x[:, layout.right.ankle]), up)
    size = _length(forward)
    scale = np.max(np.abs(x)) + 1.0
    forward = np.where((size > 1e-9 * scale)[:, None], forward, feet)
    size = _length(forward)
    fallback = np.zeros(3)
    fallback[(layout.up_axis + 1) % 3] = 1.0
    forward = np.where((size > 1e-9 * scale)[:, None], forward, fallback)
    out: NDArray[np.float64] = forward / _length(forward)[:, None]
    return out


def _median_length(x: NDArray[np.float64], a: int, b: int, what: str) -> float:
    value = float(np.median(_length(x[:, b] - x[:, a])))
    if not value > 0:
        raise ValueError(f"joints: {what} 뼈 (관절 {a} → {b}) 의 중앙값 길이가 0 입니다 — 배치가 맞는지 확인하세요")
    return value


def _place_toe(
    ankle: NDArray[np.float64], direction: NDArray[np.float64], length: float, up: NDArray[np.float64],
    floor: NDArray[np.float64], forward: NDArray[np.float64],
) -> NDArray[np.float64]:
    """발목 + length·u. u 는 direction 의 단위 벡터, 발끝이 floor 아래면 수평 방향을 두고 올려 보는 각만 키운다."""
    size = _length(direction)
    u = np.where((size > 0)[:, None], direction / np.where(size > 0, size, 1.0)[:, None], forward)
    rise = u @ up
    need = np.clip((floor - ankle @ up) / length, -1.0, 1.0)
    lift = rise < need
    if np.any(lift):
        flat = _horizontal(u[lift], up)
        flat_size = _length(flat)
        flat = np.where((flat_size > 1e-12)[:, None], flat / np.where(flat_size > 1e-12, flat_size, 1.0)[:, None], forward[lift])
        s = need[lift]
        u[lift] = flat * np.sqrt(np.maximum(0.0, 1.0 - s * s))[:, None] + s[:, None] * up
    out: NDArray[np.float64] = ankle + length * u
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
    spec = load_layout(layout)
    if fps is None:
        if spec.fps is None:
            raise ValueError(f"fps: 배치 {spec.name} 에 기본 fps 가 없습니다 — fps 를 주세요")
        fps = spec.fps
    rate = check_fps(fps)
    source = _check_joints(joints, spec)
    # 다리의 여덟 관절만 float64 로 (큰 배열에서 전체를 복사하지 않는다): small 은 그 안의 색인.
    picks = [j for leg in spec.legs for j in leg]
    small = Layout(LegIndices(0, 1, 2, 3), LegIndices(4, 5, 6, 7), 0, spec.up_axis, spec.up_sign, spec.fps, spec.name)
    x = source[:, picks].astype(np.float64)
    frames = x.shape[0]
    up = spec.up
    scale = options.units_per_metre
    height_of = x @ up  # (F, J)

    # 2. 뼈 길이 (중앙값).
    lengths = [
        (_median_length(x, leg.hip, leg.knee, f"{side} 엉덩이–무릎"), _median_length(x, leg.knee, leg.ankle, f"{side} 무릎–발목"),
         _median_length(x, leg.ankle, leg.toe, f"{side} 발목–발끝"))
        for side, leg in zip(("left", "right"), small.legs)
    ]
    # 3. 땅과 접지.
    toe_heights = [height_of[:, leg.toe] for leg in small.legs]
    ground = options.ground if options.ground is not None else float(
        np.percentile(np.concatenate(toe_heights), options.contact.ground_percentile)
    )
    forward = _forward(x, small)
    tracks: list[ContactTrack] = []
    for leg in small.legs:
        # 발을 평평히 디뎠을 때 발목이 발끝보다 얼마나 높은가: (발목 − 발끝) 높이 차의 낮은 백분위 (뒤꿈치를 들면 커진다).
        # 발이 땅에 닿았다고 가정하지 않으므로, 내내 떠 있는 발은 떠 있는 것으로 잰다.
        flat = float(np.percentile(height_of[:, leg.ankle] - height_of[:, leg.toe], options.contact.ground_percentile))
        height = np.minimum(height_of[:, leg.toe] - ground, height_of[:, leg.ankle] - ground - flat)
        speeds = [_length(_horizontal(np.gradient(x[:, j], 1.0 / rate, axis=0), up)) for j in (leg.ankle, leg.toe)]
        tracks.append(detect_contacts(height, np.maximum(*speeds), 0.0, 1.0 / rate, scale, options.contact))

    # 4–6. 다리마다 목표, IK, 발끝.
    out64 = x.copy()
    unreachable: list[NDArray[np.intp]] = []
    for leg, track, (thigh, shin, foot_length) in zip(small.legs, tracks, lengths):
        hip, knee, ankle, toe = (x[:, j] for j in leg)
        weight, owner = blend_weights(track.intervals, frames, options.blend_frames)
        toe_spot = _interval_means(toe, track.intervals)
        own = toe - ankle
        own = own / np.maximum(_length(own), np.finfo(float).tiny)[:, None]
        target = ankle.copy()
        toe_goal = toe.copy()
        active = np.flatnonzero(weight > 0)
        if active.size:
            w = weight[active]
            # 디딘 발끝에서 들어온 발의 방향을 거슬러 발 길이만큼: 발끝은 제자리, 발의 기울기 (뒤꿈치 들기) 는 그대로.
            spot = toe_spot[owner[active]] - foot_length * own[active]
            if options.toe_roll:
                # 굴림은 발목 자리가 닿는 거리 밖일 때만 0 이 아니다 (toe_roll 의 θ): 그 프레임만 계산한다.
                reach = ROLL_REACH * (thigh + shin)
                far = np.flatnonzero(_length(spot - hip[active]) > reach)
                if far.size:
                    spot[far], _ = toe_roll(hip[active[far]], spot[far], toe_spot[owner[active[far]]], reach, w[far])
            target[active] = ankle[active] + w[:, None] * (spot - ankle[active])
            toe_goal[active] = toe_spot[owner[active]]
        pole = auto_pole(hip, knee, ankle, forward)
        result = solve_two_bone_ik(hip, thigh, shin, target, pole)
        new_knee, new_ankle = np.asarray(result.joint), np.asarray(result.end)
        # 발끝의 방향: 들어온 발의 방향, 접지 중에는 무게만큼 디딘 발끝 쪽으로.
        toward = toe_goal - new_ankle
        toward = toward / np.maximum(_length(toward), np.finfo(float).tiny)[:, None]
        direction = own + weight[:, None] * (toward - own)
        floor = ground - (1.0 - weight) * np.maximum(0.0, ground - toe @ up)
        new_toe = _place_toe(new_ankle, direction, foot_length, up, floor, forward)
        out64[:, leg.knee], out64[:, leg.ankle], out64[:, leg.toe] = new_knee, new_ankle, new_toe
        in_contact = weight >= 1.0
        unreachable.append(np.flatnonzero(in_contact & ~np.asarray(result.reachable)))

    out = source.copy()
    for leg, mine in zip(spec.legs, small.legs):
        for j, k in ((leg.knee, mine.knee), (leg.ankle, mine.ankle), (leg.toe, mine.toe)):
            out[:, j] = out64[:, k].astype(source.dtype)
    after = out[:, picks].astype(np.float64)
    feet = []
    for side, leg, track, bones, missed in zip(("left", "right"), small.legs, tracks, lengths, unreachable):
        feet.append(FootskateFoot(
            side, track.intervals, track, bones,
            _slide_mm(x[:, leg.toe], track.intervals, up, scale),
            _slide_mm(after[:, leg.toe], track.intervals, up, scale),
            missed,
        ))
    report = {
        label: _metrics.motion_metrics(
            array, rate, spec.up_axis, spec.up_sign,
            feet=(small.left.toe, small.right.toe),
            legs=[(leg.hip, leg.knee, leg.ankle) for leg in small.legs],
            bones=[(a, b) for leg in small.legs for a, b in ((leg.hip, leg.knee), (leg.knee, leg.ankle), (leg.ankle, leg.toe))],
            units_per_metre=scale,
        )
        for label, array in (("before", x), ("after", after))
    } if options.report else {}
    return FootskateResult(out, spec, rate, float(ground), feet, report, scale)


def _slide_mm(
    points: NDArray[np.float64], intervals: list[tuple[int, int]], up: NDArray[np.float64], scale: float,
) -> tuple[float, float]:
    """접지 중 프레임당 수평 이동의 평균·최대 (mm): BVH 도구의 foot_metrics.slide 를 배열 단위에서 mm 로."""
    mean, largest = slide(points, intervals, up)
    return mean * (1000.0 / scale), largest * (1000.0 / scale)
