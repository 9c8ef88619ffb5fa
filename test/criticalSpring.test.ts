// 임계 감쇠 스프링: 해석해 한 걸음, 프레임 속도와 무관한 궤적, 넘어가지 않음, 잘못된 인자.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createCriticalSpringState, stepCriticalSpring } from "../src/index";

/** 목표가 고정일 때 나눈 걸음과 한 걸음의 차이 허용치 (처음 거리에 대한 비율): float64 반올림만. */
const SPLIT_TOLERANCE = 1e-12;

function run(fps: number, seconds: number, smoothTime: number, start: number, goal: number): number {
  const s = createCriticalSpringState(start);
  const frames = Math.round(seconds * fps);
  for (let i = 0; i < frames; i++) stepCriticalSpring(s, goal, smoothTime, 1 / fps);
  return s.value;
}

describe("critically damped spring", () => {
  it("one step equals the analytic solution x(t) = g + (c + (v0 + ωc) t) e^(−ωt)", () => {
    const s = { value: 2, velocity: -1 };
    stepCriticalSpring(s, 0.5, 0.4, 0.3);
    const omega = 2 / 0.4, c = 1.5, j = -1 + omega * c;
    expect(s.value).toBe(0.5 + (c + j * 0.3) * Math.exp(-omega * 0.3));
    expect(s.velocity).toBe((-1 - omega * j * 0.3) * Math.exp(-omega * 0.3));
  });

  it("gives the same trajectory at 30, 60 and 144 fps for a fixed goal", () => {
    for (const seconds of [0.5, 1, 2]) {
      const a = run(30, seconds, 0.2, 1, 0), b = run(60, seconds, 0.2, 1, 0), c = run(144, seconds, 0.2, 1, 0);
      expect(Math.abs(a - b)).toBeLessThan(SPLIT_TOLERANCE);
      expect(Math.abs(a - c)).toBeLessThan(SPLIT_TOLERANCE);
    }
  });

  it("never passes the goal when it starts at rest (property, seeded)", () => {
    fc.assert(fc.property(
      fc.double({ min: -6, max: 6, noNaN: true }), fc.double({ min: -4, max: 1, noNaN: true }),
      fc.double({ min: -4, max: 0, noNaN: true }), fc.integer({ min: 1, max: 400 }),
      (logDistance, logSmooth, logDt, steps) => {
        const start = 10 ** logDistance;
        const s = createCriticalSpringState(start);
        for (let i = 0; i < steps; i++) {
          stepCriticalSpring(s, 0, 10 ** logSmooth, 10 ** logDt);
          if (s.value < 0 || s.value > start) return false;
        }
        return true;
      },
    ), { seed: 0x5917, numRuns: 300 });
  });

  it("jumps to the goal when smoothTime is 0 and stays put when dt is 0", () => {
    const s = { value: 3, velocity: 2 };
    stepCriticalSpring(s, 3, 0.1, 0);
    expect(s).toEqual({ value: 3, velocity: 2 });
    stepCriticalSpring(s, -1, 0, 0.016);
    expect(s).toEqual({ value: -1, velocity: 0 });
  });

  it.each([
    ["goal", NaN, 0.1, 0.1],
    ["smoothTime", 0, -1, 0.1],
    ["smoothTime", 0, Infinity, 0.1],
    ["dt", 0, 0.1, -0.01],
    ["dt", 0, 0.1, NaN],
  ])("rejects a bad %s before writing", (name, goal, smoothTime, dt) => {
    const s = { value: 1, velocity: 0.5 };
    expect(() => stepCriticalSpring(s, goal, smoothTime, dt)).toThrow(new RegExp(`${name}.*${String(name === "goal" ? goal : name === "dt" ? dt : smoothTime)}`));
    expect(s).toEqual({ value: 1, velocity: 0.5 });
  });
});
