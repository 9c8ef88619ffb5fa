// 골반을 얼마나 내려야 발 목표에 닿는가: 순수 수학 (Vector3 만).
import type { Vector3 } from "three";

/**
 * 뿌리 (허벅지 원점) 를 up 의 반대쪽으로 d ≥ 0 만큼 내렸을 때 |target − (root − up·d)| ≤ reach 가 되는 가장 작은 d (m).
 * |w + up·d|² = reach², w = target − root 의 작은 근: d = −(w·up) − √((w·up)² − |w|² + reach²).
 * 이미 닿으면 0. 내려도 닿지 않으면 (옆으로 너무 멂) 가장 가까워지는 d = max(0, −w·up).
 * up 은 단위 벡터라 가정한다. 할당하지 않는다.
 */
export function requiredDrop(rootWorld: Readonly<Vector3>, targetWorld: Readonly<Vector3>, up: Readonly<Vector3>, reach: number): number {
  const wx = targetWorld.x - rootWorld.x, wy = targetWorld.y - rootWorld.y, wz = targetWorld.z - rootWorld.z;
  const wSq = wx * wx + wy * wy + wz * wz;
  if (wSq <= reach * reach) return 0;
  const wUp = wx * up.x + wy * up.y + wz * up.z;
  const disc = wUp * wUp - wSq + reach * reach;
  if (disc < 0) return Math.max(0, -wUp);
  return Math.max(0, -wUp - Math.sqrt(disc));
}
