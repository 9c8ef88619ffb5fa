import type { Quaternion, Vector3 } from "three";

// 사원수를 접근자 없이 다루는 작은 연산들 (라이브러리 내부용): 필드 _x·_y·_z·_w 를 직접 읽고 쓴다 (docs/PERFORMANCE.md §4).
// three 의 Quaternion.copy·Vector3.applyQuaternion 과 같은 식이다.

/** Quaternion 의 필드와 변경 콜백 (뼈의 사원수면 콜백이 Euler 회전을 맞춘다). @internal */
export interface QuaternionFields {
  _x: number;
  _y: number;
  _z: number;
  _w: number;
  _onChangeCallback(): void;
}

/** q 의 필드 보기 (같은 객체, 타입만 바꾼다). @internal */
export function fieldsOf(q: Quaternion): QuaternionFields {
  return q as unknown as QuaternionFields;
}

/** out ← source, 그다음 out 의 변경 콜백 한 번. three 의 Quaternion.copy 와 같다. @internal */
export function copyQuaternion(out: Quaternion, source: Quaternion): void {
  const o = fieldsOf(out), s = fieldsOf(source);
  o._x = s._x; o._y = s._y; o._z = s._z; o._w = s._w;
  o._onChangeCallback();
}

/**
 * v ← q v q⁻¹ (q 는 단위 사원수), inverse 면 q⁻¹ v q. three r186 의 Vector3.applyQuaternion 과 같은 식:
 * t = 2 (q⃗ × v),  v′ = v + q_w t + q⃗ × t. (inverse 는 q⃗ 의 부호만 바꾼다: ±1 을 곱하는 것은 정확하다.)
 * @internal
 */
export function rotateVector(v: Vector3, q: Quaternion, inverse = false): void {
  const f = fieldsOf(q), sign = inverse ? -1 : 1;
  const qx = f._x * sign, qy = f._y * sign, qz = f._z * sign, qw = f._w;
  const vx = v.x, vy = v.y, vz = v.z;
  const tx = 2 * (qy * vz - qz * vy);
  const ty = 2 * (qz * vx - qx * vz);
  const tz = 2 * (qx * vy - qy * vx);
  v.x = vx + qw * tx + qy * tz - qz * ty;
  v.y = vy + qw * ty + qz * tx - qx * tz;
  v.z = vz + qw * tz + qx * ty - qy * tx;
}
