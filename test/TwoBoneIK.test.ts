import { describe, expect, it } from "vitest";
import { Bone, Euler, Object3D, Quaternion, Skeleton, SkinnedMesh, BufferGeometry, MeshBasicMaterial, Vector3 } from "three";
import { solveTwoBoneIK, TwoBoneIK } from "../src/index";
import { distance, lengthTolerance } from "./helpers/tolerance";
import { chainWorldScale, makeChain, PARENT_TRANSFORMS, worldPositionOf, worldQuaternionOf } from "./helpers/rig";
import type { Chain } from "./helpers/rig";

/**
 * 두 회전 사이의 각 (라디안). q 와 −q 는 같은 회전이다.
 * acos(q₁·q₂) 는 1 근처에서 1e-8 rad 아래를 구별하지 못하므로 |q₁ ∓ q₂| 로 잰다: 각 = 4·asin(|q₁ − q₂| / 2).
 */
function rotationAngle(q1: Quaternion, q2: Quaternion): number {
  const sign = q1.dot(q2) < 0 ? -1 : 1;
  const chord = Math.hypot(q1.x - sign * q2.x, q1.y - sign * q2.y, q1.z - sign * q2.z, q1.w - sign * q2.w);
  return 4 * Math.asin(Math.min(1, chord / 2));
}

interface Pose {
  root: Vector3; joint: Vector3; end: Vector3; upperLength: number; lowerLength: number;
}

function poseOf(chain: Chain): Pose {
  const root = worldPositionOf(chain.upper), joint = worldPositionOf(chain.mid), end = worldPositionOf(chain.end);
  return { root, joint, end, upperLength: root.distanceTo(joint), lowerLength: joint.distanceTo(end) };
}

/** 월드 공간에서 체인 뿌리 기준으로 점 하나를 만든다: root + (x, y, z) × 체인 길이. */
function pointNear(pose: Pose, x: number, y: number, z: number): Vector3 {
  const size = pose.upperLength + pose.lowerLength;
  return pose.root.clone().add(new Vector3(x, y, z).multiplyScalar(size));
}

describe.each(PARENT_TRANSFORMS)("TwoBoneIK under a $name parent", (transform) => {
  it("puts the end bone on a reachable target, keeps bone lengths, and matches solveTwoBoneIK", () => {
    const chain = makeChain(transform);
    const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
    const before = poseOf(chain);
    for (const [tx, ty, tz, px, py, pz] of [[0.5, 0.3, 0.1, 0, 1, 0], [0.1, -0.6, 0.2, 1, 0, 0], [-0.3, 0.2, 0.7, 0, 0, -1]] as const) {
      const target = pointNear(before, tx, ty, tz), pole = pointNear(before, px, py, pz);
      const r = ik.solve(target, pole);
      const after = poseOf(chain);
      const tol = lengthTolerance(before.upperLength + before.lowerLength, target, after.root);
      expect(r.reachable).toBe(true);
      expect(distance(after.end, target)).toBeLessThanOrEqual(tol);
      expect(Math.abs(after.upperLength - before.upperLength)).toBeLessThanOrEqual(tol);
      expect(Math.abs(after.lowerLength - before.lowerLength)).toBeLessThanOrEqual(tol);
      expect(distance(after.root, before.root)).toBeLessThanOrEqual(tol);
      const expected = solveTwoBoneIK(before.root, before.upperLength, before.lowerLength, target, pole);
      expect(distance(after.joint, expected.joint)).toBeLessThanOrEqual(tol * 10);
      // 돌려준 결과는 뼈에서 다시 계산한 월드 위치와 같다.
      expect(distance(r.joint, after.joint)).toBeLessThanOrEqual(tol);
      expect(distance(r.end, after.end)).toBeLessThanOrEqual(tol);
    }
  });

  it("straightens toward a target that is too far, pointing at it", () => {
    const chain = makeChain(transform);
    const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
    const before = poseOf(chain);
    const target = pointNear(before, 1.5, 0.8, -0.4);
    const r = ik.solve(target, pointNear(before, 0, 1, 0));
    const after = poseOf(chain);
    const f = target.clone().sub(before.root).normalize();
    const tol = lengthTolerance(before.upperLength + before.lowerLength, target);
    expect(r.reachable).toBe(false);
    expect(distance(after.joint, before.root.clone().addScaledVector(f, before.upperLength))).toBeLessThanOrEqual(tol * 10);
    expect(distance(after.end, before.root.clone().addScaledVector(f, before.upperLength + before.lowerLength))).toBeLessThanOrEqual(tol * 10);
  });

  it("moving the pole moves only the joint, onto the pole's side", () => {
    const chain = makeChain(transform);
    const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
    const before = poseOf(chain);
    const target = pointNear(before, 0.4, 0.4, 0.2);
    const tol = lengthTolerance(before.upperLength + before.lowerLength, target);
    const f = target.clone().sub(before.root).normalize();
    const joints: Vector3[] = [];
    for (const pole of [pointNear(before, 0, 0, 1), pointNear(before, 0, 0, -1), pointNear(before, 1, -1, 0)]) {
      ik.solve(target, pole);
      const after = poseOf(chain);
      expect(distance(after.end, target)).toBeLessThanOrEqual(tol);
      const poleDir = pole.clone().sub(before.root);
      poleDir.addScaledVector(f, -poleDir.dot(f)).normalize();
      expect(after.joint.clone().sub(before.root).dot(poleDir)).toBeGreaterThan(0);
      joints.push(after.joint);
    }
    expect(distance(joints[0]!, joints[1]!)).toBeGreaterThan(0.1 * before.upperLength);
  });
});

