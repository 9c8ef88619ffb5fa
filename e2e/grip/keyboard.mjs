// 문고리 잡기 — 키보드: Tab 으로 보라 공·노란 공을 고르고 화살표로 문고리를 돌리고 문을 연다 (손이 따라간다). 마우스 화면에서.
// 페이지를 새로 열어 (openGripped) 문고리 잡기를 켠다. node e2e/grip.mjs keyboard 로 이것만.
import { assert, frames, test } from "../harness.mjs";
import { hook, MOUSE_VIEWPORT } from "../page.mjs";
import { assertGripped, deg, grip, openGripped, quatAngle } from "./gripPage.mjs";

export const feature = "keyboard";
export const viewports = [MOUSE_VIEWPORT];

/** Tab 을 눌러 (12 번까지) 공 name 의 키보드 단추에 간다. */
async function tabTo(page, name) {
  let focused = null;
  for (let i = 0; i < 12 && focused !== name; i++) {
    await page.keyboard.press("Tab");
    focused = await page.evaluate(() => document.activeElement?.dataset?.handle ?? null);
  }
  assert(focused === name, `Tab 으로 ${name} 에 갈 수 없다`);
}

export async function run(v) {
  const { page, viewport } = v;
  await test("키보드: Tab 으로 보라 공·노란 공을 고르고 화살표로 문고리를 돌리고 문을 연다 (손이 따라간다)", async () => {
    const armLength = await openGripped(v);
    await page.mouse.click(viewport.width / 2, 4);
    await page.evaluate(() => document.activeElement?.blur());
    await tabTo(page, "knobTurn");
    let before = await grip(page);
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await frames(page, 2);
    let after = await assertGripped(page, armLength, "키보드로 문고리를 돌린 뒤");
    const handTurned = deg(quatAngle(before.hand, after.hand));
    console.log(`      → 3번: 문고리 ${before.turnDeg.toFixed(1)}° → ${after.turnDeg.toFixed(1)}°, 손 ${handTurned.toFixed(3)}°`);
    assert(Math.abs(after.turnDeg - before.turnDeg) > 5, "화살표로 문고리가 돌지 않았다");
    assert(Math.abs(handTurned - Math.abs(after.turnDeg - before.turnDeg)) < 0.01, "손이 문고리와 같은 각만큼 돌지 않았다");
    await page.evaluate(() => document.activeElement?.blur());
    await page.mouse.click(viewport.width / 2, 4);
    await tabTo(page, "doorSwing");
    before = await grip(page);
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowLeft");
    await frames(page, 2);
    after = await assertGripped(page, armLength, "키보드로 문을 연 뒤");
    console.log(`      ← 5번: 문 ${before.swingDeg.toFixed(1)}° → ${after.swingDeg.toFixed(1)}°`);
    assert(Math.abs(after.swingDeg - before.swingDeg) > 2, "화살표로 문이 열리지 않았다");
    await page.evaluate(() => document.activeElement?.blur());
    await hook(page, () => window.__twoBoneIK.setDoor(0, 0));
    await frames(page, 2);
  });
}
