import { Quaternion } from "three";
import type { Vector3Like } from "three";
import { fieldsOf } from "./quaternionFields.js";
import { UNIT_VECTOR_TOLERANCE as SHARED_UNIT_VECTOR_TOLERANCE } from "./tolerances.js";

/**
 * 단위 벡터로 볼 |‖v‖² − 1| 의 상한. float32 로 저장된 방향 (상대 오차 ~1e-7) 도 받고,
 * 정규화하지 않은 벡터 (‖v‖ = 1.001 이면 2e-3) 는 거부한다.
 * @internal
 */
export const UNIT_VECTOR_TOLERANCE: number = SHARED_UNIT_VECTOR_TOLERANCE;

/**
 * 단위 벡터 from 을 단위 벡터 to 로 돌리는 가장 작은 회전 (회전축 from × to, 회전각 φ = 두 벡터 사이의 각, 라디안)
 * 을 out 에 쓰고 돌려준다. 할당하지 않는다.
 *
 * three 의 Quaternion.setFromUnitVectors 는 두 벡터가 거의 반대일 때 (1 + cos φ < 1e-8, 약 1.4e-4 rad 이내)
 * 임의의 축으로 바꿔 버려 끝점이 1e-4 만큼 어긋난다. 이 함수는 반대 방향 근처에서도 from 을 작업 정밀도로 to 에 보낸다:
 * - q = (n·sin(φ/2), cos(φ/2)), n = unit(from × to) (from 에 다시 직교화한 축).
 * - 정확히 반대 (from × to = 0, cos φ < 0) 면 φ = π 이고 축은 from 과 가장 덜 나란한 양의 축 (같으면 X, Y, Z 순) 을
 *   from 에 직교화한 것. 정확히 같으면 항등 회전.
 *
 * @param from 돌리기 전의 방향: 유한한 단위 벡터 (|‖v‖² − 1| ≤ 1e-5).
 * @param to 돌린 뒤의 방향: 유한한 단위 벡터 (|‖v‖² − 1| ≤ 1e-5). from 과 같은 공간.
 * @param out 결과를 받을 Quaternion (얼지 않은 것). 변경 콜백을 한 번 부른다.
 * @returns out: 단위 사원수.
 * @throws RangeError from·to 가 {x, y, z} 객체가 아니거나 유한한 단위 벡터가 아닐 때 (NaN·무한대·수가 아닌 값 포함),
 *   out 이 Quaternion 이 아니거나 얼어 있을 때. 인자 이름과 받은 값을 담고, out 은 그대로 둔다.
 */
export function rotationBetweenUnitVectors(
  from: Readonly<Vector3Like>,
  to: Readonly<Vector3Like>,
  out: Quaternion,
): Quaternion {
  if (!(from !== null && typeof from === "object")) throwNotUnit("from", from);
  if (!(to !== null && typeof to === "object")) throwNotUnit("to", to);
  const ux = from.x, uy = from.y, uz = from.z;
  const vx = to.x, vy = to.y, vz = to.z;
  // 검사: 유한한 단위 벡터인가 (NaN·inf·수가 아닌 값이면 아래 비교가 거짓이다), out 은 쓸 수 있는 Quaternion 인가.
  const uuDelta = ux * ux + uy * uy + uz * uz - 1, vvDelta = vx * vx + vy * vy + vz * vz - 1;
  if (!(typeof ux === "number" && typeof uy === "number" && typeof uz === "number"
    && uuDelta <= UNIT_VECTOR_TOLERANCE && uuDelta >= -UNIT_VECTOR_TOLERANCE)) throwNotUnitPoint("from", ux, uy, uz);
  if (!(typeof vx === "number" && typeof vy === "number" && typeof vz === "number"
    && vvDelta <= UNIT_VECTOR_TOLERANCE && vvDelta >= -UNIT_VECTOR_TOLERANCE)) throwNotUnitPoint("to", vx, vy, vz);
  if (!(out instanceof Quaternion) || Object.isFrozen(out)) throwBadQuaternion(out);
  // 읽은 값으로 푼다 (getter 가 있는 점도 성분마다 한 번만 읽는다).
  _from.x = ux; _from.y = uy; _from.z = uz;
  _to.x = vx; _to.y = vy; _to.z = vz;
  return rotationBetweenIntoOwn(_from, _to, out);
}

const _from = { x: 0.5, y: 0.5, z: 0.5 }, _to = { x: 0.5, y: 0.5, z: 0.5 };

