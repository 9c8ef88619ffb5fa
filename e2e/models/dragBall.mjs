// 내 모델 열기 — 목표 공 끌기: mixamo.glb (센티미터 리그) 의 오른손 공을 끌면 손이 따라가고 다른 공은 그대로다.
// 페이지를 새로 연다. node e2e/models.mjs dragBall 로 이것만.
import { assert, test } from "../harness.mjs";
import { dist, drag, openModelPage, REACH_TOLERANCE, waitAttempt } from "./model.mjs";

export const feature = "dragBall";

export async function run(v) {
  const { page, session, viewport, shot } = v;
  await test("끌어다 놓은 공으로 오른손이 간다 (모델: mixamo.glb, 센티미터 리그)", async () => {
    await openModelPage(v, "&model=models/mixamo.glb");
    await waitAttempt(page, 0);
    const before = await page.evaluate(() => window.__twoBoneIKModel.positions());
    const arm = before.rightArm;
    const from = await page.evaluate((p) => window.__twoBoneIKModel.project(p), arm.target);
    const shoulder = await page.evaluate((p) => window.__twoBoneIKModel.project(p), arm.upper);
    // 공을 어깨 쪽으로 40 % 끈다: 화면 평면 위에서 움직이므로 팔이 닿는 곳에 머문다.
    const to = { x: from.x + (shoulder.x - from.x) * 0.4, y: from.y + (shoulder.y - from.y) * 0.4 };
    await drag(page, session, viewport.touch, from, to);
    const after = await page.evaluate(() => window.__twoBoneIKModel.positions());
    const L = arm.lengths[0] + arm.lengths[1];
    assert(dist(after.rightArm.target, arm.target) > 0.05 * L, `공이 움직이지 않았다 (${dist(after.rightArm.target, arm.target)})`);
    assert(dist(after.rightArm.end, after.rightArm.target) <= REACH_TOLERANCE * L, `손–공 ${dist(after.rightArm.end, after.rightArm.target)}`);
    assert(dist(after.leftArm.target, before.leftArm.target) === 0, "다른 공이 움직였다");
    await shot("dragged");
  });
}
