// 브라우저 테스트들 (e2e/run.mjs 와 e2e/checks/: 설명 화면, e2e/models.mjs: 내 모델 열기, grip·limits·gltfClean) 이 함께 쓰는 도구:
// 이름 붙은 확인과 집계, 데모 빌드, 작은 정적 서버, 프레임 기다리기, 마우스·터치 끌기, Chromium 찾기.
import { cpSync, existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const CHROMIUM = "/usr/bin/chromium";
export const REPO = resolve(fileURLToPath(new URL("..", import.meta.url)));

// ---------------------------------------------------------------- 확인과 집계

const results = { passed: 0, failed: 0, failures: [] };

/** 이름 붙은 확인 하나. 실패해도 다음 확인으로 넘어간다. */
export async function test(name, fn) {
  const started = Date.now();
  try {
    await fn();
    results.passed++;
    console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    results.failed++;
    const message = error instanceof Error ? error.message : String(error);
    results.failures.push(`${name}: ${message}`);
    console.log(`  ✗ ${name}\n      ${message.split("\n").join("\n      ")}`);
  }
}

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** 화면 크기 하나를 통째로 돌리다 실패했을 때 (확인 밖의 오류). */
export function recordFailure(what, error) {
  results.failed++;
  results.failures.push(`${what}: ${error instanceof Error ? error.stack : String(error)}`);
  console.log(`  ✗ ${what} 실행 실패: ${error instanceof Error ? error.message : String(error)}`);
}

/** 마지막 줄 "N passed, M failed" 를 찍고 끝낸다 (실패가 있으면 종료 코드 1). */
export function finish(shotDir, extraFailures = 0) {
  if (shotDir !== undefined) console.log(`\n스크린샷: ${shotDir}`);
  if (results.failures.length > 0) console.log(`\n실패:\n  ${results.failures.join("\n  ")}`);
  const failed = results.failed + extraFailures;
  console.log(`\n${results.passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

/** main() 이 던진 예외: 찍고 실패 하나를 더해 끝낸다. */
export function crash(error) {
  console.error(error);
  finish(undefined, 1);
}

/** playwright-core 의 chromium. Debian 의 Chromium 이나 playwright-core 가 없으면 방법을 알리고 실패로 끝낸다. */
export async function loadChromium() {
  if (!existsSync(CHROMIUM)) {
    console.error(`브라우저 테스트에는 Chromium 이 필요합니다: ${CHROMIUM} 이 없습니다.\n` +
      "make test 가 root 로 돌면 apt-get 으로 설치합니다 (scripts/browser-deps.sh). 아니면: sudo apt-get install -y chromium fonts-nanum");
    finish(undefined, 1);
  }
  try {
    return (await import("playwright-core")).chromium;
  } catch {
    console.error("playwright-core 가 없습니다: npm ci 를 먼저 실행하세요.");
    finish(undefined, 1);
  }
}

/**
 * 화면 크기 하나의 Chromium (새 사용자 폴더, 헤드리스, 바깥 연결을 만들지 않는 플래그, 소프트웨어 WebGL2).
 * 돌려주는 값: { context, page, session (터치용 CDP), userDataDir (끝나면 지운다) }.
 */
export async function openViewport(chromium, viewport, prefix) {
  const userDataDir = mkdtempSync(join(tmpdir(), prefix));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      // --disable-gpu 에서도 WebGL2 를 소프트웨어(SwiftShader)로
      "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
    ],
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: viewport.deviceScaleFactor,
    hasTouch: viewport.touch,
    isMobile: viewport.touch,
    locale: "ko-KR",
  });
  // MSAA 끔: 소프트웨어 WebGL 에서 1280×800 의 MSAA 는 프레임을 두 배로 (재면 33 → 67 ms) 만들어 테스트 시간의 대부분이 된다.
  // 사람의 GPU 에서는 거의 공짜이고 확인하는 것 (배치·끌기·잰 값) 은 가장자리 부드럽게 하기와 상관없다.
  // 휴대폰 (devicePixelRatio ≥ 2) 은 페이지가 스스로 끈다 (demo/main.ts). README 의 그림 (docs/screenshot.mjs) 은 켠 채로 찍는다.
  await context.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (type, options) {
      return type === "webgl2" || type === "webgl" ? getContext.call(this, type, { ...options, antialias: false }) : getContext.call(this, type, options);
    };
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const session = await context.newCDPSession(page);
  return { context, page, session, userDataDir };
}

// ---------------------------------------------------------------- 데모 빌드와 정적 서버

const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".glb": "model/gltf-binary",
  ".vrm": "model/gltf-binary",
  ".gltf": "model/gltf+json",
};

/**
 * 데모를 outDir 에 빌드한다. E2E_DEMO_BUILD 가 빌드된 폴더를 가리키면 (e2e/all.mjs 가 한 번 빌드해 넘긴다) 그것을 복사만 한다:
 * 스크립트마다 Vite 빌드를 되풀이하지 않는다 (스크립트가 outDir 에 모델을 더 놓으므로 복사본에).
 */
export async function buildDemo(outDir) {
  const prebuilt = process.env.E2E_DEMO_BUILD;
  if (prebuilt !== undefined && prebuilt !== "") {
    if (!existsSync(join(prebuilt, "index.html"))) throw new Error(`E2E_DEMO_BUILD=${prebuilt} 에 index.html 이 없다`);
    cpSync(prebuilt, outDir, { recursive: true });
    return;
  }
  const { build } = await import("vite");
  await build({
    configFile: join(REPO, "demo", "vite.config.ts"),
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
  });
}

/** outDir 을 127.0.0.1 의 빈 포트에서 내보낸다. */
export function serve(outDir) {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const relative = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, "");
    let file = join(outDir, relative);
    if (!file.startsWith(outDir + sep) && file !== outDir) {
      response.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (!existsSync(file)) {
      response.writeHead(404).end("not found");
      return;
    }
    const body = readFileSync(file);
    response.writeHead(200, {
      "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
      "content-length": body.length,
      "cache-control": "no-store",
    });
    response.end(body);
  });
  return new Promise((resolvePromise) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolvePromise({ server, origin: `http://127.0.0.1:${address.port}` });
    });
  });
}

