// TwoBoneIK 의 단단함: 재진입, 쓰기 전 검사 (인자·체인 상태·전제), 뒤집을 수 있는 작은 스케일, weight 의 정규화.
import { describe, expect, it } from "vitest";
import { Bone, Group, Object3D, Quaternion, Vector3 } from "three";
import { createTwoBoneIKResult, TwoBoneIK } from "../src/index";
import type { TwoBoneIKOptions, TwoBoneIKResult } from "../src/index";
import { distance, lengthTolerance } from "./helpers/tolerance";
import { makeChain, PARENT_TRANSFORMS, worldPositionOf } from "./helpers/rig";
import type { Chain } from "./helpers/rig";

/** 체인의 뼈가 가진 모든 것 (위치·회전·스케일·로컬·월드 행렬) 과 결과 객체를 배열로: 거부된 호출 뒤 비트까지 같아야 한다. */
function snapshot(chain: Chain, ...results: TwoBoneIKResult[]): unknown {
  const bones = [chain.upper, chain.mid, chain.end].map((b) => [
    b.position.toArray(), b.quaternion.toArray(), b.scale.toArray(), b.rotation.toArray(),
    [...b.matrix.elements], [...b.matrixWorld.elements],
  ]);
  const outs = results.map((r) => [r.joint.toArray(), r.end.toArray(), r.reachable]);
  // Object.is 로 비교되도록 (NaN, −0) 문자열로.
  return JSON.stringify([bones, outs], (_k, v: unknown) => (typeof v === "number" ? `${Object.is(v, -0) ? "-0" : v}` : v));
}

interface Setup {
  chain: Chain;
  ik: TwoBoneIK;
  target: Vector3;
  pole: Vector3;
}

/** 닿는 목표와 극이 있는 체인 (부모 변환 표의 하나). */
function setup(transformIndex = 2, upperLength = 30, lowerLength = 25): Setup {
  const chain = makeChain(PARENT_TRANSFORMS[transformIndex], upperLength, lowerLength);
  const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
  const root = worldPositionOf(chain.upper);
  const size = worldPositionOf(chain.mid).distanceTo(root) + worldPositionOf(chain.end).distanceTo(worldPositionOf(chain.mid));
  const target = root.clone().add(new Vector3(0.3, 0.5, 0.2).multiplyScalar(size));
  const pole = root.clone().add(new Vector3(0, 0, 1).multiplyScalar(size));
  return { chain, ik, target, pole };
}

/** 체인의 새 자세 (회전과 결과) 를 비교할 수 있게. */
function poseAfter(s: Setup, result: TwoBoneIKResult): number[] {
  return [...s.chain.upper.quaternion.toArray(), ...s.chain.mid.quaternion.toArray(), ...s.chain.end.quaternion.toArray(),
    ...result.joint.toArray(), ...result.end.toArray(), result.reachable ? 1 : 0];
}

/** 보통의 (중첩 없는) 풀이의 답. */
function plainAnswer(make: () => Setup, options?: TwoBoneIKOptions): number[] {
  const s = make();
  const r = s.ik.solve(s.target, s.pole, options);
  return poseAfter(s, r);
}

