// 설명 화면의 브라우저 테스트 (e2e/run.mjs, grip·limits·terrain·models·gltfClean) 가 함께 쓰는 것: 화면 크기, 허용치, 작은 벡터 도구,
// 스크린샷의 픽셀 세기, 캔버스 위인지·패널 펴고 접기·조절 누르기·배치 검사, 기능 파일들을 화면 크기마다 돌리기 (runFeatures).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { assert, buildDemo, finish, frames, loadChromium, openViewport, recordFailure, serve } from "./harness.mjs";

/**
 * 화면 크기 세 가지: PC(마우스), 휴대폰 가로·세로(터치). 휴대폰도 devicePixelRatio 1 로 흉내 낸다: 배치·터치는 CSS px 로
 * 같고, 소프트웨어 WebGL 에서 2 배 비율 (페이지의 상한) 의 캔버스는 픽셀이 4 배라 세로 화면의 프레임이 두 배 넘게 길다
 * (재면 43 → 93 ms). 고밀도 화면 (3 배) 의 그리기는 e2e/checks/highDensity.mjs 가 따로 본다.
 */
export const VIEWPORTS = [
  { name: "desktop-1280x800", width: 1280, height: 800, touch: false, deviceScaleFactor: 1 },
  { name: "phone-landscape-844x390", width: 844, height: 390, touch: true, deviceScaleFactor: 1 },
  { name: "phone-portrait-390x844", width: 390, height: 844, touch: true, deviceScaleFactor: 1 },
];

/**
 * 화면 크기와 상관없는 확인을 돌릴 한 화면: 가장 빨리 그려지는 휴대폰 가로 (터치). ?test 는 프레임마다 1/60 s 를 밟으므로
 * IK·발 딛기의 잰 값은 어느 크기에서나 같다: 배치·누르기·끌기 (크기와 입력에 따라 다른 것) 만 세 크기 모두에서 본다.
 */
export const MEASURE_VIEWPORT = "phone-landscape-844x390";
/** 마우스·키보드로 확인할 화면. */
export const MOUSE_VIEWPORT = "desktop-1280x800";

/** 배경색 (demo/stage.ts 의 BACKGROUND_COLOR 와 같아야 한다). */
export const BACKGROUND = [0x1b, 0x21, 0x30];
/** 손–공 거리의 허용치: 팔 길이(a + b)에 대한 비율 (issue 4). */
export const REACH_TOLERANCE = 1e-4;
/** 뼈 길이·곧음의 허용치: 팔 길이에 대한 비율 (float64 행렬 연산의 반올림만 남는다). */
export const EXACT_TOLERANCE = 1e-7;
/** 누를 자리의 최소 높이 (CSS px): 이보다 작은 누를 것이 없어야 한다 (마우스·손가락 모두, issue 9). */
export const MIN_TOUCH_TARGET = 44;

// ---------------------------------------------------------------- 작은 테스트 도구

export const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const len = (v) => Math.hypot(v[0], v[1], v[2]);
export const dist = (a, b) => len(sub(a, b));
export const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const fmt = (x) => (Math.abs(x) < 1e-3 && x !== 0 ? x.toExponential(2) : x.toFixed(4));

// ---------------------------------------------------------------- PNG 읽기 (스크린샷의 픽셀 세기)

/** 8비트 RGB/RGBA PNG 를 { width, height, channels, data } 로 푼다 (Chromium 스크린샷용, 인터레이스 없음). */
export function decodePng(buffer) {
  let offset = 8;
  let width = 0, height = 0, colorType = 0;
  const idat = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString("ascii", offset + 4, offset + 8);
    const body = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      assert(body[8] === 8 && body[12] === 0, "PNG: 8비트, 인터레이스 없음만 읽는다");
      colorType = body[9];
    } else if (type === "IDAT") idat.push(body);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  const channels = colorType === 6 ? 4 : colorType === 2 ? 3 : 0;
  assert(channels > 0, `PNG: 색 형식 ${colorType} 은 읽지 않는다`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const data = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? data[y * stride + x - channels] : 0;
      const up = y > 0 ? data[(y - 1) * stride + x] : 0;
      const upLeft = y > 0 && x >= channels ? data[(y - 1) * stride + x - channels] : 0;
      let value = row[x];
      if (filter === 1) value += left;
      else if (filter === 2) value += up;
      else if (filter === 3) value += (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left), pb = Math.abs(p - up), pc = Math.abs(p - upLeft);
        value += pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      data[y * stride + x] = value & 0xff;
    }
  }
  return { width, height, channels, data };
}

