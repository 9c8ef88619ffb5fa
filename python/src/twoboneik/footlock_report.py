"""발 고정의 보고: 발마다의 FootReport 와 결과 FootlockResult (고친 클립, 척도, 전·후 지표, 사람이 읽는 요약)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .bvh import BvhClip
from .contact import ContactTrack
from .scale import ClipScale

__all__ = ["FootReport", "FootlockResult"]


@dataclass
class FootReport:
    """한 발의 보고. 길이는 클립 단위, 각도는 도.

    - names: (허벅지, 정강이, 발, 발끝) 이름, convention: 찾은 이름 규약 (주었으면 'given').
    - intervals: 접지 구간 [(시작, 끝), ...] (끝 포함).
    - slide_*: 접지 중 프레임 사이 발목의 수평 이동, 고치기 전·후의 평균·최대 (고친 클립을 정기구학으로 다시 재서).
    - unreachable_frames: 접지 중 디딘 자리에 닿지 못한 프레임. max_miss: 그 프레임들에서 가장 멀리 빗나간 거리.
    - max_rotation_deg: 이 다리의 세 관절에 더한 가장 큰 회전.
    - track: 접지 찾기의 높이·속도 (ContactTrack). foot_before, foot_after: 발목의 월드 위치 전·후 (F, 3).
    """

    side: str
    names: tuple[str, ...]
    convention: str
    intervals: list[tuple[int, int]]
    slide_before_mean: float
    slide_before_max: float
    slide_after_mean: float
    slide_after_max: float
    unreachable_frames: NDArray[np.intp]
    max_miss: float
    max_rotation_deg: float
    track: ContactTrack
    foot_before: NDArray[np.float64] = field(repr=False)
    foot_after: NDArray[np.float64] = field(repr=False)


@dataclass
class FootlockResult:
    """고친 클립과 보고. units 는 척도의 이름 ('cm', …, 이름 붙은 단위와 멀면 '단위'), scale 은 쓴 척도."""

    clip: BvhClip
    feet: list[FootReport]
    scale: ClipScale
    up: NDArray[np.float64]
    ground: float
    leg_length: float
    forward: NDArray[np.float64]
    #: 전·후 지표 {"before": …, "after": …} (foot_metrics.foot_metrics 의 dict; JSON 으로 쓸 수 있다).
    metrics: dict[str, Any] = field(default_factory=dict)

    def metrics_json(self) -> dict[str, Any]:
        """--metrics json 의 내용: 척도·fps 와 전·후 지표."""
        return {
            "units_per_metre": self.scale.units_per_metre, "unit_name": self.units, "scale_source": self.scale.source,
            "fps": 1.0 / self.clip.frame_time, "frames": self.clip.frame_count,
            "feet": [foot.side for foot in self.feet], **self.metrics,
        }

    @property
    def units(self) -> str:
        return self.scale.unit_name

    @property
    def max_rotation_deg(self) -> float:
        return max(f.max_rotation_deg for f in self.feet)

    def summary(self) -> str:
        """사람이 읽는 짧은 보고 (한국어)."""
        lines = [
            f"단위 {self.units} (척도 {self.scale.units_per_metre:.4g} 단위/m, {_SCALE_SOURCE[self.scale.source]}; "
            f"다리 길이 {self.leg_length:.4g} = {self.leg_length / self.scale.units_per_metre:.3g} m), "
            f"위 {_axis_name(self.up)}, 땅 높이 {self.ground:.4g}",
        ]
        for foot in self.feet:
            frames = sum(e - s + 1 for s, e in foot.intervals)
            lines.append(
                f"{foot.side:5s} {foot.names[2]}: 접지 {len(foot.intervals)} 번 ({frames} 프레임), "
                f"미끄러짐 평균 {foot.slide_before_mean:.4g} → {foot.slide_after_mean:.3g}, "
                f"최대 {foot.slide_before_max:.4g} → {foot.slide_after_max:.3g} (프레임당, {self.units})"
            )
            if foot.unreachable_frames.size:
                lines.append(
                    f"      닿지 못한 프레임 {foot.unreachable_frames.size} 개: {_format_ranges(foot.unreachable_frames)}"
                    f" (다리를 디딘 자리 쪽으로 뻗었습니다; 가장 멀리 빗나간 거리 {foot.max_miss:.3g} {self.units})"
                )
        if self.metrics:
            before, after = self.metrics["before"], self.metrics["after"]
            worst = [max(f[key] for f in m["feet"]) for m in (before, after) for key in ("penetration_cm", "float_mean_cm")]
            lines.append(
                f"발 미끄러짐 비율 (GMD/OmniControl 식, 5 cm·0.5 m/s) {before['skating_ratio']:.3f} → "
                f"{after['skating_ratio']:.3f}; 땅 파고듦 {worst[0]:.2f} → {worst[2]:.2f} cm, 뜸 {worst[1]:.2f} → {worst[3]:.2f} cm"
            )
        lines.append(f"관절에 더한 가장 큰 회전: {self.max_rotation_deg:.3g}°")
        return "\n".join(lines)


_SCALE_SOURCE = {"leg": "다리 길이로 추정", "units": "--units 로 줌", "scale": "--scale 로 줌"}


def _axis_name(up: NDArray[np.float64]) -> str:
    axis = int(np.argmax(np.abs(up)))
    return ("+" if up[axis] > 0 else "-") + "XYZ"[axis]


def _format_ranges(frames: NDArray[np.intp], limit: int = 8) -> str:
    ranges: list[str] = []
    start = prev = int(frames[0])
    for f in frames[1:].tolist() + [None]:
        if f is not None and f == prev + 1:
            prev = f
            continue
        ranges.append(f"{start}" if start == prev else f"{start}–{prev}")
        if f is not None:
            start = prev = f
    more = f" 외 {len(ranges) - limit} 구간" if len(ranges) > limit else ""
    return ", ".join(ranges[:limit]) + more
