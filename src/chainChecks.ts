// TwoBoneIK 의 입력·체인 상태 검사. 모두 읽기만 하고, 실패하면 인자·뼈 이름과 값을 담은 RangeError 를 던진다.
// 메시지 문자열과 수를 넘기는 호출은 실패 경로에만 둔다 (docs/PERFORMANCE.md §1, §6).
import type { Matrix4, Object3D } from "three";
import {
  AFFINE_NON_UNIFORM, AFFINE_NOT_AFFINE, AFFINE_NOT_FINITE, AFFINE_NOT_INVERTIBLE, AFFINE_SINGULAR, UNIFORM_SCALE_TOLERANCE,
} from "./math/affine.js";
import type { TwoBoneIKResult } from "./math/solveTwoBoneIK.js";
import { QUATERNION_UNIT_TOLERANCE as SHARED_QUATERNION_UNIT_TOLERANCE } from "./math/tolerances.js";
import { describe, throwExpected } from "./math/validation.js";

/**
 * 뼈 사원수의 |q| 가 1 에서 이만큼 넘게 벗어나면 거부한다 (spec/tolerances.json: Python 과 같은 값).
 * 0 이나 크기가 어긋난 사원수는 three 가 행렬로 만들 때 뼈를 늘이거나 없앤다. glTF 의 float32 (~1e-7) 는 통과한다.
 */
export const QUATERNION_UNIT_TOLERANCE: number = SHARED_QUATERNION_UNIT_TOLERANCE;

function label(role: string, bone: Object3D): string {
  return `${role}("${bone.name}")`;
}

/** 뼈의 부모를 메시지에 적는 꼴: 이름을 따옴표로, 없으면 "없음". @internal */
export function describeParent(bone: Object3D): string {
  return bone.parent ? `"${bone.parent.name}"` : "없음";
}

// --- 인자 ---

/**
 * out 이 쓸 수 있는 결과 객체인가: 객체이고, joint·end 는 서로 다른 Vector3 이며, 어느 것도 얼지 않았다.
 * 얼었는지는 같은 값을 다시 써 보아 안다 (얼린 객체에 쓰면 TypeError): Object.isFrozen 은 런타임 호출이라 세 번이면
 * 풀이 한 번의 10 % 가 든다. 같은 값을 쓰므로 (−0, NaN 도 그대로) out 은 비트까지 바뀌지 않는다.
 * @internal
 */
// 뜨거운 경로라 작은 함수를 부르지 않고 풀어 쓴다 (docs/PERFORMANCE.md §6).
export function isWritableResult(out: unknown): boolean {
  if (out === null || typeof out !== "object") return false;
  const r = out as TwoBoneIKResult;
  const joint = r.joint, end = r.end;
  if (joint === null || typeof joint !== "object" || joint.isVector3 !== true) return false;
  if (end === null || typeof end !== "object" || end.isVector3 !== true || joint === end) return false;
  try {
    r.joint = joint;
    joint.x = joint.x; joint.y = joint.y; joint.z = joint.z;
    end.x = end.x; end.y = end.y; end.z = end.z;
  } catch {
    return false;
  }
  return true;
}

/** @internal */
export function throwBadResult(caller: string, out: unknown): never {
  if (out === null || typeof out !== "object") {
    throw new RangeError(`${caller}: out 은 { joint, end, reachable } 결과 객체여야 합니다 (받은 값: ${describe(out)})`);
  }
  if (Object.isFrozen(out)) throw new RangeError(`${caller}: out 은 얼린 객체이면 안 됩니다 (받은 값: 얼린 객체)`);
  const r = out as Partial<TwoBoneIKResult>;
  for (const name of ["joint", "end"] as const) {
    const v = r[name] as unknown;
    if (v === null || typeof v !== "object" || (v as { isVector3?: unknown }).isVector3 !== true) {
      throw new RangeError(`${caller}: out.${name} 은 Vector3 여야 합니다 (받은 값: ${describe(v)})`);
    }
    if (Object.isFrozen(v)) throw new RangeError(`${caller}: out.${name} 은 얼린 Vector3 이면 안 됩니다`);
  }
  if (r.joint === r.end) throw new RangeError(`${caller}: out.joint 와 out.end 는 서로 다른 Vector3 여야 합니다 (같은 객체를 받음)`);
  throw new RangeError(`${caller}: out 에 쓸 수 없습니다 (쓰기 금지 속성이 있습니다)`);
}

