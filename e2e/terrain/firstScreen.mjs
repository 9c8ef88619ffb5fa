// 땅 걷기 — 처음 화면: «땅 걷기»·«기사 모델» 단추가 도구 줄에 있고 (손가락 크기, 패널과 겹치지 않음), 지형은 꺼져 있다.
// 차례 (chain.mjs) 의 첫 확인: 페이지를 열고, 지형을 켜기 전의 프레임 간격을 chain.baseline 에 적는다 (frameInterval 이 비교한다).
import { assert, test } from "../harness.mjs";
import { checkLayout, openTestPage } from "../page.mjs";
import { frameMedian, terrain } from "./ground.mjs";

export async function firstScreen({ page, touch, viewport, origin }, chain) {
  await test("처음 화면: «땅 걷기»·«기사 모델» 단추가 도구 줄에 있고 (손가락 크기, 패널과 겹치지 않음), 지형은 꺼져 있다", async () => {
    await openTestPage(page, origin);
    const s = await terrain(page);
    assert(!s.on, "처음부터 땅 걷기가 켜져 있다");
    for (const id of ["terrain-switch", "knight-open"]) {
      const box = await page.locator(`#${id}`).boundingBox();
      assert(box !== null && box.height >= 44 && box.x >= 0 && box.x + box.width <= viewport.width, `#${id} 가 보이지 않거나 작거나 화면 밖이다 (${JSON.stringify(box)})`);
    }
    await checkLayout(page, touch);
    chain.baseline = await frameMedian(page);
  });
}
