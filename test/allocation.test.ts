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

/** v8Flags: 예) --no-turbo-inlining (V8 이 아무 함수도 인라인하지 않는 가장 나쁜 경우). */
function measure(scenario: string, v8Flags: string[] = []): number {
  const args = ["--expose-gc", "--single-threaded", ...v8Flags, ".bench-build/test/alloc/measureAllocations.js", scenario];
  const output = execFileSync(process.execPath, args, {
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
    ["solveTwoBoneIK with out and bendLimits", "solveTwoBoneIK.bendLimits"],
    ["TwoBoneIK.solve with default options", "TwoBoneIK.default"],
    ["TwoBoneIK.solve with weight, soft and keepEndRotation", "TwoBoneIK.options"],
    ["TwoBoneIK.solve with endRotation (weights 1 and 0.6), tip and bendLimits", "TwoBoneIK.endOptions"],
    ["TwoBoneIK.update with useTargetRotation", "TwoBoneIK.targetRotation"],
    ["TwoBoneIKHelper refresh", "TwoBoneIKHelper"],
    ["TwoBoneIK.solve without a pole on a chain with twist bones in between", "TwoBoneIK.autoPoleTwist"],
    ["FootPlacement.update on a height field (one character walking its clip)", "FootPlacement"],
    ["FootPlacement.update on a height field (100 characters, per character)", "FootPlacement.100"],
    ["FootPlacement.update walking up stairs (tread shifts, look-ahead, landing, pelvis drop; per character)", "FootPlacement.stairs"],
    ["FootPlacement settings (all but the ray's maxStepHeight/maxStepDown) changed every frame, then update", "FootPlacement.settings"],
  ])("%s allocates nothing", (_name, scenario) => {
    expect(measure(scenario)).toBeLessThan(1);
  });

  // JIT 가 무엇을 인라인할지는 컴파일 순서에 달려 있다 (바쁜 기계에서 드물게 달라진다). 인라인을 모두 꺼도
  // 우리 코드는 할당하지 않아야 한다: 수를 인자·반환값으로 넘기지 않고, 사원수는 접근자 대신 필드로 다룬다.
  // 남는 것은 three 가 뼈 사원수를 쓸 때마다 하는 Euler 맞추기의 몫뿐이다 (쓰는 뼈: 기본 2 개, keepEndRotation·endRotation 3 개).
  describe("even when V8 inlines nothing (--no-turbo-inlining)", () => {
    const noInlining = ["--no-turbo-inlining"];
    it.each([["solveTwoBoneIK"], ["solveTwoBoneIK.bendLimits"], ["TwoBoneIKHelper"]])("%s allocates nothing", (scenario) => {
      expect(measure(scenario, noInlining)).toBeLessThan(1);
    });
    it.each([
      ["TwoBoneIK.default", 2],
      ["TwoBoneIK.options", 3],
      ["TwoBoneIK.endOptions", 3],
      ["TwoBoneIK.targetRotation", 3],
      ["TwoBoneIK.autoPoleTwist", 2],
    ])("%s allocates no more than three's own %i bone-rotation writes", (scenario, writes) => {
      const perWrite = measure("boneRotationChange", noInlining);
      expect(measure(scenario, noInlining)).toBeLessThan(writes * perWrite + 1);
    });
  });
});
