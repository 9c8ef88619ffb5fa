// 뼈 수준 공통 적합성 벡터 (spec/two_bone_ik_bone_vectors.json) 로 TwoBoneIK.solve 를 확인한다.
// 같은 파일을 Python 테스트 (python/tests/test_bone_conformance.py) 도 읽는다: 두 언어가 같은 참값에 같은 허용치로 맞는다.
// 기대값은 spec/generate_bones.py 가 구현과 상관없이 80 자리 decimal 로 계산했다.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { Bone, Group, Quaternion, Scene } from "three";
import { TwoBoneIK } from "../src/index";
import type { TwoBoneIKOptions } from "../src/index";

type Point = [number, number, number];
type Quat = [number, number, number, number];

interface BoneInput {
  translation: Point;
  rotation: Quat;
  scale: Point;
}

interface BoneCase {
  id: number;
  group: string;
  name: string;
  input: {
    /** 열벡터 규약의 4×4 (행 우선 목록): world = M·[x, 1]. */
    parent_world: number[][];
    upper: BoneInput;
    mid: BoneInput;
    end: BoneInput;
    target_world: Point;
    pole_world: Point;
    weight: number;
    soft: number;
    keep_end_rotation: boolean;
    /** issue 16 (spec/END_EFFECTOR.md): 끝 회전 (월드, xyzw), 그 가중치, tip (end 의 로컬), 굽힘 제한 [min, max]. */
    end_rotation?: Quat;
    end_rotation_weight?: number;
    tip?: Point;
    bend_limits?: [number, number];
  };
  expected: {
    upper_rotation: Quat;
    mid_rotation: Quat;
    end_rotation: Quat;
    joint: Point;
    end: Point;
    reachable: boolean;
    chain_length: number;
  };
}

interface BoneDocument {
  format: string;
  tolerance: {
    rotation_absolute: number;
    rotation_ulps_of_largest_coordinate_per_chain: number;
    position_relative_to_chain: number;
    position_ulps_of_largest_coordinate: number;
  };
  cases: BoneCase[];
  /** 잘못된 입력의 바탕 (거부되지 않는 입력). */
  invalid_base: unknown;
  invalid: {
    id: number; name: string; input: unknown; error: { typescript: string; python: string };
    /** 메시지가 모두 담아야 할 이름들 (예: keepEndRotation 과 endRotation 을 함께 준 경우). */
    error_all?: { typescript: string[]; python: string[] };
  }[];
}

const document = JSON.parse(
  readFileSync(new URL("../spec/two_bone_ik_bone_vectors.json", import.meta.url), "utf8"),
) as BoneDocument;

/** (회전, 위치) 의 성분마다 허용치. Python 테스트와 같은 식 (spec/README.md). */
function allowedErrors(c: BoneCase): { rotation: number; position: number } {
  const { parent_world, target_world, pole_world } = c.input;
  const translation = parent_world.slice(0, 3).map((row) => row[3] as number);
  const coordinates = [...translation, ...target_world, ...pole_world, ...c.expected.joint, ...c.expected.end];
  const largest = Math.max(...coordinates.map(Math.abs));
  const chain = c.expected.chain_length;
  const t = document.tolerance;
  return {
    rotation: t.rotation_absolute + (t.rotation_ulps_of_largest_coordinate_per_chain * Number.EPSILON * largest) / chain,
    position: t.position_relative_to_chain * chain + t.position_ulps_of_largest_coordinate * Number.EPSILON * largest,
  };
}

function makeBone(name: string, input: BoneInput): Bone {
  const bone = new Bone();
  bone.name = name;
  bone.position.fromArray(input.translation);
  bone.quaternion.fromArray(input.rotation); // x, y, z, w
  bone.scale.fromArray(input.scale);
  return bone;
}

/** 장면 → 부모 (월드 행렬 = parent_world) → upper → mid → end. */
function makeRig(c: BoneCase): { upper: Bone; mid: Bone; end: Bone } {
  const scene = new Scene();
  const parent = new Group();
  parent.name = "parent";
  parent.matrixAutoUpdate = false;
  // Matrix4.set 은 행 우선으로 받는다 (fromArray 는 열 우선).
  parent.matrix.set(...(c.input.parent_world.flat() as Parameters<typeof parent.matrix.set>));
  // 손으로 쓴 행렬: three r186 의 updateWorldMatrix 는 이 표시가 있을 때만 matrixWorld 를 다시 계산한다.
  parent.matrixWorldNeedsUpdate = true;
  scene.add(parent);
  const upper = makeBone("upper", c.input.upper);
  const mid = makeBone("mid", c.input.mid);
  const end = makeBone("end", c.input.end);
  parent.add(upper);
  upper.add(mid);
  mid.add(end);
  return { upper, mid, end };
}

