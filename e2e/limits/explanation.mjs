// 굽힘 제한 — 설명의 두 줄 (제한이 닿는 거리를 줄이는 까닭, 삼각형이 닫히지 않는다) 과 지금 팔이 닿는 d 의 범위가 보이고 맞다.
// 차례 (chain.mjs) 에서 kneeBend 다음: d 의 범위는 켜 둔 팔꿈치 제한에서 나온다. 설명 패널을 편 채로 둔다.
import { assert, frames, test } from "../harness.mjs";
import { checkLayout, setPanels } from "../page.mjs";
import { bendHooks, MAX_DEG, MIN_DEG, reachAt } from "./bend.mjs";

/** 설명 줄 (#limit-lines 의 span) 마다 글, 한글 수, 화면 안에 가려지지 않고 보이는지. */
function readLimitLines(page) {
  return page.evaluate(() => [...document.querySelectorAll("#limit-lines span")].map((span) => {
    const r = span.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + Math.min(20, r.width / 2), r.top + Math.min(8, r.height / 2));
    return {
      text: span.textContent.replace(/\s+/g, " ").trim(),
      hangul: (span.textContent.match(/[\uac00-\ud7a3]/g) ?? []).length,
      visible: r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && hit !== null && span.contains(hit),
    };
  }));
}

export async function explanation({ page, touch, shot }) {
  const { state } = bendHooks(page);
  await test("설명에 제한이 닿는 거리를 줄이는 까닭 두 줄 (삼각형이 닫히지 않는다) 과 지금 팔이 닿는 d 의 범위가 보인다", async () => {
    await setPanels(page, touch, { info: true, gui: false });
    await page.locator("#limit-lines").scrollIntoViewIfNeeded();
    await frames(page, 2);
    const lines = await readLimitLines(page);
    for (const line of lines) console.log(`      "${line.text}"`);
    assert(lines.length === 2, `설명 줄이 ${lines.length} 개다 (2 개여야 한다)`);
    for (const line of lines) assert(line.visible && line.hangul >= 15, `설명 줄이 보이지 않거나 짧다: "${line.text}"`);
    assert(lines.some((line) => /삼각형이 닫히지 않/.test(line.text)), "설명이 ‘삼각형이 닫히지 않는다’ 를 말하지 않는다");
    const { upperLength: a, lowerLength: b } = await state();
    const reach = (bendDeg) => reachAt(a, b, bendDeg).toFixed(3);
    const range = await page.evaluate(() => document.getElementById("limit-range").textContent);
    console.log(`      "${range}"`);
    assert(range.includes(`${reach(MAX_DEG)} – ${reach(MIN_DEG)} m`), `d 의 범위가 제한에서 계산한 ${reach(MAX_DEG)} – ${reach(MIN_DEG)} m 가 아니다: "${range}"`);
    await shot("limit-lines");
    await checkLayout(page, touch);
  });
}
