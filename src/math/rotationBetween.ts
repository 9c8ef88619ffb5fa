import type { Quaternion, Vector3Like } from "three";
import { fieldsOf } from "./quaternionFields.js";

/**
 * 단위 벡터 from 을 단위 벡터 to 로 돌리는 가장 작은 회전을 out 에 쓰고 돌려준다.
 *
 * three 의 Quaternion.setFromUnitVectors 는 두 벡터가 거의 반대일 때(1 + cos φ < 1e-8, 약 1.4e-4 rad 이내)
 * 임의의 축으로 바꿔 버려 끝점이 1e-4 만큼 어긋난다. IK 는 1e-12 정확도가 필요하므로 반각 공식을 직접 쓴다:
 * - cos φ = from·to,  sin φ = |from × to|
 * - 1 + cos φ 와 1 − cos φ 중 작은 쪽은 sin²φ / (큰 쪽) 으로 구해 상쇄를 피한다.
 * - 축 n = unit(from × to) 을 from 에 다시 직교화해 반대 방향 근처에서도 from 을 정확히 to 로 보낸다.
 * - q = (n·sin(φ/2), cos(φ/2)), cos(φ/2) = √((1 + cos φ)/2), sin(φ/2) = √((1 − cos φ)/2).
 * 정확히 반대(from × to = 0, cos φ < 0)면 축은 from 과 가장 덜 나란한 양의 축(X, Y, Z 순)을 from 에 직교화한 것.
 *
 * 전제: from, to 는 단위 벡터.
 */
export function rotationBetweenUnitVectors(
  from: Readonly<Vector3Like>,
  to: Readonly<Vector3Like>,
  out: Quaternion,
): Quaternion {
  const ux = from.x, uy = from.y, uz = from.z;
  const vx = to.x, vy = to.y, vz = to.z;
  const cosPhi = ux * vx + uy * vy + uz * vz;
  let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const sinPhiSq = nx * nx + ny * ny + nz * nz;

  if (sinPhiSq === 0) {
    if (cosPhi >= 0) return out.identity();
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
