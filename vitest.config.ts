import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // 문서의 예제는 사용자처럼 패키지 이름으로 가져온다 (test/readme): 저장소 안에서는 src/ 를 가리킨다.
  resolve: { alias: { "three-two-bone-ik": fileURLToPath(new URL("./src/index.ts", import.meta.url)) } },
  test: {
    include: ["test/**/*.test.ts"],
    // 속성 테스트는 수만 개의 사례를 돌리므로 기본 5초보다 넉넉히 준다.
    testTimeout: 120_000,
    // 코어마다 한 작업자 (Vitest 의 기본은 코어 − 1: 2 코어에서는 파일을 하나씩 돌려 74 s, 둘이면 45 s). 할당 테스트는
    // 따로 띄운 --single-threaded Node 에서 재므로 부하와 상관없다.
    maxWorkers: availableParallelism(),
  },
});
