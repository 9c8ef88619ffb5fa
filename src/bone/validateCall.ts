// 1 단계 — 검사: solve() 의 인자와 체인 상태를 뼈·out 에 쓰기 전에 모두 확인한다. 점·설정은 한 번만 읽어 f 에 둔다.
import type { Object3D, Vector3, Vector3Like } from "three";
import { assertFinitePoint } from "../math/validation.js";
import { isGoodBone, isWritableResult, throwBadBone, throwBadResult, throwNotBoolean, throwNotObject, throwNotUnitInterval } from "../chainChecks.js";
import type { TwoBoneIKResult } from "../math/solveTwoBoneIK.js";
import type { ChainLinks } from "./chainLinks.js";
import type { SolveFrame } from "./solveFrame.js";

/** solve() 한 번에만 적용할 설정 (TwoBoneIK.ts 의 TwoBoneIKOptions 와 같은 모양). */
interface CallOptions {
  weight?: number;
  soft?: number;
  keepEndRotation?: boolean;
}

/** 인스턴스가 주는 기본값. */
interface InstanceSettings {
  readonly weight: number;
  readonly soft: number;
  readonly keepEndRotation: boolean;
  readonly updateAncestors: boolean;
}

export const SOLVE = "TwoBoneIK.solve";

/** 점 인자를 한 번만 읽어 검사하고 out 에 복사한다 (getter 가 있는 점도 성분마다 한 번만 부른다). */
export function readPoint(out: Vector3, point: Readonly<Vector3Like>, name: string): void {
  if (point === null || typeof point !== "object") assertFinitePoint(SOLVE, name, point);
  const x = point.x, y = point.y, z = point.z;
  if (!(typeof x === "number" && typeof y === "number" && typeof z === "number"
    && Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z))) {
    assertFinitePoint(SOLVE, name, { x, y, z });
  }
  out.x = x; out.y = y; out.z = z;
}

/**
 * 설정을 검사해 f.settings 에 모으고 keepEndRotation 을 돌려준다. 수는 출처마다 따로 검사해 바로 필드에 쓴다
 * (docs/PERFORMANCE.md §3).
 */
function readSettings(ik: InstanceSettings, options: CallOptions | undefined, f: SolveFrame): boolean {
  const settings = f.settings;
  let hasWeight = false, hasSoft = false;
  let keepEnd: unknown = ik.keepEndRotation, keepName = "keepEndRotation";
  if (options !== undefined) {
    if (options === null || typeof options !== "object") throwNotObject(SOLVE, "options", options);
    const weight = options.weight;
    if (weight !== undefined) {
      if (typeof weight !== "number" || !(weight >= 0 && weight <= 1)) throwNotUnitInterval(SOLVE, "options.weight", weight);
      settings.weight = weight;
      hasWeight = true;
    }
    const soft = options.soft;
    if (soft !== undefined) {
      if (typeof soft !== "number" || !(soft >= 0 && soft <= 1)) throwNotUnitInterval(SOLVE, "options.soft", soft);
      settings.soft = soft;
      hasSoft = true;
    }
    const keep = options.keepEndRotation;
    if (keep !== undefined) { keepEnd = keep; keepName = "options.keepEndRotation"; }
  }
  if (!hasWeight) {
    const weight = ik.weight;
    if (typeof weight !== "number" || !(weight >= 0 && weight <= 1)) throwNotUnitInterval(SOLVE, "weight", weight);
    settings.weight = weight;
  }
  if (!hasSoft) {
    const soft = ik.soft;
    if (typeof soft !== "number" || !(soft >= 0 && soft <= 1)) throwNotUnitInterval(SOLVE, "soft", soft);
    settings.soft = soft;
  }
  if (typeof keepEnd !== "boolean") throwNotBoolean(SOLVE, keepName, keepEnd);
  if (typeof ik.updateAncestors !== "boolean") throwNotBoolean(SOLVE, "updateAncestors", ik.updateAncestors);
  return keepEnd;
}

