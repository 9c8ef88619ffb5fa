// 생성 시점에 한 번 정하는 체인의 구조: 세 뼈, 사이 뼈, 자동 극의 기본 굽힘 방향. (생성자만 부른다: 할당해도 된다.)
import { Vector3 } from "three";
import type { Object3D, Vector3Like } from "three";
import { assertFinitePoint, isFinitePoint, throwExpected } from "../math/validation.js";
import { describeParent, throwNotObject } from "../chainChecks.js";

/** 생성 시점에 정해 두는 체인의 구조 (인스턴스마다 하나). */
export interface ChainLinks {
  readonly upper: Object3D;
  readonly mid: Object3D;
  readonly end: Object3D;
  /** upper 와 mid 사이, mid 와 end 사이의 뼈 (위에서 아래 순서). 직접 부모·자식이면 빈 배열. */
  readonly between1: readonly Object3D[];
  readonly between2: readonly Object3D[];
}

const CONSTRUCTOR = "TwoBoneIK";
const NO_BONES: readonly Object3D[] = Object.freeze([]);

/**
 * ancestor 아래 bone 의 부모까지 거슬러 올라간 사이 뼈들 (위에서 아래 순서). 직접 자식이면 NO_BONES.
 * bone 이 ancestor 의 자손이 아니면 뼈 이름과 실제 부모를 담은 RangeError.
 */
function bonesBetween(ancestor: Object3D, ancestorRole: string, bone: Object3D, role: string): readonly Object3D[] {
  const between: Object3D[] = [];
  for (let p = bone.parent; p !== ancestor; p = p.parent) {
    if (p === null) {
      throw new RangeError(`${CONSTRUCTOR}: ${role}("${bone.name}")는 ${ancestorRole}("${ancestor.name}")의 자손이어야 합니다 `
        + `(부모: ${describeParent(bone)})`);
    }
    between.unshift(p);
  }
  // 사이 뼈가 없으면 (흔한 경우) 모든 체인이 같은 빈 배열을 가리킨다: 풀 때마다 읽는 배열이 캐시에 남는다.
  return between.length > 0 ? between : NO_BONES;
}

/** 생성자의 인자를 검사하고 체인의 구조를 정한다. */
export function linkChain(upper: Object3D, mid: Object3D, end: Object3D, options: unknown): ChainLinks {
  for (const [name, bone] of [["upper", upper], ["mid", mid], ["end", end]] as const) {
    if (bone === null || typeof bone !== "object" || !(bone as Object3D).isObject3D) throwExpected(CONSTRUCTOR, name, "Object3D 여야", bone);
  }
  if (options !== undefined && (options === null || typeof options !== "object")) throwNotObject(CONSTRUCTOR, "options", options);
  const between1 = bonesBetween(upper, "upper", mid, "mid");
  const between2 = bonesBetween(mid, "mid", end, "end");
  return { upper, mid, end, between1, between2 };
}

/** options.bendDirection 검사: 없으면 undefined, 있으면 유한한 0 이 아닌 벡터. */
export function readBendDirection(bendDirection: Readonly<Vector3Like> | undefined): Vector3 | undefined {
  if (bendDirection === undefined) return undefined;
  if (!isFinitePoint(bendDirection)) assertFinitePoint(CONSTRUCTOR, "options.bendDirection", bendDirection);
  if (bendDirection.x === 0 && bendDirection.y === 0 && bendDirection.z === 0) {
    throw new RangeError(`${CONSTRUCTOR}: options.bendDirection 은 0 이 아닌 벡터여야 합니다 (받은 값: 0, 0, 0)`);
  }
  return new Vector3(bendDirection.x, bendDirection.y, bendDirection.z);
}
