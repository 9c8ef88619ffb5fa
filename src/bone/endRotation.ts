// 4 단계 — 섞기와 끝 회전: weight 로 upper·mid 를 들어온 자세에서 섞고, 끝 뼈의 회전을 정한다 (spec/END_EFFECTOR.md):
// keepEndRotation 이면 들어온 월드 회전을 되돌리고, endRotation 이면 그 회전 쪽으로 돌린다.
import type { Quaternion } from "three";
import { blendFromIncoming, normalizeQuaternion } from "../math/quaternionBlend.js";
import { copyQuaternion, rotateVector } from "../math/quaternionFields.js";
import type { ChainLinks } from "./chainLinks.js";
import type { SolveFrame } from "./solveFrame.js";

/** weight < 1: upper·mid 의 새 로컬 회전을 들어온 회전에서 weight 만큼 간 회전으로 (slerp 뒤 정규화). */
export function blendWithIncoming(links: ChainLinks, f: SolveFrame): void {
  blendFromIncoming(f.upperRotation, links.upper.quaternion, f.settings);
  blendFromIncoming(f.midRotation, links.mid.quaternion, f.settings);
}

/** out ← q_U B₁ q_M B₂: end 의 부모 축의 회전 (부모 공간). 사이 뼈의 회전 곱은 읽기 단계가 f 에 적어 두었다. */
function chainRotation(links: ChainLinks, f: SolveFrame, upper: Quaternion, mid: Quaternion, out: Quaternion): Quaternion {
  if (links.between1.length === 0 && links.between2.length === 0) return out.multiplyQuaternions(upper, mid);
  return out.multiplyQuaternions(upper, f.betweenUpperMid).multiply(mid).multiply(f.betweenMidEnd);
}

/**
 * 부모 공간에서 본 end 의 회전 q_U B₁ q_M B₂ q_E 를 그대로 둔다 (섞은 뒤의 upper·mid 로, 그래서 어느 weight 에서나):
 * q_E′ = (q_U′ B₁ q_M′ B₂)⁻¹ (q_U B₁ q_M B₂) q_E → f.endRotation.
 */
export function keepEndRotation(links: ChainLinks, f: SolveFrame): void {
  const { upper, mid, end } = links;
  const incoming = chainRotation(links, f, upper.quaternion, mid.quaternion, f.incomingChain);
  const inverse = chainRotation(links, f, f.upperRotation, f.midRotation, f.newChainInverse).invert();
  copyQuaternion(f.endRotation, end.quaternion);
  normalizeQuaternion(f.endRotation.premultiply(incoming).premultiply(inverse));
}

/** 들어온 끝의 회전 R_in = normalize(q̂_U B₁ q̂_M B₂ q̂_E) (부모 공간) → f.incomingEndParent. */
export function readIncomingEnd(links: ChainLinks, f: SolveFrame): void {
  const incoming = chainRotation(links, f, f.upperUnit, f.midUnit, f.incomingEndParent);
  copyQuaternion(f.scratchRotation, links.end.quaternion);
  normalizeQuaternion(f.scratchRotation);
  normalizeQuaternion(incoming.multiply(f.scratchRotation));
}

/**
 * endRotation 의 가중치가 1 보다 작을 때: 방금 푼 (끝 회전 없이) 체인에서 끝이 가질 회전 R_A = C q̂_E 에서 R_Q 쪽으로
 * 가중치만큼 → f.endGoalParent (normalize(slerp(R_A, R_Q, w_e))).
 */
export function blendEndGoal(links: ChainLinks, f: SolveFrame): void {
  const follow = chainRotation(links, f, f.upperRotation, f.midRotation, f.incomingChain);
  copyQuaternion(f.scratchRotation, links.end.quaternion);
  normalizeQuaternion(f.scratchRotation);
  follow.multiply(f.scratchRotation);
  copyQuaternion(f.endGoalParent, f.endTargetParent);
  blendFromIncoming(f.endGoalParent, follow, f.endWeight);
}

/**
 * 끝 회전이 R_goal 로 정해졌을 때 삼각형이 겨눌 점: target − R_goal R_in⁻¹ o_in (부모 공간) → f.aimTargetParent.
 * (끝 뼈의 스케일은 돌아도 그대로라 end 원점 → tip 은 끝의 회전과 함께 돈다.)
 */
export function aimForHeldTip(f: SolveFrame, goal: Quaternion): void {
  const turn = f.scratchRotation;
  copyQuaternion(turn, f.incomingEndParent);
  turn.invert().premultiply(goal);
  const offset = f.fromDir.copy(f.tipOffsetParent);
  rotateVector(offset, turn);
  f.aimTargetParent.subVectors(f.targetParent, offset);
}

/** 끝이 f.endGoalParent 를 갖도록: q_E1 = normalize((q_U′ B₁ q_M′ B₂)⁻¹ R_goal) → f.endRotation (섞기 전의 체인으로). */
export function turnEndToGoal(links: ChainLinks, f: SolveFrame): void {
  const inverse = chainRotation(links, f, f.upperRotation, f.midRotation, f.newChainInverse).invert();
  normalizeQuaternion(f.endRotation.multiplyQuaternions(inverse, f.endGoalParent));
}

/**
 * weight < 1 에서 endRotation: end 도 들어온 회전에서 weight 만큼 (weight → 0 이면 들어온 회전으로). 들어온 회전은
 * 정규화한 q̂_E (spec/END_EFFECTOR.md, Python 과 같다).
 */
export function blendEndWithIncoming(links: ChainLinks, f: SolveFrame): void {
  const incoming = f.scratchRotation;
  copyQuaternion(incoming, links.end.quaternion);
  normalizeQuaternion(incoming);
  blendFromIncoming(f.endRotation, incoming, f.settings);
}
