// 사용자의 모델로 바꾸기: «모델 열기» 단추, 페이지 어디에나 끌어다 놓기, ?model=<url>.
// 읽기와 검사는 modelLoader.ts 가 장면 밖에서 끝낸다. 여기서는 통과한 모델만 대역과 바꾸는 차례를 적는다 —
// 팔다리의 IK 와 공 (modelLimbs.ts), 카메라 맞추기 (modelCamera.ts), 단추·알림·끌어다 놓기 (modelOpenUi.ts),
// 테스트 창구 (modelTestHook.ts). 첫 애니메이션 클립 위에 IK 를 덧씌운다.
import "./userModel.css";
import { AnimationMixer, Box3, Vector3 } from "three";
import type { Material, Mesh, Object3D, PerspectiveCamera, Scene, SkinnedMesh, Texture } from "three";
import type { OrbitControls } from "three/addons/controls/OrbitControls.js";
import { limbLabel } from "../src/index";
import { HandleVisuals } from "./handles";
import { HandleKeys } from "./keyboard";
import { fitModelView } from "./modelCamera";
import type { ModelView } from "./modelCamera";
import { ModelDragger } from "./modelDrag";
import { createModelLimbs, disposeModelLimbs, updateModelLimbs } from "./modelLimbs";
import type { ModelLimb } from "./modelLimbs";
import { loadModelFile, loadModelUrl, ModelLoadError } from "./modelLoader";
import type { LoadedModel, ModelErrorKind } from "./modelLoader";
import { ModelOpenUi } from "./modelOpenUi";
import { installModelTestHook } from "./modelTestHook";
import type { Params } from "./ui";

export type { ModelView } from "./modelCamera";
export type { UserModelTestHook } from "./modelTestHook";

/** 다 읽은 뒤의 알림(찾은 팔다리)을 보여 주는 시간 (ms): 그다음은 첫 줄 안내가 다시 보인다. */
const LOADED_MESSAGE_MS = 6000;
const ERROR_MESSAGE_MS = 12000;

export interface UserModelDeps {
  readonly scene: Scene;
  readonly camera: PerspectiveCamera;
  readonly controls: OrbitControls;
  readonly canvas: HTMLCanvasElement;
  /** 패널 값: IK 켬/끔 (ik), weight, soft, 보조 표시 (helpers) 를 읽는다. */
  readonly params: Pick<Params, "ik" | "weight" | "soft" | "helpers">;
  /** 모델이 올라오면 숨길 대역의 것들 (캐릭터, 공, 상자). */
  readonly standIn: readonly Object3D[];
  /** «모델 열기» 단추가 들어갈 도구 줄 (#tools). */
  readonly toolbar: HTMLElement;
  /** 키보드로 공을 고르는 단추들의 자리 (#handle-keys). */
  readonly keysContainer: HTMLElement;
  /** 카메라를 모델에 맞춰 달라고 (빈 자리에 맞추는 일은 cameraFit.ts 의 몫). */
  readonly fitView: (view: ModelView) => void;
  /** 모델이 처음 대역을 대신할 때 한 번 (대역의 키보드 단추·실험을 멈추게). */
  readonly onActivate: () => void;
}

interface ActiveModel {
  readonly loaded: LoadedModel;
  readonly root: Object3D;
  readonly mixer: AnimationMixer;
  readonly limbs: readonly ModelLimb[];
  readonly height: number;
  readonly visuals: HandleVisuals;
  readonly keys: HandleKeys;
}

/** 모델이 가진 GPU 자원을 놓아준다. */
function disposeModel(root: Object3D): void {
  root.traverse((object) => {
    const mesh = object as Mesh & Partial<SkinnedMesh>;
    if (mesh.isMesh !== true) return;
    mesh.geometry.dispose();
    const materials = Array.isArray(mesh.material) ? mesh.material : [mesh.material];
    for (const material of materials as Material[]) {
      for (const value of Object.values(material)) if ((value as Texture | null)?.isTexture) (value as Texture).dispose();
      material.dispose();
    }
    mesh.skeleton?.dispose();
  });
}

export interface UserModelView {
  /** 사용자 모델이 대역을 대신하고 있는가. */
  readonly active: boolean;
  /** 매 프레임: 클립을 dt 초 진행하고 그 위에 IK. */
  update(dt: number): void;
  /** 지형 걷기 (terrainWalk.ts): 지금 모델과 그 믹서 (없으면 null). */
  readonly model: { readonly loaded: LoadedModel; readonly root: Object3D; readonly mixer: AnimationMixer } | null;
  /** 지형 걷기가 모델을 맡는 동안 true: 클립만 진행하고 팔다리 IK 는 쉰다 (발은 FootPlacement 가 맡는다). */
  clipOnly: boolean;
  /** 이 페이지와 같은 출처의 모델 파일을 연다 («기사 모델 불러오기»). */
  open(url: string): Promise<void>;
}

