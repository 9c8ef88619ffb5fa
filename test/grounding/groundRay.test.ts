// 땅 질의를 부르는 광선 (groundRay.ts): 질의에는 프레임마다 같은 길이를 넘기고 먼 닿음은 스스로 버리지만, 결과는 정확한 길이
// (maxStepHeight + max(lift, 0) + maxStepDown) 로 쏜 것과 같아야 한다. 길이 규칙의 경계와 드문 길 (lift > slack) 을 본다.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Vector3 } from "three";
import type { GroundHit, GroundQuery } from "../../src/index";
import { GroundRay } from "../../src/grounding/groundRay";

const logUniform = (lo: number, hi: number) => fc.double({ min: Math.log(lo), max: Math.log(hi), noNaN: true }).map(Math.exp);

/** origin 에서 광선을 따라 distance 에 땅이 있는 질의 (maxDistance 안일 때만 닿는다). 받은 maxDistance 를 적어 둔다. */
function groundAt(distance: number, seen: number[]): GroundQuery {
  return (origin, direction, maxDistance, out) => {
    seen.push(maxDistance);
    if (!(distance <= maxDistance)) return null;
    out.point.copy(origin).addScaledVector(direction, distance);
    out.normal.set(0, 1, 0);
    return out;
  };
}

const hit = (): GroundHit => ({ point: new Vector3(), normal: new Vector3() });

describe("GroundRay", () => {
  it("finds ground exactly when the exact-length ray would, and hands the query one unchanging length while lift ≤ slack", () => {
    const settings = fc.record({
      maxStepHeight: logUniform(1e-4, 10), maxStepDown: logUniform(1e-4, 10), slack: logUniform(1e-3, 10),
      // lift: 음수 (발바닥이 클립의 땅 아래), 0 근처, slack 근처와 그 위 (드문 길).
      lift: fc.oneof(logUniform(1e-9, 100), logUniform(1e-9, 1).map((x) => -x), fc.constant(0)),
      // 땅까지의 거리: 정확한 길이에서 상대 1e-12 … 1 만큼 안쪽이나 바깥쪽.
      side: fc.constantFrom(-1, 1), gap: logUniform(1e-12, 1),
      up: fc.constantFrom(new Vector3(0, 1, 0), new Vector3(0, 0, 1), new Vector3(1, 2, -0.5).normalize()),
    });
    fc.assert(fc.property(settings, ({ maxStepHeight, maxStepDown, slack, lift, side, gap, up }) => {
      const ray = new GroundRay(slack);
      ray.prepare(up, { maxStepHeight, maxStepDown });
      ray.origin.set(0.3, 1.2, -0.7);
      ray.lift = lift;
      const reach = maxStepHeight + Math.max(lift, 0) + maxStepDown;
      const distance = reach * (1 + side * gap);
      const seen: number[] = [];
      const found = ray.cast(groundAt(distance, seen), hit(), 0) !== null;
      expect(found).toBe(side < 0);
      expect(seen).toEqual([lift > slack ? reach : maxStepHeight + maxStepDown + slack]);
    }), { numRuns: 2000 });
  });

  it("hands the query the same length every frame, whatever the lift below slack, until the settings change", () => {
    const ray = new GroundRay(0.9);
    const seen: number[] = [];
    const ground = groundAt(0.2, seen);
    ray.origin.set(0, 1, 0);
    for (const maxStepHeight of [0.4, 0.4, 0.4, 0.5, 0.5]) {
      ray.prepare(new Vector3(0, 1, 0), { maxStepHeight, maxStepDown: 0.3 });
      ray.lift = 0.01 * seen.length;
      ray.cast(ground, hit(), 0);
    }
    expect(seen).toEqual([0.4 + 0.3 + 0.9, 0.4 + 0.3 + 0.9, 0.4 + 0.3 + 0.9, 0.5 + 0.3 + 0.9, 0.5 + 0.3 + 0.9]);
  });

  it("throws a RangeError naming the sole point when the query returns a non-finite hit", () => {
    const ray = new GroundRay(1);
    ray.prepare(new Vector3(0, 1, 0), { maxStepHeight: 0.5, maxStepDown: 0.5 });
    const bad: GroundQuery = (_o, _d, _m, out) => { out.point.set(0, Number.NaN, 0); out.normal.set(0, 1, 0); return out; };
    expect(() => ray.cast(bad, hit(), 1)).toThrow(RangeError);
    expect(() => ray.cast(bad, hit(), 1)).toThrow(/발바닥 점 1/);
  });
});
