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
