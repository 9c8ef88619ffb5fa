import { Vector3 } from "three";
import type { Object3D } from "three";
import { BONE_NAME_TABLES } from "./boneNames.js";
import type { BoneNameTables, HumanBoneRole } from "./boneNames.js";
import { measureBodyAxes } from "./bodyAxes.js";
import { isDescendant, isRecord, matchNameMap, matchNameTable, matchVrmHumanoid } from "./boneMatching.js";
import type { BoneMatches } from "./boneMatching.js";
import { LIMB_LABELS, ROLE_LABELS } from "./limbLabels.js";

export { matchBoneName, normalizeBoneName } from "./boneMatching.js";
export { boneRoleLabel, limbLabel } from "./limbLabels.js";

export type { BoneNameConvention, BoneNamePrefix, BoneNameTables, HumanBoneRole } from "./boneNames.js";
export { BONE_NAME_TABLES } from "./boneNames.js";

/** 네 팔다리의 이름. */
export type LimbName = "leftArm" | "rightArm" | "leftLeg" | "rightLeg";

/** 찾은 팔다리 하나: 바로 new TwoBoneIK(upper, mid, end, { bendDirection }) 에 넘길 수 있다. */
export interface Limb {
  /** 어느 팔다리인가. */
  readonly name: LimbName;
  /** 캐릭터의 왼쪽·오른쪽 (이름이 말하는 쪽). */
  readonly side: "left" | "right";
  /** 팔 (위팔 → 아래팔 → 손) 인지 다리 (허벅지 → 정강이 → 발) 인지. */
  readonly kind: "arm" | "leg";
  /** 위팔·허벅지. */
  readonly upper: Object3D;
  /** 아래팔·정강이 (upper 의 자손: 사이에 비틀림 뼈가 있을 수 있다). */
  readonly mid: Object3D;
  /** 손·발 (mid 의 자손). */
  readonly end: Object3D;
  /**
   * 곧은 팔다리가 굽을 기본 방향 (월드, 단위 벡터): 다리는 캐릭터의 앞, 팔은 뒤.
   * spec/AUTO_POLE.md 의 n. findLimbs 를 부른 때의 자세에서 잰다.
   */
  readonly bendDirection: Vector3;
}

/**
 * 보고의 종류: "missing" 역할에 맞는 뼈가 없다, "ambiguous" 후보가 여럿이라 고르지 않았다,
 * "not-descendant" 찾은 세 뼈가 한 사슬이 아니다, "side-mismatch" 이름의 왼쪽·오른쪽이 뼈의 자리와 반대다
 * (팔다리는 그래도 돌려준다), "name-map" options.names 의 이름을 찾지 못했다, "vrm" VRM 휴머노이드 맵의 노드를
 * 찾지 못했다.
 */
export type LimbIssueCode =
  | "missing" // 역할에 맞는 뼈가 없다
  | "ambiguous" // 후보가 여럿이라 고르지 않았다
  | "not-descendant" // 찾은 세 뼈가 한 사슬이 아니다
  | "side-mismatch" // 이름의 왼쪽·오른쪽이 뼈의 자리와 반대다
  | "name-map" // 사용자가 준 이름 맵의 이름을 찾지 못했다
  | "vrm"; // VRM 휴머노이드 맵의 노드를 찾지 못했다

/** 찾지 못했거나 의심스러운 것 하나 (message 는 한국어 설명). */
export interface LimbIssue {
  /** 무슨 문제인가 ({@link LimbIssueCode}). */
  readonly code: LimbIssueCode;
  /** 관련된 팔다리 (한 팔다리의 일이 아니면 null). */
  readonly limb: LimbName | null;
  /** 관련된 뼈 역할 (한 역할의 일이 아니면 null). */
  readonly role: HumanBoneRole | null;
  /** 관련된 뼈 이름들 (모호할 때의 후보 등). */
  readonly bones: readonly string[];
  /** 사람이 읽는 한국어 설명 (화면에 그대로 보여 줄 수 있다). */
  readonly message: string;
}

/** 한 역할에 고른 뼈와 그 출처 ("names" = 이름 맵, "vrm1"/"vrm0" = VRM 휴머노이드 맵, 그 밖은 이름 규칙 id). */
export interface BoneMatch {
  /** 고른 뼈. */
  readonly bone: Object3D;
  /** 고른 근거: "names", "vrm1", "vrm0" 또는 이름 규칙의 id ({@link BoneNameConvention.id}). */
  readonly source: string;
}

