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

describe("follow spring (FootPlacement's feet and pelvis): continuous change followed at once, only jumps smoothed", () => {
  // stepFollow 는 라이브러리 내부용이다 (공개 API 가 아니다): 발 딛기의 성질을 직접 본다.
  const load = () => import("../src/grounding/criticalSpring");

  it("a goal moving slower than the limit is followed with no lag (a foot on a slope does not float)", async () => {
    const { createFollowSpring, createSpringStep, stepFollow } = await load();
    fc.assert(fc.property(fc.double({ min: -1.9, max: 1.9, noNaN: true }), fc.constantFrom(30, 60, 144), (speed, fps) => {
      const s = createFollowSpring(0), step = createSpringStep();
      step.smoothTime = 0.08; step.dt = 1 / fps; step.limit = 2;
      for (let i = 0; i < fps; i++) {
        s.goal += speed / fps;
        stepFollow(s, step);
        expect(Math.abs(s.value - s.goal)).toBeLessThanOrEqual(1e-12);
      }
    }), { seed: 20261202, numRuns: 200 });
  });

  it("a jump is smoothed like the plain spring and looks the same at 30, 60 and 144 fps", async () => {
    const { createFollowSpring, createSpringStep, stepFollow } = await load();
    const after = (fps: number): number => {
      const s = createFollowSpring(0), step = createSpringStep();
      step.smoothTime = 0.1; step.dt = 1 / fps; step.limit = 2;
      s.goal = 1; // 한 프레임에 1 만큼 튄다 (한계 2/s 보다 훨씬 빠르다)
      for (let i = 0; i < (fps / 10) * 2; i++) stepFollow(s, step);
      return s.value;
    };
    const values = [30, 60, 144].map((fps) => after(fps));
    // 0.2 s 뒤: 처음 한 프레임의 따라간 몫 (2/fps) 만큼만 서로 다르다, 스프링이 아직 목표에 닿지 않았다.
    for (const v of values) expect(v).toBeLessThan(0.95);
    expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(0.06);
  });

  it("takes the same step as stepCriticalSpring when the goal does not move", async () => {
    const { createFollowSpring, createSpringStep, stepFollow } = await load();
    const s = createFollowSpring(0.3), plain = createCriticalSpringState(0.3), step = createSpringStep();
    s.velocity = 0.7; plain.velocity = 0.7; s.goal = -0.2; s.previousGoal = -0.2;
    step.smoothTime = 0.15; step.dt = 0.02; step.limit = 1;
    stepFollow(s, step);
    stepCriticalSpring(plain, -0.2, 0.15, 0.02);
    expect([s.value, s.velocity]).toEqual([plain.value, plain.velocity]);
  });

  it("a step object reused with new smoothTime and dt steps exactly like stepCriticalSpring (its cached decay follows them)", async () => {
    const { createFollowSpring, createSpringStep, stepFollow } = await load();
    const logUniform = (lo: number, hi: number) => fc.double({ min: Math.log(lo), max: Math.log(hi), noNaN: true }).map(Math.exp);
    const stepArb = fc.record({ smoothTime: logUniform(1e-4, 10), dt: logUniform(1e-5, 1), goal: fc.double({ min: -2, max: 2, noNaN: true }) });
    fc.assert(fc.property(fc.array(stepArb, { minLength: 1, maxLength: 12 }), (steps) => {
      const shared = createSpringStep();
      const s = createFollowSpring(0.3), plain = createCriticalSpringState(0.3);
      for (const { smoothTime, dt, goal } of steps) {
        s.goal = goal; s.previousGoal = goal; // 목표가 움직이지 않는 걸음: 이어지는 몫이 없다
        shared.smoothTime = smoothTime; shared.dt = dt; shared.limit = 1;
        stepFollow(s, shared);
        stepCriticalSpring(plain, goal, smoothTime, dt);
        expect([s.value, s.velocity]).toEqual([plain.value, plain.velocity]);
      }
    }), { numRuns: 300 });
  });
});
