// 관절의 굽힘 제한 (issue 16 §3): 굽힘 β 는 관절에서 잰 두 뼈 사이의 바깥각, 0 = 곧게 폄, π = 완전히 접힘 (라디안).
// 파이썬 python/src/twoboneik/_bend_limits.py 가 같은 식·같은 연산 순서를 쓴다 (두 언어가 같은 비트).
// Math.sin·Math.cos 는 쓰지 않는다: 엔진의 libm 마다 마지막 비트가 다를 수 있어, 반각의 sin·cos 를 덧셈·곱셈만으로
// (fdlibm 의 k_sin·k_cos 다항식) 구한다. IEEE 의 +, ×, √ 는 두 언어에서 같은 비트다.
import { throwExpected } from "./validation.js";

/** 굽힘 제한 (라디안). 0 ≤ min ≤ max ≤ π (π 는 `Math.PI`). */
export interface BendLimits {
  /** 가장 작은 굽힘 (라디안, 0 = 곧게 펼 수 있다). 무릎이 완전히 펴져 잠기지 않게 하려면 0 보다 크게 (예: 2° = 0.035). */
  readonly min: number;
  /** 가장 큰 굽힘 (라디안, π = 완전히 접을 수 있다). 팔꿈치가 위팔을 뚫지 않게 하려면 π 보다 작게 (예: 150°). */
  readonly max: number;
}

/** solveTwoBoneIK 의 선택 인자. */
export interface SolveTwoBoneIKOptions {
  /** 관절의 굽힘 제한. 생략하면 제한 없음 ({ min: 0, max: π } 와 비트까지 같다). */
  readonly bendLimits?: Readonly<BendLimits>;
}

// fdlibm (FreeBSD k_sin.c, k_cos.c) 의 [−π/4, π/4] 다항식 계수.
const S1 = -1.66666666666666324348e-01, S2 = 8.33333333332248946124e-03, S3 = -1.98412698298579493134e-04;
const S4 = 2.75573137070700676789e-06, S5 = -2.50507602534068634195e-08, S6 = 1.58969099521155010221e-10;
const C1 = 4.16666666666666019037e-02, C2 = -1.38888888888741095749e-03, C3 = 2.48015872894767294178e-05;
const C4 = -2.75573143513906633035e-07, C5 = 2.08757232129817482790e-09, C6 = -1.13596475577881948265e-11;
/** π/2 = PIO2_HI + PIO2_LO (PIO2_HI = Math.PI / 2, 나머지는 그 반올림 오차). */
const PIO2_HI = 1.57079632679489655800e+00, PIO2_LO = 6.12323399573676603587e-17;
const PIO4 = 0.7853981633974483;

/**
 * 굽힘 β (0 < β < π) 로 고정한 삼각형: io = [a, b, β] 를 읽고 [d, x, h] 를 쓴다. d = |end − root|, 뿌리에서 x = a·cos θ (f 방향),
 * h = a·sin θ (p 방향). 라이브러리 내부용.
 *
 * - a + b·cos β = (a + b) − 2b·sin²(β/2) (β ≤ π/2) 또는 (a − b) + 2b·cos²(β/2) (β > π/2): 곧게 펴거나 접힌 쪽에서
 *   뺄셈으로 자릿수를 잃지 않는다. b·sin β = 2b·sin(β/2)·cos(β/2).
 * - d = s·√((A/s)² + (B/s)²) (s = a + b, 비율로 나눠 제곱이 넘치지 않는다), x = a·(A/d), h = a·(B/d).
 *   그래서 |joint − root| = a·√(A² + B²)/d = a, 관절의 굽힘은 β 그대로 (거리에서 거꾸로 구하지 않는다).
 * @internal
 */
// 입력도 배열로 받는다: double 을 인라인되지 않은 함수의 인자로 넘기면 V8 이 HeapNumber 를 할당한다 (docs/PERFORMANCE.md §1).
export function bendTriangle(io: Float64Array): void {
  const a = io[0]!, b = io[1]!, bend = io[2]!;
  const half = bend * 0.5;
  // x ∈ [0, π/4]: β/2, 또는 β/2 > π/4 이면 π/2 − β/2 (PIO2_HI − half 는 정확하다, Sterbenz). sin·cos 는 fdlibm 의
  // k_sin·k_cos 다항식을 그대로 풀어 쓴다 (함수로 두면 double 인자가 할당될 수 있다).
  const complement = half > PIO4;
  const x = complement ? (PIO2_HI - half) + PIO2_LO : half;
  const z = x * x, w = z * z;
  const rs = S2 + z * (S3 + z * S4) + z * w * (S5 + z * S6);
  const sinX = x + z * x * (S1 + z * rs);
  const rc = z * (C1 + z * (C2 + z * C3)) + w * w * (C4 + z * (C5 + z * C6));
  const hz = 0.5 * z, v = 1 - hz;
  const cosX = v + (((1 - v) - hz) + z * rc);
  const sinHalf = complement ? cosX : sinX, cosHalf = complement ? sinX : cosX;
  const s = a + b;
  const along = half <= PIO4 ? s - 2 * b * sinHalf * sinHalf : (a - b) + 2 * b * cosHalf * cosHalf;
  const across = 2 * b * sinHalf * cosHalf;
  const ra = along / s, rb = across / s;
  const d = s * Math.sqrt(ra * ra + rb * rb);
  io[0] = d;
  io[1] = a * (along / d);
  io[2] = a * (across / d);
}

/**
 * options.bendLimits 를 한 번씩 읽어 검사하고 out = [min, max] 에 적는다. 제한이 거리를 줄이면 (min > 0 또는 max < π) true.
 * 검사: options 는 객체, bendLimits 는 생략 또는 객체 (그 밖은 {@link readBendLimitsValue}).
 * @internal
 */
export function readBendLimits(caller: string, options: unknown, out: Float64Array): boolean {
  if (options === null || typeof options !== "object") throwExpected(caller, "options", "객체여야", options);
  const limits: unknown = (options as { bendLimits?: unknown }).bendLimits;
  if (limits === undefined) return false;
  return readBendLimitsValue(caller, "bendLimits", limits, out);
}

/**
 * 굽힘 제한 값 하나 (이름 name 으로 알린다) 를 검사해 out = [min, max] 에 적는다. 제한이 거리를 줄이면 true.
 * 검사: 객체이고, min·max 는 수 (bool·문자열·NaN 아님) 이고 0 ≤ min ≤ max ≤ π.
 * @internal
 */
export function readBendLimitsValue(caller: string, name: string, limits: unknown, out: Float64Array): boolean {
  if (limits === null || typeof limits !== "object") throwExpected(caller, name, "{ min, max } 객체여야", limits);
  const min: unknown = (limits as { min?: unknown }).min, max: unknown = (limits as { max?: unknown }).max;
  if (typeof min !== "number" || !(min >= 0 && min <= Math.PI)) throwBadLimit(caller, `${name}.min`, min);
  if (typeof max !== "number" || !(max >= 0 && max <= Math.PI)) throwBadLimit(caller, `${name}.max`, max);
  if (min > max) {
    throw new RangeError(`${caller}: ${name}.min이 ${name}.max보다 큽니다 (받은 값: min ${min}, max ${max})`);
  }
  out[0] = min; out[1] = max;
  return min > 0 || max < Math.PI;
}

function throwBadLimit(caller: string, name: string, value: unknown): never {
  throwExpected(caller, name, "0 이상 π 이하의 수 (라디안) 여야", value);
}
