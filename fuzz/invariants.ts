// 두 뼈 IK 의 계약을 무작위 체인으로 흔들어 본다 (fuzz/fuzz.py 와 같은 분포·같은 불변식·같은 허용치).
// make fuzz 가 10⁶ 개를, 테스트 (test/fuzz.test.ts) 가 10⁵ 조각을 돌린다. 씨앗을 정한 생성기라 재현된다.
import { createTwoBoneIKResult, solveTwoBoneIK } from "../src/index.js";
import type { TwoBoneIKResult } from "../src/index.js";

const EPS = Number.EPSILON;
const MAX = Number.MAX_VALUE;
/** 검사 허용치: 1e-12·(a + b) + ULPS·ε·(입출력의 가장 큰 좌표). 풀이의 4 ulp + 검사 자체의 반올림 4 ulp. */
export const RELATIVE = 1e-12;
export const ULPS = 8;
const POLE_LINE_TOLERANCE = 1e-10;
const POLE_ROUNDING_ULPS = 64;
/**
 * 공유 파일 한 줄 (fuzz.py): root 3, a, b, target 3, pole 3, 굽힘 제한 min·max, joint 3, end 3, reachable
 * = 20 개의 float64. 제한이 없는 체인은 (0, π) (제한 없음과 비트까지 같다).
 */
export const SHARED_WIDTH = 20;

export const INVARIANTS = [
  "threw", "finite", "upper_length", "lower_length", "end_on_ray", "reachable", "pole_side", "bend_limits",
] as const;
export type Invariant = (typeof INVARIANTS)[number];

export interface Point { x: number; y: number; z: number }

export interface Chain {
  root: Point;
  a: number;
  b: number;
  target: Point;
  pole: Point;
  /** 굽힘 제한 (라디안). 제한이 없는 체인은 { min: 0, max: π }. */
  limits: { min: number; max: number };
}

/** xoshiro128** (32 비트 상태 넷): 씨앗이 같으면 같은 수열. [0, 1) 의 double 은 53 비트로 만든다. */
export class Random {
  private s0: number; private s1: number; private s2: number; private s3: number;
  constructor(seed: number) {
    // splitmix32 로 상태를 채운다.
    let x = seed >>> 0;
    const next = () => {
      x = (x + 0x9e3779b9) >>> 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s0 = next(); this.s1 = next(); this.s2 = next(); this.s3 = next();
  }
  private u32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5) >>> 0, 7), 9) >>> 0;
    const t = (this.s1 << 9) >>> 0;
    this.s2 ^= this.s0; this.s3 ^= this.s1; this.s1 ^= this.s2; this.s0 ^= this.s3;
    this.s2 = (this.s2 ^ t) >>> 0; this.s3 = rotl(this.s3 >>> 0, 11);
    this.s0 >>>= 0; this.s1 >>>= 0; this.s2 >>>= 0;
    return result;
  }
  uniform(lo = 0, hi = 1): number {
    const v = ((this.u32() >>> 5) * 67108864 + (this.u32() >>> 6)) / 9007199254740992;
    return lo + (hi - lo) * v;
  }
  logUniform(lo: number, hi: number): number { return 10 ** this.uniform(lo, hi); }
  sign(): number { return this.uniform() < 0.5 ? -1 : 1; }
  normal(): number {
    let u = this.uniform();
    while (u === 0) u = this.uniform();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.uniform());
  }
  unit(out: Point): Point {
    for (;;) {
      const x = this.normal(), y = this.normal(), z = this.normal();
      const n = Math.hypot(x, y, z);
      if (n > 1e-6) { out.x = x / n; out.y = y / n; out.z = z / n; return out; }
    }
  }
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}

export function createChain(): Chain {
  return { root: { x: 0, y: 0, z: 0 }, a: 0, b: 0, target: { x: 0, y: 0, z: 0 }, pole: { x: 0, y: 0, z: 0 }, limits: { min: 0, max: Math.PI } };
}

