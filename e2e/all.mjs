// 브라우저 테스트를 모두 (make test-e2e): 데모를 한 번만 빌드해 (E2E_DEMO_BUILD) 스크립트들을 차례로 돌리고,
// 스크립트마다 걸린 시간과 "N passed, M failed" 를 모아 찍는다. 하나라도 실패하면 종료 코드 1.
//   node e2e/all.mjs
// 스크립트 하나만: node e2e/run.mjs, node e2e/terrain.mjs … (그때는 스스로 빌드한다).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildDemo, REPO } from "./harness.mjs";

/** 도는 차례: 설명 화면, 문고리 잡기, 관절 제한, 땅 걷기, 내 모델 열기, 고친 .glb. */
const SCRIPTS = ["run.mjs", "grip.mjs", "limits.mjs", "terrain.mjs", "models.mjs", "gltfClean.mjs"];

/** 스크립트 하나를 빌드 폴더와 함께 돌린다: 출력은 그대로 흘려 보내고 마지막 줄을 기억한다. */
function runScript(script) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(REPO, "e2e", script)], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, E2E_DEMO_BUILD: buildDir },
    });
    let tail = "";
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString("utf8")).slice(-2000);
    });
    child.on("close", (status) => done({ status, last: tail.trim().split("\n").pop() ?? "" }));
  });
}

const buildDir = mkdtempSync(join(tmpdir(), "two-bone-ik-e2e-build-"));
const rows = [];
try {
  const started = Date.now();
  await buildDemo(buildDir);
  console.log(`데모 빌드: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  for (const script of SCRIPTS) {
    console.log(`\n=== e2e/${script}`);
    const begun = Date.now();
    const { status, last } = await runScript(script);
    rows.push({ script, seconds: (Date.now() - begun) / 1000, status, summary: /passed/.test(last) ? last : "(끝 줄 없음)" });
  }
} finally {
  rmSync(buildDir, { recursive: true, force: true });
}

console.log("\n브라우저 테스트 모두:");
for (const r of rows) console.log(`  ${r.status === 0 ? "✓" : "✗"} e2e/${r.script}: ${r.summary} (${r.seconds.toFixed(0)} s)`);
const failed = rows.filter((r) => r.status !== 0);
console.log(failed.length === 0 ? "모두 통과" : `실패한 스크립트: ${failed.map((r) => r.script).join(", ")}`);
process.exit(failed.length === 0 ? 0 : 1);
