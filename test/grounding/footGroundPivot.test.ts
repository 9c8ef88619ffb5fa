// 계단 모서리에 걸친 발 (issue 17): 디딘 뒤꿈치는 제 단에 서고, 더 높은 단 위의 들린 발끝은 발을 젖혀 묻히지 않는다.
// FootGround.read 의 목표 (offsetGoal·normalGoal) 를 그 자리에서 돌려 보고 잰다: 예전처럼 높은 단에 맞추면 뒤꿈치가 뜬다.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Object3D, Quaternion, Vector3 } from "three";
import { createHeightFieldGround } from "../../src/index";
import { FootGround } from "../../src/grounding/footGround";
import { tiltTowards } from "../../src/grounding/footRotation";

const UP = new Vector3(0, 1, 0);
const ANKLE_HEIGHT = 0.08;
const TOE_FORWARD = 0.12;
const SETTINGS = { maxStepHeight: 0.5, maxStepDown: 0.5, tiltWeight: 1, maxTilt: 0.7, footPrediction: 0.15 };

interface Straddle {
  /** 뒤꿈치의 클립 높이 (디딘 점: plantedHeight 안), 발끝의 클립 높이 (들린 점), 모서리 너머 단의 높이, 모서리 (z). */
  heelHeight: number;
  toeHeight: number;
  rise: number;
  edge: number;
}

/** 발목이 (0, ANKLE_HEIGHT + heelHeight, 0) 인 발 하나의 목표를 읽고, 그 목표로 옮긴 뒤꿈치·발끝의 제 땅 위 높이를 돌려준다. */
function readStraddle(s: Straddle, plantedHeight = 0.015) {
  const foot = new Object3D();
  foot.position.set(0, ANKLE_HEIGHT + s.heelHeight, 0);
  foot.updateMatrixWorld(true);
  const soles = [new Vector3(0, -ANKLE_HEIGHT, 0), new Vector3(0, -ANKLE_HEIGHT + s.toeHeight - s.heelHeight, TOE_FORWARD)];
  const ground = new FootGround(foot, soles, plantedHeight);
  const heightAt = (_x: number, z: number): number => (z >= s.edge ? s.rise : 0);
  ground.read(createHeightFieldGround(heightAt), new Vector3(), UP, SETTINGS, { dt: 0 });
  const tilt = tiltTowards(new Quaternion(), UP, ground.normalGoal, { weight: SETTINGS.tiltWeight, maxTilt: SETTINGS.maxTilt });
  const ankle = foot.position;
  const moved = soles.map((local) => local.clone().applyQuaternion(tilt).add(ankle).add(ground.offsetGoal));
  const above = moved.map((p, i) => p.y - ground.hits[i]!.point.y);
  // 디딘 뒤꿈치가 옆으로 밀리면 (발목 둘레로 돌면) 모서리 너머 높은 단 속으로 들어갈 수 있다: 젖힘은 디딘 점 둘레로.
  const heelShift = Math.hypot(moved[0]!.x - soles[0]!.x - ankle.x, moved[0]!.z - soles[0]!.z - ankle.z);
  return { heel: above[0]!, toe: above[1]!, heelShift, pitch: 2 * Math.acos(Math.min(1, Math.abs(tilt.w))), ground };
}

/** 0.12 m 발이 maxTilt (0.7 rad) 안에서 넘을 수 있는 단: rise ≤ hypot(U, W)·sin(…) 를 넉넉히 안쪽으로. */
const feasible = fc.record({
  heelHeight: fc.double({ min: -0.002, max: 0.01, noNaN: true }),
  toeHeight: fc.double({ min: 0.02, max: 0.05, noNaN: true }),
  // 단의 높이와 모서리: 로그 균등 (1e-4 … 0.06 m), 모서리는 두 점에서 유한 차분 간격보다 멀리.
  logRise: fc.double({ min: Math.log(1e-4), max: Math.log(0.06), noNaN: true }),
  edge: fc.double({ min: 0.01, max: TOE_FORWARD - 0.01, noNaN: true }),
}).map((r) => ({ heelHeight: r.heelHeight, toeHeight: r.toeHeight, rise: r.toeHeight + Math.exp(r.logRise), edge: r.edge }));

describe("FootGround on a stair edge (planted heel, raised toe over the higher step)", () => {
  it("keeps the planted heel on its own step and lifts the toe just clear of the higher one by pitching the foot", () => {
    const r = readStraddle({ heelHeight: 0, toeHeight: 0.03, rise: 0.06, edge: 0.06 });
    expect(Math.abs(r.heel)).toBeLessThan(1e-9);
    expect(r.toe).toBeGreaterThan(-1e-9);
    expect(r.toe).toBeLessThan(1e-9); // 젖힘은 필요한 만큼만
    expect(r.pitch).toBeGreaterThan(0.1);
    expect(r.ground.clearance).toEqual([0, 0]);
  });

  it("property: any feasible straddle leaves the heel at its clip height and the toe not below its step", () => {
    fc.assert(fc.property(feasible, (s) => {
      const r = readStraddle(s);
      expect(Math.abs(r.heel - s.heelHeight)).toBeLessThan(1e-9);
      expect(r.heelShift).toBeLessThan(1e-9);
      expect(r.toe).toBeGreaterThan(-1e-9);
      expect(r.pitch).toBeLessThanOrEqual(SETTINGS.maxTilt + 1e-12);
    }), { numRuns: 300 });
  });

  it("a step too high for maxTilt lifts the whole foot just enough that the toe is not buried", () => {
    const r = readStraddle({ heelHeight: 0, toeHeight: 0.03, rise: 0.3, edge: 0.06 });
    expect(r.pitch).toBeCloseTo(SETTINGS.maxTilt, 12);
    expect(Math.abs(r.toe)).toBeLessThan(1e-9);
    expect(r.heel).toBeGreaterThan(0);
  });

  it("a toe over lower or equal ground leaves the foot flat (no pitch, no lift)", () => {
    for (const rise of [0, -0.05]) {
      const r = readStraddle({ heelHeight: 0, toeHeight: 0.03, rise, edge: 0.06 });
      expect(r.pitch).toBe(0);
      expect(Math.abs(r.heel)).toBeLessThan(1e-12);
    }
  });

  it("without a planted point (a swinging foot) every sole point keeps its clip clearance over its own ground", () => {
    const r = readStraddle({ heelHeight: 0.05, toeHeight: 0.07, rise: 0.04, edge: 0.06 });
    expect(r.pitch).toBe(0);
    expect(r.toe).toBeGreaterThanOrEqual(0.07 - 1e-9);
    expect(r.heel).toBeGreaterThanOrEqual(0.05 - 1e-9);
  });
});