/** {@link findLimbs} 의 결과: 찾은 팔다리, 역할마다 고른 뼈, 캐릭터의 방향, 그리고 문제 보고. */
export interface FindLimbsResult {
  /** 왼팔 (찾지 못했으면 null: 까닭은 issues 에). */
  readonly leftArm: Limb | null;
  /** 오른팔 (찾지 못했으면 null). */
  readonly rightArm: Limb | null;
  /** 왼다리 (찾지 못했으면 null). */
  readonly leftLeg: Limb | null;
  /** 오른다리 (찾지 못했으면 null). */
  readonly rightLeg: Limb | null;
  /** 찾은 팔다리들 (왼팔, 오른팔, 왼다리, 오른다리 순). */
  readonly limbs: readonly Limb[];
  /** 역할마다 고른 뼈 (발가락 포함). */
  readonly bones: { readonly [role in HumanBoneRole]?: BoneMatch };
  /** 캐릭터의 위 (월드, 단위 벡터): 두 허벅지의 가운데에서 두 위팔의 가운데 쪽. */
  readonly up: Vector3;
  /** 캐릭터의 왼쪽 (월드, 단위 벡터, up 에 수직). */
  readonly left: Vector3;
  /** 캐릭터의 앞 (월드, 단위 벡터, 오른손 좌표: forward = left × up). */
  readonly forward: Vector3;
  /**
   * 왼쪽·오른쪽을 확인한 기준: 발끝 방향 ("toes") 또는 glTF 관례 ("convention": +Z 를 본다, VRM 0.x 는 −Z).
   * "none" 이면 확인하지 못했다 (팔다리 뿌리를 하나도 찾지 못했거나 기준 방향이 up 과 나란하다).
   */
  readonly sideCheck: "toes" | "convention" | "none";
  /** 찾지 못했거나 의심스러운 것들 (없으면 빈 배열). */
  readonly issues: readonly LimbIssue[];
}

/** GLTFLoader 의 결과 (gltf) 에서 쓰는 부분: 원본 JSON 과 노드 번호 ↔ Object3D. */
export interface GltfLike {
  /** GLTFLoader 의 GLTFParser 가운데 쓰는 부분. */
  readonly parser: {
    /** 원본 glTF JSON (extensions.VRMC_vrm·extensions.VRM 의 휴머노이드 맵을 읽는다). */
    readonly json: unknown;
    /** Object3D → { nodes: glTF 노드 번호 } (GLTFParser.associations). */
    readonly associations: ReadonlyMap<unknown, { nodes?: number | undefined } | undefined>;
  };
}

/** {@link findLimbs} 의 설정. 모두 생략할 수 있다. */
export interface FindLimbsOptions {
  /** 역할 → 뼈 이름. 다른 모든 규칙보다 먼저 쓴다 (three 가 다듬은 이름·원래 이름 둘 다 된다). */
  readonly names?: { readonly [role in HumanBoneRole]?: string };
  /** GLTFLoader 의 결과. VRM 1.0 (VRMC_vrm) · VRM 0.x (VRM) 휴머노이드 맵을 이름 표보다 먼저 쓴다. */
  readonly gltf?: GltfLike;
  /** 이름 표 (기본: spec/bone_names.json). */
  readonly tables?: BoneNameTables;
}

const LIMBS: readonly { name: LimbName; side: "left" | "right"; kind: "arm" | "leg"; roles: readonly [HumanBoneRole, HumanBoneRole, HumanBoneRole] }[] = [
  { name: "leftArm", side: "left", kind: "arm", roles: ["leftUpperArm", "leftLowerArm", "leftHand"] },
  { name: "rightArm", side: "right", kind: "arm", roles: ["rightUpperArm", "rightLowerArm", "rightHand"] },
  { name: "leftLeg", side: "left", kind: "leg", roles: ["leftUpperLeg", "leftLowerLeg", "leftFoot"] },
  { name: "rightLeg", side: "right", kind: "leg", roles: ["rightUpperLeg", "rightLowerLeg", "rightFoot"] },
];

/** 메시·카메라·빛은 뼈 후보가 아니다 (같은 이름의 장식 메시가 손으로 뽑히지 않게). */
function isBoneCandidate(object: Object3D): boolean {
  const o = object as Object3D & { isMesh?: boolean; isLine?: boolean; isPoints?: boolean; isCamera?: boolean; isLight?: boolean };
  return !(o.isMesh || o.isLine || o.isPoints || o.isCamera || o.isLight);
}

