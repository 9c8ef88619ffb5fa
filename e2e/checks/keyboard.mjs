// 설명 화면의 브라우저 확인 — 키보드 (넓은 화면): Tab 으로 공 고르기, 초점 고리, 화살표·PageUp.
// 확인마다 페이지를 새로 열어 (openStandIn) 앞의 확인이 남긴 상태에 기대지 않는다. node e2e/run.mjs keyboard 로 이것만.
import { assert, frames, test } from "../harness.mjs";
import { dist, fmt, hook, MOUSE_VIEWPORT, REACH_TOLERANCE } from "../page.mjs";
import { openStandIn } from "./standIn.mjs";

export const feature = "keyboard";
/** 넓은 화면에서만 (마우스·키보드). */
export const viewports = [MOUSE_VIEWPORT];

/** v: runSuite 의 화면 크기 하나 ({ page, session, touch, viewport, origin, consoleErrors, shot, shotPng }, 그리고 timings). */
export async function run(v) {
  const { page, viewport, shot } = v;
  await test("키보드: Tab 으로 공을 고르면 초점 고리가 보이고, 화살표·PageUp 으로 공이 움직인다", async () => {
    const { armLength } = await openStandIn(v);
    await page.mouse.click(viewport.width / 2, 4); // 페이지에 초점 (안내 줄 위: 아무것도 누르지 않는다)
    await page.evaluate(() => document.activeElement?.blur());
    let focused = null;
    for (let i = 0; i < 10 && focused !== "ball"; i++) {
      await page.keyboard.press("Tab");
      focused = await page.evaluate(() => document.activeElement?.dataset?.handle ?? null);
    }
    assert(focused === "ball", "Tab 으로 빨간 공에 갈 수 없다");
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement);
      return { width: parseFloat(style.outlineWidth), style: style.outlineStyle };
    });
    assert(ring.style !== "none" && ring.width >= 2, `초점 고리가 보이지 않는다 (${ring.style} ${ring.width}px)`);
    const before = await hook(page, () => window.__twoBoneIK.positions());
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("PageUp");
    await frames(page, 2);
    const after = await hook(page, () => window.__twoBoneIK.positions());
    const moved = dist(before.ball, after.ball);
    console.log(`      화살표 5번 + PageUp: 공 ${fmt(moved)} m 이동, 손–공 ${fmt(dist(after.hand, after.ball))} m`);
    assert(Math.abs(moved - Math.hypot(0.05, 0.01)) < 1e-6, `공이 키보드로 ${fmt(moved)} m 움직였다 (0.051 m 이어야 한다)`);
    assert(dist(after.hand, after.ball) < REACH_TOLERANCE * armLength || !(await hook(page, () => window.__twoBoneIK.state())).reachable, "손이 공을 따라가지 않는다");
    await shot("keyboard-focus");
    await page.keyboard.press("Tab");
    const next = await page.evaluate(() => document.activeElement?.dataset?.handle ?? null);
    assert(next === "pole", `Tab 으로 다음 공(극)에 가지 않는다 (${next})`);
    // lil-gui 의 입력에도 보이는 초점 고리.
    await page.locator('#controls [data-param="ik"] input').focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    const guiRing = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement);
      return { tag: document.activeElement.tagName, width: parseFloat(style.outlineWidth), style: style.outlineStyle };
    });
    assert(guiRing.style !== "none" && guiRing.width >= 2, `조절 패널의 초점 고리가 보이지 않는다 (${guiRing.tag}: ${guiRing.style} ${guiRing.width}px)`);
    await page.evaluate(() => document.activeElement?.blur());
  });
}
