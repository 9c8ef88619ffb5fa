// 설명 화면의 «팔꿈치 제한»·«무릎 제한» (issue 16 §5) 을 세 화면 크기에서: 켜면 관절에 허락된 굽힘 [min, max] 의 호가 그려지고,
// 공을 멀리·가까이 끌어도 (끄는 동안 매 걸음) 굽힘이 그 안에 머물며, 설명에 제한이 닿는 거리를 줄이는 까닭 두 줄이 보인다.
// 확인들은 한 페이지에서 제한을 하나씩 켜며 이어진다: 그 차례는 e2e/limits/chain.mjs 에 적혀 있고, 확인마다 e2e/limits/ 의 파일 하나.
//   node e2e/limits.mjs            (make test-e2e)
//   node e2e/limits.mjs phone      — 이름의 일부를 댄 화면 크기에서만
// 마지막 줄: "N passed, M failed". 실패가 있으면 종료 코드 1.
import { crash } from "./harness.mjs";
import { runFeatures } from "./page.mjs";
import * as chain from "./limits/chain.mjs";

runFeatures("two-bone-ik-limits", [chain]).catch(crash);
