// 설명 화면(demo/)의 브라우저 테스트: 데모를 임시 폴더에 빌드하고, 작은 정적 서버로 띄우고,
// Debian 의 Chromium(/usr/bin/chromium)을 playwright-core 로 몰아 세 화면 크기에서 확인한다.
//   node e2e/run.mjs            (make test-e2e, npm run test:e2e)
// 스크린샷은 저장소 밖의 임시 폴더에 쓰고 경로를 찍는다. 마지막 줄: "N passed, M failed". 실패가 있으면 종료 코드 1.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assert, buildDemo, crash, drag, finish, frames, loadChromium, openViewport, recordFailure, serve, test } from "./harness.mjs";
import {
  assertOnCanvas, assertSummaryFits, checkLayout, coveredArmPoints, cross, decodePng, differenceFraction, dist, EXACT_TOLERANCE,
  farthestOnCanvas, fmt, hook, len, nonBackgroundFraction, onCanvas, pressControl, REACH_TOLERANCE, setPanels, sub, uncoveredFraction,
  VIEWPORTS, watchPage,
} from "./page.mjs";

/** 화면에 그린 공의 최소 지름 (CSS px), 손가락이 잡는 자리의 최소 지름. */
const MIN_DRAWN_DIAMETER = 24;
const MIN_TOUCH_PICK = 44;
/** 첫 줄 안내에 보여야 할 한글 글자 수 (휴대폰). */
const MIN_HINT_HANGUL = 20;
/** 끌 수 있는 공 네 개. */
const HANDLES = ["ball", "pole", "footTarget", "kneePole"];
/** 프레임 시간을 잴 프레임 수. */
const TIMING_FRAMES = 120;
/** 스트레스 보기에서 잴 프레임 수 (소프트웨어 렌더링에서 1000개는 프레임이 느리다). */
const STRESS_TIMING_FRAMES = 60;

// ---------------------------------------------------------------- 화면 크기 하나의 테스트

