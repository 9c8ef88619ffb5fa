// 끝 회전 · tip · 굽힘 제한 (issue 16, spec/END_EFFECTOR.md): 뼈 위에서의 성질을 조건수에 걸쳐 (크기·tip 의 길이·
// 경계까지의 거리를 여러 자릿수에 로그 균등으로) 본다.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Bone, Group, Object3D, Quaternion, Vector3 } from "three";
import { TwoBoneIK } from "../src/index";
import type { TwoBoneIKOptions } from "../src/index";
import { lengthTolerance, PROPERTY_SEED } from "./helpers/tolerance";

const RUNS = { seed: PROPERTY_SEED, numRuns: 300 };

/** 두 회전 사이의 각 (라디안, q ≡ −q). */
function rotationAngle(q1: Quaternion, q2: Quaternion): number {
  const dot = Math.abs(q1.dot(q2)) / (q1.length() * q2.length());
  // 작은 각에서 acos 는 자릿수를 잃는다: |q1 − q2| (부호를 맞춘) 로 잰다.
  const sign = q1.dot(q2) < 0 ? -1 : 1;
  const d = Math.hypot(q1.x - sign * q2.x, q1.y - sign * q2.y, q1.z - sign * q2.z, q1.w - sign * q2.w);
  return dot > 0.999 ? 2 * d : 2 * Math.acos(Math.min(1, dot));
}

const worldPosition = (o: Object3D) => o.getWorldPosition(new Vector3());
const worldQuaternion = (o: Object3D) => o.getWorldQuaternion(new Quaternion());
/** end 의 로컬 점 tip 의 월드 자리 (지금 행렬로). */
const tipWorld = (end: Object3D, tip: Vector3) => tip.clone().applyMatrix4(end.matrixWorld);

const unit = fc.double({ min: -1, max: 1, noNaN: true });
const rotation = fc.tuple(unit, unit, unit, unit).filter((q) => Math.hypot(...q) > 0.1)
  .map(([x, y, z, w]) => new Quaternion(x, y, z, w).normalize());
const direction = fc.tuple(unit, unit, unit).filter(([x, y, z]) => x * x + y * y + z * z > 0.01)
  .map(([x, y, z]) => new Vector3(x, y, z).normalize());
const decades = (lo: number, hi: number) => fc.double({ min: lo, max: hi, noNaN: true }).map((e) => 10 ** e);

const chainShape = fc.record({
  parentRotation: rotation,
  size: decades(-3, 3),
  offset: fc.tuple(unit, unit, unit),
  rotations: fc.tuple(rotation, rotation, rotation),
  midDirection: direction,
  endDirection: direction,
  ratio: decades(-1, 1),
  endScale: fc.tuple(decades(-0.3, 0.3), decades(-0.3, 0.3), decades(-0.3, 0.3)),
  tipDirection: direction,
  tipRatio: decades(-6, -0.3), // ≤ 0.5: tip 이 관절에 겹쳐 b′ = 0 이 되지 않게
  twist: fc.boolean(),
});
type ChainShape = typeof chainShape extends fc.Arbitrary<infer T> ? T : never;

interface Chain { parent: Group; upper: Bone; mid: Bone; end: Bone; tip: Vector3 }

/** 부모 (회전·균등 스케일·이동) → upper (→ 비틀림 뼈) → mid → end (균등하지 않은 스케일), tip 은 아래 뼈 길이의 비율. */
function buildChain(c: ChainShape): Chain {
  const parent = new Group();
  parent.quaternion.copy(c.parentRotation);
  parent.scale.setScalar(c.size);
  parent.position.set(c.offset[0] * c.size, c.offset[1] * c.size, c.offset[2] * c.size);
  const upper = new Bone(), mid = new Bone(), end = new Bone();
  upper.quaternion.copy(c.rotations[0]);
  mid.quaternion.copy(c.rotations[1]);
  end.quaternion.copy(c.rotations[2]);
  mid.position.copy(c.midDirection);
  end.position.copy(c.endDirection).multiplyScalar(c.ratio);
  end.scale.set(...c.endScale);
  parent.add(upper);
  if (c.twist) {
    // 비틀림 뼈: 위 뼈의 가운데, 뼈 축을 따라 돈다.
    const twist = new Bone();
    twist.position.copy(c.midDirection).multiplyScalar(0.5);
    twist.quaternion.setFromAxisAngle(c.midDirection, 0.7);
    upper.add(twist);
    mid.position.copy(c.midDirection).multiplyScalar(0.5).applyQuaternion(twist.quaternion.clone().invert());
    twist.add(mid);
  } else {
    upper.add(mid);
  }
  mid.add(end);
  // tip: end 의 로컬 공간에서 아래 뼈 길이 × tipRatio (end 의 스케일로 나눠 월드 길이가 그 비율이 되게).
  const tip = c.tipDirection.clone().multiplyScalar(c.ratio * c.tipRatio).divide(end.scale);
  parent.updateMatrixWorld(true);
  return { parent, upper, mid, end, tip };
}

