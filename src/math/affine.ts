// 아핀 행렬(three 의 Matrix4, 마지막 행 0 0 0 1)의 검사와 견고한 역행렬. 라이브러리 내부용.
// 수를 인자·반환값으로 주고받지 않는다 (quaternionBlend.ts 주석 참고): 정상 경로에서 아무것도 할당하지 않는다.
import type { Matrix4 } from "three";
import { UNIFORM_SCALE_TOLERANCE as SHARED_UNIFORM_SCALE_TOLERANCE, PLAIN_INVERT_MIN as SHARED_PLAIN_INVERT_MIN, PLAIN_INVERT_MAX as SHARED_PLAIN_INVERT_MAX } from "./tolerances.js";

/**
 * 균등 스케일로 볼 상대 허용치: 세 축 스케일의 (최대 − 최소) / 최대, 그리고 두 축 사이 cos 이 이보다 크면 거부한다.
 * 실제 glTF 파일의 float32 잡음은 ~1e-7 이라 넉넉히 통과하고, 뼈 길이를 눈에 띄게 바꾸는 스케일은 걸린다.
 */
export const UNIFORM_SCALE_TOLERANCE: number = SHARED_UNIFORM_SCALE_TOLERANCE;

/** conformalDefect 의 결과. @internal */
export const AFFINE_OK = 0;
/** 마지막 행이 (0, 0, 0, 1) 이 아니다 (원근 행렬). @internal */
export const AFFINE_NOT_AFFINE = 1;
/** 선형 부분이 0 이거나 한 축이 0: 역행렬이 없다. @internal */
export const AFFINE_SINGULAR = 2;
/** 세 축의 스케일이 다르다 (상대 차이 > UNIFORM_SCALE_TOLERANCE). @internal */
export const AFFINE_NON_UNIFORM = 3;
/** 두 축이 직교하지 않는다 (기울임, |cos| > UNIFORM_SCALE_TOLERANCE). @internal */
export const AFFINE_SHEAR = 4;

// |선형 부분| 이 이 범위 안이면 three 의 invert() 를 그대로 쓴다: 행렬식 (크기³) 이 정규 float64 안에 있다.
const PLAIN_INVERT_MIN = SHARED_PLAIN_INVERT_MIN, PLAIN_INVERT_MAX = SHARED_PLAIN_INVERT_MAX;

// 선형 부분 9 원소의 가장 큰 절댓값은 함수 안에 비교로 풀어 쓴다 (docs/PERFORMANCE.md §1).

/** 16 원소가 모두 유한한가. @internal */
export function isFiniteMatrix(m: Matrix4): boolean {
  const e = m.elements;
  for (let i = 0; i < 16; i++) if (!Number.isFinite(e[i]!)) return false;
  return true;
}

/** 원소 가운데 유한하지 않은 것이 있다. @internal */
export const AFFINE_NOT_FINITE = 5;

/** 선형 부분 (9 원소) 에 2^k 를 곱한다 (두 번에 나눠: 2^k 하나로는 넘칠 수 있다). 2 의 거듭제곱이라 정확하다. */
function scaleLinear(e: number[], half: number, rest: number, withTranslation: boolean): void {
  for (let i = 0; i < 15; i++) {
    if (i === 3 || i === 7 || i === 11) continue;
    if (!withTranslation && i >= 12) continue;
    e[i] = e[i]! * half * rest;
  }
}

/** 역행렬의 이동이 float64 를 넘는다 (|t| / 스케일 > 1.8e308) 또는 three 의 invert 가 실패했다. @internal */
export const AFFINE_NOT_INVERTIBLE = 6;