/** @internal */
export function throwNotUnitInterval(caller: string, name: string, value: unknown): never {
  throwExpected(caller, name, "[0, 1] 범위의 수여야", value);
}

/** @internal */
export function throwNotBoolean(caller: string, name: string, value: unknown): never {
  throwExpected(caller, name, "true 또는 false 여야", value);
}

/** @internal */
export function throwNotObject(caller: string, name: string, value: unknown): never {
  throwExpected(caller, name, "객체여야", value);
}

// --- 체인 상태 ---

/** |q| ∈ [1 − tol, 1 + tol] 을 제곱으로 (sqrt 없이) 본다: 뼈와 endRotation 의 사원수가 같은 경계를 쓴다. @internal */
export const UNIT_MIN_SQ = (1 - QUATERNION_UNIT_TOLERANCE) ** 2;
/** @internal */
export const UNIT_MAX_SQ = (1 + QUATERNION_UNIT_TOLERANCE) ** 2;

/** 메시지를 만들 때만: 성분이 모두 유한한가. */
function allFinite(values: readonly number[]): boolean {
  return values.every(Number.isFinite);
}

/**
 * 체인 뼈 하나의 상태: position·scale 이 유한하고, quaternion 이 유한한 단위 사원수이며,
 * uniformScale 이면 스케일이 균등하다. pivot 은 allowPivot 일 때만 허용한다.
 * @internal
 */
// 뜨거운 경로라 작은 함수를 부르지 않고 한 번에 본다 (유한성: x − x 는 NaN·±∞ 에서만 NaN 이다).
export function isGoodBone(bone: Object3D, uniformScale: boolean, allowPivot: boolean): boolean {
  const p = bone.position, s = bone.scale, q = bone.quaternion as unknown as { _x: number; _y: number; _z: number; _w: number };
  const px = p.x, py = p.y, pz = p.z, sx = s.x, sy = s.y, sz = s.z;
  const zero = (px - px) + (py - py) + (pz - pz) + (sx - sx) + (sy - sy) + (sz - sz);
  const qx = q._x, qy = q._y, qz = q._z, qw = q._w;
  const lengthSq = qx * qx + qy * qy + qz * qz + qw * qw;
  if (!(zero === 0 && lengthSq >= UNIT_MIN_SQ && lengthSq <= UNIT_MAX_SQ)) return false;
  if (!allowPivot && bone.pivot != null) return false;
  if (!uniformScale) return true;
  let hi = sx > sy ? sx : sy, lo = sx > sy ? sy : sx;
  if (sz > hi) hi = sz;
  if (sz < lo) lo = sz;
  return hi - lo <= UNIFORM_SCALE_TOLERANCE * (hi > -lo ? hi : -lo);
}

/** isGoodBone 이 거짓일 때: 무엇이 어긋났는지 뼈 이름과 필드로 알린다. @internal */
export function throwBadBone(caller: string, role: string, bone: Object3D, uniformScale: boolean, allowPivot: boolean): never {
  const name = `${caller}: ${label(role, bone)}`;
  const s = bone.scale, q = bone.quaternion.toArray();
  for (const [field, v] of [["position", bone.position.toArray()], ["scale", s.toArray()]] as const) {
    if (!allFinite(v)) throw new RangeError(`${name}.${field} 은 유한한 수여야 합니다 (받은 값: ${v.join(", ")})`);
  }
  // 위치·스케일은 유한하다: 이제 isGoodBone 에 조건을 하나씩 더해 (사원수, 균등 스케일) 어느 것이 어긋났는지 가린다.
  if (!isGoodBone(bone, false, true)) {
    throw new RangeError(`${name}.quaternion 은 단위 사원수여야 합니다 (받은 값: ${q.join(", ")}; `
      + `|q| = ${Math.hypot(...q)}, 허용 오차 ${QUATERNION_UNIT_TOLERANCE})`);
  }
  if (uniformScale && !isGoodBone(bone, true, true)) {
    throw new RangeError(`${name}.scale 은 균등해야 합니다 — 세 성분이 같아야 뼈 길이가 보존됩니다 `
      + `(받은 값: ${s.x}, ${s.y}, ${s.z}; 상대 허용치 ${UNIFORM_SCALE_TOLERANCE})`);
  }
  if (!allowPivot && bone.pivot != null) {
    throw new RangeError(`${name}.pivot 은 지원하지 않습니다 (받은 값: ${bone.pivot.toArray().join(", ")})`);
  }
  throw new RangeError(`${name} 의 상태가 올바르지 않습니다`);
}

