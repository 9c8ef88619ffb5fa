// 함정 1 의 실험 ‘끝까지 펴 보기’: 공을 어깨에서 곧게 멀어지게 훑는다 (soft 끔, 그다음 켬).
// 그래프 (speedPlot.ts) 가 공이 움직인 만큼 팔꿈치가 얼마나 움직였나를 두 계열로 그린다.
import { Vector3 } from "three";
import type { Mesh } from "three";
import type { SpeedPlot } from "./speedPlot";
import type { ExperimentPhase } from "./testHook";
import type { Params, Ui } from "./ui";

/** d / (a + b) 를 이 범위로 한 번에 SWEEP_FRAMES 프레임 동안 훑는다 (soft 끔, 그다음 켬). */
const SWEEP_FROM = 0.8;
const SWEEP_TO = 1.05;
const SWEEP_FRAMES = 90;
const EXPERIMENT_SOFT = 0.15;
/** 공이 어깨에 있어 방향이 없을 때 (길이² 이 이보다 작을 때) 대신 쓰는 방향. */
const MIN_AXIS_LENGTH_SQ = 1e-8;

export interface SoftExperimentDeps {
  readonly params: Params;
  readonly ui: Ui;
  readonly ball: Mesh;
  readonly plot: SpeedPlot;
  /** 실험 단추 (#extend-test): 실험하는 동안 누를 수 없다. */
  readonly button: HTMLButtonElement;
  /** 실험을 시작할 때: 자동 움직임을 끈다. */
  readonly onStart: () => void;
}

export class SoftExperiment {
  phase: ExperimentPhase = "idle";
  private frame = 0;
  private savedSoft = 0;
  private readonly axis = new Vector3();

  constructor(private readonly deps: SoftExperimentDeps) {}

  /** 공을 훑는 중인가 (그동안 자동 움직임은 공을 움직이지 않는다). */
  get running(): boolean {
    return this.phase === "soft-off" || this.phase === "soft-on";
  }

  /** 어깨 shoulderWorld 에서 공 쪽으로 곧게 훑기 시작한다. */
  start(shoulderWorld: Vector3): void {
    const { params, ui, ball, plot, button } = this.deps;
    this.deps.onStart();
    if (params.grip) ui.set("grip", false); // 실험은 빨간 공으로 한다
    plot.clear();
    this.savedSoft = params.soft;
    ui.set("soft", 0);
    this.axis.subVectors(ball.position, shoulderWorld);
    if (this.axis.lengthSq() < MIN_AXIS_LENGTH_SQ) this.axis.set(-0.5, -0.3, 0.8);
    this.axis.normalize();
    this.phase = "soft-off";
    this.frame = 0;
    button.disabled = true;
  }

  /** 훑는 중이면 멈추고 soft 를 되돌린다 (사용자 모델이 올라올 때). */
  cancel(): void {
    if (!this.running) return;
    this.finish();
  }

  /**
   * 실험 중이면 이번 프레임의 공 자리를 놓는다 (어깨 shoulderWorld 에서). 공이 크게 건너뛴 프레임이면 true
   * (그래프에 찍지 않는다).
   */
  step(shoulderWorld: Vector3): boolean {
    if (!this.running) return false;
    const { params, ui, ball } = this.deps;
    // 한 번 훑기가 끝났으면 다음 단계로. soft 가 바뀌는 프레임은 공이 제자리여도 팔꿈치가 옮겨 가므로 찍지 않는다.
    let jumped = this.frame === 0;
    if (this.frame > SWEEP_FRAMES) {
      jumped = true;
      this.frame = 0;
      if (this.phase === "soft-off") {
        this.phase = "soft-on";
        ui.set("soft", EXPERIMENT_SOFT);
      } else {
        this.finish();
        return true;
      }
    }
    const t = this.frame / SWEEP_FRAMES;
    const armLength = params.upperLength + params.lowerLength;
    ball.position.copy(shoulderWorld).addScaledVector(this.axis, (SWEEP_FROM + (SWEEP_TO - SWEEP_FROM) * t) * armLength);
    this.frame++;
    return jumped;
  }

  private finish(): void {
    this.phase = "done";
    this.deps.ui.set("soft", this.savedSoft);
    this.deps.button.disabled = false;
  }
}
