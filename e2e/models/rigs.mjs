// 내 모델 열기 — 리그마다 ?model= 로 열기: 네 팔다리를 찾고 대역을 숨기며, 손·발이 목표 공에 있다 (클립이 흐른 뒤에도).
// 확인마다 페이지를 새로 연다. node e2e/models.mjs rigs 로 이것만.
import { assert, frames, test } from "../harness.mjs";
import { MEASURE_VIEWPORT } from "../page.mjs";
import { checkLimbsOnTargets, openModelPage, waitAttempt } from "./model.mjs";

/** 열려야 하는 리그. */
export const GOOD = ["mixamo.glb", "vrm1.vrm", "vrm0.vrm", "unreal.glb", "rigify.gltf", "toy_30cm.glb", "giant_10m.glb", "knight_cge.glb"];
/** 세 크기 모두에서 여는 리그: 카메라가 틀에 맞추는 배율의 양 끝 (30 cm, 10 m) 과 Mixamo 의 cm 리그. */
const FRAMING = ["mixamo.glb", "toy_30cm.glb", "giant_10m.glb"];
/** 스크린샷을 남기는 리그. */
const SHOT = ["mixamo.glb", "unreal.glb", "toy_30cm.glb", "giant_10m.glb", "knight_cge.glb"];

export const feature = "rigs";

/** v: runSuite 의 화면 크기 하나 ({ page, session, touch, viewport, origin, consoleErrors, shot, shotPng }). */
export async function run(v) {
  const { page, viewport, consoleErrors: problems, shot } = v;
  // 리그마다 팔다리 찾기·목표에 닿기는 화면 크기와 상관없다: 모든 리그는 한 화면에서, 다른 크기에서는 배율의 양 끝과 cm 리그 (틀에 맞추기).
  for (const file of viewport.name === MEASURE_VIEWPORT ? GOOD : GOOD.filter((f) => FRAMING.includes(f))) {
    await test(`?model=models/${file}: 네 팔다리를 찾고 대역을 숨기며, 손·발이 목표 공에 있다`, async () => {
      await openModelPage(v, `&model=models/${file}`);
      const result = await waitAttempt(page, 0);
      assert(result.status === "loaded", `상태 ${result.status}: ${result.message}`);
      assert(result.limbs.length === 4, `팔다리 ${result.limbs}`);
      assert(result.message.includes("왼팔 ✓") && result.message.includes("오른다리 ✓"), `글: ${result.message}`);
      assert(!result.standInVisible, "대역이 보인다");
      const first = await checkLimbsOnTargets(page, null);
      await frames(page, 20); // 클립이 20 프레임 흐른 뒤에도
      await checkLimbsOnTargets(page, Object.fromEntries(Object.entries(first).map(([k, l]) => [k, l.lengths])));
      if (SHOT.includes(file)) await shot(`model-${file.replace(".", "-")}`);
      assert(problems.length === 0, problems.join("\n"));
    });
  }
}
