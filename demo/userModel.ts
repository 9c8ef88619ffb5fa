// 사용자의 모델로 바꾸기: «모델 열기» 단추, 페이지 어디에나 끌어다 놓기, ?model=<url>.
// 읽기와 검사는 modelLoader.ts 가 장면 밖에서 끝낸다. 여기서는 통과한 모델만 대역과 바꾸고, 찾은 팔다리마다
// TwoBoneIK (극은 자동), 끌 수 있는 목표 공, 자동 극 자리의 극 공을 두고, 첫 애니메이션 클립 위에 IK 를 덧씌운다.
import "./userModel.css";
import { AnimationMixer, Box3, Mesh, MeshStandardMaterial, Quaternion, SphereGeometry, Vector3 } from "three";
import type { Material, Object3D, PerspectiveCamera, Scene, SkinnedMesh, Texture } from "three";
import type { OrbitControls } from "three/addons/controls/OrbitControls.js";
import { limbLabel, TwoBoneIK, TwoBoneIKHelper } from "../src/index";
import type { LimbName } from "../src/index";
import type { Handle } from "./handlePick";
import { HandleVisuals } from "./handles";
import { HandleKeys } from "./keyboard";
import { ModelDragger } from "./modelDrag";
import { loadModelFile, loadModelUrl, MAX_MODEL_BYTES, ModelLoadError } from "./modelLoader";
import type { LoadedModel, ModelErrorKind } from "./modelLoader";
import type { Params } from "./ui";

/** 공의 반지름: 모델 키에 대한 비율 (1.75 m 캐릭터에서 약 4 cm). */
const TARGET_RADIUS_RATIO = 0.024;
const POLE_RADIUS_RATIO = 0.016;
/** 카메라가 모델을 보는 방향: 캐릭터의 앞·왼쪽·위 성분 (대역 화면과 같은 비스듬한 앞모습). */
const VIEW_FORWARD = 1, VIEW_LEFT = 0.55, VIEW_UP = 0.28;
/** 화면 가장자리의 여유 (모델 상자의 반폭·반높이에 곱한다). */
const FIT_MARGIN = 1.08;
/** 다 읽은 뒤의 알림(찾은 팔다리)을 보여 주는 시간 (ms): 그다음은 첫 줄 안내가 다시 보인다. */
const LOADED_MESSAGE_MS = 6000;
const ERROR_MESSAGE_MS = 12000;

/** 카메라가 맞출 모델의 상자 (main.ts 의 layoutCamera 가 빈 자리에 맞춘다). */
export interface ModelView {
  readonly center: Vector3;
  /** 화면의 위쪽·옆쪽으로 들어와야 할 반높이·반폭, 카메라 쪽으로의 반깊이 (월드 단위). */
  readonly halfHeight: number;
  readonly halfWidth: number;
  readonly halfDepth: number;
  /** 중심에서 카메라 쪽으로의 단위 방향. */
  readonly direction: Vector3;
}

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
  /** 카메라를 모델에 맞춰 달라고 (빈 자리에 맞추는 일은 main.ts 의 몫). */
  readonly fitView: (view: ModelView) => void;
  /** 모델이 처음 대역을 대신할 때 한 번 (대역의 키보드 단추·실험을 멈추게). */
  readonly onActivate: () => void;
}

