#!/usr/bin/env python3
"""두 뼈 IK 의 계약을 무작위 체인으로 흔들어 본다 (make fuzz). 테스트 모음에는 10⁵ 조각만 들어간다.

`python fuzz/fuzz.py [--count N] [--seed S] [--shared PATH] [--shared-count K]`

- 체인은 조건 (conditioning) 을 고르게 뽑는다: 체인 크기 1e-3..1e3, 뿌리 1e4 까지, 길이 비 1e-2..1e2,
  목표는 |a − b|·a + b·뿌리까지의 거리가 로그 균등 (1e-16..1), 극은 직선에서 1e-14..1 체인, 직선을 따라 1e-2..1e6 체인,
  그리고 1.7e308 근처의 극·뿌리.
- 불변식 (계약): 예외 없음, NaN/inf 없음, |joint − root| = a, |end − joint| = b (허용치 1e-12·(a + b) + 8ε·가장 큰 좌표:
  풀이의 4 ulp + 검사 자체의 반올림 4 ulp), 끝은 목표 쪽 반직선 위 잘린 거리, reachable 이 d ∈ [|a − b|, a + b] 와 같음,
  극이 확실히 직선 밖이면 관절은 극 쪽. 체인의 30 % 에는 굽힘 제한 (각 끝이 제한 없음 또는 0·π 에서 π·1e-12..1) 을
  걸고, 닿는 범위를 제한이 허용하는 구간과의 교집합으로, 결과 위치에서 잰 굽힘이 제한 안 (1e-9 rad) 인지 본다.
- 단일 경로와 배치 경로가 비트 단위로 같은지, 그리고 --shared 를 주면 앞 K 개의 입력과 (배치) 출력을 파일에 써서
  TypeScript 쪽 (fuzz/fuzz.ts) 이 다시 풀어 비트 단위로 비교하게 한다.
위반이 하나라도 있으면 0 이 아닌 코드로 끝난다.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field

import numpy as np

from twoboneik import solve_two_bone_ik

EPS = float(np.finfo(np.float64).eps)
MAX = float(np.finfo(np.float64).max)
#: 검사 허용치: 1e-12·(a + b) + ULPS·ε·(입출력의 가장 큰 좌표).
RELATIVE = 1e-12
ULPS = 8
POLE_LINE_TOLERANCE = 1e-10
POLE_ROUNDING_ULPS = 64
#: 공유 파일 한 줄: root 3, a, b, target 3, pole 3, 굽힘 제한 min·max, joint 3, end 3, reachable (0/1) = 20 개의 float64.
#: 제한이 없는 체인은 (0, π) (제한 없음과 비트까지 같다).
SHARED_WIDTH = 20

INVARIANTS = ("threw", "finite", "upper_length", "lower_length", "end_on_ray", "reachable", "pole_side", "bend_limits")


def limit_distance(a: np.ndarray, b: np.ndarray, bend: np.ndarray) -> np.ndarray:
    """굽힘 β 로 닫히는 삼각형의 거리 (풀이와 다른 식, invariants.ts 의 limitDistance 와 같다): β ≤ π/2 면
    √((a + b)² − 4ab·sin²(β/2)), 아니면 √((a − b)² + 4ab·cos²(β/2)), a + b 로 나눠 넘치지 않게."""
    s = a + b
    with np.errstate(all="ignore"):
        ra, rb = np.where(s > 0, a / s, 0.0), np.where(s > 0, b / s, 0.0)
        sin_half = np.sin(bend / 2)
        cos_half = np.sin((np.pi - bend) / 2)
        straight_side = np.sqrt(np.maximum(0.0, 1 - 4 * ra * rb * sin_half * sin_half))
        folded_side = np.sqrt((ra - rb) ** 2 + 4 * ra * rb * cos_half * cos_half)
        return s * np.where(bend <= np.pi / 2, straight_side, folded_side)


def generate(n: int, seed: int) -> tuple[np.ndarray, ...]:
    """씨앗을 정한 체인 n 개: (root (n, 3), a (n,), b (n,), target (n, 3), pole (n, 3), limits (n, 2))."""
    rng = np.random.default_rng(seed)

    def logu(lo: float, hi: float, size) -> np.ndarray:
        return 10.0 ** rng.uniform(lo, hi, size)

    def signs(size) -> np.ndarray:
        return np.where(rng.random(size) < 0.5, -1.0, 1.0)

    def units(k: int) -> np.ndarray:
        v = rng.normal(size=(k, 3))
        return v / np.linalg.norm(v, axis=1)[:, None]

    chain = logu(-3, 3, n)
    ratio = logu(-2, 2, n)
    a = chain * ratio / (1 + ratio)
    b = chain / (1 + ratio)
    kind = rng.random(n)
    a = np.where(kind < 0.1, chain * 0.5, a)
    b = np.where(kind < 0.1, chain * 0.5, b)
    a = np.where((kind >= 0.1) & (kind < 0.11), 0.0, a)
    b = np.where((kind >= 0.11) & (kind < 0.12), 0.0, b)

    root = np.where(rng.random((n, 3)) < 0.7, signs((n, 3)) * logu(-3, 4, (n, 3)), 0.0)

    # 이 블록 아래에서 1.7e308 근처의 체인을 덮어쓴다.
    huge = rng.random(n)
    huge_root = huge < 0.01
    huge_pole = (huge >= 0.01) & (huge < 0.02)
    k = int(huge_root.sum())
    root[huge_root] = signs((k, 3)) * 10.0 ** rng.uniform(306, np.log10(1.6e308), (k, 3))
    chain[huge_root] = logu(298, 305, k)
    a[huge_root] = chain[huge_root] * 0.6
    b[huge_root] = chain[huge_root] * 0.4

    hi = a + b
    lo = np.abs(a - b)
    # 굽힘 제한: 체인의 30 % 에. 각 끝은 40 % 가 제한 없음 (0, π), 나머지는 그 끝에서 π·10^(−12…0) 떨어진 값.
    limited = rng.random(n) < 0.3
    low = np.where(rng.random(n) < 0.4, 0.0, np.pi * logu(-12, 0, n))
    high = np.where(rng.random(n) < 0.4, np.pi, np.pi - np.pi * logu(-12, 0, n))
    low, high = np.minimum(low, high), np.maximum(low, high)
    high = np.where(rng.random(n) < 0.05, low, high)
    limits = np.where(limited[:, None], np.stack((low, high), axis=1), np.array([0.0, np.pi]))
    target_kind = rng.integers(0, 6, n)
    near = signs(n) * logu(-16, 0, n)
    with np.errstate(over="ignore"):
        d = np.select(
            [target_kind == 0, target_kind == 1, target_kind == 2, target_kind == 3, target_kind == 4],
            [
                lo + (hi - lo) * rng.random(n),
                hi * (1 + near),
                np.where(lo > 0, lo * (1 + near), hi * np.abs(near)),
                np.where(rng.random(n) < 0.02, 0.0, hi * logu(-16, 0, n)),
                hi * logu(0, 6, n),
            ],
            hi * logu(-3, 0.3, n),
        )
    # 제한이 있는 체인의 절반은 제한 거리 바로 곁의 목표 (10^(−16…0) 안팎).
    near_limit = limited & (rng.random(n) < 0.5)
    which = np.where(rng.random(n) < 0.5, limits[:, 0], limits[:, 1])
    with np.errstate(over="ignore"):
        d = np.where(near_limit, limit_distance(a, b, which) * (1 + signs(n) * logu(-16, 0, n)), d)
    d = np.minimum(d, 1e306)  # 1e308 근처의 뿌리에서도 target − root 가 유한하게
    f = units(n)
    target = root + d[:, None] * f

    # 극: 절반은 아무 방향, 절반은 뿌리–목표 직선 가까이 (직선에서 1e-14..1 체인, 직선을 따라 ±1e-2..1e6 체인).
    pole = root + (hi * logu(-2, 2, n))[:, None] * units(n)
    near_line = rng.random(n) < 0.5
    m = int(near_line.sum())
    fm = f[near_line]
    u = rng.normal(size=(m, 3))
    for _ in range(2):
        u -= np.einsum("ij,ij->i", u, fm)[:, None] * fm
    u /= np.linalg.norm(u, axis=1)[:, None]
    with np.errstate(over="ignore"):
        along = signs(m) * np.minimum(hi[near_line] * logu(-2, 6, m), 1e306)
    offset = hi[near_line] * logu(-14, 0, m)
    pole[near_line] = root[near_line] + along[:, None] * fm + offset[:, None] * u
    kp = int(huge_pole.sum())
    pole[huge_pole] = signs((kp, 3)) * MAX * rng.uniform(0.5, 1.0, (kp, 3))
    return root, a, b, target, pole, limits


def _scaled(v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """v (n, 3) 를 가장 큰 성분으로 나눈 것과 그 크기 (0 이면 1 로 나눈다)."""
    m = np.max(np.abs(v), axis=1)
    return v / np.where(m > 0, m, 1.0)[:, None], m


def _dot(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    return np.einsum("ij,ij->i", u, v)


def _norm(v: np.ndarray) -> np.ndarray:
    s, m = _scaled(v)
    with np.errstate(over="ignore"):
        return m * np.sqrt(_dot(s, s))


@dataclass
class Stats:
    """불변식마다 위반 수와 가장 나쁜 오차 (허용치에 대한 비율, 체인 길이에 대한 비율)."""

    label: str
    count: int = 0
    violations: dict = field(default_factory=lambda: {k: 0 for k in INVARIANTS})
    worst_ratio: dict = field(default_factory=lambda: {k: 0.0 for k in INVARIANTS})
    worst_relative: dict = field(default_factory=lambda: {k: 0.0 for k in INVARIANTS})
    checked: dict = field(default_factory=lambda: {k: 0 for k in INVARIANTS})
    first: dict = field(default_factory=dict)

    def record(self, name: str, applies: np.ndarray, error: np.ndarray, tolerance: np.ndarray, chain: np.ndarray, index0: int) -> None:
        with np.errstate(all="ignore"):
            ratio = np.where(applies, error / tolerance, 0.0)
            relative = np.where(applies, error / chain, 0.0)
        ratio = np.where(np.isnan(ratio), np.inf, ratio)
        bad = applies & ~(ratio <= 1)
        self.checked[name] += int(applies.sum())
        self.violations[name] += int(bad.sum())
        if applies.any():
            self.worst_ratio[name] = max(self.worst_ratio[name], float(np.max(ratio)))
            self.worst_relative[name] = max(self.worst_relative[name], float(np.nanmax(np.where(np.isnan(relative), np.inf, relative))))
        if bad.any() and name not in self.first:
            self.first[name] = index0 + int(np.flatnonzero(bad)[0])

    def report(self) -> str:
        lines = [f"[{self.label}] 체인 {self.count}"]
        for k in INVARIANTS:
            lines.append(
                f"  {k:13s} 검사 {self.checked[k]:8d}  위반 {self.violations[k]:7d}"
                f"  최악 오차/허용치 {self.worst_ratio[k]:.3g}  최악 오차/(a + b) {self.worst_relative[k]:.3g} (체인 항이 정하는 체인)"
                + (f"  (처음: 체인 #{self.first[k]})" if k in self.first else "")
            )
        return "\n".join(lines)

    def total(self) -> int:
        return sum(self.violations.values())


def check(stats: Stats, root, a, b, target, pole, limits, joint, end, reachable, threw, index0: int = 0) -> None:
    """한 묶음의 결과를 계약과 비교해 stats 에 더한다. threw 는 풀이가 예외를 던진 체인 (bool 배열)."""
    n = a.shape[0]
    stats.count += n
    ok = ~threw
    chain = a + b
    # 참·거짓 불변식: 오차 0 또는 1, 허용치 0.5 (체인 길이에 대한 비율은 의미가 없어 무한대로 나눈다).
    half, never = np.full(n, 0.5), np.full(n, np.inf)
    stats.record("threw", np.ones(n, bool), threw.astype(float), half, never, index0)
    with np.errstate(all="ignore"):
        finite = np.isfinite(joint).all(axis=1) & np.isfinite(end).all(axis=1)
        stats.record("finite", ok, (~finite).astype(float), half, never, index0)
        ok = ok & finite
        largest = np.max(np.abs(np.concatenate((root, target, pole, joint, end), axis=1)), axis=1)
        tolerance = RELATIVE * chain + ULPS * EPS * largest
        # 오차/(a + b) 는 체인 항이 허용치를 정하는 체인에서만 센다 (좌표가 체인보다 훨씬 크면 ulp 항이 정한다).
        scale = np.where(RELATIVE * chain >= ULPS * EPS * largest, chain, np.inf)

        upper = np.abs(_norm(joint - root) - a)
        stats.record("upper_length", ok, upper, tolerance, scale, index0)
        lower = np.abs(_norm(end - joint) - b)
        stats.record("lower_length", ok, lower, tolerance, scale, index0)

        forward = target - root
        d = _norm(forward)
        s, _ = _scaled(forward)
        f = s / np.sqrt(_dot(s, s))[:, None]
        f[d == 0] = (1.0, 0.0, 0.0)
        # 닿는 범위: [|a − b|, a + b] 와 굽힘 제한이 허용하는 [d(max), d(min)] 의 교집합.
        low_limit, high_limit = limits[:, 0], limits[:, 1]
        limited = (low_limit > 0) | (high_limit < np.pi)
        hi = np.where(low_limit > 0, np.minimum(chain, limit_distance(a, b, low_limit)), chain)
        lo = np.where(high_limit < np.pi, np.maximum(np.abs(a - b), limit_distance(a, b, high_limit)), np.abs(a - b))
        clamped = np.minimum(np.maximum(d, lo), hi)
        expected_end = root + clamped[:, None] * f
        ray = np.max(np.abs(end - expected_end), axis=1)
        exact = np.all(end == target, axis=1)
        ray = np.where(reachable, np.where(exact, 0.0, np.inf), ray)
        stats.record("end_on_ray", ok, ray, tolerance, scale, index0)

        inside = (d >= lo) & (d <= hi)
        # 제한 거리는 풀이와 다른 식으로 구하므로 체인 길이의 64 ulp 안쪽은 어느 쪽이든 맞다.
        margin = 8 * EPS
        limit_margin = np.where(limited, 64 * EPS * chain, 0.0)
        ambiguous = (np.abs(d - hi) <= np.maximum(margin * hi, limit_margin)) | (
            np.abs(d - lo) <= np.maximum(margin * np.maximum(lo, d), limit_margin)
        )
        stats.record("reachable", ok & ~ambiguous, (inside != reachable).astype(float), half, never, index0)

        # 굽힘: (관절 − 뿌리) 와 (끝 − 관절) 사이의 각이 [min, max] 안. 가장 큰 성분으로 나눠 넘치지 않게 잰다.
        us, _ = _scaled(joint - root)
        vs, _ = _scaled(end - joint)
        bend = np.arctan2(_norm(np.cross(us, vs)), _dot(us, vs))
        angle_tolerance = 1e-9 + 4 * tolerance / np.minimum(a, b)
        outside = np.maximum(np.maximum(low_limit - bend, bend - high_limit), 0.0)
        stats.record("bend_limits", ok & limited & (a > 0) & (b > 0), outside, angle_tolerance, never, index0)

        # 극 쪽: 극의 f 에 수직인 성분을 두 번 빼서 구하고 (가장 큰 성분으로 먼저 나눠 넘치지 않게),
        # 그 방향과 관절의 수직 성분이 같은 쪽을 향하는지 본다 (cos ≥ 0.99).
        qs, qm = _scaled(pole - root)
        for _ in range(2):
            qs = qs - _dot(qs, f)[:, None] * f
        qs_len = np.sqrt(_dot(qs, qs))
        perp = qm * qs_len
        coord = np.max(np.abs(np.concatenate((root, target, pole), axis=1)), axis=1)
        # 직선 판정은 풀이의 규칙 그대로 체인 길이 a + b 로 (굽힘 제한이 줄인 닿는 거리 hi 가 아니다).
        line = np.maximum(POLE_LINE_TOLERANCE * chain, POLE_ROUNDING_ULPS * EPS * coord)
        off_line = (perp > 2 * line) & (qs_len > 1e3 * EPS)
        rel = joint - root
        jperp = rel - _dot(rel, f)[:, None] * f
        jlen = _norm(jperp)
        # 관절의 반올림 잡음은 뿌리·관절 좌표의 ulp 규모다 (극의 좌표가 아무리 커도).
        near = np.max(np.abs(np.concatenate((root, joint), axis=1)), axis=1)
        bent = jlen > np.maximum(1e-6 * hi, 1e6 * EPS * near)
        cos = _dot(jperp, qs) / (jlen * qs_len)
        side_error = np.where(np.isnan(cos), np.inf, 1 - cos)  # 허용치 0.01: cos ≥ 0.99
        stats.record("pole_side", ok & off_line & bent, side_error, np.full(n, 0.01), never, index0)


def solve_scalar(root, a, b, target, pole, limits):
    n = a.shape[0]
    joint = np.full((n, 3), np.nan)
    end = np.full((n, 3), np.nan)
    reachable = np.zeros(n, bool)
    threw = np.zeros(n, bool)
    rl, tl, pl, al, bl, ll = root.tolist(), target.tolist(), pole.tolist(), a.tolist(), b.tolist(), limits.tolist()
    for i in range(n):
        try:
            result = solve_two_bone_ik(tuple(rl[i]), al[i], bl[i], tuple(tl[i]), tuple(pl[i]), bend_limits=tuple(ll[i]))
        except ValueError:
            threw[i] = True
            continue
        joint[i] = result.joint
        end[i] = result.end
        reachable[i] = result.reachable
    return joint, end, reachable, threw


def solve_batch(root, a, b, target, pole, limits, chunk: int = 10_000):
    """배치 경로. 조각 하나가 예외를 던지면 그 조각의 체인을 모두 예외로 센다."""
    n = a.shape[0]
    joint = np.full((n, 3), np.nan)
    end = np.full((n, 3), np.nan)
    reachable = np.zeros(n, bool)
    threw = np.zeros(n, bool)
    for start in range(0, n, chunk):
        s = slice(start, min(n, start + chunk))
        try:
            result = solve_two_bone_ik(root[s], a[s], b[s], target[s], pole[s], bend_limits=(limits[s, 0], limits[s, 1]))
        except ValueError:
            threw[s] = True
            continue
        joint[s], end[s], reachable[s] = result.joint, result.end, result.reachable
    return joint, end, reachable, threw


def run(count: int, seed: int, *, scalar: bool = True, shared: str | None = None, shared_count: int = 100_000,
        block: int = 100_000, out=sys.stdout) -> int:
    """count 개를 block 씩 만들어 배치·단일 경로를 검사한다. 위반 (두 경로의 비트 차이 포함) 의 총수를 돌려준다."""
    batch_stats, scalar_stats = Stats("파이썬 배치"), Stats("파이썬 단일")
    mismatches = 0
    shared_rows = []
    started = time.perf_counter()
    for index0 in range(0, count, block):
        m = min(block, count - index0)
        inputs = generate(m, seed + index0 // block)
        jb, eb, rb, tb = solve_batch(*inputs)
        check(batch_stats, *inputs, jb, eb, rb, tb, index0)
        if scalar:
            js, es, rs, ts = solve_scalar(*inputs)
            check(scalar_stats, *inputs, js, es, rs, ts, index0)
            same = (
                (js.view(np.int64) == jb.view(np.int64)).all(axis=1)
                & (es.view(np.int64) == eb.view(np.int64)).all(axis=1)
                & (rs == rb) & (ts == tb)
            )
            mismatches += int((~same).sum())
        if shared is not None and index0 < shared_count:
            k = min(m, shared_count - index0)
            root, a, b, target, pole, limits = inputs
            shared_rows.append(np.concatenate(
                (root[:k], a[:k, None], b[:k, None], target[:k], pole[:k], limits[:k], jb[:k], eb[:k],
                 rb[:k, None].astype(float)),
                axis=1,
            ))
    elapsed = time.perf_counter() - started
    print(batch_stats.report(), file=out)
    total = batch_stats.total()
    if scalar:
        print(scalar_stats.report(), file=out)
        print(f"[파이썬 단일 = 배치, 비트 단위] 다른 체인 {mismatches}", file=out)
        total += scalar_stats.total() + mismatches
    if shared is not None:
        rows = np.concatenate(shared_rows) if shared_rows else np.empty((0, SHARED_WIDTH))
        rows.astype("<f8").tofile(shared)
        print(f"[공유 조각] 체인 {rows.shape[0]} 개의 입력·출력을 {shared} 에 썼다", file=out)
    print(f"시간 {elapsed:.1f} s, 위반 합계 {total}", file=out)
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--shared", default=None, help="앞 --shared-count 개의 입력·출력을 쓸 파일 (TypeScript 가 다시 푼다)")
    parser.add_argument("--shared-count", type=int, default=100_000)
    parser.add_argument("--no-scalar", action="store_true", help="단일 경로를 건너뛴다")
    args = parser.parse_args(argv)
    total = run(args.count, args.seed, scalar=not args.no_scalar, shared=args.shared, shared_count=args.shared_count)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
