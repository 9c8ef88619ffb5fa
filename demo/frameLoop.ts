// 매 프레임의 차례 (할당 없음): 공 움직이기 → IK 전 자세와 유령 → 팔·다리 IK → 재기 → 사용자 모델 → 그래프 →
// 보조 표시 → 굽힘 제한의 호 → 공의 모양 → 설명 패널 → 그리기. 차례마다 아래의 메서드 하나.
import { Vector3 } from "three";
import type { PerspectiveCamera, Scene, WebGLRenderer } from "three";
import type { OrbitControls } from "three/addons/controls/OrbitControls.js";
import type Stats from "three/addons/libs/stats.module.js";
import { createTwoBoneIKResult, solveTwoBoneIK } from "../src/index";
import type { TwoBoneIKOptions } from "../src/index";
import type { AutoMotion } from "./autoMotion";
import { limitedReach } from "./bendLimits";
import type { BendLimits, JointPose } from "./bendLimits";
import type { HandleDragger } from "./drag";
import type { HandleVisuals } from "./handles";
import type { HandleKeys } from "./keyboard";
import type { InfoPanel } from "./layout";
import { createMeasurements, Readouts } from "./readouts";
import type { SideView, SideViewValues } from "./sideView";
import type { SoftExperiment } from "./softExperiment";
import type { SpeedPlot } from "./speedPlot";
import type { StandInScene } from "./standInScene";
import type { Params } from "./ui";
import type { TerrainWalk } from "./terrainWalk";
import type { UserModelView } from "./userModel";

/** 프레임 사이 시간의 상한 (s): 탭을 오래 비웠다 돌아와도 공이 순간 이동하지 않게. */
const MAX_FRAME_DT = 0.1;
/** test 모드의 고정 시간 간격 (s): 자동 움직임이 벽시계가 아니라 프레임 수를 따라 결정적으로 움직인다. */
const TEST_FRAME_DT = 1 / 60;
/** 화면에 보이는 IK 시간의 이동 평균 계수. */
const TIMING_SMOOTHING = 0.05;
/** 화면 1 px 의 길이를 잴 때 0 으로 나누지 않게 (pixelsPerUnit 의 하한). */
const MIN_PIXELS_PER_UNIT = 1e-9;
/** IK 끔: weight 0 으로 풀어 자세는 그대로 두고, 보조 표시가 쓸 목표·극만 기록한다. */
const IK_OFF: TwoBoneIKOptions = { weight: 0 };

export interface FrameLoopDeps extends StandInScene {
  readonly testMode: boolean;
  readonly params: Params;
  readonly renderer: WebGLRenderer;
  readonly scene: Scene;
  readonly camera: PerspectiveCamera;
  readonly controls: OrbitControls;
  readonly stats: Stats;
  readonly limits: BendLimits;
  readonly motion: AutoMotion;
  readonly experiment: SoftExperiment;
  readonly dragger: HandleDragger;
  readonly visuals: HandleVisuals;
  readonly keys: HandleKeys;
  readonly userModel: UserModelView;
  /** 지형 걷기 (terrainWalk.ts): 켜져 있으면 그리기 바로 전에 캐릭터를 지형에 세운다. */
  readonly terrainWalk: TerrainWalk;
  readonly sideView: SideView;
  readonly plot: SpeedPlot;
  readonly info: InfoPanel;
  /** 사용자 모델이 대역을 대신했는가 (대역의 호를 숨긴다). */
  readonly modelActive: () => boolean;
}

export class FrameLoop {
  readonly readouts = new Readouts();
  readonly measurements = createMeasurements();
  /** 테스트 창구의 timings(): resetTimings() 이후의 합 (ms). */
  readonly timing = { frames: 0, ikSum: 0, stressSum: 0, stressFrames: 0, pageSum: 0, renderSum: 0 };
  readonly frameState = { frame: 0, ready: false };
  /** 효과점: 목표에 닿을 점 (빨간 공이면 손목, 문고리면 손바닥의 tip), 월드. */
  readonly tipWorld = new Vector3();
  readonly shoulderWorld: Vector3;

  private readonly elbowWorld = new Vector3();
  private readonly handWorld = new Vector3();
  private readonly hipWorld = new Vector3();
  private readonly kneeWorld = new Vector3();
  private readonly footWorld = new Vector3();
  private readonly toElbow = new Vector3();
  private readonly toHand = new Vector3();
  private readonly previousBall: Vector3;
  private readonly previousElbow = new Vector3();
  private readonly gripWorld = new Vector3();
  private readonly viewPoint = new Vector3();
  private readonly ghostArmResult = createTwoBoneIKResult();
  private readonly ghostLegResult = createTwoBoneIKResult();
  private readonly sideValues: SideViewValues = { a: 0, b: 0, distance: 0, reach: 0, theta: 0, elbow: 0 };
  private readonly elbowPose: JointPose;
  private readonly kneePose: JointPose;
  /** 삼각형·옆 보기가 쓰는 팔꿈치·손: IK 를 끄면 IK 가 만들 자세의 것. */
  private triangleElbow: Vector3;
  private triangleHand: Vector3;
  private previous = performance.now();
  private clock = 0;

