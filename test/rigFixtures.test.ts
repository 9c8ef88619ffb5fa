// 테스트 리그 (test/fixtures/rigs/, generate_rigs.py 가 만든 Mixamo·VRM 1.0·VRM 0.x·Unreal·Rigify) 와 제3자의 진짜 모델
// (test/fixtures/third_party/knight_cge.glb: Blender 에서 내보낸 기사, CC-BY — 출처는 그 폴더의 README) 을 three 의
// GLTFLoader 로 읽어, 사용자가 하듯 findLimbs → TwoBoneIK (극 없이, 자동 극) 으로 푼다.
// 쉼 자세와 클립의 여러 시각에서 무작위 목표 200 개: 끝이 목표에, 두 월드 길이 그대로, 관절은 자동 극 쪽,
// 체인 밖의 뼈는 그대로, 손·발의 스킨 정점은 손·발과 함께 단단히 움직인다. 연속한 클립 프레임에서 관절이 튀지 않는다.
import { afterAll, describe, expect, it } from "vitest";
import { AnimationClip, AnimationMixer, Vector3 } from "three";
import type { Object3D, SkinnedMesh } from "three";
import { findLimbs, TwoBoneIK } from "../src/index";
import type { FindLimbsResult, Limb, LimbName } from "../src/index";
import { loadRig } from "./helpers/loadRig";
import type { GLTF } from "three/addons/loaders/GLTFLoader.js";

/** 무작위 목표의 씨앗 (실패하면 메시지에 찍힌다). */
const SEED = 0x5eed_2026;
/** 자세마다 목표 수. peer 범위의 양 끝 (vitest.three.config.ts) 은 API 가 같은지를 보므로 RIG_TARGETS_PER_POSE 로 줄인다. */
const TARGETS_PER_POSE = Number(process.env.RIG_TARGETS_PER_POSE ?? 200);
/** 쉼 자세 다음에 푸는 클립 시각 (s, 클립은 1 s). */
const CLIP_TIMES = [0.1, 0.27, 0.43, 0.6, 0.77, 0.93];
/** 길이 변화의 허용치: 팔다리 길이에 대한 비율 (float64 연산의 반올림, 여기에 float32 데이터의 몫을 더한다). */
const RELATIVE_TOLERANCE = 1e-9;
/** 끝–목표 거리의 허용치 (팔다리 길이에 대한 비율): 사이 뼈·비균등 scale 이 있어도 데이터의 몫 없이 (가장 나쁜 값 ~4e-15). */
const END_TOLERANCE = 1e-12;
/** 연속 프레임 검사의 시간 간격 (s)과, 그 사이 관절이 움직여도 되는 거리 (팔다리 길이에 대한 비율). */
const CONTINUITY_STEP = 1 / 240;
const CONTINUITY_MAX_JOINT_STEP = 0.05;
/** 극 점은 팔다리 가운데에서 L 만큼 떨어져 있어 곧은 팔다리 근처에서는 관절보다 빨리 돈다: 뒤집힘(약 2L)만 잡는다. */
const CONTINUITY_MAX_POLE_STEP = 0.25;
/** 큰 걸음이 나온 간격을 다시 나눌 수. */
const CONTINUITY_SUBSTEPS = 32;

interface RigCase {
  readonly file: string;
  /** 캐릭터가 보는 방향의 z 부호 (glTF 관례 +Z, VRM 0.x 는 −Z): 왼쪽은 x 부호가 같다. */
  readonly facingZ: 1 | -1;
  /** GLTFLoader 가 다듬은 이름 (왼팔·왼다리: 위, 가운데, 끝). 오른쪽은 sideSwap 으로. */
  readonly leftArm: readonly [string, string, string];
  readonly leftLeg: readonly [string, string, string];
  readonly right: (name: string) => string;
  /** 위와 가운데 사이에 끼운 뼈가 있는가 (비틀림·분할 뼈). */
  readonly between: boolean;
  /** 파일의 기본 자세에서 앞 방향·굽힘 방향이 ±Z 와 이루는 코사인의 하한 (기본 0.99: 생성한 리그는 똑바로 선다). */
  readonly minFacing?: number;
  /** 재생할 클립의 이름 (기본: 첫 클립). */
  readonly clip?: string;
  /** 손·발과 함께 단단히 움직이는 스킨 정점 수 (기본: 생성한 리그의 손 상자 24, 발·발가락 상자 48). */
  readonly rigidVertices?: { readonly arm: number; readonly leg: number };
}

