// 막 디딘 발을 한 디딤판에 놓는 수평 이동: 발이 닿는 순간 계단 모서리 (챌면, 끊긴 땅의 끝) 에 걸치면 발 전체를 모서리에서
// 떨어진 한쪽 디딤판으로 옮기고, 디딘 동안 그대로 두었다가 발을 떼면 스프링으로 되돌린다. 발바닥 점 아래로 곧게 쏘는 땅
// 읽기는 모서리에 걸친 발을 바르게 세우지 못한다: 한 점이 뜨거나, 젖힐 수 없을 만큼 기울거나, 다음 프레임에 한 단씩 튄다.
import { Vector3 } from "three";
import type { GroundHit, GroundQuery } from "./groundQuery.js";
import type { GroundRay } from "./groundRay.js";
import { createFollowSpring, stepFollow } from "./criticalSpring.js";
import type { FollowSpring, SpringStep } from "./criticalSpring.js";

/** 옮긴 발을 모서리에서 떨어뜨리는 거리 = 이 배 × plantedHeight (0.02 L). */
const TREAD_MARGIN = 4 / 3;
/** 들린 발의 이동이 목표에 이만큼 (m) 가까우면 멈춘다. */
const SETTLED = 1e-9;
/** 모서리를 찾는 이분법의 횟수: 발바닥 점 사이 거리의 1/64 까지 (발 20 cm 에 3 mm). */
const EDGE_STEPS = 6;

/** 모서리 찾기 (FootGround 가 채운다, 수는 필드로: docs/PERFORMANCE.md §1). @internal */
export interface TreadSearch {
  /** 이쪽 점 (월드, 지금 자리) 과 그 닿음, 저쪽 점 (월드). */
  readonly from: Vector3;
  readonly fromHit: GroundHit;
  readonly to: Vector3;
  /** 같은 디딤판으로 볼 평면 거리 (m), 쏘는 높이 (점 위, m) 와 from 의 클립의 땅 위 높이 (m, 광선 길이: groundRay.ts). */
  tolerance: number;
  above: number;
  lift: number;
  /** from 의 발바닥 점 번호 (땅 질의가 유한하지 않은 닿음을 돌려줄 때의 메시지). */
  index: number;
  /** 저쪽 점의 닿음 높이 (up 방향, m). */
  toHeight: number;
  /** 결과: from → to (수평) 의 비율로 lo 까지는 from 의 디딤판, hi 부터는 아니다. */
  lo: number;
  hi: number;
  /**
   * 결과: lo 와 hi 의 닿음 높이 차 (up 방향, m; hi 에 닿음이 없으면 Infinity). 모서리 (챌면, 끊긴 땅의 끝) 면 단의 높이만큼,
   * 꺾인 곳 (경사가 시작되는 곳) 이면 거의 0: 땅이 이어져 있으니 모서리가 아니다.
   */
  jump: number;
}

/** 새 모서리 찾기 상태 (점과 닿음은 만들 때 한 번). @internal */
export function createTreadSearch(): TreadSearch {
  return {
    from: new Vector3(), fromHit: { point: new Vector3(), normal: new Vector3() }, to: new Vector3(),
    tolerance: 0.5, above: 0.5, lift: 0.5, index: 0, toHeight: 0.5, lo: 0.5, hi: 0.5, jump: 0.5,
  };
}

/** findTreadEdge 의 이분법 상태: [lo, hi, lo 의 닿음 높이, hi 의 닿음 높이]. */
const _bounds = /*@__PURE__*/ new Float64Array(4);
const LO = 0, HI = 1, LO_HEIGHT = 2, HI_HEIGHT = 3;
const _hit: GroundHit = { point: /*@__PURE__*/ new Vector3(), normal: /*@__PURE__*/ new Vector3() };

