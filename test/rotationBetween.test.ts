import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Quaternion, Vector3 } from "three";
import { rotationBetweenUnitVectors } from "../src/index";
import { PROPERTY_SEED } from "./helpers/tolerance";

const unit = fc
  .tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
  .filter(([x, y, z]) => x * x + y * y + z * z > 1e-6)
  .map(([x, y, z]) => new Vector3(x, y, z).normalize());

/** from 에 거의 반대인 방향: −from 을 아주 작은 각 (1e-16 … 1e-2 rad) 만큼 기울인다. */
function nearlyOpposite(from: Vector3, tilt: number, side: Vector3): Vector3 {
  const perpendicular = side.clone().addScaledVector(from, -side.dot(from)).normalize();
  return from.clone().negate().multiplyScalar(Math.cos(tilt)).addScaledVector(perpendicular, Math.sin(tilt)).normalize();
}

describe("rotationBetweenUnitVectors", () => {
  it("rotates from onto to, as a unit quaternion whose axis is perpendicular to both (the smallest rotation)", () => {
    fc.assert(
      fc.property(unit, unit, (from, to) => {
        const q = rotationBetweenUnitVectors(from, to, new Quaternion());
        const rotated = from.clone().applyQuaternion(q);
        const axis = new Vector3(q.x, q.y, q.z);
        const angle = 2 * Math.atan2(axis.length(), q.w);
        return rotated.distanceTo(to) < 4e-15
          && Math.abs(q.length() - 1) < 4e-16
          && Math.abs(angle - from.angleTo(to)) < 1e-7 // angleTo 는 acos 라 0·π 근처에서 1e-8 정도 흐리다
          && (axis.length() < 1e-12 || Math.abs(axis.normalize().dot(from)) < 1e-12);
      }),
      { seed: PROPERTY_SEED, numRuns: 10_000 },
    );
  });

  it("stays exact when the vectors are nearly opposite, where three's setFromUnitVectors swaps in an arbitrary axis", () => {
    fc.assert(
      fc.property(unit, unit, fc.double({ min: -16, max: -2, noNaN: true }), (from, side, tiltExponent) => {
        if (Math.abs(side.dot(from)) > 0.99) return true;
        const to = nearlyOpposite(from, 10 ** tiltExponent, side);
        const ours = from.clone().applyQuaternion(rotationBetweenUnitVectors(from, to, new Quaternion()));
        return ours.distanceTo(to) < 4e-15;
      }),
      { seed: PROPERTY_SEED, numRuns: 10_000 },
    );
    // three 는 1 + cos φ < 1e-8 (φ 가 π 에서 1.4e-4 rad 안) 이면 축을 임의로 정해 1e-5 규모로 어긋난다.
    const from = new Vector3(0.3, 0.8, -0.52).normalize();
    const to = nearlyOpposite(from, 1e-5, new Vector3(1, 0, 0));
    const three = from.clone().applyQuaternion(new Quaternion().setFromUnitVectors(from, to));
    expect(three.distanceTo(to)).toBeGreaterThan(1e-6);
    expect(from.clone().applyQuaternion(rotationBetweenUnitVectors(from, to, new Quaternion())).distanceTo(to)).toBeLessThan(4e-15);
  });

  it("returns the identity for equal vectors", () => {
    const v = new Vector3(1, 2, 3).normalize();
    expect(rotationBetweenUnitVectors(v, v, new Quaternion()).toArray()).toEqual([0, 0, 0, 1]);
  });

  it.each([
    ["+X", new Vector3(1, 0, 0), new Vector3(0, 1, 0)],
    ["+Y", new Vector3(0, 1, 0), new Vector3(1, 0, 0)],
    ["−Z", new Vector3(0, 0, -1), new Vector3(1, 0, 0)],
  ])("turns exactly opposite %s by 180° about the least aligned positive axis", (_name, from, axis) => {
    const q = rotationBetweenUnitVectors(from, from.clone().negate(), new Quaternion());
    expect([q.x, q.y, q.z, q.w]).toEqual([axis.x, axis.y, axis.z, 0]);
  });
});