/**
 * upper 의 부모 월드 행렬이 유한하지 않을 때: 조상을 거슬러 올라가며 처음으로 유한하지 않은 필드를 가진 객체를 알린다.
 */
function throwParentNotFinite(caller: string, parent: Object3D): never {
  // 뿌리 쪽부터: 가장 위의 잘못된 조상이 원인이다.
  const ancestors: Object3D[] = [];
  for (let a: Object3D | null = parent; a !== null; a = a.parent) ancestors.unshift(a);
  for (const a of ancestors) {
    // 로컬 행렬을 스스로 만드는 객체는 position·quaternion·scale 을, 아니면 matrix 를 본다 (주어 뒤의 조사까지).
    const fields: [string, readonly number[]][] = a.matrixAutoUpdate
      ? [["position 이", a.position.toArray()], ["quaternion 이", a.quaternion.toArray()], ["scale 이", a.scale.toArray()]]
      : [["matrix 가", a.matrix.elements]];
    for (const [field, values] of fields) {
      if (!allFinite(values)) {
        throw new RangeError(`${caller}: upper 의 조상 "${a.name}".${field} 유한하지 않습니다 (받은 값: ${values.join(", ")})`);
      }
    }
  }
  throw new RangeError(`${caller}: upper 의 부모 "${parent.name}".matrixWorld 가 유한하지 않습니다 (받은 값: ${parent.matrixWorld.elements.join(", ")})`);
}

/**
 * upper 의 부모 월드 행렬이 균등 스케일·회전·이동이 아니거나 뒤집을 수 없을 때 (invertConformal 의 코드): 무엇이 어긋났는지
 * 알린다. @internal
 */
export function throwBadParentMatrix(caller: string, parent: Object3D, defect: number): never {
  if (defect === AFFINE_NOT_FINITE) throwParentNotFinite(caller, parent);
  const where = `${caller}: upper 의 부모("${parent.name}") 월드 행렬`;
  const m = parent.matrixWorld, e = m.elements;
  if (defect === AFFINE_NOT_AFFINE) {
    throw new RangeError(`${where}의 마지막 행이 (0, 0, 0, 1) 이 아닙니다 (받은 값: ${rowOf(m, 3)})`);
  }
  if (defect === AFFINE_SINGULAR) {
    throw new RangeError(`${where}을 뒤집을 수 없습니다 (스케일 0, 행렬식: ${m.determinant()})`);
  }
  if (defect === AFFINE_NOT_INVERTIBLE) {
    throw new RangeError(`${where}을 float64 로 뒤집을 수 없습니다 (행렬식: ${m.determinant()})`);
  }
  if (defect === AFFINE_NON_UNIFORM) {
    const sx = Math.hypot(e[0]!, e[1]!, e[2]!), sy = Math.hypot(e[4]!, e[5]!, e[6]!), sz = Math.hypot(e[8]!, e[9]!, e[10]!);
    throw new RangeError(`${where}의 스케일이 균등하지 않습니다 — 뼈 길이가 보존되지 않습니다 `
      + `(축 스케일: ${sx}, ${sy}, ${sz}; 상대 허용치 ${UNIFORM_SCALE_TOLERANCE}). 조상 가운데 균등하지 않은 scale 을 찾아 고치세요`);
  }
  // 남은 코드는 AFFINE_SHEAR 뿐이다 (invertConformal 의 코드 가운데 AFFINE_OK 가 아닌 것).
  throw new RangeError(`${where}에 기울임(shear)이 있습니다 — 축이 직교하지 않으면 뼈 길이가 보존되지 않습니다 `
    + `(회전된 자식 아래 균등하지 않은 스케일에서 생깁니다; 상대 허용치 ${UNIFORM_SCALE_TOLERANCE})`);
}

function rowOf(m: Matrix4, row: number): string {
  const e = m.elements;
  return [e[row], e[row + 4], e[row + 8], e[row + 12]].join(", ");
}

