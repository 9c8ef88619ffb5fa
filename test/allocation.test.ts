// 할당 검사: 컴파일된 라이브러리를 새 Node 프로세스에서 측정한다 (test/alloc/measureAllocations.ts).
// vitest 안에서는 모듈 변환과 다른 테스트가 남긴 다형적 타입 피드백 때문에 사용자의 코드와 다르게 최적화된다.
// 시간은 재지 않는다. 호출당 바이트가 1 미만인지, 즉 객체 하나도 만들지 않는지만 본다 (HeapNumber 하나가 16 바이트).
// --single-threaded: 최적화 컴파일을 백그라운드 스레드가 아니라 그 자리에서 끝낸다. 그러면 어떤 함수가 어디에
// 인라인되는지가 CPU 부하와 상관없이 늘 같다 (CI 에서 부하가 클 때 컴파일 순서가 바뀌어 측정이 흔들린 적이 있다).
import { beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

function measure(scenario: string): number {
  const output = execFileSync(process.execPath, ["--expose-gc", "--single-threaded", ".bench-build/test/alloc/measureAllocations.js", scenario], {
    cwd: repoRoot,
    encoding: "utf8",
  });
  const bytes = (JSON.parse(output) as Record<string, number>)[scenario];
  if (typeof bytes !== "number") throw new Error(`측정 결과가 없습니다: ${output}`);
  return bytes;
}

describe("allocation per call in a fresh Node process", () => {
  beforeAll(() => {
    execFileSync(process.execPath, [tsc, "-p", "tsconfig.node.json"], { cwd: repoRoot, stdio: "inherit" });
  }, 120_000);

  it.each([
    ["solveTwoBoneIK with out", "solveTwoBoneIK"],
    ["TwoBoneIK.solve with default options", "TwoBoneIK.default"],
    ["TwoBoneIK.solve with weight, soft and keepEndRotation", "TwoBoneIK.options"],
    ["TwoBoneIKHelper refresh", "TwoBoneIKHelper"],
  ])("%s allocates nothing", (_name, scenario) => {
    expect(measure(scenario)).toBeLessThan(1);
  });
});