export function installUserModel(deps: UserModelDeps): UserModelView {
  return new UserModel(deps);
}

/** 대역 ↔ 사용자 모델 바꾸기의 차례: 읽기 (run) → 바꾸기 (activate, 옛것은 deactivate) → 매 프레임 (update). */
class UserModel implements UserModelView {
  private current: ActiveModel | null = null;
  clipOnly = false;
  private errorKind: ModelErrorKind | null = null;
  private attempts = 0;
  private busy = false;
  private readonly dragger: ModelDragger;
  /** 화면 요소: 단추는 캔버스 위 도구 줄에, 알림은 할 말이 있을 때만 첫 줄 안내 자리에 잠깐. */
  private readonly openUi: ModelOpenUi;
  /** 이 모듈이 장면에 넣은 것 (모델, 공, 도우미): hideStandIn 이 숨기지 않는다. */
  private readonly ownObjects = new Set<Object3D>();

  constructor(private readonly deps: UserModelDeps) {
    this.dragger = new ModelDragger(deps.camera, deps.canvas);
    this.openUi = new ModelOpenUi(deps.toolbar, (file) => { void this.run(() => loadModelFile(file, this.openUi.onProgress)); });
    this.openRequested();
    installModelTestHook({
      scene: deps.scene, camera: deps.camera, canvas: deps.canvas, standIn: deps.standIn, openUi: this.openUi, dragger: this.dragger,
      current: () => {
        const model = this.current;
        return model === null ? null : { name: model.loaded.name, limbs: model.limbs, height: model.height, visuals: model.visuals };
      },
      attempts: () => this.attempts,
      errorKind: () => this.errorKind,
    });
  }

  get active(): boolean {
    return this.current !== null;
  }

  get model(): ActiveModel | null {
    return this.current;
  }

  open(url: string): Promise<void> {
    return this.run(() => loadModelUrl(url, this.openUi.onProgress));
  }

  update(dt: number): void {
    const { current, dragger } = this;
    if (current === null) return;
    updateModelLimbs(current.limbs, current.mixer, dt, this.deps.params, this.clipOnly);
    const { visuals, keys } = current;
    visuals.dragged = dragger.dragging?.name ?? null;
    visuals.hovered = dragger.hovered?.name ?? null;
    visuals.focused = keys.focused;
    const camera = this.deps.camera;
    visuals.update(camera, (camera.projectionMatrix.elements[5]! * window.innerHeight) / 2, 0);
    keys.update();
  }

  /** ?model=<url>: 페이지와 같은 출처의 파일만 (인터넷에서 아무것도 받지 않는다). */
  private openRequested(): void {
    const requested = new URLSearchParams(window.location.search).get("model");
    if (requested === null) return;
    const url = new URL(requested, window.location.href);
    if (url.origin !== window.location.origin) {
      this.errorKind = "network";
      this.attempts++;
      this.openUi.setStatus("error", `열지 못했습니다: ?model 은 이 페이지의 폴더에 있는 파일만 엽니다 (받은 값: ${requested}). 대역 캐릭터를 그대로 둡니다.`);
    } else {
      void this.run(() => loadModelUrl(url.href, this.openUi.onProgress));
    }
  }

  /** 읽기 (한 번에 하나). 실패하면 지금 화면 (대역이나 앞의 모델) 을 그대로 두고 알린다. */
  private async run(load: () => Promise<LoadedModel>): Promise<void> {
    if (this.busy) return;
    const openUi = this.openUi;
    this.busy = true;
    openUi.setBusy(true);
    const previousStatus = openUi.message;
    openUi.setStatus("loading", "여는 중…");
    try {
      const loaded = await load();
      this.activate(loaded);
      this.errorKind = null;
    } catch (error) {
      this.errorKind = error instanceof ModelLoadError ? error.kind : "corrupt";
      const message = error instanceof ModelLoadError ? error.message : `모델을 열지 못했습니다 (${String(error)}).`;
      const keep = this.current !== null ? `지금 모델(${this.current.loaded.name})을 그대로 둡니다.` : "대역 캐릭터를 그대로 둡니다.";
      openUi.setStatus("error", `열지 못했습니다: ${message} ${keep}`, ERROR_MESSAGE_MS);
      console.warn("모델 열기 실패:", error, "이전 상태:", previousStatus);
    } finally {
      openUi.setBusy(false);
      this.busy = false;
      this.attempts++;
    }
  }

