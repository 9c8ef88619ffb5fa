import { Matrix4, Quaternion, Vector3 } from "three";
import type { Object3D, Vector3Like } from "three";
import { createChainLengths, createTwoBoneIKResult, DOUBLE_FIELD_SEED, solveChain } from "./math/solveTwoBoneIK.js";
import { assertFinitePoint, isFinitePoint } from "./math/validation.js";
import type { ChainLengths, TwoBoneIKResult } from "./math/solveTwoBoneIK.js";
import { rotationBetweenUnitVectors } from "./math/rotationBetween.js";
import { softenTarget } from "./math/softIK.js";
import type { SoftSettings } from "./math/softIK.js";
import { blendFromIncoming, normalizeQuaternion } from "./math/quaternionBlend.js";
import { copyQuaternion, rotateVector } from "./math/quaternionFields.js";
import type { BlendWeight } from "./math/quaternionBlend.js";

/** solve() 한 번에만 적용할 설정. 빠진 값은 인스턴스의 weight·soft·keepEndRotation 을 쓴다. */
export interface TwoBoneIKOptions {
  /** 들어온 자세(0)에서 완전한 IK(1)까지의 섞음 비율, [0, 1]. */
  weight?: number;
  /** soft IK 구간의 비율, [0, 1]. 0 이면 정확한 계약 그대로. softenDistance 참고. */
  soft?: number;
  /** true 면 끝 뼈(손·발)의 월드 회전을 유지한다. */
  keepEndRotation?: boolean;
}

// 모듈 수준 임시 객체: solve() 가 할당하지 않도록 미리 만든다. 호출자에게 돌려주지 않는다.
const _parentInverse = /*@__PURE__*/ new Matrix4();
const _rootParent = /*@__PURE__*/ new Vector3();
const _midParent = /*@__PURE__*/ new Vector3();
const _endParent = /*@__PURE__*/ new Vector3();
const _targetParent = /*@__PURE__*/ new Vector3();
const _poleParent = /*@__PURE__*/ new Vector3();
const _endAfterUpper = /*@__PURE__*/ new Vector3();
const _fromDir = /*@__PURE__*/ new Vector3();
const _toDir = /*@__PURE__*/ new Vector3();
const _upperDelta = /*@__PURE__*/ new Quaternion();
const _midDelta = /*@__PURE__*/ new Quaternion();
// 새 로컬 회전은 여기서 계산하고 뼈에는 마지막에 한 번만 copy() 한다 (뼈의 사원수는 바뀔 때마다 Euler 를 갱신한다).
const _upperRotation = /*@__PURE__*/ new Quaternion();
const _midRotation = /*@__PURE__*/ new Quaternion();
const _endRotation = /*@__PURE__*/ new Quaternion();
const _chainRotation = /*@__PURE__*/ new Quaternion();
const _upperUnit = /*@__PURE__*/ new Quaternion();
const _midUnit = /*@__PURE__*/ new Quaternion();
const _upperInverse = /*@__PURE__*/ new Quaternion();
const _lengthsParent: ChainLengths = createChainLengths();
// 이번 호출의 weight·soft. 수는 객체 필드로 넘긴다 (quaternionBlend.ts 주석 참고).
const _settings: BlendWeight & SoftSettings = { weight: DOUBLE_FIELD_SEED, soft: DOUBLE_FIELD_SEED };
const _targetWorldScratch = /*@__PURE__*/ new Vector3();
const _poleWorldScratch = /*@__PURE__*/ new Vector3();
const _solveParent = /*@__PURE__*/ createTwoBoneIKResult();

function throwNotUnitInterval(name: string, value: unknown): never {
  throw new RangeError(`TwoBoneIK.solve: ${name}는 [0, 1] 범위의 수여야 합니다 (받은 값: ${String(value)})`);
}

function throwSingularParent(parent: Object3D): never {
  throw new RangeError(`TwoBoneIK.solve: upper 의 부모("${parent.name}") 월드 행렬이 특이 행렬입니다 (스케일 0, 행렬식: ${parent.matrixWorld.determinant()})`);
}

/** out ← unit(to − from). 길이가 0 이면 out 은 0 벡터. (수를 주고받지 않아 할당이 없다.) */
function setUnitDirection(out: Vector3, from: Vector3, to: Vector3): void {
  const x = to.x - from.x, y = to.y - from.y, z = to.z - from.z;
  const length = Math.sqrt(x * x + y * y + z * z);
  const inv = length > 0 ? 1 / length : 0;
  // set() 대신 필드에 직접 쓴다: 인라인되지 않은 호출에 double 을 넘기면 V8 이 할당한다.
  out.x = x * inv; out.y = y * inv; out.z = z * inv;
}

