// 내 모델 열기 — «모델 열기» 단추: 파일 고르기 창으로 리그 (vrm0.vrm) 를 고르면 열린다 (마우스 화면).
// 페이지를 새로 연다. node e2e/models.mjs fileButton 로 이것만.
import { join } from "node:path";
import { assert, test } from "../harness.mjs";
import { MOUSE_VIEWPORT } from "../page.mjs";
import { attempts, openModelPage, RIGS, waitAttempt } from "./model.mjs";

export const feature = "fileButton";
/** 파일 고르기 창은 마우스 화면에서. */
export const viewports = [MOUSE_VIEWPORT];

export async function run(v) {
  const { page } = v;
  await test("«모델 열기» 단추로 파일을 고른다", async () => {
    await openModelPage(v, "");
    const before = await attempts(page);
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.click("#model-open")]);
    await chooser.setFiles(join(RIGS, "vrm0.vrm"));
    const result = await waitAttempt(page, before);
    assert(result.status === "loaded" && result.modelName === "vrm0.vrm", JSON.stringify(result));
  });
}
