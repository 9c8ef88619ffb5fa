// 문고리 잡기 — 켜면 문이 서고, 손의 월드 회전이 문고리의 것과 같고, 흰 tip 표시가 문고리 위에 있다. 어느 패널을 펴도 팔·문의 공이 보인다.
// 차례 (chain.mjs) 의 첫 확인: 페이지를 열고 패널로 문고리 잡기를 켠 채 패널을 접어 둔다. 팔 길이를 chain 에 적는다.
import { assert, test } from "../harness.mjs";
import { checkLayout, coveredArmPoints, dist, fmt, openTestPage, pressControl, setPanels } from "../page.mjs";
import { armLengthOf, assertGripped, deg, grip, positions, quatAngle } from "./gripPage.mjs";

/** 화면에서 보여야 할 점들 (문고리 잡기에서는 빨간 공이 숨는다). */
const GRIP_POINTS = ["shoulder", "elbow", "hand", "tipMarker", "doorSwing", "knobTurn", "pole"];

/** 패널 상태마다 배치가 맞고 GRIP_POINTS 가 가려지지 않는다 (휴대폰은 한 번에 한 패널만 편다). */
async function checkPanelStates(page, touch) {
  const panelStates = touch
    ? [{ info: false, gui: false }, { info: true, gui: false }, { info: false, gui: true }]
    : [{ info: false, gui: false }, { info: true, gui: true }];
  for (const panels of panelStates) {
    await setPanels(page, touch, panels);
    await checkLayout(page, touch);
    const covered = await coveredArmPoints(page, GRIP_POINTS);
    assert(covered.length === 0, `패널 ${JSON.stringify(panels)} 에서 가려진 것: ${covered.join(", ")}`);
  }
}

/** chain: 차례가 함께 쓰는 값 ({ armLength }). */
export async function gripOn({ page, touch, origin, shot }, chain) {
  await test("‘문고리 잡기’ 를 켜면 문이 서고, 손의 월드 회전이 문고리의 것과 같고, 흰 tip 표시가 문고리 위에 있다", async () => {
    await openTestPage(page, origin);
    chain.armLength = await armLengthOf(page);
    const before = await grip(page);
    assert(!before.active, "처음부터 문고리 잡기가 켜져 있다");
    assert(quatAngle(before.hand, before.knob) > 0.1, "문고리 잡기를 켜기 전인데 손이 이미 문고리의 회전이다 (검사가 뜻이 없다)");
    await pressControl(page, touch, "grip");
    const g = await assertGripped(page, chain.armLength, "켠 직후");
    assert(g.active && g.endRotation, `문고리 잡기가 켜지지 않았다 (${JSON.stringify(g)})`);
    assert(g.reachable, "처음 문 자리에서 손이 문고리에 닿지 않는다");
    const p = await positions(page);
    console.log(`      손–문고리 회전 차 ${deg(quatAngle(g.hand, g.knob)).toExponential(2)}°, tip–문고리 ${fmt(dist(p.tip, p.knob))} m, 손목–문고리 ${fmt(dist(p.hand, p.knob))} m`);
    assert(dist(p.hand, p.knob) > 0.02, "손목 자체가 문고리에 있다: tip (손바닥) 이 쓰이지 않았다");
    const hint = await page.evaluate(() => [...document.querySelectorAll("#hint span")].filter((s) => s.getClientRects().length > 0).map((s) => s.textContent).join(""));
    assert(/문 열기/.test(hint) && /tip/.test(hint), `안내가 문의 공들을 말하지 않는다: "${hint}"`);
    await checkLayout(page, touch);
    await checkPanelStates(page, touch);
    await setPanels(page, touch, false);
    await shot("grip");
  });
}