/** 생성 시점의 부모 관계가 그대로인가: between (위에서 아래) 이 top 아래 bone 까지 한 줄로 이어진다. */
function isSameLineage(top: Object3D, between: readonly Object3D[], bone: Object3D): boolean {
  let parent = top;
  for (let i = 0; i < between.length; i++) {
    const b = between[i]!;
    if (b.parent !== parent) return false;
    parent = b;
  }
  return bone.parent === parent;
}

function describeParent(bone: Object3D): string {
  return bone.parent ? `"${bone.parent.name}"` : "없음";
}

function throwReparented(caller: string, links: ChainLinks): never {
  const check = (top: Object3D, between: readonly Object3D[], bone: Object3D, role: string, topRole: string): void => {
    if (isSameLineage(top, between, bone)) return;
    const expected = between.length > 0 ? between[between.length - 1]! : top;
    throw new RangeError(`${caller}: 생성한 뒤 체인의 부모 관계가 바뀌었습니다 — ${role}("${bone.name}")는 ${topRole}("${top.name}") 아래 `
      + `"${expected.name}"의 자식이어야 하는데 부모가 ${describeParent(bone)} 입니다 (새 체인이면 TwoBoneIK 를 다시 만드세요)`);
  };
  check(links.upper, links.between1, links.mid, "mid", "upper");
  check(links.mid, links.between2, links.end, "end", "mid");
  throw new RangeError(`${caller}: 생성한 뒤 사이 뼈의 부모 관계가 바뀌었습니다 (새 체인이면 TwoBoneIK 를 다시 만드세요)`);
}

function checkBetween(caller: string, role: string, between: readonly Object3D[]): void {
  for (let i = 0; i < between.length; i++) {
    const b = between[i]!;
    if (!isGoodBone(b, true, true)) throwBadBone(caller, role, b, true, true);
  }
}

/** 체인 뼈의 상태 검사 (쓰기 전): 생성 때의 부모 관계, 유한성, 단위 사원수, 균등 스케일, pivot. */
export function checkChain(caller: string, links: ChainLinks): void {
  const { upper, mid, end, between1, between2 } = links;
  // 사이 뼈가 없으면 (흔한 경우) 부모 하나씩만 본다.
  const sameLineage = (between1.length === 0 ? mid.parent === upper : isSameLineage(upper, between1, mid))
    && (between2.length === 0 ? end.parent === mid : isSameLineage(mid, between2, end));
  if (!sameLineage) throwReparented(caller, links);
  if (!isGoodBone(upper, true, false)) throwBadBone(caller, "upper", upper, true, false);
  checkBetween(caller, "upper–mid 사이 뼈", between1);
  if (!isGoodBone(mid, true, false)) throwBadBone(caller, "mid", mid, true, false);
  checkBetween(caller, "mid–end 사이 뼈", between2);
  if (!isGoodBone(end, false, true)) throwBadBone(caller, "end", end, false, true);
}

/**
 * solve() 의 인자와 체인 상태를 모두 검사하고 (점·설정은 f 에 읽어 둔다) keepEndRotation 을 돌려준다.
 * 풀이와 따로 둔 함수다 (docs/PERFORMANCE.md §6).
 */
export function validateCall(
  ik: InstanceSettings,
  links: ChainLinks,
  f: SolveFrame,
  targetWorld: Readonly<Vector3Like>,
  poleWorld: Readonly<Vector3Like> | undefined,
  options: CallOptions | undefined,
  out: TwoBoneIKResult,
): boolean {
  readPoint(f.targetWorld, targetWorld, "targetWorld");
  if (poleWorld !== undefined) readPoint(f.poleWorld, poleWorld, "poleWorld");
  const keepEndRotation = readSettings(ik, options, f);
  if (!isWritableResult(out)) throwBadResult(SOLVE, out);
  checkChain(SOLVE, links);
  return keepEndRotation;
}
