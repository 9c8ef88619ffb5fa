// 발 딛기: AnimationMixer 가 쓴 걷기 자세를 울퉁불퉁한 땅에 맞춘다 (발 목표·발 기울기·골반 내림, 스프링으로 부드럽게).
import { Quaternion, Vector3 } from "three";
import type { Object3D, Vector3Like } from "three";
import { TwoBoneIK } from "../index.js";
import type { GroundQuery } from "./groundQuery.js";
import { createFollowSpring, createSpringStep, stepFollow } from "./criticalSpring.js";
import type { FollowSpring, SpringStep } from "./criticalSpring.js";
import { FootGround } from "./footGround.js";
import { GroundRay } from "./groundRay.js";
import { followLeg, keepSolesOnGround, resetFollow } from "./legFollow.js";
import type { LegState } from "./legFollow.js";
import { requiredDrop } from "./pelvisDrop.js";
import type { DropQuery } from "./pelvisDrop.js";
import { checkFootPlacementSettings, checkLeg, checkObject, throwBadDt } from "./footPlacementChecks.js";
import { quaternionComponents, UndoUnrewritten, vectorComponents } from "./undoUnrewritten.js";

/** 다리 하나: findLimbs 의 Limb 를 그대로 넘기거나 손으로 만든다. */
export interface FootPlacementLeg {
  /** 허벅지. */
  readonly upper: Object3D;
  /** 정강이 (upper 의 자손). */
  readonly mid: Object3D;
  /** 발 (mid 의 자손): 발목이 이 뼈의 원점이다. */
  readonly end: Object3D;
  /** 무릎이 굽을 기본 방향 (월드, 캐릭터의 앞). 생략하면 TwoBoneIK 의 기본. */
  readonly bendDirection?: Readonly<Vector3Like>;
  /** 발가락 뼈 (발의 자손, 생략 가능): 있으면 발끝 아래로도 쏜다 (발마다 2 번), 없으면 뒤꿈치만 (1 번). */
  readonly toes?: Object3D | null;
}

/** {@link FootPlacement} 생성자의 인자. */
export interface FootPlacementOptions {
  /** 골반 (엉덩이) 뼈: 두 허벅지의 조상. 골반 내림은 이 뼈의 position 을 옮긴다. */
  readonly hips: Object3D;
  /** 원점이 클립의 땅 위에 있는 객체 (보통 캐릭터의 뿌리, 컨트롤러가 캐릭터 아래 땅으로 옮기는 것). */
  readonly root: Object3D;
  /** 두 다리 (왼쪽, 오른쪽). */
  readonly legs: readonly [FootPlacementLeg, FootPlacementLeg];
  /** 땅 질의 ({@link GroundQuery}): createRaycasterGround·createHeightFieldGround 또는 사용자의 것. */
  readonly ground: GroundQuery;
  /** 캐릭터의 위 (월드, 0 이 아닌 벡터, 기본 (0, 1, 0)): findLimbs 의 결과 up 을 넘기면 몸에서 잰 위가 된다. */
  readonly up?: Readonly<Vector3Like>;
}

const _rootWorld = /*@__PURE__*/ new Vector3();
const _upperWorld = /*@__PURE__*/ new Vector3();
const _hipsWorld = /*@__PURE__*/ new Vector3();
// 작업용 수 묶음: 함수 사이로 수를 인자로 넘기지 않는다 (docs/PERFORMANCE.md §1). 한 update 안에서만 쓴다.
const _step: SpringStep = /*@__PURE__*/ createSpringStep();
const _drop: DropQuery = { reach: 0.5, drop: 0.5 };
/** 클립의 땅 위 다리 길이의 이 비율 안의 발바닥 점은 디딘 점이다 (계단 모서리에 걸친 발은 디딘 점이 제 단에 선다). */
const PLANTED_HEIGHT = 0.015;
/** 닿지 않는 목표를 올릴 때 다리 길이에서 남기는 비율 (반올림으로 닿지 않는 일이 없게). */
const REACH_MARGIN = 1e-9;
/**
 * 발목 목표가 클립의 발목에서 이만큼 (다리 길이에 대한 비율) 안이고 골반도 그대로면 그 다리는 풀지 않는다:
 * 평평한 땅에서 클립을 그대로 돌려주기 위해서다 (float32 체인을 다시 풀면 1e-8 L 쯤 달라진다).
 */
