// 공통 적합성 벡터 (spec/two_bone_ik_vectors.json) 로 solveTwoBoneIK 를 확인한다.
// 같은 파일을 Python 테스트 (python/tests/test_conformance.py) 도 읽는다: 두 언어가 같은 참값에 같은 허용치로 맞는다.
// 기대값은 spec/generate.py 가 구현과 상관없이 80 자리 decimal 로 계산했다.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { solveTwoBoneIK } from "../src/index";

type Point = [number, number, number];
/** 수, JSON 에 없는 수의 이름, 또는 타입 규칙을 검사하는 수가 아닌 값 (bool, {"string": …}). */
type JsonNumber = number | "NaN" | "Infinity" | "-Infinity" | boolean | { string: string };

interface ConformanceCase {
  id: number;
  group: string;
  name: string;
  input: {
    root: Point; upper_length: number; lower_length: number; target: Point; pole_hint: Point;
    /** 굽힘 제한 (라디안), 있는 경우만 (spec/bend_reference.py). */
    bend_limits?: { min: number; max: number };
  };
  expected: { joint: Point; end: Point; reachable: boolean };
}

interface InvalidCase {
  id: number;
  name: string;
  input: {
    root: JsonNumber[];
    upper_length: JsonNumber;
    lower_length: JsonNumber;
    target: JsonNumber[];
    pole_hint: JsonNumber[];
    bend_limits?: JsonNumber | { min: JsonNumber; max: JsonNumber };
  };
  argument: { python: string; typescript: string };
}

interface ConformanceDocument {
  format: string;
  tolerance: { relative_to_chain: number; ulps_of_largest_coordinate: number };
  cases: ConformanceCase[];
  invalid: InvalidCase[];
}

const document = JSON.parse(
  readFileSync(new URL("../spec/two_bone_ik_vectors.json", import.meta.url), "utf8"),
) as ConformanceDocument;

/** 성분마다의 허용치: 1e-12·(a + b) + 4·ε·(입력·기대값의 가장 큰 좌표 크기). Python 테스트와 같은 식. */
function allowedError(c: ConformanceCase): number {
  const { root, target, pole_hint, upper_length, lower_length } = c.input;
  const coordinates = [...root, ...target, ...pole_hint, ...c.expected.joint, ...c.expected.end];
  const largest = Math.max(...coordinates.map(Math.abs));
  return (
    document.tolerance.relative_to_chain * (upper_length + lower_length) +
    document.tolerance.ulps_of_largest_coordinate * Number.EPSILON * largest
  );
}

function toNumber(value: JsonNumber): number {
  // 수가 아닌 값은 그대로 넘긴다 (solveTwoBoneIK 가 거부해야 한다).
  if (typeof value === "boolean") return value as unknown as number;
  if (typeof value === "object") return value.string as unknown as number;
  if (value === "NaN") return Number.NaN;
  if (value === "Infinity") return Number.POSITIVE_INFINITY;
  if (value === "-Infinity") return Number.NEGATIVE_INFINITY;
  return value;
}

function toVector(values: JsonNumber[]): { x: number; y: number; z: number } {
  const [x, y, z] = values.map(toNumber) as [number, number, number];
  return { x, y, z };
}

function maxDeviation(c: ConformanceCase): { error: number; reachable: boolean } {
  const { root, upper_length, lower_length, target, pole_hint, bend_limits } = c.input;
  const options = bend_limits === undefined ? undefined : { bendLimits: bend_limits };
  const result = solveTwoBoneIK(toVector(root), upper_length, lower_length, toVector(target), toVector(pole_hint), undefined, options);
  const actual = [...result.joint.toArray(), ...result.end.toArray()];
  const expected = [...c.expected.joint, ...c.expected.end];
  const error = Math.max(...actual.map((v, i) => Math.abs(v - (expected[i] as number))));
  return { error, reachable: result.reachable };
}

describe("공통 적합성 벡터 (spec/two_bone_ik_vectors.json)", () => {
  it("파일에 500 개 이상의 경우와 잘못된 입력 목록이 있다", () => {
    expect(document.format).toBe("two-bone-ik-conformance");
    expect(document.cases.length).toBeGreaterThanOrEqual(500);
    expect(document.invalid.length).toBeGreaterThan(0);
  });

  for (const c of document.cases) {
    it(`#${c.id} [${c.group}] ${c.name}: 관절·끝이 참값과 허용치 안에서 같고 reachable 이 같다`, () => {
      const { error, reachable } = maxDeviation(c);
      expect(reachable).toBe(c.expected.reachable);
      expect(error).toBeLessThanOrEqual(allowedError(c));
    });
  }

  for (const bad of document.invalid) {
    it(`잘못된 입력 #${bad.id} ${bad.name}: ${bad.argument.typescript} 를 짚는 RangeError`, () => {
      const { root, upper_length, lower_length, target, pole_hint, bend_limits } = bad.input;
      const limits = bend_limits === undefined ? undefined
        : typeof bend_limits === "object" && bend_limits !== null && "min" in bend_limits
          ? { min: toNumber(bend_limits.min), max: toNumber(bend_limits.max) }
          : toNumber(bend_limits);
      const call = () =>
        solveTwoBoneIK(
          toVector(root),
          toNumber(upper_length),
          toNumber(lower_length),
          toVector(target),
          toVector(pole_hint),
          undefined,
          limits === undefined ? undefined : { bendLimits: limits as { min: number; max: number } },
        );
      expect(call).toThrow(RangeError);
      expect(call).toThrow(bad.argument.typescript);
    });
  }
});