/** 거리 비율 t ∈ (0, 1) 을 경계에서 10^−k 떨어지게 (k 는 1…10): 안쪽 양 끝 가까이도 고르게. */
const insideFraction = fc.tuple(decades(-10, -0.5), fc.boolean()).map(([e, low]) => (low ? e : 1 - e));

function boneLengths(ch: Chain): [number, number] {
  return [worldPosition(ch.upper).distanceTo(worldPosition(ch.mid)), worldPosition(ch.mid).distanceTo(worldPosition(ch.end))];
}

/** 관절의 굽힘 β (0 = 곧음): (mid − root) 와 (효과점 − mid) 사이의 각. */
function bend(root: Vector3, joint: Vector3, effector: Vector3): number {
  const u = joint.clone().sub(root), v = effector.clone().sub(joint);
  return Math.atan2(u.clone().cross(v).length(), u.dot(v));
}

/** 굽은 쪽: 관절이 뿌리–목표 직선에서 극 쪽에 있다. */
function onPoleSide(root: Vector3, joint: Vector3, target: Vector3, pole: Vector3): boolean {
  const f = target.clone().sub(root).normalize();
  const j = joint.clone().sub(root), p = pole.clone().sub(root);
  j.addScaledVector(f, -j.dot(f));
  p.addScaledVector(f, -p.dot(f));
  return j.dot(p) >= 0;
}

describe("tip: the point in the end bone's space that lands on the target", () => {
  it("follows the lower bone: the tip lands on every target inside [|a − b′|, a + b′], lengths kept, joint on the pole side", () => {
    fc.assert(fc.property(chainShape, direction, insideFraction, direction, (c, toward, t, poleDir) => {
      const ch = buildChain(c);
      const root = worldPosition(ch.upper), mid = worldPosition(ch.mid);
      const a = root.distanceTo(mid), b = mid.distanceTo(tipWorld(ch.end, ch.tip));
      const lo = Math.abs(a - b), hi = a + b;
      const target = root.clone().addScaledVector(toward, lo + t * (hi - lo));
      const pole = root.clone().addScaledVector(poleDir, hi);
      const lengths = boneLengths(ch);
      const ik = new TwoBoneIK(ch.upper, ch.mid, ch.end, { tip: ch.tip });
      const result = ik.solve(target, pole);
      const tip = tipWorld(ch.end, ch.tip);
      const tol = lengthTolerance(hi, target, root) * 8;
      expect(tip.distanceTo(target)).toBeLessThanOrEqual(tol);
      expect(result.end.distanceTo(tip)).toBeLessThanOrEqual(tol);
      expect(result.reachable).toBe(true);
      const after = boneLengths(ch);
      expect(Math.abs(after[0] - lengths[0])).toBeLessThanOrEqual(tol);
      expect(Math.abs(after[1] - lengths[1])).toBeLessThanOrEqual(tol);
      // 극이 직선 가까이면 굽는 쪽이 정해지지 않는다: 직선에서 떨어진 극만 본다.
      const f = target.clone().sub(root).normalize(), p = pole.clone().sub(root);
      if (p.clone().addScaledVector(f, -p.dot(f)).length() > 1e-3 * hi) {
        expect(onPoleSide(root, result.joint, target, pole)).toBe(true);
      }
    }), RUNS);
  });

  it("out of reach the tip triangle is straight: root, joint and tip on one line toward the target", () => {
    fc.assert(fc.property(chainShape, direction, decades(-4, 1), (c, toward, beyond) => {
      const ch = buildChain(c);
      const root = worldPosition(ch.upper), mid = worldPosition(ch.mid);
      const a = root.distanceTo(mid), b = mid.distanceTo(tipWorld(ch.end, ch.tip));
      const target = root.clone().addScaledVector(toward, (a + b) * (1 + beyond));
      const ik = new TwoBoneIK(ch.upper, ch.mid, ch.end, { tip: ch.tip });
      const result = ik.solve(target);
      expect(result.reachable).toBe(false);
      const tip = tipWorld(ch.end, ch.tip);
      const tol = lengthTolerance(a + b, target, root) * 8;
      expect(tip.distanceTo(root.clone().addScaledVector(toward, a + b))).toBeLessThanOrEqual(tol * 1e3);
      expect(bend(root, result.joint, tip)).toBeLessThanOrEqual(1e-6);
    }), RUNS);
  });

  it("tip at the origin gives today's answer bit for bit", () => {
    fc.assert(fc.property(chainShape, direction, insideFraction, (c, toward, t) => {
      const one = buildChain(c), two = buildChain(c);
      const root = worldPosition(one.upper);
      const target = root.clone().addScaledVector(toward, t * 2);
      new TwoBoneIK(one.upper, one.mid, one.end).solve(target);
      new TwoBoneIK(two.upper, two.mid, two.end, { tip: new Vector3() }).solve(target);
      expect(two.upper.quaternion.toArray()).toEqual(one.upper.quaternion.toArray());
      expect(two.mid.quaternion.toArray()).toEqual(one.mid.quaternion.toArray());
    }), { ...RUNS, numRuns: 100 });
  });
});

