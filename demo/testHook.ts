// 테스트 창구 window.__twoBoneIK: 브라우저 테스트(e2e/run.mjs)가 정해진 시간을 기다리지 않고
// "준비됐다"를 확인하고, 뼈의 월드 위치와 공의 화면 좌표를 읽어 진짜 포인터·터치로 끌 수 있게 한다.
// 사람이 콘솔에서 써도 된다: 예) __twoBoneIK.positions().hand
import type { Object3D, PerspectiveCamera, Vector3, WebGLRenderer } from "three";
import type { HandleDragger } from "./drag";
import type { IncomingPose } from "./pose";
import { pointReadings } from "./testHookPoints";
import type { Params, Ui } from "./ui";

/** 월드 좌표 [x, y, z] (m). */
export type Point3 = [number, number, number];
/**
 * 위치를 읽을 수 있는 것들. shoulder·elbow·hand 는 팔 뼈(UpperArm_R·LowerArm_R·Hand_R)의 원점, hip·knee·foot 는 다리 뼈의 원점.
 * tip: 손의 월드 행렬로 옮긴 ik.tip (목표에 닿을 점), tipMarker: 화면의 흰 tip 표시, knob: 손이 잡는 문고리의 자리 (grip 객체).
 */
export type PointName =
  | "shoulder" | "elbow" | "hand" | "hip" | "knee" | "foot" | "tip" | "tipMarker" | "knob"
  | "ball" | "pole" | "footTarget" | "kneePole" | "doorSwing" | "knobTurn";
/** 끌 수 있는 공의 이름 (doorSwing: 문 열기, knobTurn: 문고리 돌리기 — 문고리 잡기에서만 보인다). */
export type HandleName = "ball" | "pole" | "footTarget" | "kneePole" | "doorSwing" | "knobTurn";
/** 사원수 [x, y, z, w] (three 의 순서). */
export type Quat = [number, number, number, number];
/** 관절 하나의 굽힘 제한: 켜졌는가, [min, max], 지금 굽힘 (라이브러리가 제한하는 삼각형에서 잰 바깥각), 그린 호. 각은 도. */
export interface LimitState {
  on: boolean;
  minDeg: number;
  maxDeg: number;
  bendDeg: number;
  arcVisible: boolean;
  arcMinDeg: number;
  arcMaxDeg: number;
}
/** ‘끝까지 펴 보기’ 실험의 단계. */
export type ExperimentPhase = "idle" | "soft-off" | "soft-on" | "done";

/** 화면의 첫인상·가르침에 관한 상태 (state() 에 더해진다). */
export interface ExtraState {
  /** 공 둘레의 halo 가 보이는가 (처음 잡기 전). */
  halo: boolean;
  /** 자동 움직임의 속도 배율 (0 = 꺼짐, 처음 만지기 전에는 느림). */
  autoMoveSpeed: number;
  /** prefers-reduced-motion: reduce 인가. */
  reduceMotion: boolean;
  /** 팔꿈치 뒤집힘 경고가 보이는가, 어깨–공 직선과 극 사이의 각 (°). */
  flipWarning: boolean;
  poleAngleDeg: number;
  experiment: ExperimentPhase;
  hovered: string | null;
  focused: string | null;
  /** 패널이 가리지 않는 빈 자리 (CSS px): 카메라가 이 자리에 맞춘다. */
  freeRect: { left: number; top: number; right: number; bottom: number };
}

