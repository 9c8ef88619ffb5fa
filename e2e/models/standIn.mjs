// 내 모델 열기 — 모델 없이 연 처음 화면은 여전히 대역 캐릭터: «모델 열기» 단추는 도구 줄에, 알림 없이 첫 줄 안내가 보인다.
// 마지막에 돈다: 이 화면 크기에서 앞의 기능들이 모은 콘솔 오류·바깥 요청도 함께 본다. node e2e/models.mjs standIn 로 이것만.
import { assert, test } from "../harness.mjs";
import { openModelPage } from "./model.mjs";

export const feature = "standIn";

export async function run(v) {
  const { page, consoleErrors: problems, shot } = v;
  await test("처음 화면은 여전히 대역 캐릭터 (모델 없이)", async () => {
    await openModelPage(v, "");
    const state = await page.evaluate(() => {
      const button = document.getElementById("model-open");
      return {
        status: window.__twoBoneIKModel.status, standIn: window.__twoBoneIKModel.standInVisible, text: button.textContent,
        inTools: button.parentElement.id === "tools" && button.classList.contains("tool-button"),
        message: window.__twoBoneIKModel.messageVisible, hint: getComputedStyle(document.getElementById("hint")).visibility,
      };
    });
    assert(state.status === "standIn" && state.standIn && state.text === "모델 열기", JSON.stringify(state));
    // 단추는 도구 줄에, 처음에는 알림이 없고 첫 줄 안내가 보인다.
    assert(state.inTools && !state.message && state.hint === "visible", JSON.stringify(state));
    await shot("stand-in");
    assert(problems.length === 0, problems.join("\n"));
  });
}