const UNCHANGED_TARGET = 1e-12;

/**
 * 발 딛기. 매 프레임 AnimationMixer 가 자세를 쓴 뒤 {@link FootPlacement.update} 를 부른다. 한 프레임의 순서:
 * 1. 검사 (뼈에 쓰기 전에, 인자·설정의 이름과 값을 담은 RangeError).
 * 2. 발마다 발바닥 점 (뒤꿈치·발끝) 위에서 −up 으로 쏘아 땅 평면을 읽고, 발목 목표 변위와 기울일 법선을 정한다
 *    (땅 높이가 클립의 땅 (root 의 원점을 지나는 up 에 수직인 평면) 과 다른 만큼).
 * 3. 변위·법선을 따라가는 스프링으로 좇는다: 이어지는 변화 (footFollowSpeed 까지) 는 바로, 튀는 변화만 footSmoothTime
 *    으로 (클립의 발바닥이 땅에 가까울수록 짧게), 섞음 비율을 곱한다. 실제로 쓸 기울기로 돌린 발바닥 점이 닿은 땅 아래로
 *    가지 않게 발목 목표를 올린다.
 * 4. 골반: 두 발목 목표에 무릎이 bendMargin 만큼 굽은 채 닿도록 필요한 만큼만 내린다 (0 ≤ 내림 ≤ maxPelvisDrop,
 *    클립보다 올리지 않는다). 내릴 때는 바로 (maxPelvisSpeed 까지), 올릴 때는 스프링 (pelvisSmoothTime).
 * 5. 다리마다 TwoBoneIK.solve (자동 극, endRotation = 법선 쪽으로 기울인 클립 발의 회전). 골반이 아직 덜 내려와 닿지 않는
 *    목표는 up 을 따라 닿는 높이로 올린다.
 * 섞음 비율이 0 이면 아무것도 쓰지 않는다 (클립 그대로). update() 는 할당하지 않는다 (높이 함수 땅에서; 땅 질의와 높이 함수가
 * 할당하지 않으면. Raycaster 땅은 three 의 raycast 가 닿음마다 객체를 만든다).
 * 클립 (AnimationMixer) 은 값이 지난 프레임과 같은 트랙을 뼈에 다시 쓰지 않는다 (멈춘 키, 움직이지 않는 골반): 그런 뼈에
 * 지난 update() 가 쓴 값 (골반의 position, 다리 뼈의 quaternion) 은 처음에 쓰기 전의 값으로 되돌린 뒤 다시 계산한다 (쌓이지 않게).
 */
export class FootPlacement {
  /** 위 (월드, 단위 벡터). */
  readonly up = new Vector3(0, 1, 0);
  /** 골반 (엉덩이) 뼈: 두 다리가 닿도록 이 뼈의 position 을 내린다. */
  readonly hips: Object3D;
  /** 원점이 클립의 땅 위에 있는 객체 (보통 캐릭터의 뿌리): 클립의 땅 = 이 원점을 지나고 up 에 수직인 평면. */
  readonly root: Object3D;
  /** 땅 질의 (생성자의 options.ground). */
  readonly ground: GroundQuery;

