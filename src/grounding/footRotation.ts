// 발의 기울기: 위를 땅 법선 쪽으로 돌리는 가장 작은 회전 (다리 풀이는 이 회전 · 클립 발의 회전을 끝 회전으로 쓴다).
import type { Quaternion, Vector3 } from "three";

/**
 * out ← up 을 normal 쪽으로 기울이는 가장 작은 회전, 각도는 min(weight·θ, maxTilt) (θ = ∠(up, normal), rad).
 * 두 벡터는 단위 벡터라 가정한다. 할당하지 않는다.
 */
export function tiltTowards(out: Quaternion, up: Readonly<Vector3>, normal: Readonly<Vector3>, weight: number, maxTilt: number): Quaternion {
  // 축 = up × normal, sin θ = |축|, cos θ = up·normal.
  const ax = up.y * normal.z - up.z * normal.y, ay = up.z * normal.x - up.x * normal.z, az = up.x * normal.y - up.y * normal.x;
  const sin = Math.sqrt(ax * ax + ay * ay + az * az);
  const cos = up.x * normal.x + up.y * normal.y + up.z * normal.z;
  const angle = Math.min(Math.atan2(sin, cos) * weight, maxTilt);
  if (!(sin > 0) || !(angle > 0)) return out.set(0, 0, 0, 1);
  const s = Math.sin(angle / 2) / sin;
  return out.set(ax * s, ay * s, az * s, Math.cos(angle / 2));
}
