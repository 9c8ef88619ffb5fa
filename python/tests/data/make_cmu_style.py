"""CMU 식 합성 클립을 만든다 (CMU 의 파일은 여기서 내려받을 수 없다): CMU 의 척도 (1 단위 ≈ 5.64 cm, 다리 ≈ 14.5 단위).

`python python/tests/data/make_cmu_style.py` 가 이 폴더에 두 파일을 다시 쓴다 (test_footlock_cmu_style.py 가 새로
만든 것과 바이트 단위로 같은지 확인한다):

- cmu_style_veer.bvh: 120 fps 5 초 걷기, 엉덩이 궤적이 가운데 시각의 자리를 축으로 20° 휜다 (몸 전체를 천천히 돌려서 —
  디딘 발도 함께 돌아 미끄러진다: 모션 캡처의 foot skating 흉내).
- cmu_style_start_stop.bvh: 120 fps 6 초, 1 초 서 있다가 걷고 1 초 서 있는다 (걷기의 시간을 늦췄다 당겨서: 디딘 자리는
  그대로, 서 있는 동안 두 발이 땅에).
- cmu_style_jump_turn.bvh: 120 fps 4 초, 서서 웅크렸다가 두 발로 뛰어 공중에서 90° 돌고 40 cm 앞에 내려 다시 웅크렸다
  선다 (두 발이 함께 떠나고 함께 닿는다; 허벅지 회전의 느린 흔들림으로 디딘 발이 미끄러진다).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from twoboneik.bvh import BvhClip, write_bvh
from twoboneik.synthetic import ANKLE_HEIGHT, SHIN, THIGH, make_walk

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


def _smooth_keys(t: np.ndarray, keys: list[tuple[float, float]]) -> np.ndarray:
    """열쇠 (시각, 값) 사이를 smoothstep 으로 (열쇠에서 속도 0)."""
    times = np.array([k[0] for k in keys])
    values = np.array([k[1] for k in keys])
    i = np.clip(np.searchsorted(times, t, side="right") - 1, 0, len(keys) - 2)
    u = np.clip((t - times[i]) / (times[i + 1] - times[i]), 0.0, 1.0)
    return values[i] + (values[i + 1] - values[i]) * u * u * (3 - 2 * u)


def _ramp(t: np.ndarray, start: float, end: float) -> np.ndarray:
    u = np.clip((t - start) / (end - start), 0.0, 1.0)
    return u * u * (3 - 2 * u)


def jump_turn(seconds: float = 4.0, turn_degrees: float = 90.0, forward_cm: float = 40.0) -> BvhClip:
    frames = int(seconds * FPS)
    clip = make_walk(frames=frames, fps=FPS, slide_degrees=0.0, seed=6).clip  # 몸통·팔의 흔들림을 빌린다
    t = np.arange(frames) / FPS
    stand = ANKLE_HEIGHT + 70.0 + 6.0  # make_walk 와 같은 엉덩이 높이
    hips_y = _smooth_keys(t, [(0.0, stand), (0.8, stand), (1.3, stand - 15), (1.5, stand + 8), (1.75, stand + 22),
                              (2.0, stand + 8), (2.4, stand - 15), (3.0, stand), (seconds, stand)])
    hips_z = forward_cm * _ramp(t, 1.5, 2.0)
    heading = np.deg2rad(turn_degrees) * _ramp(t, 1.58, 1.92)  # 두 발이 모두 떠 있는 동안만 돈다
    motion = clip.motion
    for side in ("Left", "Right"):
        for joint in ("UpLeg", "Leg", "Foot"):
            for axis in "XYZ":
                motion[:, _column(clip, f"{side}{joint}", f"{axis}rotation")] = 0.0
    motion[:, _column(clip, "Hips", "Xposition")] = 0.0
    motion[:, _column(clip, "Hips", "Yposition")] = hips_y
    motion[:, _column(clip, "Hips", "Zposition")] = hips_z
    motion[:, _column(clip, "Hips", "Yrotation")] = np.rad2deg(heading)
    forward = np.stack((np.sin(heading), np.zeros(frames), np.cos(heading)), axis=-1)
    left = np.stack((np.cos(heading), np.zeros(frames), -np.sin(heading)), axis=-1)
    hips = np.stack((np.zeros(frames), hips_y, hips_z), axis=-1)
    takeoff, landing = _ramp(t, 1.42, 1.52), _ramp(t, 1.98, 2.08)
    for k, (side, sx) in enumerate((("Left", 1.0), ("Right", -1.0))):
        root = hips + sx * 9.0 * left + np.array([0.0, -6.0, 0.0])
        before = root[0] * np.array([1.0, 0.0, 1.0]) + np.array([0.0, ANKLE_HEIGHT, 0.0])
        after = root[-1] * np.array([1.0, 0.0, 1.0]) + np.array([0.0, ANKLE_HEIGHT, 0.0])
        flying = root + np.array([0.0, -77.0, 0.0])
        ankle = (before * (1 - takeoff)[:, None] + flying * takeoff[:, None]) * (1 - landing)[:, None] + after * landing[:, None]
        # 엉덩이 공간의 시상면 (로컬 y, z) 의 코사인 법칙 (synthetic.make_walk 와 같은 식).
        rel = ankle - root
        dy, dz = rel[:, 1], np.sum(rel * forward, axis=-1)
        distance = np.sqrt(dy * dy + dz * dz)
        phi = np.arctan2(-dz, -dy)
        alpha = np.arccos(np.clip((THIGH**2 + distance**2 - SHIN**2) / (2 * THIGH * distance), -1.0, 1.0))
        thigh = phi - alpha
        knee = THIGH * np.stack((-np.cos(thigh), -np.sin(thigh)), axis=-1)
        shin_dir = np.stack((dy, dz), axis=-1) - knee
        psi = np.arctan2(-shin_dir[:, 1], -shin_dir[:, 0])
        wobble = 1.5 * np.sin(2 * np.pi * 0.7 * t + k)  # 디딘 발이 미끄러지게 (모션 캡처의 foot skating 흉내)
        motion[:, _column(clip, f"{side}UpLeg", "Xrotation")] = np.rad2deg(thigh) + wobble
        motion[:, _column(clip, f"{side}UpLeg", "Zrotation")] = 0.75 * np.cos(2 * np.pi * 0.45 * t + k)
        motion[:, _column(clip, f"{side}Leg", "Xrotation")] = np.rad2deg(psi - thigh)
        motion[:, _column(clip, f"{side}Foot", "Xrotation")] = -np.rad2deg(psi)
    return _to_cmu(clip)


CLIPS = {"cmu_style_veer.bvh": veer, "cmu_style_start_stop.bvh": start_stop, "cmu_style_jump_turn.bvh": jump_turn}

if __name__ == "__main__":
    for name, make in CLIPS.items():
        write_bvh(HERE / name, make())
        print(HERE / name)