  /** 목표 섞음 비율 [0, 1] (기본 1): 지금 비율은 fadeTime 에 걸쳐 이 값으로 간다. */
  weight = 1;
  /** 섞음 비율이 0 ↔ 1 을 오가는 시간 (s, ≥ 0, 기본 0.25). 0 이면 바로 바뀐다. */
  fadeTime = 0.25;
  /** 이보다 높은 단은 무시한다 (m, > 0, 기본: 다리 길이의 0.5). 발바닥 점 위 이 높이에서 쏜다. */
  maxStepHeight = NaN;
  /** 클립의 땅보다 이만큼 아래까지 땅을 찾는다 (m, ≥ 0, 기본: 다리 길이의 0.5). */
  maxStepDown = NaN;
  /** 골반을 내리는 최대 거리 (m, ≥ 0, 기본: 다리 길이의 0.4). */
  maxPelvisDrop = NaN;
  /** 골반 내림의 최대 속도 (m/s, > 0, Infinity 가능, 기본: 다리 길이의 2 배 / s). */
  maxPelvisSpeed = NaN;
  /** 발목 목표가 다리 길이의 (1 − bendMargin) 안에 오게 골반을 내린다 ([0, 1), 기본 0.02): 무릎이 조금 굽어 있다. */
  bendMargin = 0.02;
  /**
   * 발 변위·법선의 스프링 시간 (s, ≥ 0, 기본 0.08). 0 이면 바로 따른다. 스프링은 튀는 변화 (계단 모서리, 땅이 끊긴 곳)
   * 만 부드럽게 한다: 땅 높이가 footFollowSpeed 보다 느리게 이어지며 바뀌는 몫 (경사를 걷는 발) 은 늦지 않고 따른다.
   */
  footSmoothTime = 0.08;
  /**
   * 들린 발의 앞날을 보는 시간 (s, ≥ 0, 기본 0.15). 발바닥 점이 지금 빠르기로 이만큼 뒤에 있을 자리 아래의 땅이 더
   * 높으면 발을 미리 올린다 (0.4 × footPrediction 의 스프링으로): 계단을 오르는 발이 모서리에서 한 프레임에 튀어 오르지 않는다.
   * 0 이면 보지 않는다 (들린 발마다 땅 질의가 발바닥 점 수만큼 는다).
   */
  footPrediction = 0.15;
  /** 발 변위가 늦지 않고 따라가는 땅 높이 변화의 한계 (m/s, ≥ 0, 기본: 다리 길이의 2 배 / s). 0 이면 모든 변화를 스프링으로. */
  footFollowSpeed = NaN;
  /** 골반 내림의 스프링 시간 (s, ≥ 0, 기본 0.15). */
  pelvisSmoothTime = 0.15;
  /** 발을 땅 법선으로 기울이는 비율 ([0, 1], 기본 1). */
  tiltWeight = 1;
  /** 발의 최대 기울기 (rad, [0, π/2], 기본 0.7 ≈ 40°). */
  maxTilt = 0.7;

  /** 지금 섞음 비율 (weight 쪽으로 fadeTime 에 걸쳐 간다). 읽기 전용으로 쓴다. */
  currentWeight = 1;
  /** 이번 프레임에 골반을 내린 거리 (m, 섞음 비율 포함). 읽기 전용으로 쓴다. */
  pelvisDrop = 0;
  /** 다리마다 땅 읽기의 결과 (발바닥 점, 닿음, 목표). 읽기 전용으로 쓴다. @internal */
  readonly feet: readonly FootGround[];

  readonly #legs: readonly [LegState, LegState];
  /** 골반 내림 (따라가는 스프링, m). */
  readonly #pelvis = createFollowSpring(0);
  /** 이번 update 의 dt (s) 와 섞음 비율: 수는 필드로 넘긴다 (docs/PERFORMANCE.md §1). */
  readonly #frame = { dt: 0.5, weight: 0.5 };
  /** 지난 update() 가 골반 position·다리 뼈의 quaternion 에 쓴 값: 클립이 다시 쓰지 않은 것은 다음 update() 가 되돌린다. */
  readonly #hipsWrites: UndoUnrewritten<Vector3>;
  /** true 면 다음 update() 가 스프링을 목표에 바로 놓는다 (생성 직후, 섞음 비율 0 에서 돌아올 때). */
  #snap = true;

