// 굽힘 제한 — ‘무릎 제한’: 호가 그려지고, 초록 공을 끌 때와 발 목표를 멀리·가까이 둘 때 무릎이 [2°, 150°] 안에 머문다.
// 차례 (chain.mjs) 에서 elbowBend 다음 (무릎은 팔꿈치 쪽 상태를 쓰지 않는다): 패널로 무릎 제한을 켜고 패널을 접어 둔다.
import { assert, drag, frames, test } from "../harness.mjs";
import { assertOnCanvas, hook, pressControl, setPanels } from "../page.mjs";
import { BEND_TOLERANCE_DEG, bendHooks, MAX_DEG, MIN_DEG, outside } from "./bend.mjs";

export async function kneeBend({ page, session, touch, shot }) {
  const { limits, positions, place } = bendHooks(page);
  await test(`‘무릎 제한’: 호가 그려지고, 초록 공을 ${touch ? "손가락으로" : "마우스로"} 끌 때와 멀리·가까이 둘 때 무릎이 [2°, 150°] 안에 머문다`, async () => {
    await pressControl(page, touch, "kneeLimit");
    await setPanels(page, touch, false);
    let l = await limits();
    assert(l.knee.on && l.knee.arcVisible && Math.abs(l.knee.arcMinDeg - MIN_DEG) < 1e-9 && Math.abs(l.knee.arcMaxDeg - MAX_DEG) < 1e-9,
      `무릎 제한의 호가 없거나 범위가 다르다 (${JSON.stringify(l.knee)})`);
    let worst = 0, samples = 0;
    const from = await hook(page, () => window.__twoBoneIK.screen("footTarget"));
    await assertOnCanvas(page, from, "초록 공");
    await drag(page, session, touch, from, { x: from.x + 20, y: from.y - 60 }, 8, 2, async () => {
      worst = Math.max(worst, outside((await limits()).knee));
      samples++;
    });
    const p = await positions();
    await place("footTarget", [p.hip[0], p.hip[1] - 1.5, p.hip[2] + 0.1]);
    await frames(page, 2);
    const farKnee = (await limits()).knee.bendDeg;
    await place("footTarget", [p.hip[0], p.hip[1] - 0.1, p.hip[2] + 0.05]);
    await frames(page, 2);
    l = await limits();
    console.log(`      무릎: 먼 발 목표 ${farKnee.toFixed(6)}°, 엉덩이 가까이 ${l.knee.bendDeg.toFixed(6)}°, 끄는 동안 ${samples} 걸음에서 제한 밖 최대 ${worst.toExponential(2)}°`);
    assert(Math.abs(farKnee - MIN_DEG) < BEND_TOLERANCE_DEG, `먼 발 목표에서 무릎이 ${farKnee}° (${MIN_DEG}° 이어야 한다: 곧게 잠기지 않는다)`);
    assert(Math.abs(l.knee.bendDeg - MAX_DEG) < BEND_TOLERANCE_DEG, `가까운 발 목표에서 무릎이 ${l.knee.bendDeg}° (${MAX_DEG}° 이어야 한다)`);
    assert(samples >= 8 && worst < BEND_TOLERANCE_DEG, `초록 공을 끄는 동안 무릎이 제한 밖으로 ${worst}° 나갔다`);
    await shot("knee-near");
  });
}
