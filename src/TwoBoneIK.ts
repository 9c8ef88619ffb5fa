import { Matrix4, Quaternion, Vector3 } from "three";
import type { Object3D, Vector3Like } from "three";
import { createChainLengths, createTwoBoneIKResult, DOUBLE_FIELD_SEED, solveChain } from "./math/solveTwoBoneIK.js";
import { assertFinitePoint, isFinitePoint } from "./math/validation.js";
import { AUTO_POLE_STRAIGHT, writeAutoPole } from "./math/autoPole.js";
import { AFFINE_NOT_FINITE, AFFINE_NOT_INVERTIBLE, AFFINE_OK, invertConformal } from "./math/affine.js";
import {
  isGoodBone, isWritableResult, throwBadBone, throwBadParentMatrix, throwBadResult, throwNotBoolean,
  throwNotObject, throwNotUnitInterval, throwParentNotFinite, throwSingularParent,
} from "./chainChecks.js";
import type { ChainLengths, TwoBoneIKResult } from "./math/solveTwoBoneIK.js";
import { rotationBetweenIntoOwn } from "./math/rotationBetween.js";
import { softenTarget } from "./math/softIK.js";
import type { SoftSettings } from "./math/softIK.js";
import { blendFromIncoming, normalizeQuaternion } from "./math/quaternionBlend.js";
import { copyQuaternion, rotateVector } from "./math/quaternionFields.js";
import type { BlendWeight } from "./math/quaternionBlend.js";

/** {@link TwoBoneIK.solve} 한 번에만 적용할 설정. 빠진 값은 인스턴스의 weight·soft·keepEndRotation 을 쓴다. */
export interface TwoBoneIKOptions {
  /**
   * 들어온 자세 (0) 에서 완전한 IK (1) 까지의 섞음 비율, [0, 1]. upper·mid 의 로컬 회전을 slerp 한다.
   * 생략하면 {@link TwoBoneIK.weight} (기본 1).
   */
  weight?: number;
  /**
   * soft IK 구간의 비율 (체인 길이에 대한 비율), [0, 1]. 0 이면 정확한 계약 그대로.
   * 식은 {@link softenDistance}. 생략하면 {@link TwoBoneIK.soft} (기본 0).
   */
  soft?: number;
  /** true 면 끝 뼈 (손·발) 의 월드 회전을 유지한다. 생략하면 {@link TwoBoneIK.keepEndRotation} (기본 false). */
  keepEndRotation?: boolean;
}

/**
 * 한 번의 solve() 가 쓰는 임시 객체 묶음. solve() 안에서 다른 solve() 가 시작될 수 있으므로 (목표의 getter,
 * 뼈 사원수의 변경 콜백, 조상의 updateMatrix 재정의에서) 모듈 하나를 같이 쓰지 않고, 중첩 깊이마다 한 벌씩 둔다.
 * 깊이 0 의 한 벌은 모듈을 불러올 때 만들고, 더 깊은 벌은 그 깊이가 처음 쓰일 때 한 번만 만든다.
 * 호출자에게 돌려주지 않는다.
 */
class SolveFrame {
  readonly parentInverse = new Matrix4();
  /** 체인 사이 뼈·pivot 이 있는 끝의 로컬 행렬 (compose). */
  readonly localMatrix = new Matrix4();
  readonly rootParent = new Vector3();
  readonly midParent = new Vector3();
  readonly endParent = new Vector3();
  readonly targetParent = new Vector3();
  readonly poleParent = new Vector3();
  readonly endAfterUpper = new Vector3();
  readonly fromDir = new Vector3();
  readonly toDir = new Vector3();
  /** 이번 호출의 목표·극 (월드), 인자에서 한 번만 읽은 값. */
  readonly targetWorld = new Vector3();
  readonly poleWorld = new Vector3();
  readonly upperDelta = new Quaternion();
  readonly midDelta = new Quaternion();
  // 새 로컬 회전은 여기서 계산하고 뼈에는 마지막에 한 번만 쓴다 (뼈의 사원수는 바뀔 때마다 Euler 를 갱신한다).
  readonly upperRotation = new Quaternion();
  readonly midRotation = new Quaternion();
  readonly endRotation = new Quaternion();
  readonly chainRotation = new Quaternion();
  readonly upperUnit = new Quaternion();
  readonly midUnit = new Quaternion();
  readonly upperInverse = new Quaternion();
  /** upper 와 mid 사이 뼈들의 회전 곱 (upper 쪽부터), mid 와 end 사이 뼈들의 회전 곱. */
  readonly betweenUpperMid = new Quaternion();
  readonly betweenMidEnd = new Quaternion();
  readonly betweenUnit = new Quaternion();
  /** 끝 다듬기 (solveNoisyChain): 처음 풀이가 정한 끝, 새 회전으로 실제로 그려질 끝 (부모 공간). */
  readonly goalParent = new Vector3();
  readonly drawnEnd = new Vector3();
  readonly scratchRotation = new Quaternion();
  readonly lengths: ChainLengths = createChainLengths();
  // 이번 호출의 weight·soft. 수는 객체 필드로 넘긴다 (quaternionBlend.ts 주석 참고).
  readonly settings: BlendWeight & SoftSettings = { weight: DOUBLE_FIELD_SEED, soft: DOUBLE_FIELD_SEED };
  readonly solved: TwoBoneIKResult = createTwoBoneIKResult();
}

const _frames: SolveFrame[] = [new SolveFrame()];
/** 지금 진행 중인 solve() 의 수 (= 다음 solve() 가 쓸 묶음의 번호). */
let _depth = 0;


const SOLVE = "TwoBoneIK.solve";

/** out ← unit(to − from). 길이가 0 이면 out 은 0 벡터. (수를 주고받지 않아 할당이 없다.) */
function setUnitDirection(out: Vector3, from: Vector3, to: Vector3): void {
  const x = to.x - from.x, y = to.y - from.y, z = to.z - from.z;
  const length = Math.sqrt(x * x + y * y + z * z);
  const inv = length > 0 ? 1 / length : 0;
  // set() 대신 필드에 직접 쓴다: 인라인되지 않은 호출에 double 을 넘기면 V8 이 할당한다.
  out.x = x * inv; out.y = y * inv; out.z = z * inv;
}

/**
 * 점 인자를 한 번만 읽어 검사하고 out 에 복사한다 (getter 가 있는 점도 성분마다 한 번만 부른다).
 * 수가 아닌 값은 Vector3 에 넣기 전에 거부한다.
 */
function readPoint(out: Vector3, point: Readonly<Vector3Like>, name: string): void {
  if (point === null || typeof point !== "object") assertFinitePoint(SOLVE, name, point);
  const x = point.x, y = point.y, z = point.z;
  if (!(typeof x === "number" && typeof y === "number" && typeof z === "number"
    && Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z))) {
    assertFinitePoint(SOLVE, name, { x, y, z });
  }
  out.x = x; out.y = y; out.z = z;
}

/** v ← (object 의 로컬 행렬)·v. 사이 뼈는 three 가 그리는 행렬 그대로 (matrixAutoUpdate 면 compose, pivot 포함). */
function applyLocal(v: Vector3, object: Object3D, scratch: Matrix4): void {
  if (object.matrixAutoUpdate) {
    composeLocal(scratch, object);
    v.applyMatrix4(scratch);
  } else {
    v.applyMatrix4(object.matrix);
  }
}