/**
 * from 에서 to 로 (둘을 잇는 수평 선분 위) from 의 디딤판이 끝나는 곳을 이분법으로 찾아 search.lo·hi 에 둔다: 점 아래의 닿음이
 * from 의 닿음 평면에서 tolerance 안이면 같은 디딤판. @internal
 */
export function findTreadEdge(ground: GroundQuery, ray: GroundRay, up: Readonly<Vector3>, search: TreadSearch): void {
  const from = search.from, to = search.to, p = search.fromHit.point, n = search.fromHit.normal, above = search.above;
  const probe = ray.origin, b = _bounds;
  // 이분법의 두 끝과 그 닿음 높이는 Float64Array 에: 상수 (0, 1, NaN) 와 계산한 수가 한 변수로 모이면 V8 이 상자에 담는다
  // (docs/PERFORMANCE.md §3).
  b[LO] = 0; b[HI] = 1; b[LO_HEIGHT] = p.x * up.x + p.y * up.y + p.z * up.z; b[HI_HEIGHT] = search.toHeight;
  for (let k = 0; k < EDGE_STEPS; k++) {
    const t: number = 0.5 * (b[LO]! + b[HI]!);
    probe.x = from.x + (to.x - from.x) * t + up.x * above;
    probe.y = from.y + (to.y - from.y) * t + up.y * above;
    probe.z = from.z + (to.z - from.z) * t + up.z * above;
    ray.lift = search.lift;
    const hit = ray.cast(ground, _hit, search.index);
    if (hit === null) { b[HI] = t; b[HI_HEIGHT] = NaN; continue; }
    const q = hit.point, height = q.x * up.x + q.y * up.y + q.z * up.z;
    if (Math.abs((q.x - p.x) * n.x + (q.y - p.y) * n.y + (q.z - p.z) * n.z) <= search.tolerance) {
      b[LO] = t; b[LO_HEIGHT] = height;
    } else {
      b[HI] = t; b[HI_HEIGHT] = height;
    }
  }
  search.lo = b[LO]!;
  search.hi = b[HI]!;
  const jump = Math.abs(b[HI_HEIGHT]! - b[LO_HEIGHT]!);
  // 저쪽에 닿음이 없으면 (NaN) 끝없는 높이 차.
  if (jump === jump) search.jump = jump;
  else search.jump = Infinity;
}

/**
 * 발 하나의 수평 이동 (월드, m): 막 디딘 발을 한 디딤판에 놓는 이동 (moveBy) 을 디딘 동안 그대로 두고, 발을 떼면 스프링으로
 * 0 으로 돌아간다. @internal
 */
export class TreadShift {
  /** 발 (발바닥 점·발목 목표) 에 더할 이동. */
  readonly shift = new Vector3();
  /** 들린 동안 shift 가 스프링으로 따라갈 이동: 발을 떼면 0, 내려앉을 자리가 모서리에 걸치면 한 디딤판으로 옮길 이동. */
  readonly goal = new Vector3();
  /** 디딘 동안인가. */
  inContact = false;
  readonly #springs: readonly [FollowSpring, FollowSpring, FollowSpring] = [createFollowSpring(0), createFollowSpring(0), createFollowSpring(0)];

