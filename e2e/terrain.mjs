// 설명 화면의 «땅 걷기» (issue 17 «On the page») 를 세 화면 크기에서: 걷는 대역과 «기사 모델 불러오기» 의 기사가 지형 위를 걷고,
// «발 딛기» 를 켜면 디딘 발바닥이 지형에 붙고 (몇 mm), 끄면 경사·계단에서 뜨거나 묻힌다. 읽은 값·광선·배치·콘솔 오류·프레임 간격.
// 발 높이는 한 화면 (page.mjs 의 MEASURE_VIEWPORT) 에서만 잰다: ?test 의 고정 프레임이라 어느 크기에서나 같다. 다른 크기는 단추·배치·읽은 값.
// 확인들은 한 페이지에서 이어진다: 그 차례는 e2e/terrain/chain.mjs 에 적혀 있고, 확인마다 e2e/terrain/ 의 파일 하나.
//   node e2e/terrain.mjs            (make test-e2e)
//   node e2e/terrain.mjs phone      — 이름의 일부를 댄 화면 크기에서만
// 마지막 줄: "N passed, M failed". 실패가 있으면 종료 코드 1.
import { crash } from "./harness.mjs";
import { runFeatures } from "./page.mjs";
import * as chain from "./terrain/chain.mjs";

runFeatures("two-bone-ik-terrain", [chain]).catch(crash);