describe("TwoBoneIK — re-entrancy: a solve started inside another solve", () => {
  const makeA = (): Setup => setup(2);
  const makeB = (): Setup => setup(4, 20, 35);
  const optionsA: TwoBoneIKOptions = { weight: 0.6, keepEndRotation: true };
  const optionsB: TwoBoneIKOptions = { weight: 1, soft: 0.2 };
  const answerA = plainAnswer(makeA, optionsA);
  const answerB = plainAnswer(makeB, optionsB);

  it("from a getter of the target gives both solves their plain answers", () => {
    const a = makeA(), b = makeB();
    let nested = 0;
    const target = {
      get x() { nested++; b.ik.solve(b.target, b.pole, optionsB); return a.target.x; },
      get y() { b.ik.solve(b.target, b.pole, optionsB); return a.target.y; },
      get z() { return a.target.z; },
    };
    const r = a.ik.solve(target, a.pole, optionsA);
    expect(nested).toBeGreaterThan(0);
    expect(poseAfter(a, r)).toEqual(answerA);
    // B 는 같은 목표로 여러 번 풀렸다: 이미 풀린 자세에서 다시 풀어도 같은 자리 (1e-12 안).
    const rb = b.ik.result;
    const expectedB = answerB;
    poseAfter(b, rb).forEach((v, i) => expect(Math.abs(v - expectedB[i]!)).toBeLessThan(1e-9));
  });

  it("from a bone quaternion's onChange callback gives both solves their plain answers", () => {
    const a = makeA(), b = makeB();
    let nested = 0;
    for (const bone of [a.chain.upper, a.chain.mid, a.chain.end]) {
      const q = bone.quaternion as Quaternion & { _onChangeCallback: () => void };
      const sync = q._onChangeCallback;
      q._onChange(() => {
        sync();
        nested++;
        b.ik.solve(b.target, b.pole, optionsB);
      });
    }
    const r = a.ik.solve(a.target, a.pole, optionsA);
    expect(nested).toBeGreaterThanOrEqual(3);
    expect(poseAfter(a, r)).toEqual(answerA);
    poseAfter(b, b.ik.result).forEach((v, i) => expect(Math.abs(v - answerB[i]!)).toBeLessThan(1e-9));
  });

  it("from an overridden updateMatrix / updateWorldMatrix on an ancestor gives both solves their plain answers", () => {
    const a = makeA(), b = makeB();
    let nested = 0;
    let inside = false;
    const solveB = (): void => {
      if (inside) return; // B 의 조상이 아니므로 무한히 돌지는 않지만, 한 단계만
      inside = true;
      nested++;
      b.ik.solve(b.target, b.pole, optionsB);
      inside = false;
    };
    const grandparent = a.chain.grandparent;
    grandparent.updateMatrix = function (this: Object3D) {
      Object3D.prototype.updateMatrix.call(this);
      solveB();
    };
    const parent = a.chain.parent;
    parent.updateWorldMatrix = function (this: Object3D, updateParents: boolean, updateChildren: boolean) {
      solveB();
      Object3D.prototype.updateWorldMatrix.call(this, updateParents, updateChildren);
    };
    const r = a.ik.solve(a.target, a.pole, optionsA);
    expect(nested).toBeGreaterThanOrEqual(2);
    expect(poseAfter(a, r)).toEqual(answerA);
    poseAfter(b, b.ik.result).forEach((v, i) => expect(Math.abs(v - answerB[i]!)).toBeLessThan(1e-9));
  });

  it("three solves nested inside each other (getter inside onChange) are each exact", () => {
    const a = makeA(), b = makeB(), c = setup(1, 10, 12);
    const answerC = plainAnswer(() => setup(1, 10, 12));
    const targetB = {
      get x() { c.ik.solve(c.target, c.pole); return b.target.x; },
      get y() { return b.target.y; },
      get z() { return b.target.z; },
    };
    const q = a.chain.mid.quaternion as Quaternion & { _onChangeCallback: () => void };
    const sync = q._onChangeCallback;
    q._onChange(() => { sync(); b.ik.solve(targetB, b.pole, optionsB); });
    const r = a.ik.solve(a.target, a.pole, optionsA);
    expect(poseAfter(a, r)).toEqual(answerA);
    poseAfter(b, b.ik.result).forEach((v, i) => expect(Math.abs(v - answerB[i]!)).toBeLessThan(1e-9));
    poseAfter(c, c.ik.result).forEach((v, i) => expect(Math.abs(v - answerC[i]!)).toBeLessThan(1e-9));
  });

  it("a throwing nested solve leaves the outer solve exact", () => {
    const a = makeA();
    const bad = setup(3);
    const target = {
      get x() {
        expect(() => bad.ik.solve({ x: NaN, y: 0, z: 0 }, bad.pole)).toThrow(RangeError);
        return a.target.x;
      },
      get y() { return a.target.y; },
      get z() { return a.target.z; },
    };
    const r = a.ik.solve(target, a.pole, optionsA);
    expect(poseAfter(a, r)).toEqual(answerA);
  });
});

type BadCall = [name: string, prepare: (s: Setup) => () => unknown, message: RegExp];

const frozenResult = (): TwoBoneIKResult => Object.freeze(createTwoBoneIKResult());

