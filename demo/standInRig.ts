// 대역 캐릭터의 팔·다리: 뼈를 이름으로 찾고, 팔다리마다 TwoBoneIK 와 IK 전 자세를 둔다. 공과 카메라가 기준으로 삼는
// 쉬는 자세의 어깨·엉덩이·발 자리도 여기서 한 번 잰다.
import { Vector3 } from "three";
import type { Object3D } from "three";
import { TwoBoneIK } from "../src/index";
import { BONE_NAMES, createCharacter } from "./character";
import type { Character } from "./character";
import { IncomingPose } from "./pose";
import { STEP_BOX_FORWARD, STEP_BOX_HEIGHT } from "./stage";
import type { Params } from "./ui";

export interface StandInRig {
  readonly character: Character;
  readonly upperArm: Object3D;
  readonly lowerArm: Object3D;
  readonly hand: Object3D;
  readonly upperLeg: Object3D;
  readonly lowerLeg: Object3D;
  readonly foot: Object3D;
  readonly armIK: TwoBoneIK;
  readonly legIK: TwoBoneIK;
  /** 매 프레임 IK 를 풀기 전에 되돌리는 자세 (IK 를 거치지 않은 들어온 자세). */
  readonly incomingArm: IncomingPose;
  readonly incomingLeg: IncomingPose;
  /** 쉬는 자세의 어깨·엉덩이 (월드, m): 극 공의 자리가 이 점에서 잰 것이다. */
  readonly shoulderRest: Vector3;
  readonly hipRest: Vector3;
  /** 발 목표가 오가는 두 자리 (월드, m): 바닥과 상자 위. */
  readonly footGround: Vector3;
  readonly footOnBox: Vector3;
  /** 패널의 뼈 길이 (params.upperLength·lowerLength) 를 뼈에 쓴다 (IK 전 자세로 되돌린 뒤). */
  applyLengths(): void;
}

export async function createStandInRig(params: Pick<Params, "upperLength" | "lowerLength">): Promise<StandInRig> {
  const character = await createCharacter();
  const upperArm = character.bone(BONE_NAMES.upperArm);
  const lowerArm = character.bone(BONE_NAMES.lowerArm);
  const hand = character.bone(BONE_NAMES.hand);
  const upperLeg = character.bone(BONE_NAMES.upperLeg);
  const lowerLeg = character.bone(BONE_NAMES.lowerLeg);
  const foot = character.bone(BONE_NAMES.foot);
  const armIK = new TwoBoneIK(upperArm, lowerArm, hand);
  const legIK = new TwoBoneIK(upperLeg, lowerLeg, foot);
  legIK.keepEndRotation = true; // 발바닥은 IK 전 자세의 방향 그대로 (평평하게)
  const incomingArm = new IncomingPose([upperArm, lowerArm, hand]);
  const incomingLeg = new IncomingPose([upperLeg, lowerLeg, foot]);

  const applyLengths = (): void => {
    incomingArm.apply();
    incomingLeg.apply();
    // 뼈 길이 = 자식 뼈의 position 길이. IK 는 뼈를 늘리지 않으므로 길이는 리그가 정한다.
    lowerArm.position.setLength(params.upperLength);
    hand.position.setLength(params.lowerLength);
    character.rebuildSkin?.();
  };
  applyLengths();
  character.root.updateMatrixWorld(true);

  const shoulderRest = new Vector3().setFromMatrixPosition(upperArm.matrixWorld);
  const hipRest = new Vector3().setFromMatrixPosition(upperLeg.matrixWorld);
  const footGround = new Vector3().setFromMatrixPosition(foot.matrixWorld);
  const footOnBox = footGround.clone().add(new Vector3(0, STEP_BOX_HEIGHT, STEP_BOX_FORWARD));
  return {
    character, upperArm, lowerArm, hand, upperLeg, lowerLeg, foot, armIK, legIK, incomingArm, incomingLeg,
    shoulderRest, hipRest, footGround, footOnBox, applyLengths,
  };
}
