import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // 문서의 예제는 사용자처럼 패키지 이름으로 가져온다 (test/readme): 저장소 안에서는 src/ 를 가리킨다.
  resolve: { alias: { "three-two-bone-ik": fileURLToPath(new URL("./src/index.ts", import.meta.url)) } },
  test: {
    include: ["test/**/*.test.ts"],
    // 속성 테스트는 수만 개의 사례를 돌리므로 기본 5초보다 넉넉히 준다.
    testTimeout: 120_000,
  },
});