describe("TwoBoneIK — what it touches", () => {
  it("rotates only upper and mid quaternions; positions, scales and the end rotation stay", () => {
    const chain = makeChain(PARENT_TRANSFORMS[3]);
    const { upper, mid, end } = chain;
    upper.scale.setScalar(1.5);
    const snapshot = [upper, mid, end].map((b) => ({ p: b.position.clone(), s: b.scale.clone(), q: b.quaternion.clone() }));
    const ik = new TwoBoneIK(upper, mid, end);
    const before = poseOf(chain);
    ik.solve(pointNear(before, 0.3, 0.5, 0.1), pointNear(before, 0, 0, 1));
    [upper, mid, end].forEach((b, i) => {
      expect(b.position.equals(snapshot[i]!.p)).toBe(true);
      expect(b.scale.equals(snapshot[i]!.s)).toBe(true);
    });
    expect(upper.quaternion.equals(snapshot[0]!.q)).toBe(false);
    expect(mid.quaternion.equals(snapshot[1]!.q)).toBe(false);
    expect(end.quaternion.equals(snapshot[2]!.q)).toBe(true);
    expect(Object.keys(upper.userData)).toEqual([]);
  });

  it("counts bone lengths in world units, the bones' own scales included", () => {
    const chain = makeChain();
    chain.upper.scale.setScalar(2); // mid 는 upper 의 로컬 공간에서 2 배 멀다
    chain.grandparent.updateMatrixWorld(true);
    const before = poseOf(chain);
    expect(before.upperLength).toBeCloseTo(60, 10);
    const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
    const target = pointNear(before, 0.3, 0.6, 0);
    ik.solve(target, pointNear(before, 0, 0, 1));
    const after = poseOf(chain);
    expect(after.upperLength).toBeCloseTo(before.upperLength, 10);
    expect(after.lowerLength).toBeCloseTo(before.lowerLength, 10);
    expect(distance(after.end, target)).toBeLessThan(1e-10);
  });

  it("updates the chain's world matrices so a read right after solve sees the new pose", () => {
    const chain = makeChain(PARENT_TRANSFORMS[2]);
    const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
    const before = poseOf(chain);
    const target = pointNear(before, 0.2, 0.7, 0.1);
    ik.solve(target, pointNear(before, 1, 0, 0));
    const endWorld = new Vector3().setFromMatrixPosition(chain.end.matrixWorld); // updateMatrixWorld 없이 읽는다
    expect(distance(endWorld, target)).toBeLessThan(1e-12 * 55 * 10);
  });

  it("does not rely on world matrices being fresh: a grandparent moved since the last update gives the exact result", () => {
    const chain = makeChain(PARENT_TRANSFORMS[4]);
    const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
    chain.grandparent.position.set(10, -3, 2); // 렌더 없이 옮긴다: matrixWorld 는 낡았다
    chain.grandparent.rotation.set(0.3, 0.1, -0.2);
    chain.parent.position.x += 0.25;
    const stale = new Vector3().setFromMatrixPosition(chain.upper.matrixWorld);
    const fresh = worldPositionOf(chain.upper);
    expect(distance(stale, fresh)).toBeGreaterThan(1);
    // worldPositionOf 가 행렬을 갱신했으므로 다시 낡게 만든다.
    chain.grandparent.position.set(-4, 6, 1);
    const before = poseOf(makeChainLike(chain));
    const target = pointNear(before, 0.4, 0.1, 0.3);
    ik.solve(target, pointNear(before, 0, 1, 0));
    expect(distance(worldPositionOf(chain.end), target)).toBeLessThan(1e-12 * 10);
  });

  it("with updateAncestors = false trusts the ancestors' world matrices as they are", () => {
    const chain = makeChain(PARENT_TRANSFORMS[1]);
    const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
    ik.updateAncestors = false;
    const before = poseOf(chain); // 행렬이 최신인 상태
    const target = pointNear(before, 0.3, 0.4, 0.1), pole = pointNear(before, 0, 0, 1);
    chain.grandparent.position.set(0, 50, 0); // 행렬을 갱신하지 않고 옮긴다
    ik.solve(target, pole);
    // 낡은 조상 행렬을 믿었으므로, 행렬을 그대로 둔 채 읽으면 끝이 목표에 있다.
    expect(distance(new Vector3().setFromMatrixPosition(chain.end.matrixWorld), target)).toBeLessThan(1e-10);
    // 같은 상황에서 기본값(true)은 옮겨진 부모를 반영한다: 끝은 새 월드 위치에서 목표에 닿는다.
    ik.updateAncestors = true;
    ik.solve(target, pole);
    expect(distance(worldPositionOf(chain.end), target)).toBeLessThan(1e-10);
  });

  it("works on bones bound to a SkinnedMesh", () => {
    const chain = makeChain(PARENT_TRANSFORMS[4]);
    const mesh = new SkinnedMesh(new BufferGeometry(), new MeshBasicMaterial());
    chain.grandparent.add(mesh);
    mesh.bind(new Skeleton([chain.upper, chain.mid, chain.end]));
    const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
    const before = poseOf(chain);
    const target = pointNear(before, -0.2, 0.5, 0.4);
    expect(ik.solve(target, pointNear(before, 1, 1, 0)).reachable).toBe(true);
    expect(distance(worldPositionOf(chain.end), target)).toBeLessThan(lengthTolerance(0.55, target) * 10);
  });

  it("handles a zero-length upper bone (joint on the root, end at distance b toward the target)", () => {
    const chain = makeChain(PARENT_TRANSFORMS[0], 0, 25);
    const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
    const before = poseOf(chain);
    // a = 0 이면 닿는 곳은 반지름 b 인 구 하나뿐이다 (그 위에서 reachable 은 반올림이 정한다).
    const target = before.root.clone().add(new Vector3(0, 25, 0));
    ik.solve(target, before.root.clone().add(new Vector3(0, 0, 10)));
    const after = poseOf(chain);
    expect(distance(after.joint, before.root)).toBeLessThan(1e-12 * 25 * 10);
    expect(distance(after.end, target)).toBeLessThan(1e-12 * 25 * 10);
    const far = before.root.clone().add(new Vector3(40, 0, 0));
    expect(ik.solve(far, before.root.clone().add(new Vector3(0, 0, 10))).reachable).toBe(false);
    expect(distance(worldPositionOf(chain.end), before.root.clone().add(new Vector3(25, 0, 0)))).toBeLessThan(1e-12 * 25 * 10);
  });
});

