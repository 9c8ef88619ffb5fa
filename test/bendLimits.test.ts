// 굽힘 제한 (solveTwoBoneIK 의 options.bendLimits): 제한 안의 목표는 정확히 닿고, 밖의 목표는 같은 직선 위의 제한 끝으로
// 자르며, 관절의 굽힘은 제한 안에 있다. 굽힘은 풀이의 플래그가 아니라 결과 위치에서 다시 잰다.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Vector3 } from "three";
import type { Vector3Like } from "three";
import { createTwoBoneIKResult, solveTwoBoneIK } from "../src/index";
import type { BendLimits, TwoBoneIKResult } from "../src/index";
import { distance, lengthTolerance, PROPERTY_SEED } from "./helpers/tolerance";

const ORIGIN = Object.freeze({ x: 0, y: 0, z: 0 });
const v = (x: number, y: number, z: number): Readonly<Vector3Like> => Object.freeze({ x, y, z });
/** 굽힘을 결과에서 잴 때의 허용치 (라디안): issue 16 의 1e-9. */
const BEND_TOLERANCE = 1e-9;

/** 관절의 굽힘 = (joint − root) 와 (end − joint) 사이의 각 (0 = 곧게, π = 접힘), atan2 로 (acos 는 0·π 근처에서 부정확). */
function measuredBend(root: Readonly<Vector3Like>, r: TwoBoneIKResult): number {
  const u = new Vector3(r.joint.x - root.x, r.joint.y - root.y, r.joint.z - root.z);
  const w = new Vector3(r.end.x - r.joint.x, r.end.y - r.joint.y, r.end.z - r.joint.z);
  return Math.atan2(new Vector3().crossVectors(u, w).length(), u.dot(w));
}

/** 굽힘 β 에서의 뿌리–끝 거리 d(β) = √((a − b)² + 4ab·cos²(β/2)) = √(a² + b² + 2ab·cos β) (테스트용, 풀이와 다른 식). */
const reachAtBend = (a: number, b: number, bend: number): number =>
  Math.sqrt((a - b) * (a - b) + 4 * a * b * Math.cos(bend / 2) ** 2);

const bits = (r: TwoBoneIKResult): number[] => [...r.joint.toArray(), ...r.end.toArray(), Number(r.reachable)];

