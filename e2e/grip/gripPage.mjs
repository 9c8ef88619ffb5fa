// 문고리 잡기 확인들이 함께 쓰는 것: 회전 허용치, 사원수의 각, 창구 읽기, 손이 문고리를 잡고 있는지, 문고리 잡기를 켠 페이지 열기.
import { assert } from "../harness.mjs";
import { dist, fmt, hook, openTestPage, pressControl, REACH_TOLERANCE, setPanels } from "../page.mjs";

/** 손과 문고리의 월드 회전이 같다고 볼 허용치 (라디안): 라이브러리는 1e-12 안, 여기는 float64 행렬을 거친 사원수. */
export const ROTATION_TOLERANCE = 1e-6;

/** 두 단위 사원수 사이의 회전각 (라디안). */
export const quatAngle = (a, b) => 2 * Math.acos(Math.min(1, Math.abs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3])));
export const deg = (radians) => (radians * 180) / Math.PI;

export const grip = (page) => hook(page, () => window.__twoBoneIK.grip());
export const positions = (page) => hook(page, () => window.__twoBoneIK.positions());

/** 처음 뼈 길이의 합 a + b. */
export async function armLengthOf(page) {
  const lengths = await hook(page, () => window.__twoBoneIK.boneLengths());
  return lengths.upper + lengths.lower;
}

/** 손의 회전 = 문고리의 회전, tip (손의 행렬로 옮긴 ik.tip) 과 흰 tip 표시가 문고리 위 (닿는 자리면). */
export async function assertGripped(page, armLength, what) {
  const g = await grip(page);
  const p = await positions(page);
  const angle = quatAngle(g.hand, g.knob);
  assert(angle < ROTATION_TOLERANCE, `${what}: 손의 월드 회전이 문고리와 ${deg(angle).toFixed(4)}° 다르다`);
  if (g.reachable) {
    assert(dist(p.tip, p.knob) < REACH_TOLERANCE * armLength, `${what}: 손바닥의 tip 이 문고리에서 ${fmt(dist(p.tip, p.knob))} m 떨어져 있다`);
    assert(dist(p.tipMarker, p.knob) < REACH_TOLERANCE * armLength, `${what}: tip 표시가 문고리에서 ${fmt(dist(p.tipMarker, p.knob))} m 떨어져 있다`);
  }
  return g;
}

/** 확인 하나의 준비: ?test 로 새로 열고, 사람처럼 패널로 ‘문고리 잡기’ 를 켠 뒤 패널을 접는다. 팔 길이를 돌려준다. */
export async function openGripped({ page, touch, origin }) {
  await openTestPage(page, origin);
  const armLength = await armLengthOf(page);
  await pressControl(page, touch, "grip");
  await setPanels(page, touch, false);
  return armLength;
}