const GENERATED_RIGID_VERTICES = { arm: 24, leg: 48 };

const RIGS: readonly RigCase[] = [
  {
    file: "mixamo.glb", facingZ: 1, between: false,
    leftArm: ["mixamorigLeftArm", "mixamorigLeftForeArm", "mixamorigLeftHand"],
    leftLeg: ["mixamorigLeftUpLeg", "mixamorigLeftLeg", "mixamorigLeftFoot"],
    right: (name) => name.replace("Left", "Right"),
  },
  {
    file: "vrm1.vrm", facingZ: 1, between: false,
    leftArm: ["J_Bip_L_UpperArm", "J_Bip_L_LowerArm", "J_Bip_L_Hand"],
    leftLeg: ["J_Bip_L_UpperLeg", "J_Bip_L_LowerLeg", "J_Bip_L_Foot"],
    right: (name) => name.replace("_L_", "_R_"),
  },
  {
    file: "vrm0.vrm", facingZ: -1, between: false,
    leftArm: ["J_Bip_L_UpperArm", "J_Bip_L_LowerArm", "J_Bip_L_Hand"],
    leftLeg: ["J_Bip_L_UpperLeg", "J_Bip_L_LowerLeg", "J_Bip_L_Foot"],
    right: (name) => name.replace("_L_", "_R_"),
  },
  {
    file: "unreal.glb", facingZ: 1, between: true,
    leftArm: ["upperarm_l", "lowerarm_l", "hand_l"],
    leftLeg: ["thigh_l", "calf_l", "foot_l"],
    right: (name) => name.replace(/_l$/, "_r"),
  },
  {
    file: "rigify.gltf", facingZ: 1, between: true,
    leftArm: ["DEF-upper_armL", "DEF-forearmL", "DEF-handL"],
    leftLeg: ["DEF-thighL", "DEF-shinL", "DEF-footL"],
    right: (name) => name.replace(/L$/, "R"),
  },
  {
    file: "toy_30cm.glb", facingZ: 1, between: false,
    leftArm: ["Arm_L", "ForeArm_L", "Hand_L"],
    leftLeg: ["L_Thigh", "L_Calf", "L_Foot"],
    right: (name) => name.replace(/_L$/, "_R").replace(/^L_/, "R_"),
  },
  {
    file: "giant_10m.glb", facingZ: 1, between: false,
    leftArm: ["LeftUpperArm", "LeftLowerArm", "LeftHand"],
    leftLeg: ["LeftUpperLeg", "LeftLowerLeg", "LeftFoot"],
    right: (name) => name.replace("Left", "Right"),
  },
  {
    // 진짜 파일: 0.13 로 줄인 Armature, 손 뼈 이름이 palm_l, 손·발 정점은 여러 뼈에 나눠 붙었고, 기본 자세는 24° 숙였다.
    // 첫 클립 Attack 은 칼을 휘두르며 어깨가 한 프레임에 튄다 (클립 자체의 불연속): 매끄러운 Walk 로 본다.
    file: "third_party/knight_cge.glb", facingZ: 1, between: false, minFacing: 0.9, clip: "Walk",
    rigidVertices: { arm: 16, leg: 20 }, // 손바닥·손가락, 발·발가락에만 붙은 정점
    leftArm: ["upper_arm_l", "lower_arm_l", "palm_l"],
    leftLeg: ["thigh_l", "shin_l", "foot_l"],
    right: (name) => name.replace(/_l$/, "_r"),
  },
];

/** 재현 가능한 난수 (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const worldOf = (object: Object3D): Vector3 => new Vector3().setFromMatrixPosition(object.matrixWorld);

/** 모든 객체의 로컬 위치·회전·스케일 (되돌리기와 "바뀌지 않았다" 확인용). */
function snapshot(root: Object3D): Map<Object3D, number[]> {
  const out = new Map<Object3D, number[]>();
  root.traverse((object) => out.set(object, [...object.position.toArray(), ...object.quaternion.toArray(), ...object.scale.toArray()]));
  return out;
}

function restore(saved: Map<Object3D, number[]>): void {
  for (const [object, v] of saved) {
    object.position.set(v[0]!, v[1]!, v[2]!);
    object.quaternion.set(v[3]!, v[4]!, v[5]!, v[6]!);
    object.scale.set(v[7]!, v[8]!, v[9]!);
  }
}