/** 벡터의 입력을 solve() 의 옵션으로 (Python 의 apply_two_bone_ik 키워드와 같은 뜻). 점·사원수가 배열이 아니면 그대로 넘긴다. */
function optionsOf(input: BoneCase["input"]): TwoBoneIKOptions {
  const options: TwoBoneIKOptions = { weight: input.weight, soft: input.soft, keepEndRotation: input.keep_end_rotation };
  const { end_rotation, end_rotation_weight, tip, bend_limits } = input;
  if (end_rotation !== undefined) {
    options.endRotation = Array.isArray(end_rotation) && end_rotation.length === 4
      ? new Quaternion(...end_rotation) : (end_rotation as unknown as Quaternion);
  }
  if (end_rotation_weight !== undefined) options.endRotationWeight = end_rotation_weight;
  if (tip !== undefined) options.tip = Array.isArray(tip) && tip.length === 3 ? { x: tip[0], y: tip[1], z: tip[2] } : (tip as never);
  if (bend_limits !== undefined) {
    options.bendLimits = Array.isArray(bend_limits) && bend_limits.length === 2
      ? { min: bend_limits[0], max: bend_limits[1] } : (bend_limits as never);
  }
  return options;
}

function maxAbsDifference(actual: number[], expected: number[]): number {
  return Math.max(...actual.map((v, i) => Math.abs(v - (expected[i] as number))));
}

describe("뼈 수준 공통 적합성 벡터 (spec/two_bone_ik_bone_vectors.json)", () => {
  it("파일에 200 개 이상의 경우가 있다", () => {
    expect(document.format).toBe("two-bone-ik-bone-conformance");
    expect(document.cases.length).toBeGreaterThanOrEqual(200);
  });

  for (const c of document.cases) {
    it(`#${c.id} [${c.group}] ${c.name}: 뼈의 회전·관절·끝이 참값과 허용치 안에서 같고 reachable 이 같다`, () => {
      const { upper, mid, end } = makeRig(c);
      const { target_world, pole_world } = c.input;
      const target = { x: target_world[0], y: target_world[1], z: target_world[2] };
      const pole = { x: pole_world[0], y: pole_world[1], z: pole_world[2] };
      const result = new TwoBoneIK(upper, mid, end).solve(target, pole, optionsOf(c.input));
      const allowed = allowedErrors(c);
      expect(result.reachable).toBe(c.expected.reachable);
      expect(maxAbsDifference(upper.quaternion.toArray(), c.expected.upper_rotation)).toBeLessThanOrEqual(allowed.rotation);
      expect(maxAbsDifference(mid.quaternion.toArray(), c.expected.mid_rotation)).toBeLessThanOrEqual(allowed.rotation);
      expect(maxAbsDifference(end.quaternion.toArray(), c.expected.end_rotation)).toBeLessThanOrEqual(allowed.rotation);
      expect(maxAbsDifference(result.joint.toArray(), c.expected.joint)).toBeLessThanOrEqual(allowed.position);
      expect(maxAbsDifference(result.end.toArray(), c.expected.end)).toBeLessThanOrEqual(allowed.position);
    });
  }
});

/** {"$number": "NaN"} 처럼 적힌 float 를 수로 되돌린다 (JSON 에는 NaN·±inf 가 없다). Python 테스트와 같은 규칙. */
function decodeNumbers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeNumbers);
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 1 && entries[0]![0] === "$number") return Number(entries[0]![1]);
    return Object.fromEntries(entries.map(([k, v]) => [k, decodeNumbers(v)]));
  }
  return value;
}

/** 잘못된 입력 하나를 TwoBoneIK 로: 점이 세 수의 배열이면 {x, y, z}, 아니면 그대로 넘긴다. */
function solveRaw(input: BoneCase["input"]): void {
  const { upper, mid, end } = makeRig({ input } as BoneCase);
  const asPoint = (v: unknown): unknown => (Array.isArray(v) && v.length === 3 ? { x: v[0], y: v[1], z: v[2] } : v);
  new TwoBoneIK(upper, mid, end).solve(
    asPoint(input.target_world) as Point & { x: number; y: number; z: number },
    asPoint(input.pole_world) as Point & { x: number; y: number; z: number },
    optionsOf(input),
  );
}

describe("뼈 수준 공통 벡터의 잘못된 입력 (invalid): 쓰기 전에 RangeError, 메시지에 인자 이름", () => {
  it("목록이 비어 있지 않고 바탕 입력은 거부되지 않는다", () => {
    expect(document.invalid.length).toBeGreaterThanOrEqual(20);
    expect(() => solveRaw(decodeNumbers(document.invalid_base) as BoneCase["input"])).not.toThrow();
  });

  for (const c of document.invalid) {
    it(`#${c.id} ${c.name} → RangeError naming ${c.error.typescript}`, () => {
      const input = decodeNumbers(c.input) as BoneCase["input"];
      let error: unknown = null;
      try {
        solveRaw(input);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(RangeError);
      expect((error as Error).message).toContain(c.error.typescript);
      for (const name of c.error_all?.typescript ?? []) expect((error as Error).message).toContain(name);
    });
  }
});