  /** 이번 프레임: 디딘 동안이면 이동을 그대로, 아니면 step 으로 goal 을 따른다 (막 뗐으면 goal 은 0). 막 디뎠으면 true. */
  track(contact: boolean, step: SpringStep): boolean {
    const touchdown = contact && !this.inContact;
    if (!contact && this.inContact) this.goal.set(0, 0, 0);
    this.inContact = contact;
    if (contact) return touchdown;
    const s = this.#springs, shift = this.shift, goal = this.goal;
    // 흔한 경우: 옮긴 것도 옮길 것도 없다 (스프링이 멈춰 있다).
    if (shift.x === goal.x && shift.y === goal.y && shift.z === goal.z && s[0].velocity === 0 && s[1].velocity === 0 && s[2].velocity === 0) return false;
    s[0].goal = goal.x; s[1].goal = goal.y; s[2].goal = goal.z;
    step.limit = 0;
    stepFollow(s[0], step); stepFollow(s[1], step); stepFollow(s[2], step);
    shift.x = s[0].value; shift.y = s[1].value; shift.z = s[2].value;
    // 나노미터 안으로 오면 멈춘다 (지수 감쇠는 정확히 닿지 않는다: 멈추면 위의 빠른 길로 간다).
    const dx = shift.x - goal.x, dy = shift.y - goal.y, dz = shift.z - goal.z;
    if (dx * dx + dy * dy + dz * dz < SETTLED * SETTLED) { shift.copy(goal); this.#hold(); }
    return false;
  }

  /** 발 전체를 move (수평, 월드) 만큼 옮긴다 (바로: 막 디딘 발을 한 디딤판에 놓을 때). */
  moveBy(move: Readonly<Vector3>): void {
    this.shift.add(move);
    this.goal.copy(this.shift);
    this.#hold();
  }

  /** 이동 없이 멈춘다 (처음, 섞음 비율 0). */
  reset(): void {
    this.inContact = false;
    this.shift.set(0, 0, 0);
    this.goal.set(0, 0, 0);
    this.#hold();
  }

  /** 스프링을 지금의 이동에 멈춰 둔다: 발을 떼면 여기서부터 0 으로 돌아간다. */
  #hold(): void {
    const s = this.#springs, shift = this.shift;
    s[0].value = shift.x; s[1].value = shift.y; s[2].value = shift.z;
    for (let k = 0; k < 3; k++) { const spring = s[k]!; spring.velocity = 0; spring.goal = spring.value; spring.previousGoal = spring.value; }
  }
}

/** fitOneTread 의 입력 (부르는 쪽이 채운다; 수는 필드로: docs/PERFORMANCE.md §1). @internal */
export interface TreadFit {
  /** 발바닥 점마다 닿음을 쏜 자리 (월드), 그 닿음, 찾았는가. */
  points: readonly Vector3[];
  hits: readonly GroundHit[];
  found: readonly boolean[];
  /** 발바닥 점마다 클립의 땅 위 높이 (m). */
  readonly lift: Float64Array;
  /** 디딘 점의 높이 (m, 클립의 땅 위): 모서리의 문턱은 그 두 배, 떨어뜨리는 거리는 4/3 배. */
  plantedHeight: number;
  /** first ≥ 0 이면 그 점 (곧 닿을 가장 낮은 점) 에서, 아니면 디딘 점들에서 본다. */
  first: number;
  /** 쪽을 지난 프레임의 높이 lastPlaneUp (up 방향, m; NaN 이면 없다) 로 고르는가, 덜 옮기는 쪽인가. */
  byLastHeight: boolean;
  lastPlaneUp: number;
  /** 땅 질의의 높이 (점 위, m). */
  maxStepHeight: number;
}

/** 새 입력 (lift 는 부르는 쪽의 배열을 그대로 본다). @internal */
export function createTreadFit(lift: Float64Array): TreadFit {
  return {
    points: [], hits: [], found: [], lift, plantedHeight: 0.5, first: -1, byLastHeight: false, lastPlaneUp: NaN,
    maxStepHeight: 0.5,
  };
}

const _search = /*@__PURE__*/ createTreadSearch();

/**
 * 발이 모서리에 걸쳤는가: 점 c (fit.first < 0 이면 디딘 점 가운데, 아니면 first: 곧 닿을 가장 낮은 점) 와 다른 점 r 의 닿음이 한
 * 평면에 있지 않으면 (c 의 닿음 평면에서 2·plantedHeight 넘게: 챌면, 끊긴 땅의 끝; r 이 디딘 점이거나 r 의 땅이 더 높을 때만)
 * c 에서 r 로 수평으로 모서리를 찾아, 발 전체를 한쪽 디딤판으로 옮길 수평 이동을 move 에 둔다 (모서리에서
 * TREAD_MARGIN·plantedHeight 떨어지게). 쪽: byLastHeight 면 발이 지난 프레임에 서 있던 높이에 가까운 디딤판 (막 디딘 발:
 * 앞을 보고 미리 오른 발은 높은 단에), 아니면 덜 옮기는 쪽 (공중의 발). 걸쳤으면 true. @internal
 */
