import { Matrix4, Quaternion, Vector3 } from "three";
import type { Object3D, QuaternionLike, Vector3Like } from "three";
import { createTwoBoneIKResult } from "./math/solveTwoBoneIK.js";
import type { TwoBoneIKResult } from "./math/solveTwoBoneIK.js";
import type { BendLimits } from "./math/bendLimits.js";
import { readBendLimitsValue } from "./math/bendLimits.js";
import { assertFinitePoint, throwExpected } from "./math/validation.js";
import { writeAutoPole } from "./math/autoPole.js";
import { throwNotBoolean } from "./chainChecks.js";
import { acquireFrame, releaseFrame } from "./bone/solveFrame.js";
import type { SolveFrame } from "./bone/solveFrame.js";
import { linkChain, readBendDirection } from "./bone/chainLinks.js";
import type { ChainLinks } from "./bone/chainLinks.js";
import { chooseBendDirection } from "./bone/bendDirection.js";
import type { BendSource } from "./bone/bendDirection.js";
import { measureBendFromBody } from "./bone/bodyBend.js";
import { END_FOLLOWS, END_KEPT, END_ROTATED, SOLVE, checkChain, validateCall } from "./bone/validateCall.js";
import { invertParent, readChainInParentSpace, readEndTarget, readTargetAndPole, readTip } from "./bone/readChain.js";
import { reachTriangle } from "./bone/reachTriangle.js";
import {
  aimForHeldTip, blendEndGoal, blendEndWithIncoming, blendWithIncoming, keepEndRotation, readIncomingEnd, turnEndToGoal,
} from "./bone/endRotation.js";
import { writeChain } from "./bone/writeChain.js";
import { writeMatrixRotation } from "./bone/localMath.js";
import { copyQuaternion } from "./math/quaternionFields.js";

export type { BendSource } from "./bone/bendDirection.js";

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
  /** 끝 뼈가 가질 월드 회전 (단위 사원수), null 이면 없음. 생략하면 {@link TwoBoneIK.endRotation}. */
  endRotation?: Readonly<QuaternionLike> | null;
  /** endRotation 의 가중치 [0, 1]. 생략하면 {@link TwoBoneIK.endRotationWeight} (기본 1). */
  endRotationWeight?: number;
  /** 목표에 닿을 점 (end 의 로컬 공간). 생략하면 {@link TwoBoneIK.tip} (기본 원점). */
  tip?: Readonly<Vector3Like>;
  /** 관절의 굽힘 제한 (라디안), null 이면 없음. 생략하면 {@link TwoBoneIK.bendLimits}. */
  bendLimits?: Readonly<BendLimits> | null;
}

/** {@link TwoBoneIK} 생성자의 네 번째 인자. */
export interface TwoBoneIKConstructorOptions {
  /**
   * 자동 극의 기본 굽힘 방향 n (월드, 생성 시점; 0 이 아닌 벡터). upper 의 부모 공간에 고정해 두므로 캐릭터와 함께 돈다.
   * 무릎은 캐릭터의 앞, 팔꿈치는 뒤 (아래). 생략하면 차례로: 생성 시점의 자세가 굽어 있으면 (s ≥ 0.1) 그 굽힘 방향,
   * 체인이 속한 리그에서 캐릭터의 몸 방향을 잴 수 있으면 다리는 앞·팔은 뒤 ({@link findLimbs} 와 같은 잣대),
   * 둘 다 아니면 월드 +Z. 어느 것을 썼는지는 {@link TwoBoneIK.bendSource}.
   */
  bendDirection?: Readonly<Vector3Like>;
  /** 관절의 굽힘 제한 (라디안) 의 처음 값 ({@link TwoBoneIK.bendLimits}). */
  bendLimits?: Readonly<BendLimits> | null;
  /** 목표에 닿을 점 (end 의 로컬 공간) 의 처음 값 ({@link TwoBoneIK.tip}). */
  tip?: Readonly<Vector3Like>;
}