/** 모델 한 팔다리의 IK 와 공들. */
interface ModelLimb {
  readonly name: LimbName;
  readonly ik: TwoBoneIK;
  readonly helper: TwoBoneIKHelper;
  readonly target: Mesh;
  readonly pole: Mesh;
  readonly handle: Handle;
  readonly poleHandle: Handle;
  /** 사용자가 극 공을 옮겼으면 true: 그때부터 자동 극 대신 그 공을 쓴다. */
  manualPole: boolean;
  /** 클립이 건드리지 않는 뼈도 매 프레임 같은 자세에서 시작하게: 읽은 직후의 local 회전. */
  readonly rest: readonly Quaternion[];
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

type Status = "standIn" | "loading" | "loaded" | "error";
type Point3 = [number, number, number];

/** window.__twoBoneIKModel: 브라우저 테스트가 모델 읽기의 끝과 결과를 정해진 시간 없이 기다리게 한다. */
export interface UserModelTestHook {
  readonly version: 1;
  /** 끝난 시도 수 (성공·실패 모두). */
  readonly attempts: number;
  readonly status: Status;
  readonly message: string;
  /** 알림 줄이 보이는가 (처음 화면에서는 숨어 있다). */
  readonly messageVisible: boolean;
  readonly errorKind: ModelErrorKind | null;
  readonly modelName: string | null;
  readonly limbs: LimbName[];
  readonly standInVisible: boolean;
  readonly height: number;
  /** 극 공과 IK 도우미가 보이는가 (보조 표시). */
  readonly polesVisible: boolean;
  /** 지금 끄는 공의 이름 ("model:rightArm" 등) 또는 null. */
  readonly dragging: string | null;
  /** 마지막으로 잡은 공의 이름 (놓은 뒤에도). */
  readonly lastDragged: string | null;
  /** 팔다리마다 뼈·목표·극의 월드 위치와 뼈 길이. */
  positions(): Record<string, { upper: Point3; mid: Point3; end: Point3; target: Point3; pole: Point3; lengths: [number, number] }>;
  project(point: Point3): { x: number; y: number; behind: boolean };
  /** 화면 점 (CSS px) 을 누르면 잡힐 공의 이름 (없으면 null): 페이지가 쓰는 바로 그 고르기. */
  pick(x: number, y: number, pointerType: string): string | null;
  /** 공마다 이번 프레임에 그린 지름 (CSS px): "model:rightArm", "modelPole:rightArm" 등. */
  drawnDiameters(): Record<string, number>;
  /** 장면 바로 아래에서 보이는 객체의 이름들 (대역의 고리·halo·선이 숨었는지 보려고). */
  visibleNames(): string[];
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
  /** 지형 걷기 (terrainWalk.ts): 지금 모델과 그 믹서 (없으면 null). */
  readonly model: { readonly loaded: LoadedModel; readonly root: Object3D; readonly mixer: AnimationMixer } | null;
  /** 지형 걷기가 모델을 맡는 동안 true: 클립만 진행하고 팔다리 IK 는 쉰다 (발은 FootPlacement 가 맡는다). */
  clipOnly: boolean;
  /** 이 페이지와 같은 출처의 모델 파일을 연다 («기사 모델 불러오기»). */
  open(url: string): Promise<void>;
}

export function installUserModel(deps: UserModelDeps): UserModelView {
  const { scene, camera, controls, params } = deps;
  let current: ActiveModel | null = null;
  let status: Status = "standIn";
  let errorKind: ModelErrorKind | null = null;
  let attempts = 0;
  let busy = false;
  const dragger = new ModelDragger(camera, deps.canvas);

  // --- 화면 요소: 단추는 캔버스 위 도구 줄에, 알림은 할 말이 있을 때만 첫 줄 안내 자리에 잠깐 ---
  const button = document.createElement("button");
  button.type = "button";
  button.id = "model-open";
  button.className = "tool-button";
  button.textContent = "모델 열기";
  button.title = `내 모델 열기 (.glb·.gltf·.vrm, ${MAX_MODEL_BYTES / 1024 / 1024} MB 까지): 페이지에 끌어다 놓아도 됩니다`;
  const input = document.createElement("input");
  input.type = "file";
  input.accept = ".glb,.gltf,.vrm";
  input.hidden = true;
  input.id = "model-file";
  deps.toolbar.append(button, input);
  const statusLine = document.createElement("div");
  statusLine.className = "model-status";
  statusLine.id = "model-status";
  statusLine.setAttribute("role", "status");
  statusLine.setAttribute("aria-live", "polite");
  statusLine.hidden = true;
  const statusText = document.createElement("span");
  statusText.className = "model-status-text";
  const progress = document.createElement("progress");
  progress.className = "model-progress";
  progress.hidden = true;
  statusLine.append(statusText, progress);
  const overlay = document.createElement("div");
  overlay.className = "drop-overlay";
  overlay.hidden = true;
  overlay.textContent = "놓으면 모델을 엽니다 (.glb · .gltf · .vrm)";
  document.body.append(statusLine, overlay);

  let hideTimer = 0;
  /** 알림이 보이는 동안 첫 줄 안내는 그 밑에서 숨는다 (두 글이 겹쳐 비치지 않게). */
  const showLine = (visible: boolean): void => {
    statusLine.hidden = !visible;
    document.body.classList.toggle("model-message", visible);
  };
  /** 알림을 보인다. hideAfterMs 가 있으면 그 뒤에 숨겨 첫 줄 안내가 다시 보이게 한다. */
  const setStatus = (state: Status, text: string, hideAfterMs?: number): void => {
    status = state;
    statusLine.dataset["state"] = state;
    statusText.textContent = text;
    statusLine.title = text;
    showLine(text !== "");
    window.clearTimeout(hideTimer);
    if (hideAfterMs !== undefined) hideTimer = window.setTimeout(() => showLine(false), hideAfterMs);
  };
  // 처음 화면: 할 말이 없다 (단추의 title 과 첫 줄 안내가 있다).
  setStatus("standIn", "");

  // --- 읽기 (한 번에 하나) ---
  const onProgress = (fraction: number | null, stage: string): void => {
    progress.hidden = false;
    showLine(true);
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
      setStatus("error", `열지 못했습니다: ${message} ${keep}`, ERROR_MESSAGE_MS);
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
      const handle: Handle = {
        name: `model:${limb.name}`, object: target, radius: height * TARGET_RADIUS_RATIO,
        ringColor: limb.name.endsWith("Arm") ? "#ffb3b3" : "#b3f0cf", label: `${limbLabel(limb.name)} 목표 공`,
      };
      const poleHandle: Handle = {
        name: `modelPole:${limb.name}`, object: pole, radius: height * POLE_RADIUS_RATIO,
        ringColor: "#b3d1ff", label: `${limbLabel(limb.name)} 극 공`,
        onGrab: () => { modelLimb.manualPole = true; },
      };
      const helper = new TwoBoneIKHelper(ik);
      // 도우미의 공은 숨기고 선만: 끌 수 있는 진짜 공이 그 자리에 있다 (대역 화면과 같다).
      helper.targetMesh.visible = false;
      helper.jointMesh.visible = false;
      helper.poleMesh.visible = false;
      const rest = [limb.upper, limb.mid, limb.end].map((bone) => bone.quaternion.clone());
      const modelLimb: ModelLimb = {
        name: limb.name, ik, helper, target, pole, handle, poleHandle, manualPole: false, rest,
      };
      return modelLimb;
    });

