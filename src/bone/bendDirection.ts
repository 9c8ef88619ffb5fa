// 자동 극의 기본 굽힘 방향 n: 생성 시점에 한 번 정해 upper 의 부모 공간에 고정한다 (생성자만 부른다: 할당해도 된다).
import { Matrix4, Vector3 } from "three";
import { AUTO_POLE_STRAIGHT } from "../math/autoPole.js";
import { AFFINE_OK, invertConformal } from "../math/affine.js";
import { isGoodBone } from "../chainChecks.js";
import { readChainInParentSpace } from "./readChain.js";
import { SolveFrame } from "./solveFrame.js";
import type { ChainLinks } from "./chainLinks.js";

/** 기본 굽힘 방향을 어디서 얻었는가 ({@link TwoBoneIK.bendSource}). */
export type BendSource = "option" | "pose" | "body" | "world";

/** 기본 굽힘 방향 (upper 의 부모 공간의 단위 벡터) 과 그 출처. */
export interface BendDefault {
  readonly bendParent: Vector3;
  readonly source: BendSource;
}

const _worldZ = /*@__PURE__*/ new Vector3(0, 0, 1);

/**
 * 기본 굽힘 방향 n 을 upper 의 부모 공간의 단위 벡터로: bendWorld (월드, 옵션) 가 있으면 그것, 없으면 지금 자세의 굽힘이
 * 뚜렷할 때 (s ≥ AUTO_POLE_STRAIGHT) 그 방향, 아니면 bodyWorld (캐릭터의 몸에서 잰 방향), 그것도 없으면 월드 +Z.
 * 부모 행렬을 뒤집을 수 없으면 월드 방향을 그대로 둔다 (그런 부모는 solve() 가 거부한다).
 */
export function chooseBendDirection(links: ChainLinks, bendWorld: Vector3 | undefined, bodyWorld: () => Vector3 | null): BendDefault {
  const parent = links.upper.parent;
  const parentInverse = new Matrix4();
  let invertible = true;
  if (parent !== null) {
    parent.updateWorldMatrix(true, false);
    invertible = invertConformal(parentInverse, parent.matrixWorld) === AFFINE_OK;
  }
  // 방향만 옮긴다: 부모의 역행렬은 1e160 처럼 클 수 있어 (아주 작은 부모) 제곱이 넘치지 않게 가장 큰 성분으로 먼저 나눈다
  // (three 의 transformDirection 은 바로 normalize 해 넘치면 0 벡터가 된다).
  const toParent = (world: Vector3): Vector3 => {
    const v = world.clone();
    if (parent !== null && invertible) {
      const e = parentInverse.elements, x = v.x, y = v.y, z = v.z;
      v.set(e[0]! * x + e[4]! * y + e[8]! * z, e[1]! * x + e[5]! * y + e[9]! * z, e[2]! * x + e[6]! * y + e[10]! * z);
      const largest = Math.max(Math.abs(v.x), Math.abs(v.y), Math.abs(v.z));
      if (largest > 0) v.divideScalar(largest);
    }
    return v.normalize();
  };
  if (bendWorld !== undefined) return { bendParent: toParent(bendWorld), source: "option" };
  const posed = bendOfPose(links);
  if (posed !== null) return { bendParent: posed, source: "pose" };
  const body = bodyWorld();
  if (body !== null) return { bendParent: toParent(body), source: "body" };
  return { bendParent: toParent(_worldZ), source: "world" };
}

/** 지금 자세의 굽힘 방향 (부모 공간, 단위): 팔다리 길이에 대한 굽힘 s 가 AUTO_POLE_STRAIGHT 이상일 때만. */
function bendOfPose(links: ChainLinks): Vector3 | null {
  if (!(isGoodBone(links.upper, true, false) && isGoodBone(links.mid, true, false) && isGoodBone(links.end, false, true))) return null;
  const f = new SolveFrame();
  readChainInParentSpace(links, f);
  const u = f.endParent.clone().sub(f.rootParent);
  const bend = f.midParent.clone().sub(f.rootParent);
  if (u.lengthSq() > 0) bend.addScaledVector(u.normalize(), -bend.dot(u));
  const chain = f.lengths.upperLength + f.lengths.lowerLength;
  if (chain > 0 && bend.length() / chain >= AUTO_POLE_STRAIGHT && Number.isFinite(bend.x + bend.y + bend.z)) return bend.normalize();
  return null;
}
