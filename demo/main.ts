// 설명 화면의 연결부: 부품을 차례로 만들고 서로 잇는 요리법. 부품마다 제 파일이 있다 —
// 대역의 팔다리 (standInRig), 공·끌기·카메라 조작 (standInHandles), 조절 패널 (controlPanel), 굽힘 제한 (bendLimits),
// 카메라 맞추기 (cameraFit), 함정 1 의 실험 (softExperiment), 내 모델 (userModel), 매 프레임 (frameLoop), 테스트 창구 (pageHook).
// 라이브러리는 공개 API(../src/index)로만 쓴다 — 사용자의 프로젝트와 똑같이.
import { PerspectiveCamera, WebGLRenderer } from "three";
import type { Mesh, Vector3 } from "three";
import type { OrbitControls } from "three/addons/controls/OrbitControls.js";
import Stats from "three/addons/libs/stats.module.js";
import { AutoMotion } from "./autoMotion";
import { BendLimits } from "./bendLimits";
import { CAMERA_FOV, CameraFit } from "./cameraFit";
import { ControlPanel } from "./controlPanel";
import { FrameLoop } from "./frameLoop";
import { isCramped, isRoomy, resizeRenderer, setupInfoPanel } from "./layout";
import type { InfoPanel, Rect } from "./layout";
import { installPageHook } from "./pageHook";
import { SideView } from "./sideView";
import { SoftExperiment } from "./softExperiment";
import { createStandInScene } from "./standInScene";
import type { StandInScene } from "./standInScene";
import { SpeedPlot } from "./speedPlot";
import { createStandInHandles } from "./standInHandles";
import type { StandInHandles } from "./standInHandles";
import { defaultParams } from "./ui";
import type { Params, Ui } from "./ui";
import { installTerrainWalk } from "./terrainWalk";
import type { TerrainWalk } from "./terrainWalk";
import { installUserModel } from "./userModel";
import type { ModelView, UserModelView } from "./userModel";

/** ?test: 화면을 결정적으로 — 자동 움직임 꺼짐, 카메라 고정(관성 없음), 공은 길의 시작점, halo 는 멈춤. */
const testMode = new URLSearchParams(window.location.search).has("test");
/** 움직임 줄이기 설정: 자동 움직임과 halo 의 맥박을 끈다. */
const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;

const byId = (id: string): HTMLElement => document.getElementById(id)!;

/** 렌더러, 그 캔버스, 카메라. */
interface View {
  readonly renderer: WebGLRenderer;
  readonly canvas: HTMLCanvasElement;
  readonly camera: PerspectiveCamera;
}

/** 설명 패널과 조절 패널에 든 것들. */
interface Panels {
  readonly stats: Stats;
  readonly sideView: SideView;
  readonly plot: SpeedPlot;
  readonly limits: BendLimits;
  readonly panel: ControlPanel;
}

/** 렌더러와 카메라. 픽셀 비율이 2 이상인 화면(휴대폰)은 MSAA 없이도 가장자리가 매끄럽다: 그 비용을 아낀다. */
function createView(): View {
  const renderer = new WebGLRenderer({ antialias: window.devicePixelRatio < 2, powerPreference: "high-performance" });
  const canvas = renderer.domElement;
  canvas.id = "scene";
  byId("app").appendChild(canvas);
  const camera = new PerspectiveCamera(CAMERA_FOV, window.innerWidth / window.innerHeight, 0.05, 50);
  resizeRenderer(renderer);
  return { renderer, canvas, camera };
}

/** WebGL 컨텍스트 잃음·복구: 휴대폰은 백그라운드에서 컨텍스트를 버린다. 루프는 계속 돈다. */
function watchContext(canvas: HTMLCanvasElement): { lost: boolean; lostCount: number; restoredCount: number } {
  const context = { lost: false, lostCount: 0, restoredCount: 0 };
  canvas.addEventListener("webglcontextlost", (event) => {
    event.preventDefault(); // 복구를 허락한다 (three 도 같은 일을 한다)
    context.lost = true;
    context.lostCount++;
  });
  canvas.addEventListener("webglcontextrestored", () => {
    context.lost = false;
    context.restoredCount++;
  });
  return context;
}

/** 프레임 시간 표시 (three 의 Stats): 설명 패널 안에. */
function createStats(): Stats {
  const stats = new Stats();
  stats.dom.style.cssText = "position:relative;cursor:pointer;opacity:0.9;margin-top:6px";
  byId("stats-slot").appendChild(stats.dom);
  return stats;
}

/**
 * 두 패널 (설명, 조절) 의 펴고 접기와 크기 변화를 카메라 맞추기에 잇는다. 휴대폰(좁은 화면)에서는 패널을 하나만 편다:
 * 설명을 펴면 조절을 접고, 조절을 펴면 설명을 접는다.
 */