/**
 * 뼈(Object3D·Bone) 세 개 upper → mid → end 에 두 뼈 IK 를 적용한다.
 *
 * - 체인의 **현재** 자세를 읽고 upper 의 부모 공간에서 계산하므로, 재생 중인 애니메이션 위에 덧씌울 수 있다.
 * - upper.quaternion 과 mid.quaternion 만 (keepEndRotation·endRotation 이면 end.quaternion 도) 바꾼다.
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
  /** 끝 뼈 (손·발): mid 의 자손. 이 뼈의 원점 (tip 을 주면 그 점) 이 목표에 닿는다. */
  readonly end: Object3D;

  /** 기본 섞음 비율 [0, 1] (기본 1). 1 = 완전한 IK, 0 = 들어온 자세 그대로. solve() 의 options.weight 가 이긴다. */
  weight = 1;
  /**
   * 기본 soft IK 비율 [0, 1] (기본 0). 0 = 정확한 계약 (닿는 목표에는 끝이 닿는다).
   * 식은 {@link softenDistance}. solve() 의 options.soft 가 이긴다.
   */
  soft = 0;
  /**
   * 끝 뼈의 월드 회전을 유지할지의 기본값 (기본 false). 어느 weight 에서나 유지한다 (섞은 upper·mid 에 맞춰 end 를
   * 되돌린다). solve() 의 options.keepEndRotation 이 이긴다.
   */
  keepEndRotation = false;
  /**
   * 끝 뼈 (손·발) 가 가질 월드 회전 (단위 사원수), 기본 null (없음). 주면 끝은 그 회전을 갖고 (endRotationWeight 가 1 이면
   * 1e-12 안에서 정확히), tip 도 그 회전으로 정확히 목표에 닿는다. keepEndRotation 과 함께 쓸 수 없다 (RangeError).
   * 손잡이·문고리를 잡는 손: 손잡이 객체의 월드 회전 ({@link TwoBoneIK.useTargetRotation}). 식은 spec/END_EFFECTOR.md.
   */
  endRotation: Readonly<QuaternionLike> | null = null;
  /**
   * endRotation 의 가중치 [0, 1] (기본 1): 끝 회전은 endRotation 이 없을 때 가질 회전에서 endRotation 쪽으로 이만큼
   * slerp 한 것이다 (0 이면 endRotation 이 없는 것과 같다). 어느 가중치에서나 tip 은 목표에 정확히 닿는다.
   */
  endRotationWeight = 1;
  /**
   * 목표에 닿을 점 (end 의 로컬 공간, 뼈의 스케일 포함), 기본 원점 (end 뼈의 원점: 손목·발목). 손바닥 가운데, 발바닥 등.
   * 끝 회전이 정해지면 (endRotation·keepEndRotation) 그 회전으로 옮긴 tip 이, 아니면 아래 뼈와 함께 움직이는 tip 이
   * 정확히 닿는다 (삼각형의 아래 변이 mid → tip). 뼈는 늘지 않고, reachable·자르기는 그 삼각형의 길이로 정한다.
   * 객체를 바꾸지 않고 읽기만 한다.
   */
  tip: Vector3 = new Vector3();
  /**
   * 관절의 굽힘 제한 { min, max } (라디안, 0 = 곧게 폄, π = 완전히 접힘), 기본 null (없음). 풀리는 삼각형의 관절
   * 굽힘이 이 안에 머문다: 무릎 min = 2° 면 완전히 펴져 잠기지 않고, 팔꿈치 max = 150° 면 위팔을 뚫지 않는다. 닿는 거리가
   * 그만큼 줄고 (삼각형이 닫히지 않는다) 밖의 목표는 같은 직선 위로 잘린다 (reachable false). 식은 {@link solveTwoBoneIK}.
   */
  bendLimits: Readonly<BendLimits> | null = null;
  /**
   * true 면 {@link TwoBoneIK.update} 가 target 객체의 월드 회전을 endRotation 으로 쓴다 (기본 false): 손잡이 객체 하나가
   * 잡을 자리와 잡는 방향을 함께 준다. 가중치는 endRotationWeight.
   */
  useTargetRotation = false;

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
  /**
   * 자동 극의 기본 굽힘 방향을 어디서 얻었는가 (생성 시점): `"option"` (생성자의 bendDirection), `"pose"` (생성 시점
   * 자세의 굽힘), `"body"` (리그에서 잰 캐릭터의 몸 방향: 다리는 앞, 팔은 뒤), `"world"` (잴 수 없어 월드 +Z).
   */
  readonly bendSource: BendSource;

  /** 생성 시점의 체인 구조. */
  readonly #links: ChainLinks;
  /** 자동 극의 기본 굽힘 방향 n (upper 의 부모 공간, 단위 벡터). */
  readonly #bendParent: Vector3;
  /** update() 가 읽은 목표·극의 월드 위치. */
  readonly #updateTarget = new Vector3();
  readonly #updatePole = new Vector3();
  /** update() 가 목표 객체의 월드 회전을 넘길 때의 옵션 (매번 새로 만들지 않는다). */
  readonly #updateRotation = new Quaternion();
  readonly #updateMatrix = new Matrix4();
  readonly #updateOptions: TwoBoneIKOptions = { endRotation: this.#updateRotation };

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
   *   유한한 수 x·y·z 를 가진 객체가 아니거나 0 벡터인 options.bendDirection, 유한한 점이 아닌 options.tip,
   *   solveTwoBoneIK 의 규칙에 맞지 않는 options.bendLimits.
   */
  constructor(upper: Object3D, mid: Object3D, end: Object3D, options?: TwoBoneIKConstructorOptions) {
    const links = linkChain(upper, mid, end, options);
    const bendWorld = readBendDirection(options?.bendDirection);
    const limits = options?.bendLimits;
    if (limits != null) readBendLimitsValue("TwoBoneIK", "options.bendLimits", limits, new Float64Array(2));
    const tip = options?.tip;
    if (tip !== undefined) assertFinitePoint("TwoBoneIK", "options.tip", tip);
    if (limits != null) this.bendLimits = { min: limits.min, max: limits.max };
    if (tip !== undefined) this.tip.set(tip.x, tip.y, tip.z);
    this.upper = upper;
    this.mid = mid;
    this.end = end;
    this.#links = links;
    const bend = chooseBendDirection(links, bendWorld, () => measureBendFromBody(links));
    this.#bendParent = bend.bendParent;
    this.bendSource = bend.source;
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
      throwExpected(caller, "outWorld", "얼지 않은 Vector3 여야", outWorld);
    }
    if (typeof this.updateAncestors !== "boolean") throwNotBoolean(caller, "updateAncestors", this.updateAncestors);
    const f = acquireFrame();
    try {
      const links = this.#links;
      checkChain(caller, links);
      invertParent(caller, this.upper, this.updateAncestors, f);
      readChainInParentSpace(links, f);
      writeAutoPole(f.rootParent, f.midParent, f.endParent, this.#bendParent, outWorld);
      const parent = this.upper.parent;
      if (parent !== null) outWorld.applyMatrix4(parent.matrixWorld);
      return outWorld;
    } finally {
      releaseFrame();
    }
  }

  /**
   * 끝이 targetWorld 에 닿고 관절이 poleWorld 쪽으로 굽도록 upper·mid 를 (keepEndRotation 이면 end 도) 돌린다.
   * 목표가 닿는 범위 [|a − b|, a + b] (a, b 는 지금의 월드 뼈 길이) 밖이면 끝은 목표 쪽으로 가장 가까운 자리에 가고
   * 팔다리는 곧게 (또는 접혀) 관절이 뿌리–끝 직선 위에 놓인다. 생성 후에는 아무것도 할당하지 않는다.
   *
   * @param targetWorld 목표 점 (월드).
   * @param poleWorld 극 힌트 점 (월드, 방향이 아니라 점): 관절이 굽을 쪽. 생략 (undefined) 하면 자동 극
   *   ({@link TwoBoneIK.getAutoPole} 과 같은 점).
   * @param options 이번 호출에만 쓸 weight·soft·keepEndRotation. 생략하면 인스턴스 값.
   * @param out 결과를 채울 객체 (월드 공간). 생략하면 {@link TwoBoneIK.result}.
   * @returns out: 새 자세의 관절·끝 월드 위치와 reachable (끝은 효과점: tip 을 주었으면 tip 의 자리).
   *   reachable: weight 1 의 풀이에서 끝이 목표에 닿는가 — 목표가 닿는 범위 안이고 soft 가 당기지 않았다.
   *   weight 와는 무관하다 (weight < 1 이면 true 여도 끝은 목표와 들어온 자세 사이에 있다). Python 과 같은 정의.
   * @throws RangeError 아무것도 쓰기 전에 (뼈·out·인스턴스는 그대로), 인자나 뼈의 이름과 값을 담아:
   *   유한한 수 x·y·z 가 아닌 targetWorld·poleWorld, 객체가 아닌 options (null 포함), [0, 1] 밖이거나 수가 아닌
   *   weight·soft (옵션과 인스턴스 값), boolean 이 아닌 keepEndRotation·updateAncestors, 결과 객체가 아닌 out
   *   (null, {}, 얼린 객체, joint·end 가 Vector3 가 아니거나 얼었거나 같은 객체), 유한한 단위 사원수 (|q| 가 1 ± 1e-4)
   *   가 아닌 endRotation, [0, 1] 밖이거나 수가 아닌 endRotationWeight, 유한한 점이 아닌 tip, solveTwoBoneIK 의
   *   규칙에 맞지 않는 bendLimits (옵션과 인스턴스 값 모두), endRotation 과 keepEndRotation 을 함께 (두 이름을 담아),
   *   그리고 클래스 설명의 "거부하는 체인 상태".
   */
  solve(
    targetWorld: Readonly<Vector3Like>,
    poleWorld?: Readonly<Vector3Like>,
    options?: TwoBoneIKOptions,
    out: TwoBoneIKResult = this.result,
  ): TwoBoneIKResult {
    // 중첩된 solve() 는 자기 깊이의 임시 객체를 쓴다 (solveFrame.ts).
    const f = acquireFrame();
    try {
      return solveInFrame(this, this.#links, this.#bendParent, f, targetWorld, poleWorld, options, out);
    } finally {
      releaseFrame();
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
    const useRotation = this.useTargetRotation;
    if (typeof useRotation !== "boolean") throwNotBoolean("TwoBoneIK.update", "useTargetRotation", useRotation);
    if (useRotation && this.keepEndRotation === true) {
      throw new RangeError("TwoBoneIK.update: keepEndRotation 와 useTargetRotation 은 함께 쓸 수 없습니다 — 끝 뼈의 회전을 "
        + "유지하거나 목표의 회전을 따르거나 둘 중 하나입니다 (받은 값: 둘 다 true)");
    }
    target.updateWorldMatrix(true, false);
    if (pole !== null) pole.updateWorldMatrix(true, false);
    // 목표의 월드 회전: three 의 decompose 와 같은 식 (getWorldQuaternion 과 같은 값, 조상은 방금 갱신했다).
    if (useRotation) writeMatrixRotation(target.matrixWorld, this.#updateMatrix, this.#updateRotation);
    this.#updateTarget.setFromMatrixPosition(target.matrixWorld);
    const options = useRotation ? this.#updateOptions : undefined;
    if (pole === null) return this.solve(this.#updateTarget, undefined, options);
    this.#updatePole.setFromMatrixPosition(pole.matrixWorld);
    return this.solve(this.#updateTarget, this.#updatePole, options);
  }
}

/**
 * solve() 의 차례: 검사 → 읽기 → 풀기·돌리기 → 끝 회전 → 섞기 → 쓰기. 쓰기 전의 단계는 f 에만 쓴다.
 * 끝 뼈의 방식 (따라감·유지·끝 회전) 과 tip 에 따라 삼각형을 한 번 (끝 회전의 가중치가 1 보다 작고 tip 이 있으면 두 번)
 * 푼다 (spec/END_EFFECTOR.md).
 */
function solveInFrame(
  ik: TwoBoneIK,
  links: ChainLinks,
  bendParent: Vector3,
  f: SolveFrame,
  targetWorld: Readonly<Vector3Like>,
  poleWorld: Readonly<Vector3Like> | undefined,
  options: TwoBoneIKOptions | undefined,
  out: TwoBoneIKResult,
): TwoBoneIKResult {
  // 1. 검사: 모든 입력과 체인 상태 (점은 한 번만 읽어 f 에 둔다).
  const mode = validateCall(ik, links, f, targetWorld, poleWorld, options, out);
  // 2. 읽기: 조상 행렬 → 부모의 역행렬 → 체인·목표·극을 upper 의 부모 공간으로 (tip 이 있으면 tip 도).
  invertParent(SOLVE, ik.upper, ik.updateAncestors, f);
  readChainInParentSpace(links, f);
  readTargetAndPole(ik.upper, bendParent, poleWorld === undefined, f);
  const hasTip = f.hasTip, weight = f.settings.weight;
  if (hasTip) readTip(links, f);
  // 3. 풀기·돌리기: soft IK 로 목표를 당기고 코사인 법칙 (굽힘 제한 포함) 으로 관절·효과점의 자리, 그다음 가장 작은
  //    회전 (길이 검사도 여기서: 아직 아무것도 안 씀). weight 0 이면 따라감·유지는 돌릴 필요가 없다.
  let reachable = false;
  if (mode === END_FOLLOWS) {
    reachable = reachTriangle(links, f, f.targetParent, hasTip, weight > 0);
  } else {
    // 4. 끝 회전: 끝이 가질 회전 R_goal 을 정하고, tip 이면 그 회전으로 옮긴 tip 이 닿도록 겨누는 점을 옮겨 푼다.
    const aim = f.aimTargetParent.copy(f.targetParent);
    let solvedOnce = false;
    if (mode === END_ROTATED) {
      readEndTarget(ik.upper, f);
      if (f.endWeight.weight < 1) {
        // endRotation 이 없을 때의 풀이 (tip 은 아래 뼈와 함께) 에서 끝이 가질 회전 R_A → slerp(R_A, R_Q, w_e).
        reachable = reachTriangle(links, f, aim, hasTip, true);
        blendEndGoal(links, f);
        solvedOnce = !hasTip; // tip 이 원점이면 그 풀이가 곧 답이다
      } else {
        copyQuaternion(f.endGoalParent, f.endTargetParent);
      }
    }
    if (hasTip) {
      readIncomingEnd(links, f);
      aimForHeldTip(f, mode === END_KEPT ? f.incomingEndParent : f.endGoalParent);
    }
    if (!solvedOnce) reachable = reachTriangle(links, f, aim, false, mode === END_ROTATED || weight > 0);
    if (mode === END_ROTATED) turnEndToGoal(links, f);
  }
  if (weight > 0) {
    // 5. 섞기: weight 로 들어온 자세와 (끝 회전이면 end 도), 유지는 섞은 뒤에 끝의 월드 회전을 되돌린다.
    if (weight < 1) {
      blendWithIncoming(links, f);
      if (mode === END_ROTATED) blendEndWithIncoming(links, f);
    }
    if (mode === END_KEPT) keepEndRotation(links, f);
  }
  // 6. 쓰기: 여기서부터 인스턴스·뼈·out 에 쓴다.
  ik.targetWorld.copy(f.targetWorld);
  ik.poleWorld.copy(f.poleWorld);
  writeChain(links, f, weight > 0, mode !== END_FOLLOWS, ik.rootWorld, out, hasTip);
  out.reachable = reachable;
  return out;
}