const badArguments: BadCall[] = [
  ["options = null", (s) => () => s.ik.solve(s.target, s.pole, null as unknown as TwoBoneIKOptions), /options는 객체여야.*null/],
  ["options = 3", (s) => () => s.ik.solve(s.target, s.pole, 3 as unknown as TwoBoneIKOptions), /options는 객체여야.*3/],
  ["options.weight = \"0.5\"", (s) => () => s.ik.solve(s.target, s.pole, { weight: "0.5" as unknown as number }), /options\.weight.*0\.5 \(string\)/],
  ["options.weight = NaN", (s) => () => s.ik.solve(s.target, s.pole, { weight: NaN }), /options\.weight.*NaN/],
  ["options.soft = 1.5", (s) => () => s.ik.solve(s.target, s.pole, { soft: 1.5 }), /options\.soft.*1\.5/],
  ["options.soft = true", (s) => () => s.ik.solve(s.target, s.pole, { soft: true as unknown as number }), /options\.soft.*true \(boolean\)/],
  ["options.keepEndRotation = \"no\"", (s) => () => s.ik.solve(s.target, s.pole, { keepEndRotation: "no" as unknown as boolean }), /options\.keepEndRotation.*no \(string\)/],
  ["options.keepEndRotation = 1", (s) => () => s.ik.solve(s.target, s.pole, { keepEndRotation: 1 as unknown as boolean }), /options\.keepEndRotation.*1/],
  ["ik.keepEndRotation = \"no\"", (s) => { s.ik.keepEndRotation = "no" as unknown as boolean; return () => s.ik.solve(s.target, s.pole); }, /keepEndRotation.*no/],
  ["ik.soft = -0.1", (s) => { s.ik.soft = -0.1; return () => s.ik.solve(s.target, s.pole); }, /TwoBoneIK\.solve: soft.*-0\.1/],
  ["ik.updateAncestors = 1", (s) => { s.ik.updateAncestors = 1 as unknown as boolean; return () => s.ik.solve(s.target, s.pole); }, /updateAncestors.*1/],
  ["out = null", (s) => () => s.ik.solve(s.target, s.pole, undefined, null as unknown as TwoBoneIKResult), /out 은.*null/],
  ["out = {}", (s) => () => s.ik.solve(s.target, s.pole, undefined, {} as TwoBoneIKResult), /out\.joint 은 Vector3/],
  ["a frozen out", (s) => () => s.ik.solve(s.target, s.pole, undefined, frozenResult()), /out 은 얼린 객체/],
  ["an out whose joint is frozen", (s) => () => {
    const out = createTwoBoneIKResult();
    Object.freeze(out.joint);
    return s.ik.solve(s.target, s.pole, undefined, out);
  }, /out\.joint 은 얼린/],
  ["an out whose end is frozen", (s) => () => {
    const out = createTwoBoneIKResult();
    Object.freeze(out.end);
    return s.ik.solve(s.target, s.pole, undefined, out);
  }, /out\.end 은 얼린/],
  ["an out whose joint and end are one vector", (s) => () => {
    const v = new Vector3();
    return s.ik.solve(s.target, s.pole, undefined, { joint: v, end: v, reachable: false });
  }, /서로 다른 Vector3/],
  ["targetWorld = null", (s) => () => s.ik.solve(null as unknown as Vector3, s.pole), /targetWorld는 \{x, y, z\}/],
  ["a string in targetWorld", (s) => () => s.ik.solve({ x: 1, y: "2" as unknown as number, z: 3 }, s.pole), /targetWorld\.y.*2 \(string\)/],
  ["poleWorld.z = -Infinity", (s) => () => s.ik.solve(s.target, { x: 0, y: 0, z: -Infinity }), /poleWorld\.z.*-Infinity/],
];

