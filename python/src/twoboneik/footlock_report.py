"""발 고정의 보고: 발마다의 FootReport 와 결과 FootlockResult (고친 클립, 척도, 전·후 지표, 사람이 읽는 요약)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

import numpy as np
from numpy.typing import NDArray

from .bvh import BvhClip
from .contact import ContactTrack
from .scale import ClipScale, unit_label

__all__ = ["FootReport", "FootlockResult", "HipsReport"]


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
class HipsReport:
    """엉덩이 조정 (adjust_hips) 의 보고: 뿌리에 더한 월드 이동 (F, 3, 클립 단위), 그 가장 큰 크기, 건드린 프레임."""

    offset: NDArray[np.float64] = field(repr=False)
    largest: float
    frames: NDArray[np.intp]


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
    #: adjust_hips 이면 엉덩이 조정의 보고, 아니면 None.
    hips: Optional[HipsReport] = None

    def metrics_json(self) -> dict[str, Any]:
        """--metrics json 의 내용: 척도·fps 와 전·후 지표."""
        return {
            "units_per_metre": self.scale.units_per_metre, "unit_name": self.units, "scale_source": self.scale.source,
            "fps": 1.0 / self.clip.frame_time, "frames": self.clip.frame_count,
            "feet": [foot.side for foot in self.feet], **self.metrics,
            "unreachable_frames": [int(foot.unreachable_frames.size) for foot in self.feet],
            "hips": None if self.hips is None else {
                "largest_offset": self.hips.largest, "largest_offset_cm": 100.0 * self.hips.largest / self.scale.units_per_metre,
                "frames_touched": int(self.hips.frames.size),
            },
        }

    @property
    def units(self) -> str:
        return self.scale.unit_name

    @property
    def max_rotation_deg(self) -> float:
        return max(f.max_rotation_deg for f in self.feet)

    def summary(self, lang: str = "ko") -> str:
        """사람이 읽는 짧은 보고. lang: 'ko' (한국어) 또는 'en' (English)."""
        if lang not in _TEXT:
            raise ValueError(f"lang 은 'ko' 또는 'en' 이어야 합니다 (받은 값: {lang!r})")
        text = _TEXT[lang]
        to_m = self.scale.units_per_metre
        unit = unit_label(self.units, lang)
        lines = [
            text["scale"].format(
                unit=unit, scale=self.scale.units_per_metre, source=_SCALE_SOURCE[lang][self.scale.source], leg=self.leg_length,
                leg_m=self.leg_length / to_m, up=_axis_name(self.up), ground=self.ground,
            )
        ]
        for foot in self.feet:
            lines.append(text["foot"].format(
                side=foot.side, name=foot.names[2], count=len(foot.intervals),
                frames=sum(e - s + 1 for s, e in foot.intervals), b_mean=foot.slide_before_mean,
                a_mean=foot.slide_after_mean, b_max=foot.slide_before_max, a_max=foot.slide_after_max, unit=unit,
            ))
            if foot.unreachable_frames.size:
                lines.append(text["unreachable"].format(
                    count=foot.unreachable_frames.size, ranges=_format_ranges(foot.unreachable_frames, text["more"]),
                    miss=foot.max_miss, unit=unit,
                ))
        if self.hips is not None:
            lines.append(text["hips"].format(
                largest=self.hips.largest, unit=unit, cm=100.0 * self.hips.largest / to_m, frames=self.hips.frames.size,
                total=self.clip.frame_count,
            ))
        if self.metrics:
            before, after = self.metrics["before"], self.metrics["after"]
            worst = [max(f[key] for f in m["feet"]) for m in (before, after) for key in ("penetration_cm", "float_mean_cm")]
            lines.append(text["metrics"].format(
                b=before["skating_ratio"], a=after["skating_ratio"], pb=worst[0], pa=worst[2], fb=worst[1], fa=worst[3],
            ))
        lines.append(text["rotation"].format(angle=self.max_rotation_deg))
        return "\n".join(lines)


_TEXT = {
    "ko": {
        "scale": "단위: {unit} (척도 {scale:.4g} 단위/m, {source}; 다리 길이 {leg:.4g} = {leg_m:.3g} m), 위 {up}, 땅 높이 {ground:.4g}",
        "foot": "{side:5s} {name}: 접지 {count} 번 ({frames} 프레임), 미끄러짐 평균 {b_mean:.4g} → {a_mean:.3g}, "
                "최대 {b_max:.4g} → {a_max:.3g} (프레임당, {unit})",
        "unreachable": "      닿지 못한 프레임 {count} 개: {ranges} (다리를 디딘 자리 쪽으로 뻗었습니다; 가장 멀리 빗나간 거리 "
                       "{miss:.3g} {unit})",
        "more": " 외 {n} 구간",
        "hips": "엉덩이 조정: 가장 큰 이동 {largest:.3g} {unit} ({cm:.2f} cm), 건드린 프레임 {frames} / {total}",
        "metrics": "발 미끄러짐 비율 (GMD/OmniControl 식, 5 cm·0.5 m/s) {b:.3f} → {a:.3f}; 땅 파고듦 {pb:.2f} → {pa:.2f} cm, "
                   "뜸 {fb:.2f} → {fa:.2f} cm",
        "rotation": "관절에 더한 가장 큰 회전: {angle:.3g}°",
    },
    "en": {
        "scale": "unit: {unit} (scale {scale:.4g} units/m, {source}; leg length {leg:.4g} = {leg_m:.3g} m), up {up}, "
                 "ground height {ground:.4g}",
        "foot": "{side:5s} {name}: {count} contacts ({frames} frames), slide mean {b_mean:.4g} → {a_mean:.3g}, "
                "max {b_max:.4g} → {a_max:.3g} (per frame, {unit})",
        "unreachable": "      {count} frames out of reach: {ranges} (the leg stretches toward the planted spot; largest miss "
                       "{miss:.3g} {unit})",
        "more": " and {n} more ranges",
        "hips": "hips adjusted: largest offset {largest:.3g} {unit} ({cm:.2f} cm), frames touched {frames} / {total}",
        "metrics": "foot skating ratio (GMD/OmniControl, 5 cm, 0.5 m/s) {b:.3f} → {a:.3f}; ground penetration {pb:.2f} → "
                   "{pa:.2f} cm, float {fb:.2f} → {fa:.2f} cm",
        "rotation": "largest rotation added to a joint: {angle:.3g}°",
    },
}
_SCALE_SOURCE = {
    "ko": {"leg": "다리 길이로 추정", "units": "--units 로 줌", "scale": "--scale 로 줌"},
    "en": {"leg": "inferred from the leg length", "units": "given by --units", "scale": "given by --scale"},
}


def _axis_name(up: NDArray[np.float64]) -> str:
    axis = int(np.argmax(np.abs(up)))
    return ("+" if up[axis] > 0 else "-") + "XYZ"[axis]


def _format_ranges(frames: NDArray[np.intp], more_text: str = " 외 {n} 구간", limit: int = 8) -> str:
    ranges: list[str] = []
    start = prev = int(frames[0])
    for f in frames[1:].tolist() + [None]:
        if f is not None and f == prev + 1:
            prev = f
            continue
        ranges.append(f"{start}" if start == prev else f"{start}–{prev}")
        if f is not None:
            start = prev = f
    more = more_text.format(n=len(ranges) - limit) if len(ranges) > limit else ""
    return ", ".join(ranges[:limit]) + more
