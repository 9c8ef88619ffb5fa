// 설명 화면의 «문고리 잡기» (issue 16 §5) 를 세 화면 크기에서: 손이 문고리의 회전을 갖고 (useTargetRotation),
// 손바닥의 tip 이 문고리에 닿고, 문고리를 돌리고 문을 열면 (마우스·손가락·키보드) 손이 따라가고, 끝 회전을 끄면 손이 바뀐다.
//   node e2e/grip.mjs            (make test-e2e)
// 마지막 줄: "N passed, M failed". 실패가 있으면 종료 코드 1.
import { assert, crash, drag, frames, test } from "./harness.mjs";
import {
  assertOnCanvas, checkLayout, coveredArmPoints, dist, fmt, hook, MEASURE_VIEWPORT, openTestPage, pressControl, REACH_TOLERANCE, runSuite, setPanels,
} from "./page.mjs";

/** 손과 문고리의 월드 회전이 같다고 볼 허용치 (라디안): 라이브러리는 1e-12 안, 여기는 float64 행렬을 거친 사원수. */
const ROTATION_TOLERANCE = 1e-6;
/** 화면에서 보여야 할 점들 (문고리 잡기에서는 빨간 공이 숨는다). */
const GRIP_POINTS = ["shoulder", "elbow", "hand", "tipMarker", "doorSwing", "knobTurn", "pole"];

/** 두 단위 사원수 사이의 회전각 (라디안). */
const quatAngle = (a, b) => 2 * Math.acos(Math.min(1, Math.abs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3])));
const deg = (radians) => (radians * 180) / Math.PI;

