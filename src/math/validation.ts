// 입력 검사 (라이브러리 내부용, 내보낸 것은 모두 @internal: 출판하는 .d.ts 에 싣지 않는다).
// 잘못된 인자는 이름과 값을 담은 RangeError 로 거부한다. 무엇을 쓰기 전에 부른다.
// 메시지 문자열은 실패할 때만 만든다 (정상 경로에서는 아무것도 할당하지 않는다).
import type { Vector3Like } from "three";

/**
 * 받은 값을 메시지에 적는 꼴: 수는 그대로, 객체는 "객체"·"얼린 객체", 그 밖은 값과 typeof (`2 (string)`).
 * @internal
 */
export function describe(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (value === null || typeof value !== "object") return `${String(value)} (${typeof value})`;
  return Object.isFrozen(value) ? "얼린 객체" : "객체";
}

/**
 * 인자 하나가 규칙에 맞지 않을 때의 RangeError, 한 모양으로: `caller: name는 rule 합니다 (받은 값: …)`.
 * rule 은 조사까지 적는다 ("유한한 수여야", "{x, y, z} 점이어야").
 * @internal
 */
export function throwExpected(caller: string, name: string, rule: string, value: unknown): never {
  throw new RangeError(`${caller}: ${name}는 ${rule} 합니다 (받은 값: ${describe(value)})`);
}

function throwNotFinite(caller: string, name: string, value: unknown): never {
  throwExpected(caller, name, "유한한 수여야", value);
}

function throwNotPoint(caller: string, name: string, point: unknown): never {
  throwExpected(caller, name, "{x, y, z} 점이어야", point);
}

/** 점이 {x, y, z} 이고 세 성분이 모두 유한한 수인가. @internal */
// 수를 주고받지 않는 작은 함수라 인라인된다.
export function isFinitePoint(point: Readonly<Vector3Like>): boolean {
  return point !== null && typeof point === "object"
    && typeof point.x === "number" && typeof point.y === "number" && typeof point.z === "number"
    && Number.isFinite(point.x) && Number.isFinite(point.y) && Number.isFinite(point.z);
}

/**
 * 점 하나의 세 성분이 모두 유한한지 확인한다. 오류 메시지는 `target.y`처럼 성분까지 짚는다.
 * @internal
 */
// 메시지 문자열은 실패할 때만 만든다: 정상 경로에서는 아무것도 할당하지 않는다.
export function assertFinitePoint(caller: string, name: string, point: Readonly<Vector3Like>): void {
  if (point === null || typeof point !== "object") throwNotPoint(caller, name, point);
  const { x, y, z } = point;
  if (typeof x === "number" && typeof y === "number" && typeof z === "number"
    && Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z)) return;
  if (typeof x !== "number" || !Number.isFinite(x)) throwNotFinite(caller, `${name}.x`, x);
  if (typeof y !== "number" || !Number.isFinite(y)) throwNotFinite(caller, `${name}.y`, y);
  throwNotFinite(caller, `${name}.z`, z);
}

function assertLength(caller: string, name: string, value: number): void {
  if (typeof value !== "number" || !(value >= 0) || value === Infinity) throwExpected(caller, name, "0 이상의 유한한 수여야", value);
}

/** 뼈 길이 둘을 검사한다: 음수·NaN·무한대, 둘 다 0, 합이 넘치는 경우를 거부한다. @internal */
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

/** target − root·poleHint − root 가 float64 를 넘을 때. @internal */
export function throwDifferenceOverflow(caller: string, name: string, x: number, y: number, z: number): never {
  throw new RangeError(`${caller}: ${name} − root가 float64 범위를 넘습니다 (받은 차: ${x}, ${y}, ${z})`);
}

/** 객체인가 (null·수·문자열이 아님). 점 인자라면 좌표는 부르는 쪽이 한 번만 읽어 검사한다. @internal */
export function isObjectValue(value: unknown): value is object {
  return value !== null && typeof value === "object";
}