function wirePanelLayout(ui: Ui, roomy: boolean, layoutCamera: () => void): InfoPanel {
  const guiElement = ui.gui.domElement;
  const info = setupInfoPanel(roomy, (open) => {
    if (open && isCramped()) ui.gui.close();
    layoutCamera();
  });
  guiElement.querySelector(".title")!.addEventListener("click", () => {
    if (!ui.gui._closed && isCramped() && info.isOpen()) info.setOpen(false);
    layoutCamera();
  });
  // 패널의 크기가 바뀌면 (펴고 접기·글자 크기·방향 전환) 빈 자리를 다시 잰다.
  const resizeObserver = new ResizeObserver(layoutCamera);
  resizeObserver.observe(byId("info"));
  resizeObserver.observe(guiElement);
  return info;
}

/** 공·끌기·키보드·카메라 조작과 자동 움직임. onGrabTarget: 빨간 공·초록 공을 잡을 때. */
function createMotionAndHandles(
  standIn: StandInScene, view: View, onGrabTarget: () => void,
): { motion: AutoMotion; handles: StandInHandles } {
  const { rig, stage, door } = standIn;
  const motion = new AutoMotion(rig.shoulderRest, rig.footGround, rig.footOnBox, stage.ball.position, stage.footTarget.position);
  const handles = createStandInHandles({
    stage, door, camera: view.camera, canvas: view.canvas, keysContainer: byId("handle-keys"),
    animate: !testMode && !reduceMotion, damping: !testMode,
    onGrabTarget,
    onPointerDown: () => { motion.fullSpeed = true; },
  });
  return { motion, handles };
}

/** 설명 패널의 그림 둘 (옆 보기, 함정 1 의 그래프), 프레임 시간, 조절 패널, 굽힘 제한. */
function createPanels(
  params: Params, roomy: boolean, standIn: StandInScene, motion: AutoMotion, resetCamera: () => void,
): Panels {
  const { rig, stage, door, stressView } = standIn;
  const stats = createStats();
  const sideView = new SideView(byId("side-view") as HTMLCanvasElement);
  const plot = new SpeedPlot(byId("speed-plot") as HTMLCanvasElement);
  const limits = new BendLimits(stage.scene, rig.armIK, rig.legIK, byId("limit-range"));
  const panel = new ControlPanel({
    params, testMode, reduceMotion, startOpen: roomy, rig, stage, door, stressView, stats, limits, motion, resetCamera,
  });
  panel.placeKneePole();
  return { stats, sideView, plot, limits, panel };
}

/** 배치: 패널이 가리지 않는 빈 자리에 장면을 맞춘다. 패널 값을 다 입힌 뒤 처음 맞추고, 창 크기가 바뀔 때마다 다시. */
function fitCameraToPanels(
  view: View, controls: OrbitControls, panels: Panels, roomy: boolean,
): { cameraFit: CameraFit; info: InfoPanel } {
  const { sideView, plot, panel } = panels;
  const covering = [byId("hint"), byId("tools"), byId("info"), panel.ui.gui.domElement];
  const cameraFit = new CameraFit(view.camera, controls, covering, () => {
    sideView.resize();
    plot.resize();
  });
  const layoutCamera = (): void => cameraFit.layout();
  const info = wirePanelLayout(panel.ui, roomy, layoutCamera);

  panel.applyAll();
  layoutCamera();
  window.addEventListener("resize", () => {
    resizeRenderer(view.renderer);
    layoutCamera();
  });
  return { cameraFit, info };
}

interface UserModelWiring {
  readonly view: View;
  readonly standIn: StandInScene;
  readonly params: Params;
  readonly controls: OrbitControls;
  readonly handles: StandInHandles;
  readonly panel: ControlPanel;
  readonly fitModelView: (view: ModelView) => void;
  readonly layoutCamera: () => void;
  readonly cancelExperiment: () => void;
}

/** 내 모델 열기 (userModel.ts): 모델이 올라오면 대역과 그 공·상자를 숨긴다. */
function wireUserModel(wiring: UserModelWiring): UserModelView {
  const { view, standIn: { rig, stage }, handles, panel } = wiring;
  return installUserModel({
    scene: stage.scene, camera: view.camera, controls: wiring.controls, canvas: view.canvas, params: wiring.params,
    standIn: [rig.character.root, stage.ball, stage.pole, stage.footTarget, stage.kneePole, stage.stepBox],
    toolbar: byId("tools"),
    keysContainer: byId("handle-keys"),
    fitView: wiring.fitModelView,
    onActivate: () => {
      // 대역의 공을 키보드로 고를 수 없게 (숨긴 공은 끌 수도 없다), 실험은 멈춘다. 문고리 잡기도 끈다.
      handles.keys.setEnabled(false);
      panel.enterModel();
      wiring.cancelExperiment();
      document.body.classList.add("model-active");
      panel.hideStandInControls();
      wiring.layoutCamera();
    },
  });
}

