// 굽힘 제한의 차례: 한 페이지에서 제한을 하나씩 켜며 잇는 다섯 확인 (페이지를 한 번만 연다: 화면 크기마다 페이지 하나).
// 차례와 앞이 남기는 것:
//   1 elbowArc    — 페이지를 열고 패널로 팔꿈치 제한을 켠다 (패널은 접음)
//   2 elbowBend   — 켜진 팔꿈치 제한으로 공을 멀리·가까이 (공은 어깨 가까이에 남는다)
//   3 kneeBend    — 패널로 무릎 제한도 켠다
//   4 explanation — 켜진 팔꿈치 제한의 d 범위를 읽는다 (설명 패널을 편다)
//   5 minMax      — 두 제한이 모두 켜져 있어야 두 관절의 굽힘을 본다
// node e2e/limits.mjs chain 로 이것만 (지금은 이 차례가 limits.mjs 의 전부).
import { elbowArc } from "./elbowArc.mjs";
import { elbowBend } from "./elbowBend.mjs";
import { explanation } from "./explanation.mjs";
import { kneeBend } from "./kneeBend.mjs";
import { minMax } from "./minMax.mjs";

export const feature = "chain";

/** v: runSuite 의 화면 크기 하나 ({ page, session, touch, viewport, origin, consoleErrors, shot, shotPng }). */
export async function run(v) {
  for (const step of [elbowArc, elbowBend, kneeBend, explanation, minMax]) await step(v);
}
