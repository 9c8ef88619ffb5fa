// 문고리 잡기 — 콘솔 오류·바깥 요청이 없다: 이 화면 크기에서 앞의 기능들이 모은 것을 본다 (그래서 마지막에 돈다).
// MEASURE_VIEWPORT 에서는 endRotation.mjs 가 끝에 같은 것을 본다. 혼자 돌리면 (node e2e/grip.mjs consoleClean) 열린 페이지가 없어 볼 것이 없다.
import { assert, test } from "../harness.mjs";
import { MEASURE_VIEWPORT, VIEWPORTS } from "../page.mjs";

export const feature = "consoleClean";
export const viewports = VIEWPORTS.map((v) => v.name).filter((name) => name !== MEASURE_VIEWPORT);

export async function run({ consoleErrors }) {
  await test("콘솔 오류·바깥 요청이 없다", async () => {
    assert(consoleErrors.length === 0, `콘솔 오류:\n${consoleErrors.join("\n")}`);
  });
}
