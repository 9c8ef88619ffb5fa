// 설명 화면의 브라우저 확인 — 함정 1 (옆 보기, ‘끝까지 펴 보기’ 의 그래프) 과 함정 2 (뒤집힘 경고).
// 확인마다 페이지를 새로 열어 (openStandIn) 앞의 확인이 남긴 상태에 기대지 않는다. node e2e/run.mjs pitfalls 로 이것만.
import { assert, drag, frames, test } from "../harness.mjs";
import { assertSummaryFits, coveredArmPoints, hook, len, MEASURE_VIEWPORT, onCanvas, setPanels, sub } from "../page.mjs";
import { openStandIn } from "./standIn.mjs";

export const feature = "pitfalls";

/** v: runSuite 의 화면 크기 하나 ({ page, session, touch, viewport, origin, consoleErrors, shot, shotPng }, 그리고 timings). */
export async function run(v) {
  const { page, session, touch, viewport, shot } = v;
  const sweeps = viewport.name === MEASURE_VIEWPORT;
  await test(`옆 보기(2D 삼각형)가 공을 따라 다시 그려지고, 함정 1 ‘끝까지 펴 보기’ 의 ${sweeps ? "그래프에서 soft 가 치솟음을 없앤다" : "단추와 그래프가 보인다"}`, async () => {
    await openStandIn(v);
    await setPanels(page, touch, touch ? { info: true, gui: false } : true);
    const drawsBefore = (await hook(page, () => window.__twoBoneIK.plot())).sideViewDraws;
    const from = await hook(page, () => window.__twoBoneIK.screen("ball"));
    if (await onCanvas(page, from)) await drag(page, session, touch, from, { x: from.x + 10, y: from.y + 8 }, 4);
    const p = await hook(page, () => window.__twoBoneIK.positions());
    await hook(page, (q) => window.__twoBoneIK.place("ball", [q[0] + 0.02, q[1], q[2]]), p.ball);
    await frames(page, 3);
    const drawsAfter = (await hook(page, () => window.__twoBoneIK.plot())).sideViewDraws;
    assert(drawsAfter > drawsBefore, `공이 움직였는데 옆 보기가 다시 그려지지 않았다 (${drawsBefore} → ${drawsAfter})`);
    const button = page.locator("#extend-test");
    await button.scrollIntoViewIfNeeded();
    // 훑기 (180 프레임) 와 그래프의 값은 화면 크기와 상관없다: 한 화면에서. 다른 크기는 단추와 그래프가 보이고 가리지 않는지.
    if (sweeps) {
      await (touch ? button.tap() : button.click());
      await page.waitForFunction(() => window.__twoBoneIK.state().experiment === "done", undefined, { timeout: 120000 });
      await frames(page, 8);
      const plot = await hook(page, () => window.__twoBoneIK.plot());
      console.log(`      팔꿈치 이동 / 공 이동의 최댓값: soft 끔 ${plot.softOffMax.toFixed(2)} (${plot.softOffCount}점), soft 켬 ${plot.softOnMax.toFixed(2)} (${plot.softOnCount}점)`);
      assert(plot.softOffCount > 30 && plot.softOnCount > 30, "그래프의 점이 모자란다");
      assert(plot.softOffMax > 5, `soft 끔에서 다 펴질 때의 치솟음이 보이지 않는다 (최댓값 ${plot.softOffMax.toFixed(2)})`);
      assert(plot.softOnMax < plot.softOffMax / 3, `soft 를 켜도 치솟음이 남는다 (${plot.softOnMax.toFixed(2)} vs ${plot.softOffMax.toFixed(2)})`);
      const state = await hook(page, () => window.__twoBoneIK.state());
      assert(state.soft === 0, `실험 뒤 soft 가 원래 값(0)으로 돌아오지 않았다: ${state.soft}`);
    } else {
      assert(await button.isVisible() && await button.isEnabled(), "‘끝까지 펴 보기’ 단추가 보이지 않거나 누를 수 없다");
    }
    const canvasBox = await page.locator("#speed-plot").boundingBox();
    assert(canvasBox !== null && canvasBox.width > 150 && canvasBox.height > 80, "그래프가 보이지 않는다");
    await page.locator("#speed-plot").scrollIntoViewIfNeeded();
    await shot("speed-plot");
    const covered = await coveredArmPoints(page);
    assert(covered.length === 0, `설명을 편 채 실험하는 동안 가려진 것: ${covered.join(", ")}`);
  });

  await test("함정 2: 극을 어깨–공 직선 가까이 두면 뒤집힘 경고가 나오고, 멀리 두면 사라진다", async () => {
    await openStandIn(v);
    await setPanels(page, touch, false);
    const p = await hook(page, () => window.__twoBoneIK.positions());
    const axis = sub(p.ball, p.shoulder);
    const d = len(axis);
    // 직선 위 (어깨에서 0.5 m), 직선에서 1 cm 옆으로.
    const onLine = [p.shoulder[0] + (axis[0] / d) * 0.5, p.shoulder[1] + (axis[1] / d) * 0.5 + 0.01, p.shoulder[2] + (axis[2] / d) * 0.5];
    await hook(page, (q) => window.__twoBoneIK.place("pole", q), onLine);
    await page.waitForFunction(() => window.__twoBoneIK.state().flipWarning === true);
    const warning = await page.evaluate(() => {
      const element = document.getElementById("flip-warning");
      const r = element.getBoundingClientRect();
      const visible = [...element.childNodes].filter((n) => n.nodeType === 3 || n.getClientRects().length > 0).map((n) => n.textContent).join("");
      return { hidden: element.hidden, text: visible.replace(/\s+/g, " ").trim(), width: r.width, height: r.height, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    });
    console.log(`      경고: "${warning.text.slice(0, 60)}…" (${warning.width.toFixed(0)}×${warning.height.toFixed(0)} px)`);
    assert(!warning.hidden && warning.width > 100 && warning.bottom <= viewport.height, "경고가 보이지 않는다");
    assert(/뒤집/.test(warning.text) && /직선/.test(warning.text), "경고가 왜 위험한지 말하지 않는다");
    // 경고는 포인터를 받지 않으므로 (pointer-events: none) elementFromPoint 로는 볼 수 없다: 상자로 잰다.
    for (const name of ["shoulder", "elbow", "hand", "ball", "pole"]) {
      const s = await hook(page, (n) => window.__twoBoneIK.screen(n), name);
      const inside = s.x >= warning.left && s.x <= warning.right && s.y >= warning.top && s.y <= warning.bottom;
      assert(!inside, `경고가 ${name} (${s.x.toFixed(0)}, ${s.y.toFixed(0)}) 을 가린다`);
    }
    await assertSummaryFits(page);
    await shot("flip-warning");
    await hook(page, (q) => window.__twoBoneIK.place("pole", q), p.pole);
    await page.waitForFunction(() => window.__twoBoneIK.state().flipWarning === false);
    assert(await page.evaluate(() => document.getElementById("flip-warning").hidden), "극을 멀리 두었는데 경고가 남아 있다");
    if (!touch) await setPanels(page, touch, true);
  });
}
