// 설명 화면의 연결부: 캐릭터·무대·IK·끌기·패널·읽은 값·스트레스 보기를 묶고 매 프레임 돌린다.
// 라이브러리는 공개 API(../src/index)로만 쓴다 — 사용자의 프로젝트와 똑같이.
import { PerspectiveCamera, Quaternion, SkeletonHelper, Vector3, WebGLRenderer } from "three";
import type { Object3D } from "three";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";
import Stats from "three/addons/libs/stats.module.js";
import { createTwoBoneIKResult, solveTwoBoneIK, TwoBoneIK, TwoBoneIKHelper } from "../src/index";
import type { TwoBoneIKOptions } from "../src/index";
import { BendArc, bendAngle } from "./bendArc";
import { BONE_NAMES, createCharacter } from "./character";
import { Door, PALM_TIP, SWING_HANDLE_RADIUS, TURN_HANDLE_RADIUS } from "./door";
import { HandleDragger } from "./drag";
import { GeometryView } from "./geometryView";
import { GhostLimb } from "./ghost";
import type { Handle } from "./handlePick";
import { HandleVisuals } from "./handles";
import { HandleKeys } from "./keyboard";
import { IncomingPose } from "./pose";
import { centerProjectionOn, freeRect, isCramped, isRoomy, resizeRenderer, setupInfoPanel } from "./layout";
import type { Rect } from "./layout";
import { BALL_PATH_START, ballPath, footStep } from "./motion";
import { createMeasurements, Readouts } from "./readouts";
import { SideView } from "./sideView";
import { SpeedPlot } from "./speedPlot";
import {
  BALL_RADIUS, createStage, FOOT_TARGET_RADIUS, KNEE_POLE_RADIUS, POLE_RADIUS, STEP_BOX_FORWARD, STEP_BOX_HEIGHT,
} from "./stage";
import { StressView } from "./stress";
import { installTestHook } from "./testHook";
import type { ExperimentPhase } from "./testHook";
import { installUserModel } from "./userModel";
import { installTerrainWalk } from "./terrainWalk";
import type { ModelView } from "./userModel";
import { TriangleView } from "./triangleView";
import { createUi, defaultParams } from "./ui";
import type { PoleSide } from "./ui";

/** ?test: 화면을 결정적으로 — 자동 움직임 꺼짐, 카메라 고정(관성 없음), 공은 길의 시작점, halo 는 멈춤. */
const testMode = new URLSearchParams(window.location.search).has("test");
/** 움직임 줄이기 설정: 자동 움직임과 halo 의 맥박을 끈다. */
const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** 어깨에서 본 극 공의 자리 (m, 월드 축). 캐릭터는 +Z 를 보고, 오른쪽이 −X. */
const POLE_OFFSETS: Record<PoleSide, readonly [number, number, number]> = {
  back: [-0.45, -0.4, -0.4],
  out: [-0.6, -0.1, 0],
  front: [-0.05, -0.2, 0.6],
  up: [-0.15, 0.5, 0.05],
};
/** 엉덩이에서 본 무릎 극의 자리 (m): 무릎은 앞으로 굽는다. */
const KNEE_POLE_OFFSET = new Vector3(0, -0.35, 0.6);

/**
 * 카메라가 바라보는 점과, 그 점의 깊이에서 화면에 들어와야 할 상자의 반폭·반높이 (m).
 * 캐릭터는 키(1.8 m)가 폭(팔과 공까지 약 1.2 m)보다 크다: 구 하나로 맞추면 세로 화면 위아래가 빈다.
 */
const CAMERA_TARGET = new Vector3(-0.15, 0.92, 0.12);
const CAMERA_FIT_HALF_WIDTH = 0.6;
/** 바닥(발 목표) 조금 아래부터 머리 위 위쪽 극 자리까지: 빈 자리가 작은 휴대폰에서도 캐릭터가 작아지지 않게 여유를 줄였다. */
const CAMERA_FIT_HALF_HEIGHT = 1.02;
const CAMERA_DIRECTION = new Vector3(0.55, 0.28, 1).normalize();
const CAMERA_FOV = 40;

/** 프레임 사이 시간의 상한 (s): 탭을 오래 비웠다 돌아와도 공이 순간 이동하지 않게. */
const MAX_FRAME_DT = 0.1;
/** test 모드의 고정 시간 간격 (s): 자동 움직임이 벽시계가 아니라 프레임 수를 따라 결정적으로 움직인다. */
const TEST_FRAME_DT = 1 / 60;
/** 화면에 보이는 IK 시간의 이동 평균 계수. */
const TIMING_SMOOTHING = 0.05;
/** 처음 화면을 만지기 전의 자동 움직임 속도 (배): 첫 잡기가 빗나가지 않게 천천히. */
const SLOW_START_SPEED = 0.3;
/** ‘끝까지 펴 보기’: d / (a + b) 를 이 범위로 한 번에 SWEEP_FRAMES 프레임 동안 훑는다 (soft 끔, 그다음 켬). */
const SWEEP_FROM = 0.8;
const SWEEP_TO = 1.05;
const SWEEP_FRAMES = 90;
const EXPERIMENT_SOFT = 0.15;