  constructor(private readonly deps: FrameLoopDeps) {
    this.shoulderWorld = new Vector3().copy(deps.rig.shoulderRest);
    this.previousBall = new Vector3().copy(deps.stage.ball.position);
    this.triangleElbow = this.elbowWorld;
    this.triangleHand = this.handWorld;
    this.elbowPose = { root: this.shoulderWorld, joint: this.elbowWorld, effector: this.handWorld, pole: deps.stage.pole.position, metresPerPx: 0 };
    this.kneePose = { root: this.hipWorld, joint: this.kneeWorld, effector: this.footWorld, pole: deps.stage.kneePole.position, metresPerPx: 0 };
  }

  start(): void {
    requestAnimationFrame(this.frame);
  }

  private readonly frame = (now: number): void => {
    requestAnimationFrame(this.frame); // 무슨 일이 있어도 루프는 계속
    const { params, stats, experiment, controls } = this.deps;
    const pageStart = performance.now();
    const dt = this.deps.testMode ? TEST_FRAME_DT : Math.min((now - this.previous) / 1000, MAX_FRAME_DT);
    this.previous = now;
    this.clock += dt;
    if (params.stats) stats.begin();

    if (params.autoMove && this.deps.dragger.dragging === null && !experiment.running) this.deps.motion.advance(dt);
    const experimentJump = experiment.step(this.shoulderWorld);
    controls.update();
    const armTarget = this.moveDoor();
    this.poseIncoming();
    this.solveLimbs();
    this.updateStress(now);
    this.measureArm(armTarget);
    this.deps.userModel.update(dt);
    this.plotStep(armTarget, experimentJump);
    this.drawHelpers(armTarget);
    const pixelsPerUnit = (this.deps.camera.projectionMatrix.elements[5]! * window.innerHeight) / 2;
    this.drawBendArcs(pixelsPerUnit);
    this.drawHandles(pixelsPerUnit);
    this.drawPanel(now);
    this.deps.terrainWalk.update(dt);

    const renderStart = performance.now();
    this.timing.pageSum += renderStart - pageStart;
    this.deps.renderer.render(this.deps.scene, this.deps.camera); // 컨텍스트를 잃은 동안 three 는 그리지 않고 돌아온다
    this.timing.renderSum += performance.now() - renderStart;
    this.timing.frames++;
    this.frameState.frame++;
    // 첫 프레임(IK 를 풀고 그림)이 화면에 나간 다음 프레임에 준비 완료.
    if (this.frameState.frame >= 2) this.frameState.ready = true;
    if (params.stats) stats.end();
  };

  /** 문고리 잡기: 끌기·키보드가 옮긴 노란·보라 공을 문의 열린 각·문고리의 돌린 각으로. 팔의 목표 (월드) 를 돌려준다. */
  private moveDoor(): Vector3 {
    const { params, door } = this.deps;
    if (!params.grip) return this.deps.stage.ball.position;
    door.update();
    return this.gripWorld.setFromMatrixPosition(door.grip.matrixWorld); // 팔 IK 의 목표는 grip 객체
  }

  /** IK 전 자세로 되돌리고, 보조 표시가 켜져 있으면 그 자세의 관절 위치를 유령에 쓴다. */
  private poseIncoming(): void {
    const { params, rig, helpers } = this.deps;
    rig.incomingArm.apply();
    rig.incomingLeg.apply();
    if (!params.helpers || !params.ik) return;
    rig.upperArm.updateWorldMatrix(true, false);
    rig.lowerArm.updateWorldMatrix(false, false);
    rig.hand.updateWorldMatrix(false, false);
    rig.upperLeg.updateWorldMatrix(true, false);
    rig.lowerLeg.updateWorldMatrix(false, false);
    rig.foot.updateWorldMatrix(false, false);
    helpers.ghostArm.set(this.shoulderWorld.setFromMatrixPosition(rig.upperArm.matrixWorld),
      this.elbowWorld.setFromMatrixPosition(rig.lowerArm.matrixWorld), this.handWorld.setFromMatrixPosition(rig.hand.matrixWorld));
    helpers.ghostLeg.set(this.hipWorld.setFromMatrixPosition(rig.upperLeg.matrixWorld),
      this.kneeWorld.setFromMatrixPosition(rig.lowerLeg.matrixWorld), this.footWorld.setFromMatrixPosition(rig.foot.matrixWorld));
  }

