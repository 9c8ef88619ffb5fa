// 설명 화면의 "내 모델 열기" 브라우저 테스트: 데모를 임시 폴더에 빌드하고 테스트 리그(test/fixtures/rigs/)를
// 그 안의 models/ 에 복사해 작은 정적 서버로 띄운 뒤, Debian 의 Chromium 을 playwright-core 로 몬다.
//   node e2e/models.mjs          (make test-e2e 가 e2e/run.mjs 다음에 부른다)
// 리그마다 ?model= 로, 또 파일을 끌어다 놓아 열고, 손이 끈 공에 닿는지, 깨진 파일이 한국어 메시지를 보이고
// 대역(또는 이전 모델)을 그대로 두는지 세 화면 크기에서 본다. 스크린샷은 임시 폴더에. 마지막 줄: "N passed, M failed".
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assert, buildDemo, crash, drag as dragAndSettle, finish, frames, loadChromium, openViewport, recordFailure, REPO, serve, test } from "./harness.mjs";
import { dropFile, MEASURE_VIEWPORT, watchPage } from "./page.mjs";
const RIGS = join(REPO, "test", "fixtures", "rigs");
/** 제3자의 진짜 모델 (출처·허락은 그 폴더의 README). */
const THIRD_PARTY = join(REPO, "test", "fixtures", "third_party");
/** 파일 이름 → 생성한 리그 폴더, 없으면 제3자 폴더의 경로. */
const fixturePath = (file) => (existsSync(join(RIGS, file)) ? join(RIGS, file) : join(THIRD_PARTY, file));

const VIEWPORTS = [
  { name: "desktop-1280x800", width: 1280, height: 800, touch: false, deviceScaleFactor: 1 },
  { name: "phone-landscape-844x390", width: 844, height: 390, touch: true, deviceScaleFactor: 2 },
  { name: "phone-portrait-390x844", width: 390, height: 844, touch: true, deviceScaleFactor: 2 },
];

/** 열려야 하는 리그. */
const GOOD = ["mixamo.glb", "vrm1.vrm", "vrm0.vrm", "unreal.glb", "rigify.gltf", "toy_30cm.glb", "giant_10m.glb", "knight_cge.glb"];
/** 세 크기 모두에서 여는 리그: 카메라가 틀에 맞추는 배율의 양 끝 (30 cm, 10 m) 과 Mixamo 의 cm 리그. */
const FRAMING = ["mixamo.glb", "toy_30cm.glb", "giant_10m.glb"];
/** 끌어다 놓아 여는 리그: 확장자 (.glb·.vrm·.gltf) 마다 하나. */
const DROPPED = ["mixamo.glb", "vrm1.vrm", "rigify.gltf"];
/** 거절해야 하는 파일과 그 까닭. */
const BAD = [
  { file: "broken_truncated.glb", kind: "corrupt", words: "잘렸거나 손상" },
  { file: "not_gltf.glb", kind: "not-gltf", words: "glTF 파일이 아닙니다" },
  { file: "no_skin.glb", kind: "no-skin", words: "스킨" },
  { file: "no_limbs.glb", kind: "no-limbs", words: "팔다리 뼈" },
];
/** 손–공 거리의 허용치: 팔 길이에 대한 비율 (float64 반올림; 비틀림 뼈·float32 scale 의 리그도 TwoBoneIK 가 다시 겨눠 닿는다). */
const REACH_TOLERANCE = 1e-9;

const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** 시도가 하나 더 끝날 때까지 (성공이든 실패든). */
async function waitAttempt(page, before) {
  await page.waitForFunction((n) => (window.__twoBoneIKModel?.attempts ?? 0) > n, before, { timeout: 30000 });
  await frames(page, 3);
  return page.evaluate(() => {
    const h = window.__twoBoneIKModel;
    return { status: h.status, message: h.message, errorKind: h.errorKind, modelName: h.modelName, limbs: h.limbs, standInVisible: h.standInVisible, counts: h.sceneCounts() };
  });
}

const attempts = (page) => page.evaluate(() => window.__twoBoneIKModel?.attempts ?? 0);

/** 끈 뒤 3 프레임을 기다린다 (모델의 클립이 한 번 더 돈 뒤에 잰다). */
const drag = (page, session, touch, from, to) => dragAndSettle(page, session, touch, from, to, 12, 3);

