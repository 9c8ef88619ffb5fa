// 두 언어의 허용치는 spec/tolerances.json 하나에서 온다: 생성한 src/math/tolerances.ts 와 그것을 쓰는 공개 상수가 같은지.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as generated from "../src/math/tolerances";
import {
  AUTO_POLE_DEFAULT_WEIGHT, AUTO_POLE_STRAIGHT, POLE_LINE_TOLERANCE, POLE_ROUNDING_ULPS, QUATERNION_UNIT_TOLERANCE, UNIFORM_SCALE_TOLERANCE,
} from "../src/index";
import { UNIT_VECTOR_TOLERANCE } from "../src/math/rotationBetween";
import { POLE_DOWNSCALE_LIMIT, REORTHOGONALIZE_RATIO_SQ } from "../src/math/solveTwoBoneIK";

const constants = JSON.parse(readFileSync(new URL("../spec/tolerances.json", import.meta.url), "utf8")).constants as Record<string, { value: number }>;

describe("shared tolerances (spec/tolerances.json)", () => {
  it("src/math/tolerances.ts is the JSON, name for name and bit for bit (regenerate with spec/generate_tolerances.py)", () => {
    const values = Object.fromEntries(Object.entries(constants).map(([name, entry]) => [name, entry.value]));
    expect({ ...generated }).toEqual(values);
  });

  it("the constants the library uses and exports are the JSON's", () => {
    const used: Record<string, number> = {
      QUATERNION_UNIT_TOLERANCE, UNIFORM_SCALE_TOLERANCE, UNIT_VECTOR_TOLERANCE, POLE_LINE_TOLERANCE, POLE_ROUNDING_ULPS,
      AUTO_POLE_DEFAULT_WEIGHT, AUTO_POLE_STRAIGHT, POLE_DOWNSCALE_LIMIT, REORTHOGONALIZE_RATIO_SQ,
    };
    for (const [name, value] of Object.entries(used)) expect(value, name).toBe(constants[name]!.value);
  });
});
