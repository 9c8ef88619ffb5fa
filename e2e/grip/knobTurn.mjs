// 문고리 잡기 — 보라 공을 끌면 문고리가 돌고 손이 같은 각만큼 함께 돈다.
// 차례 (chain.mjs) 에서 gripOn 다음: 문고리 잡기가 켜지고 패널이 접힌 페이지에서. 돌린 문고리는 그대로 둔다.
import { assert, drag, test } from "../harness.mjs";
import { assertOnCanvas, hook } from "../page.mjs";
import { assertGripped, deg, grip, quatAngle } from "./gripPage.mjs";

export async function knobTurn({ page, session, touch }, chain) {
  await test(`보라 공을 ${touch ? "손가락으로" : "마우스로"} 끌면 문고리가 돌고 손이 같은 각만큼 함께 돈다`, async () => {
    const before = await grip(page);
    const from = await hook(page, () => window.__twoBoneIK.screen("knobTurn"));
    await assertOnCanvas(page, from, "보라 공");
    await drag(page, session, touch, from, { x: from.x + 40, y: from.y + 6 }, 8);
    const after = await assertGripped(page, chain.armLength, "문고리를 돌린 뒤");
    const turned = after.turnDeg - before.turnDeg;
    const handTurned = deg(quatAngle(before.hand, after.hand));
    console.log(`      문고리 ${before.turnDeg.toFixed(1)}° → ${after.turnDeg.toFixed(1)}°, 손이 돈 각 ${handTurned.toFixed(3)}°`);
    assert(Math.abs(turned) > 5, `보라 공을 끌었는데 문고리가 돌지 않았다 (${turned.toFixed(2)}°)`);
    assert(Math.abs(handTurned - Math.abs(turned)) < 0.01, `손이 ${handTurned.toFixed(3)}° 돌았다 (문고리는 ${Math.abs(turned).toFixed(3)}°)`);
  });
}