/** 끝 회전 Q 로 놓인 end 의 원점 → tip (월드): Q·(월드 스케일 ⊙ tip). */
function heldTipOffset(end: Object3D, tip: Vector3, q: Quaternion): Vector3 {
  const scale = end.getWorldScale(new Vector3());
  return tip.clone().multiply(scale).applyQuaternion(q);
}

describe("endRotation: the end bone takes a given world rotation and the tip still lands", () => {
  it("weight 1: the end's world rotation equals endRotation to 1e-12, the tip is on the target", () => {
    fc.assert(fc.property(chainShape, rotation, direction, insideFraction, fc.boolean(), (c, q, toward, t, withTip) => {
      const ch = buildChain(c);
      const tip = withTip ? ch.tip : new Vector3();
      const root = worldPosition(ch.upper), mid = worldPosition(ch.mid);
      const [a, b] = [root.distanceTo(mid), mid.distanceTo(worldPosition(ch.end))];
      const lo = Math.abs(a - b), hi = a + b;
      // end 원점이 닿는 범위 안에 두고, 목표는 그 자리 + 끝 회전으로 놓인 tip 오프셋.
      const origin = root.clone().addScaledVector(toward, lo + t * (hi - lo));
      const target = origin.clone().add(heldTipOffset(ch.end, tip, q));
      const ik = new TwoBoneIK(ch.upper, ch.mid, ch.end, { tip });
      const result = ik.solve(target, undefined, { endRotation: q });
      expect(rotationAngle(worldQuaternion(ch.end), q)).toBeLessThanOrEqual(1e-12 * 16);
      const tol = lengthTolerance(hi, target, root) * 8;
      expect(tipWorld(ch.end, tip).distanceTo(target)).toBeLessThanOrEqual(tol);
      expect(result.reachable).toBe(true);
    }), RUNS);
  });

  it("partial weight: the end's rotation is slerp(rotation without endRotation, endRotation, w) and the tip lands", () => {
    fc.assert(fc.property(chainShape, rotation, direction, fc.double({ min: 0.3, max: 0.7, noNaN: true }),
      decades(-8, -0.01), (c, q, toward, t, w) => {
        const free = buildChain(c), held = buildChain(c);
        const root = worldPosition(free.upper), mid = worldPosition(free.mid);
        const a = root.distanceTo(mid), b = mid.distanceTo(tipWorld(free.end, free.tip));
        const target = root.clone().addScaledVector(toward, Math.abs(a - b) + t * 2 * Math.min(a, b));
        const freeIK = new TwoBoneIK(free.upper, free.mid, free.end, { tip: free.tip });
        freeIK.solve(target);
        const without = worldQuaternion(free.end);
        const ik = new TwoBoneIK(held.upper, held.mid, held.end, { tip: held.tip });
        const result = ik.solve(target, undefined, { endRotation: q, endRotationWeight: w });
        const expected = without.clone().slerp(q, w);
        expect(rotationAngle(worldQuaternion(held.end), expected)).toBeLessThanOrEqual(1e-11);
        if (result.reachable) {
          expect(tipWorld(held.end, held.tip).distanceTo(target)).toBeLessThanOrEqual(lengthTolerance(a + b, target, root) * 8);
        }
      }), RUNS);
  });

  it("weight 0 is the same as no endRotation; the chain weight blends the end too (weight 0 leaves the pose as it was)", () => {
    fc.assert(fc.property(chainShape, rotation, direction, (c, q, toward) => {
      const one = buildChain(c), two = buildChain(c);
      const target = worldPosition(one.upper).addScaledVector(toward, 0.5);
      new TwoBoneIK(one.upper, one.mid, one.end).solve(target);
      new TwoBoneIK(two.upper, two.mid, two.end).solve(target, undefined, { endRotation: q, endRotationWeight: 0 });
      expect(two.upper.quaternion.toArray()).toEqual(one.upper.quaternion.toArray());
      expect(two.end.quaternion.toArray()).toEqual(one.end.quaternion.toArray());
      const three = buildChain(c);
      const before = three.end.quaternion.clone();
      new TwoBoneIK(three.upper, three.mid, three.end).solve(target, undefined, { endRotation: q, weight: 0 });
      expect(three.end.quaternion.toArray()).toEqual(before.toArray());
      // weight → 0: end 도 들어온 회전으로 연속.
      const four = buildChain(c);
      new TwoBoneIK(four.upper, four.mid, four.end).solve(target, undefined, { endRotation: q, weight: 1e-9 });
      expect(rotationAngle(four.end.quaternion, before)).toBeLessThanOrEqual(1e-8);
    }), { ...RUNS, numRuns: 100 });
  });

  it("keepEndRotation with a tip: the end keeps its world rotation and the tip lands", () => {
    fc.assert(fc.property(chainShape, direction, insideFraction, (c, toward, t) => {
      const ch = buildChain(c);
      const before = worldQuaternion(ch.end);
      const root = worldPosition(ch.upper), mid = worldPosition(ch.mid);
      const [a, b] = [root.distanceTo(mid), mid.distanceTo(worldPosition(ch.end))];
      const origin = root.clone().addScaledVector(toward, Math.abs(a - b) + t * (a + b - Math.abs(a - b)));
      const target = origin.clone().add(heldTipOffset(ch.end, ch.tip, before));
      const ik = new TwoBoneIK(ch.upper, ch.mid, ch.end, { tip: ch.tip });
      ik.keepEndRotation = true;
      ik.solve(target);
      expect(rotationAngle(worldQuaternion(ch.end), before)).toBeLessThanOrEqual(1e-11);
      expect(tipWorld(ch.end, ch.tip).distanceTo(target)).toBeLessThanOrEqual(lengthTolerance(a + b, target, root) * 8);
    }), RUNS);
  });

  it("a parent scaled by 1e-160 or 1e160 gives the same end rotation as scale 1 (the parent's rotation read without underflow)", () => {
    fc.assert(fc.property(chainShape, rotation, direction, (c, q, toward) => {
      const rotations = [1, 1e-160, 1e160].map((size) => {
        const ch = buildChain({ ...c, size, offset: [0, 0, 0] });
        const target = worldPosition(ch.upper).addScaledVector(toward, 0.5 * size);
        new TwoBoneIK(ch.upper, ch.mid, ch.end).solve(target, undefined, { endRotation: q });
        return ch.end.quaternion.clone();
      });
      expect(rotationAngle(rotations[1]!, rotations[0]!)).toBeLessThanOrEqual(1e-12);
      expect(rotationAngle(rotations[2]!, rotations[0]!)).toBeLessThanOrEqual(1e-12);
    }), { ...RUNS, numRuns: 100 });
  });

  it("useTargetRotation: update() grips a handle object with its world rotation", () => {
    const c = fc.sample(chainShape, { seed: PROPERTY_SEED, numRuns: 20 });
    for (const shape of c) {
      const ch = buildChain(shape);
      const handleParent = new Group();
      handleParent.quaternion.setFromAxisAngle(new Vector3(0, 1, 0), 0.9);
      const handle = new Object3D();
      handle.quaternion.setFromAxisAngle(new Vector3(1, 0, 0), -0.4);
      handleParent.add(handle);
      const root = worldPosition(ch.upper);
      handleParent.position.copy(root).add(new Vector3(0.3, 0.2, 0.1).multiplyScalar(shape.size));
      const ik = new TwoBoneIK(ch.upper, ch.mid, ch.end, { tip: ch.tip });
      ik.target = handle;
      ik.useTargetRotation = true;
      const result = ik.update();
      handle.updateWorldMatrix(true, false);
      expect(rotationAngle(worldQuaternion(ch.end), worldQuaternion(handle))).toBeLessThanOrEqual(1e-11);
      if (result.reachable) {
        expect(tipWorld(ch.end, ch.tip).distanceTo(worldPosition(handle))).toBeLessThanOrEqual(1e-10 * shape.size);
      }
    }
  });
});

