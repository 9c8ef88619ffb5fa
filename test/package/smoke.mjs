// 패키지를 처음 쓰는 사람처럼: npm pack 한 tarball 을 빈 앱에 설치하고, README 예제를 붙여 넣고, 타입 검사하고, 빌드하고,
// Chromium (/usr/bin/chromium, e2e 와 같은 headless 옵션) 에서 작은 glTF 로 돌린다.
//   node test/package/smoke.mjs        (make test-package 의 일부, npm run test:package)
// three 와 @types/three 는 npm 캐시에서 (없으면 레지스트리에서) 설치한다: peer 범위의 가장 새 버전 (package.json 의 three-newest 별칭).
// 단계마다 걸린 시간을 찍고, 끝에 tarball 의 파일 목록과 크기를 찍는다. 실패하면 종료 코드 1 (임시 앱은 남겨 두고 경로를 찍는다).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:http";
import { extname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8"));
const THREE_VERSION = pkg.devDependencies["three-newest"].replace(/^npm:three@/, "");
const OLDEST_THREE = pkg.devDependencies["three-oldest"].replace(/^npm:three@/, "");
/** 범위 바로 아래의 three (peer 범위의 아래 끝보다 한 판 낮은 버전). */
const BELOW_RANGE = `0.${Number(OLDEST_THREE.split(".")[1]) - 1}.0`;
const TSC = join(REPO, "node_modules/typescript/bin/tsc");
const VITE = join(REPO, "node_modules/vite/bin/vite.js");
const CHROMIUM = "/usr/bin/chromium";
const VITE_API = pathToFileURL(join(REPO, "node_modules/vite/dist/node/index.js")).href;

const work = mkdtempSync(join(tmpdir(), "three-two-bone-ik-consumer-"));
const app = join(work, "app");
const started = Date.now();

async function step(name, fn) {
  const t = Date.now();
  try {
    const note = await fn();
    console.log(`  ✓ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)${note ? `: ${note}` : ""}`);
  } catch (error) {
    const output = [error.stdout, error.stderr].filter(Boolean).join("\n");
    console.error(`\n  ✗ ${name}\n${String(error.message).slice(0, 4000)}\n${output.slice(0, 4000)}`);
    console.error(`임시 앱: ${app}`);
    process.exit(1);
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** 명령을 돌리고 stdout 을 돌려준다 (실패하면 stdout·stderr 와 함께 던진다). */
function run(command, args, { cwd = app } = {}) {
  return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** node 로 파일을 돌린다. stderr 에 무엇이든 나오면 (require(esm) 의 ExperimentalWarning, three 의 폐기 경고 포함) 실패. */
function nodeNoWarnings(args) {
  const result = spawnSync(process.execPath, args, { cwd: app, encoding: "utf8" });
  assert(result.status === 0, `node ${args.join(" ")} 실패 (종료 코드 ${result.status})\n${result.stdout}\n${result.stderr}`);
  assert(result.stderr.trim() === "", `node ${args.join(" ")} 가 stderr 에 썼다:\n${result.stderr}`);
  return result.stdout.trim();
}

/** dir 을 127.0.0.1 의 빈 포트에서 내보내는 작은 정적 서버. */
async function serveStatic(dir) {
  const types = { ".html": "text/html", ".js": "text/javascript", ".glb": "model/gltf-binary" };
  const server = createServer((request, response) => {
    const path = join(dir, decodeURIComponent(new URL(request.url, "http://x").pathname).replace(/\/$/, "/index.html"));
    if (!path.startsWith(dir) || !existsSync(path)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": types[extname(path)] ?? "application/octet-stream" }).end(readFileSync(path));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

// ---------------------------------------------------------------- 1. npm pack (prepack 이 빌드한다)

let tarball;
let packInfo;
await step("npm pack (prepack 이 dist/ 를 새로 빌드)", () => {
  const json = run("npm", ["pack", "--json", "--pack-destination", work], { cwd: REPO });
  // prepack 의 빌드 출력 뒤에 JSON 배열이 온다 ("[" 만 있는 줄부터).
  packInfo = JSON.parse(json.slice(json.search(/^\[$/m)))[0];
  tarball = join(work, packInfo.filename);
  assert(existsSync(tarball), `tarball 이 없다: ${tarball}`);
  return `${packInfo.filename}, ${packInfo.files.length} 파일, ${(packInfo.size / 1000).toFixed(1)} kB (풀면 ${(packInfo.unpackedSize / 1000).toFixed(1)} kB)`;
});

await step("tarball 의 파일이 정확히 필요한 것 (src 의 모듈마다 .js·.d.ts, 문서·LICENSE, 소스 맵 없음)", () => {
  const files = packInfo.files.map((f) => f.path).sort();
  const modules = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts")) modules.push(relative(join(REPO, "src"), path).replace(/\.ts$/, ""));
    }
  };
  walk(join(REPO, "src"));
  const expected = [
    "CHANGELOG.md", "LICENSE", "README.en.md", "README.md", "package.json",
    ...modules.flatMap((m) => [`dist/${m}.js`, `dist/${m}.d.ts`]),
  ].sort();
  assert(JSON.stringify(files) === JSON.stringify(expected),
    `tarball 파일이 다르다\n  더 있음: ${files.filter((f) => !expected.includes(f)).join(", ") || "-"}\n  빠짐: ${expected.filter((f) => !files.includes(f)).join(", ") || "-"}`);
  return undefined;
});

// ---------------------------------------------------------------- 2. 빈 앱에 설치

await step(`빈 앱에 tarball + three@${THREE_VERSION} + @types/three@${THREE_VERSION} 설치`, () => {
  mkdirSync(join(app, "src"), { recursive: true });
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "consumer-app", private: true, type: "module" }, null, 2));
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", tarball, `three@${THREE_VERSION}`, `@types/three@${THREE_VERSION}`]);
  const installed = JSON.parse(readFileSync(join(app, "node_modules/three-two-bone-ik/package.json"), "utf8"));
  assert(installed.version === pkg.version, `설치된 버전 ${installed.version} ≠ ${pkg.version}`);
  // three 는 한 벌만 (peer 라서 패키지 아래에 따로 깔리지 않는다)
  assert(!existsSync(join(app, "node_modules/three-two-bone-ik/node_modules")), "패키지 아래에 node_modules 가 생겼다");
  return undefined;
});

// ---------------------------------------------------------------- 3. Node: ESM import, CommonJS require

writeFileSync(join(app, "esm-check.mjs"), `
import { Bone, Group, Vector3 } from "three";
import { TwoBoneIK, solveTwoBoneIK, createTwoBoneIKResult } from "three-two-bone-ik";
const model = new Group();
const upper = new Bone(), mid = new Bone(), end = new Bone();
upper.position.set(0, 1.4, 0); mid.position.set(0, -0.28, 0); end.position.set(0, -0.26, 0);
model.add(upper); upper.add(mid); mid.add(end);
const ik = new TwoBoneIK(upper, mid, end);
const target = new Vector3(0.3, 1.2, 0.2);
const result = ik.solve(target, new Vector3(0, 1, -1));
const hand = end.getWorldPosition(new Vector3());
if (!(hand.distanceTo(target) < 1e-12) || !result.reachable) throw new Error("손이 목표에 닿지 않았다: " + hand.toArray());
const pure = solveTwoBoneIK({ x: 0, y: 0, z: 0 }, 1, 1, { x: 1.5, y: 0, z: 0 }, { x: 0, y: 1, z: 0 }, createTwoBoneIKResult());
console.log("esm ok", pure.joint.x, pure.reachable);
`);
await step("ESM: import 하고 뼈 체인을 푼다 (경고 없음)", () => {
  const out = nodeNoWarnings([join(app, "esm-check.mjs")]);
  assert(out === "esm ok 0.75 true", `출력: ${out}`);
  return out;
});

writeFileSync(join(app, "cjs-check.cjs"), `
const { solveTwoBoneIK, TwoBoneIK } = require("three-two-bone-ik");
const manifest = require("three-two-bone-ik/package.json");
const r = solveTwoBoneIK({ x: 0, y: 0, z: 0 }, 1, 1, { x: 1.5, y: 0, z: 0 }, { x: 0, y: 1, z: 0 });
if (typeof TwoBoneIK !== "function") throw new Error("TwoBoneIK 가 없다");
console.log("cjs ok", manifest.version, r.joint.x, r.reachable);
`);
await step("CommonJS: require() 와 require('three-two-bone-ik/package.json') (Node 의 require(esm), 경고 없음)", () => {
  const out = nodeNoWarnings([join(app, "cjs-check.cjs")]);
  assert(out === `cjs ok ${pkg.version} 0.75 true`, `출력: ${out}`);
  return out;
});

// ---------------------------------------------------------------- 4. TypeScript: bundler 와 nodenext

const readme = readFileSync(join(REPO, "README.md"), "utf8");
// 한 블록 안에서만 찾는다 (앞의 다른 ts 블록에서 시작해 본문을 건너 넘어가지 않게).
const example = /```ts\n((?:(?!```)[\s\S])*?setAnimationLoop[\s\S]*?)```/.exec(readme)?.[1];
assert(example, "README.md 에 setAnimationLoop 을 쓰는 ts 예제가 없다");
writeFileSync(join(app, "src/main.ts"), example);
writeFileSync(join(app, "index.html"), `<!doctype html>\n<html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body><script type="module" src="/src/main.ts"></script></body></html>\n`);
const strict = { strict: true, noEmit: true, skipLibCheck: false, target: "ES2022", lib: ["ES2022", "DOM"], types: [] };
writeFileSync(join(app, "tsconfig.bundler.json"), JSON.stringify({
  compilerOptions: { ...strict, module: "ESNext", moduleResolution: "bundler" }, include: ["src/main.ts"] }, null, 2));
await step("TypeScript moduleResolution bundler: README 예제를 그대로 (skipLibCheck 없이 .d.ts 까지)", () => {
  run(process.execPath, [TSC, "-p", "tsconfig.bundler.json"]);
  return undefined;
});

mkdirSync(join(app, "node"), { recursive: true });
writeFileSync(join(app, "node/esm.mts"), `
import { Bone, Vector3 } from "three";
import { TwoBoneIK, type TwoBoneIKResult } from "three-two-bone-ik";
const upper = new Bone(), mid = new Bone(), end = new Bone();
mid.position.set(0, -0.28, 0); end.position.set(0, -0.26, 0);
upper.add(mid); mid.add(end);
const result: TwoBoneIKResult = new TwoBoneIK(upper, mid, end).solve(new Vector3(0.2, -0.3, 0.1), new Vector3(0, 0, -1));
console.log("mts ok", result.reachable);
`);
writeFileSync(join(app, "node/cjs.cts"), `
import { solveTwoBoneIK } from "three-two-bone-ik";
const result = solveTwoBoneIK({ x: 0, y: 0, z: 0 }, 1, 1, { x: 1.5, y: 0, z: 0 }, { x: 0, y: 1, z: 0 });
console.log("cts ok", result.joint.x);
`);
writeFileSync(join(app, "tsconfig.nodenext.json"), JSON.stringify({
  // .d.ts 전체 검사는 위 bundler 에서 했다: 여기서는 해석과 사용만 (skipLibCheck) 보아 시간을 줄인다.
  compilerOptions: { ...strict, noEmit: false, skipLibCheck: true, outDir: "out", module: "NodeNext", moduleResolution: "NodeNext" },
  include: ["node/*.mts", "node/*.cts"] }, null, 2));
await step("TypeScript nodenext: .mts (import) 와 .cts (require 로 컴파일) 를 타입 검사하고 컴파일해 돌린다", () => {
  run(process.execPath, [TSC, "-p", "tsconfig.nodenext.json"]);
  const cjsOut = readFileSync(join(app, "out/cjs.cjs"), "utf8");
  assert(cjsOut.includes('require("three-two-bone-ik")'), ".cts 가 require 로 컴파일되지 않았다");
  const a = nodeNoWarnings([join(app, "out/esm.mjs")]);
  const b = nodeNoWarnings([join(app, "out/cjs.cjs")]);
  assert(a === "mts ok true" && b === "cts ok 0.75", `출력: ${a} / ${b}`);
  return `${a}; ${b}`;
});

// ---------------------------------------------------------------- 5. Vite 빌드

await step("Vite 로 README 예제 앱을 빌드 (three 한 벌, 라이브러리 포함)", () => {
  run(process.execPath, [VITE, "build", "--logLevel", "error"]);
  const assets = join(app, "dist/assets");
  const js = readdirSync(assets).filter((f) => f.endsWith(".js"));
  const code = js.map((f) => readFileSync(join(assets, f), "utf8")).join("\n");
  assert(code.includes("TwoBoneIK.solve"), "번들에 라이브러리가 없다");
  // three 는 모듈을 불러올 때 window.__THREE__ 에 판 번호를 적는다: 한 벌이면 그 대입이 한 번.
  const copies = code.match(/__THREE__\s*=/g)?.length ?? 0;
  assert(copies === 1, `three 가 ${copies} 벌 들어 있다`);
  const bytes = js.reduce((n, f) => n + readFileSync(join(assets, f)).length, 0);
  return `${js.length} 개 청크, ${(bytes / 1000).toFixed(0)} kB`;
});

// ---------------------------------------------------------------- 6. 브라우저: 빌드한 README 예제 앱이 돈다

await step("Chromium 에서 빌드한 README 예제 앱을 열어 작은 glTF 를 불러 60 프레임을 그린다 (콘솔 오류 없음)", async () => {
  // 예제가 부르는 character.glb 자리에 test/readme 와 같은 작은 팔 glTF 를 둔다 (JSON 이어도 GLTFLoader 가 읽는다).
  const { runnerImport } = await import(VITE_API);
  const { module: gltf } = await runnerImport(join(REPO, "test/readme/tinyGltf.ts"), { configFile: false, logLevel: "silent" });
  writeFileSync(join(app, "dist/character.glb"), gltf.tinyArmGltf());
  const server = await serveStatic(join(app, "dist"));
  const { chromium } = await import(pathToFileURL(join(REPO, "node_modules/playwright-core/index.mjs")).href);
  assert(existsSync(CHROMIUM), `${CHROMIUM} 이 없다 (Debian: apt-get install chromium)`);
  const context = await chromium.launchPersistentContext(mkdtempSync(join(work, "chromium-")), {
    executablePath: CHROMIUM,
    headless: true,
    // e2e/run.mjs 와 같은 옵션: --disable-gpu 에서도 WebGL2 를 소프트웨어(SwiftShader)로
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"],
    viewport: { width: 640, height: 400 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const errors = [];
    page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}\n${error.stack ?? ""}`));
    page.on("console", (message) => { if (message.type() === "error") errors.push(`console.error: ${message.text()} (${message.location().url})`); });
    // setAnimationLoop 은 requestAnimationFrame 으로 돈다: 그린 프레임을 센다.
    await page.addInitScript(() => {
      const raf = window.requestAnimationFrame.bind(window);
      window.__frames = 0;
      window.requestAnimationFrame = (callback) => raf((time) => { window.__frames++; callback(time); });
    });
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => window.__frames >= 60, undefined, { timeout: 60_000 });
    assert(errors.length === 0, `브라우저 오류:\n${errors.join("\n")}`);
    assert(await page.evaluate(() => document.querySelectorAll("canvas").length === 1), "캔버스가 하나가 아니다");
  } finally {
    await context.close();
    server.close();
  }
  return undefined;
});

