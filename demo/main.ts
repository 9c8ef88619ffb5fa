// 설명 화면의 연결부: 캐릭터·무대·IK·끌기·패널·읽은 값·스트레스 보기를 묶고 매 프레임 돌린다.
// 라이브러리는 공개 API(../src/index)로만 쓴다 — 사용자의 프로젝트와 똑같이.
import { PerspectiveCamera, SkeletonHelper, Vector3, WebGLRenderer } from "three";
import type { Object3D } from "three";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";
import Stats from "three/addons/libs/stats.module.js";
import { TwoBoneIK, TwoBoneIKHelper } from "../src/index";
import type { TwoBoneIKOptions } from "../src/index";
import { BONE_NAMES, createCharacter } from "./character";
import { HandleDragger } from "./drag";
import { IncomingPose } from "./pose";
import { isRoomy, resizeRenderer, setupInfoPanel } from "./layout";
import { BALL_PATH_START, ballPath, footStep } from "./motion";
import { createMeasurements, Readouts } from "./readouts";
import { BALL_RADIUS, createStage, FOOT_TARGET_RADIUS, POLE_RADIUS, STEP_BOX_FORWARD, STEP_BOX_HEIGHT } from "./stage";
import { StressView } from "./stress";
import { installTestHook } from "./testHook";
import { installUserModel } from "./userModel";
import { TriangleView } from "./triangleView";
import { createUi, defaultParams } from "./ui";
import type { PoleSide } from "./ui";

/** ?test: 화면을 결정적으로 — 자동 움직임 꺼짐, 카메라 고정(관성 없음), 공은 길의 시작점. */
const testMode = new URLSearchParams(window.location.search).has("test");

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
const CAMERA_TARGET = new Vector3(-0.15, 0.88, 0.12);
const CAMERA_FIT_HALF_WIDTH = 0.62;
const CAMERA_FIT_HALF_HEIGHT = 1.12;
const CAMERA_DIRECTION = new Vector3(0.55, 0.28, 1).normalize();
const CAMERA_FOV = 40;

/** 프레임 사이 시간의 상한 (s): 탭을 오래 비웠다 돌아와도 공이 순간 이동하지 않게. */
const MAX_FRAME_DT = 0.1;
/** test 모드의 고정 시간 간격 (s): 자동 움직임이 벽시계가 아니라 프레임 수를 따라 결정적으로 움직인다. */
const TEST_FRAME_DT = 1 / 60;
/** 화면에 보이는 IK 시간의 이동 평균 계수. */
const TIMING_SMOOTHING = 0.05;

