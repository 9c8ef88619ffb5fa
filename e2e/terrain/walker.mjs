// 땅 걷기 — «땅 걷기» 를 누르면 (PC 는 Tab·Enter) 걷는 대역이 지형을 걷고, 읽은 값의 꼴이 맞고, 발 딛기 켬/끔이 발 높이를 바꾼다.
// 차례 (chain.mjs) 에서 firstScreen 다음: 지형을 켜고 켠 채로 둔다 (발 딛기도 켠 채로).
import { assert, frames, test } from "../harness.mjs";
import { checkLayout, MEASURE_VIEWPORT } from "../page.mjs";
import { checkGroundingOnce, press, terrain } from "./ground.mjs";

/** 마우스 화면: Tab 으로 «땅 걷기» 에 가서 Enter, 다음 Tab 이 «발 딛기» 인지. */
async function switchOnByKeyboard(page, viewport) {
  await page.mouse.click(viewport.width / 2, 4);
  let focused = null;
  for (let i = 0; i < 20 && focused !== "terrain-switch"; i++) {
    await page.keyboard.press("Tab");
    focused = await page.evaluate(() => document.activeElement?.id ?? null);
  }
  assert(focused === "terrain-switch", "Tab 으로 «땅 걷기» 에 갈 수 없다");
  await page.keyboard.press("Enter");
  await frames(page, 2);
  await page.keyboard.press("Tab");
  const next = await page.evaluate(() => document.activeElement?.id ?? null);
  assert(next === "foot-switch", `«땅 걷기» 다음 Tab 이 «발 딛기» 가 아니다 (${next})`);
  await page.evaluate(() => document.activeElement?.blur());
}

export async function walker(v) {
  const { page, touch, viewport, shot } = v;
  const measures = viewport.name === MEASURE_VIEWPORT;
  await test(`«땅 걷기» 를 ${touch ? "누르면" : "키보드 (Tab·Enter) 로 켜면"} 걷는 대역이 지형을 걷고, ${measures ? "발 딛기 켬/끔이 발 높이를 바꾼다" : "«발 딛기» 단추가 듣는다"}`, async () => {
    if (touch) await press(page, true, "#terrain-switch");
    else await switchOnByKeyboard(page, viewport);
    const s = await terrain(page);
    assert(s.on && s.character === "walker", `땅 걷기가 켜지지 않았다 (${JSON.stringify({ on: s.on, character: s.character })})`);
    await frames(page, 10);
    const readout = await page.locator("#terrain-readout").textContent();
    assert(/골반 내림 -?\d+\.\d cm · 왼발 -?\d+° (닿음|떠 있음|묻힘) · 오른발 -?\d+° (닿음|떠 있음|묻힘)/.test(readout), `읽은 값이 이상하다: "${readout}"`);
    await checkLayout(page, touch);
    // 캐릭터의 발과 골반이 UI 에 가려지지 않는다.
    await shot("walker-on");
    await checkGroundingOnce(v, "walker", 1, true);
    const stillOn = await page.evaluate(() => {
      const hookTerrain = window.__twoBoneIKTerrain.state();
      return hookTerrain.on;
    });
    assert(stillOn, "끝에 땅 걷기가 꺼졌다");
  });
}