const _f: Point = { x: 0, y: 0, z: 0 };
const _u: Point = { x: 0, y: 0, z: 0 };

/** fuzz.py 의 generate 와 같은 분포로 체인 하나를 chain 에 쓴다. */
export function nextChain(rng: Random, chain: Chain): Chain {
  let length = rng.logUniform(-3, 3);
  const ratio = rng.logUniform(-2, 2);
  let a = length * ratio / (1 + ratio), b = length / (1 + ratio);
  const kind = rng.uniform();
  if (kind < 0.1) { a = length * 0.5; b = length * 0.5; }
  else if (kind < 0.11) a = 0;
  else if (kind < 0.12) b = 0;
  const root = chain.root;
  root.x = rng.uniform() < 0.7 ? rng.sign() * rng.logUniform(-3, 4) : 0;
  root.y = rng.uniform() < 0.7 ? rng.sign() * rng.logUniform(-3, 4) : 0;
  root.z = rng.uniform() < 0.7 ? rng.sign() * rng.logUniform(-3, 4) : 0;
  const huge = rng.uniform();
  if (huge < 0.01) {
    // 1.7e308 근처의 뿌리: 체인은 뿌리의 1e-8 배 이상이라 길이가 ulp 잡음에 묻히지 않는다.
    root.x = rng.sign() * rng.logUniform(306, Math.log10(1.6e308));
    root.y = rng.sign() * rng.logUniform(306, Math.log10(1.6e308));
    root.z = rng.sign() * rng.logUniform(306, Math.log10(1.6e308));
    length = rng.logUniform(298, 305);
    a = length * 0.6; b = length * 0.4;
  }
  const hi = a + b, lo = Math.abs(a - b);
  // 굽힘 제한: 체인의 30 % 에. 각 끝은 40 % 가 제한 없음 (0, π), 나머지는 그 끝에서 π·10^(−12…0) 떨어진 값.
  const limits = chain.limits;
  limits.min = 0; limits.max = Math.PI;
  const limited = rng.uniform() < 0.3;
  if (limited) {
    let min = rng.uniform() < 0.4 ? 0 : Math.PI * rng.logUniform(-12, 0);
    let max = rng.uniform() < 0.4 ? Math.PI : Math.PI - Math.PI * rng.logUniform(-12, 0);
    if (min > max) { const t = min; min = max; max = t; }
    if (rng.uniform() < 0.05) max = min;
    limits.min = min; limits.max = max;
  }
  const targetKind = Math.floor(rng.uniform(0, 6));
  const near = rng.sign() * rng.logUniform(-16, 0);
  let d: number;
  if (targetKind === 0) d = lo + (hi - lo) * rng.uniform();
  else if (targetKind === 1) d = hi * (1 + near);
  else if (targetKind === 2) d = lo > 0 ? lo * (1 + near) : hi * Math.abs(near);
  else if (targetKind === 3) d = rng.uniform() < 0.02 ? 0 : hi * rng.logUniform(-16, 0);
  else if (targetKind === 4) d = hi * rng.logUniform(0, 6);
  else d = hi * rng.logUniform(-3, 0.3);
  // 제한이 있는 체인의 절반은 제한 거리 바로 곁의 목표 (10^(−16…0) 안팎).
  if (limited && rng.uniform() < 0.5) {
    d = limitDistance(a, b, rng.uniform() < 0.5 ? limits.min : limits.max) * (1 + rng.sign() * rng.logUniform(-16, 0));
  }
  d = Math.min(d, 1e306);
  const f = rng.unit(_f);
  chain.target.x = root.x + d * f.x; chain.target.y = root.y + d * f.y; chain.target.z = root.z + d * f.z;

  const pole = chain.pole;
  if (rng.uniform() < 0.5) {
    const u = rng.unit(_u);
    const reach = hi * rng.logUniform(-2, 2);
    pole.x = root.x + reach * u.x; pole.y = root.y + reach * u.y; pole.z = root.z + reach * u.z;
  } else {
    // 뿌리–목표 직선 가까이: 직선에서 1e-14..1 체인, 직선을 따라 ±1e-2..1e6 체인.
    const u = rng.unit(_u);
    for (let pass = 0; pass < 2; pass++) {
      const along = u.x * f.x + u.y * f.y + u.z * f.z;
      u.x -= along * f.x; u.y -= along * f.y; u.z -= along * f.z;
    }
    const n = Math.hypot(u.x, u.y, u.z);
    u.x /= n; u.y /= n; u.z /= n;
    const along = rng.sign() * Math.min(hi * rng.logUniform(-2, 6), 1e306);
    const offset = hi * rng.logUniform(-14, 0);
    pole.x = root.x + along * f.x + offset * u.x;
    pole.y = root.y + along * f.y + offset * u.y;
    pole.z = root.z + along * f.z + offset * u.z;
  }
  if (huge >= 0.01 && huge < 0.02) {
    pole.x = rng.sign() * MAX * rng.uniform(0.5, 1);
    pole.y = rng.sign() * MAX * rng.uniform(0.5, 1);
    pole.z = rng.sign() * MAX * rng.uniform(0.5, 1);
  }
  chain.a = a; chain.b = b;
  return chain;
}

