import type { Vector3, Vector3Like } from "three";
import type { ChainLengths } from "./solveTwoBoneIK.js";
import { throwExpected } from "./validation.js";

/**
 * soft IK 의 거리 곡선: 팔다리가 완전히 펴지기 직전에 속도를 줄여, 목표가 멀어질 때 "탁" 하고 펴지지 않게 한다
 * (ozz-animation IKTwoBoneJob 의 soften 과 같은 목적). {@link TwoBoneIK} 의 `soft` 가 이 식을 쓴다.
 *
 * 체인 길이 L = a + b, 부드러운 구간의 길이 s = soft·L 일 때 거리 d 를 d′ 로 바꾼다 (d, L, d′ 은 같은 단위):
 * - d ≤ L − s:  d′ = d (그대로)
 * - d > L − s:  d′ = L − s·exp(−(d − (L − s)) / s)
 *
 * d′ 은 d 에 대해 연속이고 기울기도 연속(경계에서 1)이며, d → ∞ 일 때 L 에 다가가기만 하고 닿지 않는다.
 * 그래서 soft > 0 이면 L − s 보다 먼 목표에는 끝이 닿지 않는다(reachable = false).
 *
 * @param distance 뿌리에서 목표까지의 거리 d (≥ 0, 유한).
 * @param chainLength 체인 길이 L = a + b (> 0, 유한), distance 와 같은 단위.
 * @param soft 부드러운 구간의 비율 (L 에 대한 비율, 단위 없음), [0, 1]. 0 이면 d 를 그대로 돌려준다.
 * @returns 줄어든 거리 d′ (≤ d; soft > 0 이면 < L), distance 와 같은 단위.
 * @throws RangeError 세 인자 중 하나가 위 범위 밖 (NaN·무한대·수가 아닌 값 포함) 이면 그 이름과 값을 담아.
 */
export function softenDistance(distance: number, chainLength: number, soft: number): number {
  // 검사 (Python 의 soften_distance 와 같은 규칙·같은 문구): d ≥ 0 유한, L > 0 유한, soft ∈ [0, 1].
  if (!(typeof distance === "number" && distance >= 0 && distance < Infinity)) {
    throwExpected("softenDistance", "distance", "0 이상의 유한한 수여야", distance);
  }
  if (!(typeof chainLength === "number" && chainLength > 0 && chainLength < Infinity)) {
    throwExpected("softenDistance", "chainLength", "0보다 큰 유한한 수여야", chainLength);
  }
  if (!(typeof soft === "number" && soft >= 0 && soft <= 1)) {
    throwExpected("softenDistance", "soft", "[0, 1] 범위의 수여야", soft);
  }
  if (soft === 0) return distance;
  const softLength = soft * chainLength;
  const softStart = chainLength - softLength;
  if (distance <= softStart) return distance;
  return chainLength - softLength * Math.exp(-(distance - softStart) / softLength);
}

/** softenTarget 이 읽는 설정 (라이브러리 내부용). */
// 수 인자 대신 객체 필드: quaternionBlend.ts 주석 참고.
export interface SoftSettings {
  soft: number;
}

/**
 * 라이브러리 내부용: target 을 root 쪽으로 당겨 거리를 softenDistance(d, a + b, soft) 로 만든다.
 * 당겼으면 true (그러면 끝은 원래 목표에 닿지 않는다).
 * @internal
 */
export function softenTarget(
  target: Vector3,
  root: Readonly<Vector3Like>,
  lengths: Readonly<ChainLengths>,
  settings: Readonly<SoftSettings>,
): boolean {
  const soft = settings.soft;
  if (!(soft > 0)) return false;
  const dx = target.x - root.x, dy = target.y - root.y, dz = target.z - root.z;
  const distance = Math.sqrt(dx * dx + dy * dy + dz * dz);
  // softenDistance 와 같은 식을 풀어 쓴다 (docs/PERFORMANCE.md §1). 두 식이 같은지는 test/softIK.test.ts 가 본다.
  const chainLength = lengths.upperLength + lengths.lowerLength;
  const softLength = soft * chainLength;
  const softStart = chainLength - softLength;
  if (!(distance > softStart)) return false;
  const softDistance = chainLength - softLength * Math.exp(-(distance - softStart) / softLength);
  const ratio = softDistance / distance;
  target.x = root.x + dx * ratio; target.y = root.y + dy * ratio; target.z = root.z + dz * ratio;
  return true;
}