/** 함정 1 의 실험: 공을 어깨에서 곧게 멀어지게 훑는다 (soft 끔, 그다음 켬). shoulderWorld: 누를 때의 어깨 (월드). */
function createExperiment(
  params: Params, panel: ControlPanel, ball: Mesh, plot: SpeedPlot, shoulderWorld: () => Vector3,
): SoftExperiment {
  const button = byId("extend-test") as HTMLButtonElement;
  const experiment = new SoftExperiment({ params, ui: panel.ui, ball, plot, button, onStart: () => panel.stopAutoMove() });
  button.addEventListener("click", () => experiment.start(shoulderWorld()));
  return experiment;
}

interface LoopParts {
  readonly standIn: StandInScene;
  readonly view: View;
  readonly params: Params;
  readonly motion: AutoMotion;
  readonly handles: StandInHandles;
  readonly panels: Panels;
  readonly info: InfoPanel;
  readonly userModel: UserModelView;
  readonly terrainWalk: TerrainWalk;
  readonly context: { lost: boolean; lostCount: number; restoredCount: number };
  readonly experiment: SoftExperiment;
  readonly freeRect: () => Rect;
}

/** 매 프레임과 테스트 창구: 루프를 만들고 창구에 이은 뒤 돌린다. */
function startFrameLoop(parts: LoopParts): FrameLoop {
  const { standIn, view, params, motion, handles, panels, experiment } = parts;
  const { renderer, canvas, camera } = view;
  const { stats, limits, sideView, plot, panel } = panels;
  const loop = new FrameLoop({
    ...standIn, testMode, params, renderer, scene: standIn.stage.scene, camera, controls: handles.controls, stats, limits,
    motion, experiment, dragger: handles.dragger, visuals: handles.visuals, keys: handles.keys,
    userModel: parts.userModel, terrainWalk: parts.terrainWalk, sideView, plot, info: parts.info,
    modelActive: () => panel.modelActive,
  });
  installPageHook({
    ...standIn, testMode, reduceMotion, canvas, camera, renderer, context: parts.context, limits, handles, panel,
    motion, experiment, sideView, plot, loop, freeRect: parts.freeRect,
  });
  loop.start();
  return loop;
}

/**
 * 요리법: 화면 → 장면 → 공 → 패널 → 배치 → 내 모델 → 지형 → 실험 → 매 프레임.
 * 콜백 속의 panel·cameraFit·experiment·loop 는 뒤에서 만든다: 불릴 때 (다 만든 뒤) 읽는다.
 */
async function main(): Promise<void> {
  const params = defaultParams(testMode, reduceMotion);
  const roomy = isRoomy();
  const view = createView();
  const standIn = await createStandInScene(params);
  const { scene } = standIn.stage;

  const { motion, handles } = createMotionAndHandles(standIn, view, () => panel.stopAutoMove());
  const { controls } = handles;
  const panels = createPanels(params, roomy, standIn, motion, () => { cameraFit.movedByUser = false; cameraFit.layout(); });
  const { panel } = panels;
  const { cameraFit, info } = fitCameraToPanels(view, controls, panels, roomy);
  const layoutCamera = (): void => cameraFit.layout();
  // 모델·지형이 맞출 상자를 바꾸면: 사용자가 돌린 것을 잊고 다시 맞춘다.
  const fitModelView = (modelView: ModelView | null): void => {
    cameraFit.modelView = modelView;
    cameraFit.movedByUser = false;
    layoutCamera();
  };

  const userModel = wireUserModel({
    view, standIn, params, controls, handles, panel, fitModelView, layoutCamera, cancelExperiment: () => experiment.cancel(),
  });
  // 지형 걷기 (terrainWalk.ts, issue 17): 도구 줄의 «땅 걷기»·«발 딛기»·«기사 모델 불러오기»
  const terrainWalk = await installTerrainWalk({
    scene, camera: view.camera, controls, toolbar: byId("tools"), userModel, params,
    view: { get: () => cameraFit.modelView, set: fitModelView },
  });

  const context = watchContext(view.canvas);
  const experiment = createExperiment(params, panel, standIn.stage.ball, panels.plot, () => loop.shoulderWorld);
  const loop = startFrameLoop({
    standIn, view, params, motion, handles, panels, info, userModel, terrainWalk, context, experiment,
    freeRect: () => cameraFit.free,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  const message = document.createElement("pre");
  message.className = "fatal";
  message.textContent = `데모를 시작하지 못했습니다: ${String(error)}`;
  document.body.appendChild(message);
});