/**
 * 굽힘 β 로 닫히는 삼각형의 거리 (라이브러리와 다른 식으로): β ≤ π/2 면 √((a + b)² − 4ab·sin²(β/2)),
 * 아니면 √((a − b)² + 4ab·cos²(β/2)) (cos(β/2) = sin((π − β)/2)): 어느 쪽도 곧음·접힘 근처에서 자릿수를 잃지 않는다.
 * a + b 로 나눠 넘치지 않게.
 */
export function limitDistance(a: number, b: number, bend: number): number {
  const s = a + b;
  if (s === 0) return 0;
  const ra = a / s, rb = b / s;
  if (bend <= Math.PI / 2) {
    const sinHalf = Math.sin(bend / 2);
    return s * Math.sqrt(Math.max(0, 1 - 4 * ra * rb * sinHalf * sinHalf));
  }
  const cosHalf = Math.sin((Math.PI - bend) / 2), difference = ra - rb;
  return s * Math.sqrt(difference * difference + 4 * ra * rb * cosHalf * cosHalf);
}

/** 불변식마다: 검사한 수, 위반 수, 가장 나쁜 오차/허용치, 가장 나쁜 오차/(a + b), 처음 위반한 체인 번호. */
export class Stats {
  count = 0;
  checked = new Map<Invariant, number>(INVARIANTS.map((k) => [k, 0]));
  violations = new Map<Invariant, number>(INVARIANTS.map((k) => [k, 0]));
  worstRatio = new Map<Invariant, number>(INVARIANTS.map((k) => [k, 0]));
  worstRelative = new Map<Invariant, number>(INVARIANTS.map((k) => [k, 0]));
  first = new Map<Invariant, number>();
  constructor(readonly label: string) {}

  record(name: Invariant, error: number, tolerance: number, chainLength: number, index: number): void {
    let ratio = error / tolerance;
    if (Number.isNaN(ratio)) ratio = Infinity;
    this.checked.set(name, this.checked.get(name)! + 1);
    if (ratio > this.worstRatio.get(name)!) this.worstRatio.set(name, ratio);
    const relative = Number.isNaN(error) ? Infinity : error / chainLength;
    if (relative > this.worstRelative.get(name)!) this.worstRelative.set(name, relative);
    if (!(ratio <= 1)) {
      this.violations.set(name, this.violations.get(name)! + 1);
      if (!this.first.has(name)) this.first.set(name, index);
    }
  }

  total(): number {
    let sum = 0;
    for (const v of this.violations.values()) sum += v;
    return sum;
  }

