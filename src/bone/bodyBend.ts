// 생성자의 기본 굽힘 방향을 캐릭터의 몸에서: 체인이 속한 리그 (가장 위 조상) 에서 두 위팔·두 허벅지를 이름으로 찾아
// findLimbs 와 같은 잣대 (rig/bodyAxes.ts) 로 앞을 재고, 다리는 앞·팔은 뒤 (spec/AUTO_POLE.md 의 n). 생성자만 부른다.
import { Vector3 } from "three";
import type { Object3D } from "three";
import { BODY_BONE_NAMES } from "../rig/bodyBoneNames.js";
import { measureBodyAxes } from "../rig/bodyAxes.js";
import type { ChainLinks } from "./chainLinks.js";

interface CompiledNames { readonly prefix: RegExp; readonly rank: number; readonly roles: ReadonlyMap<string, number> }

let _compiled: readonly CompiledNames[] | null = null;

function compiledNames(): readonly CompiledNames[] {
  _compiled ??= BODY_BONE_NAMES.map(([pattern, rank, names]) => ({
    prefix: new RegExp(`^(?:${pattern})`),
    rank,
    roles: new Map(names.split(" ").map((entry) => {
      const [name, role] = entry.split(":");
      return [name!, Number(role)] as const;
    })),
  }));
  return _compiled;
}

/** 이름의 역할 번호와 rank (rig/bodyBoneNames.ts), 맞지 않으면 null. findLimbs 의 matchBoneName 과 같은 정규화. */
function bodyRole(name: string): { role: number; rank: number } | null {
  const normalized = name.toLowerCase().replace(/[^a-z0-9]/g, "");
  let best: { role: number; rank: number } | null = null;
  if (normalized === "") return null;
  for (const names of compiledNames()) {
    const match = names.prefix.exec(normalized);
    const role = match === null ? undefined : names.roles.get(normalized.slice(match[0].length));
    if (role !== undefined && (best === null || names.rank < best.rank)) best = { role, rank: names.rank };
  }
  return best;
}

function isBoneCandidate(object: Object3D): boolean {
  const o = object as Object3D & { isMesh?: boolean; isLine?: boolean; isPoints?: boolean; isCamera?: boolean; isLight?: boolean };
  return !(o.isMesh || o.isLine || o.isPoints || o.isCamera || o.isLight);
}

/**
 * 리그의 두 위팔·두 허벅지 (역할 번호 순서). findLimbs 처럼 뼈 (Bone) 가 먼저, 그다음 접두어 rank 가 작은 것;
 * 그래도 후보가 여럿인 역할은 고르지 않는다 (null).
 */
function findBodyBones(root: Object3D): (Object3D | null)[] {
  const best: ({ object: Object3D; key: number; ties: number } | null)[] = [null, null, null, null];
  root.traverse((object) => {
    if (!isBoneCandidate(object)) return;
    const match = bodyRole(object.name);
    if (match === null) return;
    const key = ((object as { isBone?: boolean }).isBone === true ? 0 : 1000) + match.rank;
    const current = best[match.role];
    if (current == null || key < current.key) best[match.role] = { object, key, ties: 1 };
    else if (key === current.key) current.ties++;
  });
  return best.map((b) => (b !== null && b.ties === 1 ? b.object : null));
}

function worldPosition(object: Object3D | null): Vector3 | null {
  if (object === null) return null;
  object.updateWorldMatrix(true, false);
  return new Vector3().setFromMatrixPosition(object.matrixWorld);
}

/**
 * 체인의 기본 굽힘 방향 (월드, 단위): 다리는 캐릭터의 앞, 팔은 뒤. 팔인지 다리인지는 upper 가 찾은 네 뼈 가운데
 * 무엇인가로, 아니면 뿌리가 어깨 (위팔들의 가운데) 와 엉덩이 (허벅지들의 가운데) 가운데 어디에 가까운가로 정한다.
 * 몸의 축을 잴 수 없으면 (팔 하나와 다리 하나, 좌우 한 쌍이 없으면) null.
 */
export function measureBendFromBody(links: ChainLinks): Vector3 | null {
  let root: Object3D = links.upper;
  while (root.parent !== null) root = root.parent;
  const bones = findBodyBones(root);
  const positions = bones.map(worldPosition) as [Vector3 | null, Vector3 | null, Vector3 | null, Vector3 | null];
  const axes = measureBodyAxes(positions, null, null);
  if (axes === null) return null;
  let isLeg: boolean;
  const role = bones.indexOf(links.upper);
  if (role >= 0) isLeg = role >= 2;
  else {
    const chainRoot = worldPosition(links.upper)!;
    const nearest = (a: Vector3 | null, b: Vector3 | null) => Math.min(a?.distanceTo(chainRoot) ?? Infinity, b?.distanceTo(chainRoot) ?? Infinity);
    isLeg = nearest(positions[2], positions[3]) < nearest(positions[0], positions[1]);
  }
  return isLeg ? axes.forward.clone() : axes.forward.clone().negate();
}