function validateOptions(root: unknown, options: FindLimbsOptions, tables: BoneNameTables): void {
  if (root === null || typeof root !== "object" || !(root as Object3D).isObject3D) {
    throw new RangeError(`findLimbs: root 는 Object3D 여야 합니다 (받은 값: ${String(root)})`);
  }
  if (options.names !== undefined) {
    if (!isRecord(options.names)) throw new RangeError(`findLimbs: options.names 는 객체여야 합니다 (받은 값: ${String(options.names)})`);
    for (const [role, name] of Object.entries(options.names)) {
      if (!(tables.roles as readonly string[]).includes(role)) {
        throw new RangeError(`findLimbs: options.names 의 역할 "${role}" 을 모릅니다 (아는 역할: ${tables.roles.join(", ")})`);
      }
      if (typeof name !== "string" || name === "") {
        throw new RangeError(`findLimbs: options.names.${role} 는 빈 문자열이 아닌 뼈 이름이어야 합니다 (받은 값: ${String(name)})`);
      }
    }
  }
  const gltf = options.gltf;
  if (gltf !== undefined && !(isRecord(gltf) && isRecord(gltf.parser) && gltf.parser.associations instanceof Map)) {
    throw new RangeError(`findLimbs: options.gltf 는 GLTFLoader 의 결과(gltf.parser.json·associations)여야 합니다 (받은 값: ${String(gltf)})`);
  }
}

/** 5 단계의 기준: 좌우를 잴 왼쪽 방향, 팔다리 뿌리의 가운데, 그 기준 ({@link FindLimbsResult.sideCheck}). */
interface SideReference {
  readonly referenceLeft: Vector3;
  readonly center: Vector3 | null;
  readonly sideCheck: FindLimbsResult["sideCheck"];
}

type Position = (role: HumanBoneRole) => Vector3 | null;

/** 있는 점들의 평균 (하나도 없으면 null). */
function mean(points: (Vector3 | null)[]): Vector3 | null {
  const present = points.filter((p): p is Vector3 => p !== null);
  if (present.length === 0) return null;
  return present.reduce((sum, p) => sum.add(p), new Vector3()).divideScalar(present.length);
}

/** 5. 좌우 확인의 기준 (이름과 따로): 발가락이 있으면 발 → 발가락이 앞, 없으면 glTF 관례. */
function referenceSides(position: Position, up: Vector3, conventionForward: Vector3): SideReference {
  const toesForward = new Vector3();
  for (const side of ["left", "right"] as const) {
    const foot = position(`${side}Foot`), toes = position(`${side}Toes`);
    if (foot !== null && toes !== null) toesForward.add(toes.sub(foot));
  }
  toesForward.addScaledVector(up, -toesForward.dot(up));
  let sideCheck: FindLimbsResult["sideCheck"] = "toes";
  let referenceForward = toesForward;
  if (!(toesForward.lengthSq() > 0)) {
    referenceForward = conventionForward.clone().addScaledVector(up, -conventionForward.dot(up));
    sideCheck = "convention";
  }
  const referenceLeft = new Vector3().crossVectors(up, referenceForward);
  const center = mean(LIMBS.map((limb) => position(limb.roles[0])));
  if (!(referenceLeft.lengthSq() > 0) || center === null) sideCheck = "none";

  return { referenceLeft, center, sideCheck };
}

/** 6. 한 팔다리의 사슬: 세 뼈가 있고 한 사슬이며 (아니면 issues 에), 이름의 좌우가 자리와 맞는지 본다 (반대여도 돌려준다). */
function chainLimb(
  limb: (typeof LIMBS)[number], bones: BoneMatches, position: Position, sides: SideReference, forward: Vector3, issues: LimbIssue[],
): Limb | null {
  const { referenceLeft, center, sideCheck } = sides;
  const [upper, mid, end] = limb.roles.map((role) => bones[role]?.bone);
  const missing = limb.roles.filter((role) => bones[role] === undefined);
  if (upper === undefined || mid === undefined || end === undefined) {
    for (const role of missing) {
      if (issues.some((issue) => issue.role === role)) continue; // 모호함 등으로 이미 말했다
      issues.push({ code: "missing", limb: limb.name, role, bones: [], message: `${LIMB_LABELS[limb.name]}: ${ROLE_LABELS[role]} 뼈를 찾지 못했습니다` });
    }
    return null;
  }
  if (!isDescendant(mid, upper) || !isDescendant(end, mid)) {
    const [parent, child] = isDescendant(mid, upper) ? [mid, end] : [upper, mid];
    issues.push({
      code: "not-descendant", limb: limb.name, role: null, bones: [upper.name, mid.name, end.name],
      message: `${LIMB_LABELS[limb.name]}: "${child.name}" 가 "${parent.name}" 의 자손이 아니라 한 사슬이 아닙니다`,
    });
    return null;
  }
  if (sideCheck !== "none" && center !== null) {
    const lateral = position(limb.roles[0])!.sub(center).dot(referenceLeft);
    if (limb.side === "left" ? lateral < 0 : lateral > 0) {
      const other = limb.side === "left" ? "오른쪽" : "왼쪽";
      issues.push({
        code: "side-mismatch", limb: limb.name, role: limb.roles[0], bones: [upper.name],
        message: `${LIMB_LABELS[limb.name]}: 이름은 ${limb.side === "left" ? "왼쪽" : "오른쪽"}인데 "${upper.name}" 은 캐릭터의 ${other}에 있습니다`,
      });
    }
  }
  const bendDirection = limb.kind === "leg" ? forward.clone() : forward.clone().negate();
  return { name: limb.name, side: limb.side, kind: limb.kind, upper, mid, end, bendDirection };
}