function throwPivot(name: string, bone: Object3D): never {
  throw new RangeError(`TwoBoneIK.solve: ${name}.pivot 은 지원하지 않습니다 (받은 값: ${bone.pivot?.toArray().join(", ")})`);
}

/** end 의 원점을 mid 의 로컬 공간에서 (pivot 이 있으면 합성한 로컬 행렬에서) out 에. */
function endOrigin(end: Object3D, out: Vector3): Vector3 {
  if (end.pivot == null) return out.copy(end.position); // r184 이전 three 에는 pivot 이 없다 (undefined)
  end.updateMatrix();
  return out.setFromMatrixPosition(end.matrix);
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
 * 조상의 월드 행렬을 다시 계산하고, 체인·목표·극을 upper 의 부모 공간으로 옮긴다.
 * (getWorldPosition() 은 부를 때마다 조상 전체를 다시 계산하므로 matrixWorld 를 직접 읽는다.)
 * 결과: _rootParent, _midParent, _endParent, _targetParent, _poleParent, _lengthsParent.
 */
function readChainInParentSpace(
  upper: Object3D, mid: Object3D, end: Object3D,
  targetWorld: Readonly<Vector3Like>, poleWorld: Readonly<Vector3Like>,
  updateAncestors: boolean,
): void {
  const parent = upper.parent;
  if (parent !== null) {
    if (updateAncestors) parent.updateWorldMatrix(true, false); // 조상만: 체인은 로컬 행렬로 충분하다
    // 특이 행렬이면 invert() 는 0 행렬을 준다. 아핀 행렬의 역행렬은 elements[15] = 1 이다.
    _parentInverse.copy(parent.matrixWorld).invert();
    if (_parentInverse.elements[15] === 0) throwSingularParent(parent);
  } else {
    _parentInverse.identity();
  }
  // 체인의 부모 공간 위치는 위치·회전·스케일에서 바로: root = p_U, mid = p_U + R̂_U S_U p_M,
  // end = p_U + R̂_U S_U (p_M + R̂_M S_M p_E). R̂ 은 정규화한 사원수의 회전이다 — 애니메이션이 쓴 사원수는
  // 길이가 1 에서 조금 벗어날 수 있고 (three 는 그것을 그대로 행렬에 넣어 뼈를 살짝 일그러뜨린다),
  // 우리가 써 넣을 새 회전은 정규화되어 있으므로, 그 자세의 뼈 길이로 풀어야 끝이 정확히 닿는다.
  // (사원수는 접근자 대신 필드로 읽는다: math/quaternionFields.ts 참고.)
  copyQuaternion(_upperUnit, upper.quaternion);
  normalizeQuaternion(_upperUnit);
  copyQuaternion(_midUnit, mid.quaternion);
  normalizeQuaternion(_midUnit);
  _rootParent.copy(upper.position);
  rotateVector(_midParent.copy(mid.position).multiply(upper.scale), _upperUnit);
  _midParent.add(_rootParent);
  rotateVector(endOrigin(end, _endParent).multiply(mid.scale), _midUnit);
  rotateVector(_endParent.add(mid.position).multiply(upper.scale), _upperUnit);
  _endParent.add(_rootParent);
  _targetParent.copy(targetWorld).applyMatrix4(_parentInverse);
  _poleParent.copy(poleWorld).applyMatrix4(_parentInverse);
  // 뼈 길이 (부모 공간): a = |mid − root|, b = |end − mid|.
  let dx = _midParent.x - _rootParent.x, dy = _midParent.y - _rootParent.y, dz = _midParent.z - _rootParent.z;
  _lengthsParent.upperLength = Math.sqrt(dx * dx + dy * dy + dz * dz);
  dx = _endParent.x - _midParent.x; dy = _endParent.y - _midParent.y; dz = _endParent.z - _midParent.z;
  _lengthsParent.lowerLength = Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/**
 * upper: 현재 관절 방향 → 풀린 관절 방향으로 가장 작게 돌린다 (Δ₁ 은 _upperDelta 에 남긴다).
 * Δ₁ 은 부모 공간의 회전이므로 왼쪽에 곱한다: q_U′ = Δ₁ q_U → _upperRotation. 위 뼈 길이가 0 이면 Δ₁ = 1.
 */
function rotateUpperToJoint(upper: Object3D, solved: TwoBoneIKResult): void {
  copyQuaternion(_upperRotation, upper.quaternion);
  if (!(_lengthsParent.upperLength > 0)) {
    _upperDelta.identity();
    return;
  }
  setUnitDirection(_fromDir, _rootParent, _midParent);
  setUnitDirection(_toDir, _rootParent, solved.joint);
  rotationBetweenUnitVectors(_fromDir, _toDir, _upperDelta);
  normalizeQuaternion(_upperRotation.premultiply(_upperDelta));
}

/**
 * mid: Δ₁ 뒤의 끝 방향 → 풀린 끝 방향 (Δ₂, 부모 공간). upper 의 로컬 축으로 옮겨 곱한다:
 * q_M′ = (q_U′⁻¹ Δ₂ q_U′) q_M → _midRotation. 아래 뼈 길이가 0 이면 그대로.
 */
function rotateMidToEnd(mid: Object3D, solved: TwoBoneIKResult): void {
  copyQuaternion(_midRotation, mid.quaternion);
  if (!(_lengthsParent.lowerLength > 0)) return;
  lowerBoneDelta(solved);
  copyQuaternion(_upperInverse, _upperRotation);
  _upperInverse.invert();
  _midDelta.premultiply(_upperInverse).multiply(_upperRotation);
  normalizeQuaternion(_midRotation.premultiply(_midDelta));
}

/** Δ₂ (부모 공간) 를 _midDelta 에: Δ₁ 로 옮겨진 끝 방향 → 풀린 끝 방향. */
function lowerBoneDelta(solved: TwoBoneIKResult): void {
  rotateVector(_endAfterUpper.subVectors(_endParent, _rootParent), _upperDelta);
  _endAfterUpper.add(_rootParent);
  setUnitDirection(_fromDir, solved.joint, _endAfterUpper);
  setUnitDirection(_toDir, solved.joint, solved.end);
  rotationBetweenUnitVectors(_fromDir, _toDir, _midDelta);
}

/** 부모 공간에서 본 end 의 회전 q_U q_M q_E 를 그대로 둔다: q_E′ = (q_U′ q_M′)⁻¹ (q_U q_M) q_E → _endRotation. */
function keepEndRotationOf(upper: Object3D, mid: Object3D, end: Object3D): void {
  _chainRotation.multiplyQuaternions(upper.quaternion, mid.quaternion);
  _upperInverse.multiplyQuaternions(_upperRotation, _midRotation).invert();
  copyQuaternion(_endRotation, end.quaternion);
  normalizeQuaternion(_endRotation.premultiply(_chainRotation).premultiply(_upperInverse));
}

/** weight < 1: 새 로컬 회전을 뼈의 들어온 회전에서 weight 만큼 간 회전으로 (slerp). */
function blendWithIncoming(upper: Object3D, mid: Object3D, end: Object3D, keepEnd: boolean, blend: Readonly<BlendWeight>): void {
  blendFromIncoming(_upperRotation, upper.quaternion, blend);
  blendFromIncoming(_midRotation, mid.quaternion, blend);
  if (keepEnd) blendFromIncoming(_endRotation, end.quaternion, blend);
}

/**
 * 뼈(Object3D·Bone) 세 개 upper → mid → end 에 두 뼈 IK 를 적용한다.
 *
 * - 체인의 **현재** 자세를 읽고 upper 의 부모 공간에서 계산하므로, 재생 중인 애니메이션 위에 덧씌울 수 있다.
 * - upper.quaternion 과 mid.quaternion 만 (keepEndRotation 이면 end.quaternion 도) 바꾼다.
 *   위치·스케일은 절대 바꾸지 않으며, 관절과 끝을 solveTwoBoneIK 의 자리로 보내는 가장 작은 회전을 쓴다 (비틀림 없음).
 * - 뼈 길이는 현재 월드 거리 |upper→mid|, |mid→end| (뼈의 스케일 포함) 이고 IK 는 이를 바꾸지 않는다.
 * - 호출 전에 월드 행렬을 갱신해 둘 필요가 없다: 조상부터 체인까지 다시 계산한다 (updateAncestors 참고).
 *   풀고 나면 upper·mid·end 의 월드 행렬이 새 자세로 갱신되어 있다 (end 의 자식은 렌더러가 평소처럼 갱신).
 *
 * 전제: mid 는 upper 의 자식, end 는 mid 의 자식. upper 의 부모 월드 행렬과 upper 의 스케일은 균등 스케일
 * (거울 반사 포함)이어야 뼈 길이가 보존된다. 체인 뼈에 pivot 을 쓰지 않는다.
 * 생성 후 solve() 는 아무것도 할당하지 않는다.
 */
export class TwoBoneIK {
  readonly upper: Object3D;
  readonly mid: Object3D;
  readonly end: Object3D;

  /** 기본 섞음 비율 [0, 1]. 1 = 완전한 IK, 0 = 들어온 자세 그대로. */
  weight = 1;
  /** 기본 soft IK 비율 [0, 1]. 0 = 정확한 계약(끝이 목표에 닿는다). */
  soft = 0;
  /** 기본값: 끝 뼈의 월드 회전을 유지할지. */
  keepEndRotation = false;

  /**
   * true (기본) 면 solve() 가 upper 의 조상 월드 행렬을 장면 뿌리부터 다시 계산한다: 렌더 사이에 부모를 옮겨도 정확하다.
   * 한 부모 아래 팔다리 수백 개를 풀 때처럼 조상 행렬이 이미 최신임을 안다면 (scene.updateMatrixWorld() 뒤)
   * false 로 두어 그 반복을 아낄 수 있다. 체인 자체(upper·mid·end)의 행렬은 어느 쪽이든 다시 계산한다.
   */
  updateAncestors = true;

  /** update() 가 쓰는 목표 객체 (월드 위치를 읽는다). */
  target: Object3D | null = null;
  /** update() 가 쓰는 극 힌트 객체 (월드 위치를 읽는다). */
  pole: Object3D | null = null;

  /**
   * 마지막 solve() 의 결과 (월드 공간): 새 자세의 관절·끝 위치와 reachable.
   * 다음 solve() 가 같은 객체를 덮어쓴다. 값을 보관하려면 복사한다.
   */
  readonly result: TwoBoneIKResult = createTwoBoneIKResult();
  /** 마지막 solve() 가 받은 목표 (월드). TwoBoneIKHelper 가 그린다. */
  readonly targetWorld = new Vector3();
  /** 마지막 solve() 가 받은 극 힌트 (월드). */
  readonly poleWorld = new Vector3();
  /** 뿌리(upper)의 월드 위치 — 마지막 solve() 기준. */
  readonly rootWorld = new Vector3();

  constructor(upper: Object3D, mid: Object3D, end: Object3D) {
    for (const [name, bone] of [["upper", upper], ["mid", mid], ["end", end]] as const) {
      if (bone === null || typeof bone !== "object" || !(bone as Object3D).isObject3D) {
        throw new RangeError(`TwoBoneIK: ${name}는 Object3D 여야 합니다 (받은 값: ${String(bone)})`);
      }
    }
    if (mid.parent !== upper) {
      throw new RangeError(`TwoBoneIK: mid("${mid.name}")는 upper("${upper.name}")의 자식이어야 합니다 (부모: ${mid.parent ? `"${mid.parent.name}"` : "없음"})`);
    }
    if (end.parent !== mid) {
      throw new RangeError(`TwoBoneIK: end("${end.name}")는 mid("${mid.name}")의 자식이어야 합니다 (부모: ${end.parent ? `"${end.parent.name}"` : "없음"})`);
    }
    this.upper = upper;
    this.mid = mid;
    this.end = end;
  }

  /**
   * 끝이 targetWorld 에 닿고 관절이 poleWorld 쪽으로 굽도록 뼈를 돌린다.
   *
   * @param targetWorld 목표 점 (월드).
   * @param poleWorld 극 힌트 점 (월드): 관절이 굽을 쪽.
   * @param options 이번 호출에만 쓸 weight·soft·keepEndRotation. 생략하면 인스턴스 값.
   * @param out 결과를 채울 객체 (월드 공간). 생략하면 this.result.
   * @returns out: 새 자세의 관절·끝 월드 위치와 reachable
   *   (reachable: 끝이 목표에 닿았는가. soft 가 목표를 당겼거나 범위 밖이면 false).
   */
  solve(
    targetWorld: Readonly<Vector3Like>,
    poleWorld: Readonly<Vector3Like>,
    options?: TwoBoneIKOptions,
    out: TwoBoneIKResult = this.result,
  ): TwoBoneIKResult {
    // 이번 호출의 설정을 객체 필드로 모은다. (a ?? b 처럼 두 출처가 합류하면 V8 이 double 을 상자에 담아 할당한다.)
    const settings = _settings;
    settings.weight = this.weight;
    settings.soft = this.soft;
    let keepEndRotation = this.keepEndRotation;
    if (options !== undefined) {
      if (options.weight !== undefined) settings.weight = options.weight;
      if (options.soft !== undefined) settings.soft = options.soft;
      if (options.keepEndRotation !== undefined) keepEndRotation = options.keepEndRotation;
    }

    // 1. 검사: 뼈와 out 에 쓰기 전에 모든 입력을 확인한다.
    if (!isFinitePoint(targetWorld)) assertFinitePoint("TwoBoneIK.solve", "targetWorld", targetWorld);
    if (!isFinitePoint(poleWorld)) assertFinitePoint("TwoBoneIK.solve", "poleWorld", poleWorld);
    const weight = settings.weight, soft = settings.soft;
    if (typeof weight !== "number" || !(weight >= 0 && weight <= 1)) throwNotUnitInterval("weight", weight);
    if (typeof soft !== "number" || !(soft >= 0 && soft <= 1)) throwNotUnitInterval("soft", soft);
    const { upper, mid, end } = this;
    // != null: r184 이전 three 에는 pivot 이 없다 (undefined).
    if (upper.pivot != null) throwPivot("upper", upper);
    if (mid.pivot != null) throwPivot("mid", mid);

    // 2. 현재 자세를 upper 의 부모 공간에서 읽는다 (월드 행렬은 조상부터 다시 계산).
    readChainInParentSpace(upper, mid, end, targetWorld, poleWorld, this.updateAncestors);

    // 3. soft IK: 완전히 펴지기 직전의 목표를 뿌리 쪽으로 당긴다 (softenDistance 의 식).
    const softened = softenTarget(_targetParent, _rootParent, _lengthsParent, settings);

    // 4. 부모 공간에서 관절과 끝의 자리를 푼다 (길이 검사도 여기서: 둘 다 0 이면 RangeError, 아직 아무것도 안 씀).
    const solved = solveChain("TwoBoneIK.solve", _rootParent, _lengthsParent, _targetParent, _poleParent, _solveParent);
    this.targetWorld.copy(targetWorld);
    this.poleWorld.copy(poleWorld);

    if (weight > 0) {
      // 5–6. 가장 작은 회전으로 관절, 그다음 끝을 풀린 자리로.
      rotateUpperToJoint(upper, solved);
      rotateMidToEnd(mid, solved);
      // 7. keepEndRotation: 끝 뼈의 월드 회전을 되돌린다.
      if (keepEndRotation) keepEndRotationOf(upper, mid, end);
      // 8. weight: 로컬 회전을 들어온 자세에서 IK 자세로 slerp 한다.
      if (weight < 1) blendWithIncoming(upper, mid, end, keepEndRotation, settings);

      // 뼈에는 한 번씩만 쓴다. 위치·스케일은 건드리지 않는다.
      copyQuaternion(upper.quaternion, _upperRotation);
      copyQuaternion(mid.quaternion, _midRotation);
      if (keepEndRotation) copyQuaternion(end.quaternion, _endRotation);
    }
    // weight 0 이어도 월드 행렬은 갱신한다: 결과와 다음 읽기가 지금 자세를 보게.
    refreshWorldMatrix(upper, true);
    refreshWorldMatrix(mid, true);
    refreshWorldMatrix(end, true);

    // 9. 결과: 새 자세의 월드 위치를 뼈에서 읽는다.
    this.rootWorld.setFromMatrixPosition(upper.matrixWorld);
    out.joint.setFromMatrixPosition(mid.matrixWorld);
    out.end.setFromMatrixPosition(end.matrixWorld);
    out.reachable = solved.reachable && !softened;
    return out;
  }

  /**
   * target·pole 객체의 월드 위치로 solve() 한다. 둘 중 하나라도 없으면 아무것도 하지 않고 this.result 를 돌려준다.
   * 목표·극 객체의 월드 행렬은 여기서 (조상부터) 다시 계산한다.
   */
  update(): TwoBoneIKResult {
    if (this.target === null || this.pole === null) return this.result;
    this.target.updateWorldMatrix(true, false);
    this.pole.updateWorldMatrix(true, false);
    _targetWorldScratch.setFromMatrixPosition(this.target.matrixWorld);
    _poleWorldScratch.setFromMatrixPosition(this.pole.matrixWorld);
    return this.solve(_targetWorldScratch, _poleWorldScratch);
  }
}

