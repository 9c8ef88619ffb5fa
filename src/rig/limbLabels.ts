// 팔다리·뼈 역할의 한국어 이름 (보고 메시지와 화면).
import type { HumanBoneRole } from "./boneNames.js";
import type { LimbName } from "./findLimbs.js";

export const LIMB_LABELS: Record<LimbName, string> = { leftArm: "왼팔", rightArm: "오른팔", leftLeg: "왼다리", rightLeg: "오른다리" };
export const ROLE_LABELS: Record<HumanBoneRole, string> = {
  leftUpperArm: "왼 위팔", leftLowerArm: "왼 아래팔", leftHand: "왼손",
  leftUpperLeg: "왼 허벅지", leftLowerLeg: "왼 정강이", leftFoot: "왼발", leftToes: "왼 발가락",
  rightUpperArm: "오른 위팔", rightLowerArm: "오른 아래팔", rightHand: "오른손",
  rightUpperLeg: "오른 허벅지", rightLowerLeg: "오른 정강이", rightFoot: "오른발", rightToes: "오른 발가락",
};

/**
 * 팔다리의 한국어 이름 (화면에 보여 줄 때).
 *
 * @param name 팔다리.
 * @returns "왼팔", "오른팔", "왼다리", "오른다리" 중 하나.
 */
export function limbLabel(name: LimbName): string {
  return LIMB_LABELS[name];
}

/**
 * 뼈 역할의 한국어 이름 (화면에 보여 줄 때).
 *
 * @param role 뼈 역할.
 * @returns "왼 위팔", "오른발" 같은 이름.
 */
export function boneRoleLabel(role: HumanBoneRole): string {
  return ROLE_LABELS[role];
}
