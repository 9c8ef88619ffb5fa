// 단계들이 함께 쓰는 작은 연산. 수를 인자·반환값으로 주고받지 않는다 (docs/PERFORMANCE.md §1).
import type { Matrix4, Object3D, Quaternion, Vector3 } from "three";
import { copyUnitQuaternion } from "../math/quaternionBlend.js";

/** out ← unit(to − from). 길이가 0 이면 out 은 0 벡터. */
export function setUnitDirection(out: Vector3, from: Vector3, to: Vector3): void {
  const x = to.x - from.x, y = to.y - from.y, z = to.z - from.z;
  const length = Math.sqrt(x * x + y * y + z * z);
  const inv = length > 0 ? 1 / length : 0;
  out.x = x * inv; out.y = y * inv; out.z = z * inv;
}

/** v ← v / |v| (0 벡터는 그대로). */
export function normalizeVector(v: Vector3): void {
  const x = v.x, y = v.y, z = v.z, length = Math.sqrt(x * x + y * y + z * z);
  const inv = length > 0 ? 1 / length : 0;
  v.x = x * inv; v.y = y * inv; v.z = z * inv;
}

/** v ← (m 의 3×3 선형 부분)·v. */
export function applyLinear(v: Vector3, m: Matrix4): void {
  const e = m.elements, x = v.x, y = v.y, z = v.z;
  v.x = e[0]! * x + e[4]! * y + e[8]! * z;
  v.y = e[1]! * x + e[5]! * y + e[9]! * z;
  v.z = e[2]! * x + e[6]! * y + e[10]! * z;
}

/** v ← m·v, m 은 아핀 (마지막 행 0 0 0 1: w 로 나누지 않는다). */
export function applyAffine(v: Vector3, m: Matrix4): void {
  const e = m.elements, x = v.x, y = v.y, z = v.z;
  v.x = e[0]! * x + e[4]! * y + e[8]! * z + e[12]!;
  v.y = e[1]! * x + e[5]! * y + e[9]! * z + e[13]!;
  v.z = e[2]! * x + e[6]! * y + e[10]! * z + e[14]!;
}

/** out ← T·R·S (+ pivot): three 의 updateMatrix 와 같은 식이지만 object 에는 쓰지 않는다. */
export function composeLocal(out: Matrix4, object: Object3D): void {
  out.compose(object.position, object.quaternion, object.scale);
  const pivot = object.pivot;
  if (pivot != null) { // != null: r184 이전 three 에는 pivot 이 없다 (undefined)
    const px = pivot.x, py = pivot.y, pz = pivot.z;
    const te = out.elements;
    te[12] = te[12]! + px - te[0]! * px - te[4]! * py - te[8]! * pz;
    te[13] = te[13]! + py - te[1]! * px - te[5]! * py - te[9]! * pz;
    te[14] = te[14]! + pz - te[2]! * px - te[6]! * py - te[10]! * pz;
  }
}

/** end 의 원점을 end 부모의 로컬 공간에서 out 에 (pivot 이 있으면 합성한 로컬 행렬에서). */
export function endOrigin(end: Object3D, out: Vector3, scratch: Matrix4): Vector3 {
  if (end.pivot == null) return out.copy(end.position);
  composeLocal(scratch, end);
  return out.setFromMatrixPosition(scratch);
}

/**
 * v 를 bones (위에서 아래 순서, 모두 사이 뼈) 의 로컬 변환으로 아래에서 위로 옮기고, 그 회전의 곱
 * q₁ q₂ … (위에서 아래, 정규화) 을 rotation 에 쓴다. unit 은 작업용 사원수. also 를 주면 같은 변환으로 함께 옮긴다
 * (뼈마다 로컬 행렬을 한 번만 합성한다: 체인을 읽을 때 mid 와 end 가 같은 사이 뼈를 지난다).
 */
export function applyBetween(
  v: Vector3, bones: readonly Object3D[], rotation: Quaternion, unit: Quaternion, scratch: Matrix4, also: Vector3 | null = null,
): void {
  rotation.identity();
  for (let i = bones.length - 1; i >= 0; i--) {
    const bone = bones[i]!;
    const local = bone.matrixAutoUpdate ? scratch : bone.matrix;
    if (local === scratch) composeLocal(scratch, bone);
    applyAffine(v, local);
    if (also !== null) applyAffine(also, local);
    copyUnitQuaternion(unit, bone.quaternion); // 작업용 사원수: 변경 콜백 없이 (docs/PERFORMANCE.md §9)
    rotation.premultiply(unit);
  }
}

const RESCALE_MIN = 2 ** -500, RESCALE_MAX = 2 ** 500;

/**
 * out ← m 의 회전: three 의 Matrix4.decompose 와 같은 식 (열마다 길이로 나누고, 행렬식이 음수면 x 열의 부호를 바꾼다).
 * decompose 는 수를 인자·반환값으로 주고받아 할당할 수 있어 (docs/PERFORMANCE.md §1) 풀어 쓴다. scratch 는 작업용.
 * 가장 큰 성분이 [2^−500, 2^500] 밖이면 먼저 2 의 거듭제곱으로 옮긴다 (정확한 곱: 열의 길이가 넘치거나 사라지지 않게,
 * 보통 크기에서는 three 와 같은 비트). Python 의 _bone_effector.parent_rotation 과 같은 식.
 */
export function writeMatrixRotation(m: Matrix4, scratch: Matrix4, out: Quaternion): void {
  const e = m.elements, r = scratch.elements;
  let m00 = e[0]!, m10 = e[1]!, m20 = e[2]!, m01 = e[4]!, m11 = e[5]!, m21 = e[6]!, m02 = e[8]!, m12 = e[9]!, m22 = e[10]!;
  let largest = 0;
  for (let i = 0; i < 11; i++) {
    if ((i & 3) === 3) continue; // 선형 부분 3×3 만
    const v = Math.abs(e[i]!);
    if (v > largest) largest = v;
  }
  if (largest > 0 && !(largest >= RESCALE_MIN && largest <= RESCALE_MAX)) {
    const k = 2 ** -(Math.floor(Math.log2(largest)) + 1);
    m00 *= k; m10 *= k; m20 *= k; m01 *= k; m11 *= k; m21 *= k; m02 *= k; m12 *= k; m22 *= k;
  }
  const det = m00 * (m11 * m22 - m21 * m12) - m01 * (m10 * m22 - m20 * m12) + m02 * (m10 * m21 - m20 * m11);
  let sx = Math.sqrt(m00 * m00 + m10 * m10 + m20 * m20);
  const sy = Math.sqrt(m01 * m01 + m11 * m11 + m21 * m21), sz = Math.sqrt(m02 * m02 + m12 * m12 + m22 * m22);
  if (det < 0) sx = -sx;
  const ix = 1 / sx, iy = 1 / sy, iz = 1 / sz;
  r[0] = m00 * ix; r[1] = m10 * ix; r[2] = m20 * ix;
  r[4] = m01 * iy; r[5] = m11 * iy; r[6] = m21 * iy;
  r[8] = m02 * iz; r[9] = m12 * iz; r[10] = m22 * iz;
  out.setFromRotationMatrix(scratch);
}
