// README 의 그림 docs/screenshot.jpg 를 다시 찍는다: 설명 화면을 Vite 개발 서버로 띄우고 (?test: 자동 움직임 끔, 카메라 고정),
// Debian chromium 을 playwright-core 로 1100×700 에서 (e2e/run.mjs 와 같은 headless 옵션). JPEG 85 로 150 kB 아래.
//   node docs/screenshot.mjs          (make screenshot)
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { createServer } from "vite";

const REPO = fileURLToPath(new URL("..", import.meta.url));
const OUT = join(REPO, "docs/screenshot.jpg");

const server = await createServer({ configFile: join(REPO, "demo/vite.config.ts"), server: { port: 0 }, logLevel: "error" });
await server.listen();
const address = server.httpServer.address();
const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "two-bone-ik-shot-")), {
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"],
  viewport: { width: 1100, height: 700 },
  deviceScaleFactor: 1,
  locale: "ko-KR",
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`http://localhost:${address.port}/?test`);
  // 페이지가 준비되었다고 알리고 (테스트 훅) 몇 프레임 그린 뒤에 찍는다.
  await page.waitForFunction(() => window.__twoBoneIK?.ready === true, undefined, { timeout: 60_000 });
  const frame = await page.evaluate(() => window.__twoBoneIK.frame);
  await page.waitForFunction((target) => window.__twoBoneIK.frame >= target, frame + 10);
  await page.screenshot({ path: OUT, type: "jpeg", quality: 85 });
} finally {
  await context.close();
  await server.close();
}
console.log(`${OUT}: ${(statSync(OUT).size / 1024).toFixed(0)} kB`);