/**
 * float32 데이터의 몫: 파일과 클립의 사원수는 float32 라 길이가 1 에서 조금 벗어난다 (n = |q|² ≠ 1).
 * three 의 compose 는 그런 q 를 회전 R̂ 이 아니라 R̂ + (n − 1)(R̂ − I) 로 행렬에 넣으므로 (균등 스케일도 아니다),
 * 뼈 하나가 벡터 길이를 최대 2|n − 1| 만큼 늘이거나 줄인다. IK 는 upper·mid 에 정규화한 회전을 써 넣고 그 아래
 * 벡터들의 방향을 바꾸므로, 뿌리부터 end 의 부모까지의 뼈마다 IK 앞뒤로 4|n − 1| 까지 달라질 수 있다. 그 합.
 * (쉼 자세와 클립의 사원수에서 재면 1e-8 ~ 1e-7 이다: 결과 요약에 찍힌다.)
 */
function float32Allowance(limb: Limb): number {
  let sum = 0;
  for (let bone = limb.end.parent; bone !== null; bone = bone.parent) sum += 4 * Math.abs(bone.quaternion.lengthSq() - 1);
  return sum;
}

/**
 * 균등하지 않은 scale 의 몫 (길이와 스킨 정점만): Blender 에서 내보낸 진짜 파일의 뼈 scale 은 float32 로 (1, 1, 0.99999994)
 * 처럼 1 ulp 쯤 균등하지 않다 (TwoBoneIK 는 상대 1e-5 까지 받는다). 그런 뼈 아래의 벡터는 방향에 따라 길이가 최대
 * δ = max|s| / min|s| − 1 만큼 달리 그려지므로, IK 가 방향을 바꾸면 뼈 길이와 손·발 정점까지의 거리가 뼈마다 2δ 까지
 * 달라질 수 있다. 끝–목표는 이 몫 없이 1e-9 안이다 (TwoBoneIK 가 그려질 끝을 재서 다듬는다). 생성한 리그는 0 이다.
 */
function anisotropyAllowance(limb: Limb): number {
  let sum = 0;
  for (let bone = limb.end.parent; bone !== null; bone = bone.parent) {
    const x = Math.abs(bone.scale.x), y = Math.abs(bone.scale.y), z = Math.abs(bone.scale.z);
    sum += 2 * (Math.max(x, y, z) / Math.min(x, y, z) - 1);
  }
  return sum;
}

/**
 * 손·발과 함께 단단히 움직여야 하는 스킨 정점들 (메시의 인덱스): 가중치가 모두 끝 뼈와 그 아래 뼈 (손가락·발가락) 에만
 * 있는 정점. IK 는 끝 뼈 아래의 로컬 변환을 바꾸지 않는다.
 */
function rigidVertices(mesh: SkinnedMesh, bone: Object3D): number[] {
  const joints = new Set<number>();
  bone.traverse((object) => joints.add(mesh.skeleton.bones.indexOf(object as never)));
  const index = mesh.geometry.getAttribute("skinIndex"), weight = mesh.geometry.getAttribute("skinWeight");
  const out: number[] = [];
  for (let i = 0; i < index.count; i++) {
    let inside = 0;
    for (let c = 0; c < 4; c++) if (weight.getComponent(i, c) > 0 && joints.has(index.getComponent(i, c))) inside += weight.getComponent(i, c);
    let outside = false;
    for (let c = 0; c < 4; c++) if (weight.getComponent(i, c) > 0 && !joints.has(index.getComponent(i, c))) outside = true;
    if (!outside && inside > 0) out.push(i);
  }
  return out;
}

/** 스킨 정점 (월드) 에서 점 center 까지의 거리들. */
function distancesFrom(mesh: SkinnedMesh, vertices: readonly number[], center: Vector3): number[] {
  return vertices.map((i) => mesh.getVertexPosition(i, new Vector3()).applyMatrix4(mesh.matrixWorld).distanceTo(center));
}

/** 관절이 자동 극 쪽에 있는가: 뿌리→목표 축에 수직인 성분끼리의 내적 (관절이 축 위에 있으면 0). */
function sideOfPole(root: Vector3, target: Vector3, joint: Vector3, pole: Vector3): { dot: number; jointOff: number } {
  const axis = target.clone().sub(root).normalize();
  const perpendicular = (p: Vector3) => {
    const v = p.clone().sub(root);
    return v.addScaledVector(axis, -v.dot(axis));
  };
  const j = perpendicular(joint), p = perpendicular(pole).normalize();
  return { dot: j.dot(p), jointOff: j.length() };
}

