// 2 단계 — 읽기: 조상의 월드 행렬을 갱신하고 upper 의 부모 행렬을 검사해 뒤집은 뒤, 체인·목표·극을 upper 의 부모 공간으로.
import type { Object3D } from "three";
import { AFFINE_OK, invertConformal } from "../math/affine.js";
import { throwBadParentMatrix } from "../chainChecks.js";
import { writeAutoPole } from "../math/autoPole.js";
import { copyUnitQuaternion, normalizeQuaternion } from "../math/quaternionBlend.js";
import { copyQuaternion, rotateVector } from "../math/quaternionFields.js";
import { applyAffine, applyBetween, composeLocal, endOrigin, writeMatrixRotation } from "./localMath.js";
import type { ChainLinks } from "./chainLinks.js";
import type { SolveFrame } from "./solveFrame.js";

/**
 * 조상의 월드 행렬을 다시 계산하고 (updateAncestors), upper 의 부모 행렬을 검사해 뒤집는다 → f.parentInverse.
 * (getWorldPosition() 은 부를 때마다 조상 전체를 다시 계산하므로 matrixWorld 를 직접 읽는다.)
 */
export function invertParent(caller: string, upper: Object3D, updateAncestors: boolean, f: SolveFrame): void {
  const parent = upper.parent;
  if (parent === null) {
    f.parentInverse.identity();
    return;
  }
  if (updateAncestors) parent.updateWorldMatrix(true, false); // 조상만: 체인은 로컬 행렬로 충분하다
  const defect = invertConformal(f.parentInverse, parent.matrixWorld);
  if (defect !== AFFINE_OK) throwBadParentMatrix(caller, parent, defect);
}

/**
 * 체인을 upper 의 부모 공간으로: root = p_U, mid = p_U + R̂_U S_U B₁ p_M, end = mid + R̂_U S_U B₁ (R̂_M S_M B₂ p_E).
 * B₁·B₂ 는 사이 뼈들의 로컬 행렬 (없으면 항등). R̂ 은 정규화한 사원수의 회전이다: 애니메이션이 쓴 사원수는 |q| 가 1 에서
 * 조금 벗어날 수 있고 우리가 써 넣을 새 회전은 정규화되어 있으므로, 그 자세의 뼈 길이로 풀어야 끝이 정확히 닿는다.
 * 결과: f.rootParent·midParent·endParent, f.lowerLocal, f.lengths, (사이 뼈가 있으면) f.betweenUpperMid·betweenMidEnd.
 */