// ---------------------------------------------------------------- 페이지 도구

/** 다음 프레임 k 개를 기다린다 (정해진 시간이 아니라 그려진 프레임 수로). */
export async function frames(page, k = 2) {
  const now = await page.evaluate(() => window.__twoBoneIK.frame);
  await page.waitForFunction((target) => window.__twoBoneIK.frame >= target, now + k);
}

/**
 * 마우스나 터치로 from → to 를 끈다. 터치는 CDP 로 진짜 터치 이벤트를 보낸다.
 * 놓은 뒤 settle 프레임을 기다린다. onStep 이 있으면 한 걸음마다 다음 프레임을 기다린 뒤 onStep(i) 를 부른다 (끄는 동안 재기).
 */
export async function drag(page, session, touch, from, to, steps = 12, settle = 2, onStep = null) {
  const at = (i) => ({ x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps });
  if (!touch) {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    if (onStep === null) await page.mouse.move(to.x, to.y, { steps });
    else {
      for (let i = 1; i <= steps; i++) {
        const p = at(i);
        await page.mouse.move(p.x, p.y);
        await frames(page, 1);
        await onStep(i);
      }
    }
    await page.mouse.up();
  } else {
    await session.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from.x, y: from.y, id: 1, radiusX: 8, radiusY: 8 }] });
    for (let i = 1; i <= steps; i++) {
      const { x, y } = at(i);
      await session.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y, id: 1, radiusX: 8, radiusY: 8 }] });
      if (onStep !== null) {
        await frames(page, 1);
        await onStep(i);
      }
    }
    await session.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  }
  await frames(page, settle);
}