const limitPair = fc.tuple(fc.double({ min: 0, max: Math.PI, noNaN: true }), fc.double({ min: 0, max: Math.PI, noNaN: true }))
  .map(([x, y]) => ({ min: Math.min(x, y), max: Math.max(x, y) }));

/** 제한 β 에서 닫히는 삼각형의 거리 √(a² + b² + 2ab·cos β). */
const limitDistance = (a: number, b: number, beta: number) => Math.sqrt(a * a + b * b + 2 * a * b * Math.cos(beta));

describe("bendLimits on the bones: the joint's bend stays inside, reach shrinks to the interval the limits allow", () => {
  it("bend within [min, max] to 1e-9 rad for any target; on target inside the allowed interval; lengths kept", () => {
    fc.assert(fc.property(chainShape, limitPair, direction, fc.double({ min: 0, max: 1.3, noNaN: true }), (c, limits, toward, s) => {
      const ch = buildChain(c);
      const root = worldPosition(ch.upper), mid = worldPosition(ch.mid);
      const [a, b] = [root.distanceTo(mid), mid.distanceTo(worldPosition(ch.end))];
      const target = root.clone().addScaledVector(toward, s * (a + b));
      const lengths = boneLengths(ch);
      const ik = new TwoBoneIK(ch.upper, ch.mid, ch.end, { bendLimits: limits });
      const result = ik.solve(target);
      const joint = worldPosition(ch.mid), end = worldPosition(ch.end);
      const beta = bend(root, joint, end);
      // 곧은 (β ≈ 0) 자세는 atan2 가 방향 잡음만큼 (√ε 가 아니라 ε/상대 크기) 을 낸다.
      expect(beta).toBeGreaterThanOrEqual(limits.min - 1e-9);
      expect(beta).toBeLessThanOrEqual(limits.max + 1e-9);
      const tol = lengthTolerance(a + b, target, root) * 8;
      const after = boneLengths(ch);
      expect(Math.abs(after[0] - lengths[0])).toBeLessThanOrEqual(tol);
      expect(Math.abs(after[1] - lengths[1])).toBeLessThanOrEqual(tol);
      const d = s * (a + b), lo = Math.max(Math.abs(a - b), limitDistance(a, b, limits.max));
      const hi = Math.min(a + b, limitDistance(a, b, limits.min));
      const margin = 1e-9 * (a + b);
      if (d > lo + margin && d < hi - margin) {
        expect(result.reachable).toBe(true);
        expect(end.distanceTo(target)).toBeLessThanOrEqual(tol);
      }
      if (d < lo - margin || d > hi + margin) expect(result.reachable).toBe(false);
    }), RUNS);
  });

  it("continuous as the target sweeps across each limit: no pop in the joint", () => {
    // 두 제한이 경계에서 떨어져 있고 (0.05 < min, max < 3.05) 서로 0.1 이상 떨어진 쌍.
    const apart = fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))
      .map(([u, v]) => { const min = 0.05 + 1.4 * u; return { min, max: min + 0.1 + v * (2.9 - min) }; });
    fc.assert(fc.property(chainShape, apart, direction,
      decades(-9, -3), (c, limits, toward, step) => {
        const ch = buildChain(c);
        const root = worldPosition(ch.upper), mid = worldPosition(ch.mid);
        const [a, b] = [root.distanceTo(mid), mid.distanceTo(worldPosition(ch.end))];
        const ik = new TwoBoneIK(ch.upper, ch.mid, ch.end, { bendLimits: limits });
        const pole = root.clone().add(new Vector3(1, 2, 3).multiplyScalar(a + b));
        for (const beta of [limits.min, limits.max]) {
          const edge = limitDistance(a, b, beta);
          let previous: Vector3 | null = null;
          for (let i = -3; i <= 3; i++) {
            const target = root.clone().addScaledVector(toward, edge + i * step * (a + b));
            ik.solve(target, pole);
            const joint = worldPosition(ch.mid);
            // 관절은 목표와 같은 규모로만 움직인다 (제한을 지나며 튀지 않는다).
            if (previous !== null) expect(joint.distanceTo(previous)).toBeLessThanOrEqual(50 * step * (a + b) + 1e-9 * (a + b));
            previous = joint;
          }
        }
      }), { ...RUNS, numRuns: 150 });
  });

  it("{ min: 0, max: π } and null give today's answers bit for bit; instance field and option agree", () => {
    fc.assert(fc.property(chainShape, direction, fc.double({ min: 0, max: 1.3, noNaN: true }), (c, toward, s) => {
      const [one, two, three] = [buildChain(c), buildChain(c), buildChain(c)];
      const target = worldPosition(one.upper).addScaledVector(toward, s);
      new TwoBoneIK(one.upper, one.mid, one.end).solve(target);
      new TwoBoneIK(two.upper, two.mid, two.end, { bendLimits: { min: 0, max: Math.PI } }).solve(target);
      const ik = new TwoBoneIK(three.upper, three.mid, three.end);
      ik.bendLimits = { min: 0.3, max: 2 };
      ik.solve(target, undefined, { bendLimits: null });
      for (const other of [two, three]) {
        expect(other.upper.quaternion.toArray()).toEqual(one.upper.quaternion.toArray());
        expect(other.mid.quaternion.toArray()).toEqual(one.mid.quaternion.toArray());
      }
    }), { ...RUNS, numRuns: 100 });
  });

  it("a knee with min = 2° never locks straight, an elbow with max = 150° never folds through the upper arm", () => {
    const ch = buildChain(fc.sample(chainShape, { seed: PROPERTY_SEED, numRuns: 1 })[0]!);
    const root = worldPosition(ch.upper);
    const ik = new TwoBoneIK(ch.upper, ch.mid, ch.end, { bendLimits: { min: (2 * Math.PI) / 180, max: (150 * Math.PI) / 180 } });
    for (const far of [100, 0]) {
      ik.solve(root.clone().add(new Vector3(far, 0, 0)));
      const beta = bend(root, worldPosition(ch.mid), worldPosition(ch.end)) * (180 / Math.PI);
      expect(beta).toBeCloseTo(far > 0 ? 2 : 150, 9);
    }
  });
});