  /** IK: IK 전 자세에서 시작해 팔과 다리를 푼다. */
  private solveLimbs(): void {
    const { params, stage } = this.deps;
    const { armIK, legIK } = this.deps.rig;
    const ikStart = performance.now();
    armIK.soft = params.soft;
    if (params.grip) {
      // ik.target = 문고리의 grip 객체, ik.pole = 파란 공: update() 가 그 월드 위치 (와 끝 회전이 켜져 있으면 월드 회전) 로 푼다.
      armIK.weight = params.ik ? params.weight : 0;
      armIK.useTargetRotation = params.endRotation;
      armIK.update();
    } else if (params.ik) {
      armIK.weight = params.weight;
      armIK.solve(stage.ball.position, stage.pole.position);
    } else {
      armIK.solve(stage.ball.position, stage.pole.position, IK_OFF);
    }
    if (params.ik) {
      legIK.weight = params.weight;
      legIK.solve(stage.footTarget.position, stage.kneePole.position);
    } else {
      legIK.solve(stage.footTarget.position, stage.kneePole.position, IK_OFF);
    }
    const ikMs = performance.now() - ikStart;
    this.measurements.ikMs += (ikMs - this.measurements.ikMs) * TIMING_SMOOTHING;
    this.timing.ikSum += ikMs;
  }

  private updateStress(now: number): void {
    const { params, stressView, motion } = this.deps;
    const { measurements, timing } = this;
    if (params.stress > 0) {
      stressView.update(motion.time + now / 1000);
      measurements.stressMs += (stressView.lastIkMs - measurements.stressMs) * TIMING_SMOOTHING;
      timing.stressSum += stressView.lastIkMs;
      timing.stressFrames++;
    }
    measurements.stressCount = stressView.limbCount;
  }

  /** 측정: 뼈의 월드 위치에서 (IK 가 방금 월드 행렬을 갱신했다). */
  private measureArm(armTarget: Vector3): void {
    const { params, rig, limits } = this.deps;
    const { measurements: m, shoulderWorld, elbowWorld, handWorld, toElbow, toHand } = this;
    shoulderWorld.setFromMatrixPosition(rig.upperArm.matrixWorld);
    elbowWorld.setFromMatrixPosition(rig.lowerArm.matrixWorld);
    handWorld.setFromMatrixPosition(rig.hand.matrixWorld);
    this.tipWorld.copy(rig.armIK.tip).applyMatrix4(rig.hand.matrixWorld);
    m.distance = shoulderWorld.distanceTo(armTarget);
    m.upper = shoulderWorld.distanceTo(elbowWorld);
    m.lower = elbowWorld.distanceTo(handWorld);
    m.gap = this.tipWorld.distanceTo(armTarget);
    toElbow.subVectors(elbowWorld, shoulderWorld);
    toHand.subVectors(handWorld, shoulderWorld);
    m.theta = toElbow.angleTo(toHand);
    toElbow.negate();
    toHand.subVectors(handWorld, elbowWorld);
    m.elbow = toElbow.angleTo(toHand);
    m.reachable = rig.armIK.result.reachable;
    m.limited = params.elbowLimit;
    if (params.elbowLimit) {
      m.limitNear = limitedReach(m.upper, m.lower, limits.elbow.max);
      m.limitFar = limitedReach(m.upper, m.lower, limits.elbow.min);
    }
    m.ik = params.ik;
    m.soft = params.soft;
    m.weight = params.weight;
  }

  /** 함정 1: 공이 움직인 만큼 팔꿈치가 얼마나 움직였나 (IK 가 켜져 있을 때). */
  private plotStep(armTarget: Vector3, jumped: boolean): void {
    const { params } = this.deps;
    const m = this.measurements;
    if (params.ik && !jumped) {
      this.deps.plot.add(m.distance / (m.upper + m.lower), this.previousBall.distanceTo(armTarget),
        this.previousElbow.distanceTo(this.elbowWorld), params.soft);
    }
    this.previousBall.copy(armTarget);
    this.previousElbow.copy(this.elbowWorld);
  }

