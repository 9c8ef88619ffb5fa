// 조건 (conditioning) 을 표본으로 뽑는 속성 테스트 (fast-check, 고정 씨앗): 극이 직선 가까이 멀리 있는 경우와
// 목표가 |a − b|·a + b·뿌리에 가까운 경우. 불변식 검사는 fuzz/invariants.ts 의 checkChain (make fuzz 와 같은 식):
// 뼈 길이 (1e-12·(a + b) + 8ε·가장 큰 좌표), 잘린 거리의 반직선 위 끝, reachable, 극 쪽, NaN/inf 없음, 예외 없음.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createTwoBoneIKResult, solveTwoBoneIK } from "../src/index";
import { checkChain, createChain, Stats } from "../fuzz/invariants";
import type { Chain, Point } from "../fuzz/invariants";
import { PROPERTY_SEED } from "./helpers/tolerance";

const RUNS = 3_000;

const logUniform = (lo: number, hi: number) => fc.double({ min: lo, max: hi, noNaN: true }).map((e) => 10 ** e);
const sign = fc.constantFrom(-1, 1);
const unit = fc
  .tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
  .filter(([x, y, z]) => x * x + y * y + z * z > 1e-2)
  .map(([x, y, z]): Point => { const n = Math.hypot(x, y, z); return { x: x / n, y: y / n, z: z / n }; });
/** 뿌리 좌표: 0 이거나 ±1e-3..1e4. */
const coordinate = fc.oneof(fc.constant(0), fc.tuple(sign, logUniform(-3, 4)).map(([s, m]) => s * m));

/** 체인 크기 1e-3..1e3, 길이 비 1e-2..1e2 (a = b 도), 뿌리 1e4 까지. */
const chainShape = fc.record({
  scale: logUniform(-3, 3),
  ratio: fc.oneof(logUniform(-2, 2), fc.constant(1)),
  root: fc.tuple(coordinate, coordinate, coordinate),
  direction: unit,
});

function buildChain(shape: { scale: number; ratio: number; root: [number, number, number] }): Chain {
  const chain = createChain();
  chain.a = shape.scale * shape.ratio / (1 + shape.ratio);
  chain.b = shape.scale / (1 + shape.ratio);
  [chain.root.x, chain.root.y, chain.root.z] = shape.root;
  return chain;
}

function place(point: Point, root: Point, along: number, f: Point, offset = 0, u: Point = f): void {
  point.x = root.x + along * f.x + offset * u.x;
  point.y = root.y + along * f.y + offset * u.y;
  point.z = root.z + along * f.z + offset * u.z;
}

/** 체인 하나를 풀고 불변식을 검사한다. 위반이 있으면 불변식 이름과 함께 실패한다. */
function expectContract(chain: Chain): void {
  const stats = new Stats("fast-check");
  const out = createTwoBoneIKResult();
  let threw = false;
  try {
    solveTwoBoneIK(chain.root, chain.a, chain.b, chain.target, chain.pole, out);
  } catch {
    threw = true;
  }
  checkChain(stats, chain, out, threw, 0);
  expect([...stats.violations].filter(([, n]) => n > 0), JSON.stringify(chain)).toEqual([]);
}

describe("solveTwoBoneIK — conditioning of the pole", () => {
  it("keeps the contract when the pole is 1e-14..1 chains off the line and 1e-2..1e6 chains along it (both signs)", () => {
    const arbitrary = fc.record({
      shape: chainShape,
      reach: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
      perpendicular: unit,
      along: fc.tuple(sign, logUniform(-2, 6)),
      offset: logUniform(-14, 0),
    });
    fc.assert(
      fc.property(arbitrary, ({ shape, reach, perpendicular, along, offset }) => {
        const chain = buildChain(shape);
        const f = shape.direction, hi = chain.a + chain.b, lo = Math.abs(chain.a - chain.b);
        place(chain.target, chain.root, lo + (hi - lo) * reach, f);
        // u ⟂ f (두 번 빼서)
        const u = { ...perpendicular };
        for (let pass = 0; pass < 2; pass++) {
          const dot = u.x * f.x + u.y * f.y + u.z * f.z;
          u.x -= dot * f.x; u.y -= dot * f.y; u.z -= dot * f.z;
        }
        const n = Math.hypot(u.x, u.y, u.z);
        if (!(n > 1e-3)) return;
        u.x /= n; u.y /= n; u.z /= n;
        place(chain.pole, chain.root, along[0] * along[1] * hi, f, offset * hi, u);
        expectContract(chain);
      }),
      { seed: PROPERTY_SEED, numRuns: RUNS },
    );
  });
});

describe("solveTwoBoneIK — conditioning of the target distance", () => {
  it("keeps the contract for targets log-uniformly 1e-16..1 (relative) from |a − b|, a + b and the root", () => {
    const arbitrary = fc.record({
      shape: chainShape,
      threshold: fc.constantFrom("min", "max", "root"),
      side: sign,
      gap: logUniform(-16, 0),
      pole: unit,
      poleDistance: logUniform(-2, 2),
    });
    fc.assert(
      fc.property(arbitrary, ({ shape, threshold, side, gap, pole, poleDistance }) => {
        const chain = buildChain(shape);
        const hi = chain.a + chain.b, lo = Math.abs(chain.a - chain.b);
        const d = threshold === "max" ? hi * (1 + side * gap) : threshold === "min" ? lo * (1 + side * gap) : hi * gap;
        place(chain.target, chain.root, d, shape.direction);
        place(chain.pole, chain.root, poleDistance * hi, pole);
        expectContract(chain);
      }),
      { seed: PROPERTY_SEED, numRuns: RUNS },
    );
  });
});