  /**
   * @throws RangeError 인자 이름과 값을 담아: 객체가 아닌 options, Object3D 가 아닌 hips·root·다리의 뼈·toes,
   *   다리가 두 개가 아님, hips 가 허벅지의 조상이 아님, 함수가 아닌 ground, 유한하지 않거나 0 인 up,
   *   그리고 TwoBoneIK 생성자가 거부하는 다리.
   */
  constructor(options: FootPlacementOptions) {
    checkObject("options", options);
    const { hips, root, legs, ground } = options;
    if (typeof ground !== "function") throw new RangeError(`FootPlacement: options.ground 는 함수여야 합니다 (받은 값: ${String(ground)})`);
    if (!Array.isArray(legs) || legs.length !== 2) {
      throw new RangeError(`FootPlacement: options.legs 는 다리 두 개의 배열이어야 합니다 (받은 값: ${String(legs)})`);
    }
    legs.forEach((leg, i) => checkLeg(`options.legs[${i}]`, leg, hips, root));
    const up = options.up;
    if (up !== undefined) {
      if (!(Number.isFinite(up.x) && Number.isFinite(up.y) && Number.isFinite(up.z)) || (up.x === 0 && up.y === 0 && up.z === 0)) {
        throw new RangeError(`FootPlacement: options.up 은 유한한 0 이 아닌 벡터여야 합니다 (받은 값: ${up.x}, ${up.y}, ${up.z})`);
      }
      this.up.set(up.x, up.y, up.z).normalize();
    }
    this.hips = hips;
    this.#hipsWrites = new UndoUnrewritten([hips.position], vectorComponents);
    this.root = root;
    this.ground = ground;
    root.updateWorldMatrix(true, true);
    const rootWorld = new Vector3().setFromMatrixPosition(root.matrixWorld);
    const made = legs.map((leg) => this.#makeLeg(leg, rootWorld));
    this.#legs = [made[0]!, made[1]!];
    this.feet = [made[0]!.ground, made[1]!.ground];
    const length = Math.max(made[0]!.length, made[1]!.length);
    // (위 다섯 값의 NaN 은 자리만: 필드가 처음부터 double 이라 사용자가 프레임마다 바꿔도 상자가 생기지 않는다, docs/PERFORMANCE.md §2.)
    this.maxStepHeight = 0.5 * length;
    this.maxStepDown = 0.5 * length;
    this.maxPelvisDrop = 0.4 * length;
    this.maxPelvisSpeed = 2 * length;
    this.footFollowSpeed = 2 * length;
  }

  /** 생성 시점 (쉼 자세) 의 발바닥 점: 발목·발가락 바로 아래의 클립 땅 (발 뼈의 로컬 공간). */
  #makeLeg(leg: FootPlacementLeg, rootWorld: Vector3): LegState {
    const ik = new TwoBoneIK(leg.upper, leg.mid, leg.end, leg.bendDirection === undefined ? undefined : { bendDirection: leg.bendDirection });
    const up = this.up;
    const toSole = (bone: Object3D): Vector3 => {
      const world = new Vector3().setFromMatrixPosition(bone.matrixWorld);
      world.addScaledVector(up, -world.clone().sub(rootWorld).dot(up));
      return leg.end.worldToLocal(world);
    };
    const soles = [toSole(leg.end)];
    if (leg.toes != null) soles.push(toSole(leg.toes));
    const a = new Vector3().setFromMatrixPosition(leg.upper.matrixWorld);
    const b = new Vector3().setFromMatrixPosition(leg.mid.matrixWorld);
    const c = new Vector3().setFromMatrixPosition(leg.end.matrixWorld);
    const offset: [FollowSpring, FollowSpring, FollowSpring] = [createFollowSpring(0), createFollowSpring(0), createFollowSpring(0)];
    const normal: [FollowSpring, FollowSpring, FollowSpring] = [createFollowSpring(up.x), createFollowSpring(up.y), createFollowSpring(up.z)];
    const footRotation = new Quaternion();
    const length = a.distanceTo(b) + b.distanceTo(c);
    const belowHips: Object3D[] = [];
    for (let bone: Object3D | null = leg.end; bone !== null && bone !== this.hips; bone = bone.parent) belowHips.unshift(bone);
    // 다리의 풀이는 조상을 다시 계산하지 않는다: update() 가 hips 를 한 번 갱신하고 그 아래만 갱신한다 (refreshBelow).
    ik.updateAncestors = false;
    return {
      ik, ground: new FootGround(leg.end, soles, PLANTED_HEIGHT * length, new GroundRay(length)), length,
      belowHips, upperIndex: belowHips.indexOf(leg.upper),
      offset, normal, targetWorld: new Vector3(), upperWorld: new Vector3(), tilt: 0,
      tiltRotation: new Quaternion(), footRotation, solveOptions: { endRotation: footRotation, weight: 1 },
      writes: new UndoUnrewritten([leg.upper.quaternion, leg.mid.quaternion, leg.end.quaternion], quaternionComponents),
    };
  }