    const first = current === null;
    if (current !== null) deactivate(current);
    hideStandIn();
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
    const keys = new HandleKeys(deps.keysContainer, handles, camera, deps.canvas);
    dragger.handles = handles;
    current = { loaded, root, mixer, limbs, height, visuals, keys };
    if (first) deps.onActivate();
    fitCamera();

    const found = (["leftArm", "rightArm", "leftLeg", "rightLeg"] as const)
      .map((name) => `${limbLabel(name)} ${loaded.limbs[name] !== null ? "✓" : "✗"}`).join(" · ");
    const notes = loaded.limbs.issues.slice(0, 2).map((issue) => issue.message).join(" / ");
    const text = `${loaded.name}: ${found}${clip === undefined ? " (애니메이션 없음)" : ""}${notes ? ` — ${notes}` : ""}`;
    setStatus("loaded", text, LOADED_MESSAGE_MS);
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
    model.visuals.dispose();
    model.keys.dispose();
    for (const object of [...ownObjects]) if (object.parent !== scene) ownObjects.delete(object);
    model.limbs[0]?.target.geometry.dispose();
    model.limbs[0]?.pole.geometry.dispose();
    disposeModel(model.root);
  };

  /** 모델의 상자 (목표·극 공까지) 를 main.ts 에 넘겨 빈 자리에 맞추게 한다. 가까운·먼 면과 카메라 거리의 한도는 모델 크기에. */
  const fitCamera = (): void => {
    if (current === null) return;
    const { forward, left, up } = current.loaded.limbs;
    current.root.updateMatrixWorld(true);
    const box = new Box3().setFromObject(current.root);
    // 목표 공과 (처음 자리의) 극 공까지: 화면에 보이는 공은 모두 빈 자리 안에 있어야 끌 수 있다.
    for (const limb of current.limbs) box.expandByPoint(limb.target.position).expandByPoint(limb.pole.position);
    const center = box.getCenter(new Vector3());
    const size = box.getSize(new Vector3());
    const halfHeight = (Math.abs(size.dot(up)) / 2 || size.y / 2) * FIT_MARGIN;
    // 비스듬히 보므로 가로로 보이는 폭은 바닥 상자의 대각선까지 (어느 방향에서 보아도 넘지 않는 값).
    const halfDiagonal = Math.hypot(size.x, size.z) / 2;
    const halfWidth = halfDiagonal * FIT_MARGIN;
    const direction = new Vector3().addScaledVector(forward, VIEW_FORWARD).addScaledVector(left, VIEW_LEFT).addScaledVector(up, VIEW_UP).normalize();
    const far = current.height * 30;
    camera.up.copy(up);
    camera.near = current.height / 100;
    camera.far = far;
    controls.minDistance = current.height * 0.2;
    controls.maxDistance = current.height * 10;
    deps.fitView({ center, halfHeight, halfWidth, halfDepth: halfDiagonal, direction });
  };

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
    // 지난 프레임의 IK 결과 위에 다시 풀지 않게: 팔다리 뼈를 읽은 직후 자세로 되돌린 뒤 클립을 입힌다
    // (클립이 그 뼈를 움직이지 않아도 IK 는 매 프레임 같은 들어온 자세에서 시작한다 — weight 가 섞는 자세).
    for (const limb of current.limbs) {
      limb.ik.upper.quaternion.copy(limb.rest[0]!);
      limb.ik.mid.quaternion.copy(limb.rest[1]!);
      limb.ik.end.quaternion.copy(limb.rest[2]!);
    }
    current.mixer.update(dt);
    if (clipOnly) return; // 지형 걷기 (terrainWalk.ts) 가 발을 맡는다
    ikOn.weight = params.weight;
    ikOn.soft = params.soft;
    for (const limb of current.limbs) {
      if (limb.manualPole) {
        limb.ik.solve(limb.target.position, limb.pole.position, params.ik ? ikOn : ikOff);
      } else {
        limb.ik.getAutoPole(limb.pole.position); // 들어온 (클립의) 자세에서 고른 극
        limb.ik.solve(limb.target.position, undefined, params.ik ? ikOn : ikOff);
      }
      limb.pole.visible = params.helpers;
      limb.helper.visible = params.helpers;
    }
    const active = dragger.dragging?.name ?? null;
    current.visuals.dragged = active;
    current.visuals.hovered = dragger.hovered?.name ?? null;
    current.visuals.focused = current.keys.focused;
    current.visuals.update(camera, (camera.projectionMatrix.elements[5]! * window.innerHeight) / 2, 0);
    current.keys.update();
  };

  const hook: UserModelTestHook = {
    version: 1,
    get attempts() { return attempts; },
    get status() { return status; },
    get message() { return statusText.textContent ?? ""; },
    get messageVisible() { return !statusLine.hidden; },
    get errorKind() { return errorKind; },
    get modelName() { return current?.loaded.name ?? null; },
    get limbs() { return current?.limbs.map((limb) => limb.name) ?? []; },
    get standInVisible() { return deps.standIn.every((object) => object.visible); },
    get height() { return current?.height ?? 0; },
    get dragging() { return dragger.dragging?.name ?? null; },
    get lastDragged() { return dragger.lastGrabbed?.name ?? null; },
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
    pick(x, y, pointerType) {
      return dragger.pick(x, y, pointerType)?.name ?? null;
    },
    drawnDiameters() {
      const out: Record<string, number> = {};
      for (const limb of current?.limbs ?? []) {
        out[limb.handle.name] = current!.visuals.drawnDiameter(limb.handle.name);
        out[limb.poleHandle.name] = current!.visuals.drawnDiameter(limb.poleHandle.name);
      }
      return out;
    },
    visibleNames() {
      return scene.children.filter((object) => object.visible && object.name !== "").map((object) => object.name);
    },
    sceneCounts() {
      let skinnedMeshes = 0;
      scene.traverse((object) => { if ((object as SkinnedMesh).isSkinnedMesh) skinnedMeshes++; });
      return { skinnedMeshes, children: scene.children.length };
    },
  };
  window.__twoBoneIKModel = hook;

  let clipOnly = false;
  return {
    get active() { return current !== null; },
    update,
    get model() { return current; },
    get clipOnly() { return clipOnly; },
    set clipOnly(on: boolean) { clipOnly = on; },
    open: (url) => run(() => loadModelUrl(url, onProgress)),
  };
}
