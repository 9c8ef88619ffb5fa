// 땅 걷기 — 보조 표시가 켜져 있으면 발바닥 점마다 광선과 닿은 점이 그려지고, 끄면 사라진다.
// 차례 (chain.mjs) 에서 walker 다음: 지형이 켜진 페이지에서. 끝에 보조 표시를 다시 켜 둔다.
import { assert, frames, test } from "../harness.mjs";
import { hook } from "../page.mjs";
import { terrain } from "./ground.mjs";

export async function rays({ page }) {
  await test("보조 표시가 켜져 있으면 발바닥 점마다 광선과 닿은 점이 그려지고, 끄면 사라진다", async () => {
    let s = await terrain(page);
    assert(s.raysVisible && s.rayCount === 4, `광선: 보임 ${s.raysVisible}, ${s.rayCount} 개`);
    await hook(page, () => window.__twoBoneIK.set("helpers", false));
    await frames(page, 2);
    s = await terrain(page);
    assert(!s.raysVisible, "보조 표시를 껐는데 광선이 보인다");
    await hook(page, () => window.__twoBoneIK.set("helpers", true));
    await frames(page, 2);
  });
}
