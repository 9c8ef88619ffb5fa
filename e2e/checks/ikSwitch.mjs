// 설명 화면의 브라우저 확인 — IK 켬/끔: 조절 패널과 캔버스의 스위치, IK 전 자세와 θ·φ 읽은 값.
// 확인마다 페이지를 새로 열어 (openStandIn) 앞의 확인이 남긴 상태에 기대지 않는다. node e2e/run.mjs ikSwitch 로 이것만.
import { assert, frames, test } from "../harness.mjs";
import { dist, EXACT_TOLERANCE, fmt, hook, MEASURE_VIEWPORT, pressControl, REACH_TOLERANCE, setPanels } from "../page.mjs";
import { openStandIn } from "./standIn.mjs";

export const feature = "ikSwitch";
/** 화면 크기와 상관없다: 한 화면에서. */
export const viewports = [MEASURE_VIEWPORT];

/** v: runSuite 의 화면 크기 하나 ({ page, session, touch, viewport, origin, consoleErrors, shot, shotPng }, 그리고 timings). */
export async function run(v) {
  const { page, touch, shot } = v;
  await test("IK 켬/끔 (조절 패널): 끄면 IK 전 자세, 다시 켜면 공을 잡은 자세", async () => {
    const { armLength, lengthsUnchanged } = await openStandIn(v);
    await pressControl(page, touch, "ik");
    let state = await hook(page, () => window.__twoBoneIK.state());
    assert(state.ik === false, "IK 가 꺼지지 않았다");
    const off = await hook(page, () => window.__twoBoneIK.positions());
    const incoming = await hook(page, () => window.__twoBoneIK.incomingPositions());
    const poseError = Math.max(dist(off.hand, incoming.hand), dist(off.elbow, incoming.elbow));
    assert(poseError < EXACT_TOLERANCE * armLength, `IK 끔인데 IK 전 자세가 아니다 (차이 ${fmt(poseError)} m)`);
    assert(dist(off.hand, off.ball) > 0.05 * armLength, "IK 끔인데 손이 공에 있다 (비교가 보이지 않는다)");
    await shot("ik-off");
    await pressControl(page, touch, "ik");
    state = await hook(page, () => window.__twoBoneIK.state());
    assert(state.ik === true, "IK 가 다시 켜지지 않았다");
    const on = await hook(page, () => window.__twoBoneIK.positions());
    assert(dist(on.hand, on.ball) < REACH_TOLERANCE * armLength, `IK 를 다시 켰는데 손–공 ${fmt(dist(on.hand, on.ball))} m`);
    await lengthsUnchanged();
  });

  await test("캔버스의 IK 스위치: 끄면 IK 전 자세와 IK 가 만들 자세의 유령, θ·φ 읽은 값이 식 상자와 같다", async () => {
    const { armLength } = await openStandIn(v);
    await setPanels(page, touch, touch ? { info: true, gui: false } : true);
    const press = (locator) => (touch ? locator.tap() : locator.click());
    await press(page.locator("#ik-switch"));
    await frames(page, 2);
    let state = await hook(page, () => window.__twoBoneIK.state());
    assert(state.ik === false, "스위치를 눌렀는데 IK 가 꺼지지 않았다");
    assert((await page.getAttribute("#ik-switch", "aria-pressed")) === "false", "스위치의 aria-pressed 가 false 가 아니다");
    const off = await hook(page, () => window.__twoBoneIK.positions());
    const incoming = await hook(page, () => window.__twoBoneIK.incomingPositions());
    assert(dist(off.hand, incoming.hand) < EXACT_TOLERANCE * armLength, "IK 끔인데 IK 전 자세가 아니다");
    // 읽은 값은 0.1 초마다 바뀐다: 바뀔 때까지 기다린다.
    await page.waitForFunction(() => /IK 켜면/.test(document.getElementById("r-theta").textContent));
    const read = await page.evaluate(() => ({
      theta: document.getElementById("r-theta").textContent,
      elbow: document.getElementById("r-elbow").textContent,
      formula: document.getElementById("formula").textContent,
    }));
    const formulaTheta = read.formula.match(/θ = ([\d.]+)°/)[1];
    const formulaElbow = read.formula.match(/φ = ([\d.]+)°/)[1];
    console.log(`      IK 끔: θ 읽은 값 "${read.theta}", 식 θ = ${formulaTheta}°; φ "${read.elbow}", 식 φ = ${formulaElbow}°`);
    assert(read.theta.startsWith(`${formulaTheta}°`), `θ 읽은 값 "${read.theta}" 이 식의 θ = ${formulaTheta}° 와 다르다`);
    assert(read.elbow.startsWith(`${formulaElbow}°`), `φ 읽은 값 "${read.elbow}" 이 식의 φ = ${formulaElbow}° 와 다르다`);
    await shot("ik-off-ghost");
    await press(page.locator("#ik-switch"));
    await frames(page, 2);
    state = await hook(page, () => window.__twoBoneIK.state());
    assert(state.ik === true, "스위치를 다시 눌렀는데 IK 가 켜지지 않았다");
    const on = await hook(page, () => window.__twoBoneIK.positions());
    assert(dist(on.hand, on.ball) < REACH_TOLERANCE * armLength, "IK 를 다시 켰는데 손이 공에 없다");
    // IK 켬: θ 읽은 값 (뼈에서 잼) 과 식의 θ 가 0.1° 까지 같다.
    await page.waitForFunction(() => !/IK 켜면/.test(document.getElementById("r-theta").textContent));
    await frames(page, 8);
    const again = await page.evaluate(() => ({ theta: document.getElementById("r-theta").textContent, formula: document.getElementById("formula").textContent }));
    const t1 = parseFloat(again.theta), t2 = parseFloat(again.formula.match(/θ = ([\d.]+)°/)[1]);
    assert(Math.abs(t1 - t2) <= 0.11, `IK 켬: θ 읽은 값 ${t1}° ≠ 식 ${t2}°`);
  });
}
