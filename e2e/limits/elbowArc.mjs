// 굽힘 제한 — ‘팔꿈치 제한’ 을 켜면 팔꿈치에 허락된 굽힘 [2°, 150°] 의 호가 그려지고 팔꿈치 둘레의 픽셀이 바뀐다.
// 차례의 첫 확인 (chain.mjs): 페이지를 열고, 패널로 팔꿈치 제한을 켠 채 패널을 접어 둔다.
import { assert, test } from "../harness.mjs";
import { differenceFraction, hook, openTestPage, pressControl, setPanels } from "../page.mjs";
import { bendHooks, MAX_DEG, MIN_DEG } from "./bend.mjs";

export async function elbowArc({ page, touch, origin, shotPng }) {
  const { limits } = bendHooks(page);
  await test("‘팔꿈치 제한’ 을 켜면 팔꿈치에 허락된 굽힘 [2°, 150°] 의 호가 화면에 그려진다", async () => {
    await openTestPage(page, origin);
    await setPanels(page, touch, false); // 패널을 펴고 접으면 카메라가 빈 자리에 다시 맞춘다: 두 스크린샷을 같은 배치에서
    let l = await limits();
    assert(!l.elbow.on && !l.elbow.arcVisible && !l.knee.arcVisible, `처음부터 제한이 켜져 있다 (${JSON.stringify(l)})`);
    const off = await shotPng("limit-off");
    await pressControl(page, touch, "elbowLimit");
    await setPanels(page, touch, false);
    l = await limits();
    assert(l.elbow.on && l.elbow.arcVisible, "팔꿈치 제한을 켰는데 호가 없다");
    assert(Math.abs(l.elbow.arcMinDeg - MIN_DEG) < 1e-9 && Math.abs(l.elbow.arcMaxDeg - MAX_DEG) < 1e-9,
      `호가 [${l.elbow.arcMinDeg}°, ${l.elbow.arcMaxDeg}°] 를 그린다 ([${MIN_DEG}°, ${MAX_DEG}°] 이어야 한다)`);
    const on = await shotPng("limit-arc");
    // 팔꿈치 둘레의 상자에서 호가 바꾼 픽셀 (ratio: 스크린샷 픽셀 / CSS px).
    const elbow = await hook(page, () => window.__twoBoneIK.screen("elbow"));
    const ratio = on.width / (await page.evaluate(() => window.innerWidth));
    const box = 60 * ratio;
    const changed = differenceFraction(off, on, { left: elbow.x * ratio - box, top: elbow.y * ratio - box, right: elbow.x * ratio + box, bottom: elbow.y * ratio + box });
    console.log(`      팔꿈치 둘레 ${2 * 60}×${2 * 60} px 에서 호가 바꾼 픽셀 ${(changed * 100).toFixed(1)} %`);
    assert(changed > 0.02, `호가 화면에 보이지 않는다 (팔꿈치 둘레의 ${(changed * 100).toFixed(2)} % 만 바뀌었다)`);
  });
}
