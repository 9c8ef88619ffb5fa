// 3 단계 — 풀기와 돌리기: 삼각형 하나 (뿌리 – 관절 – 효과점) 를 풀고 upper·mid 를 가장 작은 회전으로 돌린다.
import type { Vector3 } from "three";
import { solveChain } from "../math/solveTwoBoneIK.js";
import { softenTarget } from "../math/softIK.js";
import { mayMissEnd, rotateMidToEnd, rotateUpperToJoint } from "./rotateChain.js";
import { refineEnd } from "./exactEnd.js";
import { SOLVE } from "./validateCall.js";
import type { ChainLinks } from "./chainLinks.js";
import type { SolveFrame } from "./solveFrame.js";

/**
 * aim (부모 공간, soft IK 가 제자리에서 당긴다) 을 효과점이 겨누도록 푼다. useTip 이면 효과점은 아래 뼈와 함께 움직이는
 * tip (삼각형의 아래 변 mid → tip), 아니면 end 원점. 굽힘 제한은 f.bendLimits. rotate 이면 upper·mid 의 새 회전을
 * f.upperRotation·f.midRotation 에 (float32 잡음이 있는 체인은 끝을 다듬는다). 닿는가 (범위·제한 안이고 soft 가
 * 당기지 않았다) 를 돌려준다. 아무것도 뼈에 쓰지 않는다.
 */
export function reachTriangle(links: ChainLinks, f: SolveFrame, aim: Vector3, useTip: boolean, rotate: boolean): boolean {
  const lengths = useTip ? f.tipLengths : f.lengths;
  const softened = softenTarget(aim, f.rootParent, lengths, f.settings);
  const solved = solveChain(SOLVE, f.rootParent, lengths, aim, f.poleParent, f.solved, f.bendLimits);
  const reachable = solved.reachable && !softened;
  if (rotate) {
    rotateUpperToJoint(links, f);
    rotateMidToEnd(links, f, useTip ? f.tipLowerLocal : f.lowerLocal, lengths);
    if (mayMissEnd(links, lengths)) refineEnd(links, f, SOLVE, useTip, lengths);
  }
  return reachable;
}
