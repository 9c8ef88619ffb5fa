import { describe, expect, it } from "vitest";
import { Vector3 } from "three";
import type { Vector3Like } from "three";
import { createTwoBoneIKResult, solveTwoBoneIK } from "../src/index";
import type { TwoBoneIKResult } from "../src/index";
import { distance, lengthTolerance } from "./helpers/tolerance";

const ORIGIN = Object.freeze({ x: 0, y: 0, z: 0 });
const v = (x: number, y: number, z: number): Readonly<Vector3Like> => Object.freeze({ x, y, z });

/** 뼈 길이 두 개가 그대로인지, 결과가 NaN 이 아닌지 확인한다. */
function expectLengthsKept(root: Readonly<Vector3Like>, a: number, b: number, r: TwoBoneIKResult, ...points: Readonly<Vector3Like>[]): void {
  const tol = lengthTolerance(a + b, root, r.joint, r.end, ...points);
  expect(Math.abs(distance(root, r.joint) - a)).toBeLessThanOrEqual(tol);
  expect(Math.abs(distance(r.joint, r.end) - b)).toBeLessThanOrEqual(tol);
}

/** (joint − root) 의 극 방향 성분: 양수면 관절이 극 쪽에 있다. */
function poleSideComponent(root: Readonly<Vector3Like>, target: Readonly<Vector3Like>, pole: Readonly<Vector3Like>, joint: Readonly<Vector3Like>): number {
  const f = new Vector3().subVectors(target as Vector3, root as Vector3).normalize();
  const p = new Vector3().subVectors(pole as Vector3, root as Vector3);
  p.addScaledVector(f, -p.dot(f)).normalize();
  return new Vector3().subVectors(joint as Vector3, root as Vector3).dot(p);
}

describe("solveTwoBoneIK — reach", () => {
  it("puts the end exactly on a reachable target and keeps both bone lengths", () => {
    const root = v(0.2, 1.4, -0.3);
    for (const target of [v(0.9, 1.1, 0.2), v(-0.4, 0.3, 0.1), v(0.2, 1.4, 0.5), v(0.21, 2.9, -0.3)]) {
      const r = solveTwoBoneIK(root, 0.8, 0.75, target, v(0, 0, -5));
      expect(r.reachable).toBe(true);
      expect(r.end.toArray()).toEqual([target.x, target.y, target.z]);
      expectLengthsKept(root, 0.8, 0.75, r, target);
    }
  });

  it("matches the law of cosines for a 3-4-5 triangle", () => {
    // a = 3, b = 4, d = 5: 직각은 관절에 있다. cos θ = 3/5, sin θ = 4/5 → joint = (3·3/5, 3·4/5, 0).
    const r = solveTwoBoneIK(ORIGIN, 3, 4, v(5, 0, 0), v(0, 10, 0));
    expect(r.joint.x).toBeCloseTo(1.8, 15);
    expect(r.joint.y).toBeCloseTo(2.4, 15);
    expect(r.joint.z).toBe(0);
    expect(r.reachable).toBe(true);
  });

  it("fills and returns the given out, reusing its joint and end instances", () => {
    const out = createTwoBoneIKResult();
    const { joint, end } = out;
    const r = solveTwoBoneIK(ORIGIN, 1, 1, v(1, 1, 0), v(0, 0, 1), out);
    expect(r).toBe(out);
    expect(r.joint).toBe(joint);
    expect(r.end).toBe(end);
  });

  it("never mutates its inputs and works on frozen inputs", () => {
    const root = v(1, 2, 3), target = v(2, 2, 3), pole = v(1, 3, 3);
    const r = solveTwoBoneIK(root, 1, 1, target, pole);
    expect([root, target, pole]).toEqual([v(1, 2, 3), v(2, 2, 3), v(1, 3, 3)]);
    expect(r.reachable).toBe(true);
  });

  describe("when out aliases the inputs", () => {
    const a = 1.1, b = 0.7;
    const root = v(0.3, -0.2, 0.5), target = v(1.2, 0.4, 0.1), pole = v(0, 2, 0);
    const expected = solveTwoBoneIK(root, a, b, target, pole);

    it("gives the same answer when target is out.end", () => {
      const out = createTwoBoneIKResult();
      out.end.copy(target as Vector3);
      solveTwoBoneIK(root, a, b, out.end, pole, out);
      expect(out.joint.toArray()).toEqual(expected.joint.toArray());
      expect(out.end.toArray()).toEqual(expected.end.toArray());
    });

    it("gives the same answer when root is out.joint and poleHint is out.end", () => {
      const out = createTwoBoneIKResult();
      out.joint.copy(root as Vector3);
      out.end.copy(pole as Vector3);
      solveTwoBoneIK(out.joint, a, b, target, out.end, out);
      expect(out.joint.toArray()).toEqual(expected.joint.toArray());
      expect(out.end.toArray()).toEqual(expected.end.toArray());
    });
  });
});

