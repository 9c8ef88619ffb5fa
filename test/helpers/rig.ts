// 테스트용 체인: 부모 변환 표와 glTF 같은 휴지 회전을 가진 upper → mid → end 뼈.
import { Bone, Euler, Group, Quaternion, Vector3 } from "three";
import type { Object3D } from "three";

export interface Chain {
  /** 체인 위의 조상 (부모 변환을 가진다). */
  grandparent: Group;
  parent: Group;
  upper: Bone;
  mid: Bone;
  end: Bone;
}

export interface ParentTransform {
  name: string;
  position: [number, number, number];
  rotation: [number, number, number];
  /** 균등 스케일. 음수 성분 하나는 거울 반사. */
  scale: [number, number, number];
}

/** ozz 의 테스트처럼 같은 기대를 여러 부모 변환에서 돌린다. */
export const PARENT_TRANSFORMS: ParentTransform[] = [
  { name: "identity", position: [0, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1] },
  { name: "moved", position: [3, -2, 5], rotation: [0, 0, 0], scale: [1, 1, 1] },
  { name: "rotated", position: [0, 0, 0], rotation: [0.7, -1.2, 2.1], scale: [1, 1, 1] },
  { name: "scaled ×2", position: [1, 1, 1], rotation: [0.3, 0.2, 0.1], scale: [2, 2, 2] },
  { name: "scaled ×0.01 (FBX centimetres)", position: [0.5, 1, -0.2], rotation: [-Math.PI / 2, 0, 0], scale: [0.01, 0.01, 0.01] },
  { name: "mirrored", position: [-1, 0.5, 0], rotation: [0, 0.4, 0], scale: [-1, 1, 1] },
  { name: "far from the origin", position: [1e5, -1e5, 5e4], rotation: [1, 2, 3], scale: [1, 1, 1] },
];

/**
 * 체인을 만든다. 뼈의 휴지 회전은 임의(glTF·FBX 처럼)이고 뼈 방향도 임의의 축이다.
 * 부모 공간 단위의 뼈 길이: upperLength, lowerLength.
 */
/** 할아버지 → 부모 (transform 의 이동·회전·스케일). 체인의 upper 는 부모 아래에 둔다. */
export function makeParents(transform: ParentTransform): { grandparent: Group; parent: Group } {
  const grandparent = new Group();
  grandparent.name = "grandparent";
  const parent = new Group();
  parent.name = "parent";
  parent.position.fromArray(transform.position);
  parent.rotation.set(...transform.rotation);
  parent.scale.fromArray(transform.scale);
  grandparent.add(parent);
  return { grandparent, parent };
}

export function makeChain(
  transform: ParentTransform = PARENT_TRANSFORMS[0]!,
  upperLength = 30,
  lowerLength = 25,
  restRotations: [Euler, Euler, Euler] = [new Euler(0.4, -0.3, 1.2), new Euler(-1.1, 0.2, 0.5), new Euler(0.3, 0.9, -0.7)],
): Chain {
  const { grandparent, parent } = makeParents(transform);

  const upper = new Bone(), mid = new Bone(), end = new Bone();
  upper.name = "upper"; mid.name = "mid"; end.name = "end";
  upper.position.set(2, 7, -1);
  upper.quaternion.setFromEuler(restRotations[0]);
  // 뼈 방향이 +Y 가 아닌 임의의 축 (Mixamo 는 +Y, Blender 내보내기는 다양하다).
  mid.position.set(0.3, 0.8, -0.52).normalize().multiplyScalar(upperLength);
  mid.quaternion.setFromEuler(restRotations[1]);
  end.position.set(-0.6, 0.1, 0.79).normalize().multiplyScalar(lowerLength);
  end.quaternion.setFromEuler(restRotations[2]);
  parent.add(upper);
  upper.add(mid);
  mid.add(end);
  grandparent.updateMatrixWorld(true);
  return { grandparent, parent, upper, mid, end };
}

/** 월드 위치를 뼈에서 새로 계산한다 (solver 의 갱신을 믿지 않는다). */
export function worldPositionOf(object: Object3D): Vector3 {
  let top: Object3D = object;
  while (top.parent !== null) top = top.parent;
  top.updateMatrixWorld(true);
  return new Vector3().setFromMatrixPosition(object.matrixWorld);
}

export function worldQuaternionOf(object: Object3D): Quaternion {
  return object.getWorldQuaternion(new Quaternion());
}

/** 부모 공간 한 단위가 월드에서 몇인지 (균등 스케일). */
export function chainWorldScale(chain: Chain): number {
  chain.grandparent.updateMatrixWorld(true);
  return chain.parent.matrixWorld.getMaxScaleOnAxis();
}
