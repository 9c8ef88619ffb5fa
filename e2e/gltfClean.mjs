// 파이썬이 발을 고친 .glb (issue 20 §3) 를 설명 화면에 끌어다 놓으면 열리고 재생되며, IK 를 끄면 (클립 그대로) 디딘 발이
// 서 있다: 미끄러짐을 넣은 걷기 (python/tests/data/gltf_walk_skate.glb) 와 `python -m twoboneik footlock` 로 고친 것을 비교한다.
//   node e2e/gltfClean.mjs      (make test-e2e, .venv 의 파이썬이 필요하다)
// 마지막 줄: "N passed, M failed". 실패가 있으면 종료 코드 1.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assert, crash, frames, REPO, test } from "./harness.mjs";
import { dropFile, MEASURE_VIEWPORT, runSuite } from "./page.mjs";

const SOURCE = join(REPO, "python/tests/data/gltf_walk_skate.glb");
const PYTHON = join(REPO, ".venv/bin/python");
/** 디딘 발로 볼 높이: 재는 동안 가장 낮은 발 높이에서 다리 길이의 이 비율 안. */
const CONTACT_HEIGHT = 0.02;
/** 디딘 동안 발의 수평 속도 (다리 길이 / s) 의 중앙값: 고친 클립은 이보다 작고, 미끄러지는 클립은 SKATING 보다 크다. */
const PLANTED = 0.004;
const SKATING = 0.01;

const work = mkdtempSync(join(tmpdir(), "two-bone-ik-gltf-"));
const FIXED = join(work, "walk_fixed.glb");
execFileSync(PYTHON, ["-m", "twoboneik", "footlock", SOURCE, "-o", FIXED, "-q"], { cwd: REPO, stdio: ["ignore", "ignore", "inherit"] });

/** 놓은 모델을 IK 없이 (클립 그대로) 재생하며 3 초 동안 프레임마다 두 발의 월드 자리와 시각을 모은다. */
async function sampleFeet(page, name, bytes) {
  const before = await page.evaluate(() => window.__twoBoneIKModel?.attempts ?? 0);
  await dropFile(page, name, bytes);
  await page.waitForFunction((n) => (window.__twoBoneIKModel?.attempts ?? 0) > n, before, { timeout: 30000 });
  const state = await page.evaluate(() => ({ status: window.__twoBoneIKModel.status, message: window.__twoBoneIKModel.message }));
  assert(state.status === "loaded", `${name}: ${state.status} — ${state.message}`);
  await page.evaluate(() => window.__twoBoneIK.set("ik", false));
  await frames(page, 3);
  return page.evaluate(() => new Promise((resolve) => {
    const samples = [], start = performance.now();
    const step = () => {
      const p = window.__twoBoneIKModel.positions();
      samples.push({ t: performance.now() / 1000, left: p.leftLeg, right: p.rightLeg });
      if (performance.now() - start < 3000) requestAnimationFrame(step); else resolve(samples);
    };
    requestAnimationFrame(step);
  }));
}

/** 발마다 디딘 표본 사이의 수평 속도 (다리 길이 / s) 의 중앙값. 고리의 이음매처럼 튀는 이동 (> 2 L/s) 은 뺀다. */
function plantedSpeed(samples, side) {
  const legs = samples.map((s) => s[side]).filter(Boolean);
  assert(legs.length > 20, `${side}: 표본이 ${legs.length} 개뿐이다`);
  const L = legs[0].lengths[0] + legs[0].lengths[1];
  const lowest = Math.min(...legs.map((l) => l.end[1]));
  const speeds = [];
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1][side], b = samples[i][side], dt = samples[i].t - samples[i - 1].t;
    if (!a || !b || !(dt > 0)) continue;
    if (a.end[1] > lowest + CONTACT_HEIGHT * L || b.end[1] > lowest + CONTACT_HEIGHT * L) continue;
    const speed = Math.hypot(b.end[0] - a.end[0], b.end[2] - a.end[2]) / dt / L;
    if (speed < 2) speeds.push(speed);
  }
  assert(speeds.length >= 5, `${side}: 디딘 표본이 ${speeds.length} 개뿐이다`);
  speeds.sort((x, y) => x - y);
  return speeds[speeds.length >> 1];
}

async function runViewport({ page, origin, consoleErrors }) {
  await test("고친 .glb 를 끌어다 놓으면 재생되고, 디딘 발이 서 있다 (미끄러지는 원본은 움직인다)", async () => {
    await page.goto(`${origin}/index.html?test`);
    await page.waitForFunction(() => window.__twoBoneIK?.ready === true && window.__twoBoneIKModel !== undefined, undefined, { timeout: 30000 });
    const skating = await sampleFeet(page, "gltf_walk_skate.glb", readFileSync(SOURCE));
    const fixed = await sampleFeet(page, "walk_fixed.glb", readFileSync(FIXED));
    for (const side of ["left", "right"]) {
      const before = plantedSpeed(skating, side), after = plantedSpeed(fixed, side);
      console.log(`      ${side}: 디딘 발의 수평 속도 중앙값 ${before.toFixed(4)} → ${after.toFixed(4)} L/s`);
      assert(before > SKATING, `${side}: 원본의 디딘 발이 미끄러지지 않는다 (${before} L/s) — 검사가 뜻이 없다`);
      assert(after < PLANTED, `${side}: 고친 클립의 디딘 발이 ${after} L/s 로 움직인다`);
    }
    assert(consoleErrors.length === 0, consoleErrors.join("\n"));
  });
}

try {
  // 발의 속도는 화면 크기와 상관없다: 한 화면에서 (끌어다 놓기 자체는 models.mjs 가 세 크기에서 본다).
  await runSuite("two-bone-ik-gltf", runViewport, { viewports: [MEASURE_VIEWPORT] });
} catch (error) {
  crash(error);
} finally {
  rmSync(work, { recursive: true, force: true });
}