/** window.__twoBoneIK 의 모양. 값은 모두 마지막으로 그린 프레임의 것이다. */
export interface TwoBoneIKTestHook {
  /** 창구의 판. 모양이 바뀌면 올린다 (3: 문고리 잡기·굽힘 제한). */
  readonly version: 3;
  /** IK 를 풀고 그린 첫 프레임이 화면에 나갔으면 true. */
  readonly ready: boolean;
  /** 지금까지 그린 프레임 수 (다음 프레임을 기다릴 때 쓴다). */
  readonly frame: number;
  /** ?test 로 열었는가 (자동 움직임 꺼짐, 카메라 관성 없음). */
  readonly testMode: boolean;
  /** 점들의 월드 위치. */
  positions(): Record<PointName, Point3>;
  /** 팔 뼈의 월드 위치로 잰 길이 (m): upper = |어깨 − 팔꿈치|, lower = |팔꿈치 − 손|. */
  boneLengths(): { upper: number; lower: number };
  /** IK 를 거치지 않은 들어온 자세의 팔꿈치·손 월드 위치 (지금 뼈 길이로). 뼈의 자세는 바꾸지 않는다. */
  incomingPositions(): { elbow: Point3; hand: Point3 };
  /** 점의 화면 좌표 (CSS px, 페이지 좌표 = clientX/Y). behind: 카메라 뒤에 있으면 true. */
  screen(name: PointName): { x: number; y: number; behind: boolean };
  /** 월드 좌표 한 점의 화면 좌표 (CSS px). */
  project(point: Point3): { x: number; y: number; behind: boolean };
  /** 패널 값과 상태. */
  state(): Params & ExtraState & {
    reachable: boolean;
    dragging: string | null;
    helpersVisible: boolean;
    contextLost: boolean;
    contextLostCount: number;
    contextRestoredCount: number;
    pixelRatio: number;
  };
  /** 패널 값을 바꾼다 (패널을 쓰는 것과 같다: onChange 가 불린다). */
  set<K extends keyof Params>(key: K, value: Params[K]): void;
  /** 끌 수 있는 공을 월드 좌표 point 로 옮긴다 (끄는 것과 같은 결과: position 만 바꾼다). */
  place(name: HandleName, point: Point3): void;
  /** 공이 이번 프레임에 화면에 그려진 지름 (CSS px). */
  drawnDiameter(name: HandleName): number;
  /** 함정 1 의 그래프: 계열별 가장 큰 값 (팔꿈치 이동 / 공 이동) 과 점 수, 그린 횟수. */
  plot(): { softOffMax: number; softOnMax: number; softOffCount: number; softOnCount: number; draws: number; sideViewDraws: number };
  /**
   * 기하 보기: 닿는 범위 껍질의 반지름 (m), 굽힘 방향 p (단위 벡터, 월드), 비교 유령의 팔꿈치·손 (월드).
   * 유령은 IK 켬이면 IK 전 자세, 끔이면 IK 가 만들 자세.
   */
  geometry(): { outerRadius: number; innerRadius: number; p: Point3; ghostElbow: Point3; ghostHand: Point3; ghostVisible: boolean };
  /**
   * 문고리 잡기: 켜졌는가, 끝 회전이 켜졌는가, 손 (Hand_R) 과 문고리 grip 객체의 월드 사원수, 문의 열린 각·문고리의 돌린 각 (도),
   * 팔 IK 의 reachable.
   */
  grip(): { active: boolean; endRotation: boolean; hand: Quat; knob: Quat; swingDeg: number; turnDeg: number; reachable: boolean };
  /** 문의 열린 각·문고리의 돌린 각 (도) 을 정한다 (범위 안으로 잘린다). */
  setDoor(swingDeg: number, turnDeg: number): void;
  /** 팔꿈치·무릎의 굽힘 제한. */
  limits(): { elbow: LimitState; knee: LimitState };
  /** 시간 누적을 0 으로. */
  resetTimings(): void;
  /**
   * resetTimings() 이후 프레임당 평균 시간 (ms): IK (캐릭터 팔·다리), 스트레스 보기, 이 화면의 JS 전체
   * (IK + 보조 표시 + 읽은 값 + 그래프; three 의 render() 호출은 빼고), 그리고 render() 호출 자체.
   */
  timings(): {
    frames: number; ikMsPerFrame: number; stressMsPerFrame: number; stressFrames: number; stressCount: number;
    pageMsPerFrame: number; renderMsPerFrame: number;
  };
  /** WEBGL_lose_context 로 컨텍스트를 잃게 한다 / 되돌린다. */
  loseContext(): void;
  restoreContext(): void;
}

declare global {
  interface Window {
    __twoBoneIK?: TwoBoneIKTestHook;
  }
}

export interface TestHookDeps {
  testMode: boolean;
  frameState: { frame: number; ready: boolean };
  params: Params;
  ui: Ui;
  canvas: HTMLCanvasElement;
  camera: PerspectiveCamera;
  renderer: WebGLRenderer;
  context: { lost: boolean; lostCount: number; restoredCount: number };
  timing: { frames: number; ikSum: number; stressSum: number; stressFrames: number; pageSum: number; renderSum: number };
  dragger: HandleDragger;
  arm: { shoulder: Object3D; elbow: Object3D; hand: Object3D };
  leg: { hip: Object3D; knee: Object3D; foot: Object3D };
  /** 월드의 tip (손의 월드 행렬로 옮긴 ik.tip), 문고리의 grip 객체, 화면의 tip 표시. */
  tip(): Vector3;
  knob: Object3D;
  tipMarker: Object3D;
  grip(): ReturnType<TwoBoneIKTestHook["grip"]>;
  setDoor(swingDeg: number, turnDeg: number): void;
  limits(): ReturnType<TwoBoneIKTestHook["limits"]>;
  incomingArm: IncomingPose;
  objects: Record<HandleName, Object3D>;
  helpers: readonly Object3D[];
  stressCount(): number;
  isArmReachable(): boolean;
  extra(): ExtraState;
  drawnDiameter(name: HandleName): number;
  plot(): ReturnType<TwoBoneIKTestHook["plot"]>;
  geometry(): ReturnType<TwoBoneIKTestHook["geometry"]>;
}