const badChainStates: BadCall[] = [
  ["a zero upper quaternion", (s) => { s.chain.upper.quaternion.set(0, 0, 0, 0); return () => s.ik.solve(s.target, s.pole); }, /upper\("upper"\)\.quaternion 은 단위 사원수.*\|q\| = 0/],
  ["a NaN upper quaternion", (s) => { s.chain.upper.quaternion.x = NaN; return () => s.ik.solve(s.target, s.pole); }, /upper\("upper"\)\.quaternion.*NaN/],
  ["a mid quaternion of length 1.01", (s) => { const q = s.chain.mid.quaternion; q.set(q.x * 1.01, q.y * 1.01, q.z * 1.01, q.w * 1.01); return () => s.ik.solve(s.target, s.pole); }, /mid\("mid"\)\.quaternion 은 단위 사원수/],
  ["a NaN end quaternion with keepEndRotation", (s) => { s.chain.end.quaternion.w = NaN; return () => s.ik.solve(s.target, s.pole, { keepEndRotation: true }); }, /end\("end"\)\.quaternion.*NaN/],
  ["a NaN in upper.position", (s) => { s.chain.upper.position.y = NaN; return () => s.ik.solve(s.target, s.pole); }, /upper\("upper"\)\.position 은 유한.*NaN/],
  ["a NaN in mid.scale", (s) => { s.chain.mid.scale.z = NaN; return () => s.ik.solve(s.target, s.pole); }, /mid\("mid"\)\.scale 은 유한.*NaN/],
  ["an infinite end.position", (s) => { s.chain.end.position.x = Infinity; return () => s.ik.solve(s.target, s.pole); }, /end\("end"\)\.position 은 유한.*Infinity/],
  ["a NaN in the parent's position", (s) => { s.chain.parent.position.x = NaN; return () => s.ik.solve(s.target, s.pole); }, /조상 "parent"\.position.*NaN/],
  ["a NaN in the grandparent's scale", (s) => { s.chain.grandparent.scale.y = NaN; return () => s.ik.solve(s.target, s.pole); }, /조상 "grandparent"\.scale.*NaN/],
  ["a NaN in a hand-written ancestor matrix", (s) => {
    s.chain.grandparent.matrixAutoUpdate = false;
    s.chain.grandparent.matrix.elements[13] = NaN;
    s.chain.grandparent.matrixWorldNeedsUpdate = true;
    return () => s.ik.solve(s.target, s.pole);
  }, /조상 "grandparent"\.matrix 가 유한하지/],
  ["a non-uniform parent scale (1, 1.7, 1)", (s) => { s.chain.parent.scale.set(1, 1.7, 1); return () => s.ik.solve(s.target, s.pole); }, /부모\("parent"\) 월드 행렬의 스케일이 균등하지 않습니다/],
  ["a non-uniform grandparent scale above a rotated parent (shear)", (s) => {
    s.chain.grandparent.scale.set(1, 1 + 1e-3, 1);
    s.chain.parent.rotation.set(0.7, 0.3, 0.2);
    return () => s.ik.solve(s.target, s.pole);
  }, /기울임\(shear\)|균등하지 않습니다/],
  ["a non-uniform upper scale (1, 1.2, 1)", (s) => { s.chain.upper.scale.set(1, 1.2, 1); return () => s.ik.solve(s.target, s.pole); }, /upper\("upper"\)\.scale 은 균등해야/],
  ["a non-uniform mid scale (2, 2, 2.001)", (s) => { s.chain.mid.scale.set(2, 2, 2.001); return () => s.ik.solve(s.target, s.pole); }, /mid\("mid"\)\.scale 은 균등해야/],
  ["a one-axis mirror on upper (−1, 1, 1)", (s) => { s.chain.upper.scale.set(-1, 1, 1); return () => s.ik.solve(s.target, s.pole); }, /upper\("upper"\)\.scale 은 균등해야/],
  ["a zero parent scale", (s) => { s.chain.parent.scale.setScalar(0); return () => s.ik.solve(s.target, s.pole); }, /뒤집을 수 없습니다.*행렬식: 0/],
  ["a perspective row in a hand-written parent matrix", (s) => {
    s.chain.parent.matrixAutoUpdate = false;
    s.chain.parent.matrix.elements[3] = 0.5;
    s.chain.parent.matrixWorldNeedsUpdate = true;
    return () => s.ik.solve(s.target, s.pole);
  }, /부모\("parent"\) 월드 행렬의 마지막 행이 \(0, 0, 0, 1\) 이 아닙니다 \(받은 값: 0\.5, 0, 0, 1\)/],
  ["a parent whose inverse translation overflows float64 (scale 1e-300, far away)", (s) => {
    s.chain.parent.scale.setScalar(1e-300);
    s.chain.parent.position.set(1e10, 0, 0);
    return () => s.ik.solve(s.target, s.pole);
  }, /부모\("parent"\) 월드 행렬을 float64 로 뒤집을 수 없습니다/],
  ["mid re-parented after construction", (s) => {
    const other = new Bone();
    other.name = "other";
    s.chain.upper.add(other);
    other.add(s.chain.mid);
    return () => s.ik.solve(s.target, s.pole);
  }, /부모 관계가 바뀌었습니다.*mid\("mid"\).*"other"/],
  ["end re-parented after construction", (s) => {
    s.chain.parent.add(s.chain.end);
    return () => s.ik.solve(s.target, s.pole);
  }, /부모 관계가 바뀌었습니다.*end\("end"\).*"parent"/],
  ["a pivot on mid", (s) => { s.chain.mid.pivot = new Vector3(0, 1, 0); return () => s.ik.solve(s.target, s.pole); }, /mid\("mid"\)\.pivot/],
];

