// 발 딛기의 다리 하나: 스프링으로 발 변위·법선을 좇아 발목 목표·발의 회전을 정하고, 발바닥이 땅에 묻히지 않게 올린다.
import { Matrix4, Vector3 } from "three";
import type { Object3D, Quaternion } from "three";
import type { TwoBoneIK, TwoBoneIKOptions } from "../TwoBoneIK.js";
import { createSpringStep, stepFollow } from "./criticalSpring.js";
import type { FollowSpring, SpringStep } from "./criticalSpring.js";
import type { FootGround } from "./footGround.js";
import { tiltTowards } from "./footRotation.js";
import type { TiltSettings } from "./footRotation.js";
import { writeMatrixRotation } from "../bone/localMath.js";
import type { UndoUnrewritten } from "./undoUnrewritten.js";

/** 한 다리의 IK 와 스프링 상태. @internal */
export interface LegState {
  readonly ik: TwoBoneIK;
  readonly ground: FootGround;
  /** 다리 길이 (허벅지 + 정강이, 생성 시점의 월드 길이, m). */
  readonly length: number;
  /** 발목 변위와 발을 기울일 법선 (성분마다 따라가는 스프링, 월드). */
  readonly offset: readonly [FollowSpring, FollowSpring, FollowSpring];
  readonly normal: readonly [FollowSpring, FollowSpring, FollowSpring];
  /** 이번 프레임의 발목 목표 (월드). */
  readonly targetWorld: Vector3;
  /** 이번 프레임 클립 자세의 허벅지 원점 (월드, 골반 내림 전). */
  readonly upperWorld: Vector3;
  /** 이번 프레임의 발 기울기 (up → 법선 쪽, 월드) 와 발이 가질 월드 회전 (끝 회전으로 푼다). */
  readonly tiltRotation: Quaternion;
  readonly footRotation: Quaternion;
  /** hips 바로 아래부터 발까지의 뼈 (위에서 아래) 와 그 가운데 허벅지의 자리: 행렬을 hips 아래에서만 갱신한다. */
  readonly belowHips: readonly Object3D[];
  readonly upperIndex: number;
  /** solve() 의 옵션 (끝 회전 = footRotation). */
  readonly solveOptions: TwoBoneIKOptions;
  /** 허벅지·정강이·발의 quaternion 에 쓴 값 (클립이 다시 쓰지 않으면 다음 update 가 되돌린다). */
  readonly writes: UndoUnrewritten<Quaternion>;
  /** 이번 프레임에 쓴 발의 기울기 (rad). */
  tilt: number;
}

/** followLeg 가 읽는 FootPlacement 의 설정 (검사한 값). @internal */
export interface FollowSettings {
  readonly footSmoothTime: number;
  readonly footPrediction: number;
  readonly footFollowSpeed: number;
  readonly tiltWeight: number;
  readonly maxTilt: number;
}

const _normalNow = /*@__PURE__*/ new Vector3();
const _sole = /*@__PURE__*/ new Vector3();
// 작업용 수 묶음: 함수 사이로 수를 인자로 넘기지 않는다 (docs/PERFORMANCE.md §1). 한 update 안에서만 쓴다.
const _step: SpringStep = /*@__PURE__*/ createSpringStep();
const _tiltSettings: TiltSettings = { weight: 0.5, maxTilt: 0.5 };
const _rotationMatrix = /*@__PURE__*/ new Matrix4();
/** 법선이 이어지게 바뀌는 만큼은 늦지 않고 따라가는 한계 (단위 벡터의 변화 / s ≈ rad/s). 그보다 빠른 몫은 스프링으로. */
const NORMAL_FOLLOW_RATE = 4;
/**
 * 클립의 발바닥 (가장 낮은 발바닥 점) 이 클립의 땅에서 다리 길이의 이 비율 안으로 내려오면 발의 스프링 시간이 높이에
 * 비례해 줄어, 닿을 때는 0 이다: 디딘 발은 땅을 늦지 않고 따르고 (뜨지 않는다), 들린 발만 부드럽게 움직인다.
 */
const SETTLE_HEIGHT = 0.1;
/** 앞날의 땅으로 미리 오르는 스프링의 시간 = 이 비율 × footPrediction: 그 시간 뒤 남는 몫이 (1 + 1/0.4·2) e^{−5} ≈ 4 %. */
const PREDICTED_RISE = 0.4;

/**
 * 발 변위·법선을 따라가는 스프링으로 좇고 (이어지는 변화는 바로, 튀는 변화만 부드럽게), 섞음 비율을 곱한 발목 목표를
 * leg.targetWorld 에, 발의 기울기를 leg.tiltRotation·leg.tilt 에, 발이 가질 월드 회전을 leg.footRotation 에 둔다.
 * 올림은 기다리지 않는다: 스프링이 목표보다 아래 (up 방향) 에 있으면 목표 높이로 올린다 (늦은 스프링이 발을 땅에 묻지 않게).
 * @internal
 */
