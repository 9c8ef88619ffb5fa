// 들린 발의 앞날 (FootGround 의 한 단계): 발바닥 점이 지금 빠르기로 조금 뒤에 있을 자리 아래를 쏘아, 더 높은 땅이 오면 발을
// 미리 올리고 (계단을 오르는 발이 모서리에서 한 프레임에 튀지 않게), 곧 닿을 자리가 모서리에 걸치면 공중에서 한 디딤판으로
// 옮기며, 더 낮은 땅에 닿을 발이면 그만큼을 알린다 (골반이 미리 내려오게).
import { Vector3 } from "three";
import type { GroundHit, GroundQuery } from "./groundQuery.js";
import type { GroundRay } from "./groundRay.js";
import { fitOneTread } from "./treadShift.js";
import type { TreadFit, TreadShift } from "./treadShift.js";

/** look 이 읽는 설정 (FootPlacement 가 검사해서 넘긴다). @internal */
export interface LookAheadSettings {
  readonly maxStepHeight: number;
  readonly footPrediction: number;
}

/** look 이 읽는 발의 이번 프레임 (FootGround 가 채운다; 수는 필드로: docs/PERFORMANCE.md §1). @internal */
export interface LookAheadInput {
  /** 발바닥 점마다 클립 자세의 자리 (월드) 와 클립의 땅 위 높이 (m). */
  readonly soleWorld: readonly Vector3[];
  readonly lift: Float64Array;
  /** 지금의 땅 평면: 점, 법선 (단위), 법선 방향의 높이 (m). */
  readonly planePoint: Vector3;
  readonly planeNormal: Vector3;
  planeHeight: number;
  /** 발의 수평 이동과 그 모서리 판정의 입력 (points·hits·found·first·byLastHeight 는 look 이 채운다). */
  readonly tread: TreadShift;
  readonly treadFit: TreadFit;
  /** 한 프레임의 시간 (s). */
  dt: number;
}

/** 한 발의 앞날 보기: 지난 프레임의 발바닥 점과 앞을 본 자리·닿음. 만들 때만 할당한다. @internal */
export class FootLookAhead {
  /** 이번 목표가 앞날의 땅에서 왔는가 (더 높은 땅: predictedPoint). */
  predicted = false;
  readonly predictedPoint = new Vector3();
  /** 곧 닿을 발의 닿을 자리가 지금 평면 점보다 이만큼 (up 방향, m, ≥ 0) 낮다. 곧 닿지 않으면 0. */
  landingDrop = 0;
  readonly #previousSole: readonly Vector3[];
  readonly #previousLift: Float64Array;
  #hasPrevious = false;
  /** 발바닥 점마다 앞을 본 자리, 그것을 옮겨 갈 이동만큼 옮긴 자리, 그 아래의 닿음. */
  readonly #points: readonly Vector3[];
  readonly #cast: readonly Vector3[];
  readonly #hits: readonly GroundHit[];
  readonly #found: boolean[];
  readonly #move = new Vector3();
  /** 땅 질의를 부르는 광선 (FootGround 와 같이 쓴다). */
  readonly #ray: GroundRay;

  constructor(count: number, ray: GroundRay) {
    this.#ray = ray;
    this.#previousSole = Array.from({ length: count }, () => new Vector3());
    this.#previousLift = new Float64Array(count);
    this.#points = Array.from({ length: count }, () => new Vector3());
    this.#cast = Array.from({ length: count }, () => new Vector3());
    this.#hits = Array.from({ length: count }, () => ({ point: new Vector3(), normal: new Vector3() }));
    this.#found = Array.from({ length: count }, () => false);
  }

  /** 지난 프레임이 있는가 (빠르기를 잴 수 있는가). */
  get ready(): boolean {
    return this.#hasPrevious;
  }

  /** 지난 프레임을 잊는다 (처음이나 섞음 비율 0 에서 돌아올 때). */
  forget(): void {
    this.#hasPrevious = false;
  }

  /** 이번 클립 자세의 발바닥 점과 그 높이를 다음 프레임의 빠르기 재기에 적어 둔다. */
  remember(soleWorld: readonly Vector3[], lift: Float64Array): void {
    for (let i = 0; i < soleWorld.length; i++) this.#previousSole[i]!.copy(soleWorld[i]!);
    this.#previousLift.set(lift);
    this.#hasPrevious = true;
  }