async function main(): Promise<void> {
  const params = defaultParams(testMode);
  const roomy = isRoomy();

  // --- 렌더러와 카메라 ---
  // 픽셀 비율이 2 이상인 화면(휴대폰)은 MSAA 없이도 가장자리가 매끄럽다: 그 비용을 아낀다.
  const renderer = new WebGLRenderer({ antialias: window.devicePixelRatio < 2, powerPreference: "high-performance" });
  const canvas = renderer.domElement;
  canvas.id = "scene";
  document.getElementById("app")!.appendChild(canvas);
  const camera = new PerspectiveCamera(CAMERA_FOV, window.innerWidth / window.innerHeight, 0.05, 50);
  resizeRenderer(renderer, camera);

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
  legIK.keepEndRotation = true; // 발바닥은 들어온 자세의 방향 그대로 (평평하게)
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
  kneePole.position.copy(hipRest).add(KNEE_POLE_OFFSET);

  // --- 보조 표시 ---
  const armHelper = new TwoBoneIKHelper(armIK);
  const legHelper = new TwoBoneIKHelper(legIK);
  const triangle = new TriangleView();
  const skeletonHelper = new SkeletonHelper(character.root);
  const helpers: readonly Object3D[] = [armHelper, legHelper, triangle, skeletonHelper];
  scene.add(...helpers);

  const stressView = new StressView();
  scene.add(stressView);

  // --- 카메라 조작과 끌기 (끌기를 먼저 만들어 pointerdown 을 먼저 받는다) ---
  let motionTime = BALL_PATH_START;
  let cameraMovedByUser = false;
  const dragger = new HandleDragger(camera, canvas, [
    { name: "ball", object: ball, radius: BALL_RADIUS, onGrab: () => { if (params.autoMove) ui.set("autoMove", false); } },
    { name: "pole", object: pole, radius: POLE_RADIUS },
    { name: "footTarget", object: footTarget, radius: FOOT_TARGET_RADIUS, onGrab: () => { if (params.autoMove) ui.set("autoMove", false); } },
  ]);
  const controls = new OrbitControls(camera, canvas);
  dragger.setControls(controls);
  controls.enableDamping = !testMode;
  controls.minDistance = 0.6;
  controls.maxDistance = 12;
  controls.addEventListener("start", () => { cameraMovedByUser = true; });

  /**
   * 캐릭터와 공의 길이 화면에 들어오도록 카메라 거리를 잡는다: 거리 D 에서 보이는 반높이는 D·tan(fov/2),
   * 반폭은 D·tan(fov/2)·aspect 이므로 D = max(반높이 / tan(fov/2), 반폭 / (tan(fov/2)·aspect)).
   * 세로 화면에서는 폭이, 가로 화면에서는 높이가 거리를 정한다.
   */
  const fitCamera = (): void => {
    const tanHalf = Math.tan((camera.fov * Math.PI) / 360);
    const distance = Math.max(CAMERA_FIT_HALF_HEIGHT / tanHalf, CAMERA_FIT_HALF_WIDTH / (tanHalf * camera.aspect));
    controls.target.copy(CAMERA_TARGET);
    camera.position.copy(CAMERA_TARGET).addScaledVector(CAMERA_DIRECTION, distance);
    camera.lookAt(CAMERA_TARGET);
    controls.update();
  };

  // --- 프레임 시간 표시 ---
  const stats = new Stats();
  stats.dom.style.cssText = "position:relative;cursor:pointer;opacity:0.9;margin-top:6px";
  document.getElementById("stats-slot")!.appendChild(stats.dom);

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

  const ui = createUi(document.getElementById("controls")!, params, {
    onLengthsChange: applyLengths,
    onPoleSideChange: placePole,
    onStatsChange: applyStats,
    onStressChange: () => stressView.setCount(params.stress),
    onAutoMoveChange: () => undefined,
    onReset: () => {
      Object.assign(params, defaultParams(testMode));
      ui.refresh();
      motionTime = BALL_PATH_START;
      applyLengths();
      placePole();
      placeMovers();
      applyStats();
      stressView.setCount(params.stress);
      cameraMovedByUser = false;
      fitCamera();
    },
  }, roomy);
  setupInfoPanel(roomy);

  placePole();
  placeMovers();
  applyStats();
  fitCamera();

  window.addEventListener("resize", () => {
    resizeRenderer(renderer, camera);
    if (!cameraMovedByUser) fitCamera();
  });

  // --- 내 모델 열기 (userModel.ts): 모델이 올라오면 대역과 그 공·상자를 숨긴다 ---
  const userModel = installUserModel({
    scene, camera, controls, canvas, params,
    standIn: [character.root, ball, pole, footTarget, stage.stepBox],
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

  // --- 매 프레임 (할당 없음) ---
  const readouts = new Readouts();
  const measurements = createMeasurements();
  const shoulderWorld = new Vector3();
  const elbowWorld = new Vector3();
  const handWorld = new Vector3();
  const toElbow = new Vector3();
  const toHand = new Vector3();
  const timing = { frames: 0, ikSum: 0, stressSum: 0, stressFrames: 0 };
  let previous = performance.now();
  const frameState = { frame: 0, ready: false };

  const frame = (now: number): void => {
    requestAnimationFrame(frame); // 무슨 일이 있어도 루프는 계속
    const dt = testMode ? TEST_FRAME_DT : Math.min((now - previous) / 1000, MAX_FRAME_DT);
    previous = now;
    if (params.stats) stats.begin();

    if (params.autoMove && dragger.dragging === null) {
      motionTime += dt;
      placeMovers();
    }
    controls.update();

    // IK: 들어온 자세에서 시작해 팔과 다리를 푼다.
    const ikStart = performance.now();
    incomingArm.apply();
    incomingLeg.apply();
    if (params.ik) {
      armIK.weight = params.weight;
      armIK.soft = params.soft;
      legIK.weight = params.weight;
      armIK.solve(ball.position, pole.position);
      legIK.solve(footTarget.position, kneePole.position);
    } else {
      armIK.solve(ball.position, pole.position, IK_OFF);
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
    measurements.distance = shoulderWorld.distanceTo(ball.position);
    measurements.upper = shoulderWorld.distanceTo(elbowWorld);
    measurements.lower = elbowWorld.distanceTo(handWorld);
    measurements.gap = handWorld.distanceTo(ball.position);
    toElbow.subVectors(elbowWorld, shoulderWorld);
    toHand.subVectors(handWorld, shoulderWorld);
    measurements.theta = toElbow.angleTo(toHand);
    measurements.reachable = armIK.result.reachable;
    measurements.ik = params.ik;
    measurements.soft = params.soft;
    measurements.weight = params.weight;

    userModel.update(dt);
    for (let i = 0; i < helpers.length; i++) helpers[i]!.visible = params.helpers && !userModel.active;
    if (params.helpers) triangle.update(shoulderWorld, elbowWorld, handWorld);
    readouts.update(now, measurements);

    renderer.render(scene, camera); // 컨텍스트를 잃은 동안 three 는 그리지 않고 돌아온다
    timing.frames++;
    frameState.frame++;
    // 첫 프레임(IK 를 풀고 그림)이 화면에 나간 다음 프레임에 준비 완료.
    if (frameState.frame >= 2) frameState.ready = true;
    if (params.stats) stats.end();
  };

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
    incomingArm,
    objects: { ball, pole, footTarget },
    helpers,
    stressCount: () => stressView.limbCount,
    isArmReachable: () => armIK.result.reachable,
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
