// 문고리 잡기 — ‘끝 회전’ 을 끄면 손이 문고리의 회전을 놓고 아래팔을 따라가며 (tip 은 그대로 닿는다), 켜면 다시 문고리의 회전.
// 손 회전은 화면 크기와 상관없다: 한 화면 (MEASURE_VIEWPORT) 에서. 페이지를 새로 열어 (openGripped) 문고리 잡기를 켠다.
// 이 화면 크기에서 모인 콘솔 오류도 본다 (다른 크기에서는 consoleClean.mjs). node e2e/grip.mjs endRotation 로 이것만.
import { assert, frames, test } from "../harness.mjs";
import { dist, fmt, hook, MEASURE_VIEWPORT, pressControl, REACH_TOLERANCE, setPanels } from "../page.mjs";
import { assertGripped, deg, grip, openGripped, positions, quatAngle, ROTATION_TOLERANCE } from "./gripPage.mjs";

export const feature = "endRotation";
export const viewports = [MEASURE_VIEWPORT];

export async function run(v) {
  const { page, touch, consoleErrors, shot } = v;
  await test("‘끝 회전’ 을 끄면 손이 문고리의 회전을 놓고 아래팔을 따라가며 (tip 은 그대로 닿는다), 켜면 다시 문고리의 회전", async () => {
    const armLength = await openGripped(v);
    await hook(page, () => window.__twoBoneIK.setDoor(0, 40));
    await frames(page, 2);
    const on = await assertGripped(page, armLength, "끝 회전 켬");
    await shot("end-rotation-on");
    await pressControl(page, touch, "endRotation");
    await setPanels(page, touch, false);
    const off = await grip(page);
    const p = await positions(page);
    const apart = deg(quatAngle(off.hand, off.knob));
    console.log(`      끝 회전 끔: 손–문고리 회전 차 ${apart.toFixed(1)}°, tip–문고리 ${fmt(dist(p.tip, p.knob))} m`);
    assert(!off.endRotation, "끝 회전이 꺼지지 않았다");
    assert(apart > 5, `끝 회전을 껐는데 손이 여전히 문고리의 회전이다 (${apart.toFixed(2)}°)`);
    assert(off.reachable && dist(p.tip, p.knob) < REACH_TOLERANCE * armLength, `끝 회전을 끄니 tip 이 문고리에 닿지 않는다 (${fmt(dist(p.tip, p.knob))} m)`);
    // 잡는 점은 문고리 축 위: 끝 회전이 없으면 문고리를 돌려도 손은 그대로다.
    await hook(page, () => window.__twoBoneIK.setDoor(0, -30));
    await frames(page, 2);
    const turnedOff = await grip(page);
    assert(quatAngle(off.hand, turnedOff.hand) < ROTATION_TOLERANCE, "끝 회전을 껐는데 문고리를 돌리니 손이 돈다");
    await shot("end-rotation-off");
    await pressControl(page, touch, "endRotation");
    await setPanels(page, touch, false);
    const back = await assertGripped(page, armLength, "끝 회전을 다시 켠 뒤");
    assert(back.endRotation && Math.abs(back.turnDeg + 30) < 1e-9, `다시 켠 뒤의 상태가 이상하다 (${JSON.stringify(back)})`);
    assert(quatAngle(on.hand, back.hand) > 1, "문고리를 돌렸는데 (40° → −30°) 다시 켠 손이 그대로다");
    assert(consoleErrors.length === 0, `콘솔 오류:\n${consoleErrors.join("\n")}`);
  });
}