  /**
   * 대역과 그 무대 소품을 숨긴다: deps.standIn 과, 장면 바로 아래에 보이는 것 가운데 빛·바닥·격자가 아닌 것
   * (페이지가 나중에 더한 공·고리·선까지 목록 없이 숨기려고). 보조 표시는 frameLoop.ts 가 매 프레임 정한다.
   */
  private hideStandIn(): void {
    for (const object of this.deps.standIn) object.visible = false;
    for (const object of this.deps.scene.children) {
      const light = (object as Object3D & { isLight?: boolean }).isLight === true;
      const floor = object.name === "ground" || object.type === "GridHelper";
      if (!light && !floor && !this.ownObjects.has(object)) object.visible = false;
    }
  }

  /** 바꾸기: 검사를 통과한 모델만 여기에 온다. */
  private activate(loaded: LoadedModel): void {
    const { scene, camera, controls } = this.deps;
    const ownObjects = this.ownObjects;
    const root = loaded.gltf.scene;
    const mixer = new AnimationMixer(root);
    const clip = loaded.gltf.animations[0];
    if (clip !== undefined) mixer.clipAction(clip).play();
    mixer.update(0);
    root.updateMatrixWorld(true);
    const box = new Box3().setFromObject(root);
    const size = box.getSize(new Vector3());
    const height = Math.max(size.x, size.y, size.z) || 1;

    // 새 것을 모두 만든 다음에 옛것을 뺀다: 도중에 실패하면 옛 화면이 남는다.
    const limbs = createModelLimbs(loaded, height);
    const first = this.current === null;
    if (this.current !== null) this.deactivate(this.current);
    this.hideStandIn();
    scene.add(root);
    ownObjects.add(root);
    for (const limb of limbs) {
      scene.add(limb.target, limb.pole, limb.helper);
      ownObjects.add(limb.target).add(limb.pole).add(limb.helper);
    }
    // 대역과 같은 공 모양 (최소 크기·위에 그리기·고리·내린 선·그림자). hideStandIn 뒤에 만들어야 숨지 않는다.
    const before = new Set(scene.children);
    const handles = limbs.flatMap((limb) => [limb.handle, limb.poleHandle]);
    const visuals = new HandleVisuals(scene, handles);
    for (const object of scene.children) if (!before.has(object)) ownObjects.add(object);
    visuals.halo = false;
    visuals.floorY = box.min.y;
    const keys = new HandleKeys(this.deps.keysContainer, handles, camera, this.deps.canvas);
    this.dragger.handles = handles;
    this.current = { loaded, root, mixer, limbs, height, visuals, keys };
    if (first) this.deps.onActivate();
    // 모델의 상자 (목표·극 공까지) 를 넘겨 빈 자리에 맞추게 한다 (cameraFit.ts).
    this.deps.fitView(fitModelView(loaded, root, limbs, height, camera, controls));

    const found = (["leftArm", "rightArm", "leftLeg", "rightLeg"] as const)
      .map((name) => `${limbLabel(name)} ${loaded.limbs[name] !== null ? "✓" : "✗"}`).join(" · ");
    const notes = loaded.limbs.issues.slice(0, 2).map((issue) => issue.message).join(" / ");
    const text = `${loaded.name}: ${found}${clip === undefined ? " (애니메이션 없음)" : ""}${notes ? ` — ${notes}` : ""}`;
    this.openUi.setStatus("loaded", text, LOADED_MESSAGE_MS);
  }

  private deactivate(model: ActiveModel): void {
    const { scene } = this.deps;
    const ownObjects = this.ownObjects;
    model.mixer.stopAllAction();
    scene.remove(model.root);
    ownObjects.delete(model.root);
    for (const limb of model.limbs) {
      scene.remove(limb.target, limb.pole, limb.helper);
      ownObjects.delete(limb.target);
      ownObjects.delete(limb.pole);
      ownObjects.delete(limb.helper);
    }
    disposeModelLimbs(model.limbs);
    this.dragger.handles = [];
    model.visuals.dispose();
    model.keys.dispose();
    for (const object of [...ownObjects]) if (object.parent !== scene) ownObjects.delete(object);
    disposeModel(model.root);
  }
}
