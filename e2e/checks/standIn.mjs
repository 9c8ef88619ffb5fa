// 확인 하나의 준비: 대역 화면을 ?test 로 새로 열고, 사람이 쓰는 그대로 패널을 둔다 (넓은 화면은 편 채로, 휴대폰은 접은 채로).
// 처음의 팔 길이와, 확인이 쓰는 두 도구 (뼈 길이가 그대로인가, 팔이 닿는 끌 곳) 를 돌려준다.
import { assert } from "../harness.mjs";
import { EXACT_TOLERANCE, fmt, hook, openTestPage, setPanels } from "../page.mjs";

export async function openStandIn({ page, origin, touch }) {
  await openTestPage(page, origin);
  await setPanels(page, touch, !touch);
  const initialLengths = await hook(page, () => window.__twoBoneIK.boneLengths());
  const armLength = initialLengths.upper + initialLengths.lower;
  const lengthsUnchanged = async () => {
    const now = await hook(page, () => window.__twoBoneIK.boneLengths());
    const du = Math.abs(now.upper - initialLengths.upper), dl = Math.abs(now.lower - initialLengths.lower);
    assert(du < EXACT_TOLERANCE * armLength && dl < EXACT_TOLERANCE * armLength,
      `뼈 길이가 바뀌었다: a ${fmt(initialLengths.upper)} → ${fmt(now.upper)}, b ${fmt(initialLengths.lower)} → ${fmt(now.lower)}`);
  };
  /** 팔이 닿는 끌 곳: 어깨와 공의 화면 위치 사이 조금 옆. */
  const reachableDestination = async () => {
    const s = await hook(page, () => window.__twoBoneIK.screen("shoulder"));
    const b = await hook(page, () => window.__twoBoneIK.screen("ball"));
    return { x: s.x + 0.55 * (b.x - s.x) + 0.15 * (b.y - s.y), y: s.y + 0.55 * (b.y - s.y) - 0.15 * (b.x - s.x) };
  };
  return { armLength, lengthsUnchanged, reachableDestination };
}
