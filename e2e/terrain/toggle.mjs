// 땅 걷기 — «땅 걷기» 를 끄면 기사는 처음 자리에서 IK 화면으로 돌아가고 (극 공이 보인다), 다시 켜면 걷는다.
// 차례 (chain.mjs) 에서 knight 다음: 기사가 걷는 페이지에서. 끝에 지형을 켠 채로 둔다.
import { assert, frames, test } from "../harness.mjs";
import { hook } from "../page.mjs";
import { press, terrain } from "./ground.mjs";

export async function toggle({ page, touch }) {
  await test("«땅 걷기» 를 끄면 기사는 처음 자리에서 IK 화면으로 돌아가고, 다시 켜면 걷는다", async () => {
    await press(page, touch, "#terrain-switch");
    let s = await terrain(page);
    assert(!s.on, "땅 걷기가 꺼지지 않았다");
    const visible = await hook(page, () => window.__twoBoneIKModel.polesVisible);
    assert(visible, "땅 걷기를 끈 뒤 모델의 극 공이 보이지 않는다");
    await press(page, touch, "#terrain-switch");
    await frames(page, 5);
    s = await terrain(page);
    assert(s.on && s.character === "model", "다시 켰는데 기사가 걷지 않는다");
  });
}