/** 낡은 행렬을 건드리지 않고 같은 변환의 새 체인으로 기대값을 계산한다. */
function makeChainLike(chain: Chain): Chain {
  const copy = chain.grandparent.clone(true);
  copy.updateMatrixWorld(true);
  const find = (name: string) => copy.getObjectByName(name) as Bone;
  return { grandparent: copy, parent: find("parent") as unknown as Chain["parent"], upper: find("upper"), mid: find("mid"), end: find("end") };
}

describe("TwoBoneIK — weight", () => {
  it("weight 0 leaves every bone exactly as it was", () => {
    const chain = makeChain(PARENT_TRANSFORMS[2]);
    const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
    const q = [chain.upper, chain.mid, chain.end].map((b) => b.quaternion.toArray());
    const before = poseOf(chain);
    const r = ik.solve(pointNear(before, 0.3, 0.3, 0.3), pointNear(before, 0, 1, 0), { weight: 0, keepEndRotation: true });
    expect([chain.upper, chain.mid, chain.end].map((b) => b.quaternion.toArray())).toEqual(q);
    expect(distance(r.end, before.end)).toBeLessThan(1e-12);
  });

  it("weight ½ blends each local rotation halfway from the incoming pose to full IK", () => {
    const target = (pose: Pose) => pointNear(pose, 0.35, 0.45, -0.1);
    const pole = (pose: Pose) => pointNear(pose, 0, 0, 1);
    const full = makeChain(PARENT_TRANSFORMS[3]);
    const half = makeChain(PARENT_TRANSFORMS[3]);
    const incoming = [half.upper.quaternion.clone(), half.mid.quaternion.clone()];
    const pose = poseOf(full);
    new TwoBoneIK(full.upper, full.mid, full.end).solve(target(pose), pole(pose));
    const ik = new TwoBoneIK(half.upper, half.mid, half.end);
    ik.weight = 0.5;
    const r = ik.solve(target(pose), pole(pose));
    for (const [i, bone] of (["upper", "mid"] as const).entries()) {
      const total = rotationAngle(incoming[i]!, full[bone].quaternion);
      expect(total).toBeGreaterThan(0.05);
      expect(rotationAngle(incoming[i]!, half[bone].quaternion)).toBeCloseTo(total / 2, 10);
      expect(rotationAngle(half[bone].quaternion, full[bone].quaternion)).toBeCloseTo(total / 2, 10);
    }
    const after = poseOf(half);
    expect(after.upperLength).toBeCloseTo(pose.upperLength, 10);
    expect(after.lowerLength).toBeCloseTo(pose.lowerLength, 10);
    expect(distance(r.end, after.end)).toBeLessThan(1e-12);
  });
});

