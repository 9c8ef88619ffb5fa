// 발 뼈의 월드 회전 쓰기: 다리 풀이 (keepEndRotation) 뒤에 발을 땅 법선으로 돌린다.
// 끝 회전 기능 (issue 16 의 endRotation) 이 생기면 이 파일만 그 옵션으로 바꾸면 된다.
import { Quaternion, Vector3 } from "three";
import type { Object3D } from "three";

const _parentPosition = /*@__PURE__*/ new Vector3();
const _parentScale = /*@__PURE__*/ new Vector3();
const _parentRotation = /*@__PURE__*/ new Quaternion();

/**
 * bone 의 월드 회전이 rotationWorld 가 되도록 bone.quaternion 을 쓰고 bone 의 행렬을 갱신한다.
 * 부모의 matrixWorld 는 최신이라 가정한다 (TwoBoneIK.solve 뒤에는 mid 부터 끝까지 최신이다). 부모 스케일은 균등이라 가정한다.
 * 할당하지 않는다.
 */
export function setWorldRotation(bone: Object3D, rotationWorld: Readonly<Quaternion>): void {
  const parent = bone.parent;
  if (parent === null) {
    bone.quaternion.copy(rotationWorld);
  } else {
    parent.matrixWorld.decompose(_parentPosition, _parentRotation, _parentScale);
    bone.quaternion.copy(_parentRotation.invert().multiply(rotationWorld)).normalize();
  }
  bone.updateMatrix();
  bone.updateMatrixWorld(false);
}

/**
 * out ← up 을 normal 쪽으로 기울이는 가장 작은 회전, 각도는 min(weight·θ, maxTilt) (θ = ∠(up, normal), rad).
 * 두 벡터는 단위 벡터라 가정한다. 할당하지 않는다.
 */
export function tiltTowards(out: Quaternion, up: Readonly<Vector3>, normal: Readonly<Vector3>, weight: number, maxTilt: number): Quaternion {
  // 축 = up × normal, sin θ = |축|, cos θ = up·normal.
  const ax = up.y * normal.z - up.z * normal.y, ay = up.z * normal.x - up.x * normal.z, az = up.x * normal.y - up.y * normal.x;
  const sin = Math.sqrt(ax * ax + ay * ay + az * az);
  const cos = up.x * normal.x + up.y * normal.y + up.z * normal.z;
  const angle = Math.min(Math.atan2(sin, cos) * weight, maxTilt);
  if (!(sin > 0) || !(angle > 0)) return out.set(0, 0, 0, 1);
  const s = Math.sin(angle / 2) / sin;
  return out.set(ax * s, ay * s, az * s, Math.cos(angle / 2));
}