describe("TwoBoneIK — every bad argument is refused before the first write", () => {
  it.each(badArguments)("%s → RangeError naming it; bones and out bit-identical", (_name, prepare, message) => {
    const s = setup();
    s.ik.solve(s.target, s.pole); // 결과 객체에 값이 들어 있게
    const out = createTwoBoneIKResult();
    out.joint.set(1, 2, 3);
    const before = snapshot(s.chain, s.ik.result, out);
    const call = prepare(s);
    expect(call).toThrow(RangeError);
    expect(call).toThrow(message);
    expect(snapshot(s.chain, s.ik.result, out)).toEqual(before);
  });
});

describe("TwoBoneIK — bad chain state names the bone and the field", () => {
  it.each(badChainStates)("%s → RangeError; bones and result bit-identical", (_name, prepare, message) => {
    const s = setup();
    s.ik.solve(s.target, s.pole);
    const call = prepare(s);
    const before = snapshot(s.chain, s.ik.result);
    expect(call).toThrow(RangeError);
    expect(call).toThrow(message);
    expect(snapshot(s.chain, s.ik.result)).toEqual(before);
  });

  it("the chain keeps working once the bad field is repaired", () => {
    const s = setup();
    s.chain.upper.quaternion.set(0, 0, 0, 0);
    expect(() => s.ik.solve(s.target, s.pole)).toThrow(RangeError);
    s.chain.upper.quaternion.set(0, 0, 0, 1);
    const r = s.ik.solve(s.target, s.pole);
    expect(r.reachable).toBe(true);
    expect(distance(worldPositionOf(s.chain.end), s.target)).toBeLessThan(1e-10);
  });
});

describe("TwoBoneIK — constructor arguments", () => {
  it("rejects a non-object options and a mid or end that is not below the bone before", () => {
    const a = new Bone(), b = new Bone(), c = new Bone(), d = new Bone();
    a.add(b); b.add(c);
    expect(() => new TwoBoneIK(a, b, c, null as unknown as undefined)).toThrow(/options는 객체여야/);
    expect(() => new TwoBoneIK(a, b, d)).toThrow(/end\(""\)는 mid\(""\)의 자손/);
    expect(() => new TwoBoneIK(b, a, c)).toThrow(/mid\(""\)는 upper\(""\)의 자손/);
    expect(() => new TwoBoneIK(a, b, {} as Bone)).toThrow(/end는 Object3D/);
  });
});

