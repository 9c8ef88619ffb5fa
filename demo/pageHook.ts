// 대역 화면의 부품들을 테스트 창구 window.__twoBoneIK (testHook.ts) 에 잇는다: 창구가 읽는 값을 부품마다 어디서 꺼내는지.
import { Quaternion } from "three";
import type { PerspectiveCamera, WebGLRenderer } from "three";
import { DEGREE } from "./bendLimits";
import type { BendLimits } from "./bendLimits";
import type { ControlPanel } from "./controlPanel";
import type { FrameLoop } from "./frameLoop";
import type { Rect } from "./layout";
import type { SideView } from "./sideView";
import type { SoftExperiment } from "./softExperiment";
import type { SpeedPlot } from "./speedPlot";
import type { StandInHandles } from "./standInHandles";
import type { StandInScene } from "./standInScene";
import { installTestHook } from "./testHook";
import type { Quat } from "./testHook";
import type { AutoMotion } from "./autoMotion";

export interface PageParts extends StandInScene {
  readonly testMode: boolean;
  readonly reduceMotion: boolean;
  readonly canvas: HTMLCanvasElement;
  readonly camera: PerspectiveCamera;
  readonly renderer: WebGLRenderer;
  readonly context: { lost: boolean; lostCount: number; restoredCount: number };
  readonly limits: BendLimits;
  readonly handles: StandInHandles;
  readonly panel: ControlPanel;
  readonly motion: AutoMotion;
  readonly experiment: SoftExperiment;
  readonly sideView: SideView;
  readonly plot: SpeedPlot;
  readonly loop: FrameLoop;
  /** 패널이 가리지 않는 빈 자리 (CSS px, 마지막으로 잰 것). */
  readonly freeRect: () => Rect;
}

const toQuat = (q: Quaternion): Quat => [q.x, q.y, q.z, q.w];

export function installPageHook(parts: PageParts): void {
  const { rig, door, helpers, handles, panel, loop, stage } = parts;
  const { params, ui } = panel;
  installTestHook({
    testMode: parts.testMode,
    frameState: loop.frameState,
    params,
    ui,
    canvas: parts.canvas,
    camera: parts.camera,
    renderer: parts.renderer,
    context: parts.context,
    timing: loop.timing,
    dragger: handles.dragger,
    arm: { shoulder: rig.upperArm, elbow: rig.lowerArm, hand: rig.hand },
    leg: { hip: rig.upperLeg, knee: rig.lowerLeg, foot: rig.foot },
    tip: () => loop.tipWorld,
    knob: door.grip,
    tipMarker: door.tipMarker,
    grip: () => ({
      active: params.grip,
      endRotation: params.endRotation,
      hand: toQuat(rig.hand.getWorldQuaternion(new Quaternion())),
      knob: toQuat(door.grip.getWorldQuaternion(new Quaternion())),
      swingDeg: door.swing / DEGREE,
      turnDeg: door.turn / DEGREE,
      reachable: rig.armIK.result.reachable,
    }),
    setDoor: (swingDeg, turnDeg) => door.set(swingDeg * DEGREE, turnDeg * DEGREE),
    limits: () => parts.limits.state(params),
    incomingArm: rig.incomingArm,
    objects: {
      ball: stage.ball, pole: stage.pole, footTarget: stage.footTarget, kneePole: stage.kneePole,
      doorSwing: door.swingHandle, knobTurn: door.turnHandle,
    },
    helpers: helpers.all,
    stressCount: () => parts.stressView.limbCount,
    isArmReachable: () => rig.armIK.result.reachable,
    extra: () => ({
      halo: handles.visuals.halo,
      autoMoveSpeed: params.autoMove ? parts.motion.speed : 0,
      reduceMotion: parts.reduceMotion,
      flipWarning: loop.readouts.flipWarningShown,
      poleAngleDeg: (helpers.geometryView.poleAngle * 180) / Math.PI,
      experiment: parts.experiment.phase,
      hovered: handles.dragger.hovered === null ? null : handles.dragger.hovered.name,
      focused: handles.keys.focused,
      freeRect: { ...parts.freeRect() },
    }),
    drawnDiameter: (name) => handles.visuals.drawnDiameter(name),
    plot: () => ({
      softOffMax: parts.plot.softOff.maxY,
      softOnMax: parts.plot.softOn.maxY,
      softOffCount: parts.plot.softOff.count,
      softOnCount: parts.plot.softOn.count,
      draws: parts.plot.draws,
      sideViewDraws: parts.sideView.draws,
    }),
    geometry: () => ({
      outerRadius: helpers.geometryView.outerRadius,
      innerRadius: helpers.geometryView.innerRadius,
      p: helpers.geometryView.pDirection.toArray(),
      ghostElbow: helpers.ghostArm.jointPosition.toArray(),
      ghostHand: helpers.ghostArm.endPosition.toArray(),
      ghostVisible: helpers.ghostArm.visible,
    }),
  });
}