/**
 * 행렬 m 이 "균등 스케일 × 회전 (거울 포함) + 이동" 인지 보고, 그렇다면 out 에 m⁻¹ 을 쓴다 (out 이 null 이면 검사만).
 * 돌려주는 값: AFFINE_OK 또는 무엇이 어긋났는지의 코드 (그때 out 은 쓰지 않았거나 쓰다 만 것이다: 버린다).
 *
 * 검사: 세 열 c₀, c₁, c₂ (선형 부분) 를 가장 큰 원소로 나눈 뒤 (1e-120 같은 스케일도 제곱이 사라지지 않게)
 * min|cᵢ| ≥ (1 − tol)·max|cᵢ|,  (cᵢ·cⱼ)² ≤ tol²·|cᵢ|²|cⱼ|².
 *
 * 역행렬: three 의 invert() 는 행렬식 (선형 부분 크기의 세제곱) 이 0 으로 사라지면 (스케일 1e-120 → 1e-360) 0 행렬을
 * 준다. 그래서 선형 부분이 [2⁻¹⁰⁰, 2¹⁰⁰] 밖이면 행렬 (선형 + 이동) 에 2ᵏ 을 곱해 크기를 1 근처로 옮긴 뒤 뒤집고,
 * 역행렬의 선형 부분에 다시 2ᵏ 을 곱한다: [2ᵏL, 2ᵏt]⁻¹ = [2⁻ᵏL⁻¹, −L⁻¹t]. 2 의 거듭제곱을 곱하는 것은 정확하므로
 * 그 범위 안이었다면 나왔을 값과 비트까지 같다. 범위 안에서 선형 부분은 유한하고, 넘칠 수 있는 것은 이동 −L⁻¹t 뿐이다.
 * @internal
 */
