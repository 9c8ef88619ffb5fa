// 골반을 얼마나 내려야 발 목표에 닿는가: 순수 수학 (Vector3 만).
import type { Vector3 } from "three";

/** requiredDrop 의 입출력: 수는 객체 필드로 주고받는다 (docs/PERFORMANCE.md §1). */
export interface DropQuery {
  /** 닿는 거리 (m). */
  reach: number;
  /** 결과: 내릴 거리 (m, ≥ 0). */
  drop: number;
}

/**
 * 뿌리 (허벅지 원점) 를 up 의 반대쪽으로 d ≥ 0 만큼 내렸을 때 |target − (root − up·d)| ≤ reach 가 되는 가장 작은 d (m) → io.drop.
 * |w + up·d|² = reach², w = target − root 의 작은 근: d = −(w·up) − √((w·up)² − |w|² + reach²).
 * 이미 닿으면 0. 내려도 닿지 않으면 (옆으로 너무 멂) 가장 가까워지는 d = max(0, −w·up).
 * up 은 단위 벡터라 가정한다. 할당하지 않는다.
 */
export function requiredDrop(rootWorld: Readonly<Vector3>, targetWorld: Readonly<Vector3>, up: Readonly<Vector3>, io: DropQuery): void {
  const reach = io.reach;
  const wx = targetWorld.x - rootWorld.x, wy = targetWorld.y - rootWorld.y, wz = targetWorld.z - rootWorld.z;
  const wSq = wx * wx + wy * wy + wz * wz;
  if (wSq <= reach * reach) { io.drop = 0; return; }
  const wUp = wx * up.x + wy * up.y + wz * up.z;
  const disc = wUp * wUp - wSq + reach * reach;
  const drop = disc < 0 ? -wUp : -wUp - Math.sqrt(disc);
  io.drop = drop > 0 ? drop : 0;
}