describe("bad endRotation, endRotationWeight, tip, bendLimits: RangeError before any write", () => {
  const ch = buildChain(fc.sample(chainShape, { seed: PROPERTY_SEED, numRuns: 1 })[0]!);
  const target = worldPosition(ch.upper).add(new Vector3(0.2, 0.1, 0));
  const cases: [string, TwoBoneIKOptions, RegExp][] = [
    ["keepEndRotation with endRotation", { keepEndRotation: true, endRotation: new Quaternion() }, /keepEndRotation.*endRotation/],
    ["endRotation not a quaternion", { endRotation: 5 as unknown as Quaternion }, /options\.endRotation/],
    ["endRotation with NaN", { endRotation: new Quaternion(Number.NaN, 0, 0, 1) }, /options\.endRotation.*단위 사원수/],
    ["endRotation of length 2", { endRotation: new Quaternion(0, 0, 0, 2) }, /options\.endRotation.*\|q\| = 2/],
    ["endRotation zero", { endRotation: new Quaternion(0, 0, 0, 0) }, /options\.endRotation/],
    ["endRotationWeight 1.5", { endRotation: new Quaternion(), endRotationWeight: 1.5 }, /options\.endRotationWeight.*1\.5/],
    ["endRotationWeight true", { endRotation: new Quaternion(), endRotationWeight: true as unknown as number }, /options\.endRotationWeight/],
    ["tip NaN", { tip: new Vector3(0, Number.NaN, 0) }, /options\.tip/],
    ["tip not a point", { tip: "palm" as unknown as Vector3 }, /options\.tip/],
    ["bendLimits min > max", { bendLimits: { min: 2, max: 1 } }, /options\.bendLimits\.min.*options\.bendLimits\.max/],
    ["bendLimits max > π", { bendLimits: { min: 0, max: 4 } }, /options\.bendLimits\.max.*4/],
    ["bendLimits NaN", { bendLimits: { min: Number.NaN, max: 1 } }, /options\.bendLimits\.min/],
    ["bendLimits not an object", { bendLimits: 1 as unknown as { min: number; max: number } }, /options\.bendLimits/],
  ];
  for (const [name, options, message] of cases) {
    it(name, () => {
      const ik = new TwoBoneIK(ch.upper, ch.mid, ch.end);
      const before = [ch.upper, ch.mid, ch.end].map((b) => b.quaternion.toArray());
      const result = ik.result, resultBefore = [...result.joint.toArray(), ...result.end.toArray(), result.reachable];
      expect(() => ik.solve(target, undefined, options)).toThrow(RangeError);
      expect(() => ik.solve(target, undefined, options)).toThrow(message);
      expect([ch.upper, ch.mid, ch.end].map((b) => b.quaternion.toArray())).toEqual(before);
      expect([...result.joint.toArray(), ...result.end.toArray(), result.reachable]).toEqual(resultBefore);
      expect(ik.targetWorld.toArray()).toEqual([0, 0, 0]);
    });
  }
  it("instance fields are checked the same way, and the constructor checks its tip and bendLimits", () => {
    const ik = new TwoBoneIK(ch.upper, ch.mid, ch.end);
    ik.endRotation = new Quaternion(0, 0, 0, 3);
    expect(() => ik.solve(target)).toThrow(/TwoBoneIK\.solve: endRotation/);
    ik.endRotation = new Quaternion();
    ik.endRotationWeight = -0.1;
    expect(() => ik.solve(target)).toThrow(/TwoBoneIK\.solve: endRotationWeight/);
    ik.endRotationWeight = 1;
    ik.keepEndRotation = true;
    expect(() => ik.solve(target)).toThrow(/keepEndRotation 와 endRotation/);
    ik.keepEndRotation = false;
    ik.bendLimits = { min: -1, max: 1 };
    expect(() => ik.solve(target)).toThrow(/TwoBoneIK\.solve: bendLimits\.min/);
    ik.bendLimits = null;
    ik.tip = null as unknown as Vector3;
    expect(() => ik.solve(target)).toThrow(/TwoBoneIK\.solve: tip/);
    expect(() => new TwoBoneIK(ch.upper, ch.mid, ch.end, { tip: new Vector3(Infinity, 0, 0) })).toThrow(/TwoBoneIK: options\.tip/);
    expect(() => new TwoBoneIK(ch.upper, ch.mid, ch.end, { bendLimits: { min: 1, max: 0.5 } })).toThrow(/TwoBoneIK: options\.bendLimits/);
    const handle = new Object3D();
    const grip = new TwoBoneIK(ch.upper, ch.mid, ch.end);
    grip.target = handle;
    grip.useTargetRotation = true;
    grip.keepEndRotation = true;
    expect(() => grip.update()).toThrow(/keepEndRotation 와 useTargetRotation/);
    grip.useTargetRotation = 1 as unknown as boolean;
    expect(() => grip.update()).toThrow(/useTargetRotation/);
  });
});
