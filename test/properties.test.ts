// 불변식 속성 테스트 (fast-check, 고정 씨앗 PROPERTY_SEED, 각 10,000 개 이상).
// 실패하면 fast-check 가 씨앗과 경로를 출력하므로 그대로 재현된다.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Bone, Group, Quaternion, Vector3 } from "three";
import { createTwoBoneIKResult, solveTwoBoneIK, TwoBoneIK } from "../src/index";
import { lengthTolerance, PROPERTY_SEED } from "./helpers/tolerance";

const RUNS = 10_000;

const unitVector = fc
  .tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
  .filter(([x, y, z]) => x * x + y * y + z * z > 1e-4)
  .map(([x, y, z]) => new Vector3(x, y, z).normalize());

const rotation = fc
  .tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
  .filter(([x, y, z, w]) => x * x + y * y + z * z + w * w > 1e-4)
  .map(([x, y, z, w]) => new Quaternion(x, y, z, w).normalize());

/** 크기 10^[−6, 6] 의 체인과 원점에서 최대 1e6 떨어진 뿌리. */
const chainCase = fc.record({
  scaleExponent: fc.integer({ min: -6, max: 6 }),
  upperRatio: fc.double({ min: 0.05, max: 1, noNaN: true }),
  lowerRatio: fc.double({ min: 0.05, max: 1, noNaN: true }),
  offsetExponent: fc.integer({ min: -3, max: 6 }),
  offsetDirection: unitVector,
  targetDirection: unitVector,
  reach: fc.double({ min: 0, max: 1.5, noNaN: true }), // (a + b) 에 대한 목표 거리 비율: 1/3 은 닿지 않는다
  poleDirection: unitVector,
});

/** (joint − root) 의 극 방향 성분과 극의 직선 밖 거리. */
function poleSide(root: Vector3, target: Vector3, pole: Vector3, joint: Vector3): { side: number; offLine: number } {
  const f = target.clone().sub(root).normalize();
  const p = pole.clone().sub(root);
  p.addScaledVector(f, -p.dot(f));
  const offLine = p.length();
  return { side: joint.clone().sub(root).dot(p.normalize()), offLine };
}

describe("solveTwoBoneIK properties", () => {
  it(`hold for ${RUNS} random chains: no NaN, lengths kept, reachable ⇒ end = target, joint on the pole side, end on the ray`, () => {
    const out = createTwoBoneIKResult();
    fc.assert(
      fc.property(chainCase, (c) => {
        const scale = 10 ** c.scaleExponent;
        const a = c.upperRatio * scale, b = c.lowerRatio * scale;
        const root = c.offsetDirection.clone().multiplyScalar(10 ** c.offsetExponent);
        const target = root.clone().addScaledVector(c.targetDirection, c.reach * (a + b));
        const pole = root.clone().addScaledVector(c.poleDirection, scale);
        const r = solveTwoBoneIK(root, a, b, target, pole, out);
        const values = [...r.joint.toArray(), ...r.end.toArray()];
        if (!values.every(Number.isFinite)) return false;
        const tol = lengthTolerance(a + b, root, target, pole);
        if (Math.abs(root.distanceTo(r.joint) - a) > tol || Math.abs(r.joint.distanceTo(r.end) - b) > tol) return false;
        const d = root.distanceTo(target);
        const inRange = d >= Math.abs(a - b) && d <= a + b;
        const nearBoundary = Math.abs(d - (a + b)) < tol || Math.abs(d - Math.abs(a - b)) < tol;
        if (!nearBoundary && r.reachable !== inRange) return false;
        if (r.reachable && r.end.distanceTo(target) > tol) return false;
        // 끝은 뿌리에서 목표 쪽 반직선 위에 있다.
        // (목표 좌표는 반올림되었으므로 실제 target − root 방향과 비교한다.)
        const endDir = r.end.clone().sub(root);
        const actualDir = target.clone().sub(root).normalize();
        if (d > tol && endDir.length() > tol && endDir.normalize().dot(actualDir) < 1 - 1e-6) return false;
        // 관절은 극 쪽에 있다 (극이 직선에서 충분히 떨어져 있을 때).
        const { side, offLine } = poleSide(root, target, pole, r.joint);
        if (d > 1e-3 * (a + b) && offLine > 1e-3 * scale && side < -tol) return false;
        return true;
      }),
      { seed: PROPERTY_SEED, numRuns: RUNS },
    );
  });
});

