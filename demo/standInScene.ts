// 대역 화면의 장면: 대역의 팔다리, 무대 (공·상자·바닥), 문, 보조 표시, 스트레스 보기. 매 프레임 (frameLoop.ts) 과
// 테스트 창구 (pageHook.ts) 가 같은 묶음을 받는다.
import { Door } from "./door";
import { HelperViews } from "./helperViews";
import { createStage } from "./stage";
import type { Stage } from "./stage";
import { createStandInRig } from "./standInRig";
import type { StandInRig } from "./standInRig";
import { StressView } from "./stress";
import type { Params } from "./ui";

export interface StandInScene {
  readonly rig: StandInRig;
  readonly stage: Stage;
  readonly door: Door;
  readonly helpers: HelperViews;
  readonly stressView: StressView;
}

/** 장면: 대역의 팔다리, 무대, 문 (문고리 잡기를 켜야 보인다), 보조 표시, 스트레스 보기 (이 차례로 장면에 넣는다). */
export async function createStandInScene(params: Pick<Params, "upperLength" | "lowerLength">): Promise<StandInScene> {
  const rig = await createStandInRig(params);
  const stage = createStage(rig.footGround.x);
  stage.scene.add(rig.character.root);
  const door = new Door(stage.scene);
  door.setVisible(false);
  const helpers = new HelperViews(stage.scene, rig);
  const stressView = new StressView();
  stage.scene.add(stressView);
  return { rig, stage, door, helpers, stressView };
}
