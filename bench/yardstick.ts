// 기준선 (yardstick): solveTwoBoneIK 와 같은 수식을 Float64Array 를 읽고 쓰는 평범한 스칼라 코드로 적은 것.
// 객체도, 검사도, 함수 호출도 없다 — JS 에서 이 계산이 낼 수 있는 실질적인 한계 속도.
// (일부러 라이브러리 코드를 다시 적었다: 같은 수식의 "맨몸" 비용을 재는 것이 목적이다.)
import { PACKED_STRIDE } from "./cases.js";

const POLE_LINE_TOLERANCE = 1e-10;
const POLE_ROUNDING_ULPS = 64;

/** 사례 i 를 풀어 output[i·7 …] 에 [jx, jy, jz, ex, ey, ez, reachable] 을 쓴다. */
export function solvePacked(input: Float64Array, i: number, output: Float64Array): void {
  const o = i * PACKED_STRIDE;
  const rx = input[o]!, ry = input[o + 1]!, rz = input[o + 2]!, a = input[o + 3]!, b = input[o + 4]!;
  const tx = input[o + 5]!, ty = input[o + 6]!, tz = input[o + 7]!;
  const hx = input[o + 8]!, hy = input[o + 9]!, hz = input[o + 10]!;
  let fx = tx - rx, fy = ty - ry, fz = tz - rz;
  let px = hx - rx, py = hy - ry, pz = hz - rz;
  const maxLength = a + b, minLength = Math.abs(a - b);
  let distance = Math.sqrt(fx * fx + fy * fy + fz * fz);
  if (distance === 0) { fx = 1; fy = 0; fz = 0; } else { const inv = 1 / distance; fx *= inv; fy *= inv; fz *= inv; }
  let reachable = 1, folded = false;
  if (distance > maxLength) { distance = maxLength; reachable = 0; }
  else if (distance < minLength) { distance = minLength; reachable = 0; folded = true; }
  const along = px * fx + py * fy + pz * fz;
  px -= along * fx; py -= along * fy; pz -= along * fz;
  const perpLength = Math.sqrt(px * px + py * py + pz * pz);
  const coordScale = Math.max(Math.abs(rx), Math.abs(ry), Math.abs(rz), Math.abs(tx), Math.abs(ty), Math.abs(tz), Math.abs(hx), Math.abs(hy), Math.abs(hz));
  if (perpLength > Math.max(POLE_LINE_TOLERANCE * maxLength, POLE_ROUNDING_ULPS * Number.EPSILON * coordScale)) {
    const inv = 1 / perpLength; px *= inv; py *= inv; pz *= inv;
  } else {
    const ax = Math.abs(fx), ay = Math.abs(fy), az = Math.abs(fz);
    let ex = 0, ey = 0, ez = 0;
    if (ax <= ay && ax <= az) ex = 1; else if (ay <= az) ey = 1; else ez = 1;
    const k = ex * fx + ey * fy + ez * fz;
    px = ex - k * fx; py = ey - k * fy; pz = ez - k * fz;
    const inv = 1 / Math.sqrt(px * px + py * py + pz * pz); px *= inv; py *= inv; pz *= inv;
  }
  let x = 0, h = 0;
  if (distance === 0) h = a;
  else {
    x = ((a - b) / distance * (a + b) + distance) * 0.5;
    const diff = b - a, s1 = distance + diff, s2 = distance - diff, s3 = maxLength - distance, s4 = maxLength + distance;
    if (!folded && s1 > 0 && s2 > 0 && s3 > 0) h = Math.sqrt(s1 / distance) * Math.sqrt(s2 / distance) * Math.sqrt(s3) * Math.sqrt(s4) * 0.5;
    if (h > a) h = a;
  }
  const w = i * 7;
  output[w] = rx + x * fx + h * px; output[w + 1] = ry + x * fy + h * py; output[w + 2] = rz + x * fz + h * pz;
  if (reachable === 1) { output[w + 3] = tx; output[w + 4] = ty; output[w + 5] = tz; }
  else { output[w + 3] = rx + distance * fx; output[w + 4] = ry + distance * fy; output[w + 5] = rz + distance * fz; }
  output[w + 6] = reachable;
}
