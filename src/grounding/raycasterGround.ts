// THREE.Raycaster 로 주어진 객체들을 땅으로: three-mesh-bvh 의 빠른 raycast 를 사용자가 설치했으면 그것을 그대로 쓴다.
import { Matrix3, Raycaster } from "three";
import type { Intersection, Object3D, Vector3 } from "three";
import type { GroundHit, GroundQuery } from "./groundQuery.js";

/**
 * objects 를 THREE.Raycaster 로 쏘는 땅 질의를 만든다. 가장 가까운 닿음의 점과 면 법선 (월드, 광선 쪽으로 뒤집은 것) 을
 * 돌려준다. 면이 없는 닿음 (점·선) 은 법선을 광선의 반대로 둔다. 위 축은 가정하지 않는다 (광선 방향이 정한다).
 * three-mesh-bvh 의 acceleratedRaycast 를 Mesh.prototype.raycast 에 달아 두면 그것이 쓰인다 (의존성은 아니다).
 * 교차 배열은 다시 쓰지만 three 의 raycast 자체가 닿음마다 객체를 만든다 (할당 없는 땅이 필요하면 높이 함수를 쓴다).
 *
 * @param objects 땅으로 볼 객체들 (배열은 참조로 둔다: 나중에 넣고 빼도 된다).
 * @param recursive 자식까지 볼지 (기본 true).
 * @throws RangeError 배열이 아닌 objects, boolean 이 아닌 recursive.
 */
export function createRaycasterGround(objects: readonly Object3D[], recursive = true): GroundQuery {
  if (!Array.isArray(objects)) {
    throw new RangeError(`createRaycasterGround: objects 는 Object3D 배열이어야 합니다 (받은 값: ${String(objects)})`);
  }
  if (typeof recursive !== "boolean") {
    throw new RangeError(`createRaycasterGround: recursive 는 boolean 이어야 합니다 (받은 값: ${String(recursive)})`);
  }
  const raycaster = new Raycaster();
  const hits: Intersection[] = [];
  const normalMatrix = new Matrix3();
  return (origin: Readonly<Vector3>, direction: Readonly<Vector3>, maxDistance: number, out: GroundHit): GroundHit | null => {
    raycaster.ray.origin.copy(origin);
    raycaster.ray.direction.copy(direction);
    raycaster.near = 0;
    raycaster.far = maxDistance;
    hits.length = 0;
    raycaster.intersectObjects(objects as Object3D[], recursive, hits);
    const hit = hits[0];
    hits.length = 0;
    if (hit === undefined) return null;
    out.point.copy(hit.point);
    const normal = out.normal;
    if (hit.face != null) {
      normal.copy(hit.face.normal).applyMatrix3(normalMatrix.getNormalMatrix(hit.object.matrixWorld)).normalize();
      if (normal.dot(direction) > 0) normal.negate();
    } else {
      normal.copy(direction).negate();
    }
    return out;
  };
}
