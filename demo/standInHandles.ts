// 대역 화면의 끌 수 있는 공 여섯 개 (손 목표, 팔꿈치의 극, 발 목표, 무릎의 극, 문 열기, 문고리 돌리기) 와
// 그 모양·끌기·키보드, 그리고 카메라 조작. 끌기를 OrbitControls 보다 먼저 만들어 pointerdown 을 먼저 받는다.
import type { PerspectiveCamera } from "three";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";
import { Door, SWING_HANDLE_RADIUS, TURN_HANDLE_RADIUS } from "./door";
import { HandleDragger } from "./drag";
import type { Handle } from "./handlePick";
import { HandleVisuals } from "./handles";
import { HandleKeys } from "./keyboard";
import { BALL_RADIUS, FOOT_TARGET_RADIUS, KNEE_POLE_RADIUS, POLE_RADIUS } from "./stage";
import type { Stage } from "./stage";

/** 카메라가 캐릭터에 다가가고 물러설 수 있는 거리 (m). */
const MIN_CAMERA_DISTANCE = 0.6;
const MAX_CAMERA_DISTANCE = 12;

export interface StandInHandlesDeps {
  readonly stage: Stage;
  readonly door: Door;
  readonly camera: PerspectiveCamera;
  readonly canvas: HTMLCanvasElement;
  /** 키보드로 공을 고르는 단추들의 자리 (#handle-keys). */
  readonly keysContainer: HTMLElement;
  /** halo 의 맥박·카메라 관성을 켤까 (test 모드와 움직임 줄이기에서는 끈다). */
  readonly animate: boolean;
  readonly damping: boolean;
  /** 빨간 공·초록 공을 잡을 때 (자동 움직임 끄기). */
  readonly onGrabTarget: () => void;
  /** 캔버스를 누를 때마다 (끌기가 먼저 본 뒤). */
  readonly onPointerDown: () => void;
}

export interface StandInHandles {
  readonly handles: readonly Handle[];
  readonly visuals: HandleVisuals;
  readonly dragger: HandleDragger;
  readonly keys: HandleKeys;
  readonly controls: OrbitControls;
}

export function createStandInHandles(deps: StandInHandlesDeps): StandInHandles {
  const { stage, door, camera, canvas } = deps;
  const { ball, pole, footTarget, kneePole } = stage;
  // 빨간 공을 처음 잡으면 halo 는 할 일을 다 했다.
  const grabBall = (): void => { visuals.halo = false; deps.onGrabTarget(); };
  const handles: readonly Handle[] = [
    { name: "ball", object: ball, radius: BALL_RADIUS, ringColor: "#ffb3b3", label: "빨간 공 (손 목표)", onGrab: grabBall },
    { name: "pole", object: pole, radius: POLE_RADIUS, ringColor: "#b3d1ff", label: "파란 공 (팔꿈치의 극)" },
    {
      name: "footTarget", object: footTarget, radius: FOOT_TARGET_RADIUS, ringColor: "#b3f0cf", label: "초록 공 (발 목표)",
      onGrab: deps.onGrabTarget,
    },
    { name: "kneePole", object: kneePole, radius: KNEE_POLE_RADIUS, ringColor: "#b3d1ff", label: "작은 파란 공 (무릎의 극)" },
    { name: "doorSwing", object: door.swingHandle, radius: SWING_HANDLE_RADIUS, ringColor: "#fff0b3", label: "노란 공 (문 열기)" },
    { name: "knobTurn", object: door.turnHandle, radius: TURN_HANDLE_RADIUS, ringColor: "#e0c8ff", label: "보라 공 (문고리 돌리기)" },
  ];
  const visuals = new HandleVisuals(stage.scene, handles);
  visuals.animateHalo = deps.animate;
  const dragger = new HandleDragger(camera, canvas, handles);
  canvas.addEventListener("pointerdown", deps.onPointerDown);
  const keys = new HandleKeys(deps.keysContainer, handles, camera, canvas);
  const controls = new OrbitControls(camera, canvas);
  dragger.setControls(controls);
  controls.enableDamping = deps.damping;
  controls.minDistance = MIN_CAMERA_DISTANCE;
  controls.maxDistance = MAX_CAMERA_DISTANCE;
  return { handles, visuals, dragger, keys, controls };
}
