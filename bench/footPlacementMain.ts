// npm run bench 가 새 Node 프로세스에서 부른다: 발 딛기 행을 앞의 벤치마크 (사례 4,096 개, 옵션 모양 여섯, CCD) 가 남긴 다형적
// 타입 피드백 없이 잰다 (앱의 프로세스처럼; 할당 테스트가 새 프로세스에서 재는 것과 같은 까닭). 출력: measureFootPlacement 의 JSON.
import { measureFootPlacement } from "./footPlacement.js";

const rounds = Number(process.argv[2] ?? 11);
console.log(JSON.stringify(measureFootPlacement(rounds)));
