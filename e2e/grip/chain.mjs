// 문고리 잡기의 차례: 한 페이지에서 켜고, 문고리를 돌리고, 문을 여는 세 확인 (화면 크기마다 페이지 하나).
// 차례와 앞이 남기는 것:
//   1 gripOn    — 페이지를 열고 패널로 문고리 잡기를 켠다 (패널은 접음), 팔 길이를 잰다
//   2 knobTurn  — 켜진 문고리 잡기에서 보라 공으로 문고리를 돌린다
//   3 doorSwing — 노란 공으로 문을 연 뒤 문을 (0°, 0°) 로 돌려 둔다
// 키보드 (keyboard.mjs) 와 끝 회전 (endRotation.mjs) 은 저마다 페이지를 연다. node e2e/grip.mjs chain 로 이것만.
import { doorSwing } from "./doorSwing.mjs";
import { gripOn } from "./gripOn.mjs";
import { knobTurn } from "./knobTurn.mjs";

export const feature = "chain";

/** v: runSuite 의 화면 크기 하나 ({ page, session, touch, viewport, origin, consoleErrors, shot, shotPng }). */
export async function run(v) {
  const chain = { armLength: 0 };
  for (const step of [gripOn, knobTurn, doorSwing]) await step(v, chain);
}
