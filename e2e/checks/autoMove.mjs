// 설명 화면의 브라우저 확인 — 자동 움직임: 공을 잡으면 멈춤, 움직임 줄이기와 처음의 느린 속도.
// 확인마다 페이지를 새로 열어 (openStandIn) 앞의 확인이 남긴 상태에 기대지 않는다. node e2e/run.mjs autoMove 로 이것만.
import { assert, drag, frames, test } from "../harness.mjs";
import { dist, hook, MEASURE_VIEWPORT, REACH_TOLERANCE } from "../page.mjs";
import { openStandIn } from "./standIn.mjs";

export const feature = "autoMove";
/** 화면 크기와 상관없다: 한 화면에서. */
export const viewports = [MEASURE_VIEWPORT];

/** v: runSuite 의 화면 크기 하나 ({ page, session, touch, viewport, origin, consoleErrors, shot, shotPng }, 그리고 timings). */
export async function run(v) {
  const { page, session, touch, origin, consoleErrors, shot } = v;
  await test("자동 움직임: 공이 저절로 움직이고, 공을 잡으면 멈춘다", async () => {
    const { armLength } = await openStandIn(v);
    await hook(page, () => window.__twoBoneIK.set("autoMove", true));
    const a = await hook(page, () => window.__twoBoneIK.positions());
    await frames(page, 10);
    const b = await hook(page, () => window.__twoBoneIK.positions());
    assert(dist(a.ball, b.ball) > 1e-3, "자동 움직임이 켜졌는데 공이 움직이지 않는다");
    // 공을 누른 채 조금 끌었다 놓는다 (잡는 순간 자동 움직임이 꺼진다).
    const from = await hook(page, () => window.__twoBoneIK.screen("ball"));
    await drag(page, session, touch, from, { x: from.x + 6, y: from.y + 6 }, 2);
    const state = await hook(page, () => window.__twoBoneIK.state());
    assert(state.autoMove === false, "공을 잡았는데 자동 움직임이 꺼지지 않았다");
    const c = await hook(page, () => window.__twoBoneIK.positions());
    await frames(page, 10);
    const d = await hook(page, () => window.__twoBoneIK.positions());
    assert(dist(c.ball, d.ball) === 0, "자동 움직임을 껐는데 공이 움직인다");
    assert(dist(d.hand, d.ball) < REACH_TOLERANCE * armLength || !(await hook(page, () => window.__twoBoneIK.state())).reachable, "손이 공을 따라가지 않는다");
    const panelState = await page.evaluate(() => document.querySelector('#controls [data-param="autoMove"] input').checked);
    assert(panelState === false, "패널의 ‘자동 움직임’ 표시가 꺼짐으로 바뀌지 않았다");
  });

  await test("움직임 줄이기(prefers-reduced-motion)에서는 자동 움직임이 없고, 아니면 처음 만지기 전까지 천천히 움직인다", async () => {
    // ?test 없이 연다 (test 모드는 늘 자동 움직임이 꺼져 있으므로).
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(`${origin}/index.html`);
    await page.waitForFunction(() => window.__twoBoneIK?.ready === true, undefined, { timeout: 30000 });
    let state = await hook(page, () => window.__twoBoneIK.state());
    assert(state.reduceMotion === true, "페이지가 움직임 줄이기 설정을 읽지 못했다");
    assert(state.autoMove === false && state.autoMoveSpeed === 0, `움직임 줄이기인데 자동 움직임이 켜져 있다 (${state.autoMove})`);
    const a = await hook(page, () => window.__twoBoneIK.positions());
    await frames(page, 20);
    const b = await hook(page, () => window.__twoBoneIK.positions());
    assert(dist(a.ball, b.ball) === 0 && dist(a.footTarget, b.footTarget) === 0, "움직임 줄이기인데 공이 저절로 움직인다");
    await shot("reduced-motion");

    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto(`${origin}/index.html`);
    await page.waitForFunction(() => window.__twoBoneIK?.ready === true, undefined, { timeout: 30000 });
    state = await hook(page, () => window.__twoBoneIK.state());
    assert(state.autoMove === true && state.autoMoveSpeed < 0.5, `처음 만지기 전인데 자동 움직임이 느리지 않다 (속도 ×${state.autoMoveSpeed})`);
    // 화면에서의 공 속도 (px/s): 약 1.5 초 동안 재어 평균.
    const t0 = await page.evaluate(() => performance.now());
    const s0 = await hook(page, () => window.__twoBoneIK.screen("ball"));
    await page.waitForTimeout(1500);
    const t1 = await page.evaluate(() => performance.now());
    const s1 = await hook(page, () => window.__twoBoneIK.screen("ball"));
    const speed = Math.hypot(s1.x - s0.x, s1.y - s0.y) / ((t1 - t0) / 1000);
    console.log(`      처음 화면의 공 속도 ${speed.toFixed(1)} px/s (×${state.autoMoveSpeed})`);
    assert(speed > 0 && speed < 60, `처음 화면의 공이 너무 빠르거나 멈춰 있다: ${speed.toFixed(1)} px/s`);
    assert(consoleErrors.length === 0, `콘솔 오류:\n${consoleErrors.join("\n")}`);
  });
}