/** 배경색과 다른 픽셀의 비율 (0 … 1). */
export function nonBackgroundFraction(png) {
  let differing = 0;
  const { data, channels } = png;
  const total = png.width * png.height;
  for (let i = 0; i < total; i++) {
    const o = i * channels;
    if (Math.abs(data[o] - BACKGROUND[0]) + Math.abs(data[o + 1] - BACKGROUND[1]) + Math.abs(data[o + 2] - BACKGROUND[2]) > 24) differing++;
  }
  return differing / total;
}

/** 두 스크린샷에서 다른 픽셀의 비율. region (이미지 픽셀 {left, top, right, bottom}) 을 주면 그 상자 안에서만 센다. */
export function differenceFraction(a, b, region = null) {
  assert(a.width === b.width && a.height === b.height, "스크린샷 크기가 다르다");
  const left = Math.max(0, Math.floor(region?.left ?? 0)), top = Math.max(0, Math.floor(region?.top ?? 0));
  const right = Math.min(a.width, Math.ceil(region?.right ?? a.width)), bottom = Math.min(a.height, Math.ceil(region?.bottom ?? a.height));
  let differing = 0, total = 0;
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const i = y * a.width + x;
      const oa = i * a.channels, ob = i * b.channels;
      total++;
      if (Math.abs(a.data[oa] - b.data[ob]) + Math.abs(a.data[oa + 1] - b.data[ob + 1]) + Math.abs(a.data[oa + 2] - b.data[ob + 2]) > 24) differing++;
    }
  }
  return total > 0 ? differing / total : 0;
}

// ---------------------------------------------------------------- 페이지 도구

export const hook = (page, expression, arg) => page.evaluate(expression, arg);

/** (x, y) 가 화면 안이고 UI 에 가려지지 않은 캔버스 위인지. */
export async function onCanvas(page, point) {
  return page.evaluate(({ x, y }) => {
    if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
    const element = document.elementFromPoint(x, y);
    return element !== null && element.id === "scene";
  }, point);
}

/** origin 에서 direction 쪽으로 가며, 둘레 margin px 까지 모두 가려지지 않은 캔버스인 가장 먼 점. */
export async function farthestOnCanvas(page, origin, direction, margin) {
  return page.evaluate(({ origin, direction, margin }) => {
    const free = (x, y) => {
      for (const [ox, oy] of [[0, 0], [margin, 0], [-margin, 0], [0, margin], [0, -margin]]) {
        const px = x + ox, py = y + oy;
        if (px < 0 || py < 0 || px >= window.innerWidth || py >= window.innerHeight) return false;
        if (document.elementFromPoint(px, py)?.id !== "scene") return false;
      }
      return true;
    };
    const length = Math.hypot(direction.x, direction.y);
    const ux = direction.x / length, uy = direction.y / length;
    let best = { x: origin.x, y: origin.y };
    for (let t = 0; t < 4000; t += 4) {
      const x = origin.x + ux * t, y = origin.y + uy * t;
      if (!free(x, y)) break;
      best = { x, y };
    }
    return best;
  }, { origin, direction, margin });
}

export async function assertOnCanvas(page, point, what) {
  assert(await onCanvas(page, point), `${what} (${point.x.toFixed(0)}, ${point.y.toFixed(0)}) 가 화면 밖이거나 UI 에 가려져 있다`);
}

/** 조절 패널(lil-gui)의 한 항목을 사람처럼 누른다 (터치 기기면 tap). 패널이 닫혀 있으면 먼저 연다. */
export async function pressControl(page, touch, param) {
  const closed = await page.evaluate(() => document.querySelector("#controls .lil-gui.root").classList.contains("closed"));
  const title = page.locator("#controls .lil-gui.root > .title");
  if (closed) {
    await (touch ? title.tap() : title.click());
    await guiSettled(page);
  }
  const input = page.locator(`#controls [data-param="${param}"] input`);
  await input.scrollIntoViewIfNeeded();
  await (touch ? input.tap() : input.click());
  await frames(page, 2);
}

