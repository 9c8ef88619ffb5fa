import { Matrix4, Quaternion, Vector3 } from "three";
import type { Object3D, Vector3Like } from "three";
import {
  assertFinitePoint,
  createTwoBoneIKResult,
  solveTwoBoneIK,
} from "./math/solveTwoBoneIK.js";
import type { TwoBoneIKResult } from "./math/solveTwoBoneIK.js";
import { rotationBetweenUnitVectors } from "./math/rotationBetween.js";
import { softenDistance } from "./math/softIK.js";

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
const _fromDir = /*@__PURE__*/ new Vector3();
const _toDir = /*@__PURE__*/ new Vector3();
const _upperDelta = /*@__PURE__*/ new Quaternion();
const _midDelta = /*@__PURE__*/ new Quaternion();
const _upperRotation0 = /*@__PURE__*/ new Quaternion();
const _midRotation0 = /*@__PURE__*/ new Quaternion();
const _endRotation0 = /*@__PURE__*/ new Quaternion();
const _chainRotation = /*@__PURE__*/ new Quaternion();
const _upperInverse = /*@__PURE__*/ new Quaternion();
const _blendTarget = /*@__PURE__*/ new Quaternion();
const _targetWorldScratch = /*@__PURE__*/ new Vector3();
const _poleWorldScratch = /*@__PURE__*/ new Vector3();
const _solveParent = /*@__PURE__*/ createTwoBoneIKResult();

function assertUnitInterval(name: string, value: number): void {
  if (typeof value !== "number" || !(value >= 0 && value <= 1)) {
    throw new RangeError(`TwoBoneIK.solve: ${name}는 [0, 1] 범위의 수여야 합니다 (받은 값: ${String(value)})`);
  }
}

function assertNoPivot(name: string, bone: Object3D): void {
  if (bone.pivot !== null) {
    throw new RangeError(`TwoBoneIK.solve: ${name}.pivot 은 지원하지 않습니다 (받은 값: ${bone.pivot.toArray().join(", ")})`);
  }
}

/** rotation(IK 결과)을 incoming 에서 rotation 쪽으로 weight 만큼 간 회전으로 바꾼다 (slerp, 짧은 경로). */
function blendFromIncoming(rotation: Quaternion, incoming: Quaternion, weight: number): void {
  _blendTarget.copy(rotation);
  rotation.copy(incoming).slerp(_blendTarget, weight);
}

/** 로컬 행렬과 월드 행렬을 three 의 updateWorldMatrix 와 같은 규칙으로 다시 계산한다 (부모는 최신이라고 가정). */
function refreshWorldMatrix(object: Object3D): void {
  if (object.matrixAutoUpdate) object.updateMatrix();
  if (object.matrixWorldAutoUpdate) {
    if (object.parent === null) object.matrixWorld.copy(object.matrix);
    else object.matrixWorld.multiplyMatrices(object.parent.matrixWorld, object.matrix);
  }
  object.matrixWorldNeedsUpdate = false;
}

