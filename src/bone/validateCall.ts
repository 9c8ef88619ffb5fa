// 1 단계 — 검사: solve() 의 인자와 체인 상태를 뼈·out 에 쓰기 전에 모두 확인한다. 점·설정은 한 번만 읽어 f 에 둔다.
import type { Object3D, Quaternion, QuaternionLike, Vector3, Vector3Like } from "three";
import { assertFinitePoint, throwExpected } from "../math/validation.js";
import { readBendLimitsValue } from "../math/bendLimits.js";
import type { BendLimits } from "../math/bendLimits.js";
import { QUATERNION_UNIT_TOLERANCE } from "../math/tolerances.js";
import { fieldsOf } from "../math/quaternionFields.js";
import {
  UNIT_MAX_SQ, UNIT_MIN_SQ, describeParent, isGoodBone, isWritableResult, throwBadBone, throwBadResult, throwNotBoolean, throwNotObject,
  throwNotUnitInterval,
} from "../chainChecks.js";
import type { TwoBoneIKResult } from "../math/solveTwoBoneIK.js";
import type { TwoBoneIKOptions } from "../TwoBoneIK.js";
import type { ChainLinks } from "./chainLinks.js";
import type { SolveFrame } from "./solveFrame.js";

/** solve() 한 번에만 적용할 설정. */
type CallOptions = TwoBoneIKOptions;

/** 인스턴스가 주는 기본값. */
interface InstanceSettings {
  readonly weight: number;
  readonly soft: number;
  readonly keepEndRotation: boolean;
  readonly updateAncestors: boolean;
  readonly endRotation: Readonly<QuaternionLike> | null;
  readonly endRotationWeight: number;
  readonly tip: Readonly<Vector3Like>;
  readonly bendLimits: Readonly<BendLimits> | null;
}

export const SOLVE = "TwoBoneIK.solve";

/** 끝 뼈의 회전을 어떻게 정하는가 (spec/END_EFFECTOR.md 의 표). */
export const END_FOLLOWS = 0;
/** keepEndRotation: 들어온 월드 회전을 유지한다. */
export const END_KEPT = 1;
/** endRotation (가중치 > 0): 주어진 월드 회전 쪽으로. */
export const END_ROTATED = 2;
export type EndMode = typeof END_FOLLOWS | typeof END_KEPT | typeof END_ROTATED;

/** 끝 회전 (월드 사원수) 을 한 번씩 읽어 검사하고 정규화해 out 에. */
function readEndRotation(out: Quaternion, q: Readonly<QuaternionLike>, name: string): void {
  if (q === null || typeof q !== "object") throwNotQuaternion(name, q);
  // three 의 Quaternion 은 필드로 읽는다: 접근자는 인라인되지 않으면 수를 상자에 담아 돌려준다 (docs/PERFORMANCE.md §1).
  const fields = (q as { isQuaternion?: unknown }).isQuaternion === true ? fieldsOf(q as Quaternion) : null;
  const x = fields ? fields._x : q.x, y = fields ? fields._y : q.y, z = fields ? fields._z : q.z, w = fields ? fields._w : q.w;
  if (!(typeof x === "number" && typeof y === "number" && typeof z === "number" && typeof w === "number")) {
    throwNotQuaternion(name, q);
  }
  const lengthSq = x * x + y * y + z * z + w * w; // NaN·±∞ 는 NaN·∞ 가 되어 걸린다
  if (!(lengthSq >= UNIT_MIN_SQ && lengthSq <= UNIT_MAX_SQ)) {
    throw new RangeError(`${SOLVE}: ${name}는 유한한 단위 사원수여야 합니다 (받은 값: ${x}, ${y}, ${z}, ${w}; `
      + `|q| = ${Math.sqrt(lengthSq)}, 허용 오차 ${QUATERNION_UNIT_TOLERANCE})`);
  }
  // set() 대신 필드에 (수를 인라인되지 않은 호출에 넘기지 않는다, docs/PERFORMANCE.md §1). 풀이 안에서만 쓰는 사원수다.
  const inv = 1 / Math.sqrt(lengthSq), o = fieldsOf(out);
  o._x = x * inv; o._y = y * inv; o._z = z * inv; o._w = w * inv;
}