/** out 이 쓸 수 있는 결과 객체가 아니면 무엇이 문제인지 짚는 RangeError. 아무것도 쓰기 전에 부른다. @internal */
export function assertWritableResult(caller: string, out: unknown): void {
  if (!isObjectValue(out)) {
    throw new RangeError(`${caller}: out은 { joint, end, reachable } 결과 객체여야 합니다 (받은 값: ${describe(out)})`);
  }
  if (Object.isFrozen(out)) throw new RangeError(`${caller}: out이 얼어 있어 (Object.freeze) reachable 을 쓸 수 없습니다`);
  const { joint, end } = out as { joint?: unknown; end?: unknown };
  for (const [name, value] of [["out.joint", joint], ["out.end", end]] as const) {
    if (!isObjectValue(value)) throwExpected(caller, name, "x, y, z 를 쓸 수 있는 객체 (Vector3) 여야", value);
    if (Object.isFrozen(value)) throw new RangeError(`${caller}: ${name}가 얼어 있어 (Object.freeze) 쓸 수 없습니다`);
  }
}

/** 점이 객체가 아닌 인자가 있을 때: 인자 순서 (root, 길이, target, poleHint) 대로 첫 문제를 알린다. @internal */
export function throwInvalidArguments(
  caller: string, root: unknown, upperLength: unknown, lowerLength: unknown, target: unknown, poleHint: unknown,
): never {
  const names = ["root", "target", "poleHint"] as const;
  const points = [root, target, poleHint];
  for (let i = 0; i < 3; i++) {
    const point = points[i];
    if (!isObjectValue(point)) {
      if (i > 0) assertLengthValues(caller, upperLength, lowerLength);
      throwNotPoint(caller, names[i]!, point);
    }
    const { x, y, z } = point as { x: unknown; y: unknown; z: unknown };
    assertCoordinates(caller, names[i]!, x, y, z);
    if (i === 0) assertLengthValues(caller, upperLength, lowerLength);
  }
  throw new RangeError(`${caller}: 알 수 없는 잘못된 인자`); // 위에서 반드시 던진다
}

function assertLengthValues(caller: string, upperLength: unknown, lowerLength: unknown): void {
  assertBoneLengths(caller, upperLength as number, lowerLength as number);
}

function assertCoordinates(caller: string, name: string, x: unknown, y: unknown, z: unknown): void {
  if (typeof x !== "number" || !Number.isFinite(x)) throwNotFinite(caller, `${name}.x`, x);
  if (typeof y !== "number" || !Number.isFinite(y)) throwNotFinite(caller, `${name}.y`, y);
  if (typeof z !== "number" || !Number.isFinite(z)) throwNotFinite(caller, `${name}.z`, z);
}

/**
 * 한 번 읽은 좌표·길이 중 첫 문제를 인자 순서 (root, 길이, target, poleHint, target − root, poleHint − root) 대로 알린다.
 * 빠른 검사가 실패했을 때만 부른다.
 * @internal
 */
export function throwInvalidChain(
  caller: string, root: unknown, target: unknown, poleHint: unknown,
  rx: unknown, ry: unknown, rz: unknown, upperLength: unknown, lowerLength: unknown,
  tx: unknown, ty: unknown, tz: unknown, qx: unknown, qy: unknown, qz: unknown,
): never {
  if (!isObjectValue(root)) throwNotPoint(caller, "root", root);
  assertCoordinates(caller, "root", rx, ry, rz);
  assertLengthValues(caller, upperLength, lowerLength);
  if (!isObjectValue(target)) throwNotPoint(caller, "target", target);
  assertCoordinates(caller, "target", tx, ty, tz);
  if (!isObjectValue(poleHint)) throwNotPoint(caller, "poleHint", poleHint);
  assertCoordinates(caller, "poleHint", qx, qy, qz);
  const x0 = rx as number, y0 = ry as number, z0 = rz as number;
  const fx = (tx as number) - x0, fy = (ty as number) - y0, fz = (tz as number) - z0;
  if (!(Number.isFinite(fx) && Number.isFinite(fy) && Number.isFinite(fz))) throwDifferenceOverflow(caller, "target", fx, fy, fz);
  throwDifferenceOverflow(caller, "poleHint", (qx as number) - x0, (qy as number) - y0, (qz as number) - z0);
}

/** 관절·끝이 float64 범위를 넘을 때 (뿌리가 ±1.8e308 끝에 있다). 결과를 쓰기 전에 부른다. @internal */
export function throwResultOverflow(
  caller: string, rx: number, ry: number, rz: number,
  jx: number, jy: number, jz: number, ex: number, ey: number, ez: number,
): never {
  throw new RangeError(
    `${caller}: 결과가 float64 범위를 넘습니다 — root 가 ±1.8e308 에 너무 가깝습니다`
    + ` (root: ${rx}, ${ry}, ${rz}; joint: ${jx}, ${jy}, ${jz}; end: ${ex}, ${ey}, ${ez})`,
  );
}
