// 조절 패널 (lil-gui, ui.ts) 을 장면에 잇는다: 값이 바뀌면 뼈 길이·극 자리·굽힘 제한·문고리 잡기·스트레스 보기에 쓰고,
// 캔버스의 IK 스위치와 ‘초기화’ 도 여기서. 대역에만 뜻이 있는 조절은 사용자 모델이 올라오면 숨긴다.
import { Vector3 } from "three";
import type Stats from "three/addons/libs/stats.module.js";
import type { AutoMotion } from "./autoMotion";
import type { BendLimits } from "./bendLimits";
import { PALM_TIP } from "./door";
import type { Door } from "./door";
import type { Stage } from "./stage";
import type { StandInRig } from "./standInRig";
import type { StressView } from "./stress";
import { createUi, defaultParams } from "./ui";
import type { Params, PoleSide, Ui } from "./ui";

/** 어깨에서 본 극 공의 자리 (m, 월드 축). 캐릭터는 +Z 를 보고, 오른쪽이 −X. */
const POLE_OFFSETS: Record<PoleSide, readonly [number, number, number]> = {
  back: [-0.45, -0.4, -0.4],
  out: [-0.6, -0.1, 0],
  front: [-0.05, -0.2, 0.6],
  up: [-0.15, 0.5, 0.05],
};
/** 엉덩이에서 본 무릎 극의 자리 (m): 무릎은 앞으로 굽는다. */
const KNEE_POLE_OFFSET = new Vector3(0, -0.35, 0.6);
/** 대역 캐릭터에만 뜻이 있는 조절: 사용자 모델을 보는 동안 숨긴다. */
const STAND_IN_ONLY: readonly string[] = [
  "autoMove", "upperLength", "lowerLength", "poleSide", "stress", "grip", "endRotation", "elbowLimit", "kneeLimit", "limitMin", "limitMax",
];
const ORIGIN = new Vector3();

export interface ControlPanelDeps {
  readonly params: Params;
  readonly testMode: boolean;
  readonly reduceMotion: boolean;
  /** 처음에 패널을 펼까 (넓은 화면). */
  readonly startOpen: boolean;
  readonly rig: StandInRig;
  readonly stage: Stage;
  readonly door: Door;
  readonly stressView: StressView;
  readonly stats: Stats;
  readonly limits: BendLimits;
  readonly motion: AutoMotion;
  /** ‘초기화’ 에서: 카메라를 처음 자리로 (사용자가 돌린 것을 잊고). */
  readonly resetCamera: () => void;
}

export class ControlPanel {
  readonly ui: Ui;
  readonly params: Params;
  /** 사용자 모델을 보는 동안에는 대역의 공·문·호를 다시 보이지 않는다. */
  modelActive = false;
  private readonly ikSwitch = document.getElementById("ik-switch")!;
  private readonly ikSwitchLabel = document.getElementById("ik-switch-label")!;

  constructor(private readonly deps: ControlPanelDeps) {
    const { params } = deps;
    this.params = params;
    this.ui = createUi(document.getElementById("controls")!, params, {
      onLengthsChange: () => { deps.rig.applyLengths(); this.applyLimits(null); },
      onPoleSideChange: () => this.placePole(),
      onStatsChange: () => this.applyStats(),
      onStressChange: () => deps.stressView.setCount(params.stress),
      // 사용자가 자동 움직임을 켜면 제 속도로.
      onAutoMoveChange: () => { if (params.autoMove) deps.motion.fullSpeed = true; },
      onIkChange: () => this.syncIkSwitch(),
      onGripChange: () => {
        // 문고리를 잡는 팔꿈치는 바깥·아래로 굽는다: 굽는 평면이 카메라를 마주 봐 팔꿈치의 제한 호도 잘 보인다.
        if (params.grip) this.ui.set("poleSide", "out");
        this.applyGrip();
      },
      onLimitsChange: (changed) => this.applyLimits(changed),
      onReset: () => this.reset(),
    }, deps.startOpen);
    this.ikSwitch.addEventListener("click", () => this.ui.set("ik", !params.ik));
  }

