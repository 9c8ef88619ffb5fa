import type { Quaternion } from "three";

// 라이브러리 내부용 사원수 연산. three 의 normalize()·slerp(t) 와 같은 결과를 내지만,
// 수를 인자·반환값으로 주고받지 않아 V8 이 매 호출 HeapNumber 를 할당하지 않는다.
// (set(x, y, z, w) 는 V8 이 늘 인라인하는 크기를 넘어 인라인 예산이 바닥나면 double 을 상자에 담는다.
//  그래서 아주 작은 접근자 q.x = … 로 쓴다. 뼈의 사원수에는 쓰지 말 것: 쓸 때마다 Euler 갱신 콜백이 돈다.)

/** q 를 단위 길이로 (길이 0 이면 항등 회전). three 의 Quaternion.normalize 와 같다. */
export function normalizeQuaternion(q: Quaternion): void {
  const x = q.x, y = q.y, z = q.z, w = q.w;
  const length = Math.sqrt(x * x + y * y + z * z + w * w);
  if (length === 0) {
    q.x = 0; q.y = 0; q.z = 0; q.w = 1;
  } else {
    const inv = 1 / length;
    q.x = x * inv; q.y = y * inv; q.z = z * inv; q.w = w * inv;
  }
}

/** 섞음 비율을 담는 객체 (수 인자 대신, 위 주석 참고). */
export interface BlendWeight {
  weight: number;
}

/**
 * rotation ← slerp(incoming, rotation, t), t = blend.weight ∈ [0, 1]: 들어온 회전에서 rotation 쪽으로 t 만큼.
 * three r186 Quaternion.slerp 와 같은 식: 짧은 경로(내적이 음수면 한쪽 부호를 뒤집는다),
 * θ = acos(qa·qb), q = qa·sin((1 − t)θ)/sin θ + qb·sin(tθ)/sin θ. 내적 ≥ 0.9995 이면 선형 보간 뒤 정규화.
 * t = 1 이면 rotation 을 그대로 둔다.
 */
export function blendFromIncoming(rotation: Quaternion, incoming: Quaternion, blend: Readonly<BlendWeight>): void {
  let t = blend.weight;
  if (t === 1) return;
  const ax = incoming.x, ay = incoming.y, az = incoming.z, aw = incoming.w;
  let bx = rotation.x, by = rotation.y, bz = rotation.z, bw = rotation.w;
  let dot = ax * bx + ay * by + az * bz + aw * bw;
  if (dot < 0) {
    bx = -bx; by = -by; bz = -bz; bw = -bw;
    dot = -dot;
  }
  let s = 1 - t;
  let scale = 1;
  if (dot < 0.9995) {
    const theta = Math.acos(dot);
    const sin = Math.sin(theta);
    s = Math.sin(s * theta) / sin;
    t = Math.sin(t * theta) / sin;
  } else {
    // 작은 각: 선형 보간 뒤 정규화.
    const x = ax * s + bx * t, y = ay * s + by * t, z = az * s + bz * t, w = aw * s + bw * t;
    const length = Math.sqrt(x * x + y * y + z * z + w * w);
    scale = length === 0 ? 0 : 1 / length;
  }
  rotation.x = (ax * s + bx * t) * scale;
  rotation.y = (ay * s + by * t) * scale;
  rotation.z = (az * s + bz * t) * scale;
  rotation.w = (aw * s + bw * t) * scale;
}