/** 임의의 부모 변환 (균등 스케일 0.01–100, 가끔 거울) 과 임의의 휴지 회전을 가진 체인. */
const rigCase = fc.record({
  parentPosition: fc.tuple(fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: -100, max: 100, noNaN: true })),
  parentRotation: rotation,
  parentScaleExponent: fc.double({ min: -2, max: 2, noNaN: true }),
  mirrored: fc.boolean(),
  restRotations: fc.tuple(rotation, rotation, rotation),
  midOffset: unitVector,
  endOffset: unitVector,
  upperLength: fc.double({ min: 0.1, max: 10, noNaN: true }),
  lowerLength: fc.double({ min: 0.1, max: 10, noNaN: true }),
  targetDirection: unitVector,
  reach: fc.double({ min: 0, max: 1.5, noNaN: true }),
  poleDirection: unitVector,
});

type RigCase = typeof rigCase extends fc.Arbitrary<infer T> ? T : never;

function buildRig(c: RigCase) {
  const parent = new Group();
  parent.position.fromArray(c.parentPosition);
  parent.quaternion.copy(c.parentRotation);
  parent.scale.setScalar(10 ** c.parentScaleExponent);
  if (c.mirrored) parent.scale.x *= -1;
  const upper = new Bone(), mid = new Bone(), end = new Bone();
  upper.position.set(1, 2, 3);
  upper.quaternion.copy(c.restRotations[0]);
  mid.quaternion.copy(c.restRotations[1]);
  end.quaternion.copy(c.restRotations[2]);
  mid.position.copy(c.midOffset).multiplyScalar(c.upperLength);
  end.position.copy(c.endOffset).multiplyScalar(c.lowerLength);
  parent.add(upper);
  upper.add(mid);
  mid.add(end);
  parent.updateMatrixWorld(true);
  const world = (o: Bone) => new Vector3().setFromMatrixPosition(o.matrixWorld);
  return { parent, upper, mid, end, world };
}

describe("TwoBoneIK properties", () => {
  it(`hold for ${RUNS} random rigs: lengths kept, reachable ⇒ end = target, joint on the pole side, no NaN, parity with solveTwoBoneIK`, () => {
    fc.assert(
      fc.property(rigCase, (c) => {
        const { parent, upper, mid, end, world } = buildRig(c);
        const root = world(upper), joint0 = world(mid), end0 = world(end);
        const a = root.distanceTo(joint0), b = joint0.distanceTo(end0), size = a + b;
        const target = root.clone().addScaledVector(c.targetDirection, c.reach * size);
        const pole = root.clone().addScaledVector(c.poleDirection, size);
        const r = new TwoBoneIK(upper, mid, end).solve(target, pole);
        parent.updateMatrixWorld(true);
        const joint1 = world(mid), end1 = world(end);
        if (![...joint1.toArray(), ...end1.toArray()].every(Number.isFinite)) return false;
        // 부모 행렬의 역행렬·사원수 곱을 거치므로 순수 함수보다 몇 자리 넉넉히 (여전히 체인의 1e-10 안).
        const tol = 100 * lengthTolerance(size, root, target, pole);
        if (Math.abs(root.distanceTo(joint1) - a) > tol || Math.abs(joint1.distanceTo(end1) - b) > tol) return false;
        if (r.reachable && end1.distanceTo(target) > tol) return false;
        const expected = solveTwoBoneIK(root, a, b, target, pole);
        const d = root.distanceTo(target);
        const { side, offLine } = poleSide(root, target, pole, joint1);
        const wellPosed = d > 1e-3 * size && offLine > 1e-3 * size && Math.abs(d - (a + b)) > 1e-6 * size && Math.abs(d - Math.abs(a - b)) > 1e-6 * size;
        if (wellPosed) {
          if (r.reachable !== expected.reachable) return false;
          if (joint1.distanceTo(expected.joint) > tol || end1.distanceTo(expected.end) > tol) return false;
          if (side < -tol) return false;
        }
        return true;
      }),
      { seed: PROPERTY_SEED, numRuns: RUNS },
    );
  });

  it(`weight 0 leaves ${RUNS} random rigs exactly as they were`, () => {
    fc.assert(
      fc.property(rigCase, (c) => {
        const { upper, mid, end, world } = buildRig(c);
        const before = [upper, mid, end].map((bone) => [...bone.quaternion.toArray(), ...bone.position.toArray(), ...bone.scale.toArray()]);
        const root = world(upper);
        new TwoBoneIK(upper, mid, end).solve(
          root.clone().addScaledVector(c.targetDirection, c.reach * 10),
          root.clone().addScaledVector(c.poleDirection, 10),
          { weight: 0, keepEndRotation: true },
        );
        const after = [upper, mid, end].map((bone) => [...bone.quaternion.toArray(), ...bone.position.toArray(), ...bone.scale.toArray()]);
        expect(after).toEqual(before);
      }),
      { seed: PROPERTY_SEED, numRuns: RUNS },
    );
  });
});