/** 설명 패널과 조절 패널을 닫거나 연다 (상태가 다를 때만 누른다). open: 둘 다 같은 값, 또는 { info, gui }. */
export async function setPanels(page, touch, open) {
  const want = typeof open === "boolean" ? { info: open, gui: open } : open;
  const state = () => page.evaluate(() => ({
    info: !document.getElementById("info").classList.contains("collapsed"),
    gui: !document.querySelector("#controls .lil-gui.root").classList.contains("closed"),
  }));
  const press = (locator) => (touch ? locator.tap() : locator.click());
  // 닫는 것을 먼저 (휴대폰은 하나를 펴면 다른 하나가 접힌다).
  let now = await state();
  if (now.info && !want.info) await press(page.locator("#info-toggle"));
  now = await state();
  if (now.gui && !want.gui) await press(page.locator("#controls .lil-gui.root > .title"));
  now = await state();
  if (!now.info && want.info) await press(page.locator("#info-toggle"));
  now = await state();
  if (!now.gui && want.gui) await press(page.locator("#controls .lil-gui.root > .title"));
  await guiSettled(page);
  return state();
}

/**
 * lil-gui 의 접기·펴기 애니메이션이 끝날 때까지 (높이가 멈출 때까지) 기다린다. lil-gui 는 누른 뒤 다음 프레임에야 transition
 * 클래스를 붙이므로 (openAnimated 의 requestAnimationFrame) 먼저 두 프레임을 보내고, 그다음 클래스와 돌고 있는 애니메이션이
 * 없어질 때까지. 움직이는 동안의 줄은 소수 px 자리에 있어 높이가 44 px 보다 조금 작게 (43.99997) 재진다: 바쁜 기계에서
 * 누른 바로 뒤의 checkLayout 이 그렇게 실패했다.
 */
async function guiSettled(page) {
  await frames(page, 2);
  await page.waitForFunction(() => {
    const root = document.querySelector("#controls .lil-gui.root");
    return !root.classList.contains("transition") && root.getAnimations({ subtree: true }).every((a) => a.playState !== "running");
  });
  await frames(page, 3);
}

/** 접힌 설명의 요약 줄(상태·손–공·θ)이 잘리지 않고 다 보인다. */
export async function assertSummaryFits(page) {
  const summary = await page.evaluate(() => ["s-reach", "s-gap", "s-theta"].map((id) => {
    const element = document.getElementById(id);
    const r = element.getBoundingClientRect();
    // 요약 줄(.summary)은 넘치면 잘린다 (overflow: hidden): 값이 그 상자 안에 다 들어와야 보인다.
    const inside = r.width > 0 && r.right <= element.closest(".summary").getBoundingClientRect().right + 0.5;
    return { id, text: element.textContent, inside };
  }));
  for (const item of summary) assert(item.inside && item.text !== "–", `설명 머리 줄의 ${item.id} 가 다 보이지 않는다 ("${item.text}")`);
  return summary;
}

/** 팔(어깨·팔꿈치·손)과 공·극 (또는 names 의 점들) 의 화면 위치가 모두 UI 에 가려지지 않은 캔버스 위인지. 가려진 것의 목록. */
export async function coveredArmPoints(page, names = ["shoulder", "elbow", "hand", "ball", "pole"]) {
  const covered = [];
  for (const name of names) {
    const point = await hook(page, (n) => window.__twoBoneIK.screen(n), name);
    if (!(await onCanvas(page, point))) {
      const what = await page.evaluate(({ x, y }) => {
        const e = document.elementFromPoint(x, y);
        return e === null ? "화면 밖" : `${e.tagName.toLowerCase()}#${e.id}.${[...e.classList].join(".")}`;
      }, point);
      covered.push(`${name} (${point.x.toFixed(0)}, ${point.y.toFixed(0)}) ← ${what}`);
    }
  }
  return covered;
}

