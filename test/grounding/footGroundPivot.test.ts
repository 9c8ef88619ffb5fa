// 계단 모서리에 걸친 발 (issue 17): 디딘 뒤꿈치는 제 단에 서고, 조금 높은 땅 위의 들린 발끝은 발을 젖혀 묻히지 않으며,
// 챌면에 걸친 발 (두 점의 땅이 2·plantedHeight 넘게 다르다) 은 한 디딤판으로 옮겨진다 (treadShift.ts).
// FootGround.read 의 목표 (offsetGoal·normalGoal·tread.shift) 를 그 자리에서 돌려 보고 잰다.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Object3D, Quaternion, Vector3 } from "three";
import { createHeightFieldGround } from "../../src/index";
import { FootGround } from "../../src/grounding/footGround";
import { GroundRay } from "../../src/grounding/groundRay";
import { tiltTowards } from "../../src/grounding/footRotation";

const UP = new Vector3(0, 1, 0);
const ANKLE_HEIGHT = 0.08;
const TOE_FORWARD = 0.12;
const SETTINGS = { maxStepHeight: 0.5, maxStepDown: 0.5, tiltWeight: 1, maxTilt: 0.7, footPrediction: 0.15, footSmoothTime: 0.08 };

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
  const ground = new FootGround(foot, soles, plantedHeight, new GroundRay(1));
  const heightAt = (_x: number, z: number): number => (z >= s.edge ? s.rise : 0);
  ground.read(createHeightFieldGround(heightAt), new Vector3(), UP, SETTINGS, { dt: 0 });
  const tilt = tiltTowards(new Quaternion(), UP, ground.normalGoal, { weight: SETTINGS.tiltWeight, maxTilt: SETTINGS.maxTilt });
  const ankle = foot.position;
  const move = ground.tread.shift;
  const moved = soles.map((local) => local.clone().applyQuaternion(tilt).add(ankle).add(ground.offsetGoal).add(move));
  // 제 땅: 옮긴 발바닥 점 바로 아래의 높이 함수 (닿음이 아니라 지형 그대로).
  const above = moved.map((p) => p.y - heightAt(p.x, p.z));
  // 디딘 뒤꿈치가 (한 디딤판으로 옮긴 것 말고) 옆으로 밀리면 모서리 너머 높은 단 속으로 들어갈 수 있다: 젖힘은 디딘 점 둘레로.
  const heelShift = Math.hypot(moved[0]!.x - move.x - soles[0]!.x - ankle.x, moved[0]!.z - move.z - soles[0]!.z - ankle.z);
  return {
    heel: above[0]!, toe: above[1]!, heelShift, pitch: 2 * Math.acos(Math.min(1, Math.abs(tilt.w))), ground,
    move: move.clone(), heelZ: moved[0]!.z, toeZ: moved[1]!.z,
  };
}

const PLANTED = 0.015;
/** 한 디딤판으로 옮기는 문턱 (두 닿음의 높이 차) 과 모서리에서 떨어뜨리는 거리: footGround.ts 의 2·plantedHeight, 4/3·plantedHeight. */
const TREAD_STEP = 2 * PLANTED, TREAD_MARGIN = (4 / 3) * PLANTED;

/**
 * 문턱 아래의 작은 단 (들린 발끝: plantedHeight 위, 단보다 낮게 들려 묻힌다): 젖혀서 넘긴다. 단과 발끝의 차는 로그 균등
 * (1e-5 … 단이 문턱의 0.95 가 될 때까지).
 */
const smallStep = fc.record({
  heelHeight: fc.double({ min: -0.002, max: 0.01, noNaN: true }),
  toeHeight: fc.double({ min: 1.05 * PLANTED, max: 0.9 * TREAD_STEP, noNaN: true }),
  logGap: fc.double({ min: Math.log(1e-5), max: Math.log(0.95 * TREAD_STEP - 1.05 * PLANTED), noNaN: true }),
  edge: fc.double({ min: 0.01, max: TOE_FORWARD - 0.01, noNaN: true }),
}).map((r) => ({ heelHeight: r.heelHeight, toeHeight: r.toeHeight, rise: Math.min(0.95 * TREAD_STEP, r.toeHeight + Math.exp(r.logGap)), edge: r.edge }))
  .filter((s) => s.rise > s.toeHeight);

/** 챌면: 문턱을 넘는 단 (로그 균등, 문턱의 1.05 배 … 0.5 m), 모서리는 두 점 사이 어디나. */
const riser = fc.record({
  heelHeight: fc.double({ min: -0.002, max: 0.01, noNaN: true }),
  toeHeight: fc.double({ min: 0.02, max: 0.05, noNaN: true }),
  logRise: fc.double({ min: Math.log(1.05 * TREAD_STEP), max: Math.log(0.5), noNaN: true }),
  edge: fc.double({ min: 0.01, max: TOE_FORWARD - 0.01, noNaN: true }),
}).map((r) => ({ heelHeight: r.heelHeight, toeHeight: r.toeHeight, rise: Math.exp(r.logRise), edge: r.edge }));