async function runViewport(chromium, origin, viewport, shotDir, timingsOut) {
  console.log(`\n${viewport.name} (${viewport.touch ? "터치" : "마우스"})`);
  const { context, page, session, userDataDir } = await openViewport(chromium, viewport, "two-bone-ik-chromium-");
  const { consoleErrors, shot } = watchPage(page, origin, shotDir, viewport);
  const { touch } = viewport;

  try {
    let initialLengths = null;
    let armLength = 0;

    await test("페이지가 콘솔 오류 없이 열리고 첫 프레임에 IK 가 풀려 있다, 캔버스가 비어 있지 않다", async () => {
      await page.goto(`${origin}/index.html?test`);
      await page.waitForFunction(() => window.__twoBoneIK?.ready === true, undefined, { timeout: 30000 });
      const webgl = await page.evaluate(() => {
        const gl = document.getElementById("scene").getContext("webgl2");
        return gl === null ? null : `${gl.getParameter(gl.VERSION)} / ${gl.getParameter(gl.RENDERER)}`;
      });
      assert(webgl !== null, "WebGL2 컨텍스트가 없다");
      console.log(`      WebGL: ${webgl}`);
      const png = await shot("start");
      const fraction = nonBackgroundFraction(png);
      assert(fraction > 0.05, `배경색이 아닌 픽셀이 ${(fraction * 100).toFixed(1)} % 뿐이다 (캔버스가 비었다)`);
      initialLengths = await hook(page, () => window.__twoBoneIK.boneLengths());
      armLength = initialLengths.upper + initialLengths.lower;
      const p = await hook(page, () => window.__twoBoneIK.positions());
      const gap = dist(p.hand, p.ball);
      assert(gap < REACH_TOLERANCE * armLength, `첫 프레임에 손이 공에 닿지 않았다: 손–공 ${fmt(gap)} m`);
      const state = await hook(page, () => window.__twoBoneIK.state());
      assert(state.pixelRatio <= 2, `픽셀 비율이 2 를 넘는다: ${state.pixelRatio}`);
      assert(consoleErrors.length === 0, `콘솔 오류:\n${consoleErrors.join("\n")}`);
    });
    if (initialLengths === null) return; // 페이지가 열리지 않으면 나머지는 의미가 없다

    const lengthsUnchanged = async () => {
      const now = await hook(page, () => window.__twoBoneIK.boneLengths());
      const du = Math.abs(now.upper - initialLengths.upper), dl = Math.abs(now.lower - initialLengths.lower);
      assert(du < EXACT_TOLERANCE * armLength && dl < EXACT_TOLERANCE * armLength,
        `뼈 길이가 바뀌었다: a ${fmt(initialLengths.upper)} → ${fmt(now.upper)}, b ${fmt(initialLengths.lower)} → ${fmt(now.lower)}`);
    };

    await test("첫 화면: 한 줄 안내가 늘 보이고 (휴대폰에서 한글 20자 이상), 공 둘레에 halo 가 있다", async () => {
      const hint = await page.evaluate(() => {
        const element = document.getElementById("hint");
        // 보이는 span 의 글자만 센다 (좁은 화면은 짧은 글).
        const visible = [...element.querySelectorAll("span")].filter((span) => span.getClientRects().length > 0);
        const text = visible.map((span) => span.textContent).join("");
        const r = element.getBoundingClientRect();
        return { text, hangul: (text.match(/[\uac00-\ud7a3]/g) ?? []).length, top: r.top, bottom: r.bottom, width: r.width };
      });
      console.log(`      안내: "${hint.text.trim()}" (한글 ${hint.hangul}자, 폭 ${hint.width.toFixed(0)} px)`);
      assert(hint.hangul >= MIN_HINT_HANGUL, `첫 줄 안내의 보이는 한글이 ${hint.hangul}자 (< ${MIN_HINT_HANGUL})`);
      assert(/빨간 공/.test(hint.text) && /파랑/.test(hint.text) && /초록/.test(hint.text), "안내가 무엇을 끌지·색의 뜻을 말하지 않는다");
      await checkLayout(page, touch);
      const state = await hook(page, () => window.__twoBoneIK.state());
      assert(state.halo === true, "처음 잡기 전인데 공 둘레에 halo 가 없다");
    });

    await test("UI 가 화면 안에 있고 겹치거나 잘리지 않으며, 패널을 펴고 접을 수 있다 (방향 전환 포함)", async () => {
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
      if (touch) {
        // 방향 전환: 가로 ↔ 세로로 돌려도 배치가 맞고, 팔이 가려지지 않는다.
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

    await test(`화면의 공 네 개가 모두 ${touch ? "손가락으로" : "마우스로"} 끌린다, 그려진 지름 ≥ ${MIN_DRAWN_DIAMETER} px, 잡는 자리가 넉넉하다`, async () => {
      const cameraBefore = await page.evaluate(() => window.__twoBoneIK.project([0, 0, 0]));
      for (const name of HANDLES) {
        const diameter = await hook(page, (n) => window.__twoBoneIK.drawnDiameter(n), name);
        assert(diameter >= MIN_DRAWN_DIAMETER, `${name} 의 그려진 지름 ${diameter.toFixed(1)} px < ${MIN_DRAWN_DIAMETER}`);
        const before = await hook(page, () => window.__twoBoneIK.positions());
        const center = await hook(page, (n) => window.__twoBoneIK.screen(n), name);
        // 공 가운데가 아니라 잡는 자리의 가장자리 가까이를 누른다: 손가락 44 px (반지름 22 px 안쪽 20 px), 마우스 16 px.
        // 방향은 가장 가까운 다른 공에서 먼 쪽 (잡는 자리가 겹치는 곳은 가까운 공이 가져간다).
        const off = touch ? MIN_TOUCH_PICK / 2 - 2 : 16;
        let nearest = null;
        for (const other of HANDLES) {
          if (other === name) continue;
          const o = await hook(page, (n) => window.__twoBoneIK.screen(n), other);
          if (nearest === null || Math.hypot(o.x - center.x, o.y - center.y) < Math.hypot(nearest.x - center.x, nearest.y - center.y)) nearest = o;
        }
        const away = Math.hypot(center.x - nearest.x, center.y - nearest.y) || 1;
        const from = { x: center.x + (off * (center.x - nearest.x)) / away, y: center.y + (off * (center.y - nearest.y)) / away };
        await assertOnCanvas(page, from, `${name} 옆`);
        const to = { x: from.x + 30, y: from.y - 20 };
        await drag(page, session, touch, from, to, 6);
        const after = await hook(page, () => window.__twoBoneIK.positions());
        const moved = dist(before[name], after[name]);
        console.log(`      ${name}: 지름 ${diameter.toFixed(1)} px, ${off.toFixed(1)} px 떨어진 곳을 잡고 끌어 ${fmt(moved)} m 이동`);
        assert(moved > 0.01, `${name} 을 끌 수 없다 (${fmt(moved)} m): 잡는 자리가 좁거나 미끼 공이다`);
        const state = await hook(page, () => window.__twoBoneIK.state());
        assert(state.dragging === null, "끌기가 끝나지 않았다");
        await hook(page, ({ n, p }) => window.__twoBoneIK.place(n, p), { n: name, p: before[name] });
        await frames(page, 2);
      }
      const cameraAfter = await page.evaluate(() => window.__twoBoneIK.project([0, 0, 0]));
      assert(Math.hypot(cameraAfter.x - cameraBefore.x, cameraAfter.y - cameraBefore.y) < 0.5, "공을 끌었는데 카메라가 돌았다");
      const state = await hook(page, () => window.__twoBoneIK.state());
      assert(state.halo === false, "공을 잡았는데 halo 가 남아 있다");
      if (!touch) {
        // 가리킴 강조: 마우스를 공 위에 올리면 hovered.
        const ball = await hook(page, () => window.__twoBoneIK.screen("ball"));
        await page.mouse.move(ball.x + 5, ball.y + 5);
        await frames(page, 2);
        const hovered = (await hook(page, () => window.__twoBoneIK.state())).hovered;
        assert(hovered === "ball", `공 위의 마우스가 강조되지 않는다 (hovered = ${hovered})`);
        await page.mouse.move(5, viewport.height - 5);
      }
    });

    /**
     * 팔이 닿는 곳: 처음엔 어깨와 공의 화면 위치 사이 조금 옆. 한 번 끈 뒤에는 그때 공이 간 월드 점의 화면 위치
     * (카메라가 고정이고 공은 카메라를 마주 보는 같은 평면 위에서만 움직이므로, 그 점으로 정확히 돌아간다).
     */
    let reachablePoint = null;
    const reachableDestination = async () => {
      if (reachablePoint !== null) return hook(page, (p) => window.__twoBoneIK.project(p), reachablePoint);
      const s = await hook(page, () => window.__twoBoneIK.screen("shoulder"));
      const b = await hook(page, () => window.__twoBoneIK.screen("ball"));
      return { x: s.x + 0.55 * (b.x - s.x) + 0.15 * (b.y - s.y), y: s.y + 0.55 * (b.y - s.y) - 0.15 * (b.x - s.x) };
    };

    await test(`공을 ${touch ? "손가락으로" : "마우스로"} 끌면 손이 공에 닿고 (< 1e-4 × 팔 길이) 뼈 길이는 그대로다`, async () => {
      const from = await hook(page, () => window.__twoBoneIK.screen("ball"));
      const to = await reachableDestination();
      await assertOnCanvas(page, from, "공");
      await assertOnCanvas(page, to, "끌 곳");
      const before = await hook(page, () => window.__twoBoneIK.positions());
      await drag(page, session, touch, from, to);
      const p = await hook(page, () => window.__twoBoneIK.positions());
      const moved = dist(before.ball, p.ball);
      assert(moved > 0.03, `공이 움직이지 않았다 (${fmt(moved)} m): 끌기가 공을 잡지 못했다`);
      const d = dist(p.shoulder, p.ball);
      assert(d < armLength, `끈 곳이 팔이 닿지 않는 곳이다 (d = ${fmt(d)} ≥ a + b = ${fmt(armLength)}): 테스트의 끌 곳을 고쳐야 한다`);
      const gap = dist(p.hand, p.ball);
      console.log(`      공 ${fmt(moved)} m 이동, d = ${fmt(d)} m, 손–공 ${fmt(gap)} m (한도 ${fmt(REACH_TOLERANCE * armLength)})`);
      assert(gap < REACH_TOLERANCE * armLength, `손–공 거리 ${fmt(gap)} m ≥ ${fmt(REACH_TOLERANCE * armLength)} m`);
      reachablePoint = p.ball;
      await lengthsUnchanged();
      const state = await hook(page, () => window.__twoBoneIK.state());
      assert(state.reachable, "reachable 이 false 다");
      assert(state.dragging === null, `끌기가 끝나지 않았다: ${state.dragging}`);
    });

    await test("공을 팔이 닿지 않는 곳으로 끌면 팔이 곧게 펴져 공을 가리킨다", async () => {
      const from = await hook(page, () => window.__twoBoneIK.screen("ball"));
      const s = await hook(page, () => window.__twoBoneIK.screen("shoulder"));
      // 어깨에서 화면의 여러 방향으로, UI 에 가려지지 않은 캔버스 위에서 갈 수 있는 가장 먼 곳 (가장자리에서 24 px 안쪽).
      let to = null;
      for (let i = 0; i < 16; i++) {
        const angle = (i / 16) * 2 * Math.PI;
        const candidate = await farthestOnCanvas(page, s, { x: Math.cos(angle), y: Math.sin(angle) }, 24);
        if (to === null || Math.hypot(candidate.x - s.x, candidate.y - s.y) > Math.hypot(to.x - s.x, to.y - s.y)) to = candidate;
      }
      await assertOnCanvas(page, from, "공");
      await drag(page, session, touch, from, to, 16);
      const p = await hook(page, () => window.__twoBoneIK.positions());
      const d = dist(p.shoulder, p.ball);
      assert(d > 1.05 * armLength, `공이 충분히 멀지 않다: d = ${fmt(d)} m, a + b = ${fmt(armLength)} m`);
      const toHand = sub(p.hand, p.shoulder), toBall = sub(p.ball, p.shoulder), toElbow = sub(p.elbow, p.shoulder);
      const reach = len(toHand);
      const sinAngle = len(cross(toHand, toBall)) / (reach * d);
      const elbowOffLine = len(cross(toElbow, toHand)) / reach;
      console.log(`      d = ${fmt(d)} m, 어깨–손 ${fmt(reach)} m (a + b = ${fmt(armLength)}), 방향 오차 sin = ${fmt(sinAngle)}, 팔꿈치–직선 ${fmt(elbowOffLine)} m`);
      assert(Math.abs(reach - armLength) < EXACT_TOLERANCE * armLength, `팔이 다 펴지지 않았다: 어깨–손 ${fmt(reach)} ≠ a + b ${fmt(armLength)}`);
      assert(sinAngle < 1e-6, `팔이 공을 가리키지 않는다: sin(각) = ${fmt(sinAngle)}`);
      assert(elbowOffLine < EXACT_TOLERANCE * armLength, `팔꿈치가 어깨–손 직선에서 ${fmt(elbowOffLine)} m 벗어났다 (곧지 않다)`);
      const state = await hook(page, () => window.__twoBoneIK.state());
      assert(!state.reachable, "reachable 이 true 다");
      await lengthsUnchanged();
      await shot("out-of-reach");
    });

    await test("극 공을 끌면 팔꿈치만 움직이고 손은 제자리에 있다", async () => {
      // 공을 다시 팔이 닿는 곳으로.
      const from = await hook(page, () => window.__twoBoneIK.screen("ball"));
      await drag(page, session, touch, from, await reachableDestination());
      const before = await hook(page, () => window.__twoBoneIK.positions());
      assert(dist(before.hand, before.ball) < REACH_TOLERANCE * armLength, "극을 끌기 전에 손이 공에 닿아 있지 않다");
      const pole = await hook(page, () => window.__twoBoneIK.screen("pole"));
      const s = await hook(page, () => window.__twoBoneIK.screen("shoulder"));
      // 극을 어깨 둘레로 크게 돌린다 (화면에서 어깨 기준 90°).
      const to = { x: s.x - (pole.y - s.y), y: s.y + (pole.x - s.x) };
      to.x = Math.min(Math.max(to.x, 24), viewport.width - 24);
      to.y = Math.min(Math.max(to.y, 24), viewport.height - 24);
      await assertOnCanvas(page, pole, "극 공");
      await drag(page, session, touch, pole, to);
      const after = await hook(page, () => window.__twoBoneIK.positions());
      const poleMoved = dist(before.pole, after.pole);
      const handMoved = dist(before.hand, after.hand);
      const elbowMoved = dist(before.elbow, after.elbow);
      const shoulderMoved = dist(before.shoulder, after.shoulder);
      console.log(`      극 ${fmt(poleMoved)} m 이동 → 팔꿈치 ${fmt(elbowMoved)} m, 손 ${fmt(handMoved)} m, 어깨 ${fmt(shoulderMoved)} m`);
      assert(poleMoved > 0.05, `극 공이 움직이지 않았다 (${fmt(poleMoved)} m)`);
      assert(elbowMoved > 0.02 * armLength, `팔꿈치가 움직이지 않았다 (${fmt(elbowMoved)} m)`);
      assert(handMoved < REACH_TOLERANCE * armLength, `손이 움직였다 (${fmt(handMoved)} m)`);
      assert(shoulderMoved < EXACT_TOLERANCE * armLength, `어깨가 움직였다 (${fmt(shoulderMoved)} m)`);
      assert(dist(after.hand, after.ball) < REACH_TOLERANCE * armLength, "손이 공에서 떨어졌다");
      await lengthsUnchanged();
    });

    await test("IK 켬/끔 (조절 패널): 끄면 IK 전 자세, 다시 켜면 공을 잡은 자세", async () => {
      await pressControl(page, touch, "ik");
      let state = await hook(page, () => window.__twoBoneIK.state());
      assert(state.ik === false, "IK 가 꺼지지 않았다");
      const off = await hook(page, () => window.__twoBoneIK.positions());
      const incoming = await hook(page, () => window.__twoBoneIK.incomingPositions());
      const poseError = Math.max(dist(off.hand, incoming.hand), dist(off.elbow, incoming.elbow));
      assert(poseError < EXACT_TOLERANCE * armLength, `IK 끔인데 IK 전 자세가 아니다 (차이 ${fmt(poseError)} m)`);
      assert(dist(off.hand, off.ball) > 0.05 * armLength, "IK 끔인데 손이 공에 있다 (비교가 보이지 않는다)");
      await shot("ik-off");
      await pressControl(page, touch, "ik");
      state = await hook(page, () => window.__twoBoneIK.state());
      assert(state.ik === true, "IK 가 다시 켜지지 않았다");
      const on = await hook(page, () => window.__twoBoneIK.positions());
      assert(dist(on.hand, on.ball) < REACH_TOLERANCE * armLength, `IK 를 다시 켰는데 손–공 ${fmt(dist(on.hand, on.ball))} m`);
      await lengthsUnchanged();
    });

    await test("보조 표시를 끄면 보조 공·선·삼각형이 사라지고 켜면 돌아온다", async () => {
      await setPanels(page, touch, false);
      const withHelpers = await shot("helpers-on");
      await pressControl(page, touch, "helpers");
      assert((await hook(page, () => window.__twoBoneIK.state())).helpersVisible === false, "보조 표시가 꺼지지 않았다");
      await setPanels(page, touch, false);
      const without = await page.screenshot().then(decodePng);
      const changed = differenceFraction(withHelpers, without);
      assert(changed > 0.001, `보조 표시를 꺼도 화면이 거의 그대로다 (${(changed * 100).toFixed(2)} % 바뀜)`);
      await pressControl(page, touch, "helpers");
      assert((await hook(page, () => window.__twoBoneIK.state())).helpersVisible === true, "보조 표시가 다시 켜지지 않았다");
      await setPanels(page, touch, !touch);
    });

    await test("자동 움직임: 공이 저절로 움직이고, 공을 잡으면 멈춘다", async () => {
      await hook(page, () => window.__twoBoneIK.set("autoMove", true));
      const a = await hook(page, () => window.__twoBoneIK.positions());
      await frames(page, 10);
      const b = await hook(page, () => window.__twoBoneIK.positions());
      assert(dist(a.ball, b.ball) > 1e-3, "자동 움직임이 켜졌는데 공이 움직이지 않는다");
      // 공을 누른 채 조금 끌었다 놓는다 (잡는 순간 자동 움직임이 꺼진다).
      const from = await hook(page, () => window.__twoBoneIK.screen("ball"));
      await drag(page, session, touch, from, { x: from.x + 6, y: from.y + 6 }, 2);
      const state = await hook(page, () => window.__twoBoneIK.state());
      assert(state.autoMove === false, "공을 잡았는데 자동 움직임이 꺼지지 않았다");
      const c = await hook(page, () => window.__twoBoneIK.positions());
      await frames(page, 10);
      const d = await hook(page, () => window.__twoBoneIK.positions());
      assert(dist(c.ball, d.ball) === 0, "자동 움직임을 껐는데 공이 움직인다");
      assert(dist(d.hand, d.ball) < REACH_TOLERANCE * armLength || !(await hook(page, () => window.__twoBoneIK.state())).reachable, "손이 공을 따라가지 않는다");
      const panelState = await page.evaluate(() => document.querySelector('#controls [data-param="autoMove"] input').checked);
      assert(panelState === false, "패널의 ‘자동 움직임’ 표시가 꺼짐으로 바뀌지 않았다");
    });

    if (!touch) {
      await test("위·아래 뼈 길이를 바꾸면 잰 길이가 그 값이 되고, 손은 여전히 공에 닿는다 (너무 가까운 공은 끝까지 접힘)", async () => {
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

      await test("WebGL 컨텍스트를 잃었다 되찾아도 루프가 계속 돌고 다시 그린다", async () => {
        await hook(page, () => window.__twoBoneIK.loseContext());
        await page.waitForFunction(() => window.__twoBoneIK.state().contextLost === true);
        await frames(page, 5); // 잃은 동안에도 프레임이 계속 돈다
        await hook(page, () => window.__twoBoneIK.restoreContext());
        await page.waitForFunction(() => window.__twoBoneIK.state().contextRestoredCount >= 1);
        await frames(page, 3);
        const png = await shot("after-context-restore");
        const fraction = nonBackgroundFraction(png);
        assert(fraction > 0.05, `컨텍스트를 되찾은 뒤 캔버스가 비었다 (${(fraction * 100).toFixed(1)} %)`);
        assert(consoleErrors.length === 0, `콘솔 오류:\n${consoleErrors.join("\n")}`);
      });
    }

    await test("캔버스의 IK 스위치: 끄면 IK 전 자세와 IK 가 만들 자세의 유령, θ·φ 읽은 값이 식 상자와 같다", async () => {
      await setPanels(page, touch, touch ? { info: true, gui: false } : true);
      const press = (locator) => (touch ? locator.tap() : locator.click());
      await press(page.locator("#ik-switch"));
      await frames(page, 2);
      let state = await hook(page, () => window.__twoBoneIK.state());
      assert(state.ik === false, "스위치를 눌렀는데 IK 가 꺼지지 않았다");
      assert((await page.getAttribute("#ik-switch", "aria-pressed")) === "false", "스위치의 aria-pressed 가 false 가 아니다");
      const off = await hook(page, () => window.__twoBoneIK.positions());
      const incoming = await hook(page, () => window.__twoBoneIK.incomingPositions());
      assert(dist(off.hand, incoming.hand) < EXACT_TOLERANCE * armLength, "IK 끔인데 IK 전 자세가 아니다");
      // 읽은 값은 0.1 초마다 바뀐다: 바뀔 때까지 기다린다.
      await page.waitForFunction(() => /IK 켜면/.test(document.getElementById("r-theta").textContent));
      const read = await page.evaluate(() => ({
        theta: document.getElementById("r-theta").textContent,
        elbow: document.getElementById("r-elbow").textContent,
        formula: document.getElementById("formula").textContent,
      }));
      const formulaTheta = read.formula.match(/θ = ([\d.]+)°/)[1];
      const formulaElbow = read.formula.match(/φ = ([\d.]+)°/)[1];
      console.log(`      IK 끔: θ 읽은 값 "${read.theta}", 식 θ = ${formulaTheta}°; φ "${read.elbow}", 식 φ = ${formulaElbow}°`);
      assert(read.theta.startsWith(`${formulaTheta}°`), `θ 읽은 값 "${read.theta}" 이 식의 θ = ${formulaTheta}° 와 다르다`);
      assert(read.elbow.startsWith(`${formulaElbow}°`), `φ 읽은 값 "${read.elbow}" 이 식의 φ = ${formulaElbow}° 와 다르다`);
      await shot("ik-off-ghost");
      await press(page.locator("#ik-switch"));
      await frames(page, 2);
      state = await hook(page, () => window.__twoBoneIK.state());
      assert(state.ik === true, "스위치를 다시 눌렀는데 IK 가 켜지지 않았다");
      const on = await hook(page, () => window.__twoBoneIK.positions());
      assert(dist(on.hand, on.ball) < REACH_TOLERANCE * armLength, "IK 를 다시 켰는데 손이 공에 없다");
      // IK 켬: θ 읽은 값 (뼈에서 잼) 과 식의 θ 가 0.1° 까지 같다.
      await page.waitForFunction(() => !/IK 켜면/.test(document.getElementById("r-theta").textContent));
      await frames(page, 8);
      const again = await page.evaluate(() => ({ theta: document.getElementById("r-theta").textContent, formula: document.getElementById("formula").textContent }));
      const t1 = parseFloat(again.theta), t2 = parseFloat(again.formula.match(/θ = ([\d.]+)°/)[1]);
      assert(Math.abs(t1 - t2) <= 0.11, `IK 켬: θ 읽은 값 ${t1}° ≠ 식 ${t2}°`);
    });

    await test("기하 보기: 껍질 반지름 a + b·|a − b|, p 는 어깨–공 직선에 수직이고 팔꿈치가 p 쪽에 있다, 유령은 다른 쪽 자세", async () => {
      await frames(page, 2);
      const g = await hook(page, () => window.__twoBoneIK.geometry());
      const p = await hook(page, () => window.__twoBoneIK.positions());
      const lengths = await hook(page, () => window.__twoBoneIK.boneLengths());
      assert(Math.abs(g.outerRadius - (lengths.upper + lengths.lower)) < 1e-9, `바깥 껍질 ${fmt(g.outerRadius)} ≠ a + b`);
      assert(Math.abs(g.innerRadius - Math.abs(lengths.upper - lengths.lower)) < 1e-9, `안쪽 껍질 ${fmt(g.innerRadius)} ≠ |a − b|`);
      const axis = sub(p.ball, p.shoulder);
      const dot = (u, v) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
      assert(Math.abs(len(g.p) - 1) < 1e-9, `p 가 단위 벡터가 아니다 (|p| = ${fmt(len(g.p))})`);
      assert(Math.abs(dot(g.p, axis)) / len(axis) < 1e-9, "p 가 어깨–공 직선에 수직이 아니다");
      assert(dot(g.p, sub(p.pole, p.shoulder)) > 0, "p 가 극 쪽을 가리키지 않는다");
      assert(dot(g.p, sub(p.elbow, p.shoulder)) > 0, "팔꿈치가 p 쪽으로 굽지 않았다");
      const incoming = await hook(page, () => window.__twoBoneIK.incomingPositions());
      assert(g.ghostVisible && dist(g.ghostElbow, incoming.elbow) < 1e-6 && dist(g.ghostHand, incoming.hand) < 1e-6, "IK 켬인데 유령이 IK 전 자세가 아니다");
      await hook(page, () => window.__twoBoneIK.set("ik", false));
      await frames(page, 2);
      const off = await hook(page, () => window.__twoBoneIK.geometry());
      const state = await hook(page, () => window.__twoBoneIK.state());
      // IK 끔: 유령은 IK 가 만들 자세 — 팔이 닿는 공이면 유령의 손이 공에 있다.
      if (dist(p.shoulder, p.ball) < lengths.upper + lengths.lower) {
        assert(dist(off.ghostHand, p.ball) < REACH_TOLERANCE * armLength, `IK 끔인데 유령의 손이 공에 없다 (${fmt(dist(off.ghostHand, p.ball))} m)`);
      }
      assert(dist(off.ghostElbow, p.elbow) < 1e-6, "IK 끔인데 유령의 팔꿈치가 IK 의 답(끄기 전의 팔꿈치)이 아니다");
      assert(state.ik === false, "IK 가 꺼지지 않았다");
      await hook(page, () => window.__twoBoneIK.set("ik", true));
      await frames(page, 2);
    });

    await test("옆 보기(2D 삼각형)가 공을 따라 다시 그려지고, 함정 1 ‘끝까지 펴 보기’ 의 그래프에서 soft 가 치솟음을 없앤다", async () => {
      await setPanels(page, touch, touch ? { info: true, gui: false } : true);
      const drawsBefore = (await hook(page, () => window.__twoBoneIK.plot())).sideViewDraws;
      const from = await hook(page, () => window.__twoBoneIK.screen("ball"));
      if (await onCanvas(page, from)) await drag(page, session, touch, from, { x: from.x + 10, y: from.y + 8 }, 4);
      const p = await hook(page, () => window.__twoBoneIK.positions());
      await hook(page, (q) => window.__twoBoneIK.place("ball", [q[0] + 0.02, q[1], q[2]]), p.ball);
      await frames(page, 3);
      const drawsAfter = (await hook(page, () => window.__twoBoneIK.plot())).sideViewDraws;
      assert(drawsAfter > drawsBefore, `공이 움직였는데 옆 보기가 다시 그려지지 않았다 (${drawsBefore} → ${drawsAfter})`);
      const button = page.locator("#extend-test");
      await button.scrollIntoViewIfNeeded();
      await (touch ? button.tap() : button.click());
      await page.waitForFunction(() => window.__twoBoneIK.state().experiment === "done", undefined, { timeout: 120000 });
      await frames(page, 8);
      const plot = await hook(page, () => window.__twoBoneIK.plot());
      console.log(`      팔꿈치 이동 / 공 이동의 최댓값: soft 끔 ${plot.softOffMax.toFixed(2)} (${plot.softOffCount}점), soft 켬 ${plot.softOnMax.toFixed(2)} (${plot.softOnCount}점)`);
      assert(plot.softOffCount > 30 && plot.softOnCount > 30, "그래프의 점이 모자란다");
      assert(plot.softOffMax > 5, `soft 끔에서 다 펴질 때의 치솟음이 보이지 않는다 (최댓값 ${plot.softOffMax.toFixed(2)})`);
      assert(plot.softOnMax < plot.softOffMax / 3, `soft 를 켜도 치솟음이 남는다 (${plot.softOnMax.toFixed(2)} vs ${plot.softOffMax.toFixed(2)})`);
      const canvasBox = await page.locator("#speed-plot").boundingBox();
      assert(canvasBox !== null && canvasBox.width > 150 && canvasBox.height > 80, "그래프가 보이지 않는다");
      const state = await hook(page, () => window.__twoBoneIK.state());
      assert(state.soft === 0, `실험 뒤 soft 가 원래 값(0)으로 돌아오지 않았다: ${state.soft}`);
      await page.locator("#speed-plot").scrollIntoViewIfNeeded();
      await shot("speed-plot");
      const covered = await coveredArmPoints(page);
      assert(covered.length === 0, `설명을 편 채 실험하는 동안 가려진 것: ${covered.join(", ")}`);
    });

    await test("함정 2: 극을 어깨–공 직선 가까이 두면 뒤집힘 경고가 나오고, 멀리 두면 사라진다", async () => {
      await setPanels(page, touch, false);
      const p = await hook(page, () => window.__twoBoneIK.positions());
      const axis = sub(p.ball, p.shoulder);
      const d = len(axis);
      // 직선 위 (어깨에서 0.5 m), 직선에서 1 cm 옆으로.
      const onLine = [p.shoulder[0] + (axis[0] / d) * 0.5, p.shoulder[1] + (axis[1] / d) * 0.5 + 0.01, p.shoulder[2] + (axis[2] / d) * 0.5];
      await hook(page, (q) => window.__twoBoneIK.place("pole", q), onLine);
      await page.waitForFunction(() => window.__twoBoneIK.state().flipWarning === true);
      const warning = await page.evaluate(() => {
        const element = document.getElementById("flip-warning");
        const r = element.getBoundingClientRect();
        const visible = [...element.childNodes].filter((n) => n.nodeType === 3 || n.getClientRects().length > 0).map((n) => n.textContent).join("");
        return { hidden: element.hidden, text: visible.replace(/\s+/g, " ").trim(), width: r.width, height: r.height, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      });
      console.log(`      경고: "${warning.text.slice(0, 60)}…" (${warning.width.toFixed(0)}×${warning.height.toFixed(0)} px)`);
      assert(!warning.hidden && warning.width > 100 && warning.bottom <= viewport.height, "경고가 보이지 않는다");
      assert(/뒤집/.test(warning.text) && /직선/.test(warning.text), "경고가 왜 위험한지 말하지 않는다");
      // 경고는 포인터를 받지 않으므로 (pointer-events: none) elementFromPoint 로는 볼 수 없다: 상자로 잰다.
      for (const name of ["shoulder", "elbow", "hand", "ball", "pole"]) {
        const s = await hook(page, (n) => window.__twoBoneIK.screen(n), name);
        const inside = s.x >= warning.left && s.x <= warning.right && s.y >= warning.top && s.y <= warning.bottom;
        assert(!inside, `경고가 ${name} (${s.x.toFixed(0)}, ${s.y.toFixed(0)}) 을 가린다`);
      }
      await assertSummaryFits(page);
      await shot("flip-warning");
      await hook(page, (q) => window.__twoBoneIK.place("pole", q), p.pole);
      await page.waitForFunction(() => window.__twoBoneIK.state().flipWarning === false);
      assert(await page.evaluate(() => document.getElementById("flip-warning").hidden), "극을 멀리 두었는데 경고가 남아 있다");
      if (!touch) await setPanels(page, touch, true);
    });

    if (!touch) {
      await test("키보드: Tab 으로 공을 고르면 초점 고리가 보이고, 화살표·PageUp 으로 공이 움직인다", async () => {
        await page.mouse.click(viewport.width / 2, 4); // 페이지에 초점 (안내 줄 위: 아무것도 누르지 않는다)
        await page.evaluate(() => document.activeElement?.blur());
        let focused = null;
        for (let i = 0; i < 10 && focused !== "ball"; i++) {
          await page.keyboard.press("Tab");
          focused = await page.evaluate(() => document.activeElement?.dataset?.handle ?? null);
        }
        assert(focused === "ball", "Tab 으로 빨간 공에 갈 수 없다");
        const ring = await page.evaluate(() => {
          const style = getComputedStyle(document.activeElement);
          return { width: parseFloat(style.outlineWidth), style: style.outlineStyle };
        });
        assert(ring.style !== "none" && ring.width >= 2, `초점 고리가 보이지 않는다 (${ring.style} ${ring.width}px)`);
        const before = await hook(page, () => window.__twoBoneIK.positions());
        for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
        await page.keyboard.press("PageUp");
        await frames(page, 2);
        const after = await hook(page, () => window.__twoBoneIK.positions());
        const moved = dist(before.ball, after.ball);
        console.log(`      화살표 5번 + PageUp: 공 ${fmt(moved)} m 이동, 손–공 ${fmt(dist(after.hand, after.ball))} m`);
        assert(Math.abs(moved - Math.hypot(0.05, 0.01)) < 1e-6, `공이 키보드로 ${fmt(moved)} m 움직였다 (0.051 m 이어야 한다)`);
        assert(dist(after.hand, after.ball) < REACH_TOLERANCE * armLength || !(await hook(page, () => window.__twoBoneIK.state())).reachable, "손이 공을 따라가지 않는다");
        await shot("keyboard-focus");
        await page.keyboard.press("Tab");
        const next = await page.evaluate(() => document.activeElement?.dataset?.handle ?? null);
        assert(next === "pole", `Tab 으로 다음 공(극)에 가지 않는다 (${next})`);
        // lil-gui 의 입력에도 보이는 초점 고리.
        await page.locator('#controls [data-param="ik"] input').focus();
        await page.keyboard.press("Shift+Tab");
        await page.keyboard.press("Tab");
        const guiRing = await page.evaluate(() => {
          const style = getComputedStyle(document.activeElement);
          return { tag: document.activeElement.tagName, width: parseFloat(style.outlineWidth), style: style.outlineStyle };
        });
        assert(guiRing.style !== "none" && guiRing.width >= 2, `조절 패널의 초점 고리가 보이지 않는다 (${guiRing.tag}: ${guiRing.style} ${guiRing.width}px)`);
        await page.evaluate(() => document.activeElement?.blur());
      });
    }

    await test("프레임 시간과 IK 시간을 잰다", async () => {
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
        timingsOut.push(r);
      }
      assert(single.ik < 1, `캐릭터의 IK 시간이 1 ms/프레임을 넘는다: ${single.ik.toFixed(3)} ms`);
      assert(consoleErrors.length === 0, `콘솔 오류:\n${consoleErrors.join("\n")}`);
    });

    await test("움직임 줄이기(prefers-reduced-motion)에서는 자동 움직임이 없고, 아니면 처음 만지기 전까지 천천히 움직인다", async () => {
      // ?test 없이 연다 (test 모드는 늘 자동 움직임이 꺼져 있으므로).
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(`${origin}/index.html`);
      await page.waitForFunction(() => window.__twoBoneIK?.ready === true, undefined, { timeout: 30000 });
      let state = await hook(page, () => window.__twoBoneIK.state());
      assert(state.reduceMotion === true, "페이지가 움직임 줄이기 설정을 읽지 못했다");
      assert(state.autoMove === false && state.autoMoveSpeed === 0, `움직임 줄이기인데 자동 움직임이 켜져 있다 (${state.autoMove})`);
      const a = await hook(page, () => window.__twoBoneIK.positions());
      await frames(page, 20);
      const b = await hook(page, () => window.__twoBoneIK.positions());
      assert(dist(a.ball, b.ball) === 0 && dist(a.footTarget, b.footTarget) === 0, "움직임 줄이기인데 공이 저절로 움직인다");
      await shot("reduced-motion");

      await page.emulateMedia({ reducedMotion: "no-preference" });
      await page.goto(`${origin}/index.html`);
      await page.waitForFunction(() => window.__twoBoneIK?.ready === true, undefined, { timeout: 30000 });
      state = await hook(page, () => window.__twoBoneIK.state());
      assert(state.autoMove === true && state.autoMoveSpeed < 0.5, `처음 만지기 전인데 자동 움직임이 느리지 않다 (속도 ×${state.autoMoveSpeed})`);
      // 화면에서의 공 속도 (px/s): 약 1.5 초 동안 재어 평균.
      const t0 = await page.evaluate(() => performance.now());
      const s0 = await hook(page, () => window.__twoBoneIK.screen("ball"));
      await page.waitForTimeout(1500);
      const t1 = await page.evaluate(() => performance.now());
      const s1 = await hook(page, () => window.__twoBoneIK.screen("ball"));
      const speed = Math.hypot(s1.x - s0.x, s1.y - s0.y) / ((t1 - t0) / 1000);
      console.log(`      처음 화면의 공 속도 ${speed.toFixed(1)} px/s (×${state.autoMoveSpeed})`);
      assert(speed > 0 && speed < 60, `처음 화면의 공이 너무 빠르거나 멈춰 있다: ${speed.toFixed(1)} px/s`);
      assert(consoleErrors.length === 0, `콘솔 오류:\n${consoleErrors.join("\n")}`);
    });
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- 시작

async function main() {
  const chromium = await loadChromium();
  const outDir = mkdtempSync(join(tmpdir(), "two-bone-ik-demo-build-"));
  const shotDir = mkdtempSync(join(tmpdir(), "two-bone-ik-screenshots-"));
  console.log(`데모 빌드: ${outDir}`);
  await buildDemo(outDir);
  const { server, origin } = await serve(outDir);
  console.log(`정적 서버: ${origin}`);
  const timings = [];
  try {
    for (const viewport of VIEWPORTS) {
      try {
        await runViewport(chromium, origin, viewport, shotDir, timings);
      } catch (error) {
        recordFailure(viewport.name, error);
      }
    }
  } finally {
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
  writeFileSync(join(shotDir, "timings.json"), JSON.stringify(timings, null, 2));
  finish(shotDir);
}

main().catch(crash);
