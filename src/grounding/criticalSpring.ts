// 임계 감쇠 스프링: 발·골반 오프셋을 프레임 속도와 상관없이 같은 모양으로 따라가게 하는 순수 수학 (Object3D 없음).

/** 스프링 하나의 상태: 지금 값과 속도 (값의 단위/s). 수는 객체 필드로 주고받는다 (인자·반환으로 넘기면 V8 이 상자에 담는다). */
export interface CriticalSpringState {
  /** 지금 값. */
  value: number;
  /** 지금 속도 (값의 단위 / s). */
  velocity: number;
}

// 정수가 아닌 첫 값: 필드가 처음부터 double 표현이라 쓸 때 상자를 만들지 않는다 (solveTwoBoneIK.ts 의 DOUBLE_FIELD_SEED).
const SEED = 0.5;

/**
 * 상태는 클래스로 만든다: 객체 리터럴 `{ value, … }` 은 V8 에서 같은 이름으로 시작하는 다른 리터럴 (three 의 `{ value: … }`
 * 유니폼) 과 모양 (map) 을 나눠, 필드가 객체도 담는 표현이 되면 수를 쓸 때마다 상자를 만든다 (docs/PERFORMANCE.md §2).
 */
class SpringState implements CriticalSpringState {
  value = SEED;
  velocity = SEED;
}

/** 값 value (기본 0), 속도 0 인 새 상태. */
export function createCriticalSpringState(value = 0): CriticalSpringState {
  const s = new SpringState();
  s.value = value;
  s.velocity = 0;
  return s;
}

/**
 * 임계 감쇠 스프링 (감쇠비 1) 을 dt 초만큼 정확히 (해석해로) 진행해 state 에 쓴다. 목표 goal 은 이 구간에서 고정이라 본다.
 *
 * 식: ω = 2 / smoothTime, c = x₀ − g, j = v₀ + ω c 라 하면
 * x(t) = g + (c + j t) e^{−ωt},  v(t) = (v₀ − ω j t) e^{−ωt}.
 * 해석해이므로 목표가 고정이면 dt 를 어떻게 나누어도 (30·60·144 fps) 같은 궤적이다 (반올림만큼).
 * 정지 (v₀ = 0) 에서 출발하면 goal 을 넘어가지 않는다 (x − g 의 부호가 바뀌지 않는다).
 * smoothTime 은 대략 목표까지의 시간 (s): 1 smoothTime 뒤 남은 거리는 처음의 3 e^{−2} ≈ 41 %, 2 smoothTime 뒤 9 %.
 *
 * @param state 진행할 상태 (제자리에서 바꾼다).
 * @param goal 목표 값.
 * @param smoothTime 부드럽게 하는 시간 (s), > 0. 0 이면 바로 목표로 간다 (속도 0).
 * @param dt 진행할 시간 (s), ≥ 0.
 * @returns state.
 * @throws RangeError 아무것도 쓰기 전에: 유한하지 않은 goal, 0 보다 작거나 유한하지 않은 smoothTime·dt.
 */
export function stepCriticalSpring(state: CriticalSpringState, goal: number, smoothTime: number, dt: number): CriticalSpringState {
  if (!Number.isFinite(goal)) throw new RangeError(`stepCriticalSpring: goal 은 유한한 수여야 합니다 (받은 값: ${String(goal)})`);
  if (typeof smoothTime !== "number" || !(smoothTime >= 0) || smoothTime === Infinity) {
    throw new RangeError(`stepCriticalSpring: smoothTime 은 0 이상의 유한한 수 (s) 여야 합니다 (받은 값: ${String(smoothTime)})`);
  }
  if (typeof dt !== "number" || !(dt >= 0) || dt === Infinity) {
    throw new RangeError(`stepCriticalSpring: dt 는 0 이상의 유한한 수 (s) 여야 합니다 (받은 값: ${String(dt)})`);
  }
  if (smoothTime === 0) {
    state.value = goal;
    state.velocity = 0;
    return state;
  }
  const omega = 2 / smoothTime;
  const c = state.value - goal;
  const j = state.velocity + omega * c;
  const decay = Math.exp(-omega * dt);
  state.value = goal + (c + j * dt) * decay;
  state.velocity = (state.velocity - omega * j * dt) * decay;
  return state;
}

