// 테스트 허용 오차는 여기 한 곳에서 정한다: 체인 크기에 비례하는 항 + 좌표 크기의 몇 ulp.
import type { Vector3Like } from "three";

/** 체인 크기에 대한 상대 오차 (계약: 체인 크기의 ~1e-12). */
export const CHAIN_RELATIVE_TOLERANCE = 1e-12;
/** 가장 큰 좌표의 반올림 몇 ulp 까지 허용. */
export const COORDINATE_ULPS = 16;

/** 길이·위치 비교의 허용 오차: 1e-12 × 체인 길이 + 16ε × 가장 큰 좌표 크기. */
export function lengthTolerance(chainLength: number, ...points: Readonly<Vector3Like>[]): number {
  let coordScale = 0;
  for (const p of points) coordScale = Math.max(coordScale, Math.abs(p.x), Math.abs(p.y), Math.abs(p.z));
  return CHAIN_RELATIVE_TOLERANCE * chainLength + COORDINATE_ULPS * Number.EPSILON * coordScale;
}

export function distance(p: Readonly<Vector3Like>, q: Readonly<Vector3Like>): number {
  return Math.hypot(p.x - q.x, p.y - q.y, p.z - q.z);
}

/** 고정된 씨앗: fast-check 가 실패하면 이 값과 경로를 출력하므로 그대로 재현된다. */
export const PROPERTY_SEED = 20261130;