async function runViewport({ page, session, touch, viewport, origin, consoleErrors, shot }) {
  const grip = () => hook(page, () => window.__twoBoneIK.grip());
  const positions = () => hook(page, () => window.__twoBoneIK.positions());
  let armLength = 0;
  /** 손의 회전 = 문고리의 회전, tip (손의 행렬로 옮긴 ik.tip) 과 흰 tip 표시가 문고리 위 (닿는 자리면). */
  const assertGripped = async (what) => {
    const g = await grip();
    const p = await positions();
    const angle = quatAngle(g.hand, g.knob);
    assert(angle < ROTATION_TOLERANCE, `${what}: 손의 월드 회전이 문고리와 ${deg(angle).toFixed(4)}° 다르다`);
    if (g.reachable) {
      assert(dist(p.tip, p.knob) < REACH_TOLERANCE * armLength, `${what}: 손바닥의 tip 이 문고리에서 ${fmt(dist(p.tip, p.knob))} m 떨어져 있다`);
      assert(dist(p.tipMarker, p.knob) < REACH_TOLERANCE * armLength, `${what}: tip 표시가 문고리에서 ${fmt(dist(p.tipMarker, p.knob))} m 떨어져 있다`);
    }
    return g;
  };

  await test("‘문고리 잡기’ 를 켜면 문이 서고, 손의 월드 회전이 문고리의 것과 같고, 흰 tip 표시가 문고리 위에 있다", async () => {
    await openTestPage(page, origin);
    const lengths = await hook(page, () => window.__twoBoneIK.boneLengths());
    armLength = lengths.upper + lengths.lower;
    const before = await grip();
    assert(!before.active, "처음부터 문고리 잡기가 켜져 있다");
    assert(quatAngle(before.hand, before.knob) > 0.1, "문고리 잡기를 켜기 전인데 손이 이미 문고리의 회전이다 (검사가 뜻이 없다)");
    await pressControl(page, touch, "grip");
    const g = await assertGripped("켠 직후");
    assert(g.active && g.endRotation, `문고리 잡기가 켜지지 않았다 (${JSON.stringify(g)})`);
    assert(g.reachable, "처음 문 자리에서 손이 문고리에 닿지 않는다");
    const p = await positions();
    console.log(`      손–문고리 회전 차 ${deg(quatAngle(g.hand, g.knob)).toExponential(2)}°, tip–문고리 ${fmt(dist(p.tip, p.knob))} m, 손목–문고리 ${fmt(dist(p.hand, p.knob))} m`);
    assert(dist(p.hand, p.knob) > 0.02, "손목 자체가 문고리에 있다: tip (손바닥) 이 쓰이지 않았다");
    const hint = await page.evaluate(() => [...document.querySelectorAll("#hint span")].filter((s) => s.getClientRects().length > 0).map((s) => s.textContent).join(""));
    assert(/문 열기/.test(hint) && /tip/.test(hint), `안내가 문의 공들을 말하지 않는다: "${hint}"`);
    await checkLayout(page, touch);
    const panelStates = touch
      ? [{ info: false, gui: false }, { info: true, gui: false }, { info: false, gui: true }]
      : [{ info: false, gui: false }, { info: true, gui: true }];
    for (const panels of panelStates) {
      await setPanels(page, touch, panels);
      await checkLayout(page, touch);
      const covered = await coveredArmPoints(page, GRIP_POINTS);
      assert(covered.length === 0, `패널 ${JSON.stringify(panels)} 에서 가려진 것: ${covered.join(", ")}`);
    }
    await setPanels(page, touch, false);
    await shot("grip");
  });

  await test(`보라 공을 ${touch ? "손가락으로" : "마우스로"} 끌면 문고리가 돌고 손이 같은 각만큼 함께 돈다`, async () => {
    const before = await grip();
    const from = await hook(page, () => window.__twoBoneIK.screen("knobTurn"));
    await assertOnCanvas(page, from, "보라 공");
    await drag(page, session, touch, from, { x: from.x + 40, y: from.y + 6 }, 8);
    const after = await assertGripped("문고리를 돌린 뒤");
    const turned = after.turnDeg - before.turnDeg;
    const handTurned = deg(quatAngle(before.hand, after.hand));
    console.log(`      문고리 ${before.turnDeg.toFixed(1)}° → ${after.turnDeg.toFixed(1)}°, 손이 돈 각 ${handTurned.toFixed(3)}°`);
    assert(Math.abs(turned) > 5, `보라 공을 끌었는데 문고리가 돌지 않았다 (${turned.toFixed(2)}°)`);
    assert(Math.abs(handTurned - Math.abs(turned)) < 0.01, `손이 ${handTurned.toFixed(3)}° 돌았다 (문고리는 ${Math.abs(turned).toFixed(3)}°)`);
  });

  await test(`노란 공을 ${touch ? "손가락으로" : "마우스로"} 끌면 문이 열리고 손이 문고리를 따라간다`, async () => {
    const before = await grip();
    const knobBefore = (await positions()).knob;
    const from = await hook(page, () => window.__twoBoneIK.screen("doorSwing"));
    await assertOnCanvas(page, from, "노란 공");
    await drag(page, session, touch, from, { x: from.x - 30, y: from.y }, 8);
    const after = await assertGripped("문을 연 뒤");
    const p = await positions();
    console.log(`      문 ${before.swingDeg.toFixed(1)}° → ${after.swingDeg.toFixed(1)}°, 문고리가 ${fmt(dist(knobBefore, p.knob))} m 옮겨 감, 닿음 ${after.reachable}`);
    assert(Math.abs(after.swingDeg - before.swingDeg) > 2, `노란 공을 끌었는데 문이 열리지 않았다 (${before.swingDeg.toFixed(2)}° → ${after.swingDeg.toFixed(2)}°)`);
    assert(dist(knobBefore, p.knob) > 0.01, "문이 열렸는데 문고리가 움직이지 않았다");
    await hook(page, () => window.__twoBoneIK.setDoor(0, 0));
    await frames(page, 2);
  });

  if (!touch) {
    await test("키보드: Tab 으로 보라 공·노란 공을 고르고 화살표로 문고리를 돌리고 문을 연다 (손이 따라간다)", async () => {
      await page.mouse.click(viewport.width / 2, 4);
      await page.evaluate(() => document.activeElement?.blur());
      const focus = async (name) => {
        let focused = null;
        for (let i = 0; i < 12 && focused !== name; i++) {
          await page.keyboard.press("Tab");
          focused = await page.evaluate(() => document.activeElement?.dataset?.handle ?? null);
        }
        assert(focused === name, `Tab 으로 ${name} 에 갈 수 없다`);
      };
      await focus("knobTurn");
      let before = await grip();
      for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
      await frames(page, 2);
      let after = await assertGripped("키보드로 문고리를 돌린 뒤");
      const handTurned = deg(quatAngle(before.hand, after.hand));
      console.log(`      → 3번: 문고리 ${before.turnDeg.toFixed(1)}° → ${after.turnDeg.toFixed(1)}°, 손 ${handTurned.toFixed(3)}°`);
      assert(Math.abs(after.turnDeg - before.turnDeg) > 5, "화살표로 문고리가 돌지 않았다");
      assert(Math.abs(handTurned - Math.abs(after.turnDeg - before.turnDeg)) < 0.01, "손이 문고리와 같은 각만큼 돌지 않았다");
      await page.evaluate(() => document.activeElement?.blur());
      await page.mouse.click(viewport.width / 2, 4);
      await focus("doorSwing");
      before = await grip();
      for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowLeft");
      await frames(page, 2);
      after = await assertGripped("키보드로 문을 연 뒤");
      console.log(`      ← 5번: 문 ${before.swingDeg.toFixed(1)}° → ${after.swingDeg.toFixed(1)}°`);
      assert(Math.abs(after.swingDeg - before.swingDeg) > 2, "화살표로 문이 열리지 않았다");
      await page.evaluate(() => document.activeElement?.blur());
      await hook(page, () => window.__twoBoneIK.setDoor(0, 0));
      await frames(page, 2);
    });
  }

  // 끝 회전 켬/끔의 손 회전은 화면 크기와 상관없다: 한 화면에서. 콘솔 오류는 화면마다 본다.
  if (viewport.name !== MEASURE_VIEWPORT) {
    await test("콘솔 오류·바깥 요청이 없다", async () => {
      assert(consoleErrors.length === 0, `콘솔 오류:\n${consoleErrors.join("\n")}`);
    });
    return;
  }

  await test("‘끝 회전’ 을 끄면 손이 문고리의 회전을 놓고 아래팔을 따라가며 (tip 은 그대로 닿는다), 켜면 다시 문고리의 회전", async () => {
    await hook(page, () => window.__twoBoneIK.setDoor(0, 40));
    await frames(page, 2);
    const on = await assertGripped("끝 회전 켬");
    await shot("end-rotation-on");
    await pressControl(page, touch, "endRotation");
    await setPanels(page, touch, false);
    const off = await grip();
    const p = await positions();
    const apart = deg(quatAngle(off.hand, off.knob));
    console.log(`      끝 회전 끔: 손–문고리 회전 차 ${apart.toFixed(1)}°, tip–문고리 ${fmt(dist(p.tip, p.knob))} m`);
    assert(!off.endRotation, "끝 회전이 꺼지지 않았다");
    assert(apart > 5, `끝 회전을 껐는데 손이 여전히 문고리의 회전이다 (${apart.toFixed(2)}°)`);
    assert(off.reachable && dist(p.tip, p.knob) < REACH_TOLERANCE * armLength, `끝 회전을 끄니 tip 이 문고리에 닿지 않는다 (${fmt(dist(p.tip, p.knob))} m)`);
    // 잡는 점은 문고리 축 위: 끝 회전이 없으면 문고리를 돌려도 손은 그대로다.
    await hook(page, () => window.__twoBoneIK.setDoor(0, -30));
    await frames(page, 2);
    const turnedOff = await grip();
    assert(quatAngle(off.hand, turnedOff.hand) < ROTATION_TOLERANCE, "끝 회전을 껐는데 문고리를 돌리니 손이 돈다");
    await shot("end-rotation-off");
    await pressControl(page, touch, "endRotation");
    await setPanels(page, touch, false);
    const back = await assertGripped("끝 회전을 다시 켠 뒤");
    assert(back.endRotation && Math.abs(back.turnDeg + 30) < 1e-9, `다시 켠 뒤의 상태가 이상하다 (${JSON.stringify(back)})`);
    assert(quatAngle(on.hand, back.hand) > 1, "문고리를 돌렸는데 (40° → −30°) 다시 켠 손이 그대로다");
    assert(consoleErrors.length === 0, `콘솔 오류:\n${consoleErrors.join("\n")}`);
  });
}

runSuite("two-bone-ik-grip", runViewport).catch(crash);
