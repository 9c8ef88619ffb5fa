// 설명 화면의 브라우저 확인 — 뼈 길이 바꾸기 (넓은 화면): 잰 길이와 손–공.
// 확인마다 페이지를 새로 열어 (openStandIn) 앞의 확인이 남긴 상태에 기대지 않는다. node e2e/run.mjs boneLengths 로 이것만.
import { assert, frames, test } from "../harness.mjs";
import { dist, EXACT_TOLERANCE, fmt, hook, MEASURE_VIEWPORT, REACH_TOLERANCE } from "../page.mjs";
import { openStandIn } from "./standIn.mjs";

export const feature = "boneLengths";
/** 화면 크기와 상관없다: 한 화면에서. */
export const viewports = [MEASURE_VIEWPORT];

/** v: runSuite 의 화면 크기 하나 ({ page, session, touch, viewport, origin, consoleErrors, shot, shotPng }, 그리고 timings). */
export async function run(v) {
  const { page, consoleErrors, shot } = v;
  await test("위·아래 뼈 길이를 바꾸면 잰 길이가 그 값이 되고, 손은 여전히 공에 닿는다 (너무 가까운 공은 끝까지 접힘)", async () => {
    const { lengthsUnchanged } = await openStandIn(v);
    await hook(page, () => { window.__twoBoneIK.set("upperLength", 0.4); window.__twoBoneIK.set("lowerLength", 0.15); });
    await frames(page, 2);
    const lengths = await hook(page, () => window.__twoBoneIK.boneLengths());
    assert(Math.abs(lengths.upper - 0.4) < 1e-9 && Math.abs(lengths.lower - 0.15) < 1e-9, `잰 길이 ${fmt(lengths.upper)}, ${fmt(lengths.lower)} ≠ 0.4, 0.15`);
    const p = await hook(page, () => window.__twoBoneIK.positions());
    const d = dist(p.shoulder, p.ball);
    const state = await hook(page, () => window.__twoBoneIK.state());
    if (d >= 0.25 && d <= 0.55) assert(dist(p.hand, p.ball) < REACH_TOLERANCE * 0.55, `길이를 바꾼 뒤 손–공 ${fmt(dist(p.hand, p.ball))} m`);
    else if (d < 0.25) {
      // |a − b| = 0.25 보다 가까움: 팔이 끝까지 접혀 손이 어깨에서 정확히 |a − b| 에 놓인다.
      assert(!state.reachable && Math.abs(dist(p.shoulder, p.hand) - 0.25) < EXACT_TOLERANCE, "너무 가까운 공인데 팔이 끝까지 접히지 않았다");
    }
    await shot("unequal-bones");
    await hook(page, () => { window.__twoBoneIK.set("upperLength", 0.3); window.__twoBoneIK.set("lowerLength", 0.28); });
    await frames(page, 2);
    await lengthsUnchanged();
    assert(consoleErrors.length === 0, `콘솔 오류:\n${consoleErrors.join("\n")}`);
  });
}
