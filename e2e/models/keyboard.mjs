// 내 모델 열기 — 키보드: Tab 으로 모델 (mixamo.glb) 의 공을 고르고 화살표로 옮기면 손이 따라간다.
// 페이지를 새로 연다. node e2e/models.mjs keyboard 로 이것만.
import { assert, frames, test } from "../harness.mjs";
import { dist, openModelPage, REACH_TOLERANCE, waitAttempt } from "./model.mjs";

export const feature = "keyboard";

export async function run(v) {
  const { page } = v;
  await test("키보드: Tab 으로 모델의 공을 고르고 화살표로 옮기면 손이 따라간다", async () => {
    await openModelPage(v, "&model=models/mixamo.glb");
    await waitAttempt(page, 0);
    const before = (await page.evaluate(() => window.__twoBoneIKModel.positions())).rightArm;
    await page.focus('.handle-key[data-handle="model:rightArm"]');
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowUp");
    await frames(page, 3);
    const after = (await page.evaluate(() => window.__twoBoneIKModel.positions())).rightArm;
    const L = before.lengths[0] + before.lengths[1];
    assert(dist(after.target, before.target) > 0.01 * L, `공이 움직이지 않았다 (${dist(after.target, before.target)})`);
    assert(dist(after.end, after.target) <= REACH_TOLERANCE * L, `손–공 ${dist(after.end, after.target)}`);
    await page.keyboard.press("Escape");
  });
}