export function followLeg(
  leg: LegState, snap: boolean, p: FollowSettings, frame: { readonly dt: number; readonly weight: number },
  up: Readonly<Vector3>, root: Readonly<Vector3>,
): void {
  const g = leg.ground, o = leg.offset, n = leg.normal, weight = frame.weight;
  o[0].goal = g.offsetGoal.x; o[1].goal = g.offsetGoal.y; o[2].goal = g.offsetGoal.z;
  n[0].goal = g.normalGoal.x; n[1].goal = g.normalGoal.y; n[2].goal = g.normalGoal.z;
  if (snap) { // 처음 (또는 섞음 비율 0 에서 돌아올 때): 지난 목표 = 지금 목표
    for (let k = 0; k < 3; k++) { o[k]!.previousGoal = o[k]!.goal; n[k]!.previousGoal = n[k]!.goal; }
  }
  // 땅에 가까운 발일수록 스프링이 빠르다 (SETTLE_HEIGHT).
  let lowest = Infinity;
  for (let i = 0; i < g.soleWorld.length; i++) {
    const s = g.soleWorld[i]!, h = s.x * up.x + s.y * up.y + s.z * up.z;
    if (h < lowest) lowest = h;
  }
  const settle = (lowest - (root.x * up.x + root.y * up.y + root.z * up.z)) / (SETTLE_HEIGHT * leg.length);
  // 앞날의 땅으로 미리 오르는 발은 높이와 상관없이 앞을 본 시간에 맞춘 스프링으로 (닿기 전에 거의 다 오른다).
  const near = settle >= 1 ? 1 : settle > 0 ? settle : 0, rise = PREDICTED_RISE * p.footPrediction;
  _step.smoothTime = snap ? 0 : g.predicted ? rise : p.footSmoothTime * near;
  _step.dt = frame.dt;
  _step.limit = p.footFollowSpeed;
  stepFollow(o[0], _step); stepFollow(o[1], _step); stepFollow(o[2], _step);
  _step.limit = NORMAL_FOLLOW_RATE;
  stepFollow(n[0], _step); stepFollow(n[1], _step); stepFollow(n[2], _step);
  // (땅을 찾지 못해 클립으로 돌아가는 발은 땅에 묻힐 일이 없으니 부드럽게 돌아간다. 앞날의 땅으로 미리 오르는 발도
  // 스프링으로: 지금 발 아래의 땅에 묻히지 않는 것은 keepSolesOnGround 가 지킨다.)
  const below = (o[0].goal - o[0].value) * up.x + (o[1].goal - o[1].value) * up.y + (o[2].goal - o[2].value) * up.z;
  if (below > 0 && g.contact && !g.predicted) {
    o[0].value += up.x * below; o[1].value += up.y * below; o[2].value += up.z * below;
  }
  // 발목 목표 = 클립의 발목 + 변위 + 모서리에 걸친 발을 옮긴 수평 이동 (땅은 이미 그 자리 아래를 쏘았다), 섞음 비율을 곱해.
  const t = leg.targetWorld.copy(g.ankleWorld), shift = g.tread.shift;
  t.x += (o[0].value + shift.x) * weight;
  t.y += (o[1].value + shift.y) * weight;
  t.z += (o[2].value + shift.z) * weight;
  // 기울기: 스프링의 법선 쪽으로 (tiltWeight·섞음 비율, maxTilt 까지). 발의 월드 회전 = 기울기 · 클립 발의 회전.
  const nx = n[0].value, ny = n[1].value, nz = n[2].value, inverse = 1 / Math.sqrt(nx * nx + ny * ny + nz * nz);
  _normalNow.x = nx * inverse; _normalNow.y = ny * inverse; _normalNow.z = nz * inverse;
  _tiltSettings.weight = p.tiltWeight * weight;
  _tiltSettings.maxTilt = p.maxTilt;
  const tilt = tiltTowards(leg.tiltRotation, up, _normalNow, _tiltSettings);
  const w = (tilt as unknown as { _w: number })._w;
  leg.tilt = 2 * Math.acos(w < 1 && w > -1 ? (w < 0 ? -w : w) : 1);
  writeMatrixRotation(g.foot.matrixWorld, _rotationMatrix, leg.footRotation);
  leg.footRotation.premultiply(tilt);
}

/** 스프링을 값 value 에 멈춰 둔다 (목표·지난 목표도 value). @internal */
export function resetFollow(s: FollowSpring, value: number): void {
  s.value = value; s.velocity = 0; s.goal = value; s.previousGoal = value;
}

/**
 * 실제로 쓸 기울기로 돌린 발바닥 점이 닿은 땅보다 아래로 가지 않게 (제 땅 위 clearance 만큼 위에: FootGround.clearance)
 * 발목 목표를 up 으로 올린다. 스프링이 늦어 법선이 덜 기울었거나 변위가 덜 내려왔어도 발바닥은 땅에 묻히지 않는다.
 * @internal
 */
export function keepSolesOnGround(leg: LegState, up: Readonly<Vector3>): void {
  const g = leg.ground, target = leg.targetWorld, ankle = g.ankleWorld;
  let lift = 0;
  for (let i = 0; i < g.soleWorld.length; i++) {
    if (!g.hitFound[i]) continue;
    const hit = g.hits[i]!, sole = g.soleWorld[i]!, normal = hit.normal;
    const upDotN = up.x * normal.x + up.y * normal.y + up.z * normal.z;
    if (!(upDotN > 0)) continue;
    const moved = _sole.copy(sole).sub(ankle).applyQuaternion(leg.tiltRotation).add(target);
    const height = (moved.x - hit.point.x) * normal.x + (moved.y - hit.point.y) * normal.y + (moved.z - hit.point.z) * normal.z;
    const need = (g.clearance[i]! * upDotN - height) / upDotN;
    if (need > lift) lift = need;
  }
  if (lift > 0) { target.x += up.x * lift; target.y += up.y * lift; target.z += up.z * lift; }
}
