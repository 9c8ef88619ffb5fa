// 내 모델 열기 — 조절 패널: IK 켬/끔·weight·보조 표시가 모델 (giant_10m.glb) 에도 적용된다.
// 페이지를 새로 연다. node e2e/models.mjs panel 로 이것만.
import { assert, frames, test } from "../harness.mjs";
import { dist, openModelPage, REACH_TOLERANCE, waitAttempt } from "./model.mjs";

export const feature = "panel";

/** 끝–목표 거리 / 팔다리 길이: 목표가 닿는 곳에 있는 팔다리 (클립이 몸을 움직여 발 목표가 멀어질 수 있다) 의 최대와, 모두의 합. */
async function gaps(page) {
  const p = await page.evaluate(() => window.__twoBoneIKModel.positions());
  const all = Object.values(p).map((l) => {
    const L = l.lengths[0] + l.lengths[1];
    return { gap: dist(l.end, l.target) / L, reachable: dist(l.upper, l.target) < 0.98 * L };
  });
  const reachable = all.filter((g) => g.reachable).map((g) => g.gap);
  assert(reachable.length > 0, "닿는 목표가 하나도 없다");
  return { reachable: Math.max(...reachable), sum: all.reduce((s, g) => s + g.gap, 0) };
}

export async function run(v) {
  const { page } = v;
  await test("패널의 IK 켬/끔·weight·보조 표시가 모델에도 적용된다", async () => {
    await openModelPage(v, "&model=models/giant_10m.glb");
    await waitAttempt(page, 0);
    await frames(page, 10);
    assert((await gaps(page)).reachable < REACH_TOLERANCE, "IK 켬: 끝이 목표에 있어야 한다");
    await page.evaluate(() => window.__twoBoneIK.set("ik", false));
    await frames(page, 12);
    const off = (await gaps(page)).sum;
    assert(off > 1e-3, `IK 끔: 클립 자세 그대로여야 한다 (끝–목표 합 ${off})`);
    await page.evaluate(() => { window.__twoBoneIK.set("ik", true); window.__twoBoneIK.set("weight", 0.5); });
    await frames(page, 3);
    const half = (await gaps(page)).sum;
    assert(half > 1e-4, `weight 0.5: 목표와 클립 자세 사이여야 한다 (끝–목표 합 ${half}, 끔 ${off})`);
    await page.evaluate(() => { window.__twoBoneIK.set("weight", 1); window.__twoBoneIK.set("helpers", false); });
    await frames(page, 3);
    assert((await gaps(page)).reachable < REACH_TOLERANCE, "weight 1: 다시 목표에");
    assert(!(await page.evaluate(() => window.__twoBoneIKModel.polesVisible)), "보조 표시 끔: 극 공이 숨어야 한다");
    await page.evaluate(() => window.__twoBoneIK.set("helpers", true));
    await frames(page, 2);
    assert(await page.evaluate(() => window.__twoBoneIKModel.polesVisible), "보조 표시 켬: 극 공이 보여야 한다");
  });
}
