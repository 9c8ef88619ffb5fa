// 내 모델 열기 — 공의 모양과 자리: 대역의 공·고리·선·숫자는 숨고, 모델의 목표·극 공은 대역과 같은 모양 (≥ 24 px, 고리) 으로 빈 자리 안에.
// 리그마다 페이지를 새로 연다. node e2e/models.mjs handles 로 이것만.
import { assert, frames, test } from "../harness.mjs";
import { openModelPage, waitAttempt } from "./model.mjs";

/** 모델이 있으면 숨어야 하는 대역의 공 모양. */
const STAND_IN_VISUALS = ["ballRing", "poleRing", "footTargetRing", "kneePoleRing", "ballHalo", "ballShadow", "poleShadow"];

export const feature = "handles";

/** 페이지에서 읽는 것: 보이는 것의 이름, 그려진 지름, 알림 줄이 가리는 것, 대역의 숫자·그래프·안내, 키보드 단추, 빈 자리와 공의 화면 위치. */
function readHandleLook(page) {
  return page.evaluate(() => {
    const h = window.__twoBoneIKModel;
    const box = (el) => el.getBoundingClientRect();
    const overlaps = (a, b) => a.width > 0 && b.width > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const line = box(document.getElementById("model-status"));
    return {
      names: h.visibleNames(),
      diameters: h.drawnDiameters(),
      limbs: h.limbs,
      messageVisible: h.messageVisible,
      lineCovers: ["tools", "info", "controls"].filter((id) => overlaps(line, box(document.getElementById(id)))),
      readoutsShown: getComputedStyle(document.querySelector("#info .readout-row")).display !== "none",
      plotShown: getComputedStyle(document.querySelector("#info .pitfalls")).display !== "none",
      noteShown: getComputedStyle(document.getElementById("model-note")).display !== "none",
      standInKeys: [...document.querySelectorAll(".handle-key")].filter((b) => !b.hidden && !b.dataset.handle.startsWith("model")).length,
      modelKeys: [...document.querySelectorAll(".handle-key")].filter((b) => !b.hidden && b.dataset.handle.startsWith("model")).length,
      free: window.__twoBoneIK.state().freeRect,
      points: Object.values(h.positions()).flatMap((p) => [h.project(p.target), h.project(p.pole)]),
    };
  });
}

export async function run(v) {
  const { page } = v;
  for (const file of ["mixamo.glb", "toy_30cm.glb"]) await test(`${file}: 대역의 공·고리·선·숫자는 숨고, 목표·극 공은 대역과 같은 모양 (≥ 24 px, 고리) 으로 빈 자리 안에`, async () => {
    await openModelPage(v, `&model=models/${file}`);
    await waitAttempt(page, 0);
    await frames(page, 3);
    const s = await readHandleLook(page);
    assert(!s.names.some((n) => STAND_IN_VISUALS.includes(n)), `대역의 공 모양이 보인다: ${s.names}`);
    assert(s.names.filter((n) => n === "dropLines").length === 1, `내린 선 묶음이 하나여야 한다: ${s.names}`);
    for (const limb of s.limbs) {
      for (const name of [`model:${limb}`, `modelPole:${limb}`]) {
        assert(s.diameters[name] >= 24, `${name} 의 그려진 지름 ${s.diameters[name]} px < 24`);
        assert(s.names.includes(`${name}Ring`), `${name} 의 고리가 없다`);
      }
    }
    assert(s.messageVisible, "찾은 팔다리 알림이 보여야 한다");
    assert(s.lineCovers.length === 0, `알림이 ${s.lineCovers} 를 가린다`);
    assert(!s.readoutsShown && !s.plotShown && s.noteShown, `대역의 숫자·그래프가 보이거나 안내가 없다 ${JSON.stringify(s)}`);
    assert(s.standInKeys === 0 && s.modelKeys === 8, `키보드 단추: 대역 ${s.standInKeys}, 모델 ${s.modelKeys}`);
    for (const p of s.points) {
      assert(!p.behind && p.x >= s.free.left - 1 && p.x <= s.free.right + 1 && p.y >= s.free.top - 1 && p.y <= s.free.bottom + 1,
        `공이 빈 자리 밖: (${p.x.toFixed(0)}, ${p.y.toFixed(0)}) 빈 자리 ${JSON.stringify(s.free)}`);
    }
  });
}