// TwoBoneIK 의 풀이용: from·to 는 라이브러리가 정규화한 벡터, out 은 라이브러리가 만든 Quaternion 이라 검사하지 않는다.
/** @internal */
export function rotationBetweenIntoOwn(from: Readonly<Vector3Like>, to: Readonly<Vector3Like>, out: Quaternion): Quaternion {
  const ux = from.x, uy = from.y, uz = from.z;
  const vx = to.x, vy = to.y, vz = to.z;
  // 반각 공식 (IK 는 1e-12 정확도가 필요하다): cos φ = from·to, sin φ = |from × to|.
  // 1 + cos φ 와 1 − cos φ 중 작은 쪽은 sin²φ / (큰 쪽) 으로 구해 상쇄를 피한다.
  // cos(φ/2) = √((1 + cos φ)/2), sin(φ/2) = √((1 − cos φ)/2).
  const cosPhi = ux * vx + uy * vy + uz * vz;
  let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const sinPhiSq = nx * nx + ny * ny + nz * nz;

  if (sinPhiSq === 0) {
    if (cosPhi >= 0) return writeIdentity(out);
    // 정확히 반대: 180° 회전, 축은 from 에 수직인 정해진 방향.
    const ax = Math.abs(ux), ay = Math.abs(uy), az = Math.abs(uz);
    nx = 0; ny = 0; nz = 0;
    if (ax <= ay && ax <= az) nx = 1;
    else if (ay <= az) ny = 1;
    else nz = 1;
  }

  // 축을 from 에 직교화하고 정규화한다. 두 벡터가 1e-150 안쪽으로 나란하거나 반대면 |n|² 가 비정규수가 되어
  // 자릿수를 잃으므로, 가장 큰 성분으로 먼저 나눈다.
  const along = nx * ux + ny * uy + nz * uz;
  nx -= along * ux; ny -= along * uy; nz -= along * uz;
  if (!(nx * nx + ny * ny + nz * nz > 1e-290)) {
    const axisScale = Math.max(Math.abs(nx), Math.abs(ny), Math.abs(nz));
    nx /= axisScale; ny /= axisScale; nz /= axisScale;
  }
  const inv = 1 / Math.sqrt(nx * nx + ny * ny + nz * nz);
  nx *= inv; ny *= inv; nz *= inv;

  let onePlusCos: number, oneMinusCos: number;
  if (cosPhi >= 0) {
    onePlusCos = 1 + cosPhi;
    oneMinusCos = sinPhiSq / onePlusCos;
  } else {
    oneMinusCos = 1 - cosPhi;
    onePlusCos = sinPhiSq / oneMinusCos;
  }
  const cosHalf = Math.sqrt(0.5 * onePlusCos);
  const sinHalf = Math.sqrt(0.5 * oneMinusCos);
  // cos²(φ/2) + sin²(φ/2) = 1 이고 |n| = 1 이므로 이미 단위 사원수다 (반올림 몇 ulp 안쪽).
  // (set() 이나 접근자 대신 필드에 쓴다: quaternionFields.ts 참고.)
  const o = fieldsOf(out);
  o._x = nx * sinHalf; o._y = ny * sinHalf; o._z = nz * sinHalf; o._w = cosHalf;
  o._onChangeCallback();
  return out;
}

/** out ← 항등 회전. */
function writeIdentity(out: Quaternion): Quaternion {
  return out.identity();
}

function throwNotUnit(name: string, value: unknown): never {
  throw new RangeError(`rotationBetweenUnitVectors: ${name}는 {x, y, z} 단위 벡터여야 합니다 (받은 값: ${String(value)})`);
}

function throwNotUnitPoint(name: string, x: unknown, y: unknown, z: unknown): never {
  throw new RangeError(
    `rotationBetweenUnitVectors: ${name}는 유한한 단위 벡터여야 합니다 (|‖v‖² − 1| ≤ ${UNIT_VECTOR_TOLERANCE},`
    + ` 받은 값: ${String(x)}, ${String(y)}, ${String(z)})`,
  );
}

function throwBadQuaternion(out: unknown): never {
  const frozen = out instanceof Quaternion; // Quaternion 인데 여기 왔다면 얼어 있다
  throw new RangeError(
    `rotationBetweenUnitVectors: out은 ${frozen ? "얼지 않은 (Object.freeze 하지 않은) " : ""}Quaternion 이어야 합니다`
    + ` (받은 값: ${String(out)})`,
  );
}
