// 자동 움직임: 공이 팔이 닿지 않는 곳까지 갔다 돌아오는 길, 발이 상자에 올랐다 내려오는 걸음.
import type { Vector3 } from "three";

/** 공 길의 시작 시각 (s): 이 때 공은 팔이 닿는 곳에 있다 (test 모드는 여기서 멈춰 있다). */
export const BALL_PATH_START = 0;

/**
 * 시각 t (s) 의 공 위치를 out 에 쓴다. 어깨(shoulder) 기준, 캐릭터 오른쪽 앞에서 8자를 그리며
 * 어깨에서 0.2 m … 0.8 m (팔 길이 0.58 m 를 넘어) 사이를 오간다. 할당 없음.
 */
export function ballPath(t: number, shoulder: Vector3, out: Vector3): Vector3 {
  return out.set(
    shoulder.x - 0.14 - 0.26 * Math.sin(0.9 * t),
    shoulder.y - 0.1 + 0.22 * Math.sin(1.3 * t + 0.5),
    shoulder.z + 0.3 + 0.3 * Math.sin(0.6 * t),
  );
}

/** 걸음 한 번의 길이 (s): 오르기 · 서 있기 · 내리기 · 서 있기. */
const STEP_PERIOD = 5;
/** 발을 옮기는 동안 드는 높이 (m). */
const STEP_LIFT = 0.12;

const smoothstep = (x: number): number => x * x * (3 - 2 * x);

/** 시각 t (s) 의 발 목표(발목 자리)를 out 에 쓴다: 바닥(ground)과 상자 위(top) 사이를 오간다. 할당 없음. */
export function footStep(t: number, ground: Vector3, top: Vector3, out: Vector3): Vector3 {
  const phase = (((t / STEP_PERIOD) % 1) + 1) % 1;
  let s: number; // 0 = 바닥, 1 = 상자 위
  let moving: number; // 0 … 1, 옮기는 중이면 진행도
  if (phase < 0.2) { moving = phase / 0.2; s = smoothstep(moving); }
  else if (phase < 0.5) { moving = 0; s = 1; }
  else if (phase < 0.7) { moving = (phase - 0.5) / 0.2; s = 1 - smoothstep(moving); }
  else { moving = 0; s = 0; }
  out.lerpVectors(ground, top, s);
  out.y += STEP_LIFT * Math.sin(Math.PI * moving);
  return out;
}
