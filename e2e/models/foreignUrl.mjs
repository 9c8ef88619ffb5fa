// 내 모델 열기 — ?model= 에 다른 출처의 주소: 받지 않고 메시지를 보이며 대역을 그대로 둔다 (바깥 요청 없음).
// 페이지를 새로 연다. node e2e/models.mjs foreignUrl 로 이것만.
import { assert, test } from "../harness.mjs";
import { openModelPage, waitAttempt } from "./model.mjs";

export const feature = "foreignUrl";

export async function run(v) {
  const { page, consoleErrors: problems } = v;
  await test("?model= 에 다른 출처의 주소: 받지 않고 메시지, 대역 그대로", async () => {
    await openModelPage(v, "&model=https://example.com/x.glb");
    const result = await waitAttempt(page, 0);
    assert(result.status === "error" && result.standInVisible, JSON.stringify(result));
    // problems: 이 화면 크기에서 지금까지 모인 콘솔 오류·바깥 요청 (watchPage).
    assert(!problems.some((p) => p.startsWith("바깥 요청")), problems.join("\n"));
  });
}
