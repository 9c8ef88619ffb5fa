// 설명 화면의 "내 모델 열기" 브라우저 테스트: 데모를 임시 폴더에 빌드하고 테스트 리그(test/fixtures/rigs/)를
// 그 안의 models/ 에 복사해 작은 정적 서버로 띄운 뒤, Debian 의 Chromium 을 playwright-core 로 몬다.
//   node e2e/models.mjs                 (make test-e2e 가 e2e/all.mjs 로 다른 스크립트와 함께)
//   node e2e/models.mjs drop phone      — 이름을 댄 기능 (e2e/models/ 의 파일 이름) 만, 이름의 일부를 댄 화면 크기에서만
// 리그마다 ?model= 로, 또 파일을 끌어다 놓아 열고, 손이 끈 공에 닿는지, 깨진 파일이 한국어 메시지를 보이고
// 대역(또는 이전 모델)을 그대로 두는지 세 화면 크기에서 본다. 기능 하나가 파일 하나 (e2e/models/*.mjs): 확인마다 페이지를 새로 연다.
// 스크린샷은 임시 폴더에. 마지막 줄: "N passed, M failed".
import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { crash } from "./harness.mjs";
import { runFeatures } from "./page.mjs";
import { RIGS, THIRD_PARTY } from "./models/model.mjs";
import * as broken from "./models/broken.mjs";
import * as dragBall from "./models/dragBall.mjs";
import * as drop from "./models/drop.mjs";
import * as fileButton from "./models/fileButton.mjs";
import * as foreignUrl from "./models/foreignUrl.mjs";
import * as handles from "./models/handles.mjs";
import * as keyboard from "./models/keyboard.mjs";
import * as panel from "./models/panel.mjs";
import * as pole from "./models/pole.mjs";
import * as replace from "./models/replace.mjs";
import * as rigs from "./models/rigs.mjs";
import * as standIn from "./models/standIn.mjs";
import * as tooLarge from "./models/tooLarge.mjs";

/**
 * 도는 차례: 열기, 끌기·패널·공 모양·키보드, 놓기, 거절과 바꾸기, 처음 화면. 기능마다 페이지를 새로 열어 서로 기대지 않는다.
 * 다만 foreignUrl·standIn 은 이 화면 크기에서 그때까지 모인 콘솔 오류·바깥 요청도 보므로 standIn 이 마지막이다.
 */
const FEATURES = [rigs, dragBall, panel, handles, pole, keyboard, drop, broken, replace, foreignUrl, fileButton, tooLarge, standIn];

/** 페이지의 공개 폴더 역할: 빌드 결과의 models/ 에 리그를 둔다 (?model=models/<파일>). */
function copyRigs(outDir) {
  mkdirSync(join(outDir, "models"));
  for (const dir of [RIGS, THIRD_PARTY]) {
    for (const file of readdirSync(dir)) if (/\.(glb|gltf|vrm)$/.test(file)) copyFileSync(join(dir, file), join(outDir, "models", file));
  }
}

runFeatures("two-bone-ik-models", FEATURES, { prepare: copyRigs }).catch(crash);