/** 리그의 클립 (rig.clip 이 없으면 첫 클립). */
function clipOf(gltf: GLTF, rig: RigCase): AnimationClip {
  const clip = rig.clip === undefined ? gltf.animations[0] : AnimationClip.findByName(gltf.animations, rig.clip);
  if (clip === undefined || clip === null) throw new Error(`${rig.file}: 클립 ${rig.clip ?? "(첫)"} 이 없다`);
  return clip;
}

/** 측정값: 리그마다 가장 나쁜 값 (마지막에 찍는다). */
const worst: Record<string, { endError: number; lengthError: number; skinError: number; allowance: number; solves: number; jointStep: number; fastSteps: number }> = {};

afterAll(() => {
  console.log("rig fixtures, worst case per rig (relative to limb length):");
  for (const [file, w] of Object.entries(worst)) {
    console.log(`  ${file}: ${w.solves} solves, |end − target| ${w.endError.toExponential(2)}, length change ${w.lengthError.toExponential(2)} (float32 allowance ${w.allowance.toExponential(2)}), hand/foot skin ${w.skinError.toExponential(2)}, max joint step per 1/240 s ${w.jointStep.toFixed(4)} (${w.fastSteps} fast steps re-checked at 1/${240 * CONTINUITY_SUBSTEPS} s)`);
  }
});