/** UI 상자들: 화면 안에 있는지, 서로 겹치지 않는지, 글자가 잘리지 않는지, 누를 것이 손가락 크기인지. */
export async function checkLayout(page, touch) {
  const report = await page.evaluate(({ minTarget, touch }) => {
    const problems = [];
    const w = window.innerWidth, h = window.innerHeight;
    const box = (element) => element.getBoundingClientRect();
    const panels = [
      ["설명 패널", document.getElementById("info")],
      // 조절 패널은 #controls 안에서 스크롤된다: 보이는 상자는 #controls.
      ["조절 패널", document.querySelector("#controls .lil-gui.root")],
    ];
    for (const [name, element] of panels) {
      const r = box(element);
      if (r.left < 0 || r.top < 0 || r.right > w + 0.5 || r.bottom > h + 0.5) {
        problems.push(`${name} 이 화면 밖으로 나간다: (${r.left.toFixed(0)}, ${r.top.toFixed(0)}) – (${r.right.toFixed(0)}, ${r.bottom.toFixed(0)}), 화면 ${w}×${h}`);
      }
    }
    const a = box(panels[0][1]), b = box(panels[1][1]);
    if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
      problems.push(`설명 패널과 조절 패널이 겹친다: [${a.left.toFixed(0)},${a.top.toFixed(0)},${a.right.toFixed(0)},${a.bottom.toFixed(0)}] [${b.left.toFixed(0)},${b.top.toFixed(0)},${b.right.toFixed(0)},${b.bottom.toFixed(0)}]`);
    }
    // 캔버스 위 도구 줄은 패널과 겹치지 않는다 (휴대폰 세로에서 조절을 펴면 그 아래로 가려지는 것은 빼고).
    const guiOpen = !document.querySelector("#controls .lil-gui.root").classList.contains("closed");
    const tools = box(document.getElementById("tools"));
    // 좁은 화면에서 편 조절은 도구 줄을 덮는다: 그때 도구 줄은 숨어 있어야 한다 (반투명한 패널 너머로 비치지 않게).
    if (guiOpen && w <= 600 && getComputedStyle(document.getElementById("tools")).visibility !== "hidden") problems.push("조절을 폈는데 그 아래 도구 줄이 비쳐 보인다");
    for (const [name, element] of panels) {
      if (name === "조절 패널" && guiOpen && w <= 600) continue;
      const r = box(element);
      if (tools.left < r.right && r.left < tools.right && tools.top < r.bottom && r.top < tools.bottom) problems.push(`도구 줄이 ${name} 과 겹친다`);
    }
    // 보이는 글자가 가로로 잘리지 않는가 (줄임표로 숨은 이름 포함).
    for (const element of document.querySelectorAll("#info .panel-toggle, #info dt, #info dd, #controls .name, #controls .title, #info summary")) {
      const r = box(element);
      if (r.width === 0 || r.height === 0) continue;
      if (element.scrollWidth > element.clientWidth + 1) problems.push(`글자가 잘린다: "${element.textContent.trim()}" (${element.scrollWidth} > ${element.clientWidth})`);
    }
    // 누를 것의 크기 (마우스 화면도: issue 9 는 모든 컨트롤에 44 px 을 요구한다).
    for (const element of document.querySelectorAll("#info-toggle, #controls .title, #info summary, #controls .controller, #tools button, #info button")) {
      const r = box(element);
      if (r.width === 0 || r.height === 0) continue;
      if (r.height < minTarget) problems.push(`누를 것이 작다 (${r.height.toFixed(0)} px < ${minTarget}): "${element.textContent.trim().slice(0, 20)}"`);
    }
    // 첫 줄 안내: 늘 보이고 (화면 안, 패널과 겹치지 않음), 한 줄이고, 잘리지 않는다.
    const hint = document.getElementById("hint");
    const hintBox = box(hint);
    if (hintBox.width === 0 || hintBox.top < 0 || hintBox.bottom > window.innerHeight) problems.push("첫 줄 안내가 보이지 않는다");
    for (const [name, element] of panels) {
      const r = box(element);
      if (hintBox.left < r.right && r.left < hintBox.right && hintBox.top < r.bottom && r.top < hintBox.bottom) problems.push(`첫 줄 안내가 ${name} 과 겹친다`);
    }
    if (hint.scrollWidth > hint.clientWidth + 1) problems.push(`첫 줄 안내가 잘린다 (${hint.scrollWidth} > ${hint.clientWidth})`);
    for (const span of hint.querySelectorAll("span")) {
      if (span.getClientRects().length > 1) problems.push("첫 줄 안내가 두 줄이다");
    }
    return problems;
  }, { minTarget: MIN_TOUCH_TARGET, touch });
  assert(report.length === 0, report.join("\n"));
}

