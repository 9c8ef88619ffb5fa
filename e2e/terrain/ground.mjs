// 땅 걷기 확인들이 함께 쓰는 것: 지형 창구 읽기, 단추 누르기, 프레임 간격, 구간에서 발 높이 재기, «발 딛기» 켬/끔의 발 높이 비교.
import { assert, frames } from "../harness.mjs";
import { hook, MEASURE_VIEWPORT } from "../page.mjs";

/**
 * 발 딛기를 켰을 때 디딘 발바닥과 지형의 차의 한계 (m, 키 1.75 m 에 대해): 평균과 최대. 기사는 최대 대신 1 cm 를 넘는 프레임의 비율
 * (라이브러리의 알려진 한계: 기사의 경사에서 접촉 중 뜸, README «확인 방법» 10 — 재면 평균 3 mm, 한두 프레임 7 cm).
 */
const ON_MEAN = 0.004, ON_MAX = 0.012, KNIGHT_OVER_FRACTION = 0.1;
/** 껐을 때 경사·계단에서 적어도 이만큼 어긋나야 한다 (m, 키 1.75 m 에 대해). */
const OFF_MIN = 0.02;
/** 발바닥이 지형에 묻혀도 되는 깊이 (m, 키 1.75 m 에 대해). */
const PENETRATION = 0.003;
/** 재는 프레임 수와, 옮긴 뒤 스프링이 가라앉기를 기다리는 프레임 수 (?test 는 프레임마다 1/60 s). */
const MEASURE_FRAMES = 45, SETTLE_FRAMES = 30;

/** 프레임 간격 (requestAnimationFrame 사이, ms) 30 개의 중앙값. */
export async function frameMedian(page) {
  const deltas = await page.evaluate(() => new Promise((done) => {
    const out = [];
    let last = performance.now();
    const step = (now) => { out.push(now - last); last = now; if (out.length < 31) requestAnimationFrame(step); else done(out.slice(1)); };
    requestAnimationFrame(step);
  }));
  deltas.sort((a, b) => a - b);
  return deltas[Math.floor(deltas.length / 2)];
}

export const terrain = (page) => hook(page, () => window.__twoBoneIKTerrain.state());
const mm = (m) => `${(m * 1000).toFixed(1)} mm`;

export async function press(page, touch, selector) {
  const locator = page.locator(selector);
  await (touch ? locator.tap() : locator.click());
  await frames(page, 2);
}

/** k 프레임을 10 프레임씩 기다린다 (느린 기계에서도 한 번의 기다림이 30 s 를 넘지 않게). */
export async function framesInSteps(page, k) {
  for (let done = 0; done < k; done += 10) await frames(page, Math.min(10, k - done));
}

/** 구간 where 의 가운데로 옮겨 가라앉힌 뒤 MEASURE_FRAMES 동안의 집계. */
async function measureAt(page, where) {
  const state = await terrain(page);
  await hook(page, (d) => window.__twoBoneIKTerrain.seek(d), state.landmarks[where] - 0.45);
  await framesInSteps(page, SETTLE_FRAMES);
  await hook(page, () => window.__twoBoneIKTerrain.resetStats());
  await framesInSteps(page, MEASURE_FRAMES);
  return terrain(page);
}