describe.each(RIGS)("$file", (rig) => {
  const load = async () => {
    const gltf = await loadRig(rig.file);
    const found = findLimbs(gltf.scene, { gltf });
    const mesh = gltf.scene.getObjectByProperty("isSkinnedMesh", true) as SkinnedMesh;
    return { gltf, found, mesh };
  };

  it("finds all four limbs with the right bones and sides, and no issues", async () => {
    const { found } = await load();
    expect(found.issues).toEqual([]);
    const names = (limb: LimbName) => { const l = found[limb]!; return [l.upper.name, l.mid.name, l.end.name]; };
    expect(names("leftArm")).toEqual(rig.leftArm);
    expect(names("leftLeg")).toEqual(rig.leftLeg);
    expect(names("rightArm")).toEqual(rig.leftArm.map(rig.right));
    expect(names("rightLeg")).toEqual(rig.leftLeg.map(rig.right));
    // 좌우를 이름과 따로, 파일의 좌표로: +Z 를 보는 캐릭터의 왼쪽은 +X.
    for (const limb of found.limbs) {
      const x = worldOf(limb.upper).x * rig.facingZ;
      expect(limb.side === "left" ? x > 0 : x < 0, `${limb.name} x=${x}`).toBe(true);
    }
    const facing = rig.minFacing ?? 0.99;
    expect(found.forward.z * rig.facingZ).toBeGreaterThan(facing);
    expect(found.leftLeg!.bendDirection.z * rig.facingZ).toBeGreaterThan(facing); // 무릎은 앞
    expect(found.leftArm!.bendDirection.z * rig.facingZ).toBeLessThan(-facing); // 팔꿈치는 뒤
    if (rig.between) expect(found.leftArm!.mid.parent).not.toBe(found.leftArm!.upper);
  });

  it(`${TARGETS_PER_POSE} random targets in reach at the bind pose and at six clip times: exact, lengths kept, joint on the auto pole's side, only the chain's rotations change, hand and foot skin rigid`, async () => {
    const { gltf, found, mesh } = await load();
    const root = gltf.scene;
    const mixer = new AnimationMixer(root);
    mixer.clipAction(clipOf(gltf, rig)).play();
    const iks = found.limbs.map((limb) => ({ limb, ik: new TwoBoneIK(limb.upper, limb.mid, limb.end, { bendDirection: limb.bendDirection }) }));
    const rand = random(SEED);
    const w = (worst[rig.file] = { endError: 0, lengthError: 0, skinError: 0, allowance: 0, solves: 0, jointStep: 0, fastSteps: 0 });

    for (const time of [null, ...CLIP_TIMES]) {
      if (time !== null) mixer.setTime(time);
      root.updateMatrixWorld(true);
      const pose = snapshot(root);
      for (const { limb, ik } of iks) {
        const rootWorld = worldOf(limb.upper), midWorld = worldOf(limb.mid), endWorld = worldOf(limb.end);
        const a = rootWorld.distanceTo(midWorld), b = midWorld.distanceTo(endWorld), L = a + b;
        // 길이와 스킨 정점: 사원수의 float32 몫 + 균등하지 않은 scale 의 몫 (뼈 길이도 방향에 따라 조금 달리 그려진다).
        const allowance = float32Allowance(limb) + anisotropyAllowance(limb);
        w.allowance = Math.max(w.allowance, allowance);
        const pole = ik.getAutoPole(new Vector3());
        const skinVertices = rigidVertices(mesh, limb.end);
        const expectedVertices = rig.rigidVertices ?? GENERATED_RIGID_VERTICES;
        expect(skinVertices.length, "hand/foot vertices").toBe(limb.kind === "arm" ? expectedVertices.arm : expectedVertices.leg);
        // 그려진 손·발 (스킨 정점) 은 끝 뼈의 원점에 대해 단단하다: IK 뒤 정점–목표 거리 = 들어온 자세의 정점–끝 거리.
        const skinBefore = distancesFrom(mesh, skinVertices, endWorld);
        for (let k = 0; k < TARGETS_PER_POSE; k++) {
          // 방향은 구 위에 고르게, 거리는 닿는 범위 [|a − b|, a + b] 안: 절반은 고르게, 나머지는 두 경계에 로그 균등하게 가깝게.
          const z = 2 * rand() - 1, phi = 2 * Math.PI * rand(), r = Math.sqrt(1 - z * z);
          const direction = new Vector3(r * Math.cos(phi), z, r * Math.sin(phi));
          const lo = Math.abs(a - b), hi = L, pick = rand(), gap = 10 ** (-6 + 5 * rand());
          const d = pick < 0.5 ? lo + (hi - lo) * (0.001 + 0.998 * rand()) : pick < 0.8 ? hi * (1 - gap) : lo + (hi - lo) * gap;
          const target = rootWorld.clone().addScaledVector(direction, d);
          restore(pose);
          ik.solve(target);
          const context = `seed ${SEED}, ${rig.file} ${limb.name} t=${time ?? "bind"} target #${k}`;
          const end = worldOf(limb.end), joint = worldOf(limb.mid), start = worldOf(limb.upper);
          const endError = end.distanceTo(target) / L;
          const lengthError = Math.max(Math.abs(start.distanceTo(joint) - a), Math.abs(joint.distanceTo(end) - b)) / L;
          expect(endError, context).toBeLessThanOrEqual(END_TOLERANCE);
          expect(lengthError, context).toBeLessThanOrEqual(RELATIVE_TOLERANCE + allowance);
          w.endError = Math.max(w.endError, endError);
          w.lengthError = Math.max(w.lengthError, lengthError);
          w.solves++;
          const side = sideOfPole(start, target, joint, pole);
          if (side.jointOff > 1e-6 * L) expect(side.dot, context).toBeGreaterThan(0);
          // 체인 밖의 뼈 (사이의 비틀림 뼈 포함) 와 체인 뼈의 위치·스케일은 비트 하나까지 그대로.
          const after = snapshot(root);
          for (const [object, before] of pose) {
            const now = after.get(object)!;
            if (object === limb.upper || object === limb.mid) {
              expect([...now.slice(0, 3), ...now.slice(7)], context).toEqual([...before.slice(0, 3), ...before.slice(7)]);
            } else {
              expect(now, `${context}: ${object.name}`).toEqual(before);
            }
          }
          if (k < 5) {
            root.updateMatrixWorld(true);
            const skinAfter = distancesFrom(mesh, skinVertices, target);
            const skinError = Math.max(...skinAfter.map((r, i) => Math.abs(r - skinBefore[i]!))) / L;
            expect(skinError, context).toBeLessThanOrEqual(RELATIVE_TOLERANCE + allowance);
            w.skinError = Math.max(w.skinError, skinError);
          }
        }
        restore(pose);
        root.updateMatrixWorld(true);
      }
    }
  });

  it("over consecutive clip frames the auto pole and the joint move continuously, the joint stays on the pole's side", async () => {
    const { gltf, found } = await load();
    const root = gltf.scene;
    const mixer = new AnimationMixer(root);
    mixer.clipAction(clipOf(gltf, rig)).play();
    const w = worst[rig.file] ?? (worst[rig.file] = { endError: 0, lengthError: 0, skinError: 0, allowance: 0, solves: 0, jointStep: 0, fastSteps: 0 });
    for (const limb of found.limbs) {
      const ik = new TwoBoneIK(limb.upper, limb.mid, limb.end, { bendDirection: limb.bendDirection });
      mixer.setTime(0);
      root.updateMatrixWorld(true);
      const L = worldOf(limb.upper).distanceTo(worldOf(limb.mid)) + worldOf(limb.mid).distanceTo(worldOf(limb.end));
      // 목표는 처음 끝 자리에서 조금 안쪽 (손·발을 그 자리에 묶어 둔 채 몸이 움직인다).
      const target = worldOf(limb.end).lerp(worldOf(limb.upper), 0.15);
      const solveAt = (t: number) => {
        mixer.setTime(t);
        const pole = ik.getAutoPole(new Vector3());
        ik.solve(target);
        return { pole, joint: worldOf(limb.mid) };
      };
      let previous: { pole: Vector3; joint: Vector3 } | null = null;
      for (let k = 0; k * CONTINUITY_STEP <= 1 + 1e-9; k++) {
        const t = k * CONTINUITY_STEP;
        const now = solveAt(t);
        const context = `${rig.file} ${limb.name} t=${t.toFixed(4)}`;
        expect(worldOf(limb.end).distanceTo(target) / L, context).toBeLessThanOrEqual(END_TOLERANCE);
        expect(sideOfPole(worldOf(limb.upper), target, now.joint, now.pole).dot, context).toBeGreaterThan(0);
        if (previous !== null) {
          const step = now.joint.distanceTo(previous.joint) / L;
          w.jointStep = Math.max(w.jointStep, step);
          if (step >= CONTINUITY_MAX_JOINT_STEP || now.pole.distanceTo(previous.pole) / L >= CONTINUITY_MAX_POLE_STEP) {
            // 빠른 것과 튀는 것을 가른다: 이 간격을 SUBSTEPS 로 나눠 다시 풀면, 연속이면 한 칸이 그만큼 작아지고
            // 뒤집힘(불연속)이면 어느 한 칸에 큰 걸음이 그대로 남는다.
            let last = previous;
            for (let j = 1; j <= CONTINUITY_SUBSTEPS; j++) {
              const sub = solveAt(t - CONTINUITY_STEP + (j * CONTINUITY_STEP) / CONTINUITY_SUBSTEPS);
              expect(sub.joint.distanceTo(last.joint) / L, `${context} (substep ${j})`).toBeLessThan(CONTINUITY_MAX_JOINT_STEP / 4);
              expect(sub.pole.distanceTo(last.pole) / L, `${context} (substep ${j})`).toBeLessThan(CONTINUITY_MAX_POLE_STEP / 4);
              last = sub;
            }
            w.fastSteps++;
          }
        }
        previous = now;
      }
    }
  });
});