  /** 패널 값 모두를 장면에 쓴다 (처음 한 번, 초기화 때). */
  applyAll(): void {
    this.placePole();
    this.deps.motion.place();
    this.applyStats();
    this.syncIkSwitch();
    this.applyGrip();
    this.applyLimits(null);
  }

  /** 자동 움직임을 끈다 (공을 잡거나 실험을 시작할 때). */
  stopAutoMove(): void {
    if (this.deps.params.autoMove) this.ui.set("autoMove", false);
  }

  /** 사용자 모델이 대역을 대신할 때: 그 뒤로 대역의 공·문·호는 숨은 채로, 문고리 잡기는 끈다. */
  enterModel(): void {
    const { params } = this.deps;
    this.modelActive = true;
    if (params.grip) this.ui.set("grip", false);
  }

  /** 대역에만 있는 조절 (팔 길이, 극 자리, 자동 움직임, 스트레스 보기) 은 숨긴다: 모델에는 아무 일도 하지 않는다. */
  hideStandInControls(): void {
    if (this.deps.params.stress > 0) this.ui.set("stress", 0);
    for (const controller of this.ui.gui.controllersRecursive()) {
      if (STAND_IN_ONLY.includes(controller.property)) controller.hide();
    }
  }

  placeKneePole(): void {
    this.deps.stage.kneePole.position.copy(this.deps.rig.hipRest).add(KNEE_POLE_OFFSET);
  }

  private placePole(): void {
    const offset = POLE_OFFSETS[this.deps.params.poleSide];
    const shoulder = this.deps.rig.shoulderRest;
    this.deps.stage.pole.position.set(shoulder.x + offset[0], shoulder.y + offset[1], shoulder.z + offset[2]);
  }

  private applyStats(): void {
    this.deps.stats.dom.style.display = this.deps.params.stats ? "block" : "none";
  }

  private syncIkSwitch(): void {
    const on = this.deps.params.ik;
    this.ikSwitch.setAttribute("aria-pressed", String(on));
    this.ikSwitchLabel.textContent = on ? "IK 켬" : "IK 끔";
  }

  private applyLimits(changed: keyof Params | null): void {
    if (this.deps.limits.apply(this.deps.params, changed)) this.ui.refresh();
  }

  /** 문고리 잡기: 손이 빨간 공 대신 문고리를 잡는다. tip = 손바닥, 끝 회전 = 문고리 (grip 객체) 의 월드 회전. */
  private applyGrip(): void {
    const { params, door, stage, rig } = this.deps;
    const gripping = params.grip && !this.modelActive;
    door.setVisible(gripping);
    stage.ball.visible = !params.grip && !this.modelActive;
    rig.armIK.tip.copy(params.grip ? PALM_TIP : ORIGIN);
    rig.armIK.target = door.grip;
    rig.armIK.pole = stage.pole;
    document.body.classList.toggle("grip-active", gripping);
    // ‘끝 회전’ 은 문고리를 잡을 때만 뜻이 있다.
    for (const controller of this.ui.gui.controllersRecursive()) {
      if (controller.property === "endRotation") controller.enable(params.grip);
    }
  }

  private reset(): void {
    const { params, testMode, reduceMotion } = this.deps;
    Object.assign(params, defaultParams(testMode, reduceMotion));
    this.ui.refresh();
    this.deps.motion.rewind();
    this.deps.rig.applyLengths();
    this.placePole();
    this.placeKneePole();
    this.deps.motion.place();
    this.applyStats();
    this.syncIkSwitch();
    this.applyGrip();
    this.applyLimits(null);
    this.deps.door.set(0, 0);
    this.deps.stressView.setCount(params.stress);
    this.deps.resetCamera();
  }
}