/** 캔버스 중 UI 가 가리지 않는 비율. */
export async function uncoveredFraction(page) {
  return page.evaluate(() => {
    let free = 0, total = 0;
    for (let y = 4; y < window.innerHeight; y += 16) {
      for (let x = 4; x < window.innerWidth; x += 16) {
        total++;
        if (document.elementFromPoint(x, y)?.id === "scene") free++;
      }
    }
    return free / total;
  });
}

// ---------------------------------------------------------------- 기능 하나의 브라우저 테스트 (파일 하나)

/** ?test 로 열고 (자동 움직임 끔, 카메라 고정) 첫 프레임이 나갈 때까지. */
export async function openTestPage(page, origin) {
  await page.goto(`${origin}/index.html?test`);
  await page.waitForFunction(() => window.__twoBoneIK?.ready === true, undefined, { timeout: 60000 });
}

/**
 * 페이지의 콘솔 오류·바깥 요청을 모으고 (consoleErrors), 스크린샷을 찍어 경로를 출력하는 shot(label).
 * shot(label) 은 PNG 를 풀지 않는다 (돌려주는 값 없음): 픽셀을 세는 확인만 shotPng(label) 로 풀어 둔 PNG 를 받는다.
 * 스크린샷은 CSS px 크기로 (scale: "css"): 휴대폰 (devicePixelRatio 3) 의 기기 픽셀 그대로면 픽셀이 9 배라 찍고 압축하는 데
 * 두 배 넘게 걸리는데, 배치·겹침을 보는 데에는 CSS px 이면 된다.
 */
export function watchPage(page, origin, shotDir, viewport) {
  const consoleErrors = [];
  page.on("console", (message) => { if (message.type() === "error") consoleErrors.push(message.text()); });
  page.on("pageerror", (error) => consoleErrors.push(`pageerror: ${error.message}`));
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:")) consoleErrors.push(`바깥 요청: ${url}`);
  });
  const capture = async (label, scale = "css") => {
    const path = join(shotDir, `${viewport.name}-${label}.png`);
    const buffer = await page.screenshot({ path, scale });
    console.log(`      스크린샷: ${path}`);
    return buffer;
  };
  // scale "device": 기기 픽셀 그대로 (고밀도 화면의 그리기를 볼 때).
  const shot = async (label, scale = "css") => { await capture(label, scale); };
  const shotPng = async (label) => decodePng(await capture(label));
  return { consoleErrors, shot, shotPng };
}

/** 파일을 페이지에 끌어다 놓는다: 페이지 안에서 File 을 만들어 drop 이벤트로 (사람이 놓는 것과 같은 DataTransfer). */
export async function dropFile(page, name, bytes) {
  await page.evaluate(({ name, base64 }) => {
    const binary = atob(base64);
    const data = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
    const transfer = new DataTransfer();
    transfer.items.add(new File([data], name));
    const target = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2) ?? document.body;
    for (const type of ["dragenter", "dragover", "drop"]) {
      target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
    }
  }, { name, base64: Buffer.from(bytes).toString("base64") });
}

/**
 * 데모를 임시 폴더에 빌드해 띄우고, 세 화면 크기마다 새 Chromium 에서 runViewport(v) 를 돌린 뒤 "N passed, M failed" 로 끝낸다.
 * v: { page, session, touch, viewport, origin, consoleErrors (콘솔 오류·바깥 요청), shot(label) (찍기만), shotPng(label) → 풀어 둔 PNG }.
 * beforeFinish(shotDir): 마지막 줄을 찍기 전에 (예: 잰 값을 스크린샷 폴더에 쓴다).
 * viewports: 돌릴 화면 크기의 이름들 (없으면 세 크기 모두; 화면 크기와 상관없는 확인은 [MEASURE_VIEWPORT]).
 * prepare(outDir): 빌드한 뒤 띄우기 전에 (예: 리그를 models/ 에 복사한다).
 */