describe("solveTwoBoneIK — too far", () => {
  it("straightens the chain toward the target", () => {
    const root = v(1, 1, 1), target = v(1 + 10, 1 + 20, 1 - 5);
    const r = solveTwoBoneIK(root, 2, 3, target, v(0, 0, 9));
    const f = new Vector3(10, 20, -5).normalize();
    expect(r.reachable).toBe(false);
    const tol = lengthTolerance(5, target);
    expect(distance(r.joint, new Vector3(1, 1, 1).addScaledVector(f, 2))).toBeLessThanOrEqual(tol);
    expect(distance(r.end, new Vector3(1, 1, 1).addScaledVector(f, 5))).toBeLessThanOrEqual(tol);
  });

  it("counts a target at exactly a + b as reachable and one ulp beyond as not", () => {
    // 1.5 + 2.5 = 4 은 float64 로 정확하다.
    expect(solveTwoBoneIK(ORIGIN, 1.5, 2.5, v(4, 0, 0), v(0, 1, 0)).reachable).toBe(true);
    const beyond = solveTwoBoneIK(ORIGIN, 1.5, 2.5, v(4 + 8 * Number.EPSILON, 0, 0), v(0, 1, 0));
    expect(beyond.reachable).toBe(false);
    expect(beyond.end.x).toBe(4);
    expect(beyond.joint.toArray()).toEqual([1.5, 0, 0]);
  });

  it("moves the joint and end continuously as the target slides out of reach, flipping reachable once", () => {
    const a = 1, b = 0.8, root = ORIGIN, pole = v(0, 1, 0);
    const step = 1e-4;
    let previous = solveTwoBoneIK(root, a, b, v(1.5, 0.3, 0), pole);
    let flips = 0;
    let largestJump = 0;
    for (let i = 1; i <= 6000; i++) {
      const target = v(1.5 + i * step, 0.3, 0); // d 는 ~1.53 에서 ~2.12 로: a + b = 1.8 을 지난다
      const r = solveTwoBoneIK(root, a, b, target, pole);
      if (r.reachable !== previous.reachable) flips++;
      largestJump = Math.max(largestJump, distance(r.joint, previous.joint), distance(r.end, previous.end));
      previous = r;
    }
    expect(flips).toBe(1);
    expect(previous.reachable).toBe(false);
    // 끝점은 목표보다 빨리 움직이지 않는다. 관절은 완전히 펴지기 직전에 √ 처럼 빨라지지만 유한하다.
    expect(largestJump).toBeLessThan(0.02);
  });
});

