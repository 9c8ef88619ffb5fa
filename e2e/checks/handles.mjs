// 설명 화면의 브라우저 확인 — 공 네 개를 마우스·손가락으로 잡아 끌 수 있다 (그려진 지름, 잡는 자리, 가리킴 강조).
// 확인마다 페이지를 새로 열어 (openStandIn) 앞의 확인이 남긴 상태에 기대지 않는다. node e2e/run.mjs handles 로 이것만.
import { assert, drag, frames, test } from "../harness.mjs";
import { assertOnCanvas, dist, fmt, hook } from "../page.mjs";
import { openStandIn } from "./standIn.mjs";

/** 화면에 그린 공의 최소 지름 (CSS px). */
const MIN_DRAWN_DIAMETER = 24;
/** 손가락이 잡는 자리의 최소 지름 (CSS px). */
const MIN_TOUCH_PICK = 44;
/** 끌 수 있는 공 네 개. */
const HANDLES = ["ball", "pole", "footTarget", "kneePole"];

export const feature = "handles";

/** v: runSuite 의 화면 크기 하나 ({ page, session, touch, viewport, origin, consoleErrors, shot, shotPng }, 그리고 timings). */
export async function run(v) {
  const { page, session, touch, viewport } = v;
  await test(`화면의 공 네 개가 모두 ${touch ? "손가락으로" : "마우스로"} 끌린다, 그려진 지름 ≥ ${MIN_DRAWN_DIAMETER} px, 잡는 자리가 넉넉하다`, async () => {
    await openStandIn(v);
    const cameraBefore = await page.evaluate(() => window.__twoBoneIK.project([0, 0, 0]));
    for (const name of HANDLES) {
      const diameter = await hook(page, (n) => window.__twoBoneIK.drawnDiameter(n), name);
      assert(diameter >= MIN_DRAWN_DIAMETER, `${name} 의 그려진 지름 ${diameter.toFixed(1)} px < ${MIN_DRAWN_DIAMETER}`);
      const before = await hook(page, () => window.__twoBoneIK.positions());
      const center = await hook(page, (n) => window.__twoBoneIK.screen(n), name);
      // 공 가운데가 아니라 잡는 자리의 가장자리 가까이를 누른다: 손가락 44 px (반지름 22 px 안쪽 20 px), 마우스 16 px.
      // 방향은 가장 가까운 다른 공에서 먼 쪽 (잡는 자리가 겹치는 곳은 가까운 공이 가져간다).
      const off = touch ? MIN_TOUCH_PICK / 2 - 2 : 16;
      let nearest = null;
      for (const other of HANDLES) {
        if (other === name) continue;
        const o = await hook(page, (n) => window.__twoBoneIK.screen(n), other);
        if (nearest === null || Math.hypot(o.x - center.x, o.y - center.y) < Math.hypot(nearest.x - center.x, nearest.y - center.y)) nearest = o;
      }
      const away = Math.hypot(center.x - nearest.x, center.y - nearest.y) || 1;
      const from = { x: center.x + (off * (center.x - nearest.x)) / away, y: center.y + (off * (center.y - nearest.y)) / away };
      await assertOnCanvas(page, from, `${name} 옆`);
      const to = { x: from.x + 30, y: from.y - 20 };
      await drag(page, session, touch, from, to, 6);
      const after = await hook(page, () => window.__twoBoneIK.positions());
      const moved = dist(before[name], after[name]);
      console.log(`      ${name}: 지름 ${diameter.toFixed(1)} px, ${off.toFixed(1)} px 떨어진 곳을 잡고 끌어 ${fmt(moved)} m 이동`);
      assert(moved > 0.01, `${name} 을 끌 수 없다 (${fmt(moved)} m): 잡는 자리가 좁거나 미끼 공이다`);
      const state = await hook(page, () => window.__twoBoneIK.state());
      assert(state.dragging === null, "끌기가 끝나지 않았다");
      await hook(page, ({ n, p }) => window.__twoBoneIK.place(n, p), { n: name, p: before[name] });
      await frames(page, 2);
    }
    const cameraAfter = await page.evaluate(() => window.__twoBoneIK.project([0, 0, 0]));
    assert(Math.hypot(cameraAfter.x - cameraBefore.x, cameraAfter.y - cameraBefore.y) < 0.5, "공을 끌었는데 카메라가 돌았다");
    const state = await hook(page, () => window.__twoBoneIK.state());
    assert(state.halo === false, "공을 잡았는데 halo 가 남아 있다");
    if (!touch) {
      // 가리킴 강조: 마우스를 공 위에 올리면 hovered.
      const ball = await hook(page, () => window.__twoBoneIK.screen("ball"));
      await page.mouse.move(ball.x + 5, ball.y + 5);
      await frames(page, 2);
      const hovered = (await hook(page, () => window.__twoBoneIK.state())).hovered;
      assert(hovered === "ball", `공 위의 마우스가 강조되지 않는다 (hovered = ${hovered})`);
      await page.mouse.move(5, viewport.height - 5);
    }
  });
}
