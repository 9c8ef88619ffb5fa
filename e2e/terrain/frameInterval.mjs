// 땅 걷기 — 프레임 간격이 쓸 만하고 (지형 + 기사 + 발 딛기가 켜기 전의 1.5 배 + 30 ms 안) 콘솔 오류·바깥 요청이 없다.
// 차례 (chain.mjs) 의 마지막: 기사가 걷는 페이지에서, firstScreen 이 적은 chain.baseline 과 비교한다. 이 화면 크기에서 모인 콘솔 오류도 본다.
import { assert, test } from "../harness.mjs";
import { hook, onCanvas } from "../page.mjs";
import { frameMedian } from "./ground.mjs";

/**
 * 프레임 간격: 지형을 켜기 전 (같은 창, 같은 기계) 의 중앙값의 FRAME_FACTOR 배 + FRAME_SLACK ms 안, 그리고 FRAME_MEDIAN_LIMIT ms 안
 * (소프트웨어 WebGL (SwiftShader) 에서 휴대폰 3× 화면은 그 자체로 느리다: 절대 한계는 느슨하게, 비교는 같은 창끼리).
 */
const FRAME_FACTOR = 1.5, FRAME_SLACK = 30, FRAME_MEDIAN_LIMIT = 1000;

export async function frameInterval({ page, viewport, consoleErrors }, chain) {
  await test("프레임 간격이 쓸 만하고 콘솔 오류·바깥 요청이 없다", async () => {
    const median = await frameMedian(page);
    // 같은 때의 기계 부하에서 비교한다: 지형을 끄고 잰 뒤 다시 켠다.
    await hook(page, () => window.__twoBoneIKTerrain.setOn(false));
    const baseline = Math.max(chain.baseline, await frameMedian(page));
    await hook(page, () => window.__twoBoneIKTerrain.setOn(true));
    console.log(`      프레임 간격 중앙값 ${median.toFixed(1)} ms (지형 + 기사 + 발 딛기), 지형을 끈 때 ${baseline.toFixed(1)} ms (소프트웨어 WebGL)`);
    assert(median <= FRAME_FACTOR * baseline + FRAME_SLACK && median < FRAME_MEDIAN_LIMIT, `프레임 간격 중앙값 ${median.toFixed(1)} ms (끈 때 ${baseline.toFixed(1)} ms)`);
    const scene = await onCanvas(page, { x: viewport.width / 2, y: viewport.height / 2 });
    assert(typeof scene === "boolean", "화면을 읽지 못했다");
    assert(consoleErrors.length === 0, `콘솔 오류:\n${consoleErrors.join("\n")}`);
  });
}