describe("solveTwoBoneIK — too close", () => {
  it("folds the longer-upper chain as far as it goes", () => {
    const r = solveTwoBoneIK(ORIGIN, 2, 0.5, v(0.1, 0, 0), v(0, 1, 0));
    expect(r.reachable).toBe(false);
    expect(r.end.toArray()).toEqual([1.5, 0, 0]);
    expect(r.joint.x).toBeCloseTo(2, 15);
    expect(r.joint.y).toBe(0);
  });

  it("folds the longer-lower chain with the joint behind the root", () => {
    const r = solveTwoBoneIK(ORIGIN, 0.5, 2, v(0, 0, 0.2), v(0, 1, 0));
    expect(r.reachable).toBe(false);
    expect(r.end.toArray()).toEqual([0, 0, 1.5]);
    expect(r.joint.z).toBeCloseTo(-0.5, 15);
    expect(Math.hypot(r.joint.x, r.joint.y)).toBeLessThan(1e-15);
  });

  it("counts a target at exactly |a − b| as reachable", () => {
    const r = solveTwoBoneIK(ORIGIN, 2.5, 1, v(0, 1.5, 0), v(1, 0, 0));
    expect(r.reachable).toBe(true);
    expect(r.end.toArray()).toEqual([0, 1.5, 0]);
  });
});

describe("solveTwoBoneIK — pole", () => {
  const root = v(0, 1, 0), target = v(0.9, 0.2, 0.1), a = 0.7, b = 0.6;

  it("moving the pole leaves the end in place and only moves the joint, onto the pole's side", () => {
    const poles = [v(0, 0, 3), v(0, 0, -3), v(3, 3, 0), v(-2, -1, 1)];
    const results = poles.map((pole) => solveTwoBoneIK(root, a, b, target, pole));
    for (let i = 0; i < poles.length; i++) {
      const r = results[i]!;
      expect(r.end.toArray()).toEqual([target.x, target.y, target.z]);
      expect(poleSideComponent(root, target, poles[i]!, r.joint)).toBeGreaterThan(0);
      expectLengthsKept(root, a, b, r, target);
    }
    expect(distance(results[0]!.joint, results[1]!.joint)).toBeGreaterThan(0.1);
  });

  it("uses only the pole's direction, not its distance", () => {
    // 극 오프셋 (0.1, 0, 0.5) 과 그 1000 배는 같은 굽힘 평면을 준다.
    const near = solveTwoBoneIK(root, a, b, target, v(0.1, 1, 0.5));
    const far = solveTwoBoneIK(root, a, b, target, v(100, 1, 500));
    expect(distance(near.joint, far.joint)).toBeLessThan(1e-13);
  });
});

