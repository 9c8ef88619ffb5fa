// 지형을 걷는 대역 (issue 17): 대역 캐릭터를 하나 더 만들어, 평평한 땅을 가정한 걷기 자세를 코드로 쓴다 (클립 대신).
// 클립처럼 발은 뿌리의 원점을 지나는 평면 (클립의 땅) 위에서만 맞다: 울퉁불퉁한 땅에 맞추는 일은 FootPlacement 의 몫이다.
import { Object3D, Quaternion, Vector3 } from "three";
import { createCharacter } from "./character";

/** 걷기 한 주기 (s), 허벅지의 앞뒤 흔들림 (rad), 흔드는 다리의 무릎 굽힘 (rad). */
const CYCLE = 1.1;
const SWING = 0.3;
const KNEE_BEND = 0.9;

export interface Walker {
  readonly root: Object3D;
  readonly hips: Object3D;
  readonly legs: readonly [WalkerLeg, WalkerLeg];
  /** 걷는 속도 (m/s): 디딘 발이 미끄러지지 않는 뿌리의 속도. */
  readonly speed: number;
  /** 시각 t (s) 의 걷기 자세를 뼈에 쓴다 (뿌리는 건드리지 않는다). */
  pose(t: number): void;
}

export interface WalkerLeg {
  readonly upper: Object3D;
  readonly mid: Object3D;
  readonly end: Object3D;
  /** 발끝 (발 뼈의 자식, 뼈가 아닌 점): FootPlacement 가 발끝 아래로도 쏜다. */
  readonly toes: Object3D;
  readonly bendDirection: Vector3;
}

const _x = new Vector3(1, 0, 0);
const _q = new Quaternion();
const _thigh = new Quaternion();
const _shin = new Quaternion();
const _inverse = new Quaternion();

export async function createWalker(): Promise<Walker> {
  const character = await createCharacter();
  const root = character.root;
  root.name = "TerrainWalker";
  root.updateMatrixWorld(true);
  const hips = character.bone("Hips");
  const restWorld = (bone: Object3D): Quaternion => bone.getWorldQuaternion(new Quaternion());
  const makeLeg = (side: "L" | "R"): WalkerLeg & { rest: Quaternion[]; restHipY: number } => {
    const upper = character.bone(`UpperLeg_${side}`), mid = character.bone(`LowerLeg_${side}`), end = character.bone(`Foot_${side}`);
    const toes = new Object3D();
    toes.name = `Toes_${side}`;
    // 발 캡슐의 끝 (character.ts 의 Foot 의 꼬리) 을 발 뼈의 로컬로.
    toes.position.copy(end.worldToLocal(new Vector3(side === "L" ? 0.11 : -0.11, 0.03, 0.17)));
    end.add(toes);
    return {
      upper, mid, end, toes, bendDirection: new Vector3(0, 0, 1),
      rest: [restWorld(upper), restWorld(mid), restWorld(end)], restHipY: upper.getWorldPosition(new Vector3()).y,
    };
  };
  const left = makeLeg("L"), right = makeLeg("R");
  const hipsRest = hips.position.clone();
  const hipsRotation = restWorld(hips);
  const ankleRest = left.end.getWorldPosition(new Vector3());
  const legLength = left.restHipY - ankleRest.y;
  const hipToHipsY = hipsRest.y - left.restHipY;

  /** 한 다리의 앞뒤 각 φ (+ = 발이 앞) 과 무릎 굽힘 κ 를 쓴다: 허벅지 = Rx(−φ)·쉼, 정강이 = Rx(−φ + κ)·쉼, 발 = 쉼 (평평). */
  const writeLeg = (leg: typeof left, phi: number, kappa: number): void => {
    _thigh.setFromAxisAngle(_x, -phi).multiply(leg.rest[0]!);
    _shin.setFromAxisAngle(_x, -phi + kappa).multiply(leg.rest[1]!);
    leg.upper.quaternion.copy(_inverse.copy(hipsRotation).invert().multiply(_thigh));
    leg.mid.quaternion.copy(_inverse.copy(_thigh).invert().multiply(_shin));
    leg.end.quaternion.copy(_inverse.copy(_shin).invert().multiply(_q.copy(leg.rest[2]!)));
  };
  /** 위상 u ∈ [0, 1): 앞 절반은 디딤 (φ: +SWING → −SWING, 곧게), 뒤 절반은 흔듦 (φ: −SWING → +SWING, 무릎을 굽혀). */
  const legAngles = (u: number, out: { phi: number; kappa: number }): void => {
    if (u < 0.5) { out.phi = SWING * (1 - 4 * u); out.kappa = 0; return; }
    const v = (u - 0.5) * 2;
    out.phi = -SWING + 2 * SWING * (0.5 - 0.5 * Math.cos(Math.PI * v));
    out.kappa = KNEE_BEND * Math.sin(Math.PI * v);
  };
  const a = { phi: 0, kappa: 0 }, b = { phi: 0, kappa: 0 };
  return {
    root, hips, legs: [left, right],
    speed: (2 * legLength * Math.sin(SWING)) / (CYCLE / 2),
    pose(t) {
      const u = (((t / CYCLE) % 1) + 1) % 1;
      legAngles(u, a);
      legAngles((u + 0.5) % 1, b);
      const stance = u < 0.5 ? a.phi : b.phi;
      // 디딘 발의 발목이 클립의 땅 (발목의 쉼 높이) 에 있도록 골반이 오르내린다.
      hips.position.copy(hipsRest);
      hips.position.y = ankleRest.y + legLength * Math.cos(stance) + hipToHipsY;
      writeLeg(left, a.phi, a.kappa);
      writeLeg(right, b.phi, b.kappa);
    },
  };
}
