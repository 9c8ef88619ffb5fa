// 내 모델 열기 — 끌어다 놓기: 리그 파일을 페이지에 놓으면 열리고 팔다리가 목표에 있다.
// 확인마다 페이지를 새로 연다. node e2e/models.mjs drop 로 이것만.
import { readFileSync } from "node:fs";
import { assert, test } from "../harness.mjs";
import { dropFile, MEASURE_VIEWPORT } from "../page.mjs";
import { attempts, checkLimbsOnTargets, fixturePath, openModelPage, waitAttempt } from "./model.mjs";

/** 끌어다 놓아 여는 리그: 확장자 (.glb·.vrm·.gltf) 마다 하나. */
const DROPPED = ["mixamo.glb", "vrm1.vrm", "rigify.gltf"];

export const feature = "drop";

export async function run(v) {
  const { page, viewport } = v;
  // 놓기는 ?model= 과 같은 불러오기를 탄다 (다른 것은 File 을 읽는 것뿐): 한 화면에서는 확장자마다 하나, 다른 크기에서는 하나만.
  for (const file of viewport.name === MEASURE_VIEWPORT ? DROPPED : DROPPED.slice(0, 1)) {
    await test(`${file} 를 끌어다 놓으면 열린다`, async () => {
      await openModelPage(v, "");
      const before = await attempts(page);
      await dropFile(page, file, readFileSync(fixturePath(file)));
      const result = await waitAttempt(page, before);
      assert(result.status === "loaded" && result.modelName === file, `${result.status}: ${result.message}`);
      assert(result.limbs.length === 4 && !result.standInVisible, JSON.stringify(result));
      await checkLimbsOnTargets(page, null);
    });
  }
}