describe("solveTwoBoneIK — degenerate input", () => {
  it.each([
    ["+X", v(2, 0, 0), [0, 1, 0]], // 동점 Y, Z → Y (X, Y, Z 순)
    ["+Y", v(0, 2, 0), [1, 0, 0]],
    ["+Z", v(0, 0, 2), [1, 0, 0]],
    ["−X", v(-2, 0, 0), [0, 1, 0]],
    ["XY diagonal", v(1, 1, 0), [0, 0, 1]],
    ["YZ diagonal", v(0, 1.2, 1.2), [1, 0, 0]],
  ] as const)("with a collinear pole and forward %s, bends toward the least aligned positive axis", (_name, target, axis) => {
    const pole = v(target.x * 3, target.y * 3, target.z * 3); // 목표 방향의 직선 위
    const r = solveTwoBoneIK(ORIGIN, 1, 1, target, pole);
    const fallback = solveTwoBoneIK(ORIGIN, 1, 1, target, ORIGIN); // 극이 뿌리에 있어도 같은 규칙
    const expected = solveTwoBoneIK(ORIGIN, 1, 1, target, v(axis[0], axis[1], axis[2]));
    expect(r.joint.toArray()).toEqual(expected.joint.toArray());
    expect(fallback.joint.toArray()).toEqual(expected.joint.toArray());
  });

  it("judges collinearity relative to the chain size, not by an absolute epsilon", () => {
    // 아주 작은 체인 (1e-6): 체인 크기의 1e-3 만큼 벗어난 극은 진짜 방향이다.
    const tiny = solveTwoBoneIK(ORIGIN, 1e-6, 1e-6, v(1.5e-6, 0, 0), v(1e-6, 0, -2e-9));
    expect(tiny.joint.z).toBeLessThan(0);
    expect(tiny.joint.y).toBe(0);
    // 원점에서 먼 (1e6) 체인: 뺄셈 반올림 크기(~1e-10) 의 어긋남은 직선 위로 본다.
    const root = v(1e6, 1e6, 1e6);
    const far = solveTwoBoneIK(root, 1, 1, v(1e6 + 1.5, 1e6, 1e6), v(1e6 + 3, 1e6, 1e6 + 2e-10));
    const fallback = solveTwoBoneIK(root, 1, 1, v(1e6 + 1.5, 1e6, 1e6), root);
    expect(far.joint.toArray()).toEqual(fallback.joint.toArray());
  });

  it("with the target at the root and equal bones folds flat toward the pole, reachable", () => {
    const root = v(1, 2, 3);
    const r = solveTwoBoneIK(root, 0.5, 0.5, root, v(1, 2, 10));
    expect(r.reachable).toBe(true);
    expect(r.end.toArray()).toEqual([1, 2, 3]);
    expect(r.joint.toArray()).toEqual([1, 2, 3.5]);
    // 극도 뿌리에 있으면 f = +X 의 대체 축 +Y.
    expect(solveTwoBoneIK(root, 0.5, 0.5, root, root).joint.toArray()).toEqual([1, 2.5, 3]);
  });

  it("with the target at the root and unequal bones clamps along +X, unreachable", () => {
    const r = solveTwoBoneIK(ORIGIN, 1, 0.25, ORIGIN, v(0, 0, 1));
    expect(r.reachable).toBe(false);
    expect(r.end.toArray()).toEqual([0.75, 0, 0]);
    expect(r.joint.x).toBeCloseTo(1, 15);
  });

  it("with a zero-length upper bone puts the joint on the root", () => {
    const r = solveTwoBoneIK(v(1, 1, 1), 0, 2, v(5, 1, 1), v(0, 5, 0));
    expect(r.joint.toArray()).toEqual([1, 1, 1]);
    expect(r.end.toArray()).toEqual([3, 1, 1]);
    expect(r.reachable).toBe(false);
    const exact = solveTwoBoneIK(v(1, 1, 1), 0, 2, v(1, 3, 1), v(0, 5, 0));
    expect(exact.reachable).toBe(true);
    expect(distance(exact.joint, v(1, 1, 1))).toBeLessThan(1e-15);
  });

  it("with a zero-length lower bone puts the joint on the end", () => {
    const r = solveTwoBoneIK(ORIGIN, 2, 0, v(0, 0, 7), v(0, 5, 0));
    expect(r.end.toArray()).toEqual([0, 0, 2]);
    expect(r.joint.toArray()).toEqual([0, 0, 2]);
    expect(r.reachable).toBe(false);
  });
});