describe("rigs that must be refused", () => {
  it("a truncated .glb does not parse", async () => {
    await expect(loadRig("broken_truncated.glb")).rejects.toBeTruthy();
  });

  it("a rig without recognisable names finds no limbs and says why per bone", async () => {
    const gltf = await loadRig("no_limbs.glb");
    const found: FindLimbsResult = findLimbs(gltf.scene, { gltf });
    expect(found.limbs).toEqual([]);
    expect(found.issues.filter((issue) => issue.code === "missing")).toHaveLength(12);
  });

  it("VRM files: the humanoid map wins when gltf is given; without it the VRoid names (J_Bip_L_UpperArm) are a naming convention", async () => {
    const gltf = await loadRig("vrm1.vrm");
    const byMap = findLimbs(gltf.scene, { gltf }), byName = findLimbs(gltf.scene);
    expect(byMap.bones.leftUpperArm?.source).toBe("vrm1");
    expect(byName.bones.leftUpperArm?.source).toBe("vroid");
    expect(byName.limbs.map((limb) => [limb.name, limb.upper.name])).toEqual(byMap.limbs.map((limb) => [limb.name, limb.upper.name]));
  });

  it("a file without a skin has no SkinnedMesh", async () => {
    const gltf = await loadRig("no_skin.glb");
    expect(gltf.scene.getObjectByProperty("isSkinnedMesh", true)).toBeUndefined();
  });
});
