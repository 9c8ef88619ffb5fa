// findLimbs 의 1–3 단계: 역할마다 뼈를 고른다 (이름 맵 → VRM 휴머노이드 맵 → 이름 표). 고른 것은 bones 에, 문제는 issues 에.
import type { Object3D } from "three";
import { PropertyBinding } from "three";
import { BONE_NAME_TABLES } from "./boneNames.js";
import type { BoneNameTables, HumanBoneRole } from "./boneNames.js";
import type { BoneMatch, GltfLike, LimbIssue } from "./findLimbs.js";
import { ROLE_LABELS } from "./limbLabels.js";

/** 역할 → 고른 뼈 (단계마다 채운다). */
export type BoneMatches = { [role in HumanBoneRole]?: BoneMatch };

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

export function isBone(object: Object3D): boolean {
  return (object as Object3D & { isBone?: boolean }).isBone === true;
}

export function isDescendant(object: Object3D, ancestor: Object3D): boolean {
  for (let node = object.parent; node !== null; node = node.parent) if (node === ancestor) return true;
  return false;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
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


/** 1. 사용자가 준 이름 맵. 그 이름이 없으면 다른 규칙으로 대신 찾지 않는다 (사용자의 뜻을 몰래 바꾸지 않게). 맵이 정한 역할들을 돌려준다. */
export function matchNameMap(
  objects: readonly Object3D[], names: { readonly [role in HumanBoneRole]?: string } | undefined, bones: BoneMatches, issues: LimbIssue[],
): Set<HumanBoneRole> {
  const claimed = new Set<HumanBoneRole>();
  for (const [role, name] of Object.entries(names ?? {}) as [HumanBoneRole, string][]) {
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

  return claimed;
}

/** 2. VRM 휴머노이드 맵 (노드 번호 → GLTFLoader 가 만든 Object3D). 캐릭터가 −Z 를 보고 만들어졌는가 (VRM 0.x) 를 돌려준다. */
export function matchVrmHumanoid(
  root: Object3D, gltf: GltfLike | undefined, tables: BoneNameTables, claimed: ReadonlySet<HumanBoneRole>, bones: BoneMatches,
  issues: LimbIssue[],
): boolean {
  let facesMinusZ = false;
  const vrm = gltf !== undefined ? readVrmHumanoid(gltf.parser.json) : null;
  if (vrm !== null && gltf !== undefined) {
    facesMinusZ = vrm.source === "vrm0"; // VRM 0.x 는 −Z 를 보고 만든다
    const byNode = new Map<number, Object3D>();
    for (const [object, reference] of gltf.parser.associations) {
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

  return facesMinusZ;
}

/** 3. 이름 표: 아직 고르지 않은 역할마다 뼈(Bone)가 먼저, 그다음 접두어 rank. 여럿이 남으면 고르지 않고 "ambiguous". */
export function matchNameTable(
  objects: readonly Object3D[], tables: BoneNameTables, claimed: ReadonlySet<HumanBoneRole>, bones: BoneMatches, issues: LimbIssue[],
): void {
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
}
