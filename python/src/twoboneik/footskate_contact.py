"""관절 배열의 땅과 접지: 땅 높이 (두 발끝 높이의 백분위) 와 다리마다의 접지 (높이 띠 + 수평 속도, contact.detect_contacts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from ._affine import length
from .contact import ContactTrack, detect_contacts
from .footskate_layout import Layout

if TYPE_CHECKING:  # 타입만: footskate 가 이 모듈을 부른다
    from .footskate import FootskateOptions

__all__ = ["contact_tracks", "ground_height", "horizontal"]


def horizontal(v: NDArray[np.float64], up: NDArray[np.float64]) -> NDArray[np.float64]:
    """v 의 수평 성분 (단위 벡터 up 의 성분을 뺀다)."""
    out: NDArray[np.float64] = v - (v @ up)[..., None] * up
    return out


def ground_height(height_of: NDArray[np.float64], layout: Layout, options: FootskateOptions) -> float:
    """땅 높이: 옵션의 ground, 없으면 두 발끝 높이 (height_of (F, J) 의 발끝 열) 의 ground_percentile 백분위."""
    toe_heights = [height_of[:, leg.toe] for leg in layout.legs]
    ground = options.ground if options.ground is not None else float(
        np.percentile(np.concatenate(toe_heights), options.contact.ground_percentile)
    )
    return ground


def contact_tracks(
    x: NDArray[np.float64], height_of: NDArray[np.float64], layout: Layout, ground: float, rate: float,
    options: FootskateOptions,
) -> list[ContactTrack]:
    """다리마다 접지: 발 높이 = min(발끝 − 땅, 발목 − 땅 − 평평한 발의 높이 차), 속도 = 발목·발끝의 수평 속도 중 큰 것."""
    up = layout.up
    tracks: list[ContactTrack] = []
    for leg in layout.legs:
        # 발을 평평히 디뎠을 때 발목이 발끝보다 얼마나 높은가: (발목 − 발끝) 높이 차의 낮은 백분위 (뒤꿈치를 들면 커진다).
        # 발이 땅에 닿았다고 가정하지 않으므로, 내내 떠 있는 발은 떠 있는 것으로 잰다.
        flat = float(np.percentile(height_of[:, leg.ankle] - height_of[:, leg.toe], options.contact.ground_percentile))
        height = np.minimum(height_of[:, leg.toe] - ground, height_of[:, leg.ankle] - ground - flat)
        speeds = [length(horizontal(np.gradient(x[:, j], 1.0 / rate, axis=0), up)) for j in (leg.ankle, leg.toe)]
        tracks.append(detect_contacts(height, np.maximum(*speeds), 0.0, 1.0 / rate, options.units_per_metre, options.contact))
    return tracks