// 뜨거운 경로라 원소를 한 번만 읽고, 반복문·여러 인자의 Math.max 없이 풀어 쓴다. 수를 함수 밖으로 넘기지 않는다.
export function invertConformal(out: Matrix4 | null, m: Matrix4): number {
  const e = m.elements;
  const e0 = e[0]!, e1 = e[1]!, e2 = e[2]!, e3 = e[3]!, e4 = e[4]!, e5 = e[5]!, e6 = e[6]!, e7 = e[7]!;
  const e8 = e[8]!, e9 = e[9]!, e10 = e[10]!, e11 = e[11]!, e12 = e[12]!, e13 = e[13]!, e14 = e[14]!, e15 = e[15]!;
  // 유한성은 실패할 때만 본다 (defectOf): NaN·±∞ 가 하나라도 있으면 아래 검사 하나가 실패하거나 역행렬의 이동이
  // 유한하지 않게 된다 — 선형 부분의 NaN 은 행렬식을 NaN 으로, ±∞ 는 maxAbs 를 ∞ 로 (크기를 옮기는 길), 이동의 NaN·±∞ 는
  // t7·t8·t10 을 거쳐 r12·r13·r14 를 유한하지 않게 한다 (±∞·0 도 NaN). 그래서 정상 경로에서 16 원소를 따로 더하지 않는다.
  if (e3 !== 0 || e7 !== 0 || e11 !== 0 || e15 !== 1) return defectOf(m, AFFINE_NOT_AFFINE);
  let maxAbs = e0 < 0 ? -e0 : e0, v = 0;
  v = e1 < 0 ? -e1 : e1; if (v > maxAbs) maxAbs = v;
  v = e2 < 0 ? -e2 : e2; if (v > maxAbs) maxAbs = v;
  v = e4 < 0 ? -e4 : e4; if (v > maxAbs) maxAbs = v;
  v = e5 < 0 ? -e5 : e5; if (v > maxAbs) maxAbs = v;
  v = e6 < 0 ? -e6 : e6; if (v > maxAbs) maxAbs = v;
  v = e8 < 0 ? -e8 : e8; if (v > maxAbs) maxAbs = v;
  v = e9 < 0 ? -e9 : e9; if (v > maxAbs) maxAbs = v;
  v = e10 < 0 ? -e10 : e10; if (v > maxAbs) maxAbs = v;
  if (!(maxAbs > 0)) return defectOf(m, AFFINE_SINGULAR);
  const inv = 1 / maxAbs;
  const ax = e0 * inv, ay = e1 * inv, az = e2 * inv;
  const bx = e4 * inv, by = e5 * inv, bz = e6 * inv;
  const cx = e8 * inv, cy = e9 * inv, cz = e10 * inv;
  const aSq = ax * ax + ay * ay + az * az, bSq = bx * bx + by * by + bz * bz, cSq = cx * cx + cy * cy + cz * cz;
  let minSq = aSq < bSq ? aSq : bSq, maxSq = aSq < bSq ? bSq : aSq;
  if (cSq < minSq) minSq = cSq;
  if (cSq > maxSq) maxSq = cSq;
  if (!(minSq > 0)) return defectOf(m, AFFINE_SINGULAR);
  const keep = 1 - UNIFORM_SCALE_TOLERANCE;
  if (minSq < keep * keep * maxSq) return defectOf(m, AFFINE_NON_UNIFORM);
  const ab = ax * bx + ay * by + az * bz, ac = ax * cx + ay * cy + az * cz, bc = bx * cx + by * cy + bz * cz;
  const tolSq = UNIFORM_SCALE_TOLERANCE * UNIFORM_SCALE_TOLERANCE;
  if (ab * ab > tolSq * aSq * bSq || ac * ac > tolSq * aSq * cSq || bc * bc > tolSq * bSq * cSq) return defectOf(m, AFFINE_SHEAR);
  if (out === null) return defectOf(m, AFFINE_OK);
  if (maxAbs >= PLAIN_INVERT_MIN && maxAbs <= PLAIN_INVERT_MAX) {
    // 이미 읽은 원소로 바로 뒤집는다 (복사·다시 읽기 없이). three 의 invert() 식에 e3 = e7 = e11 = 0, e15 = 1 을
    // 넣어 0 이 되는 항을 지운 것이다: 0 항은 더해도 값이 바뀌지 않으므로 결과는 invert() 와 비트까지 같다.
    const t1 = e0 * e5 - e1 * e4, t2 = e0 * e6 - e2 * e4, t4 = e1 * e6 - e2 * e5;
    const t7 = e8 * e13 - e9 * e12, t8 = e8 * e14 - e10 * e12, t10 = e9 * e14 - e10 * e13;
    const det = t1 * e10 - t2 * e9 + t4 * e8;
    if (det === 0) return defectOf(m, AFFINE_NOT_INVERTIBLE);
    const d = 1 / det;
    const r = out.elements;
    r[0] = (e5 * e10 - e6 * e9) * d; r[1] = (e2 * e9 - e1 * e10) * d; r[2] = t4 * d; r[3] = 0;
    r[4] = (e6 * e8 - e4 * e10) * d; r[5] = (e0 * e10 - e2 * e8) * d; r[6] = -t2 * d; r[7] = 0;
    r[8] = (e4 * e9 - e5 * e8) * d; r[9] = (e1 * e8 - e0 * e9) * d; r[10] = t1 * d; r[11] = 0;
    const r12 = (e5 * t8 - e4 * t10 - e6 * t7) * d, r13 = (e0 * t10 - e1 * t8 + e2 * t7) * d;
    const r14 = (e13 * t2 - e12 * t4 - e14 * t1) * d;
    r[12] = r12; r[13] = r13; r[14] = r14; r[15] = (e8 * t4 - e9 * t2 + e10 * t1) * d;
    return (r12 - r12) + (r13 - r13) + (r14 - r14) === 0 ? AFFINE_OK : defectOf(m, AFFINE_NOT_INVERTIBLE);
  }
  if (!isFiniteMatrix(m)) return AFFINE_NOT_FINITE; // 드문 길: 먼저 본다 (±∞ 는 maxAbs 를 ∞ 로 만들어 여기로 온다)
  out.copy(m);
  const k = -Math.floor(Math.log2(maxAbs));
  const half = 2 ** Math.trunc(k / 2), rest = 2 ** (k - Math.trunc(k / 2));
  scaleLinear(out.elements, half, rest, true);
  out.invert();
  scaleLinear(out.elements, half, rest, false);
  // invert() 는 행렬식이 0 이면 0 행렬을 준다 (아핀 역행렬이면 elements[15] ≈ 1).
  return out.elements[15] !== 0 && isFiniteMatrix(out) ? AFFINE_OK : AFFINE_NOT_INVERTIBLE;
}

// 검사가 실패했을 때 (또는 검사만 할 때): 유한하지 않은 원소가 있으면 그 까닭이 먼저다.
function defectOf(m: Matrix4, code: number): number {
  return isFiniteMatrix(m) ? code : AFFINE_NOT_FINITE;
}

/** invertConformal(null, m): 검사만. @internal */
export function conformalDefect(m: Matrix4): number {
  return invertConformal(null, m);
}
