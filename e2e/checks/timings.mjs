// 설명 화면의 브라우저 확인 — 프레임 시간과 IK 시간 (스트레스 보기 포함): 잰 값은 timings 에 쌓여 timings.json 으로.
// 확인마다 페이지를 새로 열어 (openStandIn) 앞의 확인이 남긴 상태에 기대지 않는다. node e2e/run.mjs timings 로 이것만.
import { assert, frames, test } from "../harness.mjs";
import { hook, setPanels } from "../page.mjs";
import { openStandIn } from "./standIn.mjs";

/** 프레임 시간을 잴 프레임 수 (중앙값·95 % 에 넉넉하다). */
const TIMING_FRAMES = 60;
/** 스트레스 보기에서 잴 프레임 수 (소프트웨어 렌더링에서 1000개는 한 프레임이 0.3 s 쯤: 중앙값만 본다). */
const STRESS_TIMING_FRAMES = 20;

export const feature = "timings";

/** v: runSuite 의 화면 크기 하나 ({ page, session, touch, viewport, origin, consoleErrors, shot, shotPng }, 그리고 timings). */
export async function run(v) {
  const { page, touch, viewport, consoleErrors, shot, timings } = v;
  await test("프레임 시간과 IK 시간을 잰다", async () => {
    await openStandIn(v);
    const measure = async (frameCount) => {
      await hook(page, () => window.__twoBoneIK.resetTimings());
      const deltas = await page.evaluate((count) => new Promise((done) => {
        const out = [];
        let last = performance.now();
        const step = (now) => {
          out.push(now - last);
          last = now;
          if (out.length < count + 1) requestAnimationFrame(step);
          else done(out.slice(1));
        };
        requestAnimationFrame(step);
      }), frameCount);
      const t = await hook(page, () => window.__twoBoneIK.timings());
      deltas.sort((x, y) => x - y);
      const median = deltas[Math.floor(deltas.length / 2)];
      const p95 = deltas[Math.floor(deltas.length * 0.95)];
      const mean = deltas.reduce((s, x) => s + x, 0) / deltas.length;
      return { median, p95, mean, ik: t.ikMsPerFrame, stress: t.stressMsPerFrame, stressCount: t.stressCount, page: t.pageMsPerFrame, render: t.renderMsPerFrame };
    };
    const rows = [];
    // 사람이 보는 그대로: 공이 움직이고 (자동 움직임), 설명 패널(옆 보기·그래프)이 펴져 있다.
    await setPanels(page, touch, touch ? { info: true, gui: false } : true);
    await hook(page, () => window.__twoBoneIK.set("autoMove", true));
    const single = await measure(TIMING_FRAMES);
    await hook(page, () => window.__twoBoneIK.set("autoMove", false));
    rows.push({ viewport: viewport.name, limbs: "캐릭터 (팔·다리 2개)", ...single, ikShown: single.ik });
    if (!touch) {
      for (const count of [100, 1000]) {
        await hook(page, (n) => window.__twoBoneIK.set("stress", n), count);
        await frames(page, 5);
        const r = await measure(STRESS_TIMING_FRAMES);
        if (count === 1000) await shot("stress-1000");
        rows.push({ viewport: viewport.name, limbs: `스트레스 ${r.stressCount}개`, ...r, ikShown: r.stress });
      }
      await hook(page, () => window.__twoBoneIK.set("stress", 0));
    }
    for (const r of rows) {
      console.log(`      ${r.limbs}: 프레임 간격 중앙값 ${r.median.toFixed(2)} ms, 평균 ${r.mean.toFixed(2)} ms, 95 % ${r.p95.toFixed(2)} ms; IK ${r.ikShown.toFixed(4)} ms/프레임; ` +
        `화면의 JS ${r.page.toFixed(3)} ms/프레임 (IK + 보조 표시 + 읽은 값 + 그래프, render() 빼고), three render() ${r.render.toFixed(2)} ms/프레임`);
      timings.push(r);
    }
    assert(single.ik < 1, `캐릭터의 IK 시간이 1 ms/프레임을 넘는다: ${single.ik.toFixed(3)} ms`);
    assert(consoleErrors.length === 0, `콘솔 오류:\n${consoleErrors.join("\n")}`);
  });
}