  /**
   * 발바닥 점마다 (지난 프레임부터의 빠르기로) 앞을 보는 시간 뒤의 자리를 본다. 앞을 보는 시간은 footPrediction 이고,
   * 내려오는 점은 클립에서 닿을 때까지의 시간 (높이 / 내려오는 빠르기) 이 더 짧으면 그것이다: 발이 닿을 자리 너머를 보지 않는다
   * (닿는 순간 예측이 지금과 같아져 목표가 튀지 않는다).
   * 1. 가장 낮은 점이 앞을 보는 시간 안에 닿으면 (내려앉는 중) 모든 점 아래를 쏜다: 닿을 자리가 모서리에 걸치면 tread.goal 에
   *    한 디딤판으로 옮길 이동을 더하고 (스프링으로 간다), 닿을 자리의 가장 높은 땅이 지금 평면 점보다 낮으면 landingDrop.
   *    아직 멀면 움직임 방향으로 앞선 점 하나만 (더 높은 땅은 거기서 먼저 온다).
   * 2. 지금 평면 점 (법선 방향 높이 planeHeight) 보다 높은 닿음이 있으면 가장 높은 것을 predictedPoint 에 두고 true.
   */
  look(ground: GroundQuery, up: Readonly<Vector3>, settings: LookAheadSettings, input: LookAheadInput): boolean {
    const dt = input.dt, horizon = settings.footPrediction, soles = input.soleWorld, lifts = input.lift, count = soles.length;
    const points = this.#points, hits = this.#hits, found = this.#found;
    this.predicted = false;
    this.landingDrop = 0;
    let first = 0, leading = 0, leadingAlong = -Infinity;
    // 발의 움직임 방향: 첫 발바닥 점의 지난 프레임부터의 변위.
    const from = this.#previousSole[0]!, to = soles[0]!, mx = to.x - from.x, my = to.y - from.y, mz = to.z - from.z;
    for (let i = 0; i < count; i++) {
      const sole = soles[i]!, before = this.#previousSole[i]!;
      const lift = lifts[i]!, sinking = this.#previousLift[i]! - lift;
      // 내려오는 점: 닿을 때까지 lift / (sinking / dt) 초.
      const ahead = (sinking > 0 && lift * dt < horizon * sinking ? Math.max(lift, 0) / sinking : horizon / dt);
      const point = points[i]!;
      point.x = sole.x + (sole.x - before.x) * ahead; point.y = sole.y + (sole.y - before.y) * ahead; point.z = sole.z + (sole.z - before.z) * ahead;
      if (lift < lifts[first]!) first = i;
      // 앞선 점: 움직임 방향으로 가장 멀리 간 자리.
      const along = point.x * mx + point.y * my + point.z * mz;
      if (along > leadingAlong) { leadingAlong = along; leading = i; }
    }
    const lowest = lifts[first]!, sinking = this.#previousLift[first]! - lowest;
    const landing = sinking > 0 && lowest * dt < horizon * sinking;
    this.#castAhead(ground, up, settings, input, landing ? -1 : leading);
    if (landing) {
      const fit = input.treadFit;
      fit.points = this.#cast; fit.hits = hits; fit.found = found; fit.first = first; fit.byLastHeight = false;
      if (fitOneTread(ground, this.#ray, up, fit, this.#move)) {
        input.tread.goal.add(this.#move);
        this.#castAhead(ground, up, settings, input, -1);
      }
      // 닿을 자리의 가장 높은 땅이 지금 평면 점보다 낮으면 그만큼 내려선다.
      let landingUp = -Infinity;
      for (let i = 0; i < count; i++) {
        if (!found[i]) continue;
        const q = hits[i]!.point, h = q.x * up.x + q.y * up.y + q.z * up.z;
        if (h > landingUp) landingUp = h;
      }
      const plane = input.planePoint, below = plane.x * up.x + plane.y * up.y + plane.z * up.z - landingUp;
      if (below > 0 && below < Infinity) this.landingDrop = below;
    }
    const normal = input.planeNormal;
    let highest = input.planeHeight;
    for (let i = 0; i < count; i++) {
      if (!found[i]) continue;
      const p = hits[i]!.point, h = p.x * normal.x + p.y * normal.y + p.z * normal.z;
      if (h > highest) { highest = h; this.predictedPoint.copy(p); this.predicted = true; }
    }
    return this.predicted;
  }

  /** 앞을 본 자리를 옮겨 갈 수평 이동 (tread.goal) 만큼 옮긴 자리 아래를 쏜다. only ≥ 0 이면 그 점만 (나머지는 찾지 못한 것으로). */
  #castAhead(ground: GroundQuery, up: Readonly<Vector3>, settings: LookAheadSettings, input: LookAheadInput, only: number): void {
    const goal = input.tread.goal, ray = this.#ray, origin = ray.origin, above = settings.maxStepHeight;
    for (let i = 0; i < this.#points.length; i++) {
      if (only >= 0 && i !== only) { this.#found[i] = false; continue; }
      const point = this.#cast[i]!.copy(this.#points[i]!).add(goal);
      origin.x = point.x + up.x * above; origin.y = point.y + up.y * above; origin.z = point.z + up.z * above;
      ray.lift = input.lift[i]!;
      this.#found[i] = ray.cast(ground, this.#hits[i]!, i) !== null;
    }
  }
}
