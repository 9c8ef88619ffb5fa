// 자동 움직임: 빨간 공은 어깨 둘레의 길을, 초록 발 목표는 바닥과 상자 위를 오간다 (motion.ts 의 경로).
// 처음 화면을 만지기 전에는 천천히: 첫 잡기가 빗나가지 않게.
import type { Vector3 } from "three";
import { BALL_PATH_START, ballPath, footStep } from "./motion";

/** 처음 화면을 만지기 전의 자동 움직임 속도 (배). */
const SLOW_START_SPEED = 0.3;

export class AutoMotion {
  /** 경로 위의 시간 (s). */
  time = BALL_PATH_START;
  /** 화면을 만졌거나 사용자가 자동 움직임을 켰으면 true: 그때부터 제 속도. */
  fullSpeed = false;

  constructor(
    private readonly shoulderRest: Vector3,
    private readonly footGround: Vector3,
    private readonly footOnBox: Vector3,
    private readonly ballWorld: Vector3,
    private readonly footTargetWorld: Vector3,
  ) {}

  /** 지금 속도의 배율 (1 또는 SLOW_START_SPEED). */
  get speed(): number {
    return this.fullSpeed ? 1 : SLOW_START_SPEED;
  }

  /** 공과 발 목표를 지금 시간의 자리에 놓는다. */
  place(): void {
    ballPath(this.time, this.shoulderRest, this.ballWorld);
    footStep(this.time, this.footGround, this.footOnBox, this.footTargetWorld);
  }

  /** dt 초 (벽시계) 만큼 지금 속도로 나아가 놓는다. */
  advance(dt: number): void {
    this.time += dt * this.speed;
    this.place();
  }

  /** 경로의 시작점으로 (초기화 단추). 속도는 그대로 둔다. */
  rewind(): void {
    this.time = BALL_PATH_START;
  }
}
