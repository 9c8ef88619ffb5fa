// 입력 검사: 잘못된 인자는 이름과 값을 담은 RangeError 로 거부한다. 무엇을 쓰기 전에 부른다.
// 메시지 문자열은 실패할 때만 만든다 (정상 경로에서는 아무것도 할당하지 않는다).
import type { Vector3Like } from "three";

function describe(value: unknown): string {
  return typeof value === "number" ? String(value) : `${String(value)} (${typeof value})`;
}

function throwNotFinite(caller: string, name: string, value: unknown): never {
  throw new RangeError(`${caller}: ${name}는 유한한 수여야 합니다 (받은 값: ${describe(value)})`);
}

/** 점이 {x, y, z} 이고 세 성분이 모두 유한한 수인가. (수를 주고받지 않는 작은 함수라 인라인된다.) */
export function isFinitePoint(point: Readonly<Vector3Like>): boolean {
  return point !== null && typeof point === "object"
    && typeof point.x === "number" && typeof point.y === "number" && typeof point.z === "number"
    && Number.isFinite(point.x) && Number.isFinite(point.y) && Number.isFinite(point.z);
}

/**
 * 점 하나의 세 성분이 모두 유한한지 확인한다. 오류 메시지는 `target.y`처럼 성분까지 짚는다.
 * (메시지 문자열은 실패할 때만 만든다: 정상 경로에서는 아무것도 할당하지 않는다.)
 */
export function assertFinitePoint(caller: string, name: string, point: Readonly<Vector3Like>): void {
  if (point === null || typeof point !== "object") {
    throw new RangeError(`${caller}: ${name}는 {x, y, z} 점이어야 합니다 (받은 값: ${describe(point)})`);
  }
  const { x, y, z } = point;
  if (typeof x === "number" && typeof y === "number" && typeof z === "number"
    && Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z)) return;
  if (typeof x !== "number" || !Number.isFinite(x)) throwNotFinite(caller, `${name}.x`, x);
  if (typeof y !== "number" || !Number.isFinite(y)) throwNotFinite(caller, `${name}.y`, y);
  throwNotFinite(caller, `${name}.z`, z);
}

function assertLength(caller: string, name: string, value: number): void {
  if (typeof value !== "number" || !(value >= 0) || value === Infinity) {
    throw new RangeError(`${caller}: ${name}는 0 이상의 유한한 수여야 합니다 (받은 값: ${describe(value)})`);
  }
}

/** 뼈 길이 둘을 검사한다: 음수·NaN·무한대, 둘 다 0, 합이 넘치는 경우를 거부한다. */
export function assertBoneLengths(caller: string, upperLength: number, lowerLength: number): void {
  assertLength(caller, "upperLength", upperLength);
  assertLength(caller, "lowerLength", lowerLength);
  if (upperLength === 0 && lowerLength === 0) {
    throw new RangeError(`${caller}: upperLength와 lowerLength가 둘 다 0입니다 (받은 값: 0, 0) — 적어도 한 뼈는 길이가 있어야 합니다`);
  }
  // 헤론 공식의 a + b + d ≤ 2(a + b) 까지 float64 안에 있어야 한다.
  if (!Number.isFinite(2 * (upperLength + lowerLength))) {
    throw new RangeError(`${caller}: upperLength + lowerLength가 넘칩니다 (2(a + b) ≤ 1.79e308 이어야 함, 받은 값: ${upperLength}, ${lowerLength})`);
  }
}

export function throwDifferenceOverflow(caller: string, name: string, x: number, y: number, z: number): never {
  throw new RangeError(`${caller}: ${name} − root가 float64 범위를 넘습니다 (받은 차: ${x}, ${y}, ${z})`);
}
