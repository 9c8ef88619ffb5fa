// 2 단계 — 읽기: 조상의 월드 행렬을 갱신하고 upper 의 부모 행렬을 검사해 뒤집은 뒤, 체인·목표·극을 upper 의 부모 공간으로.
import type { Object3D } from "three";
import { AFFINE_NOT_FINITE, AFFINE_NOT_INVERTIBLE, AFFINE_OK, invertConformal } from "../math/affine.js";
import { throwBadParentMatrix, throwParentNotFinite, throwSingularParent } from "../chainChecks.js";
import { writeAutoPole } from "../math/autoPole.js";
import { normalizeQuaternion } from "../math/quaternionBlend.js";
import { copyQuaternion, rotateVector } from "../math/quaternionFields.js";
import { applyAffine, applyBetween, endOrigin } from "./localMath.js";
import type { ChainLinks } from "./chainLinks.js";
import type { SolveFrame } from "./solveFrame.js";

function throwBadParent(caller: string, parent: Object3D, defect: number): never {
  if (defect === AFFINE_NOT_FINITE) throwParentNotFinite(caller, parent);
  if (defect === AFFINE_NOT_INVERTIBLE) throwSingularParent(caller, parent);
  throwBadParentMatrix(caller, parent, defect);
}

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
  if (defect !== AFFINE_OK) throwBadParent(caller, parent, defect);
}

/**
 * 체인을 upper 의 부모 공간으로: root = p_U, mid = p_U + R̂_U S_U B₁ p_M, end = mid + R̂_U S_U B₁ (R̂_M S_M B₂ p_E).
 * B₁·B₂ 는 사이 뼈들의 로컬 행렬 (없으면 항등). R̂ 은 정규화한 사원수의 회전이다: 애니메이션이 쓴 사원수는 |q| 가 1 에서
 * 조금 벗어날 수 있고 우리가 써 넣을 새 회전은 정규화되어 있으므로, 그 자세의 뼈 길이로 풀어야 끝이 정확히 닿는다.
 * 결과: f.rootParent·midParent·endParent, f.lowerLocal, f.lengths, (사이 뼈가 있으면) f.betweenUpperMid·betweenMidEnd.
 */
export function readChainInParentSpace(links: ChainLinks, f: SolveFrame): void {
  const { upper, mid, end, between1, between2 } = links;
  copyQuaternion(f.upperUnit, upper.quaternion);
  normalizeQuaternion(f.upperUnit);
  copyQuaternion(f.midUnit, mid.quaternion);
  normalizeQuaternion(f.midUnit);
  const hasBetween = between1.length > 0 || between2.length > 0;
  // 아래 뼈 (mid 의 부모 축): R̂_M S_M B₂ p_E.
  const lower = endOrigin(end, f.lowerLocal, f.localMatrix);
  if (between2.length > 0) applyBetween(lower, between2, f.betweenMidEnd, f.betweenUnit, f.localMatrix);
  else if (hasBetween) f.betweenMidEnd.identity();
  rotateVector(lower.multiply(mid.scale), f.midUnit);
  // mid, end (upper 의 부모 공간).
  const root = f.rootParent.copy(upper.position);
  const midParent = f.midParent.copy(mid.position);
  const endParent = f.endParent.copy(mid.position).add(lower);
  if (between1.length > 0) {
    applyBetween(midParent, between1, f.betweenUpperMid, f.betweenUnit, f.localMatrix);
    applyBetween(endParent, between1, f.betweenUpperMid, f.betweenUnit, f.localMatrix);
  } else if (hasBetween) f.betweenUpperMid.identity();
  rotateVector(midParent.multiply(upper.scale), f.upperUnit);
  midParent.add(root);
  rotateVector(endParent.multiply(upper.scale), f.upperUnit);
  endParent.add(root);
  // 뼈 길이 (부모 공간): a = |mid − root|, b = |end − mid|.
  const lengths = f.lengths;
  let dx = midParent.x - root.x, dy = midParent.y - root.y, dz = midParent.z - root.z;
  lengths.upperLength = Math.sqrt(dx * dx + dy * dy + dz * dz);
  dx = endParent.x - midParent.x; dy = endParent.y - midParent.y; dz = endParent.z - midParent.z;
  lengths.lowerLength = Math.sqrt(dx * dx + dy * dy + dz * dz);
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
