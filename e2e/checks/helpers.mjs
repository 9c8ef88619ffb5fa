// 설명 화면의 브라우저 확인 — 보조 표시 켜고 끄기, 기하 보기 (껍질·p·유령).
// 확인마다 페이지를 새로 열어 (openStandIn) 앞의 확인이 남긴 상태에 기대지 않는다. node e2e/run.mjs helpers 로 이것만.
import { assert, frames, test } from "../harness.mjs";
import { differenceFraction, dist, fmt, hook, len, MEASURE_VIEWPORT, pressControl, REACH_TOLERANCE, setPanels, sub } from "../page.mjs";
import { openStandIn } from "./standIn.mjs";

export const feature = "helpers";
/** 화면 크기와 상관없다: 한 화면에서. */
export const viewports = [MEASURE_VIEWPORT];

/** v: runSuite 의 화면 크기 하나 ({ page, session, touch, viewport, origin, consoleErrors, shot, shotPng }, 그리고 timings). */
export async function run(v) {
  const { page, touch, shotPng } = v;
  await test("보조 표시를 끄면 보조 공·선·삼각형이 사라지고 켜면 돌아온다", async () => {
    await openStandIn(v);
    await setPanels(page, touch, false);
    const withHelpers = await shotPng("helpers-on");
    await pressControl(page, touch, "helpers");
    assert((await hook(page, () => window.__twoBoneIK.state())).helpersVisible === false, "보조 표시가 꺼지지 않았다");
    await setPanels(page, touch, false);
    const without = await shotPng("helpers-off");
    const changed = differenceFraction(withHelpers, without);
    assert(changed > 0.001, `보조 표시를 꺼도 화면이 거의 그대로다 (${(changed * 100).toFixed(2)} % 바뀜)`);
    await pressControl(page, touch, "helpers");
    assert((await hook(page, () => window.__twoBoneIK.state())).helpersVisible === true, "보조 표시가 다시 켜지지 않았다");
    await setPanels(page, touch, !touch);
  });

  await test("기하 보기: 껍질 반지름 a + b·|a − b|, p 는 어깨–공 직선에 수직이고 팔꿈치가 p 쪽에 있다, 유령은 다른 쪽 자세", async () => {
    const { armLength } = await openStandIn(v);
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
}