  /** 다리마다 이번 프레임에 쓴 발의 기울기 (rad). */
  tiltOf(leg: 0 | 1): number {
    return this.#legs[leg].tilt;
  }

  /**
   * 이번 프레임의 발 딛기 (클래스 설명의 순서). AnimationMixer.update 뒤에 부른다.
   * @param dt 지난 프레임부터의 시간 (s, ≥ 0, 유한).
   * @throws RangeError 아무것도 쓰기 전에: 수가 아니거나 범위 밖인 dt·설정 (이름과 값), 유한하지 않은 땅 닿음.
   */
  update(dt: number): void {
    // dt 는 검사한 뒤 필드에 둔다: 수를 인라인되지 않은 함수에 넘기면 V8 이 상자를 만든다 (docs/PERFORMANCE.md §1).
    if (typeof dt !== "number" || !(dt >= 0) || dt === Infinity) throwBadDt(dt);
    const frame = this.#frame;
    frame.dt = dt;
    checkFootPlacementSettings(this);
    // 클립이 다시 쓰지 않은 지난 쓰기를 되돌린다: 아래는 모두 클립의 자세를 읽는다.
    this.#hipsWrites.undo();
    this.#legs[0].writes.undo();
    this.#legs[1].writes.undo();
    const target = this.weight;
    const fade = this.fadeTime;
    let w = this.currentWeight;
    if (fade === 0 || w === target) w = target;
    else w = w < target ? Math.min(target, w + dt / fade) : Math.max(target, w - dt / fade);
    this.currentWeight = w;
    frame.weight = w;
    if (w === 0) { this.#rest(); return; }

    // 2–3. 땅 읽기 (뼈에 쓰지 않는다) 와 스프링.
    const up = this.up;
    // 조상은 hips 에서 한 번만 (두 다리와 골반과 풀이가 같이 쓴다), 다리마다 그 아래만. root 가 hips 의 조상이면 (보통) 그때 같이
    // 갱신된다.
    const hips = this.hips, root = _rootWorld;
    hips.updateWorldMatrix(true, false);
    if (!isAncestorOrSelf(this.root, hips)) this.root.updateWorldMatrix(true, false);
    root.setFromMatrixPosition(this.root.matrixWorld);
    const drop = _drop;
    let pelvisGoal = 0;
    for (let i = 0; i < 2; i++) {
      const leg = this.#legs[i]!;
      refreshBelow(hips, leg.belowHips, leg.belowHips.length);
      leg.ground.read(this.ground, root, up, this, frame);
      followLeg(leg, this.#snap, this, frame, up, root);
      keepSolesOnGround(leg, up);
      // 4. 이 다리에 필요한 골반 내림: 클립의 다리 뻗음보다 더 펴지 않는다.
      const upper = leg.upperWorld.setFromMatrixPosition(leg.ik.upper.matrixWorld);
      const ankle = leg.ground.ankleWorld;
      const dx = ankle.x - upper.x, dy = ankle.y - upper.y, dz = ankle.z - upper.z;
      const clipReach = Math.sqrt(dx * dx + dy * dy + dz * dz);
      const bent = leg.length * (1 - this.bendMargin);
      drop.reach = bent > clipReach ? bent : clipReach;
      requiredDrop(upper, leg.targetWorld, up, drop);
      // 반올림만큼의 내림은 내림이 아니다.
      if (drop.drop > UNCHANGED_TARGET * leg.length && drop.drop > pelvisGoal) pelvisGoal = drop.drop;
      // 떨어지는 땅으로 내려서는 발: 닿기 전에 골반이 미리 내려오게, 닿을 높이의 목표로도 잰다 (maxPelvisSpeed 로 따라가므로).
      const landing = leg.ground.landingDrop;
      if (landing > 0) {
        const t = leg.targetWorld;
        t.x -= up.x * landing; t.y -= up.y * landing; t.z -= up.z * landing;
        requiredDrop(upper, t, up, drop);
        t.x += up.x * landing; t.y += up.y * landing; t.z += up.z * landing;
        if (drop.drop > UNCHANGED_TARGET * leg.length && drop.drop > pelvisGoal) pelvisGoal = drop.drop;
      }
    }
    this.#pelvis.goal = pelvisGoal < this.maxPelvisDrop ? pelvisGoal : this.maxPelvisDrop;
    this.#movePelvis();
    this.#snap = false;

    // 5. 다리 풀이: 발목을 목표에, 발은 끝 회전으로 클립의 회전을 법선 쪽으로 기울인 회전 (한 번에 정확히).
    //    골반이 아직 덜 내려와 (속도 제한) 닿지 않는 목표는 up 을 따라 닿는 높이로 올린다: 곧게 편 다리가 목표 쪽으로
    //    비스듬히 뻗어 발이 옆으로 (모서리 너머 높은 땅 속으로) 가지 않고, 발은 제 땅 바로 위에 머문다.
    const lowered = this.pelvisDrop;
    if (lowered > 0) hips.updateWorldMatrix(false, false); // #movePelvis 가 로컬 행렬만 바꿨다
    for (let i = 0; i < 2; i++) {
      const leg = this.#legs[i]!;
      if (lowered > 0) refreshBelow(hips, leg.belowHips, leg.upperIndex); // 허벅지의 부모까지 (풀이가 읽는다)
      const hip = _upperWorld.copy(leg.upperWorld);
      hip.x -= up.x * lowered; hip.y -= up.y * lowered; hip.z -= up.z * lowered;
      drop.reach = leg.length * (1 - REACH_MARGIN);
      requiredDrop(hip, leg.targetWorld, up, drop);
      const raise = drop.drop, t = leg.targetWorld;
      if (raise > 0) { t.x += up.x * raise; t.y += up.y * raise; t.z += up.z * raise; }
      const unchanged = UNCHANGED_TARGET * leg.length;
      const a = leg.ground.ankleWorld, mx = t.x - a.x, my = t.y - a.y, mz = t.z - a.z;
      const moved = mx * mx + my * my + mz * mz > unchanged * unchanged;
      if (moved || lowered > 0 || leg.tilt > 0) solveLeg(leg, t);
    }
  }

  /** 섞음 비율 0: 스프링을 클립 자리로 되돌린다 (뼈에는 쓰지 않는다). */
  #rest(): void {
    this.pelvisDrop = 0;
    this.#snap = true;
    resetFollow(this.#pelvis, 0);
    const up = this.up;
    for (const leg of this.#legs) {
      for (let k = 0; k < 3; k++) resetFollow(leg.offset[k]!, 0);
      resetFollow(leg.normal[0], up.x); resetFollow(leg.normal[1], up.y); resetFollow(leg.normal[2], up.z);
      leg.ground.forgetMotion();
      leg.tilt = 0;
    }
  }

  /**
   * 골반 내림 (this.#pelvis.goal) 을 따라가는 스프링·속도 제한으로 좇고 골반 뼈의 position 에 쓴다. 이어지는 변화는
   * maxPelvisSpeed 까지 바로, 튀는 변화만 스프링으로. 더 내려야 하면 기다리지 않는다 (속도 제한까지): 늦은 골반은 발을
   * 땅에 닿지 못하게 한다. 올릴 때만 부드럽게.
   */
  #movePelvis(): void {
    const spring = this.#pelvis, frame = this.#frame, dt = frame.dt, speed = this.maxPelvisSpeed;
    const before = spring.value, snap = this.#snap;
    if (snap) spring.previousGoal = spring.goal;
    _step.smoothTime = snap || spring.goal > before ? 0 : this.pelvisSmoothTime;
    _step.dt = dt;
    _step.limit = speed;
    stepFollow(spring, _step);
    const limit = snap ? Infinity : speed * dt;
    if (spring.value - before > limit) { spring.value = before + limit; spring.velocity = speed; }
    if (before - spring.value > limit) { spring.value = before - limit; spring.velocity = -speed; }
    if (spring.value < 0) { spring.value = 0; spring.velocity = 0; } // 클립보다 올리지 않는다
    if (spring.value > this.maxPelvisDrop) { spring.value = this.maxPelvisDrop; spring.velocity = 0; }
    const drop = spring.value * frame.weight;
    this.pelvisDrop = drop;
    if (!(drop > 0)) return;
    const hips = this.hips, up = this.up;
    const world = _hipsWorld.setFromMatrixPosition(hips.matrixWorld);
    world.x -= up.x * drop; world.y -= up.y * drop; world.z -= up.z * drop;
    this.#hipsWrites.beforeWrite(0);
    if (hips.parent !== null) hips.parent.worldToLocal(world);
    hips.position.copy(world);
    this.#hipsWrites.afterWrite(0);
    hips.updateMatrix();
  }
}

/** 다리를 풀고 (허벅지·정강이·발의 quaternion 을 쓴다) 쓰기 전·뒤의 값을 적어 둔다. */
function solveLeg(leg: LegState, target: Vector3): void {
  const writes = leg.writes;
  writes.beforeWrite(0); writes.beforeWrite(1); writes.beforeWrite(2);
  leg.ik.solve(target, undefined, leg.solveOptions);
  writes.afterWrite(0); writes.afterWrite(1); writes.afterWrite(2);
}

/** ancestor 가 object 자신이거나 그 조상인가. */
function isAncestorOrSelf(ancestor: Object3D, object: Object3D): boolean {
  for (let o: Object3D | null = object; o !== null; o = o.parent) if (o === ancestor) return true;
  return false;
}

/**
 * hips 아래 bones (위에서 아래) 의 앞 count 개의 로컬·월드 행렬을 갱신한다 (hips 의 월드 행렬은 최신이어야 한다).
 * 만든 뒤 부모 관계가 바뀌었으면 (어느 뼈의 부모가 바로 위 뼈가 아니면) 그 뼈부터 조상까지 다시 계산한다.
 */
function refreshBelow(hips: Object3D, bones: readonly Object3D[], count: number): void {
  let parent = hips;
  for (let i = 0; i < count; i++) {
    const bone = bones[i]!;
    bone.updateWorldMatrix(bone.parent !== parent, false);
    parent = bone;
  }
}
