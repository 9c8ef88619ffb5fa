// 지형을 보는 동안 장면의 다른 것 (대역과 그 소품: 공·상자·문·보조 표시, 모델의 공) 을 숨기고, 끌 때 되돌린다.
import type { Object3D, Scene } from "three";
import type { UserModelView } from "./userModel";

export class SceneHiding {
  private hidden = new Map<Object3D, boolean>();
  /** 지형을 켤 때 장면에 있던 것 (그 뒤 모델이 올라왔으면 이것들은 userModel.ts 가 숨긴 채로 둔다). */
  private atStart = new Set<Object3D>();
  private modelAtStart = false;

  /** mine: 지형 걷기의 것 (지형, 광선, 걷는 대역): 숨기지 않는다. 빛과 바닥, 지금 모델도. */
  constructor(
    private readonly scene: Scene,
    private readonly userModel: Pick<UserModelView, "active" | "model">,
    private readonly mine: readonly Object3D[],
  ) {}

  /** 지형을 켤 때: 모델이 있었는가와 그때 장면에 있던 것을 적는다. */
  begin(): void {
    this.modelAtStart = this.userModel.active;
    this.atStart = new Set(this.scene.children);
  }

  hideOthers(): void {
    const model = this.userModel.model;
    for (const object of this.scene.children) {
      const light = (object as Object3D & { isLight?: boolean }).isLight === true;
      const floor = object.name === "ground" || object.type === "GridHelper";
      if (light || floor || this.mine.includes(object) || (model !== null && object === model.root)) continue;
      if (!this.hidden.has(object)) this.hidden.set(object, object.visible);
      object.visible = false;
    }
  }

  restoreOthers(): void {
    const modelArrived = this.userModel.active && !this.modelAtStart;
    for (const [object, visible] of this.hidden) {
      if (object.parent !== this.scene) continue;
      // 지형을 보는 동안 모델이 올라왔으면 대역과 그 소품은 숨은 채로 (userModel.ts 가 숨긴 것), 모델의 것은 보인다.
      object.visible = modelArrived && this.atStart.has(object) ? false : visible;
    }
    this.hidden = new Map();
    this.atStart = new Set();
  }
}
