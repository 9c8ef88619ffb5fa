// 테스트가 어느 three 로 도는지 확인한다: make test-three-range 의 별칭이 실제로 쓰였는지, 기본 실행의 three 가 peer 범위 안인지.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { REVISION } from "three";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  peerDependencies: Record<string, string>;
};

describe("three version under test", () => {
  it("is the revision the range config asked for, or inside the declared peer range", () => {
    const expected = process.env.EXPECTED_THREE_REVISION;
    if (expected !== undefined) {
      expect(REVISION).toBe(expected);
      return;
    }
    // ">=0.A.0 <0.B.0" 만 쓴다: 범위를 바꾸면 이 테스트와 vitest.three.config.ts 의 별칭을 함께 고친다.
    const match = /^>=0\.(\d+)\.0 <0\.(\d+)\.0$/.exec(pkg.peerDependencies.three!);
    expect(match).not.toBeNull();
    const revision = Number(REVISION);
    expect(revision).toBeGreaterThanOrEqual(Number(match![1]));
    expect(revision).toBeLessThan(Number(match![2]));
  });
});
