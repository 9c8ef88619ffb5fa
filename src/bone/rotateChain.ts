// 3 단계 — 돌리기: 풀린 관절·끝 (부모 공간) 으로 upper·mid 를 가장 작은 회전으로 돌린다 (비틀림 없음).
import { copyQuaternion, rotateVector } from "../math/quaternionFields.js";
import { rotationBetweenIntoOwn } from "../math/rotationBetween.js";
import { applyLinear, composeLocal, normalizeVector, setUnitDirection } from "./localMath.js";
import type { Vector3 } from "three";
import type { ChainLengths } from "../math/solveTwoBoneIK.js";
import type { ChainLinks } from "./chainLinks.js";
import type { SolveFrame } from "./solveFrame.js";

/**
 * upper: 지금 관절 방향 → 풀린 관절 방향 (Δ₁, 부모 공간). 왼쪽에 곱한다: q_U′ = Δ₁ q_U → f.upperRotation.
 * q_U 대신 읽을 때 정규화한 q̂_U 를 쓴다 (쓰는 회전이 단위 사원수). 위 뼈 길이가 0 이면 그대로.
 */
export function rotateUpperToJoint(links: ChainLinks, f: SolveFrame): void {
  if (!(f.lengths.upperLength > 0)) {
    copyQuaternion(f.upperRotation, links.upper.quaternion);
    return;
  }
  setUnitDirection(f.fromDir, f.rootParent, f.midParent);
  setUnitDirection(f.toDir, f.rootParent, f.solved.joint);
  rotationBetweenIntoOwn(f.fromDir, f.toDir, f.upperDelta);
  // 정규화한 q̂_U 에 곱한다: 두 단위 사원수의 곱은 반올림 몇 ulp 안에서 단위라 다시 정규화하지 않는다.
  f.upperRotation.multiplyQuaternions(f.upperDelta, f.upperUnit);
}

/**
 * mid: 지금 아래 뼈 u_from = R̂_M S_M B₂ p_E (lowerLocal: f.lowerLocal, tip 을 겨누면 f.tipLowerLocal) 를 풀린 아래 뼈
 * u_to 로, mid 의 부모 축에서 잇는다:
 * u_to = B₁⁻¹ S_U⁻¹ R_U′ᵀ (끝 − 관절), q_M′ = rot(u_from → u_to) q_M → f.midRotation. 아래 뼈 길이가 0 이면 그대로.
 * 부모 공간의 Δ₂ 를 켤레로 옮기는 것과 같은 회전이지만 곱셈이 적고, upper 와 mid 사이가 정확히 회전 × 균등 스케일이
 * 아닐 때 (float32 잡음) 도 그려질 아래 뼈의 방향이 정확하다 (길이만 그 잡음만큼 다르다: exactEnd.ts).
 */
export function rotateMidToEnd(links: ChainLinks, f: SolveFrame, lowerLocal: Vector3, lengths: ChainLengths): void {
  if (!(lengths.lowerLength > 0)) {
    copyQuaternion(f.midRotation, links.mid.quaternion);
    return;
  }
  // Vector3 메서드 대신 필드로 (docs/PERFORMANCE.md §9; 연산 순서는 subVectors·divide·copy 와 같다).
  const to = f.toDir, end = f.solved.end, joint = f.solved.joint;
  to.x = end.x - joint.x; to.y = end.y - joint.y; to.z = end.z - joint.z;
  rotateVector(to, f.upperRotation, true);
  const upperScale = links.upper.scale;
  to.x /= upperScale.x; to.y /= upperScale.y; to.z /= upperScale.z;
  const between1 = links.between1;
  for (let i = 0; i < between1.length; i++) {
    composeLocal(f.localMatrix, between1[i]!);
    applyLinear(to, f.localMatrix.invert()); // 방향만: 이동은 쓰지 않는다
  }
  const from = f.fromDir;
  from.x = lowerLocal.x; from.y = lowerLocal.y; from.z = lowerLocal.z;
  normalizeVector(from);
  normalizeVector(to);
  rotationBetweenIntoOwn(from, to, f.midDelta);
  f.midRotation.multiplyQuaternions(f.midDelta, f.midUnit);
}

/** upper 와 mid 사이가 회전 × 균등 스케일이 아닐 수 있는가 (사이 뼈가 있거나 upper 의 scale 성분이 정확히 같지 않다). */
export function mayMissEnd(links: ChainLinks, lengths: ChainLengths): boolean {
  const s = links.upper.scale;
  return lengths.lowerLength > 0 && (links.between1.length > 0 || s.x !== s.y || s.y !== s.z);
}
