// 굽힘 제한 — min 을 max 위로 (또는 max 를 min 아래로) 옮기면 다른 쪽이 따라와 min ≤ max 를 지키고, 두 관절이 그 굽힘에 선다 (오류 없음).
// 차례 (chain.mjs) 의 마지막: 팔꿈치·무릎 제한이 모두 켜진 페이지에서. 이 화면 크기에서 모인 콘솔 오류도 본다.
import { assert, frames, test } from "../harness.mjs";
import { hook } from "../page.mjs";
import { BEND_TOLERANCE_DEG, bendHooks } from "./bend.mjs";

export async function minMax({ page, consoleErrors }) {
  const { limits, state } = bendHooks(page);
  await test("min 을 max 위로 (또는 max 를 min 아래로) 옮기면 다른 쪽이 따라와 min ≤ max 를 지킨다 (오류 없음)", async () => {
    await hook(page, () => window.__twoBoneIK.set("limitMin", 170));
    await frames(page, 2);
    let s = await state();
    assert(s.limitMin === 170 && s.limitMax === 170, `min 170° 뒤에 [${s.limitMin}, ${s.limitMax}]`);
    await hook(page, () => window.__twoBoneIK.set("limitMax", 10));
    await frames(page, 2);
    s = await state();
    assert(s.limitMin === 10 && s.limitMax === 10, `max 10° 뒤에 [${s.limitMin}, ${s.limitMax}]`);
    const l = await limits();
    assert(Math.abs(l.elbow.bendDeg - 10) < BEND_TOLERANCE_DEG && Math.abs(l.knee.bendDeg - 10) < BEND_TOLERANCE_DEG,
      `min = max = 10° 인데 팔꿈치 ${l.elbow.bendDeg}°, 무릎 ${l.knee.bendDeg}°`);
    assert(consoleErrors.length === 0, `콘솔 오류:\n${consoleErrors.join("\n")}`);
  });
}