/**
 * 사람 모양 리그에서 네 팔다리(왼팔·오른팔: 위팔 → 아래팔 → 손, 왼다리·오른다리: 허벅지 → 정강이 → 발)를 찾는다.
 *
 * 뼈를 고르는 순서: options.names (이름 맵) → options.gltf 의 VRM 휴머노이드 맵 (VRM 1.0 `VRMC_vrm`, VRM 0.x `VRM`)
 * → 이름 표 (spec/bone_names.json: Mixamo, Unreal, Rigify, 일반 이름; 대소문자·구분자 무시).
 * 한 역할에 후보가 여럿이면 뼈(Bone)를, 그다음 접두어 rank 가 작은 것(Rigify 는 DEF-)을 고르고, 그래도 여럿이면
 * 고르지 않고 issues 에 "ambiguous" 로 남긴다. 못 찾은 것·사슬이 아닌 것·이름과 자리의 좌우가 반대인 것도 issues 에.
 *
 * 방향 (지금 자세의 월드 위치에서): up = 두 위팔의 가운데 − 두 허벅지의 가운데, left = 왼 허벅지 − 오른 허벅지
 * (없으면 두 위팔; up 에 수직으로), forward = left × up. glTF 관례로 +Z 를 보는 캐릭터는 왼쪽이 +X 다.
 * 좌우 확인은 이름과 따로: 발 → 발가락 방향을 앞으로 보거나, 발가락이 없으면 glTF 관례(VRM 0.x 는 −Z 를 본다)로.
 *
 * 모델을 바꾸지 않는다 (월드 행렬만 갱신한다). 찾지 못해도 던지지 않는다: 결과의 issues 를 본다.
 *
 * @param root 캐릭터의 뿌리 (예: gltf.scene). 그 아래를 모두 훑는다 (메시·카메라·빛은 뼈 후보가 아니다).
 * @param options 이름 맵, glTF (VRM), 이름 표 ({@link FindLimbsOptions}).
 * @returns 찾은 팔다리와 보고 ({@link FindLimbsResult}). 방향과 bendDirection 은 월드 공간.
 * @throws RangeError 인자 이름과 받은 값을 담아: Object3D 가 아닌 root, 객체가 아닌 options.names, 표가 모르는 역할이나
 *   빈 문자열·문자열이 아닌 이름이 있는 options.names, GLTFLoader 의 결과 모양이 아닌 options.gltf.
 */
export function findLimbs(root: Object3D, options: FindLimbsOptions = {}): FindLimbsResult {
  const tables = options.tables ?? BONE_NAME_TABLES;
  validateOptions(root, options, tables);
  const issues: LimbIssue[] = [];
  const bones: BoneMatches = {};

  const objects: Object3D[] = [];
  root.traverse((object) => {
    if (isBoneCandidate(object)) objects.push(object);
  });

  // 1–3. 역할마다 뼈를 고른다: 이름 맵 → VRM 휴머노이드 맵 → 이름 표 (boneMatching.ts).
  const claimed = matchNameMap(objects, options.names, bones, issues);
  const facesMinusZ = matchVrmHumanoid(root, options.gltf, tables, claimed, bones, issues);
  matchNameTable(objects, tables, claimed, bones, issues);

  // 4. 방향: 지금 자세의 월드 위치에서.
  root.updateWorldMatrix(true, true);
  const position = (role: HumanBoneRole): Vector3 | null => {
    const match = bones[role];
    return match === undefined ? null : new Vector3().setFromMatrixPosition(match.bone.matrixWorld);
  };
  const rootAxis = (x: number, y: number, z: number) => new Vector3(x, y, z).transformDirection(root.matrixWorld);
  const conventionForward = rootAxis(0, 0, facesMinusZ ? -1 : 1);
  const { up, left, forward } = measureBodyAxes(
    [position("leftUpperArm"), position("rightUpperArm"), position("leftUpperLeg"), position("rightUpperLeg")],
    rootAxis(0, 1, 0), conventionForward,
  )!;

  // 5. 좌우 확인 (이름과 따로).
  const sides = referenceSides(position, up, conventionForward);
  // 6. 사슬.
  const result: Record<LimbName, Limb | null> = { leftArm: null, rightArm: null, leftLeg: null, rightLeg: null };
  for (const limb of LIMBS) result[limb.name] = chainLimb(limb, bones, position, sides, forward, issues);

  return {
    ...result,
    limbs: LIMBS.map((limb) => result[limb.name]).filter((limb): limb is Limb => limb !== null),
    bones, up, left, forward, sideCheck: sides.sideCheck, issues,
  };
}
