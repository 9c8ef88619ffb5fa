// 4 단계 — 섞기와 끝 회전: weight 로 upper·mid 를 들어온 자세에서 섞은 뒤, keepEndRotation 이면 끝의 월드 회전을 되돌린다.
import { blendFromIncoming, normalizeQuaternion } from "../math/quaternionBlend.js";
import { copyQuaternion } from "../math/quaternionFields.js";
import type { ChainLinks } from "./chainLinks.js";
import type { SolveFrame } from "./solveFrame.js";

/** weight < 1: upper·mid 의 새 로컬 회전을 들어온 회전에서 weight 만큼 간 회전으로 (slerp 뒤 정규화). */
export function blendWithIncoming(links: ChainLinks, f: SolveFrame): void {
  blendFromIncoming(f.upperRotation, links.upper.quaternion, f.settings);
  blendFromIncoming(f.midRotation, links.mid.quaternion, f.settings);
}

/**
 * 부모 공간에서 본 end 의 회전 q_U B₁ q_M B₂ q_E 를 그대로 둔다 (섞은 뒤의 upper·mid 로, 그래서 어느 weight 에서나):
 * q_E′ = (q_U′ B₁ q_M′ B₂)⁻¹ (q_U B₁ q_M B₂) q_E → f.endRotation.
 */
export function keepEndRotation(links: ChainLinks, f: SolveFrame): void {
  const { upper, mid, end } = links;
  const incoming = f.incomingChain, inverse = f.newChainInverse;
  if (links.between1.length === 0 && links.between2.length === 0) {
    incoming.multiplyQuaternions(upper.quaternion, mid.quaternion);
    inverse.multiplyQuaternions(f.upperRotation, f.midRotation).invert();
  } else {
    incoming.multiplyQuaternions(upper.quaternion, f.betweenUpperMid).multiply(mid.quaternion).multiply(f.betweenMidEnd);
    inverse.multiplyQuaternions(f.upperRotation, f.betweenUpperMid).multiply(f.midRotation).multiply(f.betweenMidEnd).invert();
  }
  copyQuaternion(f.endRotation, end.quaternion);
  normalizeQuaternion(f.endRotation.premultiply(incoming).premultiply(inverse));
}
