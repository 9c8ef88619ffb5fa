// 발의 기울기: 위를 땅 법선 쪽으로 돌리는 가장 작은 회전 (다리 풀이는 이 회전 · 클립 발의 회전을 끝 회전으로 쓴다).
import type { Quaternion, Vector3 } from "three";
import { fieldsOf } from "../math/quaternionFields.js";

/** 발 기울기의 설정 (라이브러리 내부용): 수는 객체 필드로 넘긴다 (docs/PERFORMANCE.md §1). */
export interface TiltSettings {
  /** 땅 법선 쪽으로 기울이는 비율 [0, 1]. */
  weight: number;
  /** 가장 큰 기울기 (rad). */
  maxTilt: number;
}

/**
 * out ← up 을 normal 쪽으로 기울이는 가장 작은 회전, 각도는 min(weight·θ, maxTilt) (θ = ∠(up, normal), rad).
 * 두 벡터는 단위 벡터라 가정한다. 할당하지 않는다. out 은 라이브러리의 작업용 사원수다 (필드에 바로 쓴다).
 */
export function tiltTowards(out: Quaternion, up: Readonly<Vector3>, normal: Readonly<Vector3>, tilt: Readonly<TiltSettings>): Quaternion {
  // 축 = up × normal, sin θ = |축|, cos θ = up·normal.
  const ax = up.y * normal.z - up.z * normal.y, ay = up.z * normal.x - up.x * normal.z, az = up.x * normal.y - up.y * normal.x;
  const sin = Math.sqrt(ax * ax + ay * ay + az * az);
  const cos = up.x * normal.x + up.y * normal.y + up.z * normal.z;
  const angle = Math.min(Math.atan2(sin, cos) * tilt.weight, tilt.maxTilt);
  const q = fieldsOf(out);
  if (!(sin > 0) || !(angle > 0)) {
    q._x = 0; q._y = 0; q._z = 0; q._w = 1;
  } else {
    const s = Math.sin(angle / 2) / sin;
    q._x = ax * s; q._y = ay * s; q._z = az * s; q._w = Math.cos(angle / 2);
  }
  return out;
}
