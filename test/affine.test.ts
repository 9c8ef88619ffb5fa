import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Matrix4, Quaternion, Vector3 } from "three";
import {
  AFFINE_NON_UNIFORM, AFFINE_NOT_AFFINE, AFFINE_NOT_FINITE, AFFINE_OK, AFFINE_SHEAR, AFFINE_SINGULAR, conformalDefect, invertConformal,
} from "../src/math/affine";
import { PROPERTY_SEED } from "./helpers/tolerance";

// 부모 행렬의 검사와 역행렬 (TwoBoneIK 의 부모 공간). 역행렬은 이미 읽은 원소로 바로 구하고 유한성은 실패할 때만 보므로,
// three 의 invert() 와 비트까지 같은지, NaN·±∞ 가 어디에 있든 AFFINE_NOT_FINITE 인지를 여기서 확인한다.

const rotation = fc
  .tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
  .filter(([x, y, z, w]) => x * x + y * y + z * z + w * w > 1e-6)
  .map(([x, y, z, w]) => new Quaternion(x, y, z, w).normalize());
/** 2^lo … 2^hi 의 로그 균등 크기, 부호는 둘 다. */
const logUniform = (lo: number, hi: number) =>
  fc.tuple(fc.double({ min: lo, max: hi, noNaN: true }), fc.boolean()).map(([e, negative]) => (negative ? -1 : 1) * 2 ** e);

function conformal(q: Quaternion, scale: number, t: readonly [number, number, number]): Matrix4 {
  return new Matrix4().compose(new Vector3(t[0], t[1], t[2]), q, new Vector3(scale, scale, scale));
}

const bitsEqual = (a: number, b: number) => Object.is(a, b) || (a === 0 && b === 0);

describe("invertConformal — the inverse", () => {
  it("equals three's Matrix4.invert() bit for bit for uniform scale × rotation (mirrors too) + translation in the plain range", () => {
    fc.assert(
      fc.property(rotation, logUniform(-95, 95), fc.tuple(logUniform(-60, 60), logUniform(-60, 60), logUniform(-60, 60)), (q, s, t) => {
        const m = conformal(q, s, t);
        const out = new Matrix4();
        expect(invertConformal(out, m)).toBe(AFFINE_OK);
        const expected = m.clone().invert().elements;
        for (let i = 0; i < 16; i++) expect(bitsEqual(out.elements[i]!, expected[i]!), `element ${i}`).toBe(true);
      }),
      { seed: PROPERTY_SEED, numRuns: 2000 },
    );
  });

  it("still inverts scales far outside the plain range (2^±(100…900)): m⁻¹·m = I", () => {
    fc.assert(
      fc.property(rotation, fc.oneof(logUniform(-900, -101), logUniform(101, 900)), (q, s) => {
        const m = conformal(q, s, [Math.abs(s), -Math.abs(s), 0.5 * Math.abs(s)]);
        const out = new Matrix4();
        expect(invertConformal(out, m)).toBe(AFFINE_OK);
        const product = new Matrix4().multiplyMatrices(out, m).elements;
        const identity = new Matrix4().elements;
        for (let i = 0; i < 16; i++) expect(Math.abs(product[i]! - identity[i]!)).toBeLessThan(1e-12);
      }),
      { seed: PROPERTY_SEED, numRuns: 300 },
    );
  });
});

describe("invertConformal — what it rejects", () => {
  const q = new Quaternion().setFromAxisAngle(new Vector3(1, 2, 3).normalize(), 0.8);
  // 유효한 행렬, 크기를 옮기는 길로 가는 아주 작은·큰 스케일, 균등하지 않은 행렬: NaN·±∞ 는 어느 것에서도 먼저다.
  const bases: [string, Matrix4][] = [
    ["a valid conformal matrix", conformal(q, 1.7, [3, -4, 5])],
    ["a 1e-120 scale", conformal(q, 1e-120, [1e-118, 0, 2e-119])],
    ["a 1e120 scale", conformal(q, 1e120, [1e121, 0, -3e120])],
    ["a non-uniform scale", new Matrix4().compose(new Vector3(1, 2, 3), q, new Vector3(1, 2, 1))],
  ];
  for (const [name, base] of bases) {
    for (const special of [NaN, Infinity, -Infinity]) {
      it(`${name} with ${special} in any one of the 16 elements → AFFINE_NOT_FINITE (with and without out)`, () => {
        for (let i = 0; i < 16; i++) {
          const m = base.clone();
          m.elements[i] = special;
          expect(invertConformal(new Matrix4(), m), `element ${i}`).toBe(AFFINE_NOT_FINITE);
          expect(conformalDefect(m), `element ${i}`).toBe(AFFINE_NOT_FINITE);
        }
      });
    }
  }

  it("names the defect of finite matrices: not affine, singular, non-uniform, shear", () => {
    const perspective = conformal(q, 1, [0, 0, 0]);
    perspective.elements[3] = 1e-3;
    expect(invertConformal(new Matrix4(), perspective)).toBe(AFFINE_NOT_AFFINE);
    expect(invertConformal(new Matrix4(), conformal(q, 0, [1, 2, 3]))).toBe(AFFINE_SINGULAR);
    expect(invertConformal(new Matrix4(), new Matrix4().makeScale(1, 1 + 1e-4, 1))).toBe(AFFINE_NON_UNIFORM);
    expect(invertConformal(new Matrix4(), new Matrix4().makeScale(1, 1 + 1e-6, 1))).toBe(AFFINE_OK);
    const shear = new Matrix4().makeShear(1e-3, 0, 0, 0, 0, 0);
    expect(invertConformal(new Matrix4(), shear)).toBe(AFFINE_SHEAR);
  });
});
