// 기준선: 사용자의 주문서에 딸려 온 30 줄짜리 three.js 두 뼈 IK 예제를 그 모양 그대로 옮긴 것 (이 제품이 바꾸는 코드).
// 일부러 고치지 않는다: 호출마다 new Vector3()/clone(), 부모 행렬의 invert(), 극은 getWorldQuaternion 의 역으로,
// 길이는 로컬 position 의 길이 (스케일 무시), d 는 [|a − b| + 1e-4, a + b − 1e-4] 로 자르고,
// 휴지 방향에서 setFromUnitVectors 로 upper 다음 mid 를 (들어온 회전은 버린다).
import { Quaternion, Vector3 } from "three";
import type { Object3D } from "three";

/** 주문서의 예제: target·pole 은 월드 점. */
export function naiveTwoBoneIK(upper: Object3D, mid: Object3D, end: Object3D, target: Vector3, pole: Vector3): void {
  const parent = upper.parent!;
  parent.updateWorldMatrix(true, false);
  const parentInverse = parent.matrixWorld.clone().invert();
  const targetLocal = target.clone().applyMatrix4(parentInverse);
  const rootWorld = upper.getWorldPosition(new Vector3());
  const parentRotationInverse = parent.getWorldQuaternion(new Quaternion()).invert();
  const poleDirection = pole.clone().sub(rootWorld).applyQuaternion(parentRotationInverse).normalize();

  const a = mid.position.length();
  const b = end.position.length();
  const root = upper.position.clone();
  const toTarget = targetLocal.clone().sub(root);
  const d = Math.min(Math.max(toTarget.length(), Math.abs(a - b) + 1e-4), a + b - 1e-4);
  const direction = toTarget.normalize();

  // 코사인 법칙: 뿌리에서 관절까지의 각
  const cosAngle = (a * a + d * d - b * b) / (2 * a * d);
  const sinAngle = Math.sqrt(Math.max(0, 1 - cosAngle * cosAngle));
  const bend = poleDirection.clone().sub(direction.clone().multiplyScalar(poleDirection.dot(direction))).normalize();
  const joint = root.clone().add(direction.clone().multiplyScalar(a * cosAngle)).add(bend.multiplyScalar(a * sinAngle));
  const endPoint = root.clone().add(direction.clone().multiplyScalar(d));

  upper.quaternion.setFromUnitVectors(mid.position.clone().normalize(), joint.clone().sub(root).normalize());
  const lower = endPoint.clone().sub(joint).applyQuaternion(upper.quaternion.clone().invert()).normalize();
  mid.quaternion.setFromUnitVectors(end.position.clone().normalize(), lower);
  upper.updateMatrixWorld(true);
}
