// 벤치마크 입력: 씨앗을 고정한 난수로 만든 4,096 개의 사례 (셋 중 하나는 닿지 않는다).
import { Bone, Group, Quaternion, Vector3 } from "three";
import type { Object3D } from "three";

export const CASE_COUNT = 4096;
export const SEED = 20261130;

/** mulberry32: 작고 빠른 32 비트 PRNG. 같은 씨앗이면 같은 수열 (Math.random 은 쓰지 않는다). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomUnit(random: () => number, out: Vector3): Vector3 {
  do out.set(random() * 2 - 1, random() * 2 - 1, random() * 2 - 1);
  while (out.lengthSq() < 1e-2 || out.lengthSq() > 1);
  return out.normalize();
}

function randomRotation(random: () => number): Quaternion {
  const axis = randomUnit(random, new Vector3());
  return new Quaternion().setFromAxisAngle(axis, random() * Math.PI * 2);
}

/** 순수 함수용 사례: 뿌리·목표·극과 두 길이. Float64Array 에도 같은 값을 담아 기준 코드가 읽는다. */
export interface PointCases {
  roots: Vector3[];
  targets: Vector3[];
  poles: Vector3[];
  upperLengths: Float64Array;
  lowerLengths: Float64Array;
  /** 기준 코드의 입력: 사례마다 [rx, ry, rz, a, b, tx, ty, tz, px, py, pz]. */
  packed: Float64Array;
}

export const PACKED_STRIDE = 11;

export function makePointCases(random = createRandom(SEED)): PointCases {
  const roots: Vector3[] = [], targets: Vector3[] = [], poles: Vector3[] = [];
  const upperLengths = new Float64Array(CASE_COUNT), lowerLengths = new Float64Array(CASE_COUNT);
  const packed = new Float64Array(CASE_COUNT * PACKED_STRIDE);
  const direction = new Vector3();
  for (let i = 0; i < CASE_COUNT; i++) {
    const a = 0.2 + random(), b = 0.2 + random();
    const root = randomUnit(random, new Vector3()).multiplyScalar(10 * random());
    // 사례의 1/3 은 a + b 보다 멀다 (닿지 않음).
    const reach = i % 3 === 0 ? (1.05 + random()) * (a + b) : Math.abs(a - b) + random() * (a + b - Math.abs(a - b));
    const target = root.clone().addScaledVector(randomUnit(random, direction), reach);
    const pole = root.clone().addScaledVector(randomUnit(random, direction), 2);
    roots.push(root); targets.push(target); poles.push(pole);
    upperLengths[i] = a; lowerLengths[i] = b;
    packed.set([root.x, root.y, root.z, a, b, target.x, target.y, target.z, pole.x, pole.y, pole.z], i * PACKED_STRIDE);
  }
  return { roots, targets, poles, upperLengths, lowerLengths, packed };
}

/** 뼈 체인: 임의의 부모 변환(이동·회전·균등 스케일)과 glTF 같은 임의의 휴지 회전. */
export interface RigCase {
  parent: Group;
  upper: Bone;
  mid: Bone;
  end: Bone;
  restRotations: [Quaternion, Quaternion, Quaternion];
  target: Vector3;
  pole: Vector3;
  reachable: boolean;
}

export function makeRigCases(random = createRandom(SEED + 1), rigCount = 64): RigCase[] {
  const cases: RigCase[] = [];
  const rigs: Omit<RigCase, "target" | "pole" | "reachable">[] = [];
  for (let r = 0; r < rigCount; r++) {
    const parent = new Group();
    parent.position.set(random() * 20 - 10, random() * 20 - 10, random() * 20 - 10);
    parent.quaternion.copy(randomRotation(random));
    parent.scale.setScalar(0.5 + random() * 1.5);
    const upper = new Bone(), mid = new Bone(), end = new Bone();
    const restRotations: [Quaternion, Quaternion, Quaternion] = [randomRotation(random), randomRotation(random), randomRotation(random)];
    upper.quaternion.copy(restRotations[0]);
    mid.quaternion.copy(restRotations[1]);
    end.quaternion.copy(restRotations[2]);
    mid.position.copy(randomUnit(random, new Vector3())).multiplyScalar(0.3 + random());
    end.position.copy(randomUnit(random, new Vector3())).multiplyScalar(0.3 + random());
    parent.add(upper); upper.add(mid); mid.add(end);
    parent.updateMatrixWorld(true);
    rigs.push({ parent, upper, mid, end, restRotations });
  }
  const rootWorld = new Vector3(), midWorld = new Vector3(), endWorld = new Vector3(), direction = new Vector3();
  for (let i = 0; i < CASE_COUNT; i++) {
    const rig = rigs[i % rigCount]!;
    rootWorld.setFromMatrixPosition(rig.upper.matrixWorld);
    midWorld.setFromMatrixPosition(rig.mid.matrixWorld);
    endWorld.setFromMatrixPosition(rig.end.matrixWorld);
    const a = rootWorld.distanceTo(midWorld), b = midWorld.distanceTo(endWorld);
    const reachable = i % 3 !== 0;
    const reach = reachable ? Math.abs(a - b) + (0.02 + 0.96 * random()) * (a + b - Math.abs(a - b)) : (1.05 + random()) * (a + b);
    const target = rootWorld.clone().addScaledVector(randomUnit(random, direction), reach);
    const pole = rootWorld.clone().addScaledVector(randomUnit(random, direction), a + b);
    // 객체 리터럴로 (펼침 ...rig 가 아니라): 펼침으로 만든 객체는 저마다 숨은 모양 (map) 이 달라 이 객체를 읽는 곳이
    // 모두 다형 (megamorphic) 이 되어, 바닥과 풀이가 IC 실패를 재게 된다 (바닥 ~575 ns 가운데 ~350 ns).
    cases.push({ parent: rig.parent, upper: rig.upper, mid: rig.mid, end: rig.end, restRotations: rig.restRotations, target, pole, reachable });
  }
  return cases;
}

/** 체인을 휴지 자세로 되돌린다 (매 프레임 애니메이션이 자세를 새로 쓰는 것과 같다). */
export function resetPose(rig: RigCase): void {
  rig.upper.quaternion.copy(rig.restRotations[0]);
  rig.mid.quaternion.copy(rig.restRotations[1]);
  rig.end.quaternion.copy(rig.restRotations[2]);
}

/** upper–mid, mid–end 사이에 뼈를 하나씩 끼운다 (위치는 반으로 나누고 회전은 임의, 스케일 1). 체인 끝의 자리는 달라진다. */
export function withBetweenBones(cases: RigCase[]): RigCase[] {
  const random = createRandom(SEED + 7);
  const done = new Set<Object3D>();
  const axis = new Vector3();
  for (const c of cases) {
    if (done.has(c.upper)) continue;
    done.add(c.upper);
    for (const [top, bone] of [[c.upper, c.mid], [c.mid, c.end]] as const) {
      const twist = new Bone();
      axis.set(random() - 0.5, random() - 0.5, random() - 0.5).normalize();
      twist.quaternion.setFromAxisAngle(axis, random() - 0.5);
      twist.position.copy(bone.position).multiplyScalar(0.5);
      bone.position.multiplyScalar(0.5);
      top.remove(bone);
      top.add(twist);
      twist.add(bone);
    }
    c.parent.updateMatrixWorld(true);
  }
  return cases;
}