  /** 보조 표시: IK 를 끄면 삼각형·유령·p 는 IK 가 만들 자세 (순수 수학 solveTwoBoneIK) 위에 그린다. */
  private drawHelpers(armTarget: Vector3): void {
    const { params, helpers, rig, stage, userModel } = this.deps;
    const { measurements: m, shoulderWorld, hipWorld, kneeWorld, footWorld } = this;
    helpers.setVisible(params.helpers && !userModel.active);
    this.triangleElbow = this.elbowWorld;
    this.triangleHand = this.handWorld;
    if (!params.ik) {
      solveTwoBoneIK(shoulderWorld, m.upper, m.lower, armTarget, stage.pole.position, this.ghostArmResult);
      this.triangleElbow = this.ghostArmResult.joint;
      this.triangleHand = this.ghostArmResult.end;
      if (params.helpers) {
        helpers.ghostArm.set(shoulderWorld, this.ghostArmResult.joint, this.ghostArmResult.end);
        hipWorld.setFromMatrixPosition(rig.upperLeg.matrixWorld);
        kneeWorld.setFromMatrixPosition(rig.lowerLeg.matrixWorld);
        footWorld.setFromMatrixPosition(rig.foot.matrixWorld);
        solveTwoBoneIK(hipWorld, hipWorld.distanceTo(kneeWorld), kneeWorld.distanceTo(footWorld), stage.footTarget.position,
          stage.kneePole.position, this.ghostLegResult);
        helpers.ghostLeg.set(hipWorld, this.ghostLegResult.joint, this.ghostLegResult.end);
      }
    }
    const geometryView = helpers.geometryView;
    geometryView.update(shoulderWorld, this.triangleElbow, armTarget, stage.pole.position, m.upper, m.lower);
    m.poleAngle = geometryView.poleAngle;
    // 뒤집힘 경고는 대역의 팔에 관한 것: 사용자 모델이 있으면 띄우지 않는다.
    m.flipDanger = geometryView.danger && !userModel.active;
    if (params.helpers) helpers.triangle.update(shoulderWorld, this.triangleElbow, this.triangleHand);
  }

  /**
   * 굽힘 제한: 라이브러리가 제한하는 삼각형 (뿌리 – 관절 – 효과점) 의 굽힘과 허락된 [min, max] 의 호.
   * 효과점은 끝 회전이 정해지면 끝 뼈의 원점, 따라감 + tip 이면 tip (spec/END_EFFECTOR.md).
   */
  private drawBendArcs(pixelsPerUnit: number): void {
    const { params, rig } = this.deps;
    this.elbowPose.effector = params.grip && !params.endRotation ? this.tipWorld : this.handWorld;
    this.hipWorld.setFromMatrixPosition(rig.upperLeg.matrixWorld);
    this.kneeWorld.setFromMatrixPosition(rig.lowerLeg.matrixWorld);
    this.footWorld.setFromMatrixPosition(rig.foot.matrixWorld);
    this.elbowPose.metresPerPx = this.metresPerPxAt(this.elbowWorld, pixelsPerUnit);
    this.kneePose.metresPerPx = this.metresPerPxAt(this.kneeWorld, pixelsPerUnit);
    this.deps.limits.update(params, !this.deps.modelActive(), this.elbowPose, this.kneePose);
  }

  /** 월드 점 point 의 깊이에서 화면 1 CSS px 가 몇 m 인가. */
  private metresPerPxAt(point: Vector3, pixelsPerUnit: number): number {
    const depth = -this.viewPoint.copy(point).applyMatrix4(this.deps.camera.matrixWorldInverse).z;
    return Math.max(depth, 0) / Math.max(pixelsPerUnit, MIN_PIXELS_PER_UNIT);
  }

  /** 공의 모양 (최소 크기·고리·halo·내린 선), 키보드 초점 고리, 손바닥의 tip 표시. */
  private drawHandles(pixelsPerUnit: number): void {
    const { params, dragger, visuals, keys, door, rig } = this.deps;
    visuals.hovered = dragger.hovered === null ? null : dragger.hovered.name;
    visuals.dragged = dragger.dragging === null ? null : dragger.dragging.name;
    visuals.focused = keys.focused;
    visuals.update(this.deps.camera, pixelsPerUnit, this.clock);
    keys.update();
    if (params.grip) door.placeTip(rig.hand.matrixWorld, rig.armIK.tip, pixelsPerUnit);
  }

  /** 읽은 값, 그리고 설명 패널이 펴져 있으면 옆 보기와 함정 1 의 그래프. */
  private drawPanel(now: number): void {
    const { measurements: m, shoulderWorld, triangleElbow, triangleHand, toElbow, toHand, sideValues } = this;
    this.readouts.update(now, m);
    if (!this.deps.info.isOpen()) return;
    toHand.subVectors(triangleHand, shoulderWorld);
    sideValues.a = m.upper;
    sideValues.b = m.lower;
    sideValues.distance = m.distance;
    sideValues.reach = toHand.length();
    toElbow.subVectors(triangleElbow, shoulderWorld);
    sideValues.theta = toElbow.angleTo(toHand);
    toElbow.subVectors(shoulderWorld, triangleElbow);
    toHand.subVectors(triangleHand, triangleElbow);
    sideValues.elbow = toElbow.angleTo(toHand);
    this.deps.sideView.update(sideValues);
    this.deps.plot.draw(now);
  }
}
