import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // 속성 테스트는 수만 개의 사례를 돌리므로 기본 5초보다 넉넉히 준다.
    testTimeout: 120_000,
  },
});