// ---------------------------------------------------------------- 7. 트리 셰이킹 (sideEffects: false)

await step("트리 셰이킹: solveTwoBoneIK 만 가져오면 TwoBoneIK·도우미가, TwoBoneIK 만 가져오면 도우미가 빠진다", async () => {
  const { build } = await import(VITE_API);
  const sizes = [];
  for (const [imports, present, absent] of [
    ["solveTwoBoneIK", [], ["TwoBoneIK.solve", "TwoBoneIKHelper"]],
    ["TwoBoneIK", ["TwoBoneIK.solve"], ["TwoBoneIKHelper"]],
  ]) {
    const entry = join(app, `shake-${imports}.js`);
    writeFileSync(entry, `export { ${imports} } from "three-two-bone-ik";\n`);
    const [result] = [].concat(await build({
      root: app, configFile: false, logLevel: "silent",
      build: { write: false, minify: true, lib: { entry, formats: ["es"], fileName: "shake" }, rollupOptions: { external: [/^three(\/|$)/] } },
    }));
    const code = result.output.filter((c) => c.type === "chunk").map((c) => c.code).join("\n");
    // 라이브러리의 문자열 (TwoBoneIK 의 오류 메시지, 도우미의 type) 로 무엇이 남았는지 본다.
    for (const text of present) assert(code.includes(text), `${imports}: 번들에 ${text} 가 없다`);
    for (const text of absent) assert(!code.includes(text), `${imports}: 번들에 ${text} 가 남았다 (트리 셰이킹 실패)`);
    sizes.push(`${imports} ${(code.length / 1000).toFixed(1)} kB`);
  }
  return sizes.join(", ");
});