describe("FootGround on a small step (planted heel, raised toe over slightly higher ground)", () => {
  it("keeps the planted heel on its own step and lifts the toe just clear of the higher one by pitching the foot", () => {
    const r = readStraddle({ heelHeight: 0, toeHeight: 0.018, rise: 0.028, edge: 0.06 });
    expect(Math.abs(r.heel)).toBeLessThan(1e-9);
    expect(r.toe).toBeGreaterThan(-1e-9);
    expect(r.toe).toBeLessThan(1e-9); // 젖힘은 필요한 만큼만
    expect(r.pitch).toBeGreaterThan(0.05);
    expect(r.move.length()).toBe(0);
    expect(r.ground.clearance).toEqual([0, 0]);
  });

  it("property: any small step leaves the heel at its clip height, unmoved, and the toe not below its step", () => {
    fc.assert(fc.property(smallStep, (s) => {
      const r = readStraddle(s);
      expect(Math.abs(r.heel - s.heelHeight)).toBeLessThan(1e-9);
      expect(r.heelShift).toBeLessThan(1e-9);
      expect(r.move.length()).toBe(0);
      expect(r.toe).toBeGreaterThan(-1e-9);
      expect(r.pitch).toBeLessThanOrEqual(SETTINGS.maxTilt + 1e-12);
    }), { numRuns: 300 });
  });
});

describe("FootGround on a riser (the foot moves onto one tread)", () => {
  it("property: a foot across a riser lands wholly on one tread, the heel at its clip height, nothing buried, at least the margin from the edge", () => {
    fc.assert(fc.property(riser, (s) => {
      const r = readStraddle(s);
      // 두 점이 같은 디딤판 (모서리의 같은 쪽) 에, 모서리에서 (이분법의 해상도만큼 빼고) margin 넘게.
      const sideHeel = Math.sign(r.heelZ - s.edge), sideToe = Math.sign(r.toeZ - s.edge);
      expect(sideHeel).toBe(sideToe);
      const resolution = TOE_FORWARD / 64;
      expect(Math.min(Math.abs(r.heelZ - s.edge), Math.abs(r.toeZ - s.edge))).toBeGreaterThan(TREAD_MARGIN - resolution - 1e-12);
      expect(Math.abs(r.heel - s.heelHeight)).toBeLessThan(1e-9);
      expect(r.toe).toBeGreaterThan(-1e-9);
      expect(r.pitch).toBeLessThan(1e-9);
      // 수평으로만, 발 길이와 margin 을 넘지 않게.
      expect(Math.abs(r.move.y)).toBe(0);
      expect(r.move.length()).toBeLessThanOrEqual(TOE_FORWARD + TREAD_MARGIN + 1e-12);
    }), { numRuns: 300 });
  });

  it("a kink where a steep slope begins is not an edge: the foot is not moved", () => {
    const foot = new Object3D();
    foot.position.set(0, ANKLE_HEIGHT, 0);
    foot.updateMatrixWorld(true);
    const soles = [new Vector3(0, -ANKLE_HEIGHT, 0), new Vector3(0, -ANKLE_HEIGHT + 0.03, TOE_FORWARD)];
    const ground = new FootGround(foot, soles, PLANTED, new GroundRay(1));
    // 발끝 아래는 발꿈치 땅보다 0.07 m 높지만 (문턱 0.03 보다 높다) 땅은 이어져 있다.
    const kinked = createHeightFieldGround((_x, z) => (z > 0.02 ? (z - 0.02) * 0.7 : 0));
    ground.read(kinked, new Vector3(), UP, SETTINGS, { dt: 0 });
    expect(ground.tread.shift.length()).toBe(0);
  });

  it("without a last height (the first frame) it takes the shorter move", () => {
    const nearToe = readStraddle({ heelHeight: 0, toeHeight: 0.03, rise: 0.3, edge: 0.1 }); // 발끝이 2 cm 넘었다: 뒤로
    expect(nearToe.move.z).toBeLessThan(0);
    expect(nearToe.move.z).toBeGreaterThan(-0.05);
    const nearHeel = readStraddle({ heelHeight: 0, toeHeight: 0.03, rise: 0.3, edge: 0.02 }); // 뒤꿈치가 2 cm 앞: 앞으로
    expect(nearHeel.move.z).toBeGreaterThan(0);
    expect(nearHeel.move.z).toBeLessThan(0.05);
  });

  it("a raised toe over lower or equal ground leaves the foot flat and in place (no pitch, no lift, no move)", () => {
    for (const rise of [0, -0.05, -0.3]) {
      const r = readStraddle({ heelHeight: 0, toeHeight: 0.03, rise, edge: 0.06 });
      expect(r.pitch).toBe(0);
      expect(Math.abs(r.heel)).toBeLessThan(1e-12);
      expect(r.move.length()).toBe(0);
    }
  });

  it("without a planted point (a swinging foot) every sole point keeps its clip clearance over its own ground", () => {
    const r = readStraddle({ heelHeight: 0.05, toeHeight: 0.07, rise: 0.04, edge: 0.06 });
    expect(r.pitch).toBe(0);
    expect(r.toe).toBeGreaterThanOrEqual(0.07 - 1e-9);
    expect(r.heel).toBeGreaterThanOrEqual(0.05 - 1e-9);
  });
});
