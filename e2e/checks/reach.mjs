// 설명 화면의 브라우저 확인 — 팔이 닿는 곳·닿지 않는 곳으로 공을 끌기, 극 공 끌기: 손–공 거리, 곧게 편 팔, 팔꿈치만 움직임.
// 확인마다 페이지를 새로 열어 (openStandIn) 앞의 확인이 남긴 상태에 기대지 않는다. node e2e/run.mjs reach 로 이것만.
import { assert, drag, test } from "../harness.mjs";
import { assertOnCanvas, cross, dist, EXACT_TOLERANCE, farthestOnCanvas, fmt, hook, len, MEASURE_VIEWPORT, MOUSE_VIEWPORT, REACH_TOLERANCE, sub } from "../page.mjs";
import { openStandIn } from "./standIn.mjs";

export const feature = "reach";
/** 마우스로 한 번, 손가락으로 한 번 (잰 값은 화면 크기와 상관없다). */
export const viewports = [MOUSE_VIEWPORT, MEASURE_VIEWPORT];

/** v: runSuite 의 화면 크기 하나 ({ page, session, touch, viewport, origin, consoleErrors, shot, shotPng }, 그리고 timings). */
export async function run(v) {
  await test(`공을 ${v.touch ? "손가락으로" : "마우스로"} 끌면 손이 공에 닿고 (< 1e-4 × 팔 길이) 뼈 길이는 그대로다`, () => dragInReach(v));
  await test("공을 팔이 닿지 않는 곳으로 끌면 팔이 곧게 펴져 공을 가리킨다", () => dragOutOfReach(v));
  await test("극 공을 끌면 팔꿈치만 움직이고 손은 제자리에 있다", () => dragPole(v));
}

/** 팔이 닿는 곳으로 공을 끈다: 손이 공에, 뼈 길이 그대로. */
async function dragInReach(v) {
  const { page, session, touch } = v;
  const { armLength, lengthsUnchanged, reachableDestination } = await openStandIn(v);
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
  await lengthsUnchanged();
  const state = await hook(page, () => window.__twoBoneIK.state());
  assert(state.reachable, "reachable 이 false 다");
  assert(state.dragging === null, `끌기가 끝나지 않았다: ${state.dragging}`);
}

/** 팔이 닿지 않는 가장 먼 곳으로 공을 끈다: 곧게 편 팔이 공을 가리킨다. */
async function dragOutOfReach(v) {
  const { page, session, touch, shot } = v;
  const { armLength, lengthsUnchanged } = await openStandIn(v);
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
}

/** 극 공을 어깨 둘레로 크게 돌린다: 팔꿈치만 움직인다. */
async function dragPole(v) {
  const { page, session, touch, viewport } = v;
  const { armLength, lengthsUnchanged, reachableDestination } = await openStandIn(v);
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
}
