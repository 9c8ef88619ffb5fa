// 설명 화면의 브라우저 확인 — 패널 배치: 펴고 접기 (휴대폰은 하나씩, 방향 전환), 어느 패널을 펴도 팔·공·극이 가려지지 않는다.
// 확인마다 페이지를 새로 열어 (openStandIn) 앞의 확인이 남긴 상태에 기대지 않는다. node e2e/run.mjs panels 로 이것만.
import { assert, frames, test } from "../harness.mjs";
import { assertSummaryFits, checkLayout, coveredArmPoints, hook, setPanels, uncoveredFraction, openTestPage } from "../page.mjs";
import { openStandIn } from "./standIn.mjs";

export const feature = "panels";

/** v: runSuite 의 화면 크기 하나 ({ page, session, touch, viewport, origin, consoleErrors, shot, shotPng }, 그리고 timings). */
export async function run(v) {
  const { page, touch, viewport, origin, shot } = v;
  await test(`UI 가 화면 안에 있고 겹치거나 잘리지 않으며, 패널을 펴고 접을 수 있다${touch && viewport.width > viewport.height ? " (가로 → 세로 → 가로 방향 전환 포함)" : ""}`, async () => {
    await openTestPage(page, origin);
    await checkLayout(page, touch);
    if (touch) {
      // 휴대폰: 패널은 하나씩 (하나를 펴면 다른 하나가 접힌다).
      let state = await setPanels(page, touch, { info: true, gui: false });
      assert(state.info && !state.gui, "설명 패널이 펴지지 않았다");
      await checkLayout(page, touch);
      await shot("info-open");
      state = await setPanels(page, touch, { info: true, gui: true });
      assert(state.gui && !state.info, `조절을 폈는데 설명이 접히지 않았다 (${JSON.stringify(state)})`);
      await checkLayout(page, touch);
      await shot("gui-open");
    } else {
      await setPanels(page, touch, true);
      await checkLayout(page, touch);
      await shot("panels-open");
    }
    await setPanels(page, touch, false);
    await checkLayout(page, touch);
    const free = await uncoveredFraction(page);
    assert(free > 0.8, `패널을 접어도 장면이 ${(free * 100).toFixed(0)} % 만 보인다`);
    if (touch && viewport.width > viewport.height) {
      // 방향 전환: 가로 → 세로로 돌려도 배치가 맞고, 팔이 가려지지 않는다 (세로 화면 자체는 그 크기의 확인이 본다).
      await page.setViewportSize({ width: viewport.height, height: viewport.width });
      await frames(page, 3);
      await checkLayout(page, touch);
      for (const panels of [{ info: true, gui: false }, { info: false, gui: true }]) {
        await setPanels(page, touch, panels);
        await checkLayout(page, touch);
        const covered = await coveredArmPoints(page);
        assert(covered.length === 0, `돌린 화면 (${JSON.stringify(panels)}) 에서 가려진 것: ${covered.join(", ")}`);
      }
      await setPanels(page, touch, false);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await frames(page, 3);
      await checkLayout(page, touch);
    }
    // 넓은 화면은 패널을 편 채로, 휴대폰은 접은 채로 다음 확인을 한다 (사람이 쓰는 그대로).
    if (!touch) await setPanels(page, touch, true);
  });

  await test("어느 패널을 펴도 팔·공·극이 가려지지 않는다 (카메라가 빈 자리에 맞춘다), 접힌 설명에 상태·손–공·θ 가 보인다", async () => {
    await openStandIn(v);
    const states = touch
      ? [{ info: false, gui: false }, { info: true, gui: false }, { info: false, gui: true }]
      : [{ info: false, gui: false }, { info: true, gui: false }, { info: false, gui: true }, { info: true, gui: true }];
    for (const panels of states) {
      await setPanels(page, touch, panels);
      const covered = await coveredArmPoints(page);
      const free = (await hook(page, () => window.__twoBoneIK.state())).freeRect;
      console.log(`      ${JSON.stringify(panels)}: 빈 자리 ${free.left.toFixed(0)},${free.top.toFixed(0)} – ${free.right.toFixed(0)},${free.bottom.toFixed(0)}`);
      assert(covered.length === 0, `패널 ${JSON.stringify(panels)} 에서 가려진 것: ${covered.join(", ")}`);
    }
    await setPanels(page, touch, false);
    const summary = await assertSummaryFits(page);
    assert(/mm$/.test(summary[1].text) && /°$/.test(summary[2].text), `요약의 값이 이상하다: ${summary.map((x) => x.text).join(" | ")}`);
    await shot("collapsed-summary");
    if (!touch) await setPanels(page, touch, true);
  });
}
