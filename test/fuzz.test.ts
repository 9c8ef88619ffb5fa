// make fuzz 의 10⁵ 조각 (make test 에 들어간다): 씨앗을 정한 조건별 체인에서 계약의 모든 불변식이 성립한다.
// 10⁶ 개와 언어 간 비트 비교는 make fuzz 가 한다 (fuzz/invariants.ts, fuzz/fuzz.py).
import { describe, expect, it } from "vitest";
import { createTwoBoneIKResult, solveTwoBoneIK } from "../src/index";
import { checkChain, createChain, INVARIANTS, runFuzz, Stats } from "../fuzz/invariants";

const SLICE = 100_000;
const SEED = 20261201;

describe("contract fuzz slice", () => {
  it(`holds every invariant on ${SLICE} seeded chains (lengths, end on the ray, reachable, pole side, bend limits, no NaN/inf, no throw)`, () => {
    const stats = runFuzz(SLICE, SEED);
    if (stats.total() > 0) console.log(stats.report()); // 실패하면 불변식별 수와 처음 체인 번호를 보여 준다
    expect(stats.count).toBe(SLICE);
    for (const name of INVARIANTS) expect([name, stats.violations.get(name)]).toEqual([name, 0]);
    // 검사가 실제로 돌았는지: 극 쪽 검사는 극이 확실히 직선 밖인 체인에만 적용된다 (약 1/4).
    expect(stats.checked.get("pole_side")!).toBeGreaterThan(SLICE / 10);
    expect(stats.checked.get("upper_length")).toBe(SLICE);
    // 굽힘 제한은 체인의 30 % 에 (두 뼈가 모두 길이가 있는 체인만 잰다).
    expect(stats.checked.get("bend_limits")!).toBeGreaterThan(SLICE / 5);
  });

  // make fuzz (10⁶) 의 TypeScript 체인 #385162: 굽힘 제한 (min 163.7°) 으로 닿는 거리가 1.54 로 줄었고, 극은 뿌리–목표 직선에서
  // 5.9e-10 떨어져 있다. 풀이의 직선 규칙은 1e-10·(a + b) = 6.7e-10 이라 정해진 축으로 굽힌다 (계약). 검사가 줄어든 거리로
  // 1e-10·1.54 를 쓰면 이 극을 직선 밖으로 보고 극 쪽 위반으로 센다 — 검사의 잘못이었다.
  it("judges a pole near the line by the chain length a + b, as the solver does, also when bend limits shorten the reach", () => {
    const chain = createChain();
    chain.root = { x: -103.3374027679836, y: 0, z: -0.06233609681026264 };
    chain.a = 3.958754096641023; chain.b = 2.730876637071407;
    chain.target = { x: -101.25520663930928, y: 3.9510626024893925, z: -2.4421886854255273 };
    chain.pole = { x: -47.62924930385238, y: 105.70877487122637, z: -63.73414462757217 };
    chain.limits = { min: 2.8571534670639256, max: Math.PI };
    const out = createTwoBoneIKResult();
    solveTwoBoneIK(chain.root, chain.a, chain.b, chain.target, chain.pole, out, { bendLimits: chain.limits });
    const stats = new Stats("regression");
    checkChain(stats, chain, out, false, 0);
    expect(stats.total()).toBe(0);
    // 극이 직선 위로 판정되었다: 관절의 수직 성분은 f 와 가장 덜 나란한 양의 축 (여기서는 X) 을 f 에 직교화한 방향이다.
    const r = chain.root, t = chain.target, j = out.joint;
    const d = Math.hypot(t.x - r.x, t.y - r.y, t.z - r.z);
    const f = [(t.x - r.x) / d, (t.y - r.y) / d, (t.z - r.z) / d];
    const axis = [1 - f[0]! * f[0]!, -f[0]! * f[1]!, -f[0]! * f[2]!];
    const rel = [j.x - r.x, j.y - r.y, j.z - r.z];
    const along = rel[0]! * f[0]! + rel[1]! * f[1]! + rel[2]! * f[2]!;
    const perp = rel.map((v, i) => v - along * f[i]!);
    const cos = (perp[0]! * axis[0]! + perp[1]! * axis[1]! + perp[2]! * axis[2]!) / (Math.hypot(...perp) * Math.hypot(...axis));
    expect(cos).toBeGreaterThan(1 - 1e-9);
  });
});
