import { PropertyBinding, Vector3 } from "three";
import type { Object3D } from "three";
import { BONE_NAME_TABLES } from "./boneNames.js";
import type { BoneNameTables, HumanBoneRole } from "./boneNames.js";
import { measureBodyAxes } from "./bodyAxes.js";

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

const LIMB_LABELS: Record<LimbName, string> = { leftArm: "왼팔", rightArm: "오른팔", leftLeg: "왼다리", rightLeg: "오른다리" };
const ROLE_LABELS: Record<HumanBoneRole, string> = {
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

/**
 * 이름 비교용 정규화: 소문자로 바꾸고 a-z·0-9 만 남긴다 (구분자 : _ . - 공백, 대소문자를 무시한다).
 *
 * @param name 뼈 이름.
 * @returns 정규화한 이름 (예: "mixamorig:LeftArm" → "mixamorigleftarm").
 */
export function normalizeBoneName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

interface CompiledConvention {
  readonly id: string;
  readonly prefixes: readonly { regex: RegExp; rank: number }[];
  readonly lookup: ReadonlyMap<string, HumanBoneRole>;
}

const _compiled = new WeakMap<BoneNameTables, readonly CompiledConvention[]>();

function compile(tables: BoneNameTables): readonly CompiledConvention[] {
  let compiled = _compiled.get(tables);
  if (compiled !== undefined) return compiled;
  compiled = tables.conventions.map((convention) => {
    const lookup = new Map<string, HumanBoneRole>();
    for (const role of tables.roles) {
      for (const name of convention.bones[role] ?? []) lookup.set(name, role);
    }
    return {
      id: convention.id,
      prefixes: convention.prefixes.map((prefix) => ({ regex: new RegExp(`^(?:${prefix.pattern})`), rank: prefix.rank })),
      lookup,
    };
  });
  _compiled.set(tables, compiled);
  return compiled;
}

/**
 * 이름 하나가 이름 표의 어느 역할인지 (여러 규칙이 같은 역할을 말할 수 있다). 이름을 정규화한 뒤
 * 각 규칙의 접두어 + 표의 이름과 정확히 같은지 본다.
 *
 * @param name 뼈 이름 (정규화하기 전).
 * @param tables 이름 표. 기본은 {@link BONE_NAME_TABLES}.
 * @returns 맞은 역할마다 하나: role, 맞은 접두어 가운데 가장 작은 rank, 맞은 규칙 id 들. 맞는 것이 없으면 빈 배열.
 */
export function matchBoneName(
  name: string,
  tables: BoneNameTables = BONE_NAME_TABLES,
): { role: HumanBoneRole; rank: number; conventions: string[] }[] {
  const normalized = normalizeBoneName(name);
  const found = new Map<HumanBoneRole, { role: HumanBoneRole; rank: number; conventions: string[] }>();
  if (normalized === "") return [];
  for (const convention of compile(tables)) {
    for (const prefix of convention.prefixes) {
      const match = prefix.regex.exec(normalized);
      if (match === null) continue;
      const role = convention.lookup.get(normalized.slice(match[0].length));
      if (role === undefined) continue;
      const entry = found.get(role);
      if (entry === undefined) found.set(role, { role, rank: prefix.rank, conventions: [convention.id] });
      else {
        entry.rank = Math.min(entry.rank, prefix.rank);
        if (!entry.conventions.includes(convention.id)) entry.conventions.push(convention.id);
      }
    }
  }
  return [...found.values()];
}

/** 메시·카메라·빛은 뼈 후보가 아니다 (같은 이름의 장식 메시가 손으로 뽑히지 않게). */
function isBoneCandidate(object: Object3D): boolean {
  const o = object as Object3D & { isMesh?: boolean; isLine?: boolean; isPoints?: boolean; isCamera?: boolean; isLight?: boolean };
  return !(o.isMesh || o.isLine || o.isPoints || o.isCamera || o.isLight);
}

function isBone(object: Object3D): boolean {
  return (object as Object3D & { isBone?: boolean }).isBone === true;
}

function isDescendant(object: Object3D, ancestor: Object3D): boolean {
  for (let node = object.parent; node !== null; node = node.parent) if (node === ancestor) return true;
  return false;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** VRM 휴머노이드 맵: 역할 → 노드 번호 (VRM 1.0 우선, 없으면 0.x). */
function readVrmHumanoid(json: unknown): { source: "vrm1" | "vrm0"; nodes: Map<string, number> } | null {
  if (!isRecord(json) || !isRecord(json.extensions)) return null;
  const vrm1 = json.extensions.VRMC_vrm;
  if (isRecord(vrm1) && isRecord(vrm1.humanoid) && isRecord(vrm1.humanoid.humanBones)) {
    const nodes = new Map<string, number>();
    for (const [role, entry] of Object.entries(vrm1.humanoid.humanBones)) {
      if (isRecord(entry) && typeof entry.node === "number") nodes.set(role, entry.node);
    }
    return { source: "vrm1", nodes };
  }
  const vrm0 = json.extensions.VRM;
  if (isRecord(vrm0) && isRecord(vrm0.humanoid) && Array.isArray(vrm0.humanoid.humanBones)) {
    const nodes = new Map<string, number>();
    for (const entry of vrm0.humanoid.humanBones as unknown[]) {
      if (isRecord(entry) && typeof entry.bone === "string" && typeof entry.node === "number") nodes.set(entry.bone, entry.node);
    }
    return { source: "vrm0", nodes };
  }
  return null;
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
  const bones: { [role in HumanBoneRole]?: BoneMatch } = {};

  const objects: Object3D[] = [];
  root.traverse((object) => {
    if (isBoneCandidate(object)) objects.push(object);
  });

  // 1. 사용자가 준 이름 맵. 그 이름이 없으면 다른 규칙으로 대신 찾지 않는다 (사용자의 뜻을 몰래 바꾸지 않게).
  const claimed = new Set<HumanBoneRole>();
  for (const [role, name] of Object.entries(options.names ?? {}) as [HumanBoneRole, string][]) {
    claimed.add(role);
    const sanitized = PropertyBinding.sanitizeNodeName(name);
    const hits = objects.filter((object) => object.name === name || object.name === sanitized);
    if (hits.length === 1) bones[role] = { bone: hits[0]!, source: "names" };
    else if (hits.length === 0) {
      issues.push({ code: "name-map", limb: null, role, bones: [name], message: `이름 맵의 ${ROLE_LABELS[role]} "${name}" 인 뼈가 없습니다` });
    } else {
      issues.push({ code: "ambiguous", limb: null, role, bones: [name], message: `이름 맵의 ${ROLE_LABELS[role]} "${name}" 인 뼈가 ${hits.length}개라 고르지 않았습니다` });
    }
  }

  // 2. VRM 휴머노이드 맵 (노드 번호 → GLTFLoader 가 만든 Object3D).
  let facesMinusZ = false;
  const vrm = options.gltf !== undefined ? readVrmHumanoid(options.gltf.parser.json) : null;
  if (vrm !== null && options.gltf !== undefined) {
    facesMinusZ = vrm.source === "vrm0"; // VRM 0.x 는 −Z 를 보고 만든다
    const byNode = new Map<number, Object3D>();
    for (const [object, reference] of options.gltf.parser.associations) {
      if (isRecord(object) && (object as unknown as Object3D).isObject3D && reference?.nodes !== undefined) {
        byNode.set(reference.nodes, object as unknown as Object3D);
      }
    }
    for (const role of tables.roles) {
      if (claimed.has(role)) continue;
      const node = vrm.nodes.get(role);
      if (node === undefined) continue;
      const object = byNode.get(node);
      if (object !== undefined && isDescendant(object, root)) bones[role] = { bone: object, source: vrm.source };
      else {
        issues.push({ code: "vrm", limb: null, role, bones: [String(node)], message: `VRM 휴머노이드 맵의 ${ROLE_LABELS[role]} (노드 ${node}) 가 모델 안에 없습니다` });
      }
    }
  }

  // 3. 이름 표.
  const candidates = new Map<HumanBoneRole, { object: Object3D; rank: number; conventions: string[] }[]>();
  for (const object of objects) {
    for (const match of matchBoneName(object.name, tables)) {
      let list = candidates.get(match.role);
      if (list === undefined) candidates.set(match.role, (list = []));
      list.push({ object, rank: match.rank, conventions: match.conventions });
    }
  }
  for (const role of tables.roles) {
    if (claimed.has(role) || bones[role] !== undefined) continue;
    const list = candidates.get(role);
    if (list === undefined) continue;
    // 뼈(Bone)가 먼저, 그다음 접두어 rank.
    const key = (c: { object: Object3D; rank: number }) => (isBone(c.object) ? 0 : 1000) + c.rank;
    const best = Math.min(...list.map(key));
    const top = list.filter((c) => key(c) === best);
    if (top.length === 1) bones[role] = { bone: top[0]!.object, source: top[0]!.conventions[0]! };
    else {
      const names = top.map((c) => c.object.name);
      issues.push({
        code: "ambiguous", limb: null, role, bones: names,
        message: `${ROLE_LABELS[role]}: 후보가 여럿이라 고르지 않았습니다 (${names.map((n) => `"${n}"`).join(", ")}). options.names 로 정해 주세요`,
      });
    }
  }

  // 4. 방향: 지금 자세의 월드 위치에서.
  root.updateWorldMatrix(true, true);
  const position = (role: HumanBoneRole): Vector3 | null => {
    const match = bones[role];
    return match === undefined ? null : new Vector3().setFromMatrixPosition(match.bone.matrixWorld);
  };
  const mean = (points: (Vector3 | null)[]): Vector3 | null => {
    const present = points.filter((p): p is Vector3 => p !== null);
    if (present.length === 0) return null;
    return present.reduce((sum, p) => sum.add(p), new Vector3()).divideScalar(present.length);
  };
  const rootAxis = (x: number, y: number, z: number) => new Vector3(x, y, z).transformDirection(root.matrixWorld);
  const conventionForward = rootAxis(0, 0, facesMinusZ ? -1 : 1);
  const { up, left, forward } = measureBodyAxes(
    [position("leftUpperArm"), position("rightUpperArm"), position("leftUpperLeg"), position("rightUpperLeg")],
    rootAxis(0, 1, 0), conventionForward,
  )!;

  // 5. 좌우 확인 (이름과 따로): 발가락이 있으면 발 → 발가락이 앞, 없으면 glTF 관례.
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

  // 6. 사슬.
  const result: Record<LimbName, Limb | null> = { leftArm: null, rightArm: null, leftLeg: null, rightLeg: null };
  for (const limb of LIMBS) {
    const [upper, mid, end] = limb.roles.map((role) => bones[role]?.bone);
    const missing = limb.roles.filter((role) => bones[role] === undefined);
    if (upper === undefined || mid === undefined || end === undefined) {
      for (const role of missing) {
        if (issues.some((issue) => issue.role === role)) continue; // 모호함 등으로 이미 말했다
        issues.push({ code: "missing", limb: limb.name, role, bones: [], message: `${LIMB_LABELS[limb.name]}: ${ROLE_LABELS[role]} 뼈를 찾지 못했습니다` });
      }
      continue;
    }
    if (!isDescendant(mid, upper) || !isDescendant(end, mid)) {
      const [parent, child] = isDescendant(mid, upper) ? [mid, end] : [upper, mid];
      issues.push({
        code: "not-descendant", limb: limb.name, role: null, bones: [upper.name, mid.name, end.name],
        message: `${LIMB_LABELS[limb.name]}: "${child.name}" 가 "${parent.name}" 의 자손이 아니라 한 사슬이 아닙니다`,
      });
      continue;
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
    result[limb.name] = { name: limb.name, side: limb.side, kind: limb.kind, upper, mid, end, bendDirection };
  }

  return {
    ...result,
    limbs: LIMBS.map((limb) => result[limb.name]).filter((limb): limb is Limb => limb !== null),
    bones, up, left, forward, sideCheck, issues,
  };
}
