"""합성 걷기 클립: 발이 어디에 디뎌지는지 아는 BVH 클립을 만든다 (테스트, 벤치마크, README 의 예).

뼈대는 CMU/Mixamo 식 이름의 29 관절 (cm, +Y 위, 캐릭터의 앞 = 회전 heading 을 적용한 +Z). 다리는 시상면 안의
해석적 IK (코사인 법칙, 이 패키지의 풀이를 쓰지 않는다) 로 발목을 설계한 자리에 놓는다: 디딘 동안 (stance) 발목은
한 점에 고정, 흔드는 동안 (swing) 부드러운 호를 그린다. slide 를 주면 허벅지의 X·Z 회전에 천천히 도는 각을
더해 디딘 발이 미끄러지게 한다 (모션 캡처의 foot skating 흉내).
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

import numpy as np
from numpy.typing import NDArray

from .bvh import BvhClip

__all__ = ["SyntheticWalk", "make_walk"]

# (이름, 부모 이름, OFFSET, 채널). 다리는 곧게 아래로, 발가락은 앞 (+Z) 으로.
_ROT_ZXY = ("Zrotation", "Xrotation", "Yrotation")
_ROT_YXZ = ("Yrotation", "Xrotation", "Zrotation")
_SKELETON = [
    ("Hips", None, (0.0, 0.0, 0.0), ("Xposition", "Yposition", "Zposition", "Zrotation", "Yrotation", "Xrotation")),
    ("Spine", "Hips", (0.0, 8.0, -1.0), _ROT_ZXY),
    ("Spine1", "Spine", (0.0, 12.0, 0.0), _ROT_ZXY),
    ("Spine2", "Spine1", (0.0, 12.0, 0.5), _ROT_ZXY),
    ("Neck", "Spine2", (0.0, 14.0, 0.0), _ROT_ZXY),
    ("Head", "Neck", (0.0, 9.0, 2.0), _ROT_ZXY),
]
for _side, _sx in (("Left", 1.0), ("Right", -1.0)):
    _SKELETON += [
        (f"{_side}Shoulder", "Spine2", (_sx * 4.0, 11.0, 0.0), _ROT_ZXY),
        (f"{_side}Arm", f"{_side}Shoulder", (_sx * 12.0, 0.0, 0.0), _ROT_YXZ),
        (f"{_side}ForeArm", f"{_side}Arm", (_sx * 27.0, 0.0, 0.0), _ROT_YXZ),
        (f"{_side}Hand", f"{_side}ForeArm", (_sx * 25.0, 0.0, 0.0), _ROT_YXZ),
        (f"{_side}HandThumb1", f"{_side}Hand", (_sx * 3.0, 0.0, 3.0), _ROT_ZXY),
        (f"{_side}HandIndex1", f"{_side}Hand", (_sx * 9.0, 0.0, 2.0), _ROT_ZXY),
        (f"{_side}HandMiddle1", f"{_side}Hand", (_sx * 9.5, 0.0, 0.0), _ROT_ZXY),
    ]
for _side, _sx in (("Left", 1.0), ("Right", -1.0)):
    _SKELETON += [
        (f"{_side}UpLeg", "Hips", (_sx * 9.0, -6.0, 0.0), _ROT_ZXY),
        (f"{_side}Leg", f"{_side}UpLeg", (0.0, -42.0, 0.0), _ROT_ZXY),
        (f"{_side}Foot", f"{_side}Leg", (0.0, -40.0, 0.0), _ROT_ZXY),
        (f"{_side}ToeBase", f"{_side}Foot", (0.0, -6.0, 13.0), _ROT_ZXY),
    ]
_END_SITES = {"Head": (0.0, 10.0, 0.0), "LeftToeBase": (0.0, 0.0, 5.0), "RightToeBase": (0.0, 0.0, 5.0)}
for _side, _sx in (("Left", 1.0), ("Right", -1.0)):
    for _finger in ("Thumb1", "Index1", "Middle1"):
        _END_SITES[f"{_side}Hand{_finger}"] = (_sx * 3.0, 0.0, 0.0)

#: 발목이 평평히 디뎠을 때의 높이 (발가락 관절 OFFSET 의 −Y): 땅은 y = 0.
ANKLE_HEIGHT = 6.0
THIGH, SHIN = 42.0, 40.0


class SyntheticWalk(NamedTuple):
    """합성 클립과 그 설계.

    - clip: BvhClip.
    - stance: (2, F) bool, 왼발·오른발이 디딘 프레임 (설계).
    - ankle: (2, F, 3) 설계한 발목의 월드 위치 (slide 를 더하기 전). 디딘 동안은 한 점.
    """

    clip: BvhClip
    stance: NDArray[np.float64]
    ankle: NDArray[np.float64]


def _order(channels: Sequence[str]) -> list[str]:
    return [c for c in channels if c.endswith("rotation")]


def make_walk(
    frames: int = 240,
    fps: float = 60.0,
    slide_degrees: float = 2.0,
    heading_degrees: float = 0.0,
    period: float = 1.0,
    speed: float = 100.0,
    seed: int = 0,
) -> SyntheticWalk:
    """frames 프레임의 걷기. 걸음 주기 period 초, 엉덩이 속도 speed cm/s, 디딤 60 %, 방향 heading_degrees (Y 축 회전).

    slide_degrees > 0 이면 허벅지 X·Z 회전에 진폭 slide_degrees 의 느린 사인을 더한다 (디딘 발이 미끄러진다).
    팔·몸통은 씨앗 seed 로 정한 작은 흔들림.
    """
    rng = np.random.default_rng(seed)
    layout = _layout()
    motion = np.zeros((frames, sum(len(c) for c in layout.channels)))
    t = np.arange(frames) / fps
    heading = np.deg2rad(heading_degrees)
    forward = np.array([np.sin(heading), 0.0, np.cos(heading)])
    side_vector = np.array([np.cos(heading), 0.0, -np.sin(heading)])  # 캐릭터의 왼쪽 (+X 를 heading 만큼)
    hips = _move_hips(motion, layout, t, forward, heading_degrees, period, speed)

    stance = np.zeros((2, frames), dtype=bool)
    ankles = np.zeros((2, frames, 3))
    for k, (side, sx, phase_offset) in enumerate((("Left", 1.0, 0.0), ("Right", -1.0, 0.5))):
        side_offset = sx * 9.0 * side_vector
        stance[k], ankles[k] = _ankle_path(t, phase_offset, period, speed, forward, side_offset)
        # 엉덩이 공간 (heading 만 돌린) 의 허벅지 뿌리 → 발목, 시상면 (로컬 y, z).
        root = hips + side_offset[None, :] + np.array([0.0, -6.0, 0.0])
        thigh, psi = _sagittal_leg(ankles[k] - root, forward)
        motion[:, layout.column(f"{side}UpLeg", "Xrotation")] = np.rad2deg(thigh)
        motion[:, layout.column(f"{side}Leg", "Xrotation")] = np.rad2deg(psi - thigh)
        motion[:, layout.column(f"{side}Foot", "Xrotation")] = -np.rad2deg(psi)
        if slide_degrees > 0:
            wobble = slide_degrees * np.sin(2 * np.pi * 0.7 * t + k)
            motion[:, layout.column(f"{side}UpLeg", "Xrotation")] += wobble
            motion[:, layout.column(f"{side}UpLeg", "Zrotation")] += 0.5 * slide_degrees * np.cos(2 * np.pi * 0.45 * t + k)
        # 팔은 다리와 반대로 흔든다.
        motion[:, layout.column(f"{side}Arm", "Zrotation")] = -sx * 70.0
        motion[:, layout.column(f"{side}Arm", "Xrotation")] = 20.0 * np.sin(2 * np.pi * (t / period + phase_offset))
    _sway_the_rest(motion, layout, t, rng)
    clip = BvhClip(layout.names, layout.parents, layout.offsets, layout.channels, layout.end_sites, 1.0 / fps, motion)
    return SyntheticWalk(clip, stance, ankles)


class _Layout(NamedTuple):
    """_SKELETON 을 BvhClip 의 꼴로: 이름, 부모 색인, OFFSET, 채널, End Site, 관절마다 첫 채널의 열."""

    names: list[str]
    parents: NDArray[np.intp]
    offsets: NDArray[np.float64]
    channels: list[tuple[str, ...]]
    end_sites: list[tuple[int, NDArray[np.float64]]]
    start: NDArray[np.int64]

    def column(self, joint: str, channel: str) -> int:
        j = self.names.index(joint)
        return int(self.start[j]) + self.channels[j].index(channel)


def _layout() -> _Layout:
    names = [j[0] for j in _SKELETON]
    parents = np.array([-1 if j[1] is None else names.index(j[1]) for j in _SKELETON], dtype=np.intp)
    offsets = np.array([j[2] for j in _SKELETON], dtype=float)
    channels = [tuple(j[3]) for j in _SKELETON]
    end_sites = [(names.index(n), np.array(o, dtype=float)) for n, o in _END_SITES.items()]
    start = np.concatenate(([0], np.cumsum([len(c) for c in channels])[:-1]))
    return _Layout(names, parents, offsets, channels, end_sites, start)


def _move_hips(
    motion: NDArray[np.float64], layout: _Layout, t: NDArray[np.float64], forward: NDArray[np.float64],
    heading_degrees: float, period: float, speed: float,
) -> NDArray[np.float64]:
    """엉덩이: forward 로 speed cm/s, 걸음마다 두 번 오르내림, heading 만큼 Y 회전. 엉덩이의 월드 위치 (F, 3)."""
    hip_height = ANKLE_HEIGHT + 70.0 + 6.0  # 엉덩이 관절 (허벅지 뿌리) 이 발목보다 70 cm 위
    travel = speed * t
    hips = forward[None, :] * travel[:, None]
    hips[:, 1] = hip_height + 1.5 * np.cos(4 * np.pi * t / period)
    motion[:, layout.column("Hips", "Xposition")] = hips[:, 0]
    motion[:, layout.column("Hips", "Yposition")] = hips[:, 1]
    motion[:, layout.column("Hips", "Zposition")] = hips[:, 2]
    motion[:, layout.column("Hips", "Yrotation")] = heading_degrees
    return hips


def _ankle_path(
    t: NDArray[np.float64], phase_offset: float, period: float, speed: float, forward: NDArray[np.float64],
    side_offset: NDArray[np.float64],
) -> tuple[NDArray[np.bool_], NDArray[np.float64]]:
    """한 발의 설계: (디딘 프레임, 발목의 월드 위치 (F, 3)). 디딤 60 % 동안 한 점, 흔드는 동안 높이 10 cm 의 호."""
    stride = speed * period
    duty = 0.6
    phase = (t / period + phase_offset) % 1.0
    cycle = np.floor(t / period + phase_offset)
    # 디딤의 가운데에서 엉덩이가 발 바로 위를 지나도록: 디딘 자리 = 그 디딤 가운데 시각의 엉덩이 위치.
    mid_time = (cycle + duty / 2 - phase_offset) * period
    in_stance = phase < duty
    swing_u = np.clip((phase - duty) / (1 - duty), 0.0, 1.0)
    ease = swing_u * swing_u * (3 - 2 * swing_u)
    along = np.where(in_stance, speed * mid_time, speed * mid_time + stride * ease)
    lift = np.where(in_stance, 0.0, 10.0 * np.sin(np.pi * swing_u))
    ankle = forward[None, :] * along[:, None]
    ankle = ankle + side_offset[None, :]
    ankle[:, 1] = ANKLE_HEIGHT + lift
    return in_stance, ankle


def _sagittal_leg(rel: NDArray[np.float64], forward: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """허벅지 뿌리 → 발목 rel 의 시상면 IK (코사인 법칙): (허벅지 각, 정강이 각) 라디안, 무릎은 앞으로."""
    dy = rel[:, 1]
    dz = rel @ forward
    distance = np.sqrt(dy * dy + dz * dz)
    # 다리 방향 φ: R_x(φ)(−Y) = (0, −cos φ, −sin φ) 가 (dy, dz)/d 와 같도록.
    phi = np.arctan2(-dz, -dy)
    cos_alpha = np.clip((THIGH**2 + distance**2 - SHIN**2) / (2 * THIGH * distance), -1.0, 1.0)
    alpha = np.arccos(cos_alpha)
    thigh = phi - alpha  # 무릎을 앞 (+Z, 음의 X 회전) 으로
    knee = THIGH * np.stack((-np.cos(thigh), -np.sin(thigh)), axis=-1)  # (y, z)
    shin_dir = np.stack((dy, dz), axis=-1) - knee
    psi = np.arctan2(-shin_dir[:, 1], -shin_dir[:, 0])
    return thigh, psi


def _sway_the_rest(motion: NDArray[np.float64], layout: _Layout, t: NDArray[np.float64], rng: np.random.Generator) -> None:
    """다리·팔·엉덩이 밖의 관절: 회전 채널마다 씨앗으로 정한 작은 사인 흔들림."""
    for j, name in enumerate(layout.names):
        if name.endswith(("UpLeg", "Leg", "Foot", "Arm")) or name == "Hips":
            continue
        for c in _order(layout.channels[j]):
            frequency, amplitude, offset = rng.uniform(0.2, 1.5), rng.uniform(0.5, 4.0), rng.uniform(0, 2 * np.pi)
            motion[:, int(layout.start[j]) + layout.channels[j].index(c)] = amplitude * np.sin(2 * np.pi * frequency * t + offset)
