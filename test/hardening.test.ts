// 계약 강화 (issue 7): 직선 가까이 먼 극에서도 뼈 길이, 1.8e308 근처의 좌표, 다시 들어오는 호출, 쓰기 전 검사.
import { describe, expect, it } from "vitest";
import { Quaternion, Vector3 } from "three";
import type { Vector3Like } from "three";
import { createTwoBoneIKResult, rotationBetweenUnitVectors, softenDistance, solveTwoBoneIK } from "../src/index";
import type { TwoBoneIKResult } from "../src/index";
import { distance, lengthTolerance } from "./helpers/tolerance";

const v = (x: number, y: number, z: number) => new Vector3(x, y, z);
const MAX = Number.MAX_VALUE;

function bits(result: TwoBoneIKResult): number[] {
  return [...result.joint.toArray(), ...result.end.toArray(), result.reachable ? 1 : 0];
}

describe("solveTwoBoneIK — pole nearly on the line and far away", () => {
  it("keeps both lengths for root 0, a = b = 1, target (1, 1, 0), pole (1e4, 1e4, 2e-10) (regression)", () => {
    const root = v(0, 0, 0), target = v(1, 1, 0), pole = v(1e4, 1e4, 2e-10);
    const { joint, end, reachable } = solveTwoBoneIK(root, 1, 1, target, pole);
    const tolerance = lengthTolerance(2, root, target, pole);
    expect(reachable).toBe(true);
    expect(Math.abs(distance(joint, root) - 1)).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(distance(end, joint) - 1)).toBeLessThanOrEqual(tolerance);
    // 어느 쪽이든 관절은 (0.5, 0.5, ±0.7071): 극의 수직 성분이 +Z 라 +Z 쪽.
    expect(joint.x).toBeCloseTo(0.5, 12);
    expect(joint.y).toBeCloseTo(0.5, 12);
    expect(joint.z).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it("bends toward a pole hint near 1.7e308 instead of falling back to an axis", () => {
    const result = solveTwoBoneIK(v(0, 0, 0), 1, 1, v(1.5, 0, 0), v(1.7e308, -1.7e308, 1.7e308));
    expect(result.joint.y).toBeLessThan(0);
    expect(result.joint.z).toBeGreaterThan(0);
    expect(result.joint.y).toBeCloseTo(-result.joint.z, 12);
    expect(Math.abs(result.joint.length() - 1)).toBeLessThanOrEqual(1e-15);
  });

  it("rejects a result beyond float64 (root at 1.8e308) with a RangeError naming root, before writing out", () => {
    const out = createTwoBoneIKResult();
    out.joint.set(7, 8, 9);
    const call = () => solveTwoBoneIK(v(MAX, 0, 0), 1e300, 1e300, v(MAX, 1e300, 0), v(MAX, 0, 0), out);
    expect(call).toThrow(RangeError);
    expect(call).toThrow("root");
    expect(out.joint.toArray()).toEqual([7, 8, 9]);
    expect(out.reachable).toBe(false);
  });
});

describe("solveTwoBoneIK — re-entrant and read-once", () => {
  const plain = () => solveTwoBoneIK(v(0, 0, 0), 1, 1.25, v(1.2, 0.4, -0.3), v(0, 1, 1), createTwoBoneIKResult());

  it("gives the plain answer when a target getter runs another solveTwoBoneIK", () => {
    const nestedOut = createTwoBoneIKResult();
    let nested = 0;
    const target = {
      get x() { nested++; solveTwoBoneIK(v(5, 5, 5), 3, 7, v(-9, 2, 4), v(1, -8, 0), nestedOut); return 1.2; },
      y: 0.4, z: -0.3,
    };
    const pole = {
      x: 0, z: 1,
      get y() { solveTwoBoneIK(v(-1, 2, -3), 0.5, 0.25, v(-1, 2, -2.5), v(4, 4, 4), nestedOut); return 1; },
    };
    const result = solveTwoBoneIK(v(0, 0, 0), 1, 1.25, target, pole, createTwoBoneIKResult());
    expect(nested).toBe(1);
    expect(bits(result)).toEqual(bits(plain()));
  });

  it("gives the plain answer when an out getter runs another solveTwoBoneIK", () => {
    const real = createTwoBoneIKResult();
    const out = {
      get joint() { solveTwoBoneIK(v(9, 9, 9), 2, 2, v(12, 9, 9), v(9, 10, 9), createTwoBoneIKResult()); return real.joint; },
      end: real.end,
      reachable: false,
    } as TwoBoneIKResult;
    solveTwoBoneIK(v(0, 0, 0), 1, 1.25, v(1.2, 0.4, -0.3), v(0, 1, 1), out);
    real.reachable = out.reachable;
    expect(bits(real)).toEqual(bits(plain()));
  });

  it("reads every coordinate exactly once, so a getter that changes its value cannot split check and use", () => {
    const reads = new Map<string, number>();
    const counting = (name: string, values: number[]): Vector3Like => {
      const point = {} as Vector3Like;
      (["x", "y", "z"] as const).forEach((axis, i) => {
        Object.defineProperty(point, axis, {
          get() {
            const key = `${name}.${axis}`;
            const n = reads.get(key) ?? 0;
            reads.set(key, n + 1);
            return n === 0 ? values[i]! : Number.NaN; // 두 번째로 읽으면 NaN
          },
        });
      });
      return point;
    };
    const result = solveTwoBoneIK(
      counting("root", [0, 0, 0]), 1, 1.25, counting("target", [1.2, 0.4, -0.3]), counting("pole", [0, 1, 1]),
      createTwoBoneIKResult(),
    );
    expect([...reads.values()]).toEqual(new Array(9).fill(1));
    expect(bits(result)).toEqual(bits(plain()));
  });
});

describe("solveTwoBoneIK — out is checked before anything is written", () => {
  const frozenJoint = () => { const o = createTwoBoneIKResult(); Object.freeze(o.joint); return o; };
  const frozenEnd = () => { const o = createTwoBoneIKResult(); Object.freeze(o.end); return o; };
  const cases: [string, () => unknown, string][] = [
    ["null", () => null, "out"],
    ["an empty object", () => ({}), "out.joint"],
    ["an object without end", () => ({ joint: new Vector3(), reachable: false }), "out.end"],
    ["a number", () => 3, "out"],
    ["an object whose joint is a number", () => ({ joint: 1, end: new Vector3(), reachable: false }), "out.joint"],
    ["a frozen result", () => Object.freeze(createTwoBoneIKResult()), "out"],
    ["a result with a frozen joint", frozenJoint, "out.joint"],
    ["a result with a frozen end", frozenEnd, "out.end"],
  ];
  it.each(cases)("rejects %s with a RangeError naming it and leaves it unchanged", (_name, make, argName) => {
    const out = make();
    const before = JSON.stringify(out);
    let error: unknown;
    try {
      solveTwoBoneIK(v(0, 0, 0), 1, 1, v(1.5, 0, 0), v(0, 1, 0), out as TwoBoneIKResult);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RangeError);
    expect((error as Error).message).toContain(argName);
    expect(JSON.stringify(out)).toBe(before);
  });

  it("rejects a result that was used before and frozen since, as soon as another out came in between", () => {
    for (const freeze of [(o: TwoBoneIKResult) => Object.freeze(o), (o: TwoBoneIKResult) => Object.freeze(o.joint), (o: TwoBoneIKResult) => Object.freeze(o.end)]) {
      const used = createTwoBoneIKResult(), other = createTwoBoneIKResult();
      solveTwoBoneIK(v(0, 0, 0), 1, 1, v(1.5, 0, 0), v(0, 1, 0), used);
      solveTwoBoneIK(v(0, 0, 0), 1, 1, v(1.5, 0, 0), v(0, 1, 0), other); // 이제 기억하는 out 은 other
      freeze(used);
      const before = bits(used);
      const call = () => solveTwoBoneIK(v(0, 0, 0), 2, 1, v(0, 2, 0), v(0, 0, 1), used);
      expect(call).toThrow(RangeError);
      expect(call).toThrow("out");
      expect(bits(used)).toEqual(before);
    }
  });

  it.each([
    ["a boolean coordinate", { x: true, y: 0, z: 0 }, "root.x"],
    ["a string coordinate", { x: 0, y: "1", z: 0 }, "root.y"],
    ["a bigint coordinate", { x: 0, y: 0, z: 1n }, "root.z"],
  ])("rejects %s in a point (points must be numbers)", (_name, root, argName) => {
    const call = () => solveTwoBoneIK(root as unknown as Vector3Like, 1, 1, v(1.5, 0, 0), v(0, 1, 0));
    expect(call).toThrow(RangeError);
    expect(call).toThrow(argName);
  });

  it("rejects a bigint length", () => {
    const call = () => solveTwoBoneIK(v(0, 0, 0), 1n as unknown as number, 1, v(1.5, 0, 0), v(0, 1, 0));
    expect(call).toThrow(RangeError);
    expect(call).toThrow("upperLength");
  });
});

describe("exported helpers validate their arguments", () => {
  it.each([
    ["distance", [-1e-300, 1, 0.5], "distance"],
    ["NaN distance", [Number.NaN, 1, 0.5], "distance"],
    ["infinite distance", [Infinity, 1, 0.5], "distance"],
    ["zero chain length", [1, 0, 0.5], "chainLength"],
    ["NaN chain length", [1, Number.NaN, 0.5], "chainLength"],
    ["soft above 1 (was −0.213 for (0, 1, 2))", [0, 1, 2], "soft"],
    ["negative soft", [0.5, 1, -0.1], "soft"],
    ["NaN soft", [0.5, 1, Number.NaN], "soft"],
    ["a string soft", [0.5, 1, "0.5"], "soft"],
  ])("softenDistance rejects a bad %s with a RangeError naming it", (_name, args, argName) => {
    const call = () => softenDistance(...(args as [number, number, number]));
    expect(call).toThrow(RangeError);
    expect(call).toThrow(argName);
  });

  it("softenDistance still accepts the edges: d = 0, soft = 0 and soft = 1", () => {
    expect(softenDistance(0, 1, 0.5)).toBe(0);
    expect(softenDistance(3, 2, 0)).toBe(3);
    expect(softenDistance(3, 2, 1)).toBeLessThan(2);
  });

  it.each([
    ["a NaN from", { x: Number.NaN, y: 0, z: 0 }, { x: 0, y: 1, z: 0 }, "from"],
    ["a non-unit from (length 2)", { x: 2, y: 0, z: 0 }, { x: 0, y: 1, z: 0 }, "from"],
    ["an infinite to", { x: 1, y: 0, z: 0 }, { x: 0, y: Infinity, z: 0 }, "to"],
    ["a zero to", { x: 1, y: 0, z: 0 }, { x: 0, y: 0, z: 0 }, "to"],
    ["a null to", { x: 1, y: 0, z: 0 }, null, "to"],
  ])("rotationBetweenUnitVectors rejects %s with a RangeError naming it and leaves out unchanged", (_name, from, to, argName) => {
    const out = new Quaternion(0.1, 0.2, 0.3, 0.9);
    const call = () => rotationBetweenUnitVectors(from as Vector3Like, to as Vector3Like, out);
    expect(call).toThrow(RangeError);
    expect(call).toThrow(argName);
    expect(out.toArray()).toEqual([0.1, 0.2, 0.3, 0.9]);
  });

  it("rotationBetweenUnitVectors rejects an out that is not a writable Quaternion", () => {
    for (const out of [null, {}, Object.freeze(new Quaternion())]) {
      // 보통의 회전, 그리고 같은 방향 (항등 회전을 쓰는 길) 둘 다.
      for (const to of [v(0, 1, 0), v(1, 0, 0)]) {
        const call = () => rotationBetweenUnitVectors(v(1, 0, 0), to, out as Quaternion);
        expect(call).toThrow(RangeError);
        expect(call).toThrow("out");
      }
    }
  });

  it("rotationBetweenUnitVectors accepts float32-rounded unit vectors", () => {
    const f = Math.fround;
    const out = rotationBetweenUnitVectors(v(f(0.6), f(0.8), 0), v(0, f(0.6), f(0.8)), new Quaternion());
    expect(Math.abs(out.length() - 1)).toBeLessThan(1e-6);
  });
});
