// 한 캐릭터를 지형에 세우는 것: FootPlacement 잇기, 발바닥 점, 고리 위에 뿌리 놓기.
import { Quaternion, Vector3 } from "three";
import type { Object3D } from "three";
import { FootPlacement } from "../src/index";
import { loopPoint } from "./terrain";
import type { ScaledGround } from "./terrainGround";

/** 뿌리 높이 (컨트롤러): 발 길이쯤의 상자 (앞뒤 ±ROOT_FOOTPRINT, 옆 ±ROOT_FOOTPRINT/2, m, 배율 1) 의 평균 높이. */
const ROOT_FOOTPRINT = 0.22;

/** 한 캐릭터를 지형에 세우는 것: 발 딛기, 발바닥 점, 광선 그림. */
export interface Grounded {
  readonly root: Object3D;
  readonly placement: FootPlacement;
  /** 발마다 발바닥 점 (발 뼈의 로컬): 뒤꿈치, (있으면) 발끝. FootPlacement 와 같은 정의 (쉼 자세에서 클립 땅에 내린 발목·발가락). */
  readonly soles: readonly { readonly foot: Object3D; readonly points: readonly Vector3[] }[];
  /** 처음 뿌리의 회전 (모델이 앞을 +Z 가 아닌 쪽으로 볼 수 있다): 걷는 방향의 회전을 그 앞에 곱한다. */
  readonly baseRotation: Quaternion;
  readonly position0: Vector3;
  readonly rotation0: Quaternion;
  /** 뿌리가 걷는 속도 (m/s, 0 = 제자리). */
  readonly speed: number;
  readonly scale: number;
  readonly name: string | null;
  readonly clip: string | null;
}

/** 다리 하나 (FootPlacement 의 legs 와 같은 모양, 발끝은 있으면). */
export interface GroundedLeg {
  upper: Object3D;
  mid: Object3D;
  end: Object3D;
  toes?: Object3D | null;
  bendDirection?: Vector3;
}

/** makeGrounded 의 입력: forwardYaw 는 모델이 바라보는 쪽의 +Z 에서의 각 (rad). */
export interface GroundedInput {
  readonly root: Object3D;
  readonly hips: Object3D;
  readonly legs: readonly GroundedLeg[];
  readonly speed: number;
  readonly scale: number;
  readonly name: string | null;
  readonly clip: string | null;
  readonly forwardYaw?: number;
}

const _yaw = new Quaternion();
const _up = new Vector3(0, 1, 0);
const _point = { x: 0, z: 0, dx: 1, dz: 0 };

export function makeGrounded(input: GroundedInput, ground: ScaledGround): Grounded {
  const { root, hips, legs, speed, scale, name, clip, forwardYaw = 0 } = input;
  const position0 = root.position.clone();
  // 바라보는 쪽을 +Z 로 돌린 회전을 처음 회전의 앞에 (걷는 방향은 그 위에 곱한다).
  const rotation0 = root.quaternion.clone();
  const baseRotation = new Quaternion().setFromAxisAngle(_up, -forwardYaw).multiply(root.quaternion);
  root.updateMatrixWorld(true);
  const rootY = root.getWorldPosition(new Vector3()).y;
  const soles = legs.map((leg) => {
    const toSole = (bone: Object3D): Vector3 => {
      const world = bone.getWorldPosition(new Vector3());
      world.y = rootY;
      return leg.end.worldToLocal(world);
    };
    const points = [toSole(leg.end)];
    if (leg.toes != null) points.push(toSole(leg.toes));
    return { foot: leg.end, points };
  });
  const placement = new FootPlacement({ hips, root, legs: [legs[0]!, legs[1]!], ground: ground.cast });
  return { root, placement, soles, baseRotation, position0, rotation0, speed, scale, name, clip };
}

/** 고리의 거리 d (m) 에 뿌리를 놓는다: 걷는 방향을 보고, 높이는 발밑 상자의 평균 (컨트롤러가 하는 일). */
export function placeRoot(character: Grounded, ground: ScaledGround, d: number): void {
  const scale = ground.scale;
  const point = _point;
  loopPoint(d / scale, point);
  const x = point.x * scale, z = point.z * scale;
  let sum = 0, n = 0;
  const f = ROOT_FOOTPRINT * scale;
  for (const a of [-1, 0, 1]) for (const b of [-0.5, 0, 0.5]) {
    sum += ground.heightAt(x + point.dx * a * f - point.dz * b * f, z + point.dz * a * f + point.dx * b * f);
    n++;
  }
  const root = character.root;
  root.position.set(x, sum / n, z);
  root.quaternion.copy(_yaw.setFromAxisAngle(_up, Math.atan2(point.dx, point.dz))).multiply(character.baseRotation);
  root.updateMatrixWorld(true);
}
