"""관절 배열의 발 미끄러짐 고치기 그림 (matplotlib, `pip install 'twoboneik[plot]'`).

발 고정의 그림 (plot.py) 과 같은 꼴: 발마다 한 열 — 발 높이, 수평 속도, 프레임당 발끝 수평 이동 전·후, 회색 띠가 접지.
글꼴은 plot.py 와 같이 koreanize-matplotlib 이 싣고 온 NanumGothic 을 등록해 쓴다.
"""

from __future__ import annotations

import os
from typing import Any, Union

import numpy as np
from numpy.typing import NDArray

from .footskate import FootskateResult
from .plot import LANGUAGES, korean_pyplot

__all__ = ["plot_footskate"]

_TEXT: dict[str, dict[str, Any]] = {
    "ko": {
        "title": "{side} 발 — 접지 {count} 번", "height": "발 높이 (m)", "speed": "수평 속도 (m/s)",
        "before": "전: 접지 중 평균 {mean:.3g} mm, 최대 {max:.3g} mm",
        "after": "후: 접지 중 평균 {mean:.2g} mm, 최대 {max:.2g} mm",
        "step": "프레임당 발끝 수평 이동 (mm)", "time": "시간 (s)",
        "side": {"left": "왼", "right": "오른"},
        "suptitle": "발 미끄러짐 고치기 {title}  (회색 띠: 접지; 미끄러짐 비율 전 {before:.3f}, 후 {after:.3f})",
    },
    "en": {
        "title": "{side} foot — contacts: {count}", "height": "foot height (m)", "speed": "horizontal speed (m/s)",
        "before": "before: in contact mean {mean:.3g} mm, max {max:.3g} mm",
        "after": "after: in contact mean {mean:.2g} mm, max {max:.2g} mm",
        "step": "toe horizontal step per frame (mm)", "time": "time (s)",
        "side": {"left": "left", "right": "right"},
        "suptitle": "Foot-skating cleanup {title}  (grey bands: contact; skating ratio before {before:.3f}, after {after:.3f})",
    },
}


def plot_footskate(
    result: FootskateResult, source: NDArray[np.floating], path: Union[str, os.PathLike[str]], title: str = "",
    lang: str = "ko",
) -> None:
    """result (와 들어온 배열 source) 의 그림을 path 에 쓴다. lang 은 'ko' 또는 'en' (아니면 ValueError)."""
    if lang not in _TEXT or lang not in LANGUAGES:
        raise ValueError(f"lang 은 {', '.join(_TEXT)} 중 하나여야 합니다 (받은 값: {lang!r})")
    text = _TEXT[lang]
    plt, fonts = korean_pyplot()
    up = result.layout.up
    to_m = 1.0 / result.units_per_metre
    before = np.asarray(source, dtype=np.float64)
    after = np.asarray(result.joints, dtype=np.float64)
    with plt.rc_context({"font.family": fonts, "axes.unicode_minus": False}):
        figure, axes = plt.subplots(3, 2, figsize=(12, 7.5), sharex=True, squeeze=False)
        for column, (foot, leg) in enumerate(zip(result.feet, result.layout.legs)):
            time = np.arange(foot.track.height.shape[0]) / result.fps
            height_ax, speed_ax, slide_ax = axes[:, column]
            height_ax.plot(time, foot.track.height * to_m, color="#3d6fb4", lw=1)
            height_ax.set_title(text["title"].format(side=text["side"][foot.side], count=len(foot.intervals)))
            height_ax.set_ylabel(text["height"])
            speed_ax.plot(time, foot.track.speed * to_m, color="#b4573d", lw=1)
            speed_ax.set_ylabel(text["speed"])
            for array, color, key, (mean, largest), width in (
                (before, "#999999", "before", foot.slide_before_mm, 1.0),
                (after, "#1f9e5a", "after", foot.slide_after_mm, 1.2),
            ):
                step = np.diff(array[:, leg.toe], axis=0)
                step -= (step @ up)[:, None] * up
                slide_ax.plot(time[1:], np.sqrt(np.sum(step * step, axis=-1)) * 1000.0 * to_m, color=color, lw=width,
                              label=text[key].format(mean=mean, max=largest))
            slide_ax.set_ylabel(text["step"])
            slide_ax.set_xlabel(text["time"])
            slide_ax.legend(loc="upper right", fontsize=8)
            for ax in (height_ax, speed_ax, slide_ax):
                for s, e in foot.intervals:
                    ax.axvspan(s / result.fps, e / result.fps, color="#000000", alpha=0.08, lw=0)
                ax.grid(alpha=0.3)
        figure.suptitle(text["suptitle"].format(
            title=title, before=result.metrics.get("before", {}).get("skating_ratio", float("nan")),
            after=result.metrics.get("after", {}).get("skating_ratio", float("nan")),
        ))
        figure.tight_layout()
        figure.savefig(path, dpi=90)
        plt.close(figure)