  report(): string {
    const lines = [`[${this.label}] 체인 ${this.count}`];
    for (const k of INVARIANTS) {
      const first = this.first.has(k) ? `  (처음: 체인 #${this.first.get(k)})` : "";
      lines.push(
        `  ${k.padEnd(13)} 검사 ${String(this.checked.get(k)).padStart(8)}  위반 ${String(this.violations.get(k)).padStart(7)}`
        + `  최악 오차/허용치 ${fmt(this.worstRatio.get(k)!)}  최악 오차/(a + b) ${fmt(this.worstRelative.get(k)!)} (체인 항이 정하는 체인)${first}`,
      );
    }
    return lines.join("\n");
  }
}

function fmt(v: number): string {
  return v === 0 ? "0" : v.toPrecision(3);
}

/** 넘치지 않는 |v| (가장 큰 성분으로 먼저 나눈다). */
function norm(x: number, y: number, z: number): number {
  const m = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
  if (m === 0) return 0;
  const sx = x / m, sy = y / m, sz = z / m;
  return m * Math.sqrt(sx * sx + sy * sy + sz * sz);
}

/** 체인 하나의 결과를 계약과 비교한다 (fuzz.py 의 check 와 같은 식). threw 면 결과는 보지 않는다. */
export function checkChain(stats: Stats, c: Chain, out: TwoBoneIKResult, threw: boolean, index: number): void {
  stats.count++;
  const chainLength = c.a + c.b;
  stats.record("threw", threw ? 1 : 0, 0.5, Infinity, index);
  if (threw) return;
  const { root: r, target: t, pole: q } = c;
  const j = out.joint, e = out.end;
  const finite = [j.x, j.y, j.z, e.x, e.y, e.z].every(Number.isFinite);
  stats.record("finite", finite ? 0 : 1, 0.5, Infinity, index);
  if (!finite) return;
  const coord = Math.max(Math.abs(r.x), Math.abs(r.y), Math.abs(r.z), Math.abs(t.x), Math.abs(t.y), Math.abs(t.z),
    Math.abs(q.x), Math.abs(q.y), Math.abs(q.z));
  const largest = Math.max(coord, Math.abs(j.x), Math.abs(j.y), Math.abs(j.z), Math.abs(e.x), Math.abs(e.y), Math.abs(e.z));
  const tolerance = RELATIVE * chainLength + ULPS * EPS * largest;
  // 오차/(a + b) 는 체인 항이 허용치를 정하는 체인에서만 센다 (좌표가 체인보다 훨씬 크면 ulp 항이 정한다).
  const scale = RELATIVE * chainLength >= ULPS * EPS * largest ? chainLength : Infinity;

  stats.record("upper_length", Math.abs(norm(j.x - r.x, j.y - r.y, j.z - r.z) - c.a), tolerance, scale, index);
  stats.record("lower_length", Math.abs(norm(e.x - j.x, e.y - j.y, e.z - j.z) - c.b), tolerance, scale, index);

  const fx0 = t.x - r.x, fy0 = t.y - r.y, fz0 = t.z - r.z;
  const d = norm(fx0, fy0, fz0);
  let fx = 1, fy = 0, fz = 0;
  if (d > 0) {
    const m = Math.max(Math.abs(fx0), Math.abs(fy0), Math.abs(fz0));
    const sx = fx0 / m, sy = fy0 / m, sz = fz0 / m;
    const n = Math.sqrt(sx * sx + sy * sy + sz * sz);
    fx = sx / n; fy = sy / n; fz = sz / n;
  }
  // 닿는 범위: [|a − b|, a + b] 와 굽힘 제한이 허용하는 [d(max), d(min)] 의 교집합.
  const limits = c.limits, limited = limits.min > 0 || limits.max < Math.PI;
  let hi = chainLength, lo = Math.abs(c.a - c.b);
  if (limits.min > 0) hi = Math.min(hi, limitDistance(c.a, c.b, limits.min));
  if (limits.max < Math.PI) lo = Math.max(lo, limitDistance(c.a, c.b, limits.max));
  const clamped = Math.min(Math.max(d, lo), hi);
  let ray: number;
  if (out.reachable) {
    ray = e.x === t.x && e.y === t.y && e.z === t.z ? 0 : Infinity;
  } else {
    ray = Math.max(Math.abs(e.x - (r.x + clamped * fx)), Math.abs(e.y - (r.y + clamped * fy)), Math.abs(e.z - (r.z + clamped * fz)));
  }
  stats.record("end_on_ray", ray, tolerance, scale, index);

  // 제한 거리는 라이브러리와 다른 식 (Math.sin) 으로 구하므로 체인 길이의 64 ulp 안쪽은 어느 쪽이든 맞다.
  const margin = 8 * EPS, limitMargin = limited ? 64 * EPS * chainLength : 0;
  const ambiguous = Math.abs(d - hi) <= Math.max(margin * hi, limitMargin)
    || Math.abs(d - lo) <= Math.max(margin * Math.max(lo, d), limitMargin);
  if (!ambiguous) stats.record("reachable", (d >= lo && d <= hi) !== out.reachable ? 1 : 0, 0.5, Infinity, index);

  // 굽힘: (관절 − 뿌리) 와 (끝 − 관절) 사이의 각이 [min, max] 안. 각의 오차는 위치 오차 / 짧은 뼈 규모다.
  if (limited && c.a > 0 && c.b > 0) {
    // 두 뼈 벡터를 가장 큰 성분으로 나눠 (1e300 규모의 체인에서도) 외적·내적이 넘치지 않게.
    let ux = j.x - r.x, uy = j.y - r.y, uz = j.z - r.z, vx = e.x - j.x, vy = e.y - j.y, vz = e.z - j.z;
    const um = Math.max(Math.abs(ux), Math.abs(uy), Math.abs(uz)), vm = Math.max(Math.abs(vx), Math.abs(vy), Math.abs(vz));
    ux /= um; uy /= um; uz /= um; vx /= vm; vy /= vm; vz /= vm;
    const bend = Math.atan2(norm(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx), ux * vx + uy * vy + uz * vz);
    const angleTolerance = 1e-9 + 4 * tolerance / Math.min(c.a, c.b);
    const outside = Math.max(limits.min - bend, bend - limits.max, 0);
    stats.record("bend_limits", outside, angleTolerance, Infinity, index);
  }

  // 극 쪽: 극의 f 에 수직인 성분 (가장 큰 성분으로 먼저 나누고 두 번 뺀다) 과 관절의 수직 성분이 같은 쪽 (cos ≥ 0.99).
  const px0 = q.x - r.x, py0 = q.y - r.y, pz0 = q.z - r.z;
  const pm = Math.max(Math.abs(px0), Math.abs(py0), Math.abs(pz0));
  if (pm === 0) return;
  let qx = px0 / pm, qy = py0 / pm, qz = pz0 / pm;
  for (let pass = 0; pass < 2; pass++) {
    const along = qx * fx + qy * fy + qz * fz;
    qx -= along * fx; qy -= along * fy; qz -= along * fz;
  }
  const qLength = Math.sqrt(qx * qx + qy * qy + qz * qz);
  const perp = pm * qLength;
  // 직선 판정은 풀이의 규칙 그대로 체인 길이 a + b 로 (굽힘 제한이 줄인 닿는 거리 hi 가 아니다: 그것으로 재면 풀이가
  // 직선 위로 보고 정해진 축으로 굽힌 극을 직선 밖으로 잘못 본다).
  const line = Math.max(POLE_LINE_TOLERANCE * chainLength, POLE_ROUNDING_ULPS * EPS * coord);
  if (!(perp > 2 * line && qLength > 1e3 * EPS)) return;
  const rx = j.x - r.x, ry = j.y - r.y, rz = j.z - r.z;
  const jAlong = rx * fx + ry * fy + rz * fz;
  const jx = rx - jAlong * fx, jy = ry - jAlong * fy, jz = rz - jAlong * fz;
  const jLength = norm(jx, jy, jz);
  // 관절의 반올림 잡음은 뿌리·관절 좌표의 ulp 규모다 (극의 좌표가 아무리 커도).
  const near = Math.max(Math.abs(r.x), Math.abs(r.y), Math.abs(r.z), Math.abs(j.x), Math.abs(j.y), Math.abs(j.z));
  if (!(jLength > Math.max(1e-6 * hi, 1e6 * EPS * near))) return;
  const cos = (jx * qx + jy * qy + jz * qz) / (jLength * qLength);
  stats.record("pole_side", Number.isNaN(cos) ? Infinity : 1 - cos, 0.01, Infinity, index);
}

