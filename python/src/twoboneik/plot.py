"""발 고정 보고 그림 (matplotlib, 선택 의존성: `pip install 'twoboneik[plot]'`).

발마다 한 열: 발 높이, 발목 수평 속도, 프레임 사이 수평 이동 (미끄러짐) 전·후. 접지 구간은 회색 띠.
글자는 lang ('ko' 기본, 'en') 으로. 한글 글꼴은 plot 추가 의존성의 koreanize-matplotlib 이 싣고 온 NanumGothic
(SIL Open Font License) 을 matplotlib 에 등록해 쓴다 — 새 기계의 기본 글꼴 (DejaVu Sans) 에는 한글이 없다.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any, Union

import numpy as np
from numpy.typing import NDArray

from .footlock import FootlockResult
from .scale import unit_label

__all__ = ["LANGUAGES", "plot_footlock", "shipped_korean_font"]

# 한글 글꼴이 있으면 쓰고 없으면 다음 글꼴로 (matplotlib ≥ 3.6 은 글자마다 목록을 따라 내려간다).
_FONTS = ["NanumGothic", "NanumBarunGothic", "Noto Sans CJK KR", "Malgun Gothic", "AppleGothic", "DejaVu Sans"]

#: 그림의 글자 (언어 → 이름 → 형식 문자열). 축 이름은 단위를 둘째 줄에: 세로 글자가 축의 높이를 넘지 않게.
_TEXT = {
    "ko": {
        "title": "{foot} — 접지 {count} 번", "height": "발 높이\n({units})", "speed": "수평 속도\n({units}/s)",
        "before": "전: 접지 중 평균 {mean:.3g}, 최대 {max:.3g}", "after": "후: 접지 중 평균 {mean:.2g}, 최대 {max:.2g}",
        "step": "프레임당 수평 이동\n({units})", "time": "시간 (s)", "missed": "닿지 못함 {count} 프레임",
        "suptitle": "발 고정 {title}  (회색 띠: 접지, 단위: {units}, 가장 큰 회전 {rotation:.3g}°)",
    },
    "en": {
        "title": "{foot} — {count} contacts", "height": "foot height\n({units})", "speed": "horizontal speed\n({units}/s)",
        "before": "before: in contact mean {mean:.3g}, max {max:.3g}",
        "after": "after: in contact mean {mean:.2g}, max {max:.2g}",
        "step": "horizontal step\nper frame ({units})", "time": "time (s)", "missed": "out of reach: {count} frames",
        "suptitle": "Foot locking {title}  (grey bands: contact, unit: {units}, largest rotation {rotation:.3g}°)",
    },
}
#: 그림이 말할 수 있는 언어.
LANGUAGES = tuple(_TEXT)


def shipped_korean_font() -> Union[Path, None]:
    """plot 추가 의존성 koreanize-matplotlib 이 싣고 온 NanumGothic.ttf 의 경로 (없으면 None).

    모듈을 import 하지 않고 찾는다: import 하면 전역 rcParams 를 바꾸기 때문이다.
    """
    spec = importlib.util.find_spec("koreanize_matplotlib")
    if spec is None or spec.origin is None:
        return None
    path = Path(spec.origin).parent / "fonts" / "NanumGothic.ttf"
    return path if path.is_file() else None


def korean_pyplot() -> tuple[Any, list[str]]:
    """그림 없이 쓰는 matplotlib (Agg) 과 한글이 보이는 글꼴 목록: 딸려 온 NanumGothic 을 (아직이면) 등록한다.
    발 고정·발 미끄러짐 그림이 함께 쓴다 (matplotlib 은 그릴 때만 불러온다)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import font_manager

    shipped = shipped_korean_font()
    if shipped is not None and not any(f.fname == str(shipped) for f in font_manager.fontManager.ttflist):
        font_manager.fontManager.addfont(str(shipped))
    available = {f.name for f in font_manager.fontManager.ttflist}
    return plt, [f for f in _FONTS if f in available] or ["DejaVu Sans"]


def plot_footlock(
    result: FootlockResult, path: Union[str, os.PathLike[str]], title: str = "", lang: str = "ko"
) -> None:
    """result 의 그림을 path (PNG 등, 확장자로 형식) 에 쓴다. lang 은 LANGUAGES 중 하나 (아니면 ValueError)."""
    if lang not in _TEXT:
        raise ValueError(f"lang 은 {', '.join(LANGUAGES)} 중 하나여야 합니다 (받은 값: {lang!r})")
    text = _TEXT[lang]
    plt, fonts = korean_pyplot()
    units = unit_label(result.units, lang)
    frame_time = result.clip.frame_time
    with plt.rc_context({"font.family": fonts, "axes.unicode_minus": False}):
        figure, axes = plt.subplots(3, 2, figsize=(12, 7.5), sharex=True, squeeze=False)
        for column, foot in enumerate(result.feet):
            time = np.arange(foot.track.height.shape[0]) * frame_time
            step_before = _horizontal_step(foot.foot_before, result.up)
            step_after = _horizontal_step(foot.foot_after, result.up)
            height_ax, speed_ax, slide_ax = axes[:, column]
            height_ax.plot(time, foot.track.height, color="#3d6fb4", lw=1)
            height_ax.set_title(text["title"].format(foot=foot.names[2], count=len(foot.intervals)))
            height_ax.set_ylabel(text["height"].format(units=units))
            speed_ax.plot(time, foot.track.speed, color="#b4573d", lw=1)
            speed_ax.set_ylabel(text["speed"].format(units=units))
            slide_ax.plot(time[1:], step_before, color="#999999", lw=1,
                          label=text["before"].format(mean=foot.slide_before_mean, max=foot.slide_before_max))
            slide_ax.plot(time[1:], step_after, color="#1f9e5a", lw=1.2,
                          label=text["after"].format(mean=foot.slide_after_mean, max=foot.slide_after_max))
            slide_ax.set_ylabel(text["step"].format(units=units))
            slide_ax.set_xlabel(text["time"])
            slide_ax.legend(loc="upper right", fontsize=8)
            for ax in (height_ax, speed_ax, slide_ax):
                for s, e in foot.intervals:
                    ax.axvspan(s * frame_time, e * frame_time, color="#000000", alpha=0.08, lw=0)
                ax.grid(alpha=0.3)
            unreachable = foot.unreachable_frames
            if unreachable.size:
                height_ax.plot(unreachable * frame_time, foot.track.height[unreachable], "x", color="#d62728",
                               ms=4, label=text["missed"].format(count=unreachable.size))
                height_ax.legend(loc="upper right", fontsize=8)
        figure.suptitle(text["suptitle"].format(title=title, units=units, rotation=result.max_rotation_deg))
        figure.tight_layout()
        figure.savefig(path, dpi=90)
        plt.close(figure)


def _horizontal_step(foot: NDArray[np.float64], up: NDArray[np.float64]) -> NDArray[np.float64]:
    step = np.diff(foot, axis=0)
    step -= (step @ up)[:, None] * up
    length: NDArray[np.float64] = np.sqrt(np.sum(step * step, axis=-1))
    return length