describe("solveTwoBoneIK — bend limits", () => {
  it("{ min: 0, max: π } gives bit for bit the answers without limits", () => {
    fc.assert(
      fc.property(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: 0, max: 3, noNaN: true }),
        fc.double({ min: 0.01, max: 2, noNaN: true }), fc.double({ min: 0.01, max: 2, noNaN: true }), (x, y, a, b) => {
          const target = v(x, y, 0.25), pole = v(0, 0, 1);
          const free = solveTwoBoneIK(ORIGIN, a, b, target, pole);
          const limited = solveTwoBoneIK(ORIGIN, a, b, target, pole, undefined, { bendLimits: { min: 0, max: Math.PI } });
          expect(bits(limited)).toEqual(bits(free));
        }),
      { seed: PROPERTY_SEED, numRuns: 2000 },
    );
  });

  it("min = 0 keeps a fully extended chain exactly straight", () => {
    const r = solveTwoBoneIK(ORIGIN, 0.7, 0.3, v(5, 0, 0), v(0, 1, 0), undefined, { bendLimits: { min: 0, max: 2 } });
    expect(r.joint.toArray()).toEqual([0.7, 0, 0]);
    expect(r.end.toArray()).toEqual([1, 0, 0]);
  });

  it("clamps a target beyond d(min) onto the same line at the bend min, reachable false", () => {
    const min = 0.2, a = 1, b = 0.8, target = v(3, 1, -0.5);
    const r = solveTwoBoneIK(ORIGIN, a, b, target, v(0, 5, 0), undefined, { bendLimits: { min, max: 2.5 } });
    expect(r.reachable).toBe(false);
    expect(Math.abs(measuredBend(ORIGIN, r) - min)).toBeLessThanOrEqual(BEND_TOLERANCE);
    expect(Math.abs(distance(ORIGIN, r.end) - reachAtBend(a, b, min))).toBeLessThanOrEqual(1e-14);
    const along = new Vector3(target.x, target.y, target.z).normalize();
    expect(r.end.clone().normalize().distanceTo(along)).toBeLessThanOrEqual(1e-15);
    expect(Math.abs(distance(ORIGIN, r.joint) - a)).toBeLessThanOrEqual(lengthTolerance(a + b));
    expect(Math.abs(distance(r.joint, r.end) - b)).toBeLessThanOrEqual(lengthTolerance(a + b));
  });

  it("clamps a target closer than d(max) to the bend max, reachable false", () => {
    const max = (150 * Math.PI) / 180;
    const r = solveTwoBoneIK(ORIGIN, 1, 1, v(0.1, 0, 0), v(0, 1, 0), undefined, { bendLimits: { min: 0, max } });
    expect(r.reachable).toBe(false);
    expect(Math.abs(measuredBend(ORIGIN, r) - max)).toBeLessThanOrEqual(BEND_TOLERANCE);
    expect(r.joint.y).toBeGreaterThan(0); // 극 쪽
  });

  it("min = max fixes the bend for every target", () => {
    const bend = 1.1;
    for (const target of [v(0.05, 0, 0), v(1.2, 0.3, 0), v(4, 0, 0), ORIGIN]) {
      const r = solveTwoBoneIK(ORIGIN, 0.9, 0.6, target, v(0, 0, 1), undefined, { bendLimits: { min: bend, max: bend } });
      expect(Math.abs(measuredBend(ORIGIN, r) - bend)).toBeLessThanOrEqual(BEND_TOLERANCE);
    }
  });

  it("is continuous as the target sweeps across each limit", () => {
    const a = 1, b = 0.7, limits = { min: 0.3, max: 2.6 };
    for (const edge of [reachAtBend(a, b, limits.min), reachAtBend(a, b, limits.max)]) {
      const out = createTwoBoneIKResult();
      let previous: Vector3 | null = null;
      for (let k = -50; k <= 50; k++) {
        const d = edge * (1 + k * 1e-9);
        solveTwoBoneIK(ORIGIN, a, b, v(d, 0, 0), v(0, 1, 0), out, { bendLimits: limits });
        // 거리 1e-9·d 만큼 움직이면 관절은 조건수 (~1e-9 / sin) 보다 훨씬 적게 움직여야 한다: 점프가 없다.
        if (previous !== null) expect(out.joint.distanceTo(previous)).toBeLessThan(1e-6);
        previous = out.joint.clone();
      }
    }
  });

  it("rejects invalid limits naming the argument and value before any write", () => {
    const bad: [unknown, string][] = [
      [{ min: Number.NaN, max: 1 }, "bendLimits.min"], [{ min: 0, max: "1" }, "bendLimits.max"],
      [{ min: 2, max: 1 }, "bendLimits.min"], [{ min: -0.1, max: 1 }, "bendLimits.min"],
      [{ min: 0, max: 4 }, "bendLimits.max"], [{ min: true, max: 1 }, "bendLimits.min"],
      [null, "bendLimits"], [3, "bendLimits"],
    ];
    const out = createTwoBoneIKResult();
    out.joint.set(7, 7, 7);
    for (const [limits, name] of bad) {
      const call = () => solveTwoBoneIK(ORIGIN, 1, 1, v(1, 0, 0), v(0, 1, 0), out, { bendLimits: limits as BendLimits });
      expect(call).toThrow(RangeError);
      expect(call).toThrow(name);
      expect(out.joint.toArray()).toEqual([7, 7, 7]);
    }
  });
});