describe("TwoBoneIK — soft", () => {
  it("eases the last stretch with d′ = L − s·exp(−(d − (L − s))/s) and reports the end as not reaching", () => {
    const chain = makeChain();
    const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
    const before = poseOf(chain);
    const L = before.upperLength + before.lowerLength, soft = 0.2, s = soft * L;
    const direction = new Vector3(0.3, 0.9, 0.2).normalize();
    const pole = pointNear(before, 1, 0, 0);
    // 부드러운 구간 밖(d < L − s)에서는 정확히 닿는다.
    const near = before.root.clone().addScaledVector(direction, 0.7 * L);
    expect(ik.solve(near, pole, { soft }).reachable).toBe(true);
    expect(distance(worldPositionOf(chain.end), near)).toBeLessThan(1e-12 * L * 10);
    // d = L: 끝은 L − s/e 에 머문다.
    const atFull = before.root.clone().addScaledVector(direction, L);
    const r = ik.solve(atFull, pole, { soft });
    expect(r.reachable).toBe(false);
    expect(distance(worldPositionOf(chain.end), before.root)).toBeCloseTo(L - s * Math.exp(-1), 9);
    // 목표가 멀어져도 끝은 연속으로, 항상 L 보다 안쪽에서 움직인다.
    ik.solve(before.root.clone().addScaledVector(direction, 0.75 * L), pole, { soft });
    let previous = before.root.distanceTo(worldPositionOf(chain.end));
    for (let k = 1; k <= 200; k++) {
      const d = (0.75 + k * 0.005) * L;
      ik.solve(before.root.clone().addScaledVector(direction, d), pole, { soft });
      const reach = before.root.distanceTo(worldPositionOf(chain.end));
      expect(reach).toBeLessThan(L);
      expect(Math.abs(reach - previous)).toBeLessThanOrEqual(0.005 * L + 1e-9);
      previous = reach;
    }
  });
});

