// 설명 화면의 브라우저 확인 — 첫 화면: 페이지가 오류 없이 열려 첫 프레임에 손이 공에 닿고, 한 줄 안내와 halo 가 보인다.
// 확인마다 페이지를 새로 열어 (openStandIn) 앞의 확인이 남긴 상태에 기대지 않는다. node e2e/run.mjs firstScreen 로 이것만.
import { assert, test } from "../harness.mjs";
import { checkLayout, dist, fmt, hook, nonBackgroundFraction, REACH_TOLERANCE, openTestPage } from "../page.mjs";

/** 첫 줄 안내에 보여야 할 한글 글자 수 (휴대폰). */
const MIN_HINT_HANGUL = 20;

export const feature = "firstScreen";

/** v: runSuite 의 화면 크기 하나 ({ page, session, touch, viewport, origin, consoleErrors, shot, shotPng }, 그리고 timings). */
export async function run(v) {
  const { page, touch, origin, consoleErrors, shotPng } = v;
  await test("페이지가 콘솔 오류 없이 열리고 첫 프레임에 IK 가 풀려 있다, 캔버스가 비어 있지 않다", async () => {
    await page.goto(`${origin}/index.html?test`);
    await page.waitForFunction(() => window.__twoBoneIK?.ready === true, undefined, { timeout: 30000 });
    const webgl = await page.evaluate(() => {
      const gl = document.getElementById("scene").getContext("webgl2");
      return gl === null ? null : `${gl.getParameter(gl.VERSION)} / ${gl.getParameter(gl.RENDERER)}`;
    });
    assert(webgl !== null, "WebGL2 컨텍스트가 없다");
    console.log(`      WebGL: ${webgl}`);
    const png = await shotPng("start");
    const fraction = nonBackgroundFraction(png);
    assert(fraction > 0.05, `배경색이 아닌 픽셀이 ${(fraction * 100).toFixed(1)} % 뿐이다 (캔버스가 비었다)`);
    const initialLengths = await hook(page, () => window.__twoBoneIK.boneLengths());
    const armLength = initialLengths.upper + initialLengths.lower;
    const p = await hook(page, () => window.__twoBoneIK.positions());
    const gap = dist(p.hand, p.ball);
    assert(gap < REACH_TOLERANCE * armLength, `첫 프레임에 손이 공에 닿지 않았다: 손–공 ${fmt(gap)} m`);
    const state = await hook(page, () => window.__twoBoneIK.state());
    assert(state.pixelRatio <= 2, `픽셀 비율이 2 를 넘는다: ${state.pixelRatio}`);
    assert(consoleErrors.length === 0, `콘솔 오류:\n${consoleErrors.join("\n")}`);
  });

  await test("첫 화면: 한 줄 안내가 늘 보이고 (휴대폰에서 한글 20자 이상), 공 둘레에 halo 가 있다", async () => {
    await openTestPage(page, origin);
    const hint = await page.evaluate(() => {
      const element = document.getElementById("hint");
      // 보이는 span 의 글자만 센다 (좁은 화면은 짧은 글).
      const visible = [...element.querySelectorAll("span")].filter((span) => span.getClientRects().length > 0);
      const text = visible.map((span) => span.textContent).join("");
      const r = element.getBoundingClientRect();
      return { text, hangul: (text.match(/[\uac00-\ud7a3]/g) ?? []).length, top: r.top, bottom: r.bottom, width: r.width };
    });
    console.log(`      안내: "${hint.text.trim()}" (한글 ${hint.hangul}자, 폭 ${hint.width.toFixed(0)} px)`);
    assert(hint.hangul >= MIN_HINT_HANGUL, `첫 줄 안내의 보이는 한글이 ${hint.hangul}자 (< ${MIN_HINT_HANGUL})`);
    assert(/빨간 공/.test(hint.text) && /파랑/.test(hint.text) && /초록/.test(hint.text), "안내가 무엇을 끌지·색의 뜻을 말하지 않는다");
    await checkLayout(page, touch);
    const state = await hook(page, () => window.__twoBoneIK.state());
    assert(state.halo === true, "처음 잡기 전인데 공 둘레에 halo 가 없다");
  });
}
