// 설명 화면의 브라우저 확인 — 고밀도 휴대폰 화면 (devicePixelRatio 3): 렌더러는 픽셀 비율 2 (demo/layout.ts 의 MAX_PIXEL_RATIO) 에서
// 멈추고, 3D 캔버스와 설명의 2D 캔버스 (옆 보기) 가 CSS 크기의 2 배로 그려진다. 다른 확인은 휴대폰을 devicePixelRatio 1 로
// 흉내 낸다 (page.mjs 의 VIEWPORTS): 이 확인만 CDP 로 3 배 화면을 만들고, 끝나면 1 배로 돌린다. node e2e/run.mjs highDensity 로 이것만.
import { assert, frames, test } from "../harness.mjs";
import { nonBackgroundFraction, openTestPage, setPanels } from "../page.mjs";

export const feature = "highDensity";
/** 세로 휴대폰 한 곳에서 (고밀도에서 가장 느리게 그려지는 크기). */
export const viewports = ["phone-portrait-390x844"];

/** 3D 캔버스와 옆 보기 캔버스의 기기 픽셀 크기 / CSS 크기. */
const canvasRatios = (page) => page.evaluate(() => ["scene", "side-view"].map((id) => {
  const canvas = document.getElementById(id);
  const box = canvas.getBoundingClientRect();
  return { id, width: canvas.width, height: canvas.height, cssWidth: box.width, cssHeight: box.height };
}));

/** v: runSuite 의 화면 크기 하나 ({ page, session, touch, viewport, origin, consoleErrors, shot, shotPng }, 그리고 timings). */
export async function run(v) {
  const { page, session, touch, viewport, origin, consoleErrors, shot, shotPng } = v;
  const metrics = (deviceScaleFactor) => session.send("Emulation.setDeviceMetricsOverride", {
    width: viewport.width, height: viewport.height, deviceScaleFactor, mobile: true,
  });
  await test("devicePixelRatio 3 의 휴대폰: 렌더러의 픽셀 비율은 상한 2 이고, 3D·옆 보기 캔버스가 CSS 크기의 2 배로 그려진다", async () => {
    await metrics(3);
    try {
      await openTestPage(page, origin);
      const state = await page.evaluate(() => ({ dpr: window.devicePixelRatio, pixelRatio: window.__twoBoneIK.state().pixelRatio }));
      assert(state.dpr === 3, `3 배 화면을 만들지 못했다 (devicePixelRatio ${state.dpr})`);
      assert(state.pixelRatio === 2, `렌더러의 픽셀 비율이 ${state.pixelRatio} 이다 (3 배 화면에서 상한 2 여야 한다)`);
      await setPanels(page, touch, { info: true, gui: false }); // 옆 보기는 펴진 설명 안에 있다
      await frames(page, 3);
      for (const c of await canvasRatios(page)) {
        const rx = c.width / c.cssWidth, ry = c.height / c.cssHeight;
        console.log(`      #${c.id}: ${c.width}×${c.height} 픽셀, CSS ${c.cssWidth.toFixed(0)}×${c.cssHeight.toFixed(0)} (비율 ${rx.toFixed(2)}, ${ry.toFixed(2)})`);
        assert(Math.abs(rx - 2) < 0.05 && Math.abs(ry - 2) < 0.05, `#${c.id} 가 CSS 크기의 ${rx.toFixed(2)}×${ry.toFixed(2)} 배로 그려진다 (2 배여야 한다)`);
      }
      await shot("high-density-info-open", "device");
      await setPanels(page, touch, false);
      const fraction = nonBackgroundFraction(await shotPng("high-density"));
      assert(fraction > 0.05, `3 배 화면에서 캔버스가 비었다 (${(fraction * 100).toFixed(1)} %)`);
      assert(consoleErrors.length === 0, `콘솔 오류:\n${consoleErrors.join("\n")}`);
    } finally {
      await metrics(viewport.deviceScaleFactor);
    }
  });
}