describe("TwoBoneIK — soft start", () => {
  it.each([1e-10, 1e-9, 1e-8, 1e-7])("a target %s past L − s is softened (reachable false), as in Python", (past) => {
    // d 가 L − s 를 아주 조금 넘으면 d′ 은 d 와 같은 float 로 반올림되지만 soft 구간이다 (python/tests/test_bones.py 와 같은 경우).
    const upper = new Bone(), mid = new Bone(), end = new Bone();
    mid.position.set(0, 1, 0);
    end.position.set(0, 1, 0);
    upper.add(mid);
    mid.add(end);
    const r = new TwoBoneIK(upper, mid, end).solve(new Vector3(1 + past, 0, 0), new Vector3(0, 0, 1), { soft: 0.5 });
    expect(r.reachable).toBe(false);
    expect(r.end.distanceTo(new Vector3(1 + past, 0, 0))).toBeLessThan(1e-6);
  });
});

describe("TwoBoneIK — keepEndRotation", () => {
  it("keeps the end bone's world rotation while the limb moves", () => {
    for (const transform of PARENT_TRANSFORMS) {
      const chain = makeChain(transform);
      const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
      ik.keepEndRotation = true;
      const endRotation = worldQuaternionOf(chain.end);
      const before = poseOf(chain);
      ik.solve(pointNear(before, -0.3, 0.4, 0.5), pointNear(before, 0, 1, 0));
      chain.grandparent.updateMatrixWorld(true);
      expect(rotationAngle(worldQuaternionOf(chain.end), endRotation)).toBeLessThan(1e-7);
      expect(chain.end.position.equals(makeChain(transform).end.position)).toBe(true);
    }
  });
});

describe("TwoBoneIK — stability", () => {
  it("solving the same input 10,000 times does not drift", () => {
    const chain = makeChain(PARENT_TRANSFORMS[4]);
    const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
    const before = poseOf(chain);
    const target = pointNear(before, 0.3, 0.2, 0.5), pole = pointNear(before, 0, 1, 0);
    ik.solve(target, pole);
    const first = [chain.upper.quaternion.clone(), chain.mid.quaternion.clone()];
    for (let i = 0; i < 10_000; i++) ik.solve(target, pole);
    expect(rotationAngle(chain.upper.quaternion, first[0]!)).toBeLessThan(1e-12);
    expect(rotationAngle(chain.mid.quaternion, first[1]!)).toBeLessThan(1e-12);
  });
});

describe("TwoBoneIK — update() with target and pole objects", () => {
  it("reads their current world positions, refreshing stale matrices", () => {
    const chain = makeChain(PARENT_TRANSFORMS[1]);
    const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
    const before = poseOf(chain);
    const holder = new Object3D(), target = new Object3D(), pole = new Object3D();
    holder.add(target, pole);
    holder.position.copy(before.root);
    target.position.set(20, 20, 10);
    pole.position.set(0, 0, 50);
    ik.target = target;
    ik.pole = pole;
    const r = ik.update();
    expect(r.reachable).toBe(true);
    expect(distance(worldPositionOf(chain.end), before.root.clone().add(new Vector3(20, 20, 10)))).toBeLessThan(1e-10);
  });

  it("does nothing without a target or pole", () => {
    const chain = makeChain();
    const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
    const q = chain.upper.quaternion.clone();
    ik.update();
    expect(chain.upper.quaternion.equals(q)).toBe(true);
  });
});

