import type { Quaternion } from "three";
import { fieldsOf } from "./quaternionFields.js";

// 라이브러리 내부용 사원수 연산. three 의 normalize()·slerp(t) 와 같은 결과를 할당 없이 (docs/PERFORMANCE.md §1, §4).
// 끝나면 변경 콜백을 한 번 부른다 (three 와 같다; 뼈에는 마지막 결과만 한 번 복사한다: §5).

/** q 를 단위 길이로 (길이 0 이면 항등 회전). three 의 Quaternion.normalize 와 같다. @internal */
export function normalizeQuaternion(q: Quaternion): void {
  copyUnitQuaternion(q, q); // 네 성분을 모두 읽은 뒤에 쓴다
  fieldsOf(q)._onChangeCallback();
}

/**
 * out ← source / |source| (길이 0 이면 항등 회전): normalizeQuaternion 과 같은 값이지만 out 의 변경 콜백을 부르지 않는다.
 * 라이브러리의 임시 사원수에만 쓴다 (뼈의 사원수에 쓰면 Euler 회전이 어긋난다). @internal
 */
export function copyUnitQuaternion(out: Quaternion, source: Quaternion): void {
  const s = fieldsOf(source), o = fieldsOf(out);
  const x = s._x, y = s._y, z = s._z, w = s._w;
  const length = Math.sqrt(x * x + y * y + z * z + w * w);
  if (length === 0) {
    o._x = 0; o._y = 0; o._z = 0; o._w = 1;
  } else {
    const inv = 1 / length;
    o._x = x * inv; o._y = y * inv; o._z = z * inv; o._w = w * inv;
  }
}

/** 섞음 비율을 담는 객체 (수 인자 대신, 위 주석 참고). */
export interface BlendWeight {
  weight: number;
}

/**
 * rotation ← normalize(slerp(incoming, rotation, t)), t = blend.weight ∈ [0, 1]: 들어온 회전에서 rotation 쪽으로 t 만큼.
 * three r186 Quaternion.slerp 와 같은 식: 짧은 경로(내적이 음수면 한쪽 부호를 뒤집는다),
 * θ = acos(qa·qb), q = qa·sin((1 − t)θ)/sin θ + qb·sin(tθ)/sin θ. 내적 ≥ 0.9995 이면 선형 보간.
 * three 와 달리 두 가지 모두 끝에 정규화한다: 애니메이션이 쓴 들어온 사원수는 길이가 1 에서 조금 (float32 면 ~1e-7)
 * 벗어날 수 있고, sin 비율 가지는 그 길이를 그대로 물려받아 뼈를 그만큼 늘인다.
 * t = 1 이면 rotation 을 그대로 둔다.
 * @internal
 */
export function blendFromIncoming(rotation: Quaternion, incoming: Quaternion, blend: Readonly<BlendWeight>): void {
  let t = blend.weight;
  if (t === 1) return;
  const a = fieldsOf(incoming), b = fieldsOf(rotation);
  const ax = a._x, ay = a._y, az = a._z, aw = a._w;
  let bx = b._x, by = b._y, bz = b._z, bw = b._w;
  let dot = ax * bx + ay * by + az * bz + aw * bw;
  if (dot < 0) {
    bx = -bx; by = -by; bz = -bz; bw = -bw;
    dot = -dot;
  }
  let s = 1 - t;
  if (dot < 0.9995) {
    const theta = Math.acos(dot);
    const sin = Math.sin(theta);
    s = Math.sin(s * theta) / sin;
    t = Math.sin(t * theta) / sin;
  }
  const x = ax * s + bx * t, y = ay * s + by * t, z = az * s + bz * t, w = aw * s + bw * t;
  const length = Math.sqrt(x * x + y * y + z * z + w * w);
  const scale = length === 0 ? 0 : 1 / length;
  b._x = x * scale;
  b._y = y * scale;
  b._z = z * scale;
  b._w = w * scale;
  b._onChangeCallback();
}
