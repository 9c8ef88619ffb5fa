// 땅 질의의 계약: FootPlacement 는 땅을 이 콜백으로만 본다 (메시·높이 함수·물리 엔진 무엇이든 사용자의 것).
import type { Vector3 } from "three";

/** 땅에 닿은 점 하나 (월드). 콜백이 채우는 out. */
export interface GroundHit {
  /** 닿은 점 (월드, m). */
  readonly point: Vector3;
  /** 그 점의 땅 법선 (월드, 단위 벡터, 위쪽 = 광선의 반대쪽을 향하게). */
  readonly normal: Vector3;
}

/**
 * 땅 질의: origin 에서 direction (단위 벡터) 으로 maxDistance (m) 안에 땅이 있으면 out 의 point·normal 을 채우고
 * out 을, 없으면 null 을 돌려준다. origin·direction 은 읽기만 한다. 매 프레임 불리므로 할당하지 않는 편이 좋다.
 */
export type GroundQuery = (
  origin: Readonly<Vector3>,
  direction: Readonly<Vector3>,
  maxDistance: number,
  out: GroundHit,
) => GroundHit | null;

/** 땅 질의가 돌려준 닿음이 유한한가: 아니면 뼈에 쓰기 전에 RangeError (발바닥 점 번호와 값). @internal */
export function checkGroundHit(hit: GroundHit, index: number): void {
  const p = hit.point, n = hit.normal;
  if (!(Number.isFinite(p.x) && Number.isFinite(p.y) && Number.isFinite(p.z)
    && Number.isFinite(n.x) && Number.isFinite(n.y) && Number.isFinite(n.z))) {
    throw new RangeError(
      `FootPlacement.update: ground 가 발바닥 점 ${index} 에 유한하지 않은 닿음을 돌려주었습니다 (point: ${p.x}, ${p.y}, ${p.z}; normal: ${n.x}, ${n.y}, ${n.z})`,
    );
  }
}