/**
 * 뼈(Object3D·Bone) 세 개 upper → mid → end 에 두 뼈 IK 를 적용한다.
 *
 * - 체인의 **현재** 자세를 읽고 upper 의 부모 공간에서 계산하므로, 재생 중인 애니메이션 위에 덧씌울 수 있다.
 * - upper.quaternion 과 mid.quaternion 만 (keepEndRotation 이면 end.quaternion 도) 바꾼다.
 *   위치·스케일은 절대 바꾸지 않으며, 관절과 끝을 solveTwoBoneIK 의 자리로 보내는 가장 작은 회전을 쓴다 (비틀림 없음).
 * - 뼈 길이는 현재 월드 거리 |upper→mid|, |mid→end| (뼈의 스케일 포함) 이고 IK 는 이를 바꾸지 않는다.
 * - 호출 전에 월드 행렬을 갱신해 둘 필요가 없다: 조상부터 체인까지 다시 계산한다.
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
    const weight = options?.weight ?? this.weight;
    const soft = options?.soft ?? this.soft;
    const keepEndRotation = options?.keepEndRotation ?? this.keepEndRotation;

    // 1. 검사: 뼈와 out 에 쓰기 전에 모든 입력을 확인한다.
    assertFinitePoint("TwoBoneIK.solve", "targetWorld", targetWorld);
    assertFinitePoint("TwoBoneIK.solve", "poleWorld", poleWorld);
    assertUnitInterval("weight", weight);
    assertUnitInterval("soft", soft);
    const { upper, mid, end } = this;
    assertNoPivot("upper", upper);
    assertNoPivot("mid", mid);

    // 2. 현재 자세: 조상부터 end 까지 월드 행렬을 다시 계산하고, upper 의 부모 공간으로 옮긴다.
    //    (getWorldPosition() 은 부를 때마다 조상 전체를 다시 계산하므로 matrixWorld 를 직접 읽는다.)
    end.updateWorldMatrix(true, false);
    const parent = upper.parent;
    if (parent !== null) {
      const parentWorld = parent.matrixWorld;
      if (parentWorld.determinant() === 0) {
        throw new RangeError(`TwoBoneIK.solve: upper 의 부모("${parent.name}") 월드 행렬이 특이 행렬입니다 (스케일 0, 행렬식: 0)`);
      }
      _parentInverse.copy(parentWorld).invert();
    } else {
      _parentInverse.identity();
    }
    _rootParent.setFromMatrixPosition(upper.matrix);
    _midParent.setFromMatrixPosition(mid.matrixWorld).applyMatrix4(_parentInverse);
    _endParent.setFromMatrixPosition(end.matrixWorld).applyMatrix4(_parentInverse);
    _targetParent.copy(targetWorld).applyMatrix4(_parentInverse);
    _poleParent.copy(poleWorld).applyMatrix4(_parentInverse);
    this.targetWorld.copy(targetWorld);
    this.poleWorld.copy(poleWorld);
    this.rootWorld.setFromMatrixPosition(upper.matrixWorld);

    const upperLength = _rootParent.distanceTo(_midParent);
    const lowerLength = _midParent.distanceTo(_endParent);

    // 3. soft IK: 완전히 펴지기 직전의 목표를 뿌리 쪽으로 당긴다.
    let softened = false;
    if (soft > 0) {
      const distance = _rootParent.distanceTo(_targetParent);
      const softDistance = softenDistance(distance, upperLength + lowerLength, soft);
      if (softDistance < distance) {
        _targetParent.sub(_rootParent).multiplyScalar(softDistance / distance).add(_rootParent);
        softened = true;
      }
    }

    // 4. 부모 공간에서 관절과 끝의 자리를 푼다 (길이 검사도 여기서: 둘 다 0 이면 RangeError, 아직 아무것도 안 씀).
    const solved = solveTwoBoneIK(_rootParent, upperLength, lowerLength, _targetParent, _poleParent, _solveParent);

    if (weight > 0) {
      _upperRotation0.copy(upper.quaternion);
      _midRotation0.copy(mid.quaternion);
      _endRotation0.copy(end.quaternion);

      // 5. upper: 현재 관절 방향 → 풀린 관절 방향으로 가장 작게 돌린다. Δ₁ 은 부모 공간의 회전이므로 왼쪽에 곱한다.
      if (upperLength > 0) {
        _fromDir.subVectors(_midParent, _rootParent).divideScalar(upperLength);
        _toDir.subVectors(solved.joint, _rootParent).divideScalar(upperLength);
        rotationBetweenUnitVectors(_fromDir, _toDir, _upperDelta);
        upper.quaternion.premultiply(_upperDelta).normalize();
      } else {
        _upperDelta.identity();
      }

      // 6. mid: Δ₁ 뒤의 끝 방향 → 풀린 끝 방향. 부모 공간의 Δ₂ 를 upper 의 로컬 축으로 옮긴다: q_U⁻¹ Δ₂ q_U.
      if (lowerLength > 0) {
        _fromDir.subVectors(_endParent, _rootParent).applyQuaternion(_upperDelta).add(_rootParent).sub(solved.joint);
        _fromDir.normalize();
        _toDir.subVectors(solved.end, solved.joint).divideScalar(lowerLength);
        rotationBetweenUnitVectors(_fromDir, _toDir, _midDelta);
        _upperInverse.copy(upper.quaternion).invert();
        _midDelta.premultiply(_upperInverse).multiply(upper.quaternion);
        mid.quaternion.premultiply(_midDelta).normalize();
      }

      // 7. keepEndRotation: 부모 공간에서 본 end 의 회전 q_U q_M q_E 를 그대로 둔다.
      if (keepEndRotation) {
        _chainRotation.multiplyQuaternions(_upperRotation0, _midRotation0);
        _upperInverse.multiplyQuaternions(upper.quaternion, mid.quaternion).invert();
        end.quaternion.premultiply(_chainRotation).premultiply(_upperInverse).normalize();
      }

      // 8. weight: 로컬 회전을 들어온 자세에서 IK 자세로 slerp 한다.
      if (weight < 1) {
        blendFromIncoming(upper.quaternion, _upperRotation0, weight);
        blendFromIncoming(mid.quaternion, _midRotation0, weight);
        if (keepEndRotation) blendFromIncoming(end.quaternion, _endRotation0, weight);
      }

      refreshWorldMatrix(upper);
      refreshWorldMatrix(mid);
      refreshWorldMatrix(end);
    }

    // 9. 결과: 새 자세의 월드 위치를 뼈에서 읽는다.
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

