// 3 단계의 다른 길 — 끝 다듬기: upper 와 mid 사이가 정확히 회전 × 균등 스케일이 아닌 체인 (진짜 파일의 float32 잡음).
import { solveChain } from "../math/solveTwoBoneIK.js";
import { rotateVector } from "../math/quaternionFields.js";
import type { Vector3 } from "three";
import type { ChainLengths } from "../math/solveTwoBoneIK.js";
import { applyAffine, applyBetween, composeLocal, endOrigin } from "./localMath.js";
import { rotateMidToEnd, rotateUpperToJoint } from "./rotateChain.js";
import type { ChainLinks } from "./chainLinks.js";
import type { SolveFrame } from "./solveFrame.js";
import { END_REFINED, END_REFINEMENTS } from "../math/tolerances.js";


/**
 * 새 회전 (f.upperRotation·f.midRotation) 으로 three 가 그릴 end 원점 (useTip 이면 tip) 을 부모 공간에서
 * f.drawnEndParent 에:
 * root + R_U′ S_U B₁ (p_M + R_M′ S_M B₂ p_E). 사이 뼈 B 는 three 가 그리는 행렬 그대로 (날 사원수·스케일 포함).
 */
function drawEnd(links: ChainLinks, f: SolveFrame, useTip: boolean): void {
  const { upper, mid, end, between1, between2 } = links;
  let v: Vector3;
  if (useTip) { // tip 을 겨눈다: end 의 로컬 행렬로 옮긴 tip
    composeLocal(f.localMatrix, end);
    v = f.drawnEndParent.copy(f.tipLocal);
    applyAffine(v, f.localMatrix);
  } else {
    v = endOrigin(end, f.drawnEndParent, f.localMatrix);
  }
  if (between2.length > 0) applyBetween(v, between2, f.scratchRotation, f.betweenUnit, f.localMatrix);
  rotateVector(v.multiply(mid.scale), f.midRotation);
  v.add(mid.position);
  if (between1.length > 0) applyBetween(v, between1, f.scratchRotation, f.betweenUnit, f.localMatrix);
  rotateVector(v.multiply(upper.scale), f.upperRotation);
  v.add(f.rootParent);
}

/**
 * 닿는 목표: mid 의 방향은 정확하고 남는 것은 아래 뼈 길이의 차이 (δ·b, ~1e-7·b) 뿐이다. 그려질 끝을 재서 어긋난 만큼
 * 겨누는 점을 옮겨 다시 푼다 (많아야 두 번). 다시 풀 때는 처음 풀린 관절 쪽을 극으로 쓴다: 극이 뿌리–목표 직선 가까이
 * 있으면 겨누는 점을 δ 만 옮겨도 굽는 쪽이 뒤집힐 수 있는데, 관절은 직선에서 떨어져 있어 굽힘 평면이 그대로 남는다.
 *
 * 닿지 않는 목표 (펴졌거나 접힘) 는 다듬지 않는다: 관절은 이미 뿌리–끝 직선 위이고 끝은 목표 쪽을 가리킨다.
 * 길이 차이 δ 를 겨누는 점으로 메우면 완전히 편 팔다리가 √(2δL) 만큼 다시 굽는다 (곧음이 먼저다).
 * reachable 은 처음 풀이가 정한다.
 */
export function refineEnd(links: ChainLinks, f: SolveFrame, caller: string, useTip: boolean, lengths: ChainLengths): void {
  const solved = f.solved;
  if (!solved.reachable) return;
  const goal = f.goalParent.copy(solved.end), aim = f.aimParent.copy(solved.end), drawn = f.drawnEndParent;
  const limit = END_REFINED * (lengths.upperLength + lengths.lowerLength);
  // 극 = 뿌리 + 관절의 (뿌리 → 끝) 직선에 수직인 성분. 관절이 직선 위면 (곧음) 원래 극.
  const root = f.rootParent, pole = f.refinePoleParent.copy(f.poleParent);
  const jx = solved.joint.x - root.x, jy = solved.joint.y - root.y, jz = solved.joint.z - root.z;
  const gx = goal.x - root.x, gy = goal.y - root.y, gz = goal.z - root.z;
  const gg = gx * gx + gy * gy + gz * gz, along = gg > 0 ? (jx * gx + jy * gy + jz * gz) / gg : 0;
  const px = jx - along * gx, py = jy - along * gy, pz = jz - along * gz;
  if (px * px + py * py + pz * pz > 0) {
    pole.x = root.x + px; pole.y = root.y + py; pole.z = root.z + pz;
  }
  const lowerLocal = useTip ? f.tipLowerLocal : f.lowerLocal;
  for (let i = 0; i < END_REFINEMENTS; i++) {
    drawEnd(links, f, useTip);
    const ex = goal.x - drawn.x, ey = goal.y - drawn.y, ez = goal.z - drawn.z;
    if (!(ex * ex + ey * ey + ez * ez > limit * limit)) break;
    aim.x += ex; aim.y += ey; aim.z += ez;
    // 굽힘 제한도 그대로 건다: 겨누는 점이 δ 만큼 제한 밖으로 나가도 굽힘은 제한 안에 남는다.
    solveChain(caller, root, lengths, aim, pole, solved, f.bendLimits);
    rotateUpperToJoint(links, f);
    rotateMidToEnd(links, f, lowerLocal, lengths);
  }
  solved.reachable = true;
}