describe("solveTwoBoneIK — precision", () => {
  it.each([
    [1e-6, 0], [1e-6, 1e6], [1, 0], [1, 1e6], [1e6, 0], [1e6, 1e6], [1e-3, 1e3],
  ])("holds lengths and reaches the target for chains of size %s at offset %s", (scale, offset) => {
    const root = v(offset, -offset, offset * 0.5);
    const a = 0.62 * scale, b = 0.81 * scale;
    for (const [dx, dy, dz] of [[0.3, 0.9, 0.4], [1.4, 0.1, 0.05], [0.9999, 0.4, 0], [0.01, 0.2, 0.1]] as const) {
      const target = v(offset + dx * scale, -offset + dy * scale, offset * 0.5 + dz * scale);
      const r = solveTwoBoneIK(root, a, b, target, v(offset, -offset, offset * 0.5 + 7 * scale));
      expect(r.reachable).toBe(true);
      expect(r.end.toArray()).toEqual([target.x, target.y, target.z]);
      expectLengthsKept(root, a, b, r, target);
    }
  });

  it("stays exact near full extension where cos θ → 1", () => {
    const a = 1, b = 1;
    for (const gap of [1e-4, 1e-8, 1e-12, 1e-15]) {
      const target = v(2 - gap, 0, 0);
      const actualGap = 2 - target.x; // 2 − gap 은 float64 로 반올림된다
      const r = solveTwoBoneIK(ORIGIN, a, b, target, v(0, 1, 0));
      expect(r.reachable).toBe(true);
      expectLengthsKept(ORIGIN, a, b, r, target);
      // h = a·sin θ = √(d² (4 − d²)) / (2d) = √(4 − d²) / 2 ≈ √(gap): 헤론 공식이 자릿수를 지킨다.
      const exactHeight = Math.sqrt(actualGap * (4 - actualGap)) / 2;
      expect(r.joint.y / exactHeight).toBeCloseTo(1, 12);
    }
  });

  it("never returns NaN for extreme but valid magnitudes", () => {
    for (const [a, b, t] of [[1e-300, 1e-300, 1e-300], [1e150, 2e150, 2e150], [1, 1e-300, 0.5], [5e-324, 5e-324, 0]] as const) {
      const r = solveTwoBoneIK(ORIGIN, a, b, v(t, 0, 0), v(0, 1, 0));
      for (const c of [...r.joint.toArray(), ...r.end.toArray()]) expect(Number.isFinite(c)).toBe(true);
    }
  });
});

describe("solveTwoBoneIK — validation", () => {
  const good = { root: v(0, 0, 0), a: 1, b: 1, target: v(1, 0, 0), pole: v(0, 1, 0) };
  type Case = [string, Partial<typeof good>, string, string];
  const cases: Case[] = [
    ["a negative upper length", { a: -1 }, "upperLength", "-1"],
    ["a NaN lower length", { b: NaN }, "lowerLength", "NaN"],
    ["an infinite upper length", { a: Infinity }, "upperLength", "Infinity"],
    ["a non-number length", { b: "2" as unknown as number }, "lowerLength", "2"],
    ["both lengths zero", { a: 0, b: 0 }, "upperLength와 lowerLength", "0, 0"],
    ["lengths whose sum overflows", { a: 1e308, b: 1e308 }, "upperLength + lowerLength", "1e+308"],
    ["a NaN root coordinate", { root: v(0, NaN, 0) }, "root.y", "NaN"],
    ["an infinite target coordinate", { target: v(-Infinity, 0, 0) }, "target.x", "-Infinity"],
    ["a NaN pole coordinate", { pole: v(0, 0, NaN) }, "poleHint.z", "NaN"],
    ["a missing target", { target: undefined as unknown as Vector3Like }, "target", "undefined"],
    ["a target − root difference that overflows", { root: v(-1.7e308, 0, 0), target: v(1.7e308, 0, 0) }, "target − root", "Infinity"],
  ];

  it.each(cases)("rejects %s with a RangeError naming it, leaving out untouched", (_name, patch, argName, valueText) => {
    const c = { ...good, ...patch };
    const out = createTwoBoneIKResult();
    out.joint.set(7, 8, 9);
    out.end.set(-1, -2, -3);
    out.reachable = true;
    let error: unknown;
    try {
      solveTwoBoneIK(c.root, c.a, c.b, c.target, c.pole, out);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RangeError);
    expect((error as Error).message).toContain(argName);
    expect((error as Error).message).toContain(valueText);
    expect(out.joint.toArray()).toEqual([7, 8, 9]);
    expect(out.end.toArray()).toEqual([-1, -2, -3]);
    expect(out.reachable).toBe(true);
  });
});