function throwNotQuaternion(name: string, q: unknown): never {
  throwExpected(SOLVE, name, "x·y·z·w 가 수인 사원수여야", q);
}

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
 * 설정을 검사해 f 에 모으고 끝 뼈의 방식 (EndMode) 을 돌려준다. 수는 출처마다 따로 검사해 바로 필드에 쓴다
 * (docs/PERFORMANCE.md §3). 옵션에 있는 값 (undefined 가 아닌 값) 이 인스턴스 값을 이긴다.
 */
function readSettings(ik: InstanceSettings, options: CallOptions | undefined, f: SolveFrame): EndMode {
  const settings = f.settings;
  let hasWeight = false, hasSoft = false;
  let keepEnd: unknown = ik.keepEndRotation, keepName = "keepEndRotation";
  let endRotation: unknown = ik.endRotation, endName = "endRotation";
  let hasEndWeight = false;
  let tip: unknown = ik.tip, tipName = "tip";
  let limits: unknown = ik.bendLimits, limitsName = "bendLimits";
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
    if (options.endRotation !== undefined) { endRotation = options.endRotation; endName = "options.endRotation"; }
    const endWeight = options.endRotationWeight;
    if (endWeight !== undefined) {
      if (typeof endWeight !== "number" || !(endWeight >= 0 && endWeight <= 1)) {
        throwNotUnitInterval(SOLVE, "options.endRotationWeight", endWeight);
      }
      f.endWeight.weight = endWeight;
      hasEndWeight = true;
    }
    if (options.tip !== undefined) { tip = options.tip; tipName = "options.tip"; }
    if (options.bendLimits !== undefined) { limits = options.bendLimits; limitsName = "options.bendLimits"; }
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
  if (!hasEndWeight) {
    const endWeight = ik.endRotationWeight;
    if (typeof endWeight !== "number" || !(endWeight >= 0 && endWeight <= 1)) throwNotUnitInterval(SOLVE, "endRotationWeight", endWeight);
    f.endWeight.weight = endWeight;
  }
  if (typeof keepEnd !== "boolean") throwNotBoolean(SOLVE, keepName, keepEnd);
  if (typeof ik.updateAncestors !== "boolean") throwNotBoolean(SOLVE, "updateAncestors", ik.updateAncestors);
  // tip: 원점이면 (기본) 지금까지의 풀이 그대로.
  readPoint(f.tipLocal, tip as Readonly<Vector3Like>, tipName);
  const t = f.tipLocal;
  f.hasTip = t.x !== 0 || t.y !== 0 || t.z !== 0;
  // 굽힘 제한: null 이면 없음. 제한이 거리를 줄일 때만 풀이에 넘긴다 ({0, π} 는 제한 없음과 비트까지 같다).
  f.bendLimits = limits !== null && readBendLimitsValue(SOLVE, limitsName, limits, f.bendLimitsStore) ? f.bendLimitsStore : null;
  if (endRotation === null) return keepEnd ? END_KEPT : END_FOLLOWS;
  readEndRotation(f.endRotationWorld, endRotation as Readonly<QuaternionLike>, endName);
  if (keepEnd) {
    throw new RangeError(`${SOLVE}: ${keepName} 와 ${endName} 는 함께 쓸 수 없습니다 — 끝 뼈의 회전을 유지하거나 `
      + "주어진 회전으로 돌리거나 둘 중 하나입니다 (받은 값: keepEndRotation true, endRotation 있음)");
  }
  return f.endWeight.weight > 0 ? END_ROTATED : END_FOLLOWS;
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
 * solve() 의 인자와 체인 상태를 모두 검사하고 (점·설정은 f 에 읽어 둔다) 끝 뼈의 방식을 돌려준다.
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
): EndMode {
  readPoint(f.targetWorld, targetWorld, "targetWorld");
  if (poleWorld !== undefined) readPoint(f.poleWorld, poleWorld, "poleWorld");
  const mode = readSettings(ik, options, f);
  if (!isWritableResult(out)) throwBadResult(SOLVE, out);
  checkChain(SOLVE, links);
  return mode;
}
