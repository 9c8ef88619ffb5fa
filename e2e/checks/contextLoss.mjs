// 설명 화면의 브라우저 확인 — WebGL 컨텍스트 잃음·되찾음 (넓은 화면): 루프가 계속 돌고 다시 그린다.
// 확인마다 페이지를 새로 열어 (openStandIn) 앞의 확인이 남긴 상태에 기대지 않는다. node e2e/run.mjs contextLoss 로 이것만.
import { assert, frames, test } from "../harness.mjs";
import { hook, MEASURE_VIEWPORT, nonBackgroundFraction } from "../page.mjs";
import { openStandIn } from "./standIn.mjs";

export const feature = "contextLoss";
/** 화면 크기와 상관없다: 한 화면에서. */
export const viewports = [MEASURE_VIEWPORT];

/** v: runSuite 의 화면 크기 하나 ({ page, session, touch, viewport, origin, consoleErrors, shot, shotPng }, 그리고 timings). */
export async function run(v) {
  const { page, consoleErrors, shotPng } = v;
  await test("WebGL 컨텍스트를 잃었다 되찾아도 루프가 계속 돌고 다시 그린다", async () => {
    await openStandIn(v);
    await hook(page, () => window.__twoBoneIK.loseContext());
    await page.waitForFunction(() => window.__twoBoneIK.state().contextLost === true);
    await frames(page, 5); // 잃은 동안에도 프레임이 계속 돈다
    await hook(page, () => window.__twoBoneIK.restoreContext());
    await page.waitForFunction(() => window.__twoBoneIK.state().contextRestoredCount >= 1);
    await frames(page, 3);
    const png = await shotPng("after-context-restore");
    const fraction = nonBackgroundFraction(png);
    assert(fraction > 0.05, `컨텍스트를 되찾은 뒤 캔버스가 비었다 (${(fraction * 100).toFixed(1)} %)`);
    assert(consoleErrors.length === 0, `콘솔 오류:\n${consoleErrors.join("\n")}`);
  });
}