describe("TwoBoneIK — validation", () => {
  it("rejects a chain whose bones are not parent and child", () => {
    const a = new Bone(), b = new Bone(), c = new Bone();
    a.add(b);
    expect(() => new TwoBoneIK(a, b, c)).toThrow(RangeError);
    expect(() => new TwoBoneIK(a, c, b)).toThrow(/mid/);
    expect(() => new TwoBoneIK(null as unknown as Bone, b, c)).toThrow(/upper/);
  });

  type BadCall = [string, (ik: TwoBoneIK, ok: Vector3) => void, RegExp];
  const badCalls: BadCall[] = [
    ["a NaN target", (ik, ok) => ik.solve(new Vector3(NaN, 0, 0), ok), /targetWorld\.x.*NaN/],
    ["an infinite pole", (ik, ok) => ik.solve(ok, new Vector3(0, Infinity, 0)), /poleWorld\.y.*Infinity/],
    ["weight above 1", (ik, ok) => ik.solve(ok, ok, { weight: 1.5 }), /weight.*1\.5/],
    ["a negative soft", (ik, ok) => ik.solve(ok, ok, { soft: -0.1 }), /soft.*-0\.1/],
    ["a NaN instance weight", (ik, ok) => { ik.weight = NaN; ik.solve(ok, ok); }, /weight.*NaN/],
  ];

  it.each(badCalls)("rejects %s with a RangeError, leaving the bones and result untouched", (_name, call, message) => {
    const chain = makeChain(PARENT_TRANSFORMS[2]);
    const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
    const q = [chain.upper, chain.mid, chain.end].map((b) => b.quaternion.toArray());
    const resultBefore = ik.result.joint.toArray();
    expect(() => call(ik, new Vector3(1, 2, 3))).toThrow(RangeError);
    expect(() => call(ik, new Vector3(1, 2, 3))).toThrow(message);
    expect([chain.upper, chain.mid, chain.end].map((b) => b.quaternion.toArray())).toEqual(q);
    expect(ik.result.joint.toArray()).toEqual(resultBefore);
  });

  it("rejects a chain whose two bones both have zero length, leaving the bones untouched", () => {
    const chain = makeChain(PARENT_TRANSFORMS[0], 0, 0);
    const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
    const q = chain.upper.quaternion.clone();
    expect(() => ik.solve(new Vector3(1, 0, 0), new Vector3(0, 1, 0))).toThrow(/upperLength와 lowerLength/);
    expect(chain.upper.quaternion.equals(q)).toBe(true);
  });

  it("rejects a parent with zero scale", () => {
    const chain = makeChain();
    chain.parent.scale.setScalar(0);
    const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
    expect(() => ik.solve(new Vector3(1, 0, 0), new Vector3(0, 1, 0))).toThrow(/parent.*행렬식: 0/);
  });

  it("rejects a bone with a pivot", () => {
    const chain = makeChain();
    chain.upper.pivot = new Vector3(1, 0, 0);
    const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
    expect(() => ik.solve(new Vector3(1, 0, 0), new Vector3(0, 1, 0))).toThrow(/upper\("upper"\)\.pivot/);
  });
});

// 월드 스케일 도우미가 실제로 쓰이는지 확인 (×0.01 부모는 월드 길이를 0.01 배로 만든다).
describe("test rig sanity", () => {
  it("the ×0.01 parent shrinks world bone lengths", () => {
    const chain = makeChain(PARENT_TRANSFORMS[4]);
    expect(chainWorldScale(chain)).toBeCloseTo(0.01, 12);
    expect(poseOf(chain).upperLength).toBeCloseTo(0.3, 12);
    void new Euler();
  });
});