export async function runSuite(prefix, runViewport, { beforeFinish, viewports, prepare } = {}) {
  const chromium = await loadChromium();
  const outDir = mkdtempSync(join(tmpdir(), `${prefix}-build-`));
  const shotDir = mkdtempSync(join(tmpdir(), `${prefix}-screenshots-`));
  await buildDemo(outDir);
  prepare?.(outDir);
  const { server, origin } = await serve(outDir);
  try {
    for (const viewport of VIEWPORTS.filter((v) => viewports === undefined || viewports.includes(v.name))) {
      console.log(`\n${viewport.name} (${viewport.touch ? "터치" : "마우스"})`);
      const { context, page, session, userDataDir } = await openViewport(chromium, viewport, `${prefix}-chromium-`);
      const { consoleErrors, shot, shotPng } = watchPage(page, origin, shotDir, viewport);
      try {
        await runViewport({ page, session, touch: viewport.touch, viewport, origin, consoleErrors, shot, shotPng });
      } catch (error) {
        recordFailure(viewport.name, error);
      } finally {
        await context.close();
        rmSync(userDataDir, { recursive: true, force: true });
      }
    }
  } finally {
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
  beforeFinish?.(shotDir);
  finish(shotDir);
}

/**
 * 명령줄의 이름들로 기능과 화면 크기를 고른다: 기능 이름 (파일 이름) 이면 그 기능만, 화면 크기 이름의 일부 (예: phone) 면 그 크기만.
 * 모르는 이름이면 있는 것을 알리고 종료 코드 2.
 */
function pickFromArgs(args, features) {
  const names = features.map((f) => f.feature);
  const isSize = (arg) => VIEWPORTS.some((s) => s.name.includes(arg));
  const unknown = args.filter((arg) => !names.includes(arg) && !isSize(arg));
  if (unknown.length > 0) {
    console.error(`모르는 기능: ${unknown.join(", ")} (있는 것: ${names.join(", ")}; 화면 크기: ${VIEWPORTS.map((s) => s.name).join(", ")})`);
    process.exit(2);
  }
  const wantedFeatures = args.filter((arg) => names.includes(arg));
  const wantedSizes = args.filter((arg) => !names.includes(arg));
  const picked = wantedFeatures.length === 0 ? features : features.filter((f) => wantedFeatures.includes(f.feature));
  // 고른 기능이 하나도 돌지 않는 화면 크기는 Chromium 을 띄우지 않는다.
  const runsAt = (name) => picked.some((f) => f.viewports === undefined || f.viewports.includes(name));
  const viewports = VIEWPORTS.map((s) => s.name)
    .filter((name) => wantedSizes.length === 0 || wantedSizes.some((arg) => name.includes(arg)))
    .filter(runsAt);
  return { features: picked, viewports };
}

/**
 * 기능 파일들 (feature, 있으면 viewports, run(v): e2e/checks/ 와 같은 꼴) 을 화면 크기마다 적힌 차례로 runSuite 에서 돌린다.
 * 기능이 viewports 를 밝히면 그 화면에서만. 기능 하나가 확인 밖에서 던지면 그 기능만 실패로 적고 다음 기능으로.
 * args: 명령줄 (pickFromArgs). context: v 에 더할 값. 나머지는 runSuite 의 선택 (beforeFinish, prepare).
 */
export function runFeatures(prefix, features, { args = process.argv.slice(2), context = {}, ...options } = {}) {
  const picked = pickFromArgs(args, features);
  return runSuite(prefix, async (v) => {
    for (const f of picked.features) {
      // 기능이 viewports 를 밝히면 그 화면에서만 (화면 크기와 상관없는 확인은 한 번: MEASURE_VIEWPORT).
      if (f.viewports !== undefined && !f.viewports.includes(v.viewport.name)) continue;
      try {
        await f.run({ ...v, ...context });
      } catch (error) {
        // 확인 밖의 오류 (예: 페이지가 닫힘): 이 기능만 실패로 적고 다음 기능으로.
        recordFailure(`${v.viewport.name} ${f.feature}`, error);
      }
    }
  }, { ...options, viewports: picked.viewports });
}