/** count 개의 체인을 풀어 검사한다. */
export function runFuzz(count: number, seed: number): Stats {
  const stats = new Stats("TypeScript");
  const rng = new Random(seed);
  const chain = createChain();
  const out = createTwoBoneIKResult();
  const options = { bendLimits: chain.limits };
  for (let i = 0; i < count; i++) {
    nextChain(rng, chain);
    let threw = false;
    try {
      solveTwoBoneIK(chain.root, chain.a, chain.b, chain.target, chain.pole, out, options);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      threw = true;
    }
    checkChain(stats, chain, out, threw, i);
  }
  return stats;
}

/**
 * fuzz.py 가 쓴 공유 조각 (체인마다 18 개의 float64) 을 다시 풀어 관절·끝·reachable 이 비트 단위로 같은지 센다.
 * 돌려주는 값: [체인 수, 다른 체인 수, 처음 다른 체인 번호 (없으면 −1)].
 */
export function compareShared(rows: Float64Array): [number, number, number] {
  const n = Math.floor(rows.length / SHARED_WIDTH);
  const chain = createChain();
  const out = createTwoBoneIKResult();
  const options = { bendLimits: chain.limits };
  const bits = new Float64Array(6);
  const expectedBits = new Float64Array(6);
  const view = new BigInt64Array(bits.buffer), expectedView = new BigInt64Array(expectedBits.buffer);
  let mismatches = 0, first = -1;
  for (let i = 0; i < n; i++) {
    const o = i * SHARED_WIDTH;
    chain.root.x = rows[o]!; chain.root.y = rows[o + 1]!; chain.root.z = rows[o + 2]!;
    chain.a = rows[o + 3]!; chain.b = rows[o + 4]!;
    chain.target.x = rows[o + 5]!; chain.target.y = rows[o + 6]!; chain.target.z = rows[o + 7]!;
    chain.pole.x = rows[o + 8]!; chain.pole.y = rows[o + 9]!; chain.pole.z = rows[o + 10]!;
    chain.limits.min = rows[o + 11]!; chain.limits.max = rows[o + 12]!;
    let same: boolean;
    try {
      solveTwoBoneIK(chain.root, chain.a, chain.b, chain.target, chain.pole, out, options);
      bits[0] = out.joint.x; bits[1] = out.joint.y; bits[2] = out.joint.z;
      bits[3] = out.end.x; bits[4] = out.end.y; bits[5] = out.end.z;
      for (let k = 0; k < 6; k++) expectedBits[k] = rows[o + 13 + k]!;
      same = (rows[o + 19] === 1) === out.reachable;
      for (let k = 0; k < 6; k++) if (view[k] !== expectedView[k]) same = false;
    } catch {
      same = false; // 파이썬이 푼 체인을 TypeScript 가 거부했다
    }
    if (!same) { mismatches++; if (first < 0) first = i; }
  }
  return [n, mismatches, first];
}
