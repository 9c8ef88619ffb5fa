// make fuzz 의 10⁵ 조각 (make test 에 들어간다): 씨앗을 정한 조건별 체인에서 계약의 모든 불변식이 성립한다.
// 10⁶ 개와 언어 간 비트 비교는 make fuzz 가 한다 (fuzz/invariants.ts, fuzz/fuzz.py).
import { describe, expect, it } from "vitest";
import { INVARIANTS, runFuzz } from "../fuzz/invariants";

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
});
