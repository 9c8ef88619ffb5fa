// 조절 패널: 하나의 params 객체가 lil-gui 를 움직인다. 이름은 한국어, 값은 여기 한 곳에서 정한다.
import GUI from "three/addons/libs/lil-gui.module.min.js";

/** 극(팔꿈치가 굽을 쪽) 방향의 이름. 어깨에서 본 극 공의 자리는 controlPanel.ts 의 POLE_OFFSETS. */
export type PoleSide = "back" | "out" | "front" | "up";

/** 스트레스 보기의 팔다리 수 (0 = 끔). */
export type StressCount = 0 | 100 | 1000;

export interface Params {
  /** IK 켬/끔: 끄면 IK 를 거치지 않은 자세 (IK 전 자세: 애니메이션이나 기본 자세가 준 자세) 그대로. */
  ik: boolean;
  /** 보조 표시: 선, 삼각형 a·b·d 와 각 θ, 닿는 범위 껍질, p 화살표, 뒤집힘 위험 원뿔, 비교 유령, 뼈대 선. */
  helpers: boolean;
  /** 자동 움직임: 공(과 발 목표)이 정해진 길을 따라 움직인다. */
  autoMove: boolean;
  /** 위 뼈(위팔) 길이 a (m). */
  upperLength: number;
  /** 아래 뼈(아래팔) 길이 b (m). */
  lowerLength: number;
  /** soft IK 비율 [0, 1]: 다 펴지기 직전 구간의 길이 / 팔 길이. */
  soft: number;
  /** 섞음 비율 [0, 1]: 0 = IK 전 자세, 1 = 완전한 IK. */
  weight: number;
  /** 극 방향. */
  poleSide: PoleSide;
  /** 프레임 시간 표시 (Stats). */
  stats: boolean;
  /** 스트레스 보기: 매 프레임 푸는 팔다리 수. */
  stress: StressCount;
  /** 문고리 잡기: 손이 빨간 공 대신 문고리를 잡는다 (tip = 손바닥). */
  grip: boolean;
  /** 끝 회전: 문고리 잡기에서 손이 문고리의 회전을 갖는다 (끄면 손은 아래팔을 따라가고 tip 만 닿는다). */
  endRotation: boolean;
  /** 팔꿈치·무릎의 굽힘 제한 켬/끔과, 둘이 함께 쓰는 제한 [limitMin, limitMax] (도). */
  elbowLimit: boolean;
  kneeLimit: boolean;
  limitMin: number;
  limitMax: number;
}

/**
 * 기본값. test 모드(?test)와 움직임 줄이기(prefers-reduced-motion: reduce)에서는 자동 움직임이 꺼져 있다.
 */
export function defaultParams(testMode: boolean, reduceMotion = false): Params {
  return {
    ik: true,
    helpers: true,
    autoMove: !testMode && !reduceMotion,
    upperLength: 0.3,
    lowerLength: 0.28,
    soft: 0,
    weight: 1,
    poleSide: "back",
    stats: false,
    stress: 0,
    grip: false,
    endRotation: true,
    elbowLimit: false,
    kneeLimit: false,
    limitMin: 2,
    limitMax: 150,
  };
}

/** 패널이 바뀐 값을 알려 줄 곳. */
export interface UiCallbacks {
  onLengthsChange(): void;
  onPoleSideChange(): void;
  onStatsChange(): void;
  onStressChange(): void;
  onAutoMoveChange(): void;
  onIkChange(): void;
  onGripChange(): void;
  /** 제한을 켜고 끄거나 min·max 를 바꿀 때. changed: 바뀐 값 (min > max 가 되면 다른 쪽을 맞춘다). */
  onLimitsChange(changed: keyof Params): void;
  onReset(): void;
}

/** 패널 항목 하나에서 이 모듈이 쓰는 부분 (lil-gui 의 Controller 들이 모두 만족한다). */
interface ParamController {
  readonly domElement: HTMLElement;
  updateDisplay(): unknown;
  setValue(value: Params[keyof Params]): unknown;
}

export interface Ui {
  readonly gui: GUI;
  /** params 를 바꾼 뒤 패널의 표시를 맞춘다. */
  refresh(): void;
  /** 이름(params 의 키)으로 값을 바꾼다: 패널을 쓰는 것과 똑같이 onChange 가 불린다. */
  set<K extends keyof Params>(key: K, value: Params[K]): void;
}

export function createUi(container: HTMLElement, params: Params, callbacks: UiCallbacks, startOpen: boolean): Ui {
  const gui = new GUI({ container, title: "조절", width: 300 });
  const controllers = new Map<keyof Params, ParamController>();
  const add = <C extends ParamController>(key: keyof Params, controller: C): C => {
    controller.domElement.dataset["param"] = key;
    controllers.set(key, controller);
    return controller;
  };

  add("ik", gui.add(params, "ik").name("IK 켬/끔").onChange(callbacks.onIkChange));
  add("helpers", gui.add(params, "helpers").name("보조 표시"));
  add("autoMove", gui.add(params, "autoMove").name("자동 움직임").onChange(callbacks.onAutoMoveChange));
  add("upperLength", gui.add(params, "upperLength", 0.1, 0.5, 0.01).name("위 뼈 길이 a (m)").onChange(callbacks.onLengthsChange));
  add("lowerLength", gui.add(params, "lowerLength", 0.1, 0.5, 0.01).name("아래 뼈 길이 b (m)").onChange(callbacks.onLengthsChange));
  add("soft", gui.add(params, "soft", 0, 0.5, 0.01).name("soft"));
  add("weight", gui.add(params, "weight", 0, 1, 0.01).name("weight"));
  add("poleSide", gui.add(params, "poleSide", { "뒤·아래 (기본)": "back", "바깥": "out", "앞": "front", "위": "up" })
    .name("극 방향").onChange(callbacks.onPoleSideChange));
  add("stress", gui.add(params, "stress", { "끔": 0, "100개": 100, "1000개": 1000 }).name("스트레스 보기").onChange(callbacks.onStressChange));
  add("grip", gui.add(params, "grip").name("문고리 잡기").onChange(callbacks.onGripChange));
  add("endRotation", gui.add(params, "endRotation").name("끝 회전 (문고리)"));
  add("elbowLimit", gui.add(params, "elbowLimit").name("팔꿈치 제한").onChange(() => callbacks.onLimitsChange("elbowLimit")));
  add("kneeLimit", gui.add(params, "kneeLimit").name("무릎 제한").onChange(() => callbacks.onLimitsChange("kneeLimit")));
  add("limitMin", gui.add(params, "limitMin", 0, 180, 1).name("제한 min (°)").onChange(() => callbacks.onLimitsChange("limitMin")));
  add("limitMax", gui.add(params, "limitMax", 0, 180, 1).name("제한 max (°)").onChange(() => callbacks.onLimitsChange("limitMax")));
  add("stats", gui.add(params, "stats").name("프레임 시간 표시").onChange(callbacks.onStatsChange));
  const resetAction = { reset: callbacks.onReset };
  gui.add(resetAction, "reset").name("초기화");

  if (!startOpen) gui.close();

  return {
    gui,
    refresh(): void {
      for (const controller of controllers.values()) controller.updateDisplay();
    },
    set(key, value): void {
      const controller = controllers.get(key);
      if (controller === undefined) throw new Error(`조절 항목 "${String(key)}" 이 없습니다`);
      controller.setValue(value);
    },
  };
}
