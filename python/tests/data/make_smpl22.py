"""실제 모션 캡처 클립 (mocapbank_trimmed.bvh, 출처·라이선스는 README.md) 에서 SMPL-22 관절 위치 배열을 만든다.

HumanML3D 의 관례를 따른다: SMPL-22 관절 순서, 미터, Y 위, 20 fps, 바닥 y = 0 (모든 관절·프레임의 가장 낮은 y 를 뺀다).
방향은 돌리지 않는다 (HumanML3D 는 첫 프레임이 +Z 를 보게 돌린다; 이 클립은 제자리 동작이라 지표에 상관없다).

1. 30 fps 의 채널 값을 20 fps 의 시각 (원래 프레임 1.5 칸마다) 으로 선형 보간한다 (각은 이웃 프레임 사이 ±180° 안으로 편 뒤).
   회전 채널을 보간한 뒤 정기구학을 하므로 뼈는 모든 프레임에서 강체다.
2. 패키지의 정기구학 (twoboneik.fk.forward_kinematics) 으로 관절의 월드 위치·회전, 발끝 = 발목 + R_발목 · End Site.
3. 19 관절 + End Site 를 SMPL-22 의 순서로 (표 SMPL22_FROM_BVH; spine3 = Chest2 와 Neck 의 가운데), cm → m.

생성기에는 np.linalg 를 쓰지 않는다. 테스트는 이 함수를 불러 배열을 만든다 (배열 파일은 커밋하지 않는다).
`python python/tests/data/make_smpl22.py -o out.npy` 로 파일에 쓸 수도 있다.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Optional, Sequence

import numpy as np
from numpy.typing import NDArray

from twoboneik.bvh import read_bvh
from twoboneik.fk import forward_kinematics

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "mocapbank_trimmed.bvh"
FPS = 20.0

#: SMPL-22 색인 → BVH 관절 이름 (또는 ("site", 관절) = 그 관절의 End Site, ("mid", a, b) = 두 관절의 가운데).
SMPL22_FROM_BVH: list[tuple[str, ...]] = [
    ("Hips",), ("LeftHip",), ("RightHip",), ("Chest",), ("LeftKnee",), ("RightKnee",), ("Chest2",),
    ("LeftAnkle",), ("RightAnkle",), ("mid", "Chest2", "Neck"), ("site", "LeftAnkle"), ("site", "RightAnkle"),
    ("Neck",), ("LeftCollar",), ("RightCollar",), ("Head",), ("LeftShoulder",), ("RightShoulder",),
    ("LeftElbow",), ("RightElbow",), ("LeftWrist",), ("RightWrist",),
]


def resample(motion: NDArray[np.float64], source_fps: float, fps: float, rotation_columns: NDArray[np.intp]) -> NDArray[np.float64]:
    """채널 값 (F, C) 을 fps 로 선형 보간. 회전 열은 이웃 프레임 사이 차를 ±180° 안으로 편 뒤 보간한다."""
    unwrapped = motion.copy()
    step = np.diff(unwrapped[:, rotation_columns], axis=0)
    step -= 360.0 * np.round(step / 360.0)
    unwrapped[1:, rotation_columns] = unwrapped[0, rotation_columns] + np.cumsum(step, axis=0)
    frames = int(np.floor((motion.shape[0] - 1) * fps / source_fps)) + 1
    where = np.arange(frames) * (source_fps / fps)
    low = np.minimum(np.floor(where).astype(np.intp), motion.shape[0] - 1)
    high = np.minimum(low + 1, motion.shape[0] - 1)
    t = (where - low)[:, None]
    out: NDArray[np.float64] = unwrapped[low] * (1.0 - t) + unwrapped[high] * t
    return out


def smpl22_from_bvh(path: Path = SOURCE, fps: float = FPS) -> NDArray[np.float64]:
    """(F, 22, 3) float64, 미터, Y 위, 바닥 y = 0."""
    clip = read_bvh(path)
    rotation_columns = np.array(
        [int(clip.channel_start[j]) + k for j, chans in enumerate(clip.channels) for k, c in enumerate(chans)
         if c.endswith("rotation")], dtype=np.intp,
    )
    motion = resample(clip.motion, 1.0 / clip.frame_time, fps, rotation_columns)
    pose = forward_kinematics(clip, motion=motion)
    sites = {parent: offset for parent, offset in clip.end_sites}
    points = []
    for entry in SMPL22_FROM_BVH:
        if entry[0] == "site":
            j = clip.names.index(entry[1])
            rotation = pose.joint_rotations[j]
            offset = sites[j]
            points.append(pose.joint_positions[j] + np.sum(rotation * offset[None, None, :], axis=-1))
        elif entry[0] == "mid":
            a, b = (pose.joint_positions[clip.names.index(n)] for n in entry[1:])
            points.append(0.5 * (a + b))
        else:
            points.append(pose.joint_positions[clip.names.index(entry[0])])
    joints = np.stack(points, axis=1) * 0.01  # cm → m
    joints[..., 1] -= joints[..., 1].min()
    return joints


def add_skating(
    joints: NDArray[np.float64], speed_m_s: float, fps: float = FPS, period_s: float = 1.0, leg: Sequence[int] = (),
) -> NDArray[np.float64]:
    """알려진 크기의 미끄러짐을 더한 사본: 수평 (x) 변위 d(t) = A sin(2π t / T), 최대 속도 = speed_m_s (A = v T / 2π).

    leg 가 비면 모든 관절을 함께 옮긴다 (몸 전체가 미끄러진다 — 엉덩이 궤적과 발이 맞지 않는 생성 모션).
    leg 를 주면 (예: 무릎·발목·발끝) 그 관절만 옮긴다 (발이 몸 아래에서 미끄러진다; 허벅지 길이가 흔들린다).
    """
    t = np.arange(joints.shape[0]) / fps
    amplitude = speed_m_s * period_s / (2.0 * np.pi)
    shift = amplitude * np.sin(2.0 * np.pi * t / period_s)
    out = joints.copy()
    columns = list(leg) if leg else list(range(joints.shape[1]))
    out[:, columns, 0] += shift[:, None]
    return out


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", required=True, help="쓸 .npy (float64, (F, 22, 3))")
    args = parser.parse_args(argv)
    np.save(args.output, smpl22_from_bvh())


if __name__ == "__main__":
    main()