export function readChainInParentSpace(links: ChainLinks, f: SolveFrame): void {
  const { upper, mid, end, between1, between2 } = links;
  copyUnitQuaternion(f.upperUnit, upper.quaternion);
  copyUnitQuaternion(f.midUnit, mid.quaternion);
  const hasBetween = between1.length > 0 || between2.length > 0;
  // 뜨거운 단계라 three 의 Vector3 메서드 대신 필드로 계산한다 (docs/PERFORMANCE.md §9). 연산 순서는 메서드와 같다.
  // 아래 뼈 (mid 의 부모 축): R̂_M S_M B₂ p_E.
  const lower = endOrigin(end, f.lowerLocal, f.localMatrix);
  if (between2.length > 0) applyBetween(lower, between2, f.betweenMidEnd, f.betweenUnit, f.localMatrix);
  else if (hasBetween) f.betweenMidEnd.identity();
  const midScale = mid.scale;
  lower.x *= midScale.x; lower.y *= midScale.y; lower.z *= midScale.z;
  rotateVector(lower, f.midUnit);
  // mid, end (upper 의 부모 공간): 사이 뼈 B₁ 을 지나 S_U, R̂_U, 그다음 p_U 를 더한다.
  const midPosition = mid.position, midParent = f.midParent, endParent = f.endParent;
  midParent.x = midPosition.x; midParent.y = midPosition.y; midParent.z = midPosition.z;
  endParent.x = midPosition.x + lower.x; endParent.y = midPosition.y + lower.y; endParent.z = midPosition.z + lower.z;
  if (between1.length > 0) {
    applyBetween(midParent, between1, f.betweenUpperMid, f.betweenUnit, f.localMatrix, endParent);
  } else if (hasBetween) f.betweenUpperMid.identity();
  const upperScale = upper.scale, sx = upperScale.x, sy = upperScale.y, sz = upperScale.z;
  midParent.x *= sx; midParent.y *= sy; midParent.z *= sz;
  endParent.x *= sx; endParent.y *= sy; endParent.z *= sz;
  rotateVector(midParent, f.upperUnit);
  rotateVector(endParent, f.upperUnit);
  const upperPosition = upper.position, root = f.rootParent;
  const rx = upperPosition.x, ry = upperPosition.y, rz = upperPosition.z;
  root.x = rx; root.y = ry; root.z = rz;
  const mx = midParent.x + rx, my = midParent.y + ry, mz = midParent.z + rz;
  const ex = endParent.x + rx, ey = endParent.y + ry, ez = endParent.z + rz;
  midParent.x = mx; midParent.y = my; midParent.z = mz;
  endParent.x = ex; endParent.y = ey; endParent.z = ez;
  // 뼈 길이 (부모 공간): a = |mid − root|, b = |end − mid|.
  const lengths = f.lengths;
  let dx = mx - rx, dy = my - ry, dz = mz - rz;
  lengths.upperLength = Math.sqrt(dx * dx + dy * dy + dz * dz);
  dx = ex - mx; dy = ey - my; dz = ez - mz;
  lengths.lowerLength = Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/**
 * tip (end 의 로컬 점) 을 들어온 자세로 부모 공간에 (spec/END_EFFECTOR.md): f.tipParent, mid 의 부모 축에서 mid → tip
 * (f.tipLowerLocal), 아래 뼈와 함께 움직일 때의 삼각형 길이 (f.tipLengths), end 원점 → tip 인 o_in (f.tipOffsetParent).
 * readChainInParentSpace 뒤에 부른다.
 */
export function readTip(links: ChainLinks, f: SolveFrame): void {
  const { upper, mid, end, between1, between2 } = links;
  // end 의 로컬 행렬 (three 가 그리는 식) 로 end 부모의 공간에.
  composeLocal(f.localMatrix, end);
  const lower = f.tipLowerLocal.copy(f.tipLocal);
  applyAffine(lower, f.localMatrix);
  if (between2.length > 0) applyBetween(lower, between2, f.betweenMidEnd, f.betweenUnit, f.localMatrix);
  rotateVector(lower.multiply(mid.scale), f.midUnit);
  const tip = f.tipParent.copy(mid.position).add(lower);
  if (between1.length > 0) applyBetween(tip, between1, f.betweenUpperMid, f.betweenUnit, f.localMatrix);
  rotateVector(tip.multiply(upper.scale), f.upperUnit);
  tip.add(f.rootParent);
  f.tipLengths.upperLength = f.lengths.upperLength;
  const mp = f.midParent;
  const dx = tip.x - mp.x, dy = tip.y - mp.y, dz = tip.z - mp.z;
  f.tipLengths.lowerLength = Math.sqrt(dx * dx + dy * dy + dz * dz);
  f.tipOffsetParent.subVectors(tip, f.endParent);
}

/**
 * 끝 회전 Q (월드) 를 부모 공간으로: R_Q = normalize(R_P⁻¹ Q) → f.endTargetParent. R_P 는 three 의 decompose 가 내는
 * 부모의 월드 회전 (부모가 없으면 항등). 행렬 검사는 invertParent 가 이미 했다.
 */
export function readEndTarget(upper: Object3D, f: SolveFrame): void {
  const goal = f.endTargetParent;
  copyQuaternion(goal, f.endRotationWorld);
  const parent = upper.parent;
  if (parent !== null) {
    writeMatrixRotation(parent.matrixWorld, f.localMatrix, f.parentRotationWorld);
    goal.premultiply(f.parentRotationWorld.invert());
  }
  normalizeQuaternion(goal);
}

/**
 * 목표 (월드) 를 upper 의 부모 공간으로. 극은 주어졌으면 같이 옮기고, 없으면 들어온 자세에서 자동 극을 부모 공간에서
 * 구해 (spec/AUTO_POLE.md) 월드로도 적어 둔다 (ik.poleWorld·TwoBoneIKHelper 용).
 */
export function readTargetAndPole(upper: Object3D, bendParent: Readonly<{ x: number; y: number; z: number }>, autoPole: boolean, f: SolveFrame): void {
  applyAffine(f.targetParent.copy(f.targetWorld), f.parentInverse);
  if (!autoPole) {
    applyAffine(f.poleParent.copy(f.poleWorld), f.parentInverse);
    return;
  }
  writeAutoPole(f.rootParent, f.midParent, f.endParent, bendParent, f.poleParent);
  f.poleWorld.copy(f.poleParent);
  const parent = upper.parent;
  if (parent !== null) applyAffine(f.poleWorld, parent.matrixWorld);
}
