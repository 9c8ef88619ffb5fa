// 내 모델 열기 — 크기 한도: 64 MB 를 넘는 파일은 읽지 않고 메시지를 보인다 (마우스 화면).
// 페이지를 새로 연다. node e2e/models.mjs tooLarge 로 이것만.
import { assert, test } from "../harness.mjs";
import { MOUSE_VIEWPORT } from "../page.mjs";
import { attempts, openModelPage, waitAttempt } from "./model.mjs";

export const feature = "tooLarge";
/** 한도는 화면 크기와 상관없다: 마우스 화면에서. */
export const viewports = [MOUSE_VIEWPORT];

export async function run(v) {
  const { page } = v;
  await test("크기 한도를 넘는 파일은 읽지 않고 메시지", async () => {
    await openModelPage(v, "");
    const before = await attempts(page);
    await page.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(65 * 1024 * 1024)], "huge.glb"));
      document.body.dispatchEvent(new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: transfer }));
    });
    const result = await waitAttempt(page, before);
    assert(result.errorKind === "too-large" && result.message.includes("64.0 MB"), result.message);
  });
}
