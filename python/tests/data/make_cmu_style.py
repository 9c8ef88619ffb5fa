"""CMU 식 합성 클립을 만든다 (CMU 의 파일은 여기서 내려받을 수 없다): CMU 의 척도 (1 단위 ≈ 5.64 cm, 다리 ≈ 14.5 단위).

`python python/tests/data/make_cmu_style.py` 가 이 폴더에 두 파일을 다시 쓴다 (test_footlock_cmu_style.py 가 새로
만든 것과 바이트 단위로 같은지 확인한다):

- cmu_style_veer.bvh: 120 fps 5 초 걷기, 엉덩이 궤적이 가운데 시각의 자리를 축으로 20° 휜다 (몸 전체를 천천히 돌려서 —
  디딘 발도 함께 돌아 미끄러진다: 모션 캡처의 foot skating 흉내).
- cmu_style_start_stop.bvh: 120 fps 6 초, 1 초 서 있다가 걷고 1 초 서 있는다 (걷기의 시간을 늦췄다 당겨서: 디딘 자리는
  그대로, 서 있는 동안 두 발이 땅에).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from twoboneik.bvh import BvhClip, write_bvh
from twoboneik.synthetic import make_walk

#: CMU 의 1 단위 (미터).
CMU_UNIT_M = 0.0564
FPS = 120.0
HERE = Path(__file__).resolve().parent


def _to_cmu(clip: BvhClip) -> BvhClip:
    """cm 의 합성 클립을 CMU 단위로: OFFSET 과 엉덩이 위치 채널만 바꾸고, 소수 넷째 자리로 (모션 캡처 파일처럼)."""
    out = clip.copy()
    factor = 0.01 / CMU_UNIT_M
    out.offsets = out.offsets * factor
    out.end_sites = [(j, o * factor) for j, o in out.end_sites]
    for k, c in enumerate(out.channels[0]):
        if c.endswith("position"):
            out.motion[:, k] *= factor
    out.motion = np.round(out.motion, 4)
    return out


def _column(clip: BvhClip, joint: str, channel: str) -> int:
    j = clip.names.index(joint)
    return int(clip.channel_start[j]) + list(clip.channels[j]).index(channel)


def veer(seconds: float = 5.0, degrees: float = 20.0) -> BvhClip:
    clip = make_walk(frames=int(seconds * FPS), fps=FPS, slide_degrees=1.5, seed=3).clip
    t = np.arange(clip.frame_count) / (clip.frame_count - 1)
    angle = np.deg2rad(degrees) * t * t * (3 - 2 * t)  # 부드럽게 휜다
    x, z = _column(clip, "Hips", "Xposition"), _column(clip, "Hips", "Zposition")
    middle = clip.frame_count // 2
    cx, cz = clip.motion[middle, x], clip.motion[middle, z]
    px, pz = clip.motion[:, x] - cx, clip.motion[:, z] - cz
    clip.motion[:, x] = cx + np.cos(angle) * px + np.sin(angle) * pz
    clip.motion[:, z] = cz - np.sin(angle) * px + np.cos(angle) * pz
    clip.motion[:, _column(clip, "Hips", "Yrotation")] += np.rad2deg(angle)
    return _to_cmu(clip)


def start_stop(seconds: float = 6.0, still: float = 1.0, ramp: float = 0.6) -> BvhClip:
    frames = int(seconds * FPS)
    t = np.arange(frames) / FPS
    # 걷기 시간의 빠르기 v(t): 서 있음 0 → smoothstep 으로 1 → 다시 0. 걷기의 시각 s(t) = ∫ v dt.
    up = np.clip((t - still) / ramp, 0, 1)
    down = np.clip((seconds - still - t) / ramp, 0, 1)
    rate = np.minimum(up * up * (3 - 2 * up), down * down * (3 - 2 * down))
    walk_time = np.concatenate(([0.0], np.cumsum(rate[:-1]) / FPS))
    source = make_walk(frames=int(walk_time[-1] * FPS) + 2, fps=FPS, slide_degrees=1.5, seed=4).clip
    source_time = np.arange(source.frame_count) / FPS
    clip = source.copy()
    clip.motion = np.stack([np.interp(walk_time, source_time, column) for column in source.motion.T], axis=-1)
    return _to_cmu(clip)


CLIPS = {"cmu_style_veer.bvh": veer, "cmu_style_start_stop.bvh": start_stop}

if __name__ == "__main__":
    for name, make in CLIPS.items():
        write_bvh(HERE / name, make())
        print(HERE / name)
