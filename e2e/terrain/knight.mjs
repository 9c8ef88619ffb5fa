// 땅 걷기 — «기사 모델 불러오기» 를 한 번 누르면 기사가 열리고 걷기 클립으로 지형을 걸으며 발을 딛는다.
// 차례 (chain.mjs) 에서 rays 다음: 기사를 연 채로 둔다 (패널은 접음).
import { assert, frames, test } from "../harness.mjs";
import { checkLayout, hook, setPanels } from "../page.mjs";
import { checkGroundingOnce, press, terrain } from "./ground.mjs";

export async function knight(v) {
  const { page, touch, shot } = v;
  await test(`«기사 모델 불러오기» 를 ${touch ? "한 번 누르면" : "한 번 누르면 (Enter)"} 기사가 열리고 걷기 클립으로 지형을 걸으며 발을 딛는다`, async () => {
    if (touch) await press(page, true, "#knight-open");
    else {
      await page.locator("#knight-open").focus();
      await page.keyboard.press("Enter");
    }
    await page.waitForFunction(() => window.__twoBoneIKTerrain.state().character === "model", undefined, { timeout: 60000 });
    await frames(page, 5);
    const s = await terrain(page);
    console.log(`      ${s.modelName}, 클립 ${s.clip}, 배율 ${s.scale.toFixed(3)}`);
    assert(/^knight_cge/.test(s.modelName ?? "") && s.clip === "Walk" && s.grounded, `기사가 걷지 않는다 (${JSON.stringify({ name: s.modelName, clip: s.clip, grounded: s.grounded })})`);
    const model = await hook(page, () => ({ status: window.__twoBoneIKModel.status, standIn: window.__twoBoneIKModel.standInVisible }));
    const names = await hook(page, () => window.__twoBoneIKModel.visibleNames());
    assert(names.includes("terrain"), `기사를 연 뒤 지형이 보이지 않는다 (${names.join(", ")})`);
    assert(model.status === "loaded" && !model.standIn, `모델 상태 ${JSON.stringify(model)}`);
    await setPanels(page, touch, false);
    await shot("knight-on");
    await checkGroundingOnce(v, "knight", s.scale, false);
    await checkLayout(page, touch);
  });
}