/** 패널 값과 상태 읽기, 패널 값 바꾸기. */
function pageState(deps: TestHookDeps): Pick<TwoBoneIKTestHook, "state" | "set"> {
  return {
    state() {
      return {
        ...deps.params,
        ...deps.extra(),
        reachable: deps.isArmReachable(),
        dragging: deps.dragger.dragging?.name ?? null,
        helpersVisible: deps.helpers.every((helper) => helper.visible),
        contextLost: deps.context.lost,
        contextLostCount: deps.context.lostCount,
        contextRestoredCount: deps.context.restoredCount,
        pixelRatio: deps.renderer.getPixelRatio(),
      };
    },
    set(key, value) {
      deps.ui.set(key, value);
    },
  };
}

/** 공 옮기기와 그려진 지름. */
function handleMoves(deps: TestHookDeps): Pick<TwoBoneIKTestHook, "place" | "drawnDiameter"> {
  return {
    place(name, point) {
      deps.objects[name].position.fromArray(point);
    },
    drawnDiameter(name) {
      return deps.drawnDiameter(name);
    },
  };
}

/** 부품이 직접 답하는 읽기: 그래프, 기하 보기, 문고리 잡기, 굽힘 제한 (pageHook.ts 가 잇는다). */
function partReadings(deps: TestHookDeps): Pick<TwoBoneIKTestHook, "plot" | "geometry" | "grip" | "setDoor" | "limits"> {
  return {
    plot() {
      return deps.plot();
    },
    geometry() {
      return deps.geometry();
    },
    grip() {
      return deps.grip();
    },
    setDoor(swingDeg, turnDeg) {
      deps.setDoor(swingDeg, turnDeg);
    },
    limits() {
      return deps.limits();
    },
  };
}

/** 프레임당 시간: 누적 지우기와 평균. */
function timingReadings(deps: TestHookDeps): Pick<TwoBoneIKTestHook, "resetTimings" | "timings"> {
  return {
    resetTimings() {
      deps.timing.pageSum = 0;
      deps.timing.renderSum = 0;
      deps.timing.frames = 0;
      deps.timing.ikSum = 0;
      deps.timing.stressSum = 0;
      deps.timing.stressFrames = 0;
    },
    timings() {
      const t = deps.timing;
      return {
        frames: t.frames,
        ikMsPerFrame: t.frames > 0 ? t.ikSum / t.frames : 0,
        stressMsPerFrame: t.stressFrames > 0 ? t.stressSum / t.stressFrames : 0,
        stressFrames: t.stressFrames,
        stressCount: deps.stressCount(),
        pageMsPerFrame: t.frames > 0 ? t.pageSum / t.frames : 0,
        renderMsPerFrame: t.frames > 0 ? t.renderSum / t.frames : 0,
      };
    },
  };
}

/** WebGL 컨텍스트 잃기·되돌리기. */
function contextControls(deps: TestHookDeps): Pick<TwoBoneIKTestHook, "loseContext" | "restoreContext"> {
  return {
    loseContext() {
      deps.renderer.forceContextLoss();
    },
    restoreContext() {
      deps.renderer.forceContextRestore();
    },
  };
}

/** 창구를 부분마다 모아 window 에 건다. ready·frame 은 getter 라 펼치지 않고 여기서 직접 정의한다. */
export function installTestHook(deps: TestHookDeps): void {
  const hook: TwoBoneIKTestHook = {
    version: 3,
    get ready() { return deps.frameState.ready; },
    get frame() { return deps.frameState.frame; },
    testMode: deps.testMode,
    ...pointReadings(deps),
    ...pageState(deps),
    ...handleMoves(deps),
    ...partReadings(deps),
    ...timingReadings(deps),
    ...contextControls(deps),
  };
  window.__twoBoneIK = hook;
}

/** window.__twoBoneIKTerrain: 지형 걷기 (terrainWalk.ts) 의 상태와, 테스트가 쓰는 조작 (고리의 자리로 옮기기, 집계 지우기). */
export interface TerrainTestHook<S> {
  readonly version: 1;
  state(): S;
  /** 고리의 거리 d (m, 배율 1 의 지형 위) 로 캐릭터를 옮긴다. */
  seek(d: number): void;
  resetStats(): void;
  setOn(on: boolean): void;
  setFoot(on: boolean): void;
}

declare global {
  interface Window {
    __twoBoneIKTerrain?: TerrainTestHook<unknown>;
  }
}

export function installTerrainTestHook<S>(state: () => S, actions: Omit<TerrainTestHook<S>, "version" | "state">): void {
  window.__twoBoneIKTerrain = { version: 1, state, ...actions };
}
