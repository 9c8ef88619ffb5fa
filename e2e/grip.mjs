// 설명 화면의 «문고리 잡기» (issue 16 §5) 를 세 화면 크기에서: 손이 문고리의 회전을 갖고 (useTargetRotation),
// 손바닥의 tip 이 문고리에 닿고, 문고리를 돌리고 문을 열면 (마우스·손가락·키보드) 손이 따라가고, 끝 회전을 끄면 손이 바뀐다.
// 기능 하나가 파일 하나 (e2e/grip/*.mjs). 켜고·돌리고·여는 세 확인은 한 페이지에서 이어진다 (차례는 e2e/grip/chain.mjs).
//   node e2e/grip.mjs                       (make test-e2e)
//   node e2e/grip.mjs endRotation           — 이름을 댄 기능만 (파일 이름), 화면 크기 이름의 일부 (예: phone) 를 대면 그 크기만
// 마지막 줄: "N passed, M failed". 실패가 있으면 종료 코드 1.
import { crash } from "./harness.mjs";
import { runFeatures } from "./page.mjs";
import * as chain from "./grip/chain.mjs";
import * as consoleClean from "./grip/consoleClean.mjs";
import * as endRotation from "./grip/endRotation.mjs";
import * as keyboard from "./grip/keyboard.mjs";

/** 도는 차례: 켜고·돌리고·열기, 키보드 (마우스 화면), 끝 회전 (MEASURE_VIEWPORT), 콘솔 (모인 오류를 보므로 마지막). */
const FEATURES = [chain, keyboard, endRotation, consoleClean];

runFeatures("two-bone-ik-grip", FEATURES).catch(crash);
