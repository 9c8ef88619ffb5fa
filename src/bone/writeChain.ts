// 5 단계 — 쓰기: 뼈에는 회전만 한 번씩 쓰고 (위치·스케일은 그대로), 체인의 행렬을 갱신해 결과를 뼈에서 읽는다.
import type { Object3D, Vector3 } from "three";
import { copyQuaternion } from "../math/quaternionFields.js";
import type { TwoBoneIKResult } from "../math/solveTwoBoneIK.js";
import { applyAffine } from "./localMath.js";
import type { ChainLinks } from "./chainLinks.js";
import type { SolveFrame } from "./solveFrame.js";

/** 로컬 행렬과 월드 행렬을 three 의 updateWorldMatrix 와 같은 규칙으로 다시 계산한다 (부모의 월드 행렬은 최신). */
function refreshWorldMatrix(object: Object3D): void {
  if (object.matrixAutoUpdate) object.updateMatrix();
  if (object.matrixWorldAutoUpdate) {
    if (object.parent === null) object.matrixWorld.copy(object.matrix);
    else object.matrixWorld.multiplyMatrices(object.parent.matrixWorld, object.matrix);
  }
  object.matrixWorldNeedsUpdate = false;
}

/** upper 부터 end 까지 (사이 뼈 포함) 로컬·월드 행렬을 위에서 아래로 다시 계산한다. */
function refreshChainMatrices(links: ChainLinks): void {
  refreshWorldMatrix(links.upper);
  for (let i = 0; i < links.between1.length; i++) refreshWorldMatrix(links.between1[i]!);
  refreshWorldMatrix(links.mid);
  for (let i = 0; i < links.between2.length; i++) refreshWorldMatrix(links.between2[i]!);
  refreshWorldMatrix(links.end);
}

/**
 * rotate 가 true 면 새 회전을 쓴다 (writeEnd 면 end 도). weight 0 이어도 월드 행렬은 갱신한다: 결과와 다음 읽기가
 * 지금 자세를 보게. 결과 (월드) 는 갱신한 뼈의 행렬에서 읽는다 (end 는 hasTip 이면 tip 의 자리).
 */
export function writeChain(
  links: ChainLinks, f: SolveFrame, rotate: boolean, writeEnd: boolean, rootWorld: Vector3, out: TwoBoneIKResult, hasTip: boolean,
): void {
  const { upper, mid, end } = links;
  if (rotate) {
    copyQuaternion(upper.quaternion, f.upperRotation);
    copyQuaternion(mid.quaternion, f.midRotation);
    if (writeEnd) copyQuaternion(end.quaternion, f.endRotation);
  }
  refreshChainMatrices(links);
  rootWorld.setFromMatrixPosition(upper.matrixWorld);
  out.joint.setFromMatrixPosition(mid.matrixWorld);
  // 결과의 end 는 효과점: tip 이 있으면 end 의 새 월드 행렬로 옮긴 tip.
  if (hasTip) applyAffine(out.end.copy(f.tipLocal), end.matrixWorld);
  else out.end.setFromMatrixPosition(end.matrixWorld);
}
