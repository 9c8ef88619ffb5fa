// 문고리 잡기 — 노란 공을 끌면 문이 열리고 손이 문고리를 따라간다.
// 차례 (chain.mjs) 에서 knobTurn 다음: 문고리 잡기가 켜진 페이지에서. 끝에 문을 처음 자리 (0°, 0°) 로 돌려 둔다.
import { assert, drag, frames, test } from "../harness.mjs";
import { assertOnCanvas, dist, fmt, hook } from "../page.mjs";
import { assertGripped, grip, positions } from "./gripPage.mjs";

export async function doorSwing({ page, session, touch }, chain) {
  await test(`노란 공을 ${touch ? "손가락으로" : "마우스로"} 끌면 문이 열리고 손이 문고리를 따라간다`, async () => {
    const before = await grip(page);
    const knobBefore = (await positions(page)).knob;
    const from = await hook(page, () => window.__twoBoneIK.screen("doorSwing"));
    await assertOnCanvas(page, from, "노란 공");
    await drag(page, session, touch, from, { x: from.x - 30, y: from.y }, 8);
    const after = await assertGripped(page, chain.armLength, "문을 연 뒤");
    const p = await positions(page);
    console.log(`      문 ${before.swingDeg.toFixed(1)}° → ${after.swingDeg.toFixed(1)}°, 문고리가 ${fmt(dist(knobBefore, p.knob))} m 옮겨 감, 닿음 ${after.reachable}`);
    assert(Math.abs(after.swingDeg - before.swingDeg) > 2, `노란 공을 끌었는데 문이 열리지 않았다 (${before.swingDeg.toFixed(2)}° → ${after.swingDeg.toFixed(2)}°)`);
    assert(dist(knobBefore, p.knob) > 0.01, "문이 열렸는데 문고리가 움직이지 않았다");
    await hook(page, () => window.__twoBoneIK.setDoor(0, 0));
    await frames(page, 2);
  });
}