/** 발 딛기 켬: 경사·계단에서 디딘 발바닥이 지형에 붙어 있고 묻히지 않는다. strict: 최대로 본다 (대역), 아니면 1 cm 넘는 프레임의 비율 (기사). */
async function feetOnGround(page, who, scale, strict) {
  for (const where of ["slope", "stairs"]) {
    const s = await measureAt(page, where);
    console.log(`      ${who} ${where} 발 딛기 켬: 디딘 발 평균 ${mm(s.stats.plantedMean)}, 최대 ${mm(s.stats.plantedMax)} (1 cm 넘음 ${s.stats.plantedOver}/${s.stats.frames}), 묻힘 ${mm(s.stats.penetration)}, 골반 ${mm(s.pelvisDrop)} | ${s.readout}`);
    assert(s.on && s.placement && s.weight === 1, `발 딛기가 켜져 있지 않다 (${JSON.stringify({ on: s.on, placement: s.placement, weight: s.weight })})`);
    assert(s.stats.frames >= MEASURE_FRAMES, `잰 프레임이 ${s.stats.frames}`);
    assert(s.stats.plantedMean <= ON_MEAN * scale, `${where}: 디딘 발바닥이 지형에서 평균 ${mm(s.stats.plantedMean)} 떨어져 있다`);
    if (strict) assert(s.stats.plantedMax <= ON_MAX * scale, `${where}: 디딘 발바닥이 지형에서 최대 ${mm(s.stats.plantedMax)} 떨어져 있다`);
    else assert(s.stats.plantedOver <= KNIGHT_OVER_FRACTION * s.stats.frames, `${where}: 디딘 발바닥이 ${s.stats.plantedOver}/${s.stats.frames} 프레임에서 1 cm 넘게 떨어져 있다`);
    assert(s.stats.penetration <= PENETRATION * scale, `${where}: 발바닥이 ${mm(s.stats.penetration)} 묻혔다`);
  }
}

/** 발 딛기 끔 (이미 끈 뒤): 경사·계단에서 발이 지형에서 어긋나고 골반은 내려가지 않는다 (비교가 뜻이 있다). */
async function feetOffGround(page, who, scale) {
  for (const where of ["slope", "stairs"]) {
    const s = await measureAt(page, where);
    console.log(`      ${who} ${where} 발 딛기 끔: 디딘 발 평균 ${mm(s.stats.plantedMean)}, 최대 ${mm(s.stats.plantedMax)}, 골반 ${mm(s.pelvisDrop)} | ${s.readout}`);
    assert(!s.placement && s.weight === 0, "발 딛기가 꺼지지 않았다");
    assert(s.stats.plantedMax >= OFF_MIN * scale, `${where}: 발 딛기를 껐는데 발이 지형에서 ${mm(s.stats.plantedMax)} 까지밖에 어긋나지 않는다 (비교가 뜻이 없다)`);
    assert(s.pelvisDrop === 0, "발 딛기를 껐는데 골반이 내려가 있다");
  }
}

/** 켬에서 재고, «발 딛기» 를 눌러 끄고 재고 (스크린샷), 다시 켠다. */
async function checkGrounding({ page, touch, shot }, who, scale, strict) {
  await feetOnGround(page, who, scale, strict);
  await press(page, touch, "#foot-switch");
  await framesInSteps(page, 20); // fadeTime 0.25 s
  await feetOffGround(page, who, scale);
  await shot(`${who}-off`);
  await press(page, touch, "#foot-switch");
  await framesInSteps(page, 20);
}

/**
 * 발 높이를 재는 것은 한 화면에서 (MEASURE_VIEWPORT: ?test 의 고정 프레임이라 어느 크기에서나 같은 값). 다른 크기에서는
 * «발 딛기» 단추가 듣는지 (끄면 무게 0, 켜면 1) 만. who: 스크린샷 이름, scale: 키 / 1.75 m, strict: feetOnGround.
 */
export async function checkGroundingOnce(v, who, scale, strict) {
  const { page, touch, viewport } = v;
  if (viewport.name === MEASURE_VIEWPORT) return checkGrounding(v, who, scale, strict);
  for (const want of [false, true]) {
    await press(page, touch, "#foot-switch");
    await framesInSteps(page, 20); // fadeTime 0.25 s
    const s = await terrain(page);
    assert(s.placement === want && s.weight === (want ? 1 : 0), `«발 딛기» 를 눌렀는데 ${JSON.stringify({ placement: s.placement, weight: s.weight })}`);
  }
}