/** 따라가는 스프링 하나 (라이브러리 내부용): 값·속도와 이번 목표·지난 목표. @internal */
export interface FollowSpring extends CriticalSpringState {
  /** 이번 프레임의 목표. */
  goal: number;
  /** 지난 프레임의 목표 (이어지는 몫을 잰다). */
  previousGoal: number;
}

/** 따라가는 스프링의 한 걸음 설정 (라이브러리 내부용): 수는 객체 필드로 넘긴다 (docs/PERFORMANCE.md §1). @internal */
export interface SpringStep {
  /** 튀는 몫을 부드럽게 하는 시간 (s, ≥ 0). */
  smoothTime: number;
  /** 걸음의 시간 (s, ≥ 0). */
  dt: number;
  /** 바로 따라가는 변화의 한계 (값의 단위 / s, ≥ 0, Infinity 가능). */
  limit: number;
  /**
   * stepFollow 가 채우는 캐시: 이 smoothTime·dt 에 대한 ω = 2 / smoothTime 과 감쇠 e^{−ω dt}. 한 프레임에 같은 걸음으로
   * 여러 스프링 (발 변위·법선의 성분 여섯) 을 진행할 때 exp 를 한 번만 계산한다.
   */
  cachedSmoothTime: number;
  cachedDt: number;
  omega: number;
  decay: number;
}

/** 따라가는 스프링과 걸음 설정도 클래스로 (SpringState 와 같은 까닭). */
class FollowSpringState implements FollowSpring {
  value = SEED;
  velocity = SEED;
  goal = SEED;
  previousGoal = SEED;
}

class SpringStepSettings implements SpringStep {
  smoothTime = SEED;
  dt = SEED;
  limit = SEED;
  cachedSmoothTime = NaN;
  cachedDt = NaN;
  omega = SEED;
  decay = SEED;
}

/** 새 따라가는 스프링 (값 = 목표 = value). @internal */
export function createFollowSpring(value: number): FollowSpring {
  const s = new FollowSpringState();
  s.value = value; s.velocity = 0; s.goal = value; s.previousGoal = value;
  return s;
}

/** 새 걸음 설정. @internal */
export function createSpringStep(): SpringStep {
  return new SpringStepSettings();
}

/**
 * 따라가는 스프링 (라이브러리 내부용): 목표 (s.goal) 가 지난 목표부터 움직인 만큼 가운데 limit·dt 까지는 그대로 따라가고
 * (이어지는 변화: 경사를 걷는 발의 땅 높이는 늦지 않는다), 그보다 큰 몫 (튀는 변화: 계단의 모서리) 만
 * {@link stepCriticalSpring} 과 같은 식으로 부드럽게 따라간다. 할당하지 않는다 (수를 인자로 주고받지 않는다).
 * @internal
 */
export function stepFollow(s: FollowSpring, step: SpringStep): void {
  const goal = s.goal, dt = step.dt, limit = step.limit * dt;
  const change = goal - s.previousGoal;
  s.value += change > limit ? limit : change < -limit ? -limit : change;
  s.previousGoal = goal;
  const smoothTime = step.smoothTime;
  if (smoothTime === 0) {
    s.value = goal;
    s.velocity = 0;
    return;
  }
  // stepCriticalSpring 과 같은 해석해 (같은 연산 순서). ω 와 감쇠는 걸음마다 한 번 (캐시).
  if (step.cachedSmoothTime !== smoothTime || step.cachedDt !== dt) {
    step.cachedSmoothTime = smoothTime;
    step.cachedDt = dt;
    step.omega = 2 / smoothTime;
    step.decay = Math.exp(-step.omega * dt);
  }
  const omega = step.omega, decay = step.decay;
  const c = s.value - goal;
  const j = s.velocity + omega * c;
  s.value = goal + (c + j * dt) * decay;
  s.velocity = (s.velocity - omega * j * dt) * decay;
}