/** 모든 팔다리의 끝이 목표에 있고 뼈 길이가 처음과 같은지. */
async function checkLimbsOnTargets(page, lengthsBefore) {
  const positions = await page.evaluate(() => window.__twoBoneIKModel.positions());
  for (const [name, p] of Object.entries(positions)) {
    const L = p.lengths[0] + p.lengths[1];
    const reach = dist(p.upper, p.target);
    if (reach < L * 0.999) assert(dist(p.end, p.target) <= REACH_TOLERANCE * L, `${name}: 끝–목표 ${dist(p.end, p.target)} (L ${L})`);
    if (lengthsBefore?.[name]) {
      const [a, b] = lengthsBefore[name];
      assert(Math.abs(p.lengths[0] - a) <= 1e-5 * L && Math.abs(p.lengths[1] - b) <= 1e-5 * L, `${name}: 뼈 길이가 바뀜 ${p.lengths} ← ${[a, b]}`);
    }
  }
  return positions;
}

async function runViewport(chromium, origin, viewport, shotDir) {
  console.log(`\n${viewport.name} (${viewport.touch ? "터치" : "마우스"})`);
  const { context, page, session, userDataDir } = await openViewport(chromium, viewport, "two-bone-ik-models-chromium-");
  // problems: 콘솔 오류·바깥 요청 (설명 화면의 테스트와 같은 watchPage).
  const { consoleErrors: problems, shot } = watchPage(page, origin, shotDir, viewport);
  const open = async (query) => {
    await page.goto(`${origin}/index.html?test${query}`);
    await page.waitForFunction(() => window.__twoBoneIK?.ready === true && window.__twoBoneIKModel !== undefined, undefined, { timeout: 30000 });
  };

  try {
    // 리그마다 팔다리 찾기·목표에 닿기는 화면 크기와 상관없다: 모든 리그는 한 화면에서, 다른 크기에서는 배율의 양 끝과 cm 리그 (틀에 맞추기).
    for (const file of viewport.name === MEASURE_VIEWPORT ? GOOD : GOOD.filter((f) => FRAMING.includes(f))) {
      await test(`?model=models/${file}: 네 팔다리를 찾고 대역을 숨기며, 손·발이 목표 공에 있다`, async () => {
        await open(`&model=models/${file}`);
        const result = await waitAttempt(page, 0);
        assert(result.status === "loaded", `상태 ${result.status}: ${result.message}`);
        assert(result.limbs.length === 4, `팔다리 ${result.limbs}`);
        assert(result.message.includes("왼팔 ✓") && result.message.includes("오른다리 ✓"), `글: ${result.message}`);
        assert(!result.standInVisible, "대역이 보인다");
        const first = await checkLimbsOnTargets(page, null);
        await frames(page, 20); // 클립이 20 프레임 흐른 뒤에도
        await checkLimbsOnTargets(page, Object.fromEntries(Object.entries(first).map(([k, v]) => [k, v.lengths])));
        if (["mixamo.glb", "unreal.glb", "toy_30cm.glb", "giant_10m.glb", "knight_cge.glb"].includes(file)) await shot(`model-${file.replace(".", "-")}`);
        assert(problems.length === 0, problems.join("\n"));
      });
    }

    await test("끌어다 놓은 공으로 오른손이 간다 (모델: mixamo.glb, 센티미터 리그)", async () => {
      await open("&model=models/mixamo.glb");
      await waitAttempt(page, 0);
      const before = await page.evaluate(() => window.__twoBoneIKModel.positions());
      const arm = before.rightArm;
      const from = await page.evaluate((p) => window.__twoBoneIKModel.project(p), arm.target);
      const shoulder = await page.evaluate((p) => window.__twoBoneIKModel.project(p), arm.upper);
      // 공을 어깨 쪽으로 40 % 끈다: 화면 평면 위에서 움직이므로 팔이 닿는 곳에 머문다.
      const to = { x: from.x + (shoulder.x - from.x) * 0.4, y: from.y + (shoulder.y - from.y) * 0.4 };
      await drag(page, session, viewport.touch, from, to);
      const after = await page.evaluate(() => window.__twoBoneIKModel.positions());
      const L = arm.lengths[0] + arm.lengths[1];
      assert(dist(after.rightArm.target, arm.target) > 0.05 * L, `공이 움직이지 않았다 (${dist(after.rightArm.target, arm.target)})`);
      assert(dist(after.rightArm.end, after.rightArm.target) <= REACH_TOLERANCE * L, `손–공 ${dist(after.rightArm.end, after.rightArm.target)}`);
      assert(dist(after.leftArm.target, before.leftArm.target) === 0, "다른 공이 움직였다");
      await shot("dragged");
    });

    await test("패널의 IK 켬/끔·weight·보조 표시가 모델에도 적용된다", async () => {
      await open("&model=models/giant_10m.glb");
      await waitAttempt(page, 0);
      await frames(page, 10);
      // 끝–목표 거리 / 팔다리 길이: 목표가 닿는 곳에 있는 팔다리 (클립이 몸을 움직여 발 목표가 멀어질 수 있다) 와 모두.
      const gaps = async () => {
        const p = await page.evaluate(() => window.__twoBoneIKModel.positions());
        const all = Object.values(p).map((l) => {
          const L = l.lengths[0] + l.lengths[1];
          return { gap: dist(l.end, l.target) / L, reachable: dist(l.upper, l.target) < 0.98 * L };
        });
        const reachable = all.filter((g) => g.reachable).map((g) => g.gap);
        assert(reachable.length > 0, "닿는 목표가 하나도 없다");
        return { reachable: Math.max(...reachable), sum: all.reduce((s, g) => s + g.gap, 0) };
      };
      assert((await gaps()).reachable < REACH_TOLERANCE, "IK 켬: 끝이 목표에 있어야 한다");
      await page.evaluate(() => window.__twoBoneIK.set("ik", false));
      await frames(page, 12);
      const off = (await gaps()).sum;
      assert(off > 1e-3, `IK 끔: 클립 자세 그대로여야 한다 (끝–목표 합 ${off})`);
      await page.evaluate(() => { window.__twoBoneIK.set("ik", true); window.__twoBoneIK.set("weight", 0.5); });
      await frames(page, 3);
      const half = (await gaps()).sum;
      assert(half > 1e-4, `weight 0.5: 목표와 클립 자세 사이여야 한다 (끝–목표 합 ${half}, 끔 ${off})`);
      await page.evaluate(() => { window.__twoBoneIK.set("weight", 1); window.__twoBoneIK.set("helpers", false); });
      await frames(page, 3);
      assert((await gaps()).reachable < REACH_TOLERANCE, "weight 1: 다시 목표에");
      assert(!(await page.evaluate(() => window.__twoBoneIKModel.polesVisible)), "보조 표시 끔: 극 공이 숨어야 한다");
      await page.evaluate(() => window.__twoBoneIK.set("helpers", true));
      await frames(page, 2);
      assert(await page.evaluate(() => window.__twoBoneIKModel.polesVisible), "보조 표시 켬: 극 공이 보여야 한다");
    });

    for (const file of ["mixamo.glb", "toy_30cm.glb"]) await test(`${file}: 대역의 공·고리·선·숫자는 숨고, 목표·극 공은 대역과 같은 모양 (≥ 24 px, 고리) 으로 빈 자리 안에`, async () => {
      await open(`&model=models/${file}`);
      await waitAttempt(page, 0);
      await frames(page, 3);
      const s = await page.evaluate(() => {
        const h = window.__twoBoneIKModel;
        const box = (el) => el.getBoundingClientRect();
        const overlaps = (a, b) => a.width > 0 && b.width > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        const line = box(document.getElementById("model-status"));
        return {
          names: h.visibleNames(),
          diameters: h.drawnDiameters(),
          limbs: h.limbs,
          messageVisible: h.messageVisible,
          lineCovers: ["tools", "info", "controls"].filter((id) => overlaps(line, box(document.getElementById(id)))),
          readoutsShown: getComputedStyle(document.querySelector("#info .readout-row")).display !== "none",
          plotShown: getComputedStyle(document.querySelector("#info .pitfalls")).display !== "none",
          noteShown: getComputedStyle(document.getElementById("model-note")).display !== "none",
          standInKeys: [...document.querySelectorAll(".handle-key")].filter((b) => !b.hidden && !b.dataset.handle.startsWith("model")).length,
          modelKeys: [...document.querySelectorAll(".handle-key")].filter((b) => !b.hidden && b.dataset.handle.startsWith("model")).length,
          free: window.__twoBoneIK.state().freeRect,
          points: Object.values(h.positions()).flatMap((p) => [h.project(p.target), h.project(p.pole)]),
        };
      });
      const standInVisuals = ["ballRing", "poleRing", "footTargetRing", "kneePoleRing", "ballHalo", "ballShadow", "poleShadow"];
      assert(!s.names.some((n) => standInVisuals.includes(n)), `대역의 공 모양이 보인다: ${s.names}`);
      assert(s.names.filter((n) => n === "dropLines").length === 1, `내린 선 묶음이 하나여야 한다: ${s.names}`);
      for (const limb of s.limbs) {
        for (const name of [`model:${limb}`, `modelPole:${limb}`]) {
          assert(s.diameters[name] >= 24, `${name} 의 그려진 지름 ${s.diameters[name]} px < 24`);
          assert(s.names.includes(`${name}Ring`), `${name} 의 고리가 없다`);
        }
      }
      assert(s.messageVisible, "찾은 팔다리 알림이 보여야 한다");
      assert(s.lineCovers.length === 0, `알림이 ${s.lineCovers} 를 가린다`);
      assert(!s.readoutsShown && !s.plotShown && s.noteShown, `대역의 숫자·그래프가 보이거나 안내가 없다 ${JSON.stringify(s)}`);
      assert(s.standInKeys === 0 && s.modelKeys === 8, `키보드 단추: 대역 ${s.standInKeys}, 모델 ${s.modelKeys}`);
      for (const p of s.points) {
        assert(!p.behind && p.x >= s.free.left - 1 && p.x <= s.free.right + 1 && p.y >= s.free.top - 1 && p.y <= s.free.bottom + 1,
          `공이 빈 자리 밖: (${p.x.toFixed(0)}, ${p.y.toFixed(0)}) 빈 자리 ${JSON.stringify(s.free)}`);
      }
    });

    await test("모델의 극 공을 끌면 팔꿈치만 움직이고 (손은 공에), 공 가장자리 18 px 밖에서 잡아도 잡힌다", async () => {
      await open("&model=models/mixamo.glb");
      await waitAttempt(page, 0);
      await frames(page, 3);
      // 자동 극은 클립과 함께 움직인다 (읽고 누르는 사이에 몇 프레임이 흐른다): 먼저 키보드로 한 번 옮겨 손으로 놓은 극으로 만든다.
      await page.focus('.handle-key[data-handle="modelPole:rightArm"]');
      await page.keyboard.press("ArrowUp");
      await page.evaluate(() => document.activeElement.blur());
      await frames(page, 3);
      const before = (await page.evaluate(() => window.__twoBoneIKModel.positions())).rightArm;
      // 공 가운데에서 18 px 떨어진 점 여덟 개 가운데, 페이지가 극 공을 고르고 (다른 공보다 가깝고) 캔버스가 덮이지 않은 점,
      // 그중 다른 공에서 가장 먼 점을 잡는다. 작은 화면에서는 공들이 붙어 있고, 다른 팔다리의 자동 극은 클립과 함께
      // 움직이므로 (읽고 누르는 사이에 프레임이 흐른다) 한 방향으로 정해 두면 이따금 다른 공이 더 가깝다.
      const grab = await page.evaluate((pointerType) => {
        const h = window.__twoBoneIKModel;
        const canvas = document.querySelector("canvas:not(#side-view):not(#speed-plot)");
        const positions = h.positions();
        const pole = h.project(positions.rightArm.pole);
        const others = Object.entries(positions)
          .flatMap(([name, p]) => [[`model:${name}`, p.target], [`modelPole:${name}`, p.pole]])
          .filter(([name]) => name !== "modelPole:rightArm")
          .map(([name, p]) => ({ name, ...h.project(p) }));
        let best = null;
        for (let k = 0; k < 8; k++) {
          const x = pole.x + 18 * Math.cos((k * Math.PI) / 4), y = pole.y + 18 * Math.sin((k * Math.PI) / 4);
          if (h.pick(x, y, pointerType) !== "modelPole:rightArm" || document.elementFromPoint(x, y) !== canvas) continue;
          const clearance = Math.min(...others.map((o) => Math.hypot(o.x - x, o.y - y)));
          if (best === null || clearance > best.clearance) best = { x, y, clearance };
        }
        return { best, pole, others };
      }, viewport.touch ? "touch" : "mouse");
      assert(grab.best !== null, `극 공 둘레 18 px 의 어느 점에서도 극 공이 잡히지 않는다: ${JSON.stringify(grab)}`);
      const from = { x: grab.best.x, y: grab.best.y };
      // 끄는 방향은 화면 안쪽으로 (가운데 쪽으로).
      const towardCenter = { x: Math.sign(viewport.width / 2 - from.x) || 1, y: Math.sign(viewport.height / 2 - from.y) || 1 };
      await drag(page, session, viewport.touch, from, { x: from.x + 60 * towardCenter.x, y: from.y + 40 * towardCenter.y });
      const grabbed = await page.evaluate(() => window.__twoBoneIKModel.lastDragged);
      assert(grabbed === "modelPole:rightArm", `극 공이 잡히지 않았다 (잡힌 것: ${grabbed}, 누른 점 ${JSON.stringify(grab)})`);
      const after = (await page.evaluate(() => window.__twoBoneIKModel.positions())).rightArm;
      const L = before.lengths[0] + before.lengths[1];
      assert(dist(after.pole, before.pole) > 0.05 * L, `극 공이 움직이지 않았다 (${dist(after.pole, before.pole)})`);
      assert(dist(after.target, before.target) === 0, "목표 공이 움직였다");
      assert(dist(after.end, after.target) <= REACH_TOLERANCE * L, `손–공 ${dist(after.end, after.target)}`);
      // 팔꿈치는 어깨·공·극 공이 이루는 평면 위에 (극 공 쪽으로) 굽는다: 끈 극 공을 쓴다는 뜻.
      const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
      const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
      const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
      const n = cross(sub(after.target, after.upper), sub(after.pole, after.upper));
      const offPlane = Math.abs(dot(sub(after.mid, after.upper), n)) / Math.hypot(...n);
      assert(offPlane <= 1e-6 * L, `팔꿈치가 어깨–공–극 평면 밖 ${offPlane} (L ${L})`);
      await frames(page, 10); // 놓은 뒤에도 자동 극으로 돌아가지 않는다
      const later = (await page.evaluate(() => window.__twoBoneIKModel.positions())).rightArm;
      assert(dist(later.pole, after.pole) === 0, `놓은 극 공이 자동 자리로 돌아갔다 (${dist(later.pole, after.pole)}, L ${L}, ${JSON.stringify([after.pole, later.pole, before.pole])})`);
    });

    await test("키보드: Tab 으로 모델의 공을 고르고 화살표로 옮기면 손이 따라간다", async () => {
      await open("&model=models/mixamo.glb");
      await waitAttempt(page, 0);
      const before = (await page.evaluate(() => window.__twoBoneIKModel.positions())).rightArm;
      await page.focus('.handle-key[data-handle="model:rightArm"]');
      for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowUp");
      await frames(page, 3);
      const after = (await page.evaluate(() => window.__twoBoneIKModel.positions())).rightArm;
      const L = before.lengths[0] + before.lengths[1];
      assert(dist(after.target, before.target) > 0.01 * L, `공이 움직이지 않았다 (${dist(after.target, before.target)})`);
      assert(dist(after.end, after.target) <= REACH_TOLERANCE * L, `손–공 ${dist(after.end, after.target)}`);
      await page.keyboard.press("Escape");
    });

    // 놓기는 ?model= 과 같은 불러오기를 탄다 (다른 것은 File 을 읽는 것뿐): 한 화면에서는 확장자마다 하나, 다른 크기에서는 하나만.
    for (const file of viewport.name === MEASURE_VIEWPORT ? DROPPED : DROPPED.slice(0, 1)) {
      await test(`${file} 를 끌어다 놓으면 열린다`, async () => {
        await open("");
        const before = await attempts(page);
        await dropFile(page, file, readFileSync(fixturePath(file)));
        const result = await waitAttempt(page, before);
        assert(result.status === "loaded" && result.modelName === file, `${result.status}: ${result.message}`);
        assert(result.limbs.length === 4 && !result.standInVisible, JSON.stringify(result));
        await checkLimbsOnTargets(page, null);
      });
    }

    await test("깨진 파일들: 한국어 메시지, 대역 그대로, 장면에 아무것도 남지 않음", async () => {
      await open("");
      const start = await page.evaluate(() => window.__twoBoneIKModel.sceneCounts());
      for (const bad of BAD) {
        const before = await attempts(page);
        await dropFile(page, bad.file, readFileSync(join(RIGS, bad.file)));
        const result = await waitAttempt(page, before);
        assert(result.status === "error" && result.errorKind === bad.kind, `${bad.file}: ${result.errorKind} ${result.message}`);
        assert(result.message.includes(bad.words) && result.message.includes("대역 캐릭터를 그대로 둡니다"), `${bad.file}: ${result.message}`);
        assert(result.standInVisible, `${bad.file}: 대역이 사라졌다`);
        assert(JSON.stringify(result.counts) === JSON.stringify(start), `${bad.file}: 장면이 바뀜 ${JSON.stringify(result.counts)} ← ${JSON.stringify(start)}`);
        const visible = await page.evaluate(() => getComputedStyle(document.getElementById("model-status")).display !== "none");
        assert(visible, "메시지가 보이지 않는다");
      }
      await shot("broken-message");
    });

    await test("모델이 있을 때 깨진 파일을 놓으면 그 모델이 그대로 남는다", async () => {
      await open("&model=models/unreal.glb");
      await waitAttempt(page, 0);
      const counts = await page.evaluate(() => window.__twoBoneIKModel.sceneCounts());
      const before = await attempts(page);
      await dropFile(page, "broken_truncated.glb", readFileSync(join(RIGS, "broken_truncated.glb")));
      const result = await waitAttempt(page, before);
      assert(result.status === "error" && result.modelName === "unreal.glb", JSON.stringify(result));
      assert(result.message.includes("지금 모델(unreal.glb)을 그대로 둡니다"), result.message);
      assert(JSON.stringify(result.counts) === JSON.stringify(counts), "장면이 바뀌었다");
      await checkLimbsOnTargets(page, null);
    });

    await test("다른 모델로 바꾸면 옛 모델은 장면에서 빠진다", async () => {
      await open("&model=models/vrm1.vrm");
      await waitAttempt(page, 0);
      const counts = await page.evaluate(() => window.__twoBoneIKModel.sceneCounts());
      const before = await attempts(page);
      await dropFile(page, "rigify.gltf", readFileSync(join(RIGS, "rigify.gltf")));
      const result = await waitAttempt(page, before);
      assert(result.modelName === "rigify.gltf", JSON.stringify(result));
      assert(JSON.stringify(result.counts) === JSON.stringify(counts), `장면 ${JSON.stringify(result.counts)} ← ${JSON.stringify(counts)}`);
    });

    await test("?model= 에 다른 출처의 주소: 받지 않고 메시지, 대역 그대로", async () => {
      await open("&model=https://example.com/x.glb");
      const result = await waitAttempt(page, 0);
      assert(result.status === "error" && result.standInVisible, JSON.stringify(result));
      assert(!problems.some((p) => p.startsWith("바깥 요청")), problems.join("\n"));
    });

    if (!viewport.touch) {
      await test("«모델 열기» 단추로 파일을 고른다", async () => {
        await open("");
        const before = await attempts(page);
        const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.click("#model-open")]);
        await chooser.setFiles(join(RIGS, "vrm0.vrm"));
        const result = await waitAttempt(page, before);
        assert(result.status === "loaded" && result.modelName === "vrm0.vrm", JSON.stringify(result));
      });

      await test("크기 한도를 넘는 파일은 읽지 않고 메시지", async () => {
        await open("");
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

    await test("처음 화면은 여전히 대역 캐릭터 (모델 없이)", async () => {
      await open("");
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
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

async function main() {
  const chromium = await loadChromium();
  const outDir = mkdtempSync(join(tmpdir(), "two-bone-ik-models-build-"));
  const shotDir = mkdtempSync(join(tmpdir(), "two-bone-ik-models-screenshots-"));
  await buildDemo(outDir);
  // 페이지의 공개 폴더 역할: 빌드 결과의 models/ 에 리그를 둔다 (?model=models/<파일>).
  mkdirSync(join(outDir, "models"));
  for (const dir of [RIGS, THIRD_PARTY]) {
    for (const file of readdirSync(dir)) if (/\.(glb|gltf|vrm)$/.test(file)) copyFileSync(join(dir, file), join(outDir, "models", file));
  }
  const { server, origin } = await serve(outDir);
  const only = process.argv[2];
  try {
    for (const viewport of VIEWPORTS) {
      if (only !== undefined && !viewport.name.includes(only)) continue;
      try {
        await runViewport(chromium, origin, viewport, shotDir);
      } catch (error) {
        recordFailure(viewport.name, error);
      }
    }
  } finally {
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
  finish(shotDir);
}

main().catch(crash);
