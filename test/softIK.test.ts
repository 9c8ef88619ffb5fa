import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Vector3 } from "three";
import { softenDistance } from "../src/index";
import { softenTarget } from "../src/math/softIK";
import { PROPERTY_SEED } from "./helpers/tolerance";

describe("softenDistance", () => {
  it("leaves distances before the soft zone unchanged and is exactly 0-soft transparent", () => {
    expect(softenDistance(0.5, 1, 0.2)).toBe(0.5);
    expect(softenDistance(0.8, 1, 0.2)).toBe(0.8);
    expect(softenDistance(1.7, 1, 0)).toBe(1.7);
  });

  it("follows d′ = L − s·exp(−(d − (L − s))/s) inside the soft zone", () => {
    const L = 2, soft = 0.25, s = soft * L;
    for (const d of [1.6, 1.75, 2, 3, 10]) {
      expect(softenDistance(d, L, soft)).toBeCloseTo(L - s * Math.exp(-(d - (L - s)) / s), 14);
    }
  });

  it("is continuous, non-decreasing and never reaches L", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-3, max: 1e3, noNaN: true }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 1e-3, noNaN: true }),
        (L, soft, ratio, step) => {
          const d = ratio * L, d2 = d + step * L;
          const a = softenDistance(d, L, soft), b = softenDistance(d2, L, soft);
          const rounding = 4 * Number.EPSILON * L; // L − s 의 반올림
          return a <= d + rounding && b >= a - rounding && b - a <= d2 - d + rounding && b <= L;
        },
      ),
      { seed: PROPERTY_SEED, numRuns: 10_000 },
    );
  });
});

describe("softenTarget (the bone solver's in-place form)", () => {
  it("moves the target to the same distance softenDistance gives, along the same ray", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0.01, max: 3, noNaN: true }),
        (a, b, soft, ratio) => {
          const root = new Vector3(1, -2, 3);
          const direction = new Vector3(0.3, 0.5, -0.8).normalize();
          const distance = ratio * (a + b);
          const target = root.clone().addScaledVector(direction, distance);
          const moved = softenTarget(target, root, { upperLength: a, lowerLength: b }, { soft });
          const expected = softenDistance(distance, a + b, soft);
          const tol = 1e-12 * (a + b) * 10;
          return Math.abs(target.distanceTo(root) - expected) <= tol
            && moved === (expected < distance)
            && target.clone().sub(root).normalize().distanceTo(direction) < 1e-12;
        },
      ),
      { seed: PROPERTY_SEED, numRuns: 10_000 },
    );
  });
});
