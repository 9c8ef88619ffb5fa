// 굽힘 제한 — 공을 멀리·가까이 끌어도 (끄는 동안 매 걸음) 팔꿈치가 [2°, 150°] 안에 머물고, 제한을 끄면 더 접힌다.
// 차례 (chain.mjs) 에서 elbowArc 다음: 팔꿈치 제한이 켜지고 패널이 접힌 페이지에서. 끝에 공은 어깨 가까이, 제한은 켠 채로 둔다.
import { assert, drag, frames, test } from "../harness.mjs";
import { assertOnCanvas, dist, farthestOnCanvas, fmt, hook } from "../page.mjs";
import { along, BEND_TOLERANCE_DEG, bendHooks, MAX_DEG, MIN_DEG, outside, reachAt } from "./bend.mjs";

export async function elbowBend({ page, session, touch, shot }) {
  const { limits, positions, state, place } = bendHooks(page);
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
    const reach = (bendDeg) => reachAt(a, b, bendDeg);
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
    await expectLimitStatus(page);
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
}

/** 읽은 값의 상태는 까닭을 말한다 (0.1 초마다 갱신): |a − b| 보다 멀지만 제한이 닫지 못하는 삼각형. */
async function expectLimitStatus(page) {
  await page.waitForFunction(() => document.getElementById("r-reach").textContent.includes("굽힘 제한"), undefined, { timeout: 5000 })
    .catch(async () => {
      throw new Error(`상태가 ‘굽힘 제한’ 을 말하지 않는다: "${await page.evaluate(() => document.getElementById("r-reach").textContent)}"`);
    });
}
