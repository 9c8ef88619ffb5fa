// 아핀 행렬(three 의 Matrix4, 마지막 행 0 0 0 1)의 검사와 견고한 역행렬. 라이브러리 내부용.
// 수를 인자·반환값으로 주고받지 않는다 (quaternionBlend.ts 주석 참고): 정상 경로에서 아무것도 할당하지 않는다.
import type { Matrix4 } from "three";

/**
 * 균등 스케일로 볼 상대 허용치: 세 축 스케일의 (최대 − 최소) / 최대, 그리고 두 축 사이 cos 이 이보다 크면 거부한다.
 * 실제 glTF 파일의 float32 잡음은 ~1e-7 이라 넉넉히 통과하고, 뼈 길이를 눈에 띄게 바꾸는 스케일은 걸린다.
 */
export const UNIFORM_SCALE_TOLERANCE = 1e-5;

/** conformalDefect 의 결과. */
export const AFFINE_OK = 0;
/** 마지막 행이 (0, 0, 0, 1) 이 아니다 (원근 행렬). */
export const AFFINE_NOT_AFFINE = 1;
/** 선형 부분이 0 이거나 한 축이 0: 역행렬이 없다. */
export const AFFINE_SINGULAR = 2;
/** 세 축의 스케일이 다르다 (상대 차이 > UNIFORM_SCALE_TOLERANCE). */
export const AFFINE_NON_UNIFORM = 3;
/** 두 축이 직교하지 않는다 (기울임, |cos| > UNIFORM_SCALE_TOLERANCE). */
export const AFFINE_SHEAR = 4;

// |선형 부분| 이 이 범위 안이면 three 의 invert() 를 그대로 쓴다: 행렬식 (크기³) 이 정규 float64 안에 있다.
const PLAIN_INVERT_MIN = 2 ** -100;
const PLAIN_INVERT_MAX = 2 ** 100;

// 선형 부분 9 원소의 가장 큰 절댓값은 두 함수 안에 풀어 쓴다: 수를 돌려주는 함수는 V8 이 인라인하지 않으면
// 부를 때마다 HeapNumber 를 할당한다.

/** 16 원소가 모두 유한한가. */
export function isFiniteMatrix(m: Matrix4): boolean {
  const e = m.elements;
  for (let i = 0; i < 16; i++) if (!Number.isFinite(e[i]!)) return false;
  return true;
}

/**
 * 유한한 행렬 m 이 "균등 스케일 × 회전 (거울 포함) + 이동" 인지 본다. 아니면 무엇이 어긋났는지 코드로.
 * 세 열 c₀, c₁, c₂ (선형 부분) 를 가장 큰 원소로 나눈 뒤 (1e-120 같은 스케일도 제곱이 사라지지 않게):
 * min|cᵢ| ≥ (1 − tol)·max|cᵢ|,  (cᵢ·cⱼ)² ≤ tol²·|cᵢ|²|cⱼ|².
 */
export function conformalDefect(m: Matrix4): number {
  const e = m.elements;
  if (e[3] !== 0 || e[7] !== 0 || e[11] !== 0 || e[15] !== 1) return AFFINE_NOT_AFFINE;
  let maxAbs = Math.abs(e[0]!);
  maxAbs = Math.max(maxAbs, Math.abs(e[1]!), Math.abs(e[2]!));
  maxAbs = Math.max(maxAbs, Math.abs(e[4]!), Math.abs(e[5]!), Math.abs(e[6]!));
  maxAbs = Math.max(maxAbs, Math.abs(e[8]!), Math.abs(e[9]!), Math.abs(e[10]!));
  if (!(maxAbs > 0)) return AFFINE_SINGULAR;
  const inv = 1 / maxAbs;
  const ax = e[0]! * inv, ay = e[1]! * inv, az = e[2]! * inv;
  const bx = e[4]! * inv, by = e[5]! * inv, bz = e[6]! * inv;
  const cx = e[8]! * inv, cy = e[9]! * inv, cz = e[10]! * inv;
  const aSq = ax * ax + ay * ay + az * az, bSq = bx * bx + by * by + bz * bz, cSq = cx * cx + cy * cy + cz * cz;
  const minSq = Math.min(aSq, bSq, cSq), maxSq = Math.max(aSq, bSq, cSq);
  if (!(minSq > 0)) return AFFINE_SINGULAR;
  const keep = 1 - UNIFORM_SCALE_TOLERANCE;
  if (minSq < keep * keep * maxSq) return AFFINE_NON_UNIFORM;
  const ab = ax * bx + ay * by + az * bz, ac = ax * cx + ay * cy + az * cz, bc = bx * cx + by * cy + bz * cz;
  const tolSq = UNIFORM_SCALE_TOLERANCE * UNIFORM_SCALE_TOLERANCE;
  if (ab * ab > tolSq * aSq * bSq || ac * ac > tolSq * aSq * cSq || bc * bc > tolSq * bSq * cSq) return AFFINE_SHEAR;
  return AFFINE_OK;
}

/** 선형 부분 (9 원소) 에 2^k 를 곱한다 (두 번에 나눠: 2^k 하나로는 넘칠 수 있다). 2 의 거듭제곱이라 정확하다. */
function scaleLinear(e: number[], half: number, rest: number, withTranslation: boolean): void {
  for (let i = 0; i < 15; i++) {
    if (i === 3 || i === 7 || i === 11) continue;
    if (!withTranslation && i >= 12) continue;
    e[i] = e[i]! * half * rest;
  }
}

/**
 * out ← m⁻¹ (m 은 conformalDefect 가 AFFINE_OK 인 아핀 행렬). 역행렬이 float64 로 표현되면 true.
 *
 * three 의 invert() 는 행렬식 (선형 부분 크기의 세제곱) 이 0 으로 사라지면 (스케일 1e-120 → 1e-360) 0 행렬을 준다.
 * 그래서 선형 부분이 [2⁻¹⁰⁰, 2¹⁰⁰] 밖이면 행렬 (선형 + 이동) 에 2ᵏ 을 곱해 크기를 1 근처로 옮긴 뒤 뒤집고,
 * 역행렬의 선형 부분에 다시 2ᵏ 을 곱한다: [2ᵏL, 2ᵏt]⁻¹ = [2⁻ᵏL⁻¹, −L⁻¹t]. 2 의 거듭제곱을 곱하는 것은 정확하므로
 * 그 범위 안이었다면 나왔을 값과 비트까지 같다.
 */
export function invertAffine(out: Matrix4, m: Matrix4): boolean {
  const e = m.elements;
  let maxAbs = Math.abs(e[0]!);
  maxAbs = Math.max(maxAbs, Math.abs(e[1]!), Math.abs(e[2]!));
  maxAbs = Math.max(maxAbs, Math.abs(e[4]!), Math.abs(e[5]!), Math.abs(e[6]!));
  maxAbs = Math.max(maxAbs, Math.abs(e[8]!), Math.abs(e[9]!), Math.abs(e[10]!));
  out.copy(m);
  if (maxAbs >= PLAIN_INVERT_MIN && maxAbs <= PLAIN_INVERT_MAX) {
    out.invert();
  } else {
    const k = -Math.floor(Math.log2(maxAbs));
    const half = 2 ** Math.trunc(k / 2), rest = 2 ** (k - Math.trunc(k / 2));
    scaleLinear(out.elements, half, rest, true);
    out.invert();
    scaleLinear(out.elements, half, rest, false);
  }
  // invert() 는 행렬식이 0 이면 0 행렬을 준다 (아핀 역행렬이면 elements[15] ≈ 1).
  return out.elements[15] !== 0 && isFiniteMatrix(out);
}
