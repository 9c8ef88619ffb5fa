// three-two-bone-ik 의 공개 진입점: 데모와 사용자 코드는 여기서만 가져온다.
export {
  solveTwoBoneIK,
  createTwoBoneIKResult,
  POLE_LINE_TOLERANCE,
  POLE_ROUNDING_ULPS,
} from "./math/solveTwoBoneIK.js";
export type { TwoBoneIKResult } from "./math/solveTwoBoneIK.js";
export type { BendLimits, SolveTwoBoneIKOptions } from "./math/bendLimits.js";
export { softenDistance } from "./math/softIK.js";
export { rotationBetweenUnitVectors } from "./math/rotationBetween.js";
export { TwoBoneIK } from "./TwoBoneIK.js";
export type { TwoBoneIKOptions, TwoBoneIKConstructorOptions, BendSource } from "./TwoBoneIK.js";
export { automaticPole, AUTO_POLE_DEFAULT_WEIGHT, AUTO_POLE_STRAIGHT, AUTO_POLE_FLIP } from "./math/autoPole.js";
export { QUATERNION_UNIT_TOLERANCE } from "./chainChecks.js";
export { UNIFORM_SCALE_TOLERANCE } from "./math/affine.js";
export { TwoBoneIKHelper } from "./TwoBoneIKHelper.js";
export type { TwoBoneIKHelperOptions } from "./TwoBoneIKHelper.js";
export { findLimbs, matchBoneName, normalizeBoneName, limbLabel, boneRoleLabel, BONE_NAME_TABLES } from "./rig/findLimbs.js";
export type {
  FindLimbsOptions,
  FindLimbsResult,
  Limb,
  LimbName,
  LimbIssue,
  LimbIssueCode,
  BoneMatch,
  GltfLike,
  HumanBoneRole,
  BoneNameTables,
  BoneNameConvention,
  BoneNamePrefix,
} from "./rig/findLimbs.js";
export { FootPlacement } from "./grounding/FootPlacement.js";
export type { FootPlacementLeg, FootPlacementOptions } from "./grounding/FootPlacement.js";
export { stepCriticalSpring, createCriticalSpringState } from "./grounding/criticalSpring.js";
export type { CriticalSpringState } from "./grounding/criticalSpring.js";
export type { GroundHit, GroundQuery } from "./grounding/groundQuery.js";
export { createHeightFieldGround, HEIGHT_FIELD_NORMAL_STEP } from "./grounding/heightFieldGround.js";
export { createRaycasterGround } from "./grounding/raycasterGround.js";
