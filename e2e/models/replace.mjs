// 내 모델 열기 — 열린 모델 위에 다른 파일: 깨진 파일이면 그 모델이 그대로 남고, 다른 모델이면 옛 모델이 장면에서 빠진다.
// 확인마다 페이지를 새로 연다. node e2e/models.mjs replace 로 이것만.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { assert, test } from "../harness.mjs";
import { dropFile } from "../page.mjs";
import { attempts, checkLimbsOnTargets, openModelPage, RIGS, waitAttempt } from "./model.mjs";

export const feature = "replace";

/** query 로 모델을 열고 그 장면의 수를 센 뒤, RIGS 의 file 을 놓는다. 돌려주는 값: { counts (놓기 전), result (놓은 시도) }. */
async function dropOnModel(v, query, file) {
  const { page } = v;
  await openModelPage(v, query);
  await waitAttempt(page, 0);
  const counts = await page.evaluate(() => window.__twoBoneIKModel.sceneCounts());
  const before = await attempts(page);
  await dropFile(page, file, readFileSync(join(RIGS, file)));
  return { counts, result: await waitAttempt(page, before) };
}

export async function run(v) {
  const { page } = v;
  await test("모델이 있을 때 깨진 파일을 놓으면 그 모델이 그대로 남는다", async () => {
    const { counts, result } = await dropOnModel(v, "&model=models/unreal.glb", "broken_truncated.glb");
    assert(result.status === "error" && result.modelName === "unreal.glb", JSON.stringify(result));
    assert(result.message.includes("지금 모델(unreal.glb)을 그대로 둡니다"), result.message);
    assert(JSON.stringify(result.counts) === JSON.stringify(counts), "장면이 바뀌었다");
    await checkLimbsOnTargets(page, null);
  });

  await test("다른 모델로 바꾸면 옛 모델은 장면에서 빠진다", async () => {
    const { counts, result } = await dropOnModel(v, "&model=models/vrm1.vrm", "rigify.gltf");
    assert(result.modelName === "rigify.gltf", JSON.stringify(result));
    assert(JSON.stringify(result.counts) === JSON.stringify(counts), `장면 ${JSON.stringify(result.counts)} ← ${JSON.stringify(counts)}`);
  });
}
