// 설명 화면의 «팔꿈치 제한»·«무릎 제한» (issue 16 §5) 을 세 화면 크기에서: 켜면 관절에 허락된 굽힘 [min, max] 의 호가 그려지고,
// 공을 멀리·가까이 끌어도 (끄는 동안 매 걸음) 굽힘이 그 안에 머물며, 설명에 제한이 닿는 거리를 줄이는 까닭 두 줄이 보인다.
//   node e2e/limits.mjs            (make test-e2e)
// 마지막 줄: "N passed, M failed". 실패가 있으면 종료 코드 1.
import { assert, crash, drag, frames, test } from "./harness.mjs";
import {
  assertOnCanvas, checkLayout, differenceFraction, dist, farthestOnCanvas, fmt, hook, openTestPage, pressControl, runSuite, setPanels,
} from "./page.mjs";

/** 굽힘이 제한 안이라고 볼 허용치 (도): 라이브러리는 1e-9 rad 안, 여기는 뼈의 월드 위치에서 다시 잰 각. */
const BEND_TOLERANCE_DEG = 1e-6;
const MIN_DEG = 2;
const MAX_DEG = 150;

async function runViewport({ page, session, touch, origin, consoleErrors, shot, shotPng }) {
  const limits = () => hook(page, () => window.__twoBoneIK.limits());
  const positions = () => hook(page, () => window.__twoBoneIK.positions());
  const state = () => hook(page, () => window.__twoBoneIK.state());
  const place = (name, point) => hook(page, ({ n, p }) => window.__twoBoneIK.place(n, p), { n: name, p: point });
  /** 관절 하나의 굽힘이 [min, max] 밖으로 나간 정도 (도, 0 이면 안). */
  const outside = (joint) => Math.max(0, joint.minDeg - joint.bendDeg, joint.bendDeg - joint.maxDeg);
  /** from 에서 to 쪽으로 length (m) 만큼 간 점. */
  const along = (from, to, length) => {
    const d = dist(from, to);
    return [0, 1, 2].map((i) => from[i] + ((to[i] - from[i]) / d) * length);
  };

  await test("‘팔꿈치 제한’ 을 켜면 팔꿈치에 허락된 굽힘 [2°, 150°] 의 호가 화면에 그려진다", async () => {
    await openTestPage(page, origin);
    await setPanels(page, touch, false); // 패널을 펴고 접으면 카메라가 빈 자리에 다시 맞춘다: 두 스크린샷을 같은 배치에서
    let l = await limits();
    assert(!l.elbow.on && !l.elbow.arcVisible && !l.knee.arcVisible, `처음부터 제한이 켜져 있다 (${JSON.stringify(l)})`);
    const off = await shotPng("limit-off");
    await pressControl(page, touch, "elbowLimit");
    await setPanels(page, touch, false);
    l = await limits();
    assert(l.elbow.on && l.elbow.arcVisible, "팔꿈치 제한을 켰는데 호가 없다");
    assert(Math.abs(l.elbow.arcMinDeg - MIN_DEG) < 1e-9 && Math.abs(l.elbow.arcMaxDeg - MAX_DEG) < 1e-9,
      `호가 [${l.elbow.arcMinDeg}°, ${l.elbow.arcMaxDeg}°] 를 그린다 ([${MIN_DEG}°, ${MAX_DEG}°] 이어야 한다)`);
    const on = await shotPng("limit-arc");
    // 팔꿈치 둘레의 상자에서 호가 바꾼 픽셀 (ratio: 스크린샷 픽셀 / CSS px).
    const elbow = await hook(page, () => window.__twoBoneIK.screen("elbow"));
    const ratio = on.width / (await page.evaluate(() => window.innerWidth));
    const box = 60 * ratio;
    const changed = differenceFraction(off, on, { left: elbow.x * ratio - box, top: elbow.y * ratio - box, right: elbow.x * ratio + box, bottom: elbow.y * ratio + box });
    console.log(`      팔꿈치 둘레 ${2 * 60}×${2 * 60} px 에서 호가 바꾼 픽셀 ${(changed * 100).toFixed(1)} %`);
    assert(changed > 0.02, `호가 화면에 보이지 않는다 (팔꿈치 둘레의 ${(changed * 100).toFixed(2)} % 만 바뀌었다)`);
  });

  await test(`공을 ${touch ? "손가락으로" : "마우스로"} 멀리 끌어도 팔꿈치가 2° 보다 펴지지 않고, 어깨 가까이에서는 150° 보다 접히지 않는다 (끄는 동안 매 걸음)`, async () => {
    let worst = 0, samples = 0;
    const sample = async () => {
      const l = await limits();
      worst = Math.max(worst, outside(l.elbow));
      samples++;
    };
    // 멀리: 공을 어깨에서 먼 쪽으로, 화면에서 가려지지 않은 가장 먼 곳까지.
    const ball = await hook(page, () => window.__twoBoneIK.screen("ball"));
    const shoulder = await hook(page, () => window.__twoBoneIK.screen("shoulder"));
    await assertOnCanvas(page, ball, "빨간 공");
    const far = await farthestOnCanvas(page, ball, { x: ball.x - shoulder.x, y: ball.y - shoulder.y }, 24);
    await drag(page, session, touch, ball, far, 10, 2, sample);
    let p = await positions();
    const { upperLength: a, lowerLength: b } = await state();
    const reach = (bendDeg) => Math.sqrt(a * a + b * b + 2 * a * b * Math.cos((bendDeg * Math.PI) / 180));
    // 화면이 좁아 끌어서 충분히 멀어지지 않았으면 같은 방향으로 더 멀리 둔다 (끌기는 위에서 이미 재었다).
    if (dist(p.shoulder, p.ball) <= reach(MIN_DEG) * 1.05) {
      await place("ball", along(p.shoulder, p.ball, 1.3 * (a + b)));
      await frames(page, 2);
      p = await positions();
    }
    let l = await limits();
    let s = await state();
    console.log(`      멀리: 어깨–공 ${fmt(dist(p.shoulder, p.ball))} m (> ${fmt(reach(MIN_DEG))}), 팔꿈치 굽힘 ${l.elbow.bendDeg.toFixed(6)}°`);
    assert(!s.reachable, "제한 밖의 먼 공인데 reachable 이다");
    assert(Math.abs(l.elbow.bendDeg - MIN_DEG) < BEND_TOLERANCE_DEG, `먼 공에서 팔꿈치가 ${l.elbow.bendDeg}° 로 굽었다 (${MIN_DEG}° 이어야 한다)`);
    // 가까이: 공을 어깨 쪽으로 끌고 (끄는 동안 재기), 어깨에서 8 cm 에 둔다 (제한 없이는 ≈ 167° 로 접힐 자리).
    const from = await hook(page, () => window.__twoBoneIK.screen("ball"));
    const to = await hook(page, () => window.__twoBoneIK.screen("shoulder"));
    if (await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.id === "scene", from)) await drag(page, session, touch, from, to, 10, 2, sample);
    await place("ball", along(p.shoulder, p.ball, 0.08));
    await frames(page, 2);
    l = await limits();
    s = await state();
    console.log(`      가까이: 어깨–공 0.08 m (< ${fmt(reach(MAX_DEG))}), 팔꿈치 굽힘 ${l.elbow.bendDeg.toFixed(6)}°; 끄는 동안 ${samples} 걸음에서 제한 밖 최대 ${worst.toExponential(2)}°`);
    assert(!s.reachable, "제한 밖의 가까운 공인데 reachable 이다");
    // 읽은 값의 상태는 까닭을 말한다 (0.1 초마다 갱신): |a − b| 보다 멀지만 제한이 닫지 못하는 삼각형.
    await page.waitForFunction(() => document.getElementById("r-reach").textContent.includes("굽힘 제한"), undefined, { timeout: 5000 })
      .catch(async () => {
        throw new Error(`상태가 ‘굽힘 제한’ 을 말하지 않는다: "${await page.evaluate(() => document.getElementById("r-reach").textContent)}"`);
      });
    assert(Math.abs(l.elbow.bendDeg - MAX_DEG) < BEND_TOLERANCE_DEG, `가까운 공에서 팔꿈치가 ${l.elbow.bendDeg}° 로 굽었다 (${MAX_DEG}° 이어야 한다)`);
    assert(samples >= 10 && worst < BEND_TOLERANCE_DEG, `공을 끄는 동안 팔꿈치가 제한 밖으로 ${worst}° 나갔다`);
    // 제한을 끄면 같은 자리에서 더 접힌다: 제한이 실제로 일을 했다.
    await hook(page, () => window.__twoBoneIK.set("elbowLimit", false));
    await frames(page, 2);
    const free = (await limits()).elbow;
    assert(free.bendDeg > MAX_DEG + 5 && !free.arcVisible, `제한을 껐는데 팔꿈치가 ${free.bendDeg.toFixed(2)}° (호 ${free.arcVisible})`);
    await hook(page, () => window.__twoBoneIK.set("elbowLimit", true));
    await frames(page, 2);
    await shot("elbow-near");
  });

  await test(`‘무릎 제한’: 호가 그려지고, 초록 공을 ${touch ? "손가락으로" : "마우스로"} 끌 때와 멀리·가까이 둘 때 무릎이 [2°, 150°] 안에 머문다`, async () => {
    await pressControl(page, touch, "kneeLimit");
    await setPanels(page, touch, false);
    let l = await limits();
    assert(l.knee.on && l.knee.arcVisible && Math.abs(l.knee.arcMinDeg - MIN_DEG) < 1e-9 && Math.abs(l.knee.arcMaxDeg - MAX_DEG) < 1e-9,
      `무릎 제한의 호가 없거나 범위가 다르다 (${JSON.stringify(l.knee)})`);
    let worst = 0, samples = 0;
    const from = await hook(page, () => window.__twoBoneIK.screen("footTarget"));
    await assertOnCanvas(page, from, "초록 공");
    await drag(page, session, touch, from, { x: from.x + 20, y: from.y - 60 }, 8, 2, async () => {
      worst = Math.max(worst, outside((await limits()).knee));
      samples++;
    });
    const p = await positions();
    await place("footTarget", [p.hip[0], p.hip[1] - 1.5, p.hip[2] + 0.1]);
    await frames(page, 2);
    const farKnee = (await limits()).knee.bendDeg;
    await place("footTarget", [p.hip[0], p.hip[1] - 0.1, p.hip[2] + 0.05]);
    await frames(page, 2);
    l = await limits();
    console.log(`      무릎: 먼 발 목표 ${farKnee.toFixed(6)}°, 엉덩이 가까이 ${l.knee.bendDeg.toFixed(6)}°, 끄는 동안 ${samples} 걸음에서 제한 밖 최대 ${worst.toExponential(2)}°`);
    assert(Math.abs(farKnee - MIN_DEG) < BEND_TOLERANCE_DEG, `먼 발 목표에서 무릎이 ${farKnee}° (${MIN_DEG}° 이어야 한다: 곧게 잠기지 않는다)`);
    assert(Math.abs(l.knee.bendDeg - MAX_DEG) < BEND_TOLERANCE_DEG, `가까운 발 목표에서 무릎이 ${l.knee.bendDeg}° (${MAX_DEG}° 이어야 한다)`);
    assert(samples >= 8 && worst < BEND_TOLERANCE_DEG, `초록 공을 끄는 동안 무릎이 제한 밖으로 ${worst}° 나갔다`);
    await shot("knee-near");
  });

  await test("설명에 제한이 닿는 거리를 줄이는 까닭 두 줄 (삼각형이 닫히지 않는다) 과 지금 팔이 닿는 d 의 범위가 보인다", async () => {
    await setPanels(page, touch, { info: true, gui: false });
    await page.locator("#limit-lines").scrollIntoViewIfNeeded();
    await frames(page, 2);
    const lines = await page.evaluate(() => [...document.querySelectorAll("#limit-lines span")].map((span) => {
      const r = span.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + Math.min(20, r.width / 2), r.top + Math.min(8, r.height / 2));
      return {
        text: span.textContent.replace(/\s+/g, " ").trim(),
        hangul: (span.textContent.match(/[\uac00-\ud7a3]/g) ?? []).length,
        visible: r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && hit !== null && span.contains(hit),
      };
    }));
    for (const line of lines) console.log(`      "${line.text}"`);
    assert(lines.length === 2, `설명 줄이 ${lines.length} 개다 (2 개여야 한다)`);
    for (const line of lines) assert(line.visible && line.hangul >= 15, `설명 줄이 보이지 않거나 짧다: "${line.text}"`);
    assert(lines.some((line) => /삼각형이 닫히지 않/.test(line.text)), "설명이 ‘삼각형이 닫히지 않는다’ 를 말하지 않는다");
    const { upperLength: a, lowerLength: b } = await state();
    const reach = (bendDeg) => Math.sqrt(a * a + b * b + 2 * a * b * Math.cos((bendDeg * Math.PI) / 180)).toFixed(3);
    const range = await page.evaluate(() => document.getElementById("limit-range").textContent);
    console.log(`      "${range}"`);
    assert(range.includes(`${reach(MAX_DEG)} – ${reach(MIN_DEG)} m`), `d 의 범위가 제한에서 계산한 ${reach(MAX_DEG)} – ${reach(MIN_DEG)} m 가 아니다: "${range}"`);
    await shot("limit-lines");
    await checkLayout(page, touch);
  });

  await test("min 을 max 위로 (또는 max 를 min 아래로) 옮기면 다른 쪽이 따라와 min ≤ max 를 지킨다 (오류 없음)", async () => {
    await hook(page, () => window.__twoBoneIK.set("limitMin", 170));
    await frames(page, 2);
    let s = await state();
    assert(s.limitMin === 170 && s.limitMax === 170, `min 170° 뒤에 [${s.limitMin}, ${s.limitMax}]`);
    await hook(page, () => window.__twoBoneIK.set("limitMax", 10));
    await frames(page, 2);
    s = await state();
    assert(s.limitMin === 10 && s.limitMax === 10, `max 10° 뒤에 [${s.limitMin}, ${s.limitMax}]`);
    const l = await limits();
    assert(Math.abs(l.elbow.bendDeg - 10) < BEND_TOLERANCE_DEG && Math.abs(l.knee.bendDeg - 10) < BEND_TOLERANCE_DEG,
      `min = max = 10° 인데 팔꿈치 ${l.elbow.bendDeg}°, 무릎 ${l.knee.bendDeg}°`);
    assert(consoleErrors.length === 0, `콘솔 오류:\n${consoleErrors.join("\n")}`);
  });
}

runSuite("two-bone-ik-limits", runViewport).catch(crash);
