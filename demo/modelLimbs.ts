// 사용자 모델의 팔다리: 찾은 팔다리마다 TwoBoneIK (극은 자동), 끌 수 있는 목표 공, 자동 극 자리의 극 공, 선만 그리는 도우미.
// 매 프레임 읽은 직후의 자세로 되돌리고 클립을 입힌 뒤 그 위에 IK 를 푼다.
import { Mesh, MeshStandardMaterial, SphereGeometry } from "three";
import type { AnimationMixer, Material, Quaternion } from "three";
import { limbLabel, TwoBoneIK, TwoBoneIKHelper } from "../src/index";
import type { LimbName } from "../src/index";
import type { Handle } from "./handlePick";
import type { LoadedModel } from "./modelLoader";
import type { Params } from "./ui";

/** 공의 반지름: 모델 키에 대한 비율 (1.75 m 캐릭터에서 약 4 cm). */
const TARGET_RADIUS_RATIO = 0.024;
const POLE_RADIUS_RATIO = 0.016;

/** 모델 한 팔다리의 IK 와 공들. */
export interface ModelLimb {
  readonly name: LimbName;
  readonly ik: TwoBoneIK;
  readonly helper: TwoBoneIKHelper;
  readonly target: Mesh;
  readonly pole: Mesh;
  readonly handle: Handle;
  readonly poleHandle: Handle;
  /** 사용자가 극 공을 옮겼으면 true: 그때부터 자동 극 대신 그 공을 쓴다. */
  manualPole: boolean;
  /** 클립이 건드리지 않는 뼈도 매 프레임 같은 자세에서 시작하게: 읽은 직후의 local 회전. */
  readonly rest: readonly Quaternion[];
}

/** 찾은 팔다리마다 IK 와 공들을 만든다 (장면에는 아직 넣지 않는다). height: 모델의 키 (월드 단위). */
export function createModelLimbs(loaded: LoadedModel, height: number): ModelLimb[] {
  // 공의 모양은 팔다리가 함께 쓴다 (disposeModelLimbs 가 한 번 놓는다).
  const targetGeometry = new SphereGeometry(height * TARGET_RADIUS_RATIO, 24, 12);
  const poleGeometry = new SphereGeometry(height * POLE_RADIUS_RATIO, 16, 8);
  return loaded.limbs.limbs.map((limb) => {
    const ik = new TwoBoneIK(limb.upper, limb.mid, limb.end, { bendDirection: limb.bendDirection });
    ik.keepEndRotation = limb.kind === "leg"; // 발은 클립의 방향 그대로
    const target = new Mesh(targetGeometry, new MeshStandardMaterial({ color: limb.kind === "arm" ? 0xff4d4d : 0x4fd18b, roughness: 0.35 }));
    target.name = `modelTarget:${limb.name}`;
    target.position.setFromMatrixPosition(limb.end.matrixWorld);
    const pole = new Mesh(poleGeometry, new MeshStandardMaterial({ color: 0x3d8bff, roughness: 0.35 }));
    pole.name = `modelPole:${limb.name}`;
    ik.getAutoPole(pole.position);
    const handle: Handle = {
      name: `model:${limb.name}`, object: target, radius: height * TARGET_RADIUS_RATIO,
      ringColor: limb.name.endsWith("Arm") ? "#ffb3b3" : "#b3f0cf", label: `${limbLabel(limb.name)} 목표 공`,
    };
    const poleHandle: Handle = {
      name: `modelPole:${limb.name}`, object: pole, radius: height * POLE_RADIUS_RATIO,
      ringColor: "#b3d1ff", label: `${limbLabel(limb.name)} 극 공`,
      onGrab: () => { modelLimb.manualPole = true; },
    };
    const helper = new TwoBoneIKHelper(ik);
    // 도우미의 공은 숨기고 선만: 끌 수 있는 진짜 공이 그 자리에 있다 (대역 화면과 같다).
    helper.targetMesh.visible = false;
    helper.jointMesh.visible = false;
    helper.poleMesh.visible = false;
    const rest = [limb.upper, limb.mid, limb.end].map((bone) => bone.quaternion.clone());
    const modelLimb: ModelLimb = {
      name: limb.name, ik, helper, target, pole, handle, poleHandle, manualPole: false, rest,
    };
    return modelLimb;
  });
}

/** 팔다리의 도우미·재질과 (함께 쓰는) 공의 모양을 놓아준다. 장면에서 빼는 일은 부르는 쪽이 먼저 한다. */
export function disposeModelLimbs(limbs: readonly ModelLimb[]): void {
  for (const limb of limbs) {
    limb.helper.dispose();
    (limb.target.material as Material).dispose();
    (limb.pole.material as Material).dispose();
  }
  limbs[0]?.target.geometry.dispose();
  limbs[0]?.pole.geometry.dispose();
}

// 설정 객체는 한 번만 만든다 (매 프레임 할당 없음).
const _ikOn = { weight: 1, soft: 0 };
const _ikOff = { weight: 0 };

/** 매 프레임: 클립을 dt 초 진행하고 그 위에 IK (clipOnly 면 클립만: 지형 걷기가 발을 맡는다). 극 공과 도우미는 보조 표시를 따른다. */
export function updateModelLimbs(
  limbs: readonly ModelLimb[], mixer: AnimationMixer, dt: number, params: Pick<Params, "ik" | "weight" | "soft" | "helpers">,
  clipOnly = false,
): void {
  // 지난 프레임의 IK 결과 위에 다시 풀지 않게: 팔다리 뼈를 읽은 직후 자세로 되돌린 뒤 클립을 입힌다
  // (클립이 그 뼈를 움직이지 않아도 IK 는 매 프레임 같은 들어온 자세에서 시작한다 — weight 가 섞는 자세).
  for (const limb of limbs) {
    limb.ik.upper.quaternion.copy(limb.rest[0]!);
    limb.ik.mid.quaternion.copy(limb.rest[1]!);
    limb.ik.end.quaternion.copy(limb.rest[2]!);
  }
  mixer.update(dt);
  if (clipOnly) return; // 지형 걷기 (terrainWalk.ts) 가 발을 맡는다
  _ikOn.weight = params.weight;
  _ikOn.soft = params.soft;
  for (const limb of limbs) {
    if (limb.manualPole) {
      limb.ik.solve(limb.target.position, limb.pole.position, params.ik ? _ikOn : _ikOff);
    } else {
      limb.ik.getAutoPole(limb.pole.position); // 들어온 (클립의) 자세에서 고른 극
      limb.ik.solve(limb.target.position, undefined, params.ik ? _ikOn : _ikOff);
    }
    limb.pole.visible = params.helpers;
    limb.helper.visible = params.helpers;
  }
}
