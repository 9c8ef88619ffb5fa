"""그림: 한글 글자가 네모로 나오지 않고 (글꼴에 없는 글자의 경고가 하나도 없다), --lang en 이면 영어로 쓴다."""

from __future__ import annotations

import warnings

import pytest

from conftest import DATA_DIR
from twoboneik import __main__ as cli
from twoboneik.bvh import read_bvh
from twoboneik.footlock import footlock

matplotlib = pytest.importorskip("matplotlib")  # test 추가 의존성에 있다: 여기서 건너뛰지 않는다
from twoboneik.plot import plot_footlock, shipped_korean_font  # noqa: E402

REAL_CLIP = DATA_DIR / "mocapbank_trimmed.bvh"


@pytest.fixture(scope="module")
def result():
    return footlock(read_bvh(REAL_CLIP))


def texts_of_saved_figure(monkeypatch):
    """savefig 직전 그림의 모든 글자를 모은다 (축 제목, 축 이름, 범례, 큰 제목)."""
    import matplotlib.figure

    seen: list[str] = []
    original = matplotlib.figure.Figure.savefig

    def spy(self, *args, **kwargs):
        seen.extend(t.get_text() for t in self.findobj(matplotlib.text.Text) if t.get_text())
        return original(self, *args, **kwargs)

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", spy)
    return seen


@pytest.fixture
def fresh_machine_fonts(monkeypatch):
    """이 기계의 시스템 글꼴 (Nanum·Noto CJK 가 깔려 있을 수 있다) 을 가리고 matplotlib 의 DejaVu 만 남긴다:
    새 기계처럼, 한글은 plot 추가 의존성이 싣고 온 글꼴로만 그릴 수 있다."""
    from matplotlib import font_manager

    bundled = [f for f in font_manager.fontManager.ttflist if f.name.startswith("DejaVu")]
    monkeypatch.setattr(font_manager.fontManager, "ttflist", bundled)
    font_manager.FontManager._findfont_cached.cache_clear()  # 찾은 글꼴의 기억도 새 기계처럼
    yield
    monkeypatch.undo()
    font_manager.FontManager._findfont_cached.cache_clear()


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_plot_renders_every_glyph(result, tmp_path, lang, monkeypatch, fresh_machine_fonts):
    texts = texts_of_saved_figure(monkeypatch)
    png = tmp_path / f"{lang}.png"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        plot_footlock(result, png, title="mocapbank", lang=lang)
    missing = [str(w.message) for w in caught if "missing from" in str(w.message)]
    assert missing == []
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    hangul = [t for t in texts if any("\uac00" <= ch <= "\ud7a3" for ch in t)]
    if lang == "ko":
        assert any("발 높이" in t for t in texts) and hangul
    else:
        assert any("foot height" in t for t in texts) and hangul == []


def test_the_korean_font_ships_with_the_plot_extra():
    font = shipped_korean_font()
    assert font is not None and font.name == "NanumGothic.ttf" and font.stat().st_size > 1_000_000


def test_lang_is_checked(result, tmp_path):
    with pytest.raises(ValueError, match="lang"):
        plot_footlock(result, tmp_path / "x.png", lang="fr")
    assert list(tmp_path.iterdir()) == []


def test_the_command_draws_english_labels_with_lang_en(tmp_path, monkeypatch):
    texts = texts_of_saved_figure(monkeypatch)
    png = tmp_path / "en.png"
    assert cli.main(["footlock", str(REAL_CLIP), "-o", str(tmp_path / "o.bvh"), "--plot", str(png), "--lang", "en", "-q"]) == 0
    assert png.is_file() and any("horizontal speed" in t for t in texts)
    assert cli.main(["footlock", str(REAL_CLIP), "-o", str(tmp_path / "x.bvh"), "--lang", "fr"]) == cli.EXIT_USAGE


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_axis_label_fits_beside_its_axes(tmp_path, lang, monkeypatch):
    # 이름 붙은 단위가 없는 척도 ('클립 단위' / 'clip units') 는 축 이름이 가장 길다: 세로 글자가 축의 높이를 넘으면
    # 위아래 그림의 글자와 겹쳐 읽을 수 없다.
    import matplotlib.figure

    overflow: list[str] = []
    original = matplotlib.figure.Figure.savefig

    def spy(self, *args, **kwargs):
        renderer = self.canvas.get_renderer()
        for ax in self.axes:
            label = ax.yaxis.label
            if label.get_text():
                height = label.get_window_extent(renderer).height
                if height > ax.get_window_extent(renderer).height:
                    overflow.append(label.get_text())
        return original(self, *args, **kwargs)

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", spy)
    clip = read_bvh(DATA_DIR / "cmu_style_veer.bvh")
    plot_footlock(footlock(clip), tmp_path / f"{lang}.png", title="veer", lang=lang)
    assert overflow == []
