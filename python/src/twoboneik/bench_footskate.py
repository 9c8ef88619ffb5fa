"""관절 배열의 발 미끄러짐 고치기 벤치마크: SMPL-22 배열 10⁵ 프레임 (20 fps 로 83 분) 을 고치는 시간.

`python -m twoboneik.bench_footskate [--frames N] [--rounds R]` (또는 `make bench-footskate`). 배열은 합성: 제자리에서
두 발을 번갈아 딛는 다리 (접지 구간 약 1 초마다) 에 알려진 미끄러짐 (0.6 m/s) 을 더한 것. 한 번 데운 뒤 R 번 재서
중앙값을 찍는다 — 지표 (전·후) 를 함께 잴 때와 뺄 때 (report=False), 벽시계와 CPU 시간. 목표: 1 초 미만. assert 하지 않는다.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Optional, Sequence

import numpy as np
from numpy.typing import NDArray

from .footskate import FootskateOptions, clean_foot_skating

#: 10⁵ 프레임의 목표 (issue 20). 재서 찍을 뿐 assert 하지 않는다.
TARGET_SECONDS = 1.0


def synthetic_smpl22(frames: int, fps: float = 20.0, skate_m_s: float = 0.6) -> NDArray[np.float64]:
    """SMPL-22 모양의 배열 (F, 22, 3): 서 있는 몸, 발을 1 초마다 번갈아 드는 다리, 몸 전체의 x 미끄러짐 (최대 속도 skate_m_s)."""
    t = np.arange(frames) / fps
    joints = np.zeros((frames, 22, 3))
    joints[:, :, 1] = 1.0 + 0.01 * np.arange(22)  # 다리 밖 관절: 높이만 다르게
    for side, (hip, knee, ankle, toe) in ((1.0, (1, 4, 7, 10)), (-1.0, (2, 5, 8, 11))):
        phase = np.clip(np.sin(np.pi * (t + (0.0 if side > 0 else 1.0))), 0.0, None)  # 번갈아 든다
        lift = 0.12 * phase
        joints[:, hip] = [0.09 * side, 0.95, 0.0]
        joints[:, knee] = np.stack([np.full(frames, 0.09 * side), 0.52 + lift, 0.03 + 0.5 * lift], axis=1)
        joints[:, ankle] = np.stack([np.full(frames, 0.09 * side), 0.08 + lift, 0.0 * t], axis=1)
        joints[:, toe] = joints[:, ankle] + np.array([0.0, -0.07, 0.14])
    joints[:, 0] = [0.0, 0.95, 0.0]
    joints[:, :, 0] += (skate_m_s / (2 * np.pi) * np.sin(2 * np.pi * t))[:, None]
    return joints


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    joints = synthetic_smpl22(args.frames)
    print(f"{args.frames} 프레임 × 22 관절 (float64) — {args.rounds} 번의 중앙값 (최소)")
    for label, options in (("지표 포함", FootskateOptions()), ("지표 없이", FootskateOptions(report=False))):
        clean_foot_skating(joints, options=options)  # 데우기
        wall, cpu = [], []
        for _ in range(args.rounds):
            started, started_cpu = time.perf_counter(), time.process_time()
            result = clean_foot_skating(joints, options=options)
            wall.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
        print(f"  {label}: 벽시계 {statistics.median(wall):.3f} s ({min(wall):.3f} s), CPU {statistics.median(cpu):.3f} s"
              f"   (목표 < {TARGET_SECONDS:g} s)")
    print(result.summary().splitlines()[1])


if __name__ == "__main__":
    main()
