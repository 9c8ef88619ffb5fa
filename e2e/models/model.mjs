// 내 모델 열기 확인들이 함께 쓰는 것: 리그 폴더, 모델 화면 열기, 시도 기다리기, 끌기, 팔다리가 목표에 있는지.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { assert, drag as dragAndSettle, frames, REPO } from "../harness.mjs";

export const RIGS = join(REPO, "test", "fixtures", "rigs");
/** 제3자의 진짜 모델 (출처·허락은 그 폴더의 README). */
export const THIRD_PARTY = join(REPO, "test", "fixtures", "third_party");
/** 파일 이름 → 생성한 리그 폴더, 없으면 제3자 폴더의 경로. */
export const fixturePath = (file) => (existsSync(join(RIGS, file)) ? join(RIGS, file) : join(THIRD_PARTY, file));

/** 손–공 거리의 허용치: 팔 길이에 대한 비율 (float64 반올림; 비틀림 뼈·float32 scale 의 리그도 TwoBoneIK 가 다시 겨눠 닿는다). */
export const REACH_TOLERANCE = 1e-9;

export const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** ?test 에 query (예: "&model=models/mixamo.glb") 를 붙여 열고, 대역과 모델 창구가 준비될 때까지. */
export async function openModelPage({ page, origin }, query) {
  await page.goto(`${origin}/index.html?test${query}`);
  await page.waitForFunction(() => window.__twoBoneIK?.ready === true && window.__twoBoneIKModel !== undefined, undefined, { timeout: 30000 });
}

/** 시도가 하나 더 끝날 때까지 (성공이든 실패든). */
export async function waitAttempt(page, before) {
  await page.waitForFunction((n) => (window.__twoBoneIKModel?.attempts ?? 0) > n, before, { timeout: 30000 });
  await frames(page, 3);
  return page.evaluate(() => {
    const h = window.__twoBoneIKModel;
    return { status: h.status, message: h.message, errorKind: h.errorKind, modelName: h.modelName, limbs: h.limbs, standInVisible: h.standInVisible, counts: h.sceneCounts() };
  });
}

export const attempts = (page) => page.evaluate(() => window.__twoBoneIKModel?.attempts ?? 0);

/** 끈 뒤 3 프레임을 기다린다 (모델의 클립이 한 번 더 돈 뒤에 잰다). */
export const drag = (page, session, touch, from, to) => dragAndSettle(page, session, touch, from, to, 12, 3);

/** 모든 팔다리의 끝이 목표에 있고 뼈 길이가 처음과 같은지. */
export async function checkLimbsOnTargets(page, lengthsBefore) {
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
