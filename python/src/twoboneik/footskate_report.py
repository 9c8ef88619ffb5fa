"""관절 배열의 발 고치기 보고: 발마다의 FootskateFoot, 결과 FootskateResult, 고친 배열을 전·후로 재어 그것을 만드는 measure."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

import numpy as np
from numpy.typing import NDArray

from .contact import ContactTrack
from .foot_metrics import slide
from .footskate_layout import Layout
from . import metrics as _metrics

if TYPE_CHECKING:  # 타입만: footskate 가 이 모듈을 부른다
    from .footskate import FootskateOptions
    from .footskate_legs import LegArrays, LegFix

__all__ = ["FootskateFoot", "FootskateResult", "measure"]


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


def _slide_mm(
    points: NDArray[np.float64], intervals: list[tuple[int, int]], up: NDArray[np.float64], scale: float,
) -> tuple[float, float]:
    """접지 중 프레임당 수평 이동의 평균·최대 (mm): BVH 도구의 foot_metrics.slide 를 배열 단위에서 mm 로."""
    mean, largest = slide(points, intervals, up)
    return mean * (1000.0 / scale), largest * (1000.0 / scale)


def measure(
    legs: LegArrays, out: NDArray[Any], spec: Layout, rate: float, ground: float, tracks: Sequence[ContactTrack],
    lengths: Sequence[tuple[float, float, float]], fixed: Sequence[LegFix], options: FootskateOptions,
) -> FootskateResult:
    """고친 배열 out 의 다리 관절을 다시 읽어 발마다 미끄러짐 전·후와 (report 면) 전·후 지표를 잰다."""
    scale = options.units_per_metre
    x, up = legs.x, spec.up
    after = out[:, legs.picks].astype(np.float64)
    feet = []
    for side, leg, track, bones, fix in zip(("left", "right"), legs.layout.legs, tracks, lengths, fixed):
        feet.append(FootskateFoot(
            side, track.intervals, track, bones,
            _slide_mm(x[:, leg.toe], track.intervals, up, scale),
            _slide_mm(after[:, leg.toe], track.intervals, up, scale),
            fix.unreachable,
        ))
    report = _before_after(x, after, legs.layout, spec, rate, scale) if options.report else {}
    return FootskateResult(out, spec, rate, float(ground), feet, report, scale)


def _before_after(
    x: NDArray[np.float64], after: NDArray[np.float64], small: Layout, spec: Layout, rate: float, scale: float,
) -> dict[str, Any]:
    """전·후 지표 {"before": …, "after": …} (metrics.motion_metrics, 다리 관절만의 배열에서)."""
    return {
        label: _metrics.motion_metrics(
            array, rate, spec.up_axis, spec.up_sign,
            feet=(small.left.toe, small.right.toe),
            legs=[(leg.hip, leg.knee, leg.ankle) for leg in small.legs],
            bones=[(a, b) for leg in small.legs for a, b in ((leg.hip, leg.knee), (leg.knee, leg.ankle), (leg.ankle, leg.toe))],
            units_per_metre=scale,
        )
        for label, array in (("before", x), ("after", after))
    }
