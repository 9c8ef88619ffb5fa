// 내 모델 열기 — 깨진 파일들: 까닭마다 한국어 메시지가 보이고, 대역은 그대로, 장면에 아무것도 남지 않는다.
// 페이지를 새로 연다. node e2e/models.mjs broken 로 이것만.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { assert, test } from "../harness.mjs";
import { dropFile } from "../page.mjs";
import { attempts, openModelPage, RIGS, waitAttempt } from "./model.mjs";

/** 거절해야 하는 파일과 그 까닭. */
const BAD = [
  { file: "broken_truncated.glb", kind: "corrupt", words: "잘렸거나 손상" },
  { file: "not_gltf.glb", kind: "not-gltf", words: "glTF 파일이 아닙니다" },
  { file: "no_skin.glb", kind: "no-skin", words: "스킨" },
  { file: "no_limbs.glb", kind: "no-limbs", words: "팔다리 뼈" },
];

export const feature = "broken";

export async function run(v) {
  const { page, shot } = v;
  await test("깨진 파일들: 한국어 메시지, 대역 그대로, 장면에 아무것도 남지 않음", async () => {
    await openModelPage(v, "");
    const start = await page.evaluate(() => window.__twoBoneIKModel.sceneCounts());
    for (const bad of BAD) {
      const before = await attempts(page);
      await dropFile(page, bad.file, readFileSync(join(RIGS, bad.file)));
      const result = await waitAttempt(page, before);
      assert(result.status === "error" && result.errorKind === bad.kind, `${bad.file}: ${result.errorKind} ${result.message}`);
      assert(result.message.includes(bad.words) && result.message.includes("대역 캐릭터를 그대로 둡니다"), `${bad.file}: ${result.message}`);
      assert(result.standInVisible, `${bad.file}: 대역이 사라졌다`);
      assert(JSON.stringify(result.counts) === JSON.stringify(start), `${bad.file}: 장면이 바뀜 ${JSON.stringify(result.counts)} ← ${JSON.stringify(start)}`);
      const visible = await page.evaluate(() => getComputedStyle(document.getElementById("model-status")).display !== "none");
      assert(visible, "메시지가 보이지 않는다");
    }
    await shot("broken-message");
  });
}