/** out ← T·R·S (+ pivot) : three 의 updateMatrix 와 같은 식이지만 object 에는 쓰지 않는다. */
function composeLocal(out: Matrix4, object: Object3D): void {
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

/** end 의 원점을 end 부모의 로컬 공간에서 (pivot 이 있으면 합성한 로컬 행렬에서) out 에. end 에는 쓰지 않는다. */
function endOrigin(end: Object3D, out: Vector3, scratch: Matrix4): Vector3 {
  if (end.pivot == null) return out.copy(end.position);
  composeLocal(scratch, end);
  return out.setFromMatrixPosition(scratch);
}

/**
 * v 를 bones (위에서 아래 순서, 모두 사이 뼈) 의 로컬 변환으로 아래에서 위로 옮기고, 그 회전의 곱
 * q₁ q₂ … (위에서 아래) 을 rotation 에 쓴다 (정규화한 사원수).
 */
function applyBetween(v: Vector3, bones: readonly Object3D[], rotation: Quaternion, f: SolveFrame): void {
  rotation.identity();
  for (let i = bones.length - 1; i >= 0; i--) {
    const bone = bones[i]!;
    applyLocal(v, bone, f.localMatrix);
    copyQuaternion(f.betweenUnit, bone.quaternion);
    normalizeQuaternion(f.betweenUnit);
    rotation.premultiply(f.betweenUnit);
  }
}

/**
 * 로컬 행렬(recompose 일 때)과 월드 행렬을 three 의 updateWorldMatrix 와 같은 규칙으로 다시 계산한다
 * (부모의 월드 행렬은 최신이라고 가정).
 */
function refreshWorldMatrix(object: Object3D, recompose: boolean): void {
  if (recompose && object.matrixAutoUpdate) object.updateMatrix();
  if (object.matrixWorldAutoUpdate) {
    if (object.parent === null) object.matrixWorld.copy(object.matrix);
    else object.matrixWorld.multiplyMatrices(object.parent.matrixWorld, object.matrix);
  }
  object.matrixWorldNeedsUpdate = false;
}

// solve() 의 단계들. 작은 함수로 나눠 두면 V8 이 각 단계 안의 set() 등을 인라인해 double 을 상자에 담지 않는다.

/**
 * 조상의 월드 행렬을 다시 계산하고 (updateAncestors), upper 의 부모 행렬을 검사해 뒤집는다 → f.parentInverse.
 * (getWorldPosition() 은 부를 때마다 조상 전체를 다시 계산하므로 matrixWorld 를 직접 읽는다.)
 */
function invertParent(upper: Object3D, updateAncestors: boolean, f: SolveFrame): void {
  const parent = upper.parent;
  if (parent === null) {
    f.parentInverse.identity();
    return;
  }
  if (updateAncestors) parent.updateWorldMatrix(true, false); // 조상만: 체인은 로컬 행렬로 충분하다
  const defect = invertConformal(f.parentInverse, parent.matrixWorld);
  if (defect !== AFFINE_OK) throwBadParent(parent, defect);
}

function throwBadParent(parent: Object3D, defect: number): never {
  if (defect === AFFINE_NOT_FINITE) throwParentNotFinite(SOLVE, parent);
  if (defect === AFFINE_NOT_INVERTIBLE) throwSingularParent(SOLVE, parent);
  throwBadParentMatrix(SOLVE, parent, defect);
}

/**
 * 체인을 upper 의 부모 공간으로 옮긴다. 결과: f.rootParent, f.midParent, f.endParent, f.lengths,
 * f.betweenUpperMid, f.betweenMidEnd. (목표·극은 readTargetAndPole.)
 */
function readChainInParentSpace(ik: TwoBoneIK, between1: readonly Object3D[], between2: readonly Object3D[], f: SolveFrame): void {
  const { upper, mid, end } = ik;
  // 체인의 부모 공간 위치는 위치·회전·스케일에서 바로: root = p_U, mid = p_U + R̂_U S_U B₁ p_M,
  // end = p_U + R̂_U S_U B₁ (p_M + R̂_M S_M B₂ p_E). B₁·B₂ 는 사이 뼈들의 로컬 행렬 (없으면 항등).
  // R̂ 은 정규화한 사원수의 회전이다 — 애니메이션이 쓴 사원수는 길이가 1 에서 조금 벗어날 수 있고
  // (three 는 그것을 그대로 행렬에 넣어 뼈를 살짝 일그러뜨린다), 우리가 써 넣을 새 회전은 정규화되어 있으므로,
  // 그 자세의 뼈 길이로 풀어야 끝이 정확히 닿는다. (사원수는 접근자 대신 필드로 읽는다: math/quaternionFields.ts 참고.)
  copyQuaternion(f.upperUnit, upper.quaternion);
  normalizeQuaternion(f.upperUnit);
  copyQuaternion(f.midUnit, mid.quaternion);
  normalizeQuaternion(f.midUnit);
  f.rootParent.copy(upper.position);
  f.midParent.copy(mid.position);
  const hasBetween = between1.length > 0 || between2.length > 0;
  if (between1.length > 0) applyBetween(f.midParent, between1, f.betweenUpperMid, f);
  else if (hasBetween) f.betweenUpperMid.identity();
  rotateVector(f.midParent.multiply(upper.scale), f.upperUnit);
  f.midParent.add(f.rootParent);
  endOrigin(end, f.endParent, f.localMatrix);
  if (between2.length > 0) applyBetween(f.endParent, between2, f.betweenMidEnd, f);
  else if (hasBetween) f.betweenMidEnd.identity();
  rotateVector(f.endParent.multiply(mid.scale), f.midUnit);
  f.endParent.add(mid.position);
  if (between1.length > 0) applyBetween(f.endParent, between1, f.betweenUpperMid, f);
  rotateVector(f.endParent.multiply(upper.scale), f.upperUnit);
  f.endParent.add(f.rootParent);
  // 뼈 길이 (부모 공간): a = |mid − root|, b = |end − mid|.
  const lengths = f.lengths;
  let dx = f.midParent.x - f.rootParent.x, dy = f.midParent.y - f.rootParent.y, dz = f.midParent.z - f.rootParent.z;
  lengths.upperLength = Math.sqrt(dx * dx + dy * dy + dz * dz);
  dx = f.endParent.x - f.midParent.x; dy = f.endParent.y - f.midParent.y; dz = f.endParent.z - f.midParent.z;
  lengths.lowerLength = Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/**
 * 목표 (월드, f 에 읽어 둔 값) 를 upper 의 부모 공간으로. 극은 주어졌으면 같이 옮기고, 없으면 들어온 자세에서
 * 자동 극을 부모 공간에서 구해 (spec/AUTO_POLE.md) 월드로도 적어 둔다 (ik.poleWorld·TwoBoneIKHelper 용).
 */
function readTargetAndPole(upper: Object3D, links: ChainLinks, autoPole: boolean, f: SolveFrame): void {
  f.targetParent.copy(f.targetWorld).applyMatrix4(f.parentInverse);
  if (!autoPole) {
    f.poleParent.copy(f.poleWorld).applyMatrix4(f.parentInverse);
    return;
  }
  writeAutoPole(f.rootParent, f.midParent, f.endParent, links.bendParent, f.poleParent);
  f.poleWorld.copy(f.poleParent);
  const parent = upper.parent;
  if (parent !== null) f.poleWorld.applyMatrix4(parent.matrixWorld);
}

/**
 * upper: 현재 관절 방향 → 풀린 관절 방향으로 가장 작게 돌린다 (Δ₁ 은 f.upperDelta 에 남긴다).
 * Δ₁ 은 부모 공간의 회전이므로 왼쪽에 곱한다: q_U′ = Δ₁ q_U → f.upperRotation. 위 뼈 길이가 0 이면 Δ₁ = 1.
 */
function rotateUpperToJoint(upper: Object3D, f: SolveFrame): void {
  copyQuaternion(f.upperRotation, upper.quaternion);
  if (!(f.lengths.upperLength > 0)) {
    f.upperDelta.identity();
    return;
  }
  setUnitDirection(f.fromDir, f.rootParent, f.midParent);
  setUnitDirection(f.toDir, f.rootParent, f.solved.joint);
  rotationBetweenIntoOwn(f.fromDir, f.toDir, f.upperDelta);
  normalizeQuaternion(f.upperRotation.premultiply(f.upperDelta));
}

/**
 * mid: Δ₁ 뒤의 끝 방향 → 풀린 끝 방향 (Δ₂, 부모 공간). mid 부모의 축으로 옮겨 곱한다:
 * Q = q_U′ B₁ (사이 뼈 회전), q_M′ = (Q⁻¹ Δ₂ Q) q_M → f.midRotation. 아래 뼈 길이가 0 이면 그대로.
 * (스케일은 균등하다고 검사했다: 균등 스케일 (음수 포함) 은 회전을 옮길 때 상쇄된다.)
 */
function rotateMidToEnd(mid: Object3D, hasBetween: boolean, f: SolveFrame): void {
  copyQuaternion(f.midRotation, mid.quaternion);
  if (!(f.lengths.lowerLength > 0)) return;
  lowerBoneDelta(f);
  // Q = q_U′ B₁ (사이 뼈가 없으면 q_U′ 그대로, 복사 없이).
  const chain = hasBetween ? f.chainRotation.multiplyQuaternions(f.upperRotation, f.betweenUpperMid) : f.upperRotation;
  copyQuaternion(f.upperInverse, chain);
  f.upperInverse.invert();
  f.midDelta.premultiply(f.upperInverse).multiply(chain);
  normalizeQuaternion(f.midRotation.premultiply(f.midDelta));
}

/** Δ₂ (부모 공간) 를 f.midDelta 에: Δ₁ 로 옮겨진 끝 방향 → 풀린 끝 방향. */
function lowerBoneDelta(f: SolveFrame): void {
  rotateVector(f.endAfterUpper.subVectors(f.endParent, f.rootParent), f.upperDelta);
  f.endAfterUpper.add(f.rootParent);
  setUnitDirection(f.fromDir, f.solved.joint, f.endAfterUpper);
  setUnitDirection(f.toDir, f.solved.joint, f.solved.end);
  rotationBetweenIntoOwn(f.fromDir, f.toDir, f.midDelta);
}

/** 끝 다듬기의 최대 횟수: 한 번에 오차가 δ (뼈 스케일의 비균등·사이 뼈 사원수의 |n − 1|, ~1e-7) 배로 줄어든다. */
const END_REFINEMENTS = 2;
/** 끝 다듬기를 멈추는 오차 (팔다리 길이 a + b 에 대한 비율): float64 반올림 몇 번 거리. */
const END_REFINED = 1e-15;

/**
 * 새 회전 (f.upperRotation·f.midRotation) 으로 three 가 그릴 end 원점을 부모 공간에서 f.drawnEnd 에:
 * root + R_U′ S_U B₁ (p_M + R_M′ S_M B₂ p_E). 사이 뼈 B 는 three 가 그리는 행렬 그대로 (날 사원수·스케일 포함).
 */
function drawnEndInParent(ik: TwoBoneIK, between1: readonly Object3D[], between2: readonly Object3D[], f: SolveFrame): void {
  const { upper, mid, end } = ik;
  const v = endOrigin(end, f.drawnEnd, f.localMatrix);
  if (between2.length > 0) applyBetween(v, between2, f.scratchRotation, f);
  rotateVector(v.multiply(mid.scale), f.midRotation);
  v.add(mid.position);
  if (between1.length > 0) applyBetween(v, between1, f.scratchRotation, f);
  rotateVector(v.multiply(upper.scale), f.upperRotation);
  v.add(f.rootParent);
}

// 아래 둘은 Vector3 의 transformDirection·normalize 대신: 그것들은 length() 의 수를 주고받아 인라인되지 않으면 할당한다.

/** v ← (m 의 3×3 선형 부분)·v. */
function applyLinear(v: Vector3, m: Matrix4): void {
  const e = m.elements, x = v.x, y = v.y, z = v.z;
  v.x = e[0]! * x + e[4]! * y + e[8]! * z;
  v.y = e[1]! * x + e[5]! * y + e[9]! * z;
  v.z = e[2]! * x + e[6]! * y + e[10]! * z;
}

/** v ← v + (to − from). */
function moveBy(v: Vector3, to: Vector3, from: Vector3): void {
  v.x += to.x - from.x; v.y += to.y - from.y; v.z += to.z - from.z;
}

/** v ← v / |v| (0 벡터는 그대로). */
function normalizeVector(v: Vector3): void {
  const x = v.x, y = v.y, z = v.z, length = Math.sqrt(x * x + y * y + z * z);
  const inv = length > 0 ? 1 / length : 0;
  v.x = x * inv; v.y = y * inv; v.z = z * inv;
}

/**
 * mid: 풀린 끝 방향을 mid 부모의 축으로 정확히 옮겨 돌린다 (rotateMidToEnd 의 다른 길). upper 와 mid 사이의 선형 부분
 * A = R_U′ S_U B₁ 이 회전 × 균등 스케일이 아닐 때 (float32 잡음) 쓴다: 켤레 Q⁻¹ Δ₂ Q 는 그런 A 에서 방향을 δ 만큼
 * 틀리게 하고, 끝을 거의 반대로 돌릴 때는 가장 작은 회전의 축이 흔들려 그 오차도 매끄럽지 않다.
 * 여기서는 u_to = A⁻¹ (끝 − 관절) (부모 공간의 풀린 아래 뼈) 과 지금 아래 뼈 u_from = R̂_M S_M B₂ p_E 를 mid 부모의
 * 축에서 잇는다: q_M′ = rot(u_from → u_to) q_M. 그려질 아래 뼈는 방향이 정확하고 길이만 |A û_to|·|u_from| 로 δ 쯤 다르다.
 */
function rotateMidExactly(ik: TwoBoneIK, links: ChainLinks, f: SolveFrame): void {
  const { upper, mid, end } = ik;
  copyQuaternion(f.midRotation, mid.quaternion);
  // u_from: mid 부모의 축에서 본 지금 아래 뼈 (mid 원점 → end 원점).
  const from = endOrigin(end, f.fromDir, f.localMatrix);
  if (links.between2.length > 0) applyBetween(from, links.between2, f.scratchRotation, f);
  rotateVector(from.multiply(mid.scale), f.midUnit);
  // u_to = B₁⁻¹ S_U⁻¹ R_U′ᵀ (끝 − 관절): 위에서 아래로 되돌린다 (사이 뼈는 three 가 그리는 행렬의 역).
  const to = f.toDir.subVectors(f.solved.end, f.solved.joint);
  rotateVector(to, f.upperRotation, true);
  to.divide(upper.scale);
  const between1 = links.between1;
  for (let i = 0; i < between1.length; i++) {
    composeLocal(f.localMatrix, between1[i]!);
    applyLinear(to, f.localMatrix.invert()); // 방향만: 이동은 쓰지 않는다
  }
  normalizeVector(from);
  normalizeVector(to);
  rotationBetweenIntoOwn(from, to, f.midDelta);
  normalizeQuaternion(f.midRotation.premultiply(f.midDelta));
}

/**
 * upper 와 mid 사이가 정확히 회전 × 균등 스케일이 아닌 체인 (mayMissEnd): 진짜 파일의 float32 잡음이다 — Blender 가 내보낸
 * upper 의 scale 은 (1, 1, 0.99999994) 처럼 1 ulp 쯤 균등하지 않고, 사이 뼈 (비틀림 뼈) 의 사원수는 |q| ≠ 1 이라 three 가
 * 살짝 일그러뜨려 그린다. mid 는 rotateMidExactly 로 방향을 정확히 맞추고, 남는 아래 뼈의 길이 차이 (δ·b, ~1e-7·b) 는
 * 그려질 끝을 재서 어긋난 만큼 겨누는 점을 옮겨 다시 풀어 없앤다 (한 번에 오차가 δ 배로 줄어든다, 많아야 두 번).
 * 닿는지 (reachable) 는 처음 풀이가 정한다. 관절은 극 쪽 평면 위 그대로다 (겨누는 점이 δ·L 만큼 옮겨질 뿐).
 */
function solveNoisyChain(ik: TwoBoneIK, links: ChainLinks, f: SolveFrame): void {
  rotateUpperToJoint(ik.upper, f);
  rotateMidExactly(ik, links, f);
  const solved = f.solved, reachable = solved.reachable;
  // 겨누는 점과 극은 처음 풀이의 f.targetParent·f.poleParent 자리를 다시 쓴다 (그 뒤로 읽는 곳이 없다): solveChain 이
  // 늘 같은 두 객체를 받아야 V8 이 단형으로 남아 할당하지 않는다.
  const goal = f.goalParent.copy(solved.end), aim = f.targetParent.copy(solved.end), drawn = f.drawnEnd;
  const limit = END_REFINED * (f.lengths.upperLength + f.lengths.lowerLength);
  // 다시 풀 때는 처음 풀린 관절 쪽을 극으로 쓴다: 극이 뿌리–목표 직선 가까이 있으면 겨누는 점을 δ 만 옮겨도 굽는 쪽이
  // 뒤집힐 수 있는데, 관절은 직선에서 h 만큼 떨어져 있어 굽힘 평면이 그대로 남는다. 관절이 직선 위면 (곧거나 접힘) 원래 극.
  // 극 = 뿌리 + 관절의 직선에 수직인 성분 (직선 방향 성분을 빼 두면 solveChain 이 두 번째 직교화를 하지 않는다).
  const rx = f.rootParent.x, ry = f.rootParent.y, rz = f.rootParent.z;
  const jx = solved.joint.x - rx, jy = solved.joint.y - ry, jz = solved.joint.z - rz;
  const gx = goal.x - rx, gy = goal.y - ry, gz = goal.z - rz;
  const gg = gx * gx + gy * gy + gz * gz, along = gg > 0 ? (jx * gx + jy * gy + jz * gz) / gg : 0;
  const px = jx - along * gx, py = jy - along * gy, pz = jz - along * gz;
  if (px * px + py * py + pz * pz > 0) {
    const pole = f.poleParent;
    pole.x = rx + px; pole.y = ry + py; pole.z = rz + pz;
  }
  for (let i = 0; i < END_REFINEMENTS; i++) {
    drawnEndInParent(ik, links.between1, links.between2, f);
    const ex = goal.x - drawn.x, ey = goal.y - drawn.y, ez = goal.z - drawn.z;
    if (!(ex * ex + ey * ey + ez * ez > limit * limit)) break;
    moveBy(aim, goal, drawn);
    solveChain(SOLVE, f.rootParent, f.lengths, aim, f.poleParent, solved);
    rotateUpperToJoint(ik.upper, f);
    rotateMidExactly(ik, links, f);
  }
  solved.reachable = reachable;
}

/** upper 와 mid 사이가 회전 × 균등 스케일이 아닐 수 있는가 (사이 뼈가 있거나 upper 의 scale 성분이 정확히 같지 않다). */
function mayMissEnd(ik: TwoBoneIK, links: ChainLinks, f: SolveFrame): boolean {
  const s = ik.upper.scale;
  return f.lengths.lowerLength > 0 && (links.between1.length > 0 || s.x !== s.y || s.y !== s.z);
}

/**
 * 부모 공간에서 본 end 의 회전 q_U B₁ q_M B₂ q_E 를 그대로 둔다:
 * q_E′ = (q_U′ B₁ q_M′ B₂)⁻¹ (q_U B₁ q_M B₂) q_E → f.endRotation.
 */
function keepEndRotationOf(ik: TwoBoneIK, hasBetween: boolean, f: SolveFrame): void {
  const { upper, mid, end } = ik;
  if (!hasBetween) {
    f.chainRotation.multiplyQuaternions(upper.quaternion, mid.quaternion);
    f.upperInverse.multiplyQuaternions(f.upperRotation, f.midRotation).invert();
  } else {
    f.chainRotation.multiplyQuaternions(upper.quaternion, f.betweenUpperMid).multiply(mid.quaternion).multiply(f.betweenMidEnd);
    f.upperInverse.multiplyQuaternions(f.upperRotation, f.betweenUpperMid).multiply(f.midRotation).multiply(f.betweenMidEnd).invert();
  }
  copyQuaternion(f.endRotation, end.quaternion);
  normalizeQuaternion(f.endRotation.premultiply(f.chainRotation).premultiply(f.upperInverse));
}

/** weight < 1: 새 로컬 회전을 뼈의 들어온 회전에서 weight 만큼 간 회전으로 (slerp 뒤 정규화). */
function blendWithIncoming(ik: TwoBoneIK, keepEnd: boolean, f: SolveFrame): void {
  blendFromIncoming(f.upperRotation, ik.upper.quaternion, f.settings);
  blendFromIncoming(f.midRotation, ik.mid.quaternion, f.settings);
  if (keepEnd) blendFromIncoming(f.endRotation, ik.end.quaternion, f.settings);
}

/** {@link TwoBoneIK} 생성자의 네 번째 인자. */
export interface TwoBoneIKConstructorOptions {
  /**
   * 자동 극의 기본 굽힘 방향 n (월드, 생성 시점; 0 이 아닌 벡터). upper 의 부모 공간에 고정해 두므로 캐릭터와 함께 돈다.
   * 무릎은 캐릭터의 앞, 팔꿈치는 뒤 (아래). 생략하면: 생성 시점의 자세가 굽어 있으면 (s ≥ 0.1) 그 굽힘 방향,
   * 아니면 월드 +Z (glTF 캐릭터는 +Z 를 향한다: 무릎에 맞다. 팔에는 방향을 주거나 findLimbs 가 주는 값을 쓴다).
   */
  bendDirection?: Readonly<Vector3Like>;
}

/** 생성 시점에 정해 두는 체인의 구조 (인스턴스마다 하나). */
interface ChainLinks {
  /** upper 와 mid 사이, mid 와 end 사이의 뼈 (위에서 아래 순서). 직접 부모·자식이면 빈 배열. */
  readonly between1: readonly Object3D[];
  readonly between2: readonly Object3D[];
  /** 자동 극의 기본 굽힘 방향 n, upper 의 부모 공간의 단위 벡터. */
  readonly bendParent: Vector3;
}

const _worldZ = /*@__PURE__*/ new Vector3(0, 0, 1);

/** upper 부터 bone 의 부모까지 거슬러 올라간 사이 뼈들 (위에서 아래 순서). bone 이 ancestor 의 자손이 아니면 null. */
function bonesBetween(ancestor: Object3D, bone: Object3D): Object3D[] | null {
  const between: Object3D[] = [];
  for (let p = bone.parent; p !== ancestor; p = p.parent) {
    if (p === null) return null;
    between.unshift(p);
  }
  return between;
}

/**
 * 생성 시점의 기본 굽힘 방향 n 을 upper 의 부모 공간의 단위 벡터로 (생성자만 부른다: 할당해도 된다).
 * bendDirection (월드) 이 있으면 그것, 없으면 지금 자세의 굽힘이 뚜렷할 때 (s ≥ AUTO_POLE_STRAIGHT) 그 방향,
 * 아니면 월드 +Z. 부모 행렬을 뒤집을 수 없으면 월드 방향을 그대로 둔다 (그런 부모는 solve() 가 거부한다).
 */
function initialBendParent(
  ik: TwoBoneIK, between1: readonly Object3D[], between2: readonly Object3D[], bendWorld: Readonly<Vector3Like> | undefined,
): Vector3 {
  const parent = ik.upper.parent;
  const parentInverse = new Matrix4();
  let invertible = true;
  if (parent !== null) {
    parent.updateWorldMatrix(true, false);
    invertible = invertConformal(parentInverse, parent.matrixWorld) === AFFINE_OK;
  }
  const toParent = (world: Readonly<Vector3Like>): Vector3 => {
    const v = new Vector3(world.x, world.y, world.z);
    if (parent !== null && invertible) v.transformDirection(parentInverse);
    return v.normalize();
  };
  if (bendWorld !== undefined) return toParent(bendWorld);
  if (isGoodBone(ik.upper, true, false) && isGoodBone(ik.mid, true, false) && isGoodBone(ik.end, false, true)) {
    const f = new SolveFrame();
    readChainInParentSpace(ik, between1, between2, f);
    const u = f.endParent.clone().sub(f.rootParent);
    const bend = f.midParent.clone().sub(f.rootParent);
    if (u.lengthSq() > 0) bend.addScaledVector(u.normalize(), -bend.dot(u));
    const chain = f.lengths.upperLength + f.lengths.lowerLength;
    if (chain > 0 && bend.length() / chain >= AUTO_POLE_STRAIGHT && Number.isFinite(bend.x + bend.y + bend.z)) return bend.normalize();
  }
  return toParent(_worldZ);
}

function describeParent(bone: Object3D): string {
  return bone.parent ? `"${bone.parent.name}"` : "없음";
}

/**
 * 뼈(Object3D·Bone) 세 개 upper → mid → end 에 두 뼈 IK 를 적용한다.
 *
 * - 체인의 **현재** 자세를 읽고 upper 의 부모 공간에서 계산하므로, 재생 중인 애니메이션 위에 덧씌울 수 있다.
 * - upper.quaternion 과 mid.quaternion 만 (keepEndRotation 이면 end.quaternion 도) 바꾼다.
 *   위치·스케일은 절대 바꾸지 않으며, 관절과 끝을 solveTwoBoneIK 의 자리로 보내는 가장 작은 회전을 쓴다 (비틀림 없음).
 * - mid 는 upper 의 자손, end 는 mid 의 자손이면 된다: 사이의 뼈 (비틀림·롤·도우미 뼈) 는 로컬 변환을 그대로 두고
 *   함께 움직인다.
 * - 뼈 길이는 현재 월드 거리 |upper→mid|, |mid→end| (뼈의 스케일 포함) 이고 IK 는 이를 바꾸지 않는다.
 * - 닿는 목표에는 끝이 float64 반올림만큼 닿는다. 진짜 파일의 float32 잡음 (upper 의 scale 이 (1, 1, 0.99999994) 처럼
 *   정확히 균등하지 않거나, 사이 뼈의 |q| ≠ 1) 이 있는 체인에서는 그려질 끝을 재서 겨누는 점을 고쳐 다시 푼다 (많아야 두 번).
 * - 호출 전에 월드 행렬을 갱신해 둘 필요가 없다: 조상부터 체인까지 다시 계산한다 (updateAncestors 참고).
 *   풀고 나면 upper 부터 end 까지 체인 뼈의 월드 행렬이 새 자세로 갱신되어 있다 (end 의 자식은 렌더러가 평소처럼 갱신).
 * - solve() 는 재진입할 수 있다: 목표의 getter, 뼈 사원수의 변경 콜백, 조상의 updateMatrix 안에서 다른 solve() 를
 *   불러도 두 풀이 모두 정확하다.
 * - 극은 생략할 수 있다: 들어온 자세에서 spec/AUTO_POLE.md 의 규칙으로 자동 극을 구한다 (getAutoPole).
 *   굽은 팔다리 (s = |굽힘|/L ≥ 0.1) 는 들어온 굽힘 평면을 그대로 따르고, 거의 곧으면 기본 굽힘 방향 n
 *   (생성자의 bendDirection) 쪽으로 부드럽게 넘어간다. 뒤집히는 곳은 하나: 굽힘이 n 의 정반대이고 s 가
 *   AUTO_POLE_FLIP ≈ 0.0268 을 지날 때.
 *
 * 거부하는 체인 상태 (solve() 가 아무것도 쓰기 전에, 뼈 이름과 필드를 담은 RangeError):
 * 체인 뼈 (upper, 사이 뼈, mid, end) 의 position·scale 이 유한하지 않음, quaternion 이 유한하지 않거나 |q| 가
 * 1 ± 1e-4 밖 (0 사원수 포함), upper·사이 뼈·mid 의 scale 이 균등하지 않음 (상대 1e-5 초과, 거울은 세 성분이 모두 음수),
 * end 가 아닌 체인 뼈의 pivot, 생성 뒤 체인의 부모 관계가 바뀜, upper 의 부모 월드 행렬이 유한하지 않음
 * (원인 조상의 이름·필드를 알린다), 균등 스케일·회전이 아님 (상대 1e-5 초과, 기울임 포함), 뒤집을 수 없음 (스케일 0).
 * 생성 후 solve() 는 아무것도 할당하지 않는다 (중첩 깊이가 처음 깊어질 때 임시 객체 한 벌만 만든다).
 */
export class TwoBoneIK {
  /** 위 뼈 (위팔·허벅지). 이 뼈의 원점이 뿌리이고, 이 뼈의 부모 공간에서 계산한다. */
  readonly upper: Object3D;
  /** 가운데 뼈 (아래팔·정강이): upper 의 자손. 이 뼈의 원점이 관절이다. */
  readonly mid: Object3D;
  /** 끝 뼈 (손·발): mid 의 자손. 이 뼈의 원점이 목표에 닿는다. */
  readonly end: Object3D;

  /** 기본 섞음 비율 [0, 1] (기본 1). 1 = 완전한 IK, 0 = 들어온 자세 그대로. solve() 의 options.weight 가 이긴다. */
  weight = 1;
  /**
   * 기본 soft IK 비율 [0, 1] (기본 0). 0 = 정확한 계약 (닿는 목표에는 끝이 닿는다).
   * 식은 {@link softenDistance}. solve() 의 options.soft 가 이긴다.
   */
  soft = 0;
  /** 끝 뼈의 월드 회전을 유지할지의 기본값 (기본 false). solve() 의 options.keepEndRotation 이 이긴다. */
  keepEndRotation = false;

  /**
   * true (기본) 면 solve() 가 upper 의 조상 월드 행렬을 장면 뿌리부터 다시 계산한다: 렌더 사이에 부모를 옮겨도 정확하다.
   * 한 부모 아래 팔다리 수백 개를 풀 때처럼 조상 행렬이 이미 최신임을 안다면 (scene.updateMatrixWorld() 뒤)
   * false 로 두어 그 반복을 아낄 수 있다. 체인 자체(upper·mid·end)의 행렬은 어느 쪽이든 다시 계산한다.
   */
  updateAncestors = true;

  /** {@link TwoBoneIK.update} 가 쓰는 목표 객체 (월드 위치를 읽는다). 기본 null: update() 가 아무것도 하지 않는다. */
  target: Object3D | null = null;
  /** {@link TwoBoneIK.update} 가 쓰는 극 힌트 객체 (월드 위치를 읽는다). 기본 null: 자동 극. */
  pole: Object3D | null = null;

  /**
   * 마지막 solve() 의 결과 (월드 공간): 새 자세의 관절·끝 위치와 reachable.
   * 다음 solve() 가 같은 객체를 덮어쓴다. 값을 보관하려면 복사한다.
   */
  readonly result: TwoBoneIKResult = createTwoBoneIKResult();
  /** 마지막 solve() 가 받은 목표 (월드, soft IK 로 당기기 전). {@link TwoBoneIKHelper} 가 그린다. 읽기 전용으로 쓴다. */
  readonly targetWorld = new Vector3();
  /** 마지막 solve() 가 쓴 극 (월드): 받은 극 힌트, 생략했으면 자동 극. 읽기 전용으로 쓴다. */
  readonly poleWorld = new Vector3();
  /** 뿌리 (upper) 의 월드 위치 — 마지막 solve() 기준. 읽기 전용으로 쓴다. */
  readonly rootWorld = new Vector3();

  /** 생성 시점의 체인 구조와 기본 굽힘 방향. */
  readonly #links: ChainLinks;
  /** update() 가 읽은 목표·극의 월드 위치. */
  readonly #updateTarget = new Vector3();
  readonly #updatePole = new Vector3();

  /**
   * 체인을 만든다: 사이 뼈 목록과 자동 극의 기본 굽힘 방향을 이때 정해 둔다 (뼈에는 쓰지 않는다).
   * 체인의 부모 관계를 나중에 바꾸면 solve() 가 거부하므로 다시 만든다.
   *
   * @param upper 위 뼈 (위팔·허벅지).
   * @param mid 가운데 뼈 (아래팔·정강이), upper 의 자손 (사이에 비틀림 뼈가 있어도 된다).
   * @param end 끝 뼈 (손·발), mid 의 자손.
   * @param options 기본 굽힘 방향 ({@link TwoBoneIKConstructorOptions}).
   * @throws RangeError 인자 이름과 받은 값을 담아: Object3D 가 아닌 upper·mid·end, mid 가 upper 의 자손이 아니거나
   *   end 가 mid 의 자손이 아님 (뼈 이름과 실제 부모를 알린다), 객체가 아닌 options (null 포함),
   *   유한한 수 x·y·z 를 가진 객체가 아니거나 0 벡터인 options.bendDirection.
   */
  constructor(upper: Object3D, mid: Object3D, end: Object3D, options?: TwoBoneIKConstructorOptions) {
    for (const [name, bone] of [["upper", upper], ["mid", mid], ["end", end]] as const) {
      if (bone === null || typeof bone !== "object" || !(bone as Object3D).isObject3D) {
        throw new RangeError(`TwoBoneIK: ${name}는 Object3D 여야 합니다 (받은 값: ${String(bone)})`);
      }
    }
    if (options !== undefined && (options === null || typeof options !== "object")) {
      throwNotObject("TwoBoneIK", "options", options);
    }
    const between1 = bonesBetween(upper, mid);
    if (between1 === null) {
      throw new RangeError(`TwoBoneIK: mid("${mid.name}")는 upper("${upper.name}")의 자손이어야 합니다 (부모: ${describeParent(mid)})`);
    }
    const between2 = bonesBetween(mid, end);
    if (between2 === null) {
      throw new RangeError(`TwoBoneIK: end("${end.name}")는 mid("${mid.name}")의 자손이어야 합니다 (부모: ${describeParent(end)})`);
    }
    const bendDirection = options?.bendDirection;
    if (bendDirection !== undefined) {
      if (!isFinitePoint(bendDirection)) assertFinitePoint("TwoBoneIK", "options.bendDirection", bendDirection);
      if (bendDirection.x === 0 && bendDirection.y === 0 && bendDirection.z === 0) {
        throw new RangeError("TwoBoneIK: options.bendDirection 은 0 이 아닌 벡터여야 합니다 (받은 값: 0, 0, 0)");
      }
    }
    this.upper = upper;
    this.mid = mid;
    this.end = end;
    this.#links = { between1, between2, bendParent: initialBendParent(this, between1, between2, bendDirection) };
  }

  /**
   * 자동 극 점 (월드) 을 outWorld 에 쓴다: 뼈의 지금 자세를 들어온 자세로 보고 spec/AUTO_POLE.md 의 규칙
   * ({@link automaticPole}, upper 의 부모 공간에서) 으로 구한 점.
   * solve(target) (극 없이) 가 쓰는 것과 같은 점이다 — 풀기 전에 부르면 그 풀이가 쓸 극, 푼 뒤에 부르면 새 자세의 극.
   * 화면에 보이거나 극 객체의 시작 위치로 쓴다. 뼈에는 쓰지 않는다 (조상의 월드 행렬은 updateAncestors 면 갱신한다).
   * 할당하지 않는다.
   *
   * @param outWorld 극 점을 받을 Vector3 (월드, 얼지 않은 것).
   * @returns outWorld.
   * @throws RangeError 아무것도 쓰기 전에: 얼었거나 Vector3 가 아닌 outWorld, boolean 이 아닌 updateAncestors,
   *   solve() 와 같은 체인 상태 검사 (클래스 설명의 "거부하는 체인 상태").
   */
  getAutoPole(outWorld: Vector3): Vector3 {
    const caller = "TwoBoneIK.getAutoPole";
    if (outWorld === null || typeof outWorld !== "object" || (outWorld as { isVector3?: unknown }).isVector3 !== true
      || Object.isFrozen(outWorld)) {
      throw new RangeError(`${caller}: outWorld 는 얼지 않은 Vector3 여야 합니다 (받은 값: ${String(outWorld)})`);
    }
    if (typeof this.updateAncestors !== "boolean") throwNotBoolean(caller, "updateAncestors", this.updateAncestors);
    const depth = _depth;
    if (depth === _frames.length) _frames.push(new SolveFrame());
    _depth = depth + 1;
    try {
      const f = _frames[depth]!;
      const links = this.#links;
      checkChain(this, links.between1, links.between2);
      invertParent(this.upper, this.updateAncestors, f);
      readChainInParentSpace(this, links.between1, links.between2, f);
      writeAutoPole(f.rootParent, f.midParent, f.endParent, links.bendParent, f.poleParent);
      outWorld.copy(f.poleParent);
      const parent = this.upper.parent;
      if (parent !== null) outWorld.applyMatrix4(parent.matrixWorld);
      return outWorld;
    } finally {
      _depth = depth;
    }
  }

  /**
   * 끝이 targetWorld 에 닿고 관절이 poleWorld 쪽으로 굽도록 upper·mid 를 (keepEndRotation 이면 end 도) 돌린다.
   * 목표가 닿는 범위 [|a − b|, a + b] (a, b 는 지금의 월드 뼈 길이) 밖이면 끝은 목표 쪽으로 가장 가까운 자리에 간다.
   * 생성 후에는 아무것도 할당하지 않는다.
   *
   * @param targetWorld 목표 점 (월드).
   * @param poleWorld 극 힌트 점 (월드, 방향이 아니라 점): 관절이 굽을 쪽. 생략 (undefined) 하면 자동 극
   *   ({@link TwoBoneIK.getAutoPole} 과 같은 점).
   * @param options 이번 호출에만 쓸 weight·soft·keepEndRotation. 생략하면 인스턴스 값.
   * @param out 결과를 채울 객체 (월드 공간). 생략하면 {@link TwoBoneIK.result}.
   * @returns out: 새 자세의 관절·끝 월드 위치와 reachable
   *   (reachable: 끝이 목표에 닿았는가. soft 가 목표를 당겼거나 범위 밖이면 false).
   * @throws RangeError 아무것도 쓰기 전에 (뼈·out·인스턴스는 그대로), 인자나 뼈의 이름과 값을 담아:
   *   유한한 수 x·y·z 가 아닌 targetWorld·poleWorld, 객체가 아닌 options (null 포함), [0, 1] 밖이거나 수가 아닌
   *   weight·soft (옵션과 인스턴스 값), boolean 이 아닌 keepEndRotation·updateAncestors, 결과 객체가 아닌 out
   *   (null, {}, 얼린 객체, joint·end 가 Vector3 가 아니거나 얼었거나 같은 객체), 그리고 클래스 설명의
   *   "거부하는 체인 상태".
   */
  solve(
    targetWorld: Readonly<Vector3Like>,
    poleWorld?: Readonly<Vector3Like>,
    options?: TwoBoneIKOptions,
    out: TwoBoneIKResult = this.result,
  ): TwoBoneIKResult {
    // 중첩된 solve() 는 자기 깊이의 임시 객체를 쓴다. 깊이가 처음 쓰일 때만 한 벌 만든다.
    const depth = _depth;
    if (depth === _frames.length) _frames.push(new SolveFrame());
    _depth = depth + 1;
    try {
      return solveInFrame(this, this.#links, _frames[depth]!, targetWorld, poleWorld, options, out);
    } finally {
      _depth = depth;
    }
  }

  /**
   * {@link TwoBoneIK.target}·{@link TwoBoneIK.pole} 객체의 월드 위치로 solve() 한다 (인스턴스의 weight·soft·
   * keepEndRotation 으로). pole 이 null 이면 자동 극으로 푼다. target 이 null 이면 아무것도 하지 않고
   * this.result 를 돌려준다. 목표·극 객체의 월드 행렬은 여기서 (조상부터) 다시 계산한다.
   *
   * @returns {@link TwoBoneIK.result}.
   * @throws RangeError solve() 와 같다.
   */
  update(): TwoBoneIKResult {
    // 목표·극 객체의 행렬 갱신 (조상의 updateMatrix) 안에서 다른 update() 가 불려도 섞이지 않게 인스턴스의 벡터에 읽는다.
    const target = this.target, pole = this.pole;
    if (target === null) return this.result;
    target.updateWorldMatrix(true, false);
    if (pole !== null) pole.updateWorldMatrix(true, false);
    this.#updateTarget.setFromMatrixPosition(target.matrixWorld);
    if (pole === null) return this.solve(this.#updateTarget);
    this.#updatePole.setFromMatrixPosition(pole.matrixWorld);
    return this.solve(this.#updateTarget, this.#updatePole);
  }
}

/** 생성 시점의 부모 관계가 그대로인가: between (위에서 아래) 이 top 아래 bone 까지 한 줄로 이어진다. */
function isSameLineage(top: Object3D, between: readonly Object3D[], bone: Object3D): boolean {
  let parent = top;
  for (let i = 0; i < between.length; i++) {
    const b = between[i]!;
    if (b.parent !== parent) return false;
    parent = b;
  }
  return bone.parent === parent;
}

function throwReparented(ik: TwoBoneIK, between1: readonly Object3D[], between2: readonly Object3D[]): never {
  const check = (top: Object3D, between: readonly Object3D[], bone: Object3D, role: string, topRole: string): void => {
    if (isSameLineage(top, between, bone)) return;
    const expected = between.length > 0 ? between[between.length - 1]! : top;
    throw new RangeError(`${SOLVE}: 생성한 뒤 체인의 부모 관계가 바뀌었습니다 — ${role}("${bone.name}")는 ${topRole}("${top.name}") 아래 `
      + `"${expected.name}"의 자식이어야 하는데 부모가 ${describeParent(bone)} 입니다 (새 체인이면 TwoBoneIK 를 다시 만드세요)`);
  };
  check(ik.upper, between1, ik.mid, "mid", "upper");
  check(ik.mid, between2, ik.end, "end", "mid");
  throw new RangeError(`${SOLVE}: 생성한 뒤 사이 뼈의 부모 관계가 바뀌었습니다 (새 체인이면 TwoBoneIK 를 다시 만드세요)`);
}

/** 체인 뼈의 상태 검사 (쓰기 전). */
function checkChain(ik: TwoBoneIK, between1: readonly Object3D[], between2: readonly Object3D[]): void {
  const { upper, mid, end } = ik;
  // 사이 뼈가 없으면 (흔한 경우) 부모 하나씩만 본다.
  const sameLineage = (between1.length === 0 ? mid.parent === upper : isSameLineage(upper, between1, mid))
    && (between2.length === 0 ? end.parent === mid : isSameLineage(mid, between2, end));
  if (!sameLineage) throwReparented(ik, between1, between2);
  if (!isGoodBone(upper, true, false)) throwBadBone(SOLVE, "upper", upper, true, false);
  for (let i = 0; i < between1.length; i++) {
    const b = between1[i]!;
    if (!isGoodBone(b, true, true)) throwBadBone(SOLVE, "upper–mid 사이 뼈", b, true, true);
  }
  if (!isGoodBone(mid, true, false)) throwBadBone(SOLVE, "mid", mid, true, false);
  for (let i = 0; i < between2.length; i++) {
    const b = between2[i]!;
    if (!isGoodBone(b, true, true)) throwBadBone(SOLVE, "mid–end 사이 뼈", b, true, true);
  }
  if (!isGoodBone(end, false, true)) throwBadBone(SOLVE, "end", end, false, true);
}

/**
 * 이번 호출의 설정을 검사해 f.settings 에 모은다. keepEndRotation 을 돌려준다.
 * 수는 출처마다 따로 검사하고 바로 객체 필드에 쓴다: 두 출처가 한 변수로 합류하면 (a ?? b) V8 이 double 을 상자에
 * 담아 할당한다. 수가 아닌 값은 필드에 넣기 전에 거부한다 (필드 표현이 넓어지면 그 뒤로 쓸 때마다 할당한다).
 */
function readSettings(ik: TwoBoneIK, options: TwoBoneIKOptions | undefined, f: SolveFrame): boolean {
  const settings = f.settings;
  let hasWeight = false, hasSoft = false;
  let keepEnd: unknown = ik.keepEndRotation, keepName = "keepEndRotation";
  if (options !== undefined) {
    if (options === null || typeof options !== "object") throwNotObject(SOLVE, "options", options);
    const weight = options.weight;
    if (weight !== undefined) {
      if (typeof weight !== "number" || !(weight >= 0 && weight <= 1)) throwNotUnitInterval(SOLVE, "options.weight", weight);
      settings.weight = weight;
      hasWeight = true;
    }
    const soft = options.soft;
    if (soft !== undefined) {
      if (typeof soft !== "number" || !(soft >= 0 && soft <= 1)) throwNotUnitInterval(SOLVE, "options.soft", soft);
      settings.soft = soft;
      hasSoft = true;
    }
    const keep = options.keepEndRotation;
    if (keep !== undefined) { keepEnd = keep; keepName = "options.keepEndRotation"; }
  }
  if (!hasWeight) {
    const weight = ik.weight;
    if (typeof weight !== "number" || !(weight >= 0 && weight <= 1)) throwNotUnitInterval(SOLVE, "weight", weight);
    settings.weight = weight;
  }
  if (!hasSoft) {
    const soft = ik.soft;
    if (typeof soft !== "number" || !(soft >= 0 && soft <= 1)) throwNotUnitInterval(SOLVE, "soft", soft);
    settings.soft = soft;
  }
  if (typeof keepEnd !== "boolean") throwNotBoolean(SOLVE, keepName, keepEnd);
  if (typeof ik.updateAncestors !== "boolean") throwNotBoolean(SOLVE, "updateAncestors", ik.updateAncestors);
  return keepEnd;
}

/**
 * solve() 의 인자와 체인 상태를 모두 검사하고 (점·설정은 f 에 읽어 둔다) keepEndRotation 을 돌려준다.
 * 풀이와 따로 둔 함수라 V8 이 검사와 계산을 따로 최적화한다 (한 함수에 모으면 인라인 예산이 모자라 계산이 느려진다).
 */
function checkCall(
  ik: TwoBoneIK,
  links: ChainLinks,
  f: SolveFrame,
  targetWorld: Readonly<Vector3Like>,
  poleWorld: Readonly<Vector3Like> | undefined,
  options: TwoBoneIKOptions | undefined,
  out: TwoBoneIKResult,
): boolean {
  readPoint(f.targetWorld, targetWorld, "targetWorld");
  if (poleWorld !== undefined) readPoint(f.poleWorld, poleWorld, "poleWorld");
  const keepEndRotation = readSettings(ik, options, f);
  if (!isWritableResult(out)) throwBadResult(SOLVE, out);
  checkChain(ik, links.between1, links.between2);
  return keepEndRotation;
}

function solveInFrame(
  ik: TwoBoneIK,
  links: ChainLinks,
  f: SolveFrame,
  targetWorld: Readonly<Vector3Like>,
  poleWorld: Readonly<Vector3Like> | undefined,
  options: TwoBoneIKOptions | undefined,
  out: TwoBoneIKResult,
): TwoBoneIKResult {
  const between1 = links.between1, between2 = links.between2;
  // 1. 검사: 뼈와 out 에 쓰기 전에 모든 입력과 체인 상태를 확인한다. 점은 한 번만 읽어 f 에 둔다.
  const keepEndRotation = checkCall(ik, links, f, targetWorld, poleWorld, options, out);
  const { upper, mid, end } = ik;
  const hasBetween = between1.length > 0 || between2.length > 0;

  // 2. 조상의 월드 행렬을 다시 계산하고 부모 행렬을 검사·역변환한 뒤, 현재 자세를 upper 의 부모 공간에서 읽는다.
  invertParent(upper, ik.updateAncestors, f);
  readChainInParentSpace(ik, between1, between2, f);
  readTargetAndPole(upper, links, poleWorld === undefined, f);

  // 3. soft IK: 완전히 펴지기 직전의 목표를 뿌리 쪽으로 당긴다 (softenDistance 의 식).
  const softened = softenTarget(f.targetParent, f.rootParent, f.lengths, f.settings);

  // 4. 부모 공간에서 관절과 끝의 자리를 푼다 (길이 검사도 여기서: 둘 다 0 이면 RangeError, 아직 아무것도 안 씀).
  const solved = solveChain(SOLVE, f.rootParent, f.lengths, f.targetParent, f.poleParent, f.solved);

  const weight = f.settings.weight;
  if (weight > 0) {
    // 5–6. 가장 작은 회전으로 관절, 그다음 끝을 풀린 자리로.
    // (upper 의 scale 이 정확히 균등하지 않거나 사이 뼈가 있으면 mid 를 정확한 방향으로 돌리고 끝을 다듬는다.)
    if (mayMissEnd(ik, links, f)) {
      solveNoisyChain(ik, links, f);
    } else {
      rotateUpperToJoint(upper, f);
      rotateMidToEnd(mid, hasBetween, f);
    }
    // 7. keepEndRotation: 끝 뼈의 월드 회전을 되돌린다.
    if (keepEndRotation) keepEndRotationOf(ik, hasBetween, f);
    // 8. weight: 로컬 회전을 들어온 자세에서 IK 자세로 slerp 한다.
    if (weight < 1) blendWithIncoming(ik, keepEndRotation, f);
  }

  // 여기부터 쓴다. 뼈에는 한 번씩만 쓴다. 위치·스케일은 건드리지 않는다.
  ik.targetWorld.copy(f.targetWorld);
  ik.poleWorld.copy(f.poleWorld);
  if (weight > 0) {
    copyQuaternion(upper.quaternion, f.upperRotation);
    copyQuaternion(mid.quaternion, f.midRotation);
    if (keepEndRotation) copyQuaternion(end.quaternion, f.endRotation);
  }
  // weight 0 이어도 월드 행렬은 갱신한다: 결과와 다음 읽기가 지금 자세를 보게.
  refreshChainMatrices(ik, between1, between2);

  // 9. 결과: 새 자세의 월드 위치를 뼈에서 읽는다.
  ik.rootWorld.setFromMatrixPosition(upper.matrixWorld);
  out.joint.setFromMatrixPosition(mid.matrixWorld);
  out.end.setFromMatrixPosition(end.matrixWorld);
  out.reachable = solved.reachable && !softened;
  return out;
}

/** upper 부터 end 까지 (사이 뼈 포함) 로컬·월드 행렬을 위에서 아래로 다시 계산한다. */
function refreshChainMatrices(ik: TwoBoneIK, between1: readonly Object3D[], between2: readonly Object3D[]): void {
  if (between1.length === 0 && between2.length === 0) {
    refreshWorldMatrix(ik.upper, true);
    refreshWorldMatrix(ik.mid, true);
    refreshWorldMatrix(ik.end, true);
    return;
  }
  refreshWorldMatrix(ik.upper, true);
  for (let i = 0; i < between1.length; i++) refreshWorldMatrix(between1[i]!, true);
  refreshWorldMatrix(ik.mid, true);
  for (let i = 0; i < between2.length; i++) refreshWorldMatrix(between2[i]!, true);
  refreshWorldMatrix(ik.end, true);
}