// ---------------------------------------------------------------- 8. peer 범위의 아래 끝

// 사용자가 직접 고른 three 는 범위 밖이어도 npm 이 경고 (ERESOLVE overriding peer dependency) 만 하고 설치한다:
// 범위는 그 경고와 npm ls 의 "invalid" 로 드러난다.
await step(`peer 범위: three@${OLDEST_THREE} 는 npm ls 가 받아들이고 그 위에서 ESM 확인이 돌며, three@${BELOW_RANGE} 는 npm 이 경고하고 npm ls 가 invalid 로 본다`, () => {
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", `three@${OLDEST_THREE}`]);
  run("npm", ["ls", "three"]);
  const out = nodeNoWarnings([join(app, "esm-check.mjs")]);
  assert(out === "esm ok 0.75 true", `출력: ${out}`);
  const below = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", `three@${BELOW_RANGE}`], { cwd: app, encoding: "utf8" });
  assert(/ERESOLVE overriding peer dependency/.test(below.stderr), `three@${BELOW_RANGE} 에 peer 경고가 없다\n${below.stderr.slice(0, 2000)}`);
  const ls = spawnSync("npm", ["ls", "three"], { cwd: app, encoding: "utf8" });
  assert(ls.status !== 0 && /invalid/.test(ls.stdout + ls.stderr), `npm ls 가 three@${BELOW_RANGE} 를 받아들였다\n${ls.stdout}${ls.stderr}`);
  return undefined;
});

console.log(`\ntarball ${packInfo.filename}: ${(packInfo.size / 1000).toFixed(1)} kB, 풀면 ${(packInfo.unpackedSize / 1000).toFixed(1)} kB, ${packInfo.files.length} 파일`);
for (const f of [...packInfo.files].sort((a, b) => a.path.localeCompare(b.path))) console.log(`  ${String(f.size).padStart(6)}  ${f.path}`);
rmSync(work, { recursive: true, force: true });
console.log(`\n패키지 확인 통과 (${((Date.now() - started) / 1000).toFixed(1)} s)`);
