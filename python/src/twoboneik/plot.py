"""발 고정 보고 그림 (matplotlib, 선택 의존성: `pip install 'twoboneik[plot]'`).

발마다 한 열: 발 높이, 발목 수평 속도, 프레임 사이 수평 이동 (미끄러짐) 전·후. 접지 구간은 회색 띠.
"""

from __future__ import annotations

import os
from typing import Union

import numpy as np
from numpy.typing import NDArray

from .footlock import FootlockResult

__all__ = ["plot_footlock"]

# 한글 글꼴이 있으면 쓰고 없으면 다음 글꼴로 (matplotlib ≥ 3.6 은 글자마다 목록을 따라 내려간다).
_FONTS = ["NanumGothic", "NanumBarunGothic", "Noto Sans CJK KR", "Malgun Gothic", "AppleGothic", "DejaVu Sans"]


def plot_footlock(result: FootlockResult, path: Union[str, os.PathLike[str]], title: str = "") -> None:
    """result 의 그림을 path (PNG 등, 확장자로 형식) 에 쓴다."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import font_manager

    available = {f.name for f in font_manager.fontManager.ttflist}
    fonts = [f for f in _FONTS if f in available] or ["DejaVu Sans"]
    units = result.units
    frame_time = result.clip.frame_time
    with plt.rc_context({"font.family": fonts, "axes.unicode_minus": False}):
        figure, axes = plt.subplots(3, 2, figsize=(12, 7.5), sharex=True, squeeze=False)
        for column, foot in enumerate(result.feet):
            time = np.arange(foot.track.height.shape[0]) * frame_time
            step_before = _horizontal_step(foot.foot_before, result.up)
            step_after = _horizontal_step(foot.foot_after, result.up)
            height_ax, speed_ax, slide_ax = axes[:, column]
            height_ax.plot(time, foot.track.height, color="#3d6fb4", lw=1)
            height_ax.set_title(f"{foot.names[2]} — 접지 {len(foot.intervals)} 번")
            height_ax.set_ylabel(f"발 높이 ({units})")
            speed_ax.plot(time, foot.track.speed, color="#b4573d", lw=1)
            speed_ax.set_ylabel(f"수평 속도 ({units}/s)")
            slide_ax.plot(time[1:], step_before, color="#999999", lw=1,
                          label=f"전: 접지 중 평균 {foot.slide_before_mean:.3g}, 최대 {foot.slide_before_max:.3g}")
            slide_ax.plot(time[1:], step_after, color="#1f9e5a", lw=1.2,
                          label=f"후: 접지 중 평균 {foot.slide_after_mean:.2g}, 최대 {foot.slide_after_max:.2g}")
            slide_ax.set_ylabel(f"프레임당 수평 이동 ({units})")
            slide_ax.set_xlabel("시간 (s)")
            slide_ax.legend(loc="upper right", fontsize=8)
            for ax in (height_ax, speed_ax, slide_ax):
                for s, e in foot.intervals:
                    ax.axvspan(s * frame_time, e * frame_time, color="#000000", alpha=0.08, lw=0)
                ax.grid(alpha=0.3)
            unreachable = foot.unreachable_frames
            if unreachable.size:
                height_ax.plot(unreachable * frame_time, foot.track.height[unreachable], "x", color="#d62728",
                               ms=4, label=f"닿지 못함 {unreachable.size} 프레임")
                height_ax.legend(loc="upper right", fontsize=8)
        figure.suptitle(f"발 고정 {title}  (회색 띠: 접지, 단위 {units}, 가장 큰 회전 {result.max_rotation_deg:.3g}°)")
        figure.tight_layout()
        figure.savefig(path, dpi=90)
        plt.close(figure)


def _horizontal_step(foot: NDArray[np.float64], up: NDArray[np.float64]) -> NDArray[np.float64]:
    step = np.diff(foot, axis=0)
    step -= (step @ up)[:, None] * up
    length: NDArray[np.float64] = np.sqrt(np.sum(step * step, axis=-1))
    return length