describe("solveTwoBoneIK — bend limit properties", () => {
  // 조건을 로그 균등하게: 크기 10^[−6, 6], 뼈 비 10^[−3, 0], 제한 10^[−3, 0]·π, 목표는 제한 끝 근처 (상대 10^[−12, 0]).
  const limitCase = fc.record({
    scale: fc.integer({ min: -6, max: 6 }), ratio: fc.double({ min: -3, max: 0, noNaN: true }),
    minExp: fc.double({ min: -3, max: -0.05, noNaN: true }), width: fc.double({ min: 0, max: 1, noNaN: true }),
    side: fc.constantFrom(-1, 1), nearExp: fc.double({ min: -12, max: 0, noNaN: true }), edge: fc.constantFrom(0, 1),
  });

  it("inside the interval the end lands on the target; outside the bend is the limit; lengths never change", () => {
    const out = createTwoBoneIKResult();
    fc.assert(
      fc.property(limitCase, (c) => {
        const a = 10 ** c.scale, b = a * 10 ** c.ratio;
        const min = Math.PI * 10 ** c.minExp, max = min + (Math.PI - min) * c.width;
        const edge = reachAtBend(a, b, c.edge === 0 ? min : max);
        const d = edge * (1 + c.side * 10 ** c.nearExp);
        const target = v(d * 0.6, d * 0.8, 0);
        solveTwoBoneIK(ORIGIN, a, b, target, v(0, 0, a), out, { bendLimits: { min, max } });
        const tol = lengthTolerance(a + b);
        expect(Math.abs(distance(ORIGIN, out.joint) - a)).toBeLessThanOrEqual(tol);
        expect(Math.abs(distance(out.joint, out.end) - b)).toBeLessThanOrEqual(tol);
        const bend = measuredBend(ORIGIN, out);
        // 제한 안쪽 목표의 굽힘은 목표 거리가 정한다: 거리의 반올림 (ε·(a + b)) 이 굽힘에 주는 오차 ε·(a + b)·d / (ab·sin β) 를 더한다.
        const conditioning = (8 * Number.EPSILON * (a + b) * d) / (a * b * Math.max(Math.sin(bend), 1e-300));
        expect(bend).toBeGreaterThanOrEqual(min - BEND_TOLERANCE - conditioning);
        expect(bend).toBeLessThanOrEqual(max + BEND_TOLERANCE + conditioning);
        if (out.reachable) expect(out.end.toArray()).toEqual([target.x, target.y, target.z]);
        else expect(Math.min(Math.abs(bend - min), Math.abs(bend - max))).toBeLessThanOrEqual(BEND_TOLERANCE);
      }),
      { seed: PROPERTY_SEED, numRuns: 5000 },
    );
  });
});

describe("limits within 1e-12…1e-6 rad of straight or folded (their reach rounds to a + b or |a − b|)", () => {
  // 고치기 전: d(min) 이 a + b 로 (d(max) 가 |a − b| 로) 반올림되면 거리에서 구한 관절이 곧거나 접혀 제한을 넘었다
  // (make fuzz 가 찾았다: max = π − 3.5e-8 에 접힌 목표 → 굽힘 π).
  const nearEdge = fc.record({
    ratio: fc.double({ min: -2, max: 2, noNaN: true }), gapExp: fc.double({ min: -12, max: -6, noNaN: true }),
    folded: fc.boolean(), beyond: fc.double({ min: -16, max: 0, noNaN: true }), onEdge: fc.boolean(),
  });
  it("the bend is the limit to 1e-9 rad for targets at and beyond the straight or folded reach", () => {
    const out = createTwoBoneIKResult();
    fc.assert(fc.property(nearEdge, (c) => {
      const a = 1, b = 10 ** c.ratio, gap = 10 ** c.gapExp;
      const limits = c.folded ? { min: 0, max: Math.PI - gap } : { min: gap, max: Math.PI };
      const edge = c.folded ? Math.abs(a - b) : a + b;
      const d = c.onEdge ? edge : edge * (1 + (c.folded ? -1 : 1) * 10 ** c.beyond);
      solveTwoBoneIK(ORIGIN, a, b, v(d, 0, 0), v(0, 1, 0), out, { bendLimits: limits });
      const bend = measuredBend(ORIGIN, out);
      expect(bend).toBeGreaterThanOrEqual(limits.min - BEND_TOLERANCE);
      expect(bend).toBeLessThanOrEqual(limits.max + BEND_TOLERANCE);
      expect(out.joint.y).toBeGreaterThan(0); // 굽은 쪽은 극 쪽
    }), { seed: PROPERTY_SEED, numRuns: 2000 });
  });
});
