// 땅 걷기의 차례: 한 페이지에서 지형을 켜고, 대역이 걷고, 기사를 불러 걷게 하는 여섯 확인 (화면 크기마다 페이지 하나; 기사도 한 번만 연다).
// 차례와 앞이 남기는 것:
//   1 firstScreen   — 페이지를 열고, 지형을 켜기 전의 프레임 간격을 chain.baseline 에 적는다
//   2 walker        — «땅 걷기» 를 켠다 (걷는 대역, 발 딛기 켬)
//   3 rays          — 켜진 지형의 광선을 본다
//   4 knight        — 기사를 불러 걷게 한다
//   5 toggle        — 기사가 걷는 채로 지형을 껐다 켠다
//   6 frameInterval — 기사가 걷는 지형의 프레임 간격을 chain.baseline 과 비교한다
// node e2e/terrain.mjs chain 로 이것만 (지금은 이 차례가 terrain.mjs 의 전부).
import { firstScreen } from "./firstScreen.mjs";
import { frameInterval } from "./frameInterval.mjs";
import { knight } from "./knight.mjs";
import { rays } from "./rays.mjs";
import { toggle } from "./toggle.mjs";
import { walker } from "./walker.mjs";

export const feature = "chain";

/** v: runSuite 의 화면 크기 하나 ({ page, session, touch, viewport, origin, consoleErrors, shot, shotPng }). */
export async function run(v) {
  const chain = { baseline: 0 };
  for (const step of [firstScreen, walker, rays, knight, toggle, frameInterval]) await step(v, chain);
}