describe("TwoBoneIK — what is accepted", () => {
  /** 부모 공간 체인을 두고 world 길이를 재며 풀어 본다. */
  function solveUnderParentScale(scale: number): { endError: number; lengthChange: number; tolerance: number } {
    const chain = makeChain(PARENT_TRANSFORMS[0]);
    chain.parent.scale.setScalar(scale);
    chain.parent.rotation.set(0.2, -0.4, 0.9);
    chain.grandparent.updateMatrixWorld(true);
    const root = worldPositionOf(chain.upper), joint = worldPositionOf(chain.mid), end = worldPositionOf(chain.end);
    const a = root.distanceTo(joint), b = joint.distanceTo(end);
    const target = root.clone().add(new Vector3(0.2, 0.6, 0.3).multiplyScalar(a + b));
    const pole = root.clone().add(new Vector3(0, 0, a + b));
    const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
    const r = ik.solve(target, pole);
    expect(r.reachable).toBe(true);
    const root2 = worldPositionOf(chain.upper), joint2 = worldPositionOf(chain.mid), end2 = worldPositionOf(chain.end);
    return {
      endError: distance(end2, target),
      lengthChange: Math.max(Math.abs(root2.distanceTo(joint2) - a), Math.abs(joint2.distanceTo(end2) - b)),
      tolerance: lengthTolerance(a + b, root, target),
    };
  }

  it.each([1e-120, 1e-150, 1e120, 1e150, 2 ** -110])("a parent scale of %s is invertible and solves exactly", (scale) => {
    const { endError, lengthChange, tolerance } = solveUnderParentScale(scale);
    expect(endError).toBeLessThanOrEqual(4 * tolerance);
    expect(lengthChange).toBeLessThanOrEqual(4 * tolerance);
  });

  it("float32 noise in scales (relative 1e-7) is accepted on the parent and on the chain bones", () => {
    const s = setup();
    s.chain.parent.scale.set(1, 1 + 1e-7, 1 - 1e-7);
    s.chain.upper.scale.set(1.5, 1.5 * (1 + 2e-7), 1.5);
    s.chain.mid.scale.set(1 - 1e-7, 1, 1);
    const r = s.ik.solve(s.target, s.pole);
    expect(r.reachable).toBe(true);
    expect(distance(worldPositionOf(s.chain.end), s.target)).toBeLessThan(1e-5);
  });

  it("a uniform mirror (−1, −1, −1) on upper and a non-uniform end scale are accepted", () => {
    const s = setup();
    s.chain.upper.scale.set(-1, -1, -1);
    s.chain.end.scale.set(1, 3, 0.5);
    s.chain.grandparent.updateMatrixWorld(true);
    const root = worldPositionOf(s.chain.upper), joint = worldPositionOf(s.chain.mid), end = worldPositionOf(s.chain.end);
    const a = root.distanceTo(joint), b = joint.distanceTo(end);
    const target = root.clone().add(new Vector3(0.1, 0.5, -0.4).multiplyScalar(a + b));
    const r = s.ik.solve(target, s.pole);
    expect(r.reachable).toBe(true);
    expect(distance(worldPositionOf(s.chain.end), target)).toBeLessThanOrEqual(lengthTolerance(a + b, root, target));
    expect(Math.abs(worldPositionOf(s.chain.mid).distanceTo(root) - a)).toBeLessThanOrEqual(lengthTolerance(a + b, root));
  });
});

describe("TwoBoneIK — weight < 1 writes unit quaternions", () => {
  it("an incoming quaternion 3.9e-8 too long (float32 data) comes out unit length on both slerp branches", () => {
    for (const [targetScale, name] of [[0.5, "sin branch"], [0.999, "near branch"]] as const) {
      const s = setup();
      for (const bone of [s.chain.upper, s.chain.mid, s.chain.end]) {
        const q = bone.quaternion;
        const k = 1 + 3.9e-8;
        q.set(q.x * k, q.y * k, q.z * k, q.w * k);
      }
      s.chain.grandparent.updateMatrixWorld(true);
      const end = worldPositionOf(s.chain.end);
      const root = worldPositionOf(s.chain.upper);
      const target = targetScale === 0.5 ? s.target : root.clone().lerp(end, targetScale);
      s.ik.solve(target, s.pole, { weight: 0.4, keepEndRotation: true });
      for (const bone of [s.chain.upper, s.chain.mid, s.chain.end]) {
        expect(Math.abs(bone.quaternion.length() - 1), `${name} ${bone.name}`).toBeLessThan(4 * Number.EPSILON);
      }
    }
  });
});

// 테스트 안에서 쓰는 형만 (사용하지 않는 가져오기 경고를 피한다).
void Group;

describe("TwoBoneIK — update() re-entered from a target's ancestor", () => {
  it("an update() nested in another update()'s matrix refresh leaves both exact", () => {
    const a = setup(2), b = setup(4, 20, 35);
    const targetA = new Object3D(), poleA = new Object3D(), targetB = new Object3D(), poleB = new Object3D();
    targetA.position.copy(a.target); poleA.position.copy(a.pole);
    targetB.position.copy(b.target); poleB.position.copy(b.pole);
    a.ik.target = targetA; a.ik.pole = poleA;
    b.ik.target = targetB; b.ik.pole = poleB;
    let nested = 0;
    poleA.updateMatrix = function (this: Object3D) {
      Object3D.prototype.updateMatrix.call(this);
      nested++;
      b.ik.update();
    };
    const r = a.ik.update();
    expect(nested).toBeGreaterThan(0);
    expect(r.reachable).toBe(true);
    expect(distance(worldPositionOf(a.chain.end), a.target)).toBeLessThan(1e-10);
    expect(distance(worldPositionOf(b.chain.end), b.target)).toBeLessThan(1e-10);
  });
});
