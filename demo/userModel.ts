// 사용자의 모델로 바꾸기: «모델 열기» 단추, 페이지 어디에나 끌어다 놓기, ?model=<url>.
// 읽기와 검사는 modelLoader.ts 가 장면 밖에서 끝낸다. 여기서는 통과한 모델만 대역과 바꾸고, 찾은 팔다리마다
// TwoBoneIK (극은 자동), 끌 수 있는 목표 공, 자동 극 자리의 극 공을 두고, 첫 애니메이션 클립 위에 IK 를 덧씌운다.
import "./userModel.css";
import { AnimationMixer, Box3, Mesh, MeshStandardMaterial, SphereGeometry, Vector3 } from "three";
import type { Material, Object3D, PerspectiveCamera, Scene, SkinnedMesh, Texture } from "three";
import type { OrbitControls } from "three/addons/controls/OrbitControls.js";
import { limbLabel, TwoBoneIK, TwoBoneIKHelper } from "../src/index";
import type { LimbName } from "../src/index";
import { ModelDragger } from "./modelDrag";
import type { ModelHandle } from "./modelDrag";
import { loadModelFile, loadModelUrl, MAX_MODEL_BYTES, ModelLoadError } from "./modelLoader";
import type { LoadedModel, ModelErrorKind } from "./modelLoader";
import type { Params } from "./ui";

/** 공의 반지름: 모델 키에 대한 비율 (1.75 m 캐릭터에서 약 4 cm). */
const TARGET_RADIUS_RATIO = 0.024;
const POLE_RADIUS_RATIO = 0.016;
/** 카메라가 모델을 보는 방향: 캐릭터의 앞·왼쪽·위 성분 (대역 화면과 같은 비스듬한 앞모습). */
const VIEW_FORWARD = 1, VIEW_LEFT = 0.55, VIEW_UP = 0.28;
/** 화면 가장자리의 여유 (모델 상자의 반폭·반높이에 곱한다). */
const FIT_MARGIN = 1.15;

export interface UserModelDeps {
  readonly scene: Scene;
  readonly camera: PerspectiveCamera;
  readonly controls: OrbitControls;
  readonly canvas: HTMLCanvasElement;
  /** 패널 값: IK 켬/끔 (ik), weight, soft, 보조 표시 (helpers) 를 읽는다. */
  readonly params: Pick<Params, "ik" | "weight" | "soft" | "helpers">;
  /** 모델이 올라오면 숨길 대역의 것들 (캐릭터, 공, 상자). */
  readonly standIn: readonly Object3D[];
}

/** 모델 한 팔다리의 IK 와 공들. */
interface ModelLimb {
  readonly name: LimbName;
  readonly ik: TwoBoneIK;
  readonly helper: TwoBoneIKHelper;
  readonly target: Mesh;
  readonly pole: Mesh;
  readonly handle: ModelHandle;
}

interface ActiveModel {
  readonly loaded: LoadedModel;
  readonly root: Object3D;
  readonly mixer: AnimationMixer;
  readonly limbs: readonly ModelLimb[];
  readonly height: number;
}

type Status = "standIn" | "loading" | "loaded" | "error";
type Point3 = [number, number, number];

/** window.__twoBoneIKModel: 브라우저 테스트가 모델 읽기의 끝과 결과를 정해진 시간 없이 기다리게 한다. */
export interface UserModelTestHook {
  readonly version: 1;
  /** 끝난 시도 수 (성공·실패 모두). */
  readonly attempts: number;
  readonly status: Status;
  readonly message: string;
  readonly errorKind: ModelErrorKind | null;
  readonly modelName: string | null;
  readonly limbs: LimbName[];
  readonly standInVisible: boolean;
  readonly height: number;
  /** 극 공과 IK 도우미가 보이는가 (보조 표시). */
  readonly polesVisible: boolean;
  /** 지금 끄는 공의 이름 ("model:rightArm" 등) 또는 null. */
  readonly dragging: string | null;
  /** 팔다리마다 뼈·목표·극의 월드 위치와 뼈 길이. */
  positions(): Record<string, { upper: Point3; mid: Point3; end: Point3; target: Point3; pole: Point3; lengths: [number, number] }>;
  project(point: Point3): { x: number; y: number; behind: boolean };
  /** 장면의 스킨 메시 수와 장면 바로 아래 객체 수 (실패한 읽기가 아무것도 남기지 않았는지 보려고). */
  sceneCounts(): { skinnedMeshes: number; children: number };
}