export function fitOneTread(ground: GroundQuery, ray: GroundRay, up: Readonly<Vector3>, fit: TreadFit, move: Vector3): boolean {
  const count = fit.points.length, tolerance = 2 * fit.plantedHeight;
  let c = -1, r = -1, worst = tolerance;
  for (let i = 0; i < count; i++) {
    if (!fit.found[i] || (fit.first < 0 ? fit.lift[i]! > fit.plantedHeight : i !== fit.first)) continue;
    const p = fit.hits[i]!.point, n = fit.hits[i]!.normal;
    for (let j = 0; j < count; j++) {
      if (j === i || !fit.found[j]) continue;
      const q = fit.hits[j]!.point;
      const off = (q.x - p.x) * n.x + (q.y - p.y) * n.y + (q.z - p.z) * n.z;
      // 걸림이 문제인 것만: r 도 디딘 (또는 곧 닿을) 점이거나 (한 점이 뜬다), r 의 땅이 더 높다 (들린 점이 묻힌다).
      // 들린 발끝이 낮은 땅 위로 나온 것 (모서리에 선 발) 은 그대로 둔다.
      if (!(fit.first >= 0 || fit.lift[j]! <= fit.plantedHeight || off > 0)) continue;
      const size = off < 0 ? -off : off;
      if (size > worst) { worst = size; c = i; r = j; }
    }
  }
  if (c < 0) return false;
  const search = _search, from = search.from, to = search.to;
  from.copy(fit.points[c]!);
  // 수평 성분만: d = (r − c) − up·((r − c)·up).
  const pr = fit.points[r]!;
  const dx = pr.x - from.x, dy = pr.y - from.y, dz = pr.z - from.z, along = dx * up.x + dy * up.y + dz * up.z;
  const hx = dx - up.x * along, hy = dy - up.y * along, hz = dz - up.z * along;
  const length = Math.sqrt(hx * hx + hy * hy + hz * hz);
  if (!(length > 0)) return false;
  to.x = from.x + hx; to.y = from.y + hy; to.z = from.z + hz;
  search.fromHit.point.copy(fit.hits[c]!.point);
  search.fromHit.normal.copy(fit.hits[c]!.normal);
  search.tolerance = tolerance;
  search.above = fit.maxStepHeight;
  search.lift = fit.lift[c]!;
  search.index = c;
  const pq = fit.hits[r]!.point;
  search.toHeight = pq.x * up.x + pq.y * up.y + pq.z * up.z;
  findTreadEdge(ground, ray, up, search);
  // 땅이 이어져 있으면 (경사가 시작·끝나는 꺾인 곳, 울퉁불퉁한 땅) 모서리가 아니다: 옮기지 않는다.
  if (!(search.jump > 0.5 * tolerance)) return false;
  const margin = TREAD_MARGIN * fit.plantedHeight / length;
  const back = 1 - search.lo + margin, forward = search.hi + margin; // d 의 몇 배
  const pc = fit.hits[c]!.point, last = fit.lastPlaneUp;
  const hc = pc.x * up.x + pc.y * up.y + pc.z * up.z, hr = pq.x * up.x + pq.y * up.y + pq.z * up.z;
  // 지난 프레임의 높이가 없으면 (처음, NaN) 덜 옮기는 쪽.
  const keepC = fit.byLastHeight && last === last ? Math.abs(hc - last) <= Math.abs(hr - last) : back <= forward;
  const k = keepC ? -back : forward;
  move.x = hx * k; move.y = hy * k; move.z = hz * k;
  return true;
}
