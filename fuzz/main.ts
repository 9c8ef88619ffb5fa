// make fuzz 의 TypeScript 쪽: node .bench-build/fuzz/main.js [--count N] [--seed S] [--shared PATH]
// 위반이 하나라도 있거나 공유 조각의 비트가 다르면 0 이 아닌 코드로 끝난다.
import { readFileSync } from "node:fs";
import { compareShared, runFuzz } from "./invariants.js";

const args = process.argv.slice(2);
function option(name: string, fallback: string | undefined): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
}
const count = Number(option("--count", "1000000"));
const seed = Number(option("--seed", "20261201"));
const shared = option("--shared", undefined);

const started = performance.now();
const stats = runFuzz(count, seed);
console.log(stats.report());
let total = stats.total();
if (shared !== undefined) {
  const buffer = readFileSync(shared);
  const rows = new Float64Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 8);
  const [n, mismatches, first] = compareShared(rows);
  console.log(`[TypeScript = 파이썬 배치, 비트 단위] 공유 조각 ${n} 개 중 다른 체인 ${mismatches}${first >= 0 ? ` (처음: #${first})` : ""}`);
  if (n === 0) total += 1; // 빈 파일은 아무것도 확인하지 않은 것이다
  total += mismatches;
}
console.log(`시간 ${((performance.now() - started) / 1000).toFixed(1)} s, 위반 합계 ${total}`);
process.exitCode = total === 0 ? 0 : 1;
