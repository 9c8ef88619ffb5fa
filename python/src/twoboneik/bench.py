"""벤치마크 (테스트가 아니다): `python -m twoboneik.bench [--n N] [--loop-n M] [--rounds R] [--contention [K]]`.

한 번의 실행에서 같은 기준으로 잰다:

- 배치: N 개의 체인을 solve_two_bone_ik 한 번으로 (준비 실행 뒤 R 번의 중앙값).
- 루프: 같은 체인을 파이썬 루프로 하나씩 (단일 체인 경로). 앞의 M 개만 돌려 N 개로 늘려 잡는다 (외삽).
- 대역폭 기준: 배치가 반드시 읽고 쓰는 바이트 수 (입력 root·target·pole 3×24 B + 길이 2×8 B,
  출력 joint·end 2×24 B + reachable 1 B = 체인당 137 B) 만큼을 np.copyto 로 복사하는 시간.
  배치 라운드와 번갈아 잰다.
- 추가 메모리: 배치 한 번의 tracemalloc 최고치 (출력 포함) 를 N×3 float64 배열 (24·N B) 단위로.
- 경합 (--contention [K]): 실제 파이프라인은 다른 일 옆에서 돈다. 바쁜 프로세스 K 개가 파이썬 루프로 코어를 채우는
  동안 같은 배치를 다시 재고, 조용할 때와의 시간비를 보여 준다. K 를 빼면 두 경우를 잰다: 코어 하나가 남을 때
  (K = 코어 수 − 1, 목표 ≤ 1.5) 와 모든 코어가 바쁠 때 (K = 코어 수). 한 스레드의 배치는 공평한 스케줄러에서 코어의
  min(1, C / (K + 1)) 만 받으므로 모든 코어가 바쁘면 (K + 1) / C 배가 하한이다: 그 하한에 대한 비도 함께 보인다.
  배치가 스레드 풀 (BLAS 등) 을 쓰면 그 스레드들이 바쁜 프로세스와 다투며 하한의 몇 배로 느려진다.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import NamedTuple
from multiprocessing.synchronize import Event

import numpy as np
from numpy.typing import NDArray

from . import solve_two_bone_ik

BYTES_READ_PER_CHAIN = 3 * 3 * 8 + 2 * 8
BYTES_WRITTEN_PER_CHAIN = 2 * 3 * 8 + 1

#: 체인들: (root, upper, lower, target, pole).
_Chains = tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]


def make_chains(n: int, seed: int = 12345) -> _Chains:
    """씨앗을 정한 무작위 체인: 닿음·너무 멂·너무 가까움이 섞인다."""
    rng = np.random.default_rng(seed)
    root = rng.normal(size=(n, 3)) * 2
    upper = rng.uniform(0.2, 1.5, n)
    lower = rng.uniform(0.2, 1.5, n)
    target = root + rng.normal(size=(n, 3))
    pole = root + rng.normal(size=(n, 3))
    return root, upper, lower, target, pole


def _spin(stop: Event) -> None:
    """바쁜 프로세스: 멈추라는 신호가 올 때까지 파이썬 루프로 코어 하나를 채운다."""
    count = 0
    while not stop.is_set():
        for _ in range(20_000):
            count += 1


def median_time(run: Callable[[], object], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def contended_time(run: Callable[[], object], rounds: int, busy: int) -> float:
    """바쁜 프로세스 busy 개를 띄우고 (spawn: 모든 OS 에서 같은 방식) 그 옆에서 run 의 중앙값 시간을 잰다."""
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    workers = [context.Process(target=_spin, args=(stop,), daemon=True) for _ in range(busy)]
    for worker in workers:
        worker.start()
    try:
        time.sleep(0.5)  # 모두 돌기 시작할 때까지
        run()  # 스케줄러가 자리를 잡도록 한 번 버린다
        return median_time(run, rounds)
    finally:
        stop.set()
        for worker in workers:
            worker.join(timeout=5)
            if worker.is_alive():
                worker.terminate()


def main(argv: list[str] | None = None) -> None:
    args = _parser().parse_args(argv)
    n, loop_n, rounds = args.n, min(args.loop_n, args.n), args.rounds
    chains = make_chains(n)
    total_bytes = n * (BYTES_READ_PER_CHAIN + BYTES_WRITTEN_PER_CHAIN)
    batch_time, copy_time, traffic_time = _batch_and_copy_times(chains, total_bytes, rounds)
    loop_time = _loop_time(chains, n, loop_n)
    peak = _peak_memory(chains)
    _print_report(_Measured(batch_time, copy_time, traffic_time, loop_time, peak), n, loop_n, rounds, total_bytes)
    if args.contention is not None:
        _print_contention(chains, rounds, args.contention)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description="twoboneik 벤치마크")
    parser.add_argument("--n", type=int, default=1_000_000, help="배치 체인 수 (기본 10⁶)")
    parser.add_argument("--loop-n", type=int, default=20_000, help="파이썬 루프로 실제로 도는 체인 수 (기본 20,000)")
    parser.add_argument("--rounds", type=int, default=7, help="배치·복사 라운드 수 (중앙값)")
    parser.add_argument(
        "--contention",
        type=int,
        nargs="?",
        const=-1,
        default=None,
        metavar="K",
        help="바쁜 프로세스 K 개 옆에서도 배치를 잰다 (K 를 빼면 코어 수 − 1 과 코어 수, 두 번)",
    )
    return parser


class _Measured(NamedTuple):
    """잰 값: 배치·복사 기준·같은 트래픽 복사·루프 (초, 중앙값; 루프는 N 으로 외삽) 과 추가 메모리 최고치 (바이트)."""

    batch: float
    copy: float
    traffic: float
    loop: float
    peak: int


def _batch_and_copy_times(chains: _Chains, total_bytes: int, rounds: int) -> tuple[float, float, float]:
    """배치 한 번, 같은 바이트 수의 복사, 같은 총 트래픽의 복사를 라운드마다 번갈아 잰 중앙값들."""
    root, upper, lower, target, pole = chains
    copy_source = np.ones(total_bytes, dtype=np.uint8)
    copy_destination = np.zeros_like(copy_source)
    traffic_source = np.ones(total_bytes // 2, dtype=np.uint8)
    traffic_destination = np.zeros_like(traffic_source)

    # 준비 실행 (페이지 할당·캐시).
    solve_two_bone_ik(root, upper, lower, target, pole)
    np.copyto(copy_destination, copy_source)
    np.copyto(traffic_destination, traffic_source)

    batch_times, copy_times, traffic_times = [], [], []
    for _ in range(rounds):
        start = time.perf_counter()
        solve_two_bone_ik(root, upper, lower, target, pole)
        batch_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        np.copyto(copy_destination, copy_source)
        copy_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        np.copyto(traffic_destination, traffic_source)
        traffic_times.append(time.perf_counter() - start)
    return statistics.median(batch_times), statistics.median(copy_times), statistics.median(traffic_times)


def _loop_time(chains: _Chains, n: int, loop_n: int) -> float:
    """단일 체인 경로를 파이썬 루프로 (사용자가 흔히 쓰는 모양: (3,) 배열 행과 파이썬 float 길이), N 개로 외삽."""
    root, upper, lower, target, pole = chains
    rows = [(root[i], float(upper[i]), float(lower[i]), target[i], pole[i]) for i in range(loop_n)]
    start = time.perf_counter()
    for r, a, b, t, p in rows:
        solve_two_bone_ik(r, a, b, t, p)
    return (time.perf_counter() - start) * (n / loop_n)


def _peak_memory(chains: _Chains) -> int:
    """배치 한 번의 tracemalloc 최고치 (출력 포함), 바이트."""
    tracemalloc.start()
    baseline = tracemalloc.get_traced_memory()[0]
    result = solve_two_bone_ik(*chains)
    peak = tracemalloc.get_traced_memory()[1] - baseline
    tracemalloc.stop()
    del result
    return peak


def _print_report(measured: _Measured, n: int, loop_n: int, rounds: int, total_bytes: int) -> None:
    batch_time, copy_time, traffic_time, loop_time, peak = measured
    unit = n * 3 * 8
    print(f"twoboneik 벤치마크 — N = {n:,} 체인, numpy {np.__version__}, 라운드 {rounds} (중앙값)")
    print(f"  배치 (한 번의 호출)        : {batch_time * 1e3:9.2f} ms  = {n / batch_time:14,.0f} 풀이/초")
    print(
        f"  파이썬 루프 (단일 체인)     : {loop_time * 1e3:9.2f} ms  = {n / loop_time:14,.0f} 풀이/초"
        f"  (앞 {loop_n:,} 개를 실제로 돌려 N 으로 외삽)"
    )
    print(
        f"  복사 기준 (np.copyto {total_bytes / 1e6:.0f} MB = 배치가 읽고 쓰는 바이트 수)"
        f" : {copy_time * 1e3:7.2f} ms"
    )
    print(
        f"  같은 총 트래픽의 복사 ({total_bytes / 2e6:.1f} MB 읽기 + 쓰기)"
        f"            : {traffic_time * 1e3:7.2f} ms"
    )
    print(f"  배치 / 루프 속도비           : {loop_time / batch_time:9.1f} 배  (목표 ≥ 100)")
    print(f"  배치 / 복사 기준 시간비      : {batch_time / copy_time:9.2f} 배  (목표 ≤ 5)")
    print(f"  배치 / 같은 트래픽 복사 시간비 : {batch_time / traffic_time:7.2f} 배")
    print(
        f"  최고 추가 메모리 (tracemalloc): {peak / 1e6:9.1f} MB = N×3 float64 배열 {peak / unit:.2f} 개"
        " (출력 joint·end 2 개와 reachable 포함)"
    )


def _print_contention(chains: _Chains, rounds: int, contention: int) -> None:
    """--contention: 바쁜 프로세스 K 개 (음수면 코어 수 − 1 과 코어 수) 옆에서 다시 잰 배치와 조용할 때의 시간비."""
    cores = os.cpu_count() or 1
    counts = [max(1, cores - 1), cores] if contention < 0 else [contention]
    run = lambda: solve_two_bone_ik(*chains)  # noqa: E731
    threads = ", ".join(
        f"{name}={os.environ[name]}"
        for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")
        if name in os.environ
    )
    print(f"  경합 (CPU 코어 {cores} 개{', ' + threads if threads else ''})")
    if hasattr(os, "getloadavg"):
        # 다른 일이 이미 돌고 있으면 '조용할 때' 도 조용하지 않다: 비교의 바탕을 함께 보여 준다.
        load = os.getloadavg()[0]
        note = "  (기계가 이미 바쁘다: 두 시간 모두 흔들린다)" if load > 0.5 * cores else ""
        print(f"    재기 전 1 분 부하 평균      : {load:9.2f}{note}")
    for busy in sorted(set(max(0, k) for k in counts)):
        quiet = median_time(run, rounds)
        contended = contended_time(run, rounds, busy)
        # 공평한 스케줄러에서 한 스레드의 몫: 실행할 것 busy + 1 개가 코어 C 개를 나누면 min(1, C / (busy + 1)) 코어.
        floor = max(1.0, (busy + 1) / cores)
        goal = "목표 ≤ 1.5" if busy < cores else "모든 코어가 바쁨"
        print(f"    바쁜 프로세스 {busy} 개: 조용할 때 {quiet * 1e3:8.2f} ms, 바쁜 프로세스 옆에서 {contended * 1e3:8.2f} ms")
        print(
            f"      경합 / 조용함 시간비     : {contended / quiet:9.2f} 배  ({goal}; 공평한 몫의 하한 {floor:.2f} 배,"
            f" 하한에 대한 비 {contended / quiet / floor:.2f})"
        )


if __name__ == "__main__":
    main()
