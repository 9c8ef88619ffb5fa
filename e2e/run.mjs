// 설명 화면(demo/)의 브라우저 테스트: 데모를 임시 폴더에 빌드하고, 작은 정적 서버로 띄우고,
// Debian 의 Chromium(/usr/bin/chromium)을 playwright-core 로 몰아 세 화면 크기에서 기능마다 확인한다.
// 기능 하나가 파일 하나 (e2e/checks/*.mjs): 확인마다 페이지를 새로 열어 앞의 확인에 기대지 않는다.
// 기능이 export const viewports 를 두면 그 화면 크기에서만 돈다 (없으면 세 크기 모두). 돌리는 것은 page.mjs 의 runFeatures.
//   node e2e/run.mjs                 — 모두 (make test-e2e·npm run test:e2e 는 e2e/all.mjs 가 다른 스크립트와 함께)
//   node e2e/run.mjs reach keyboard  — 이름을 댄 기능만 (파일 이름), 화면 크기 이름의 일부 (예: phone) 를 대면 그 크기만
// 스크린샷은 저장소 밖의 임시 폴더에 쓰고 경로를 찍는다 (잰 프레임 시간은 그 폴더의 timings.json).
// 마지막 줄: "N passed, M failed". 실패가 있으면 종료 코드 1.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { crash } from "./harness.mjs";
import { runFeatures } from "./page.mjs";
import * as autoMove from "./checks/autoMove.mjs";
import * as boneLengths from "./checks/boneLengths.mjs";
import * as contextLoss from "./checks/contextLoss.mjs";
import * as firstScreen from "./checks/firstScreen.mjs";
import * as handles from "./checks/handles.mjs";
import * as helpers from "./checks/helpers.mjs";
import * as highDensity from "./checks/highDensity.mjs";
import * as ikSwitch from "./checks/ikSwitch.mjs";
import * as keyboard from "./checks/keyboard.mjs";
import * as panels from "./checks/panels.mjs";
import * as pitfalls from "./checks/pitfalls.mjs";
import * as reach from "./checks/reach.mjs";
import * as timings from "./checks/timings.mjs";

/** 도는 차례 (서로 기대지 않으므로 차례는 읽기 좋은 순서일 뿐): 첫 화면, 배치, 끌기, 조절, 함정, 잰 값. */
const FEATURES = [
  firstScreen, panels, handles, reach, ikSwitch, helpers, autoMove, boneLengths, contextLoss, highDensity, pitfalls, keyboard, timings,
];

const measured = [];
runFeatures("two-bone-ik-demo", FEATURES, {
  context: { timings: measured },
  beforeFinish: (shotDir) => writeFileSync(join(shotDir, "timings.json"), JSON.stringify(measured, null, 2)),
}).catch(crash);