/** 대역 캐릭터에만 뜻이 있는 조절: 사용자 모델을 보는 동안 숨긴다. */
const STAND_IN_ONLY: readonly string[] = [
  "autoMove", "upperLength", "lowerLength", "poleSide", "stress", "grip", "endRotation", "elbowLimit", "kneeLimit", "limitMin", "limitMax",
];
const DEGREE = Math.PI / 180;
const ORIGIN = new Vector3();
/** 굽힘 제한의 호의 바깥 반지름 (m): 팔꿈치, 무릎. */
const ELBOW_ARC_RADIUS = 0.11;
const KNEE_ARC_RADIUS = 0.16;
/** 호의 화면에서의 최소 바깥 반지름 (CSS px): 캐릭터가 작게 보이는 휴대폰에서도 공 (지름 26 px 이상) 뒤에 묻히지 않게. */
const ARC_MIN_RADIUS_PX = 52;

/** 굽힘 bend (라디안) 에서 뼈 a, b 의 삼각형이 닫히는 거리 d = √(a² + b² + 2ab·cos bend). */
function limitedReach(a: number, b: number, bend: number): number {
  return Math.sqrt(Math.max(a * a + b * b + 2 * a * b * Math.cos(bend), 0));
}

async function main(): Promise<void> {
  const params = defaultParams(testMode, reduceMotion);
  const roomy = isRoomy();

  // --- 렌더러와 카메라 ---
  // 픽셀 비율이 2 이상인 화면(휴대폰)은 MSAA 없이도 가장자리가 매끄럽다: 그 비용을 아낀다.
  const renderer = new WebGLRenderer({ antialias: window.devicePixelRatio < 2, powerPreference: "high-performance" });
  const canvas = renderer.domElement;
  canvas.id = "scene";
  document.getElementById("app")!.appendChild(canvas);
  const camera = new PerspectiveCamera(CAMERA_FOV, window.innerWidth / window.innerHeight, 0.05, 50);
  resizeRenderer(renderer);

  // --- 캐릭터와 IK ---
  const character = await createCharacter();
  const upperArm = character.bone(BONE_NAMES.upperArm);
  const lowerArm = character.bone(BONE_NAMES.lowerArm);
  const hand = character.bone(BONE_NAMES.hand);
  const upperLeg = character.bone(BONE_NAMES.upperLeg);
  const lowerLeg = character.bone(BONE_NAMES.lowerLeg);
  const foot = character.bone(BONE_NAMES.foot);
  const armIK = new TwoBoneIK(upperArm, lowerArm, hand);
  const legIK = new TwoBoneIK(upperLeg, lowerLeg, foot);
  legIK.keepEndRotation = true; // 발바닥은 IK 전 자세의 방향 그대로 (평평하게)
  const incomingArm = new IncomingPose([upperArm, lowerArm, hand]);
  const incomingLeg = new IncomingPose([upperLeg, lowerLeg, foot]);
  /** IK 끔: weight 0 으로 풀어 자세는 그대로 두고, 보조 표시가 쓸 목표·극만 기록한다. */
  const IK_OFF: TwoBoneIKOptions = { weight: 0 };

  const applyLengths = (): void => {
    incomingArm.apply();
    incomingLeg.apply();
    // 뼈 길이 = 자식 뼈의 position 길이. IK 는 뼈를 늘리지 않으므로 길이는 리그가 정한다.
    lowerArm.position.setLength(params.upperLength);
    hand.position.setLength(params.lowerLength);
    character.rebuildSkin?.();
  };
  applyLengths();
  character.root.updateMatrixWorld(true);

  const shoulderRest = new Vector3().setFromMatrixPosition(upperArm.matrixWorld);
  const hipRest = new Vector3().setFromMatrixPosition(upperLeg.matrixWorld);
  const footGround = new Vector3().setFromMatrixPosition(foot.matrixWorld);
  const footOnBox = footGround.clone().add(new Vector3(0, STEP_BOX_HEIGHT, STEP_BOX_FORWARD));

  const stage = createStage(footGround.x);
  const { scene, ball, pole, footTarget, kneePole } = stage;
  scene.add(character.root);
  // 문고리 잡기 (issue 16): 문은 ‘문고리 잡기’ 를 켜야 보인다.
  const door = new Door(scene);
  door.setVisible(false);
  const placeKneePole = (): void => { kneePole.position.copy(hipRest).add(KNEE_POLE_OFFSET); };
  placeKneePole();

  // --- 보조 표시 ---
  // 라이브러리의 helper 는 목표·관절·극을 공으로 그린다. 이 화면에서는 끌 수 있는 진짜 공이 그 자리에 있으므로
  // helper 의 공은 숨기고 선만 쓴다: 끌 수 없는 공(미끼)이 화면에 없게.
  const armHelper = new TwoBoneIKHelper(armIK);
  const legHelper = new TwoBoneIKHelper(legIK);
  for (const helper of [armHelper, legHelper]) {
    helper.targetMesh.visible = false;
    helper.jointMesh.visible = false;
    helper.poleMesh.visible = false;
  }
  const triangle = new TriangleView();
  const geometryView = new GeometryView();
  const ghostArm = new GhostLimb(0.03, 0xbfe6ff);
  const ghostLeg = new GhostLimb(0.04, 0xbfe6ff);
  const skeletonHelper = new SkeletonHelper(character.root);
  const helpers: readonly Object3D[] = [armHelper, legHelper, triangle, geometryView, ghostArm, ghostLeg, skeletonHelper];
  scene.add(...helpers);

  const stressView = new StressView();
  scene.add(stressView);

  // --- 공의 모양, 끌기, 키보드, 카메라 조작 (끌기를 먼저 만들어 pointerdown 을 먼저 받는다) ---
  let motionTime = BALL_PATH_START;
  let cameraMovedByUser = false;
  /** 처음 화면을 만지기 전에는 자동 움직임이 천천히 (SLOW_START_SPEED). */
  let fullSpeed = false;
  const stopAutoMove = (): void => { if (params.autoMove) ui.set("autoMove", false); };
  const grabBall = (): void => { visuals.halo = false; stopAutoMove(); };
  const handles: readonly Handle[] = [
    { name: "ball", object: ball, radius: BALL_RADIUS, ringColor: "#ffb3b3", label: "빨간 공 (손 목표)", onGrab: grabBall },
    { name: "pole", object: pole, radius: POLE_RADIUS, ringColor: "#b3d1ff", label: "파란 공 (팔꿈치의 극)" },
    {
      name: "footTarget", object: footTarget, radius: FOOT_TARGET_RADIUS, ringColor: "#b3f0cf", label: "초록 공 (발 목표)",
      onGrab: stopAutoMove,
    },
    { name: "kneePole", object: kneePole, radius: KNEE_POLE_RADIUS, ringColor: "#b3d1ff", label: "작은 파란 공 (무릎의 극)" },
    { name: "doorSwing", object: door.swingHandle, radius: SWING_HANDLE_RADIUS, ringColor: "#fff0b3", label: "노란 공 (문 열기)" },
    { name: "knobTurn", object: door.turnHandle, radius: TURN_HANDLE_RADIUS, ringColor: "#e0c8ff", label: "보라 공 (문고리 돌리기)" },
  ];
  const visuals = new HandleVisuals(scene, handles);
  visuals.animateHalo = !testMode && !reduceMotion;
  const dragger = new HandleDragger(camera, canvas, handles);
  canvas.addEventListener("pointerdown", () => { fullSpeed = true; });
  const keys = new HandleKeys(document.getElementById("handle-keys")!, handles, camera, canvas);
  const controls = new OrbitControls(camera, canvas);
  dragger.setControls(controls);
  controls.enableDamping = !testMode;
  controls.minDistance = 0.6;
  controls.maxDistance = 12;
  controls.addEventListener("start", () => { cameraMovedByUser = true; });

  // --- 프레임 시간 표시 ---
  const stats = new Stats();
  stats.dom.style.cssText = "position:relative;cursor:pointer;opacity:0.9;margin-top:6px";
  document.getElementById("stats-slot")!.appendChild(stats.dom);

  // --- 설명 패널의 그림 둘: 옆 보기와 함정 1 의 그래프 ---
  const sideView = new SideView(document.getElementById("side-view") as HTMLCanvasElement);
  const plot = new SpeedPlot(document.getElementById("speed-plot") as HTMLCanvasElement);

  // --- 패널 ---
  const placePole = (): void => {
    const offset = POLE_OFFSETS[params.poleSide];
    pole.position.set(shoulderRest.x + offset[0], shoulderRest.y + offset[1], shoulderRest.z + offset[2]);
  };
  const placeMovers = (): void => {
    ballPath(motionTime, shoulderRest, ball.position);
    footStep(motionTime, footGround, footOnBox, footTarget.position);
  };
  const applyStats = (): void => { stats.dom.style.display = params.stats ? "block" : "none"; };
  const ikSwitch = document.getElementById("ik-switch")!;
  const ikSwitchLabel = document.getElementById("ik-switch-label")!;
  const syncIkSwitch = (): void => {
    ikSwitch.setAttribute("aria-pressed", String(params.ik));
    ikSwitchLabel.textContent = params.ik ? "IK 켬" : "IK 끔";
  };

  // --- 굽힘 제한 (팔꿈치·무릎): 두 관절이 같은 [min, max] 를 쓴다. 객체는 처음에 하나씩 만들어 고쳐 쓴다. ---
  const elbowLimits = { min: 0, max: Math.PI };
  const kneeLimits = { min: 0, max: Math.PI };
  const elbowArc = new BendArc(ELBOW_ARC_RADIUS, ARC_MIN_RADIUS_PX, 0xff6ad5);
  const kneeArc = new BendArc(KNEE_ARC_RADIUS, ARC_MIN_RADIUS_PX, 0xff6ad5);
  scene.add(elbowArc, kneeArc);
  const limitRange = document.getElementById("limit-range")!;
  const applyLimits = (changed: keyof typeof params | null): void => {
    // min ≤ max 를 지킨다 (라이브러리는 min > max 를 RangeError 로 거절한다): 사용자가 움직이지 않은 쪽을 맞춘다.
    if (params.limitMin > params.limitMax) {
      if (changed === "limitMax") params.limitMin = params.limitMax;
      else params.limitMax = params.limitMin;
      ui.refresh();
    }
    for (const limits of [elbowLimits, kneeLimits]) {
      limits.min = params.limitMin * DEGREE;
      limits.max = params.limitMax * DEGREE;
    }
    armIK.bendLimits = params.elbowLimit ? elbowLimits : null;
    legIK.bendLimits = params.kneeLimit ? kneeLimits : null;
    // 팔이 닿는 거리 d 의 범위: [√(a² + b² + 2ab·cos max), √(a² + b² + 2ab·cos min)] (제한이 없으면 [|a − b|, a + b]).
    const a = params.upperLength, b = params.lowerLength;
    const near = params.elbowLimit ? limitedReach(a, b, elbowLimits.max) : Math.abs(a - b);
    const far = params.elbowLimit ? limitedReach(a, b, elbowLimits.min) : a + b;
    limitRange.textContent = `팔이 닿는 d: ${near.toFixed(3)} – ${far.toFixed(3)} m (제한 없이 ${Math.abs(a - b).toFixed(3)} – ${(a + b).toFixed(3)} m)`;
  };

  // --- 문고리 잡기: 손이 빨간 공 대신 문고리를 잡는다. tip = 손바닥, 끝 회전 = 문고리 (grip 객체) 의 월드 회전 ---
  /** 사용자 모델을 보는 동안에는 대역의 공·문을 다시 보이지 않는다. */
  let modelActive = false;
  const applyGrip = (): void => {
    door.setVisible(params.grip && !modelActive);
    ball.visible = !params.grip && !modelActive;
    armIK.tip.copy(params.grip ? PALM_TIP : ORIGIN);
    armIK.target = door.grip;
    armIK.pole = pole;
    document.body.classList.toggle("grip-active", params.grip && !modelActive);
    // ‘끝 회전’ 은 문고리를 잡을 때만 뜻이 있다.
    for (const controller of ui.gui.controllersRecursive()) {
      if (controller.property === "endRotation") controller.enable(params.grip);
    }
  };

  const ui = createUi(document.getElementById("controls")!, params, {
    onLengthsChange: () => { applyLengths(); applyLimits(null); },
    onPoleSideChange: placePole,
    onStatsChange: applyStats,
    onStressChange: () => stressView.setCount(params.stress),
    // 사용자가 자동 움직임을 켜면 제 속도로.
    onAutoMoveChange: () => { if (params.autoMove) fullSpeed = true; },
    onIkChange: syncIkSwitch,
    onGripChange: () => {
      // 문고리를 잡는 팔꿈치는 바깥·아래로 굽는다: 굽는 평면이 카메라를 마주 봐 팔꿈치의 제한 호도 잘 보인다.
      if (params.grip) ui.set("poleSide", "out");
      applyGrip();
    },
    onLimitsChange: applyLimits,
    onReset: () => {
      Object.assign(params, defaultParams(testMode, reduceMotion));
      ui.refresh();
      motionTime = BALL_PATH_START;
      applyLengths();
      placePole();
      placeKneePole();
      placeMovers();
      applyStats();
      syncIkSwitch();
      applyGrip();
      applyLimits(null);
      door.set(0, 0);
      stressView.setCount(params.stress);
      cameraMovedByUser = false;
      layoutCamera();
    },
  }, roomy);
  ikSwitch.addEventListener("click", () => ui.set("ik", !params.ik));

  // --- 배치: 패널이 가리지 않는 빈 자리에 장면을 맞춘다 ---
  const hintElement = document.getElementById("hint")!;
  const infoElement = document.getElementById("info")!;
  const toolsElement = document.getElementById("tools")!;
  const guiElement = ui.gui.domElement;
  let free: Rect = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
  /** 사용자 모델을 맞출 상자 (없으면 대역에 맞춘다). userModel.ts 가 모델을 올릴 때 정한다. */
  let modelView: ModelView | null = null;
  /**
   * 빈 자리의 가운데에 투영 중심을 두고 (layout.ts), 사용자가 카메라를 돌리지 않았으면 캐릭터와 공의 길이
   * 빈 자리에 들어오도록 거리를 잡는다. 가상 화면의 높이 H 에서 깊이 D 의 1 m 는 H / (2·D·tan(fov/2)) px 이므로
   * 반높이 h, 반폭 w 인 상자가 빈 자리 (fw × fh) 에 들어오는 거리는 D = max(h·H / (fh·tan), w·H / (fw·tan)).
   */
  const layoutCamera = (): void => {
    free = freeRect([hintElement, toolsElement, infoElement, guiElement]);
    const fullHeight = centerProjectionOn(camera, free, window.innerWidth, window.innerHeight);
    if (!cameraMovedByUser) {
      const tanHalf = Math.tan((camera.fov * Math.PI) / 360);
      const fw = Math.max(free.right - free.left, 1), fh = Math.max(free.bottom - free.top, 1);
      // 사용자 모델이 있으면 그 상자에, 없으면 대역에 맞춘다 (같은 식, 모델은 상자의 반깊이만큼 더 물러선다).
      const view = modelView;
      const target = view === null ? CAMERA_TARGET : view.center;
      const halfHeight = view === null ? CAMERA_FIT_HALF_HEIGHT : view.halfHeight;
      const halfWidth = view === null ? CAMERA_FIT_HALF_WIDTH : view.halfWidth;
      const distance = Math.max((halfHeight * fullHeight) / (fh * tanHalf), (halfWidth * fullHeight) / (fw * tanHalf))
        + (view === null ? 0 : view.halfDepth);
      controls.target.copy(target);
      camera.position.copy(target).addScaledVector(view === null ? CAMERA_DIRECTION : view.direction, distance);
      camera.lookAt(target);
      controls.update();
    }
    sideView.resize();
    plot.resize();
  };

  // 휴대폰(좁은 화면)에서는 패널을 하나만 편다: 설명을 펴면 조절을 접고, 조절을 펴면 설명을 접는다.
  const info = setupInfoPanel(roomy, (open) => {
    if (open && isCramped()) ui.gui.close();
    layoutCamera();
  });
  ui.gui.domElement.querySelector(".title")!.addEventListener("click", () => {
    if (!ui.gui._closed && isCramped() && info.isOpen()) info.setOpen(false);
    layoutCamera();
  });
  // 패널의 크기가 바뀌면 (펴고 접기·글자 크기·방향 전환) 빈 자리를 다시 잰다.
  const resizeObserver = new ResizeObserver(() => layoutCamera());
  resizeObserver.observe(infoElement);
  resizeObserver.observe(guiElement);

  placePole();
  placeMovers();
  applyStats();
  syncIkSwitch();
  applyGrip();
  applyLimits(null);
  layoutCamera();

  window.addEventListener("resize", () => {
    resizeRenderer(renderer);
    layoutCamera();
  });

  // --- 내 모델 열기 (userModel.ts): 모델이 올라오면 대역과 그 공·상자를 숨긴다 ---
  const userModel = installUserModel({
    scene, camera, controls, canvas, params,
    standIn: [character.root, ball, pole, footTarget, kneePole, stage.stepBox],
    toolbar: toolsElement,
    keysContainer: document.getElementById("handle-keys")!,
    fitView: (view) => {
      modelView = view;
      cameraMovedByUser = false;
      layoutCamera();
    },
    onActivate: () => {
      // 대역의 공을 키보드로 고를 수 없게 (숨긴 공은 끌 수도 없다), 실험은 멈춘다. 문고리 잡기도 끈다.
      keys.setEnabled(false);
      modelActive = true;
      if (params.grip) ui.set("grip", false);
      if (experiment.phase === "soft-off" || experiment.phase === "soft-on") {
        experiment.phase = "done";
        ui.set("soft", experiment.savedSoft);
        experimentButton.disabled = false;
      }
      document.body.classList.add("model-active");
      // 대역에만 있는 조절 (팔 길이, 극 자리, 자동 움직임, 스트레스 보기) 은 숨긴다: 모델에는 아무 일도 하지 않는다.
      if (params.stress > 0) ui.set("stress", 0);
      for (const controller of ui.gui.controllersRecursive()) {
        if (STAND_IN_ONLY.includes(controller.property)) controller.hide();
      }
      layoutCamera();
    },
  });

  // --- 지형 걷기 (terrainWalk.ts, issue 17): 도구 줄의 «땅 걷기»·«발 딛기»·«기사 모델 불러오기» ---
  const terrainWalk = await installTerrainWalk({
    scene, camera, controls, toolbar: toolsElement, userModel, params,
    view: { get: () => modelView, set: (view) => { modelView = view; cameraMovedByUser = false; layoutCamera(); } },
  });

  // --- WebGL 컨텍스트 잃음·복구: 휴대폰은 백그라운드에서 컨텍스트를 버린다. 루프는 계속 돈다. ---
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

  // --- 함정 1 의 실험: 공을 어깨에서 곧게 멀어지게 훑는다 (soft 끔, 그다음 켬) ---
  const experiment = { phase: "idle" as ExperimentPhase, frame: 0, savedSoft: 0, axis: new Vector3(), jumped: false };
  const experimentButton = document.getElementById("extend-test") as HTMLButtonElement;
  const startExperiment = (): void => {
    stopAutoMove();
    if (params.grip) ui.set("grip", false); // 실험은 빨간 공으로 한다
    plot.clear();
    experiment.savedSoft = params.soft;
    ui.set("soft", 0);
    experiment.axis.subVectors(ball.position, shoulderWorld);
    if (experiment.axis.lengthSq() < 1e-8) experiment.axis.set(-0.5, -0.3, 0.8);
    experiment.axis.normalize();
    experiment.phase = "soft-off";
    experiment.frame = 0;
    experimentButton.disabled = true;
  };
  experimentButton.addEventListener("click", startExperiment);
  /** 실험 중이면 이번 프레임의 공 자리를 놓는다. 공이 크게 건너뛴 프레임이면 true (그래프에 찍지 않는다). */
  const stepExperiment = (): boolean => {
    if (experiment.phase !== "soft-off" && experiment.phase !== "soft-on") return false;
    // 한 번 훑기가 끝났으면 다음 단계로. soft 가 바뀌는 프레임은 공이 제자리여도 팔꿈치가 옮겨 가므로 찍지 않는다.
    let jumped = experiment.frame === 0;
    if (experiment.frame > SWEEP_FRAMES) {
      jumped = true;
      experiment.frame = 0;
      if (experiment.phase === "soft-off") {
        experiment.phase = "soft-on";
        ui.set("soft", EXPERIMENT_SOFT);
      } else {
        experiment.phase = "done";
        ui.set("soft", experiment.savedSoft);
        experimentButton.disabled = false;
        return true;
      }
    }
    const t = experiment.frame / SWEEP_FRAMES;
    const armLength = params.upperLength + params.lowerLength;
    ball.position.copy(shoulderWorld).addScaledVector(experiment.axis, (SWEEP_FROM + (SWEEP_TO - SWEEP_FROM) * t) * armLength);
    experiment.frame++;
    return jumped;
  };

  // --- 매 프레임 (할당 없음) ---
  const readouts = new Readouts();
  const measurements = createMeasurements();
  const shoulderWorld = new Vector3().copy(shoulderRest);
  const elbowWorld = new Vector3();
  const handWorld = new Vector3();
  const hipWorld = new Vector3();
  const kneeWorld = new Vector3();
  const footWorld = new Vector3();
  const toElbow = new Vector3();
  const toHand = new Vector3();
  const previousBall = new Vector3().copy(ball.position);
  const gripWorld = new Vector3();
  const tipWorld = new Vector3();
  const bends = { elbow: 0, knee: 0 };
  const viewPoint = new Vector3();
  /** 월드 점 point 의 깊이에서 화면 1 CSS px 가 몇 m 인가. */
  const metresPerPxAt = (point: Vector3, pixelsPerUnit: number): number =>
    Math.max(-viewPoint.copy(point).applyMatrix4(camera.matrixWorldInverse).z, 0) / Math.max(pixelsPerUnit, 1e-9);
  const previousElbow = new Vector3();
  const ghostArmResult = createTwoBoneIKResult();
  const ghostLegResult = createTwoBoneIKResult();
  const timing = { frames: 0, ikSum: 0, stressSum: 0, stressFrames: 0, pageSum: 0, renderSum: 0 };
  let previous = performance.now();
  let clock = 0;
  const frameState = { frame: 0, ready: false };

  const frame = (now: number): void => {
    requestAnimationFrame(frame); // 무슨 일이 있어도 루프는 계속
    const pageStart = performance.now();
    const dt = testMode ? TEST_FRAME_DT : Math.min((now - previous) / 1000, MAX_FRAME_DT);
    previous = now;
    clock += dt;
    if (params.stats) stats.begin();

    if (params.autoMove && dragger.dragging === null && experiment.phase !== "soft-off" && experiment.phase !== "soft-on") {
      motionTime += dt * (fullSpeed ? 1 : SLOW_START_SPEED);
      placeMovers();
    }
    const experimentJump = stepExperiment();
    controls.update();
    // 문고리 잡기: 끌기·키보드가 옮긴 노란·보라 공을 문의 열린 각·문고리의 돌린 각으로 (팔 IK 의 목표는 grip 객체).
    if (params.grip) {
      door.update();
      gripWorld.setFromMatrixPosition(door.grip.matrixWorld);
    }
    const armTarget = params.grip ? gripWorld : ball.position;

    // IK 전 자세로 되돌리고, 보조 표시가 켜져 있으면 그 자세의 관절 위치를 유령에 쓴다.
    incomingArm.apply();
    incomingLeg.apply();
    const showGhost = params.helpers;
    if (showGhost && params.ik) {
      upperArm.updateWorldMatrix(true, false);
      lowerArm.updateWorldMatrix(false, false);
      hand.updateWorldMatrix(false, false);
      upperLeg.updateWorldMatrix(true, false);
      lowerLeg.updateWorldMatrix(false, false);
      foot.updateWorldMatrix(false, false);
      ghostArm.set(shoulderWorld.setFromMatrixPosition(upperArm.matrixWorld), elbowWorld.setFromMatrixPosition(lowerArm.matrixWorld),
        handWorld.setFromMatrixPosition(hand.matrixWorld));
      ghostLeg.set(hipWorld.setFromMatrixPosition(upperLeg.matrixWorld), kneeWorld.setFromMatrixPosition(lowerLeg.matrixWorld),
        footWorld.setFromMatrixPosition(foot.matrixWorld));
    }

    // IK: IK 전 자세에서 시작해 팔과 다리를 푼다.
    const ikStart = performance.now();
    armIK.soft = params.soft;
    if (params.grip) {
      // ik.target = 문고리의 grip 객체, ik.pole = 파란 공: update() 가 그 월드 위치 (와 끝 회전이 켜져 있으면 월드 회전) 로 푼다.
      armIK.weight = params.ik ? params.weight : 0;
      armIK.useTargetRotation = params.endRotation;
      armIK.update();
    } else if (params.ik) {
      armIK.weight = params.weight;
      armIK.solve(ball.position, pole.position);
    } else {
      armIK.solve(ball.position, pole.position, IK_OFF);
    }
    if (params.ik) {
      legIK.weight = params.weight;
      legIK.solve(footTarget.position, kneePole.position);
    } else {
      legIK.solve(footTarget.position, kneePole.position, IK_OFF);
    }
    const ikMs = performance.now() - ikStart;
    measurements.ikMs += (ikMs - measurements.ikMs) * TIMING_SMOOTHING;
    timing.ikSum += ikMs;

    if (params.stress > 0) {
      stressView.update(motionTime + now / 1000);
      measurements.stressMs += (stressView.lastIkMs - measurements.stressMs) * TIMING_SMOOTHING;
      timing.stressSum += stressView.lastIkMs;
      timing.stressFrames++;
    }
    measurements.stressCount = stressView.limbCount;

    // 측정: 뼈의 월드 위치에서 (IK 가 방금 월드 행렬을 갱신했다).
    shoulderWorld.setFromMatrixPosition(upperArm.matrixWorld);
    elbowWorld.setFromMatrixPosition(lowerArm.matrixWorld);
    handWorld.setFromMatrixPosition(hand.matrixWorld);
    // 효과점: 목표에 닿을 점 (빨간 공이면 손목, 문고리면 손바닥의 tip).
    tipWorld.copy(armIK.tip).applyMatrix4(hand.matrixWorld);
    measurements.distance = shoulderWorld.distanceTo(armTarget);
    measurements.upper = shoulderWorld.distanceTo(elbowWorld);
    measurements.lower = elbowWorld.distanceTo(handWorld);
    measurements.gap = tipWorld.distanceTo(armTarget);
    toElbow.subVectors(elbowWorld, shoulderWorld);
    toHand.subVectors(handWorld, shoulderWorld);
    measurements.theta = toElbow.angleTo(toHand);
    toElbow.negate();
    toHand.subVectors(handWorld, elbowWorld);
    measurements.elbow = toElbow.angleTo(toHand);
    measurements.reachable = armIK.result.reachable;
    measurements.limited = params.elbowLimit;
    if (params.elbowLimit) {
      measurements.limitNear = limitedReach(measurements.upper, measurements.lower, elbowLimits.max);
      measurements.limitFar = limitedReach(measurements.upper, measurements.lower, elbowLimits.min);
    }
    measurements.ik = params.ik;
    measurements.soft = params.soft;
    measurements.weight = params.weight;

    userModel.update(dt);

    // 함정 1: 공이 움직인 만큼 팔꿈치가 얼마나 움직였나 (IK 가 켜져 있을 때).
    if (params.ik && !experimentJump) {
      plot.add(measurements.distance / (measurements.upper + measurements.lower), previousBall.distanceTo(armTarget),
        previousElbow.distanceTo(elbowWorld), params.soft);
    }
    previousBall.copy(armTarget);
    previousElbow.copy(elbowWorld);

    // 보조 표시: IK 를 끄면 삼각형·유령·p 는 IK 가 만들 자세 (순수 수학 solveTwoBoneIK) 위에 그린다.
    for (let i = 0; i < helpers.length; i++) helpers[i]!.visible = params.helpers && !userModel.active;
    let triangleElbow = elbowWorld, triangleHand = handWorld;
    if (!params.ik) {
      solveTwoBoneIK(shoulderWorld, measurements.upper, measurements.lower, armTarget, pole.position, ghostArmResult);
      triangleElbow = ghostArmResult.joint;
      triangleHand = ghostArmResult.end;
      if (showGhost) {
        ghostArm.set(shoulderWorld, ghostArmResult.joint, ghostArmResult.end);
        hipWorld.setFromMatrixPosition(upperLeg.matrixWorld);
        kneeWorld.setFromMatrixPosition(lowerLeg.matrixWorld);
        footWorld.setFromMatrixPosition(foot.matrixWorld);
        solveTwoBoneIK(hipWorld, hipWorld.distanceTo(kneeWorld), kneeWorld.distanceTo(footWorld), footTarget.position, kneePole.position, ghostLegResult);
        ghostLeg.set(hipWorld, ghostLegResult.joint, ghostLegResult.end);
      }
    }
    geometryView.update(shoulderWorld, triangleElbow, armTarget, pole.position, measurements.upper, measurements.lower);
    measurements.poleAngle = geometryView.poleAngle;
    // 뒤집힘 경고는 대역의 팔에 관한 것: 사용자 모델이 있으면 띄우지 않는다.
    measurements.flipDanger = geometryView.danger && !userModel.active;
    if (params.helpers) triangle.update(shoulderWorld, triangleElbow, triangleHand);

    // 굽힘 제한: 라이브러리가 제한하는 삼각형 (뿌리 – 관절 – 효과점) 의 굽힘과 허락된 [min, max] 의 호.
    // 효과점은 끝 회전이 정해지면 끝 뼈의 원점, 따라감 + tip 이면 tip (spec/END_EFFECTOR.md).
    const bendEffector = params.grip && !params.endRotation ? tipWorld : handWorld;
    hipWorld.setFromMatrixPosition(upperLeg.matrixWorld);
    kneeWorld.setFromMatrixPosition(lowerLeg.matrixWorld);
    footWorld.setFromMatrixPosition(foot.matrixWorld);
    bends.elbow = bendAngle(shoulderWorld, elbowWorld, bendEffector);
    bends.knee = bendAngle(hipWorld, kneeWorld, footWorld);
    elbowArc.visible = params.elbowLimit && !modelActive;
    kneeArc.visible = params.kneeLimit && !modelActive;
    const pixelsPerUnit = (camera.projectionMatrix.elements[5]! * window.innerHeight) / 2;
    if (elbowArc.visible) {
      elbowArc.update(shoulderWorld, elbowWorld, bendEffector, pole.position, elbowLimits.min, elbowLimits.max,
        metresPerPxAt(elbowWorld, pixelsPerUnit));
    }
    if (kneeArc.visible) {
      kneeArc.update(hipWorld, kneeWorld, footWorld, kneePole.position, kneeLimits.min, kneeLimits.max, metresPerPxAt(kneeWorld, pixelsPerUnit));
    }

    // 공의 모양 (최소 크기·고리·halo·내린 선), 키보드 초점 고리.
    visuals.hovered = dragger.hovered === null ? null : dragger.hovered.name;
    visuals.dragged = dragger.dragging === null ? null : dragger.dragging.name;
    visuals.focused = keys.focused;
    visuals.update(camera, pixelsPerUnit, clock);
    keys.update();
    if (params.grip) door.placeTip(hand.matrixWorld, armIK.tip, pixelsPerUnit);

    readouts.update(now, measurements);
    if (info.isOpen()) {
      toHand.subVectors(triangleHand, shoulderWorld);
      sideValues.a = measurements.upper;
      sideValues.b = measurements.lower;
      sideValues.distance = measurements.distance;
      sideValues.reach = toHand.length();
      toElbow.subVectors(triangleElbow, shoulderWorld);
      sideValues.theta = toElbow.angleTo(toHand);
      toElbow.subVectors(shoulderWorld, triangleElbow);
      toHand.subVectors(triangleHand, triangleElbow);
      sideValues.elbow = toElbow.angleTo(toHand);
      sideView.update(sideValues);
      plot.draw(now);
    }

    terrainWalk.update(dt); // 지형 걷기 (terrainWalk.ts): 켜져 있으면 캐릭터를 지형에 세운다
    const renderStart = performance.now();
    timing.pageSum += renderStart - pageStart;
    renderer.render(scene, camera); // 컨텍스트를 잃은 동안 three 는 그리지 않고 돌아온다
    timing.renderSum += performance.now() - renderStart;
    timing.frames++;
    frameState.frame++;
    // 첫 프레임(IK 를 풀고 그림)이 화면에 나간 다음 프레임에 준비 완료.
    if (frameState.frame >= 2) frameState.ready = true;
    if (params.stats) stats.end();
  };
  const sideValues = { a: 0, b: 0, distance: 0, reach: 0, theta: 0, elbow: 0 };

  installTestHook({
    testMode,
    frameState,
    params,
    ui,
    canvas,
    camera,
    renderer,
    context,
    timing,
    dragger,
    arm: { shoulder: upperArm, elbow: lowerArm, hand },
    leg: { hip: upperLeg, knee: lowerLeg, foot },
    tip: () => tipWorld,
    knob: door.grip,
    tipMarker: door.tipMarker,
    grip: () => {
      const quat = (q: Quaternion): [number, number, number, number] => [q.x, q.y, q.z, q.w];
      return {
        active: params.grip,
        endRotation: params.endRotation,
        hand: quat(hand.getWorldQuaternion(new Quaternion())),
        knob: quat(door.grip.getWorldQuaternion(new Quaternion())),
        swingDeg: door.swing / DEGREE,
        turnDeg: door.turn / DEGREE,
        reachable: armIK.result.reachable,
      };
    },
    setDoor: (swingDeg, turnDeg) => door.set(swingDeg * DEGREE, turnDeg * DEGREE),
    limits: () => {
      const state = (on: boolean, limits: { min: number; max: number }, bend: number, arc: BendArc) => ({
        on, minDeg: limits.min / DEGREE, maxDeg: limits.max / DEGREE, bendDeg: bend / DEGREE,
        arcVisible: arc.visible, arcMinDeg: arc.drawnMin / DEGREE, arcMaxDeg: arc.drawnMax / DEGREE,
      });
      return {
        elbow: state(params.elbowLimit, elbowLimits, bends.elbow, elbowArc),
        knee: state(params.kneeLimit, kneeLimits, bends.knee, kneeArc),
      };
    },
    incomingArm,
    objects: { ball, pole, footTarget, kneePole, doorSwing: door.swingHandle, knobTurn: door.turnHandle },
    helpers,
    stressCount: () => stressView.limbCount,
    isArmReachable: () => armIK.result.reachable,
    extra: () => ({
      halo: visuals.halo,
      autoMoveSpeed: params.autoMove ? (fullSpeed ? 1 : SLOW_START_SPEED) : 0,
      reduceMotion,
      flipWarning: readouts.flipWarningShown,
      poleAngleDeg: (geometryView.poleAngle * 180) / Math.PI,
      experiment: experiment.phase,
      hovered: dragger.hovered === null ? null : dragger.hovered.name,
      focused: keys.focused,
      freeRect: { ...free },
    }),
    drawnDiameter: (name) => visuals.drawnDiameter(name),
    plot: () => ({
      softOffMax: plot.softOff.maxY,
      softOnMax: plot.softOn.maxY,
      softOffCount: plot.softOff.count,
      softOnCount: plot.softOn.count,
      draws: plot.draws,
      sideViewDraws: sideView.draws,
    }),
    geometry: () => ({
      outerRadius: geometryView.outerRadius,
      innerRadius: geometryView.innerRadius,
      p: geometryView.pDirection.toArray(),
      ghostElbow: ghostArm.jointPosition.toArray(),
      ghostHand: ghostArm.endPosition.toArray(),
      ghostVisible: ghostArm.visible,
    }),
  });

  requestAnimationFrame(frame);
}

main().catch((error: unknown) => {
  console.error(error);
  const message = document.createElement("pre");
  message.className = "fatal";
  message.textContent = `데모를 시작하지 못했습니다: ${String(error)}`;
  document.body.appendChild(message);
});