declare global {
  interface Window {
    __twoBoneIKModel?: UserModelTestHook;
  }
}

const toPoint = (v: Vector3): Point3 => [v.x, v.y, v.z];

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
}

export function installUserModel(deps: UserModelDeps): UserModelView {
  const { scene, camera, controls, params } = deps;
  let current: ActiveModel | null = null;
  let status: Status = "standIn";
  let errorKind: ModelErrorKind | null = null;
  let attempts = 0;
  let busy = false;
  const dragger = new ModelDragger(camera, deps.canvas);

  // --- 화면 요소 ---
  const panel = document.createElement("div");
  panel.className = "model-panel";
  panel.id = "model-panel";
  const button = document.createElement("button");
  button.type = "button";
  button.id = "model-open";
  button.textContent = "모델 열기";
  const input = document.createElement("input");
  input.type = "file";
  input.accept = ".glb,.gltf,.vrm";
  input.hidden = true;
  input.id = "model-file";
  const statusText = document.createElement("div");
  statusText.className = "model-status";
  statusText.id = "model-status";
  statusText.setAttribute("role", "status");
  statusText.setAttribute("aria-live", "polite");
  const progress = document.createElement("progress");
  progress.className = "model-progress";
  progress.hidden = true;
  panel.append(button, input, statusText, progress);
  const overlay = document.createElement("div");
  overlay.className = "drop-overlay";
  overlay.hidden = true;
  overlay.textContent = "놓으면 모델을 엽니다 (.glb · .gltf · .vrm)";
  document.body.append(panel, overlay);

  const setStatus = (state: Status, text: string): void => {
    status = state;
    statusText.dataset["state"] = state;
    statusText.textContent = text;
  };
  setStatus("standIn", `대역 캐릭터입니다. 내 모델(.glb·.gltf·.vrm, ${MAX_MODEL_BYTES / 1024 / 1024} MB 까지)을 끌어다 놓거나 «모델 열기».`);

  // --- 읽기 (한 번에 하나) ---
  const onProgress = (fraction: number | null, stage: string): void => {
    progress.hidden = false;
    if (fraction === null) progress.removeAttribute("value");
    else progress.value = fraction;
    statusText.textContent = fraction === null ? `${stage}…` : `${stage}… ${Math.round(fraction * 100)}%`;
  };

  const run = async (load: () => Promise<LoadedModel>): Promise<void> => {
    if (busy) return;
    busy = true;
    button.disabled = true;
    const previousStatus = statusText.textContent ?? "";
    setStatus("loading", "여는 중…");
    try {
      const loaded = await load();
      activate(loaded);
      errorKind = null;
    } catch (error) {
      errorKind = error instanceof ModelLoadError ? error.kind : "corrupt";
      const message = error instanceof ModelLoadError ? error.message : `모델을 열지 못했습니다 (${String(error)}).`;
      const keep = current !== null ? `지금 모델(${current.loaded.name})을 그대로 둡니다.` : "대역 캐릭터를 그대로 둡니다.";
      setStatus("error", `열지 못했습니다: ${message} ${keep}`);
      console.warn("모델 열기 실패:", error, "이전 상태:", previousStatus);
    } finally {
      progress.hidden = true;
      busy = false;
      button.disabled = false;
      attempts++;
    }
  };

  button.addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    input.value = "";
    if (file !== undefined) void run(() => loadModelFile(file, onProgress));
  });

  // 끌어다 놓기: 페이지 어디에나. 파일이 아닌 것을 끌 때는 안내를 띄우지 않는다.
  let dragDepth = 0;
  const carriesFiles = (event: DragEvent): boolean => event.dataTransfer?.types.includes("Files") ?? false;
  window.addEventListener("dragenter", (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    dragDepth++;
    overlay.hidden = false;
  });
  window.addEventListener("dragover", (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    if (event.dataTransfer !== null) event.dataTransfer.dropEffect = "copy";
  });
  window.addEventListener("dragleave", () => {
    dragDepth = Math.max(0, dragDepth - 1);
    if (dragDepth === 0) overlay.hidden = true;
  });
  window.addEventListener("drop", (event) => {
    dragDepth = 0;
    overlay.hidden = true;
    const file = event.dataTransfer?.files[0];
    if (file === undefined) return;
    event.preventDefault();
    void run(() => loadModelFile(file, onProgress));
  });

  /**
   * 대역과 그 무대 소품을 숨긴다: deps.standIn 과, 장면 바로 아래에 보이는 것 가운데 빛·바닥·격자가 아닌 것
   * (페이지가 나중에 더한 공·고리·선까지 목록 없이 숨기려고). 보조 표시는 main.ts 가 매 프레임 정한다.
   */
  const hideStandIn = (): void => {
    for (const object of deps.standIn) object.visible = false;
    for (const object of scene.children) {
      const light = (object as Object3D & { isLight?: boolean }).isLight === true;
      const floor = object.name === "ground" || object.type === "GridHelper";
      if (!light && !floor && !ownObjects.has(object)) object.visible = false;
    }
  };
  /** 이 모듈이 장면에 넣은 것 (모델, 공, 도우미): hideStandIn 이 숨기지 않는다. */
  const ownObjects = new Set<Object3D>();

  // --- 바꾸기: 검사를 통과한 모델만 여기에 온다 ---
  const activate = (loaded: LoadedModel): void => {
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
    const targetGeometry = new SphereGeometry(height * TARGET_RADIUS_RATIO, 24, 12);
    const poleGeometry = new SphereGeometry(height * POLE_RADIUS_RATIO, 16, 8);
    const limbs: ModelLimb[] = loaded.limbs.limbs.map((limb) => {
      const ik = new TwoBoneIK(limb.upper, limb.mid, limb.end, { bendDirection: limb.bendDirection });
      ik.keepEndRotation = limb.kind === "leg"; // 발은 클립의 방향 그대로
      const target = new Mesh(targetGeometry, new MeshStandardMaterial({ color: limb.kind === "arm" ? 0xff4d4d : 0x4fd18b, roughness: 0.35 }));
      target.name = `modelTarget:${limb.name}`;
      target.position.setFromMatrixPosition(limb.end.matrixWorld);
      const pole = new Mesh(poleGeometry, new MeshStandardMaterial({ color: 0x3d8bff, roughness: 0.35 }));
      pole.name = `modelPole:${limb.name}`;
      ik.getAutoPole(pole.position);
      const handle: ModelHandle = { name: `model:${limb.name}`, object: target, radius: height * TARGET_RADIUS_RATIO };
      return { name: limb.name, ik, helper: new TwoBoneIKHelper(ik), target, pole, handle };
    });

    if (current !== null) deactivate(current);
    hideStandIn();
    scene.add(root);
    ownObjects.add(root);
    for (const limb of limbs) {
      scene.add(limb.target, limb.pole, limb.helper);
      ownObjects.add(limb.target).add(limb.pole).add(limb.helper);
    }
    dragger.handles = limbs.map((limb) => limb.handle);
    current = { loaded, root, mixer, limbs, height };
    fitCamera();

    const found = (["leftArm", "rightArm", "leftLeg", "rightLeg"] as const)
      .map((name) => `${limbLabel(name)} ${loaded.limbs[name] !== null ? "✓" : "✗"}`).join(" · ");
    const notes = loaded.limbs.issues.slice(0, 2).map((issue) => issue.message).join(" / ");
    setStatus("loaded", `${loaded.name}: ${found}${clip === undefined ? " (애니메이션 없음)" : ""}${notes ? ` — ${notes}` : ""}`);
  };

  const deactivate = (model: ActiveModel): void => {
    model.mixer.stopAllAction();
    scene.remove(model.root);
    ownObjects.delete(model.root);
    for (const limb of model.limbs) {
      scene.remove(limb.target, limb.pole, limb.helper);
      ownObjects.delete(limb.target);
      ownObjects.delete(limb.pole);
      ownObjects.delete(limb.helper);
      limb.helper.dispose();
      (limb.target.material as Material).dispose();
      (limb.pole.material as Material).dispose();
    }
    dragger.handles = [];
    model.limbs[0]?.target.geometry.dispose();
    model.limbs[0]?.pole.geometry.dispose();
    disposeModel(model.root);
  };

  /** 모델의 상자가 화면에 들어오게: 거리 D = max(반높이 / tan(fov/2), 반폭 / (tan(fov/2)·aspect)) + 반깊이. */
  const fitCamera = (): void => {
    if (current === null) return;
    const { forward, left, up } = current.loaded.limbs;
    current.root.updateMatrixWorld(true);
    const box = new Box3().setFromObject(current.root);
    for (const limb of current.limbs) box.expandByPoint(limb.target.position);
    const center = box.getCenter(new Vector3());
    const size = box.getSize(new Vector3());
    const halfHeight = (Math.abs(size.dot(up)) / 2 || size.y / 2) * FIT_MARGIN;
    const halfWidth = (Math.max(size.x, size.z) / 2) * FIT_MARGIN;
    const tanHalf = Math.tan((camera.fov * Math.PI) / 360);
    const distance = Math.max(halfHeight / tanHalf, halfWidth / (tanHalf * camera.aspect)) + Math.max(size.x, size.z) / 2;
    const direction = new Vector3().addScaledVector(forward, VIEW_FORWARD).addScaledVector(left, VIEW_LEFT).addScaledVector(up, VIEW_UP).normalize();
    controls.target.copy(center);
    camera.position.copy(center).addScaledVector(direction, distance);
    camera.up.copy(up);
    camera.near = distance / 100;
    camera.far = distance * 30;
    camera.updateProjectionMatrix();
    controls.minDistance = current.height * 0.2;
    controls.maxDistance = current.height * 10;
    camera.lookAt(center);
    controls.update();
  };
  // main.ts 의 대역용 맞춤보다 나중에 등록된다: 모델이 있으면 이쪽이 이긴다.
  window.addEventListener("resize", () => { if (current !== null) fitCamera(); });

  // --- ?model=<url>: 페이지와 같은 출처의 파일만 (인터넷에서 아무것도 받지 않는다) ---
  const requested = new URLSearchParams(window.location.search).get("model");
  if (requested !== null) {
    const url = new URL(requested, window.location.href);
    if (url.origin !== window.location.origin) {
      errorKind = "network";
      attempts++;
      setStatus("error", `열지 못했습니다: ?model 은 이 페이지의 폴더에 있는 파일만 엽니다 (받은 값: ${requested}). 대역 캐릭터를 그대로 둡니다.`);
    } else {
      void run(() => loadModelUrl(url.href, onProgress));
    }
  }

  // --- 매 프레임 (설정 객체는 한 번만 만든다) ---
  const ikOn = { weight: 1, soft: 0 };
  const ikOff = { weight: 0 };
  const update = (dt: number): void => {
    if (current === null) return;
    current.mixer.update(dt);
    ikOn.weight = params.weight;
    ikOn.soft = params.soft;
    for (const limb of current.limbs) {
      limb.ik.getAutoPole(limb.pole.position); // 들어온 (클립의) 자세에서 고른 극
      limb.ik.solve(limb.target.position, undefined, params.ik ? ikOn : ikOff);
      limb.pole.visible = params.helpers;
      limb.helper.visible = params.helpers;
    }
  };

  const hook: UserModelTestHook = {
    version: 1,
    get attempts() { return attempts; },
    get status() { return status; },
    get message() { return statusText.textContent ?? ""; },
    get errorKind() { return errorKind; },
    get modelName() { return current?.loaded.name ?? null; },
    get limbs() { return current?.limbs.map((limb) => limb.name) ?? []; },
    get standInVisible() { return deps.standIn.every((object) => object.visible); },
    get height() { return current?.height ?? 0; },
    get dragging() { return dragger.dragging?.name ?? null; },
    get polesVisible() { return current !== null && current.limbs.every((limb) => limb.pole.visible && limb.helper.visible); },
    positions() {
      const out: ReturnType<UserModelTestHook["positions"]> = {};
      for (const limb of current?.limbs ?? []) {
        const at = (object: Object3D) => new Vector3().setFromMatrixPosition(object.matrixWorld);
        const upper = at(limb.ik.upper), mid = at(limb.ik.mid), end = at(limb.ik.end);
        out[limb.name] = {
          upper: toPoint(upper), mid: toPoint(mid), end: toPoint(end),
          target: toPoint(limb.target.position), pole: toPoint(limb.pole.position),
          lengths: [upper.distanceTo(mid), mid.distanceTo(end)],
        };
      }
      return out;
    },
    project(point) {
      const world = new Vector3().fromArray(point);
      const behind = world.clone().applyMatrix4(camera.matrixWorldInverse).z >= 0;
      world.project(camera);
      const rect = deps.canvas.getBoundingClientRect();
      return { x: rect.left + ((world.x + 1) / 2) * rect.width, y: rect.top + ((1 - world.y) / 2) * rect.height, behind };
    },
    sceneCounts() {
      let skinnedMeshes = 0;
      scene.traverse((object) => { if ((object as SkinnedMesh).isSkinnedMesh) skinnedMeshes++; });
      return { skinnedMeshes, children: scene.children.length };
    },
  };
  window.__twoBoneIKModel = hook;

  return {
    get active() { return current !== null; },
    update,
  };
}
