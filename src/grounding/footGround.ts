// 발 하나의 땅 읽기: 발바닥 점 (뒤꿈치·발끝) 아래로 쏘아 땅 평면을 정하고, 발목 목표와 기울기의 목표를 구한다.
import { Quaternion, Vector3 } from "three";
import type { Object3D } from "three";
import type { GroundHit, GroundQuery } from "./groundQuery.js";
import type { GroundRay } from "./groundRay.js";
import { tiltTowards } from "./footRotation.js";
import type { TiltSettings } from "./footRotation.js";
import { createSpringStep } from "./criticalSpring.js";
import type { SpringStep } from "./criticalSpring.js";
import { createTreadFit, fitOneTread, TreadShift } from "./treadShift.js";
import type { TreadFit } from "./treadShift.js";
import { FootLookAhead } from "./footLookAhead.js";
import type { LookAheadInput } from "./footLookAhead.js";

/** 한 발의 설정 가운데 땅 읽기에 쓰는 것 (FootPlacement 가 검사해서 넘긴다). */
export interface FootGroundSettings {
  maxStepHeight: number;
  maxStepDown: number;
  tiltWeight: number;
  maxTilt: number;
  footPrediction: number;
  footSmoothTime: number;
}

/** 이번 프레임의 시간 (s): 수는 필드로 넘긴다 (docs/PERFORMANCE.md §1). */
export interface FootGroundFrame {
  readonly dt: number;
}

/** 발 하나가 매 프레임 쓰는 상태와 읽을 수 있는 값 (모두 월드, m). 생성자가 한 번 만들고 프레임마다 덮어쓴다. */
export class FootGround {
  /** 발 뼈 (발목). */
  readonly foot: Object3D;
  /** 발바닥 점들 (발 뼈의 로컬 공간): 쉼 자세에서 뒤꿈치 (발목 바로 아래의 클립 땅) 와 발끝 (발가락 뼈 아래). */
  readonly soleLocal: readonly Vector3[];
  /** 이번 프레임 클립 자세의 발바닥 점 (월드). */
  readonly soleWorld: readonly Vector3[];
  /** 발바닥 점마다의 닿음 (hit 이 null 이면 그 점 아래 땅이 없거나 maxStepHeight 보다 높다). */
  readonly hits: readonly GroundHit[];
  readonly hitFound: boolean[];
  /**
   * 발바닥 점마다 지킬 땅 위 높이 (m, up 방향): 클립의 높이. 디딘 점 (클립에서 plantedHeight 안) 이 있으면 들린 점
   * (뒤꿈치 닿기의 발끝, 발끝 떼기의 뒤꿈치) 은 0: 계단 모서리에 걸친 발이 디딘 점을 띄우지 않고 들린 점만 땅에 묻히지 않는다.
   */
  readonly clearance: number[];
  /** 땅을 하나라도 찾았는가. */
  contact = false;
  /**
   * 이번 목표가 앞날의 땅에서 왔는가: 들린 발이 footPrediction 초 뒤에 있을 자리 아래의 땅이 지금 발 아래보다 높아
   * 목표가 미리 올랐다 (계단을 오르는 발이 모서리 전에 올라간다). 그러면 목표를 스프링으로 부드럽게 좇는다.
   */
  predicted = false;
  /**
   * 곧 닿을 들린 발의 닿을 자리가 지금 발 아래의 땅보다 이만큼 (up 방향, m, ≥ 0) 낮다: 떨어지는 땅을 내려서는 발. 골반이 닿기
   * 전에 미리 내려오게 한다 (FootPlacement). 곧 닿지 않거나 디딘 발이면 0.
   */
  landingDrop = 0;
  /** 클립 자세의 발목 (월드). */
  readonly ankleWorld = new Vector3();
  /** 발목을 옮길 목표 변위 (월드, m): 땅이 클립의 땅과 다른 만큼. 땅이 없으면 0. */
  readonly offsetGoal = new Vector3();
  /** 발을 기울일 목표 법선 (월드, 단위): 땅이 없으면 위. */
  readonly normalGoal = new Vector3();
  /** 땅 질의를 부르는 광선 (이 발의 것: 앞날 보기와 모서리 찾기도 같이 쓴다). */
  readonly #ray: GroundRay;
  readonly #planePoint = new Vector3();
  readonly #tilt = new Quaternion();
  readonly #tiltSettings: TiltSettings = { weight: 0.5, maxTilt: 0.5 };
  readonly #rotated = new Vector3();
  readonly #pivotAxis = new Vector3();
  /** 젖히기 전 기울기로 돌린 디딘 점 (발목에서, 월드 축) 과 그 점의 번호. */
  readonly #pivotFrom = new Vector3();
  #pivotIndex = 0;
  /** 발바닥 점마다: 디딘 점인가 (이번 프레임). */
  readonly #planted: boolean[];
  readonly #pivot = new Quaternion();
  /** 막 디딘 발을 한 디딤판에 놓는 수평 이동 (월드, m, treadShift.ts): 발목 목표에도 shift 를 더한다. @internal */
  readonly tread = new TreadShift();
  readonly #shiftStep: SpringStep = createSpringStep();
  readonly #move = new Vector3();
  /** 발바닥 점마다 닿음을 쏜 자리 (디딘 발의 모서리 찾기) 와 모서리 판정의 입력 (treadShift.ts). */
  readonly #castPoints: readonly Vector3[];
  readonly #treadFit: TreadFit;
  /** 들린 발의 앞날 보기 (footLookAhead.ts) 와 그 입력. */
  readonly #look: FootLookAhead;
  readonly #lookInput: LookAheadInput;
  /** 클립의 땅 위 이 높이 (m) 안의 발바닥 점은 디딘 점이다. */
  readonly #plantedHeight: number = NaN;
  /** 이번 프레임 발바닥 점의 클립의 땅 위 높이 (m). */
  readonly #lift: Float64Array;

  /** FootPlacement 가 다리마다 만든다 (ray 는 그 다리의 광선). @internal */
  constructor(foot: Object3D, soleLocal: readonly Vector3[], plantedHeight: number, ray: GroundRay) {
    this.foot = foot;
    this.#ray = ray;
    this.soleLocal = soleLocal;
    this.#plantedHeight = plantedHeight;
    this.clearance = soleLocal.map(() => 0);
    this.#planted = soleLocal.map(() => false);
    this.soleWorld = soleLocal.map(() => new Vector3());
    this.hits = soleLocal.map(() => ({ point: new Vector3(), normal: new Vector3() }));
    this.hitFound = soleLocal.map(() => false);
    this.#lift = new Float64Array(soleLocal.length);
    this.#castPoints = soleLocal.map(() => new Vector3());
    this.#treadFit = createTreadFit(this.#lift);
    this.#treadFit.plantedHeight = plantedHeight;
    this.#look = new FootLookAhead(soleLocal.length, ray);
    this.#lookInput = {
      soleWorld: this.soleWorld, lift: this.#lift, planePoint: this.#planePoint, planeNormal: this.normalGoal, planeHeight: 0.5,
      tread: this.tread, treadFit: this.#treadFit, dt: 0.5,
    };
  }

  /** 지난 프레임을 잊는다 (처음이나 섞음 비율 0 에서 돌아올 때: 발의 빠르기를 재지 않는다). */
  forgetMotion(): void {
    this.#look.forget();
    this.tread.reset();
    this.#treadFit.lastPlaneUp = NaN;
  }

  /**
   * 클립 자세 (발의 matrixWorld 가 최신) 에서 땅을 읽어 offsetGoal·normalGoal 을 정한다. 쓰는 것은 이 객체뿐이다.
   * 1. 발바닥 점마다 up·maxStepHeight 위에서 아래로, 클립의 땅보다 maxStepDown 아래까지 쏜다 (들린 발도 같은 깊이까지).
   * 2. 땅 평면: 법선 N = 닿은 법선들의 평균, 점 P = N 방향으로 가장 높은 닿음 (계단에서는 높은 단). 디딘 점
   *    (클립의 땅 위 plantedHeight 안) 이 있으면 그 점들의 닿음에서만 고른다: 디딘 발이 선 단. 디딘 점이 없으면 (들린 발)
   *    발바닥 점이 지금 빠르기로 footPrediction 초 뒤에 있을 자리 아래도 쏘아, 더 높으면 P 로 쓴다 (predicted).
   * 3. 발목 목표 A' = G + N·a: G 는 발목 A 를 up 을 따라 평면에 내린 점, a = 클립 땅 위 발목 높이.
   *    평평한 평면과 완전한 기울임이면 발바닥이 클립에서처럼 땅에 닿는다 (식의 까닭: 발을 up→N 으로 돌리면
   *    발바닥 점은 평면에서 클립 높이만큼 떨어진다).
   * 4. 들린 점이 제 땅 (더 높은 단) 에 묻히면 발을 디딘 점 쪽으로 젖힌다 (발끝 들기·뒤꿈치 들기, N 을 그만큼 돌린다;
   *    maxTilt 까지). 그래도 남거나 기울기가 maxTilt·tiltWeight 로 줄었으면 발바닥 점마다 제 땅 위 clearance 를
   *    지키도록 up 으로 옮긴다 (젖혔으면 디딘 점이 땅에 닿게 내리기도 한다).
   */
  read(ground: GroundQuery, root: Readonly<Vector3>, up: Readonly<Vector3>, settings: FootGroundSettings, frame: FootGroundFrame): void {
    const matrix = this.foot.matrixWorld;
    this.ankleWorld.setFromMatrixPosition(matrix);
    this.#ray.prepare(up, settings);
    // (Vector3 의 dot·length 는 수를 돌려준다: 인라인되지 않으면 상자가 생겨 성분으로 쓴다, docs/PERFORMANCE.md §1.)
    const rootUp = root.x * up.x + root.y * up.y + root.z * up.z;
    let touching = false;
    for (let i = 0; i < this.soleLocal.length; i++) {
      const sole = this.soleWorld[i]!.copy(this.soleLocal[i]!).applyMatrix4(matrix);
      const lifted = sole.x * up.x + sole.y * up.y + sole.z * up.z - rootUp; // 클립의 땅 위 높이
      this.#lift[i] = lifted;
      if (lifted <= this.#plantedHeight) touching = true;
    }
    // 디딘 동안은 막 디딜 때 정한 수평 이동 (treadShift.ts) 을 그대로, 뗀 뒤에는 스프링으로 0 으로. 땅은 옮긴 자리 아래를 쏜다.
    const step = this.#shiftStep;
    step.dt = frame.dt;
    step.smoothTime = settings.footSmoothTime;
    this.tread.track(touching, step);
    let found = this.#castSoles(ground, up, settings);
    if (touching && found > 1) {
      // 디딘 발이 모서리에 걸쳤으면 바로 한 디딤판으로: 막 디딜 때 (보통 공중에서 미리 옮겨 몇 cm 안이다: footLookAhead.ts)
      // 와, 디딘 동안 클립의 발이 미끄러져 모서리를 넘을 때 (발이 서 있던 디딤판에 남게).
      const points = this.#castPoints, shift = this.tread.shift, fit = this.#fitInput(settings);
      for (let i = 0; i < this.soleLocal.length; i++) points[i]!.copy(this.soleWorld[i]!).add(shift);
      fit.points = points; fit.hits = this.hits; fit.found = this.hitFound; fit.first = -1; fit.byLastHeight = true;
      if (fitOneTread(ground, this.#ray, up, fit, this.#move)) {
        this.tread.moveBy(this.#move);
        found = this.#castSoles(ground, up, settings);
      }
    }
    this.contact = found > 0;
    this.predicted = false;
    this.landingDrop = 0;
    const normal = this.normalGoal;
    if (found === 0 || !(normal.x * normal.x + normal.y * normal.y + normal.z * normal.z > 0)) {
      this.normalGoal.copy(up);
      this.offsetGoal.set(0, 0, 0);
      this.#look.remember(this.soleWorld, this.#lift);
      return;
    }
    const inverse = 1 / Math.sqrt(normal.x * normal.x + normal.y * normal.y + normal.z * normal.z);
    normal.x *= inverse; normal.y *= inverse; normal.z *= inverse;
    if (normal.x * up.x + normal.y * up.y + normal.z * up.z <= 0) normal.copy(up); // 벽·천장은 발 디딜 땅이 아니다
    // 디딘 점: 클립에서 땅에 닿은 (plantedHeight 안) 발바닥 점. 하나라도 있으면 평면은 그 점들의 닿음에서 고르고,
    // 들린 점은 제 땅에 묻히지만 않으면 된다 (clearance 0).
    let planted = 0;
    for (let i = 0; i < this.soleLocal.length; i++) {
      const sole = this.soleWorld[i]!;
      const clipHeight = sole.x * up.x + sole.y * up.y + sole.z * up.z - rootUp;
      this.clearance[i] = clipHeight;
      const isPlanted = this.hitFound[i]! && clipHeight <= this.#plantedHeight;
      this.#planted[i] = isPlanted;
      if (isPlanted) planted++;
    }
    const plane = this.#planePoint;
    // 가장 높은 것은 고른 점의 높이와 비교한다 (−∞ 에서 시작하는 double 변수는 V8 이 상자에 담는다: docs/PERFORMANCE.md §3).
    // 닿은 점이 하나는 있다 (found > 0, 디딘 점은 닿은 점이다).
    let chosen = false;
    for (let i = 0; i < this.soleLocal.length; i++) {
      if (!this.hitFound[i] || (planted > 0 && !this.#planted[i])) continue;
      const point = this.hits[i]!.point;
      const h = point.x * normal.x + point.y * normal.y + point.z * normal.z;
      if (!chosen || h > plane.x * normal.x + plane.y * normal.y + plane.z * normal.z) { chosen = true; plane.copy(point); }
    }
    this.#lookInput.planeHeight = plane.x * normal.x + plane.y * normal.y + plane.z * normal.z;
    this.#treadFit.lastPlaneUp = plane.x * up.x + plane.y * up.y + plane.z * up.z;
    if (planted > 0) {
      for (let i = 0; i < this.soleLocal.length; i++) if (!this.#planted[i]) this.clearance[i] = 0;
    } else if (this.#look.ready && frame.dt > 0 && settings.footPrediction > 0) {
      this.#lookInput.dt = frame.dt;
      this.#fitInput(settings);
      const look = this.#look;
      if (look.look(ground, up, settings, this.#lookInput)) plane.copy(look.predictedPoint);
      this.predicted = look.predicted;
      this.landingDrop = look.landingDrop;
    }
    this.#look.remember(this.soleWorld, this.#lift);
    this.#placeAnkle(root, up, settings, planted > 0);
  }

  /** 모서리 판정의 입력에 이번 설정의 땅 질의 범위를 적는다. */
  #fitInput(settings: FootGroundSettings): TreadFit {
    const fit = this.#treadFit;
    fit.maxStepHeight = settings.maxStepHeight;
    return fit;
  }

  /**
   * 발바닥 점마다 (수평 이동 tread.shift 만큼 옮긴 자리) up·maxStepHeight 위에서 아래로 쏘아 hits·hitFound 를 채우고, 닿은
   * 법선의 합을 normalGoal 에 둔다. 찾은 닿음의 수를 돌려준다.
   */
  #castSoles(ground: GroundQuery, up: Readonly<Vector3>, settings: FootGroundSettings): number {
    const normal = this.normalGoal.set(0, 0, 0), shift = this.tread.shift, ray = this.#ray, origin = ray.origin, above = settings.maxStepHeight;
    let found = 0;
    for (let i = 0; i < this.soleLocal.length; i++) {
      const sole = this.soleWorld[i]!;
      origin.x = sole.x + shift.x + up.x * above; origin.y = sole.y + shift.y + up.y * above; origin.z = sole.z + shift.z + up.z * above;
      ray.lift = this.#lift[i]!;
      const hit = ray.cast(ground, this.hits[i]!, i);
      const ok = hit !== null;
      this.hitFound[i] = ok;
      if (ok) { normal.add(hit.normal); found++; }
    }
    return found;
  }

  #placeAnkle(root: Readonly<Vector3>, up: Readonly<Vector3>, settings: FootGroundSettings, hasPlanted: boolean): void {
    const ankle = this.ankleWorld, normal = this.normalGoal, plane = this.#planePoint;
    const offset = this.offsetGoal;
    const upDotN = up.x * normal.x + up.y * normal.y + up.z * normal.z;
    const rootUp = root.x * up.x + root.y * up.y + root.z * up.z;
    const ankleHeight = ankle.x * up.x + ankle.y * up.y + ankle.z * up.z - rootUp;
    // G = A − up·((A − P)·N / (up·N)), A' = G + N·a  →  변위 = A' − A.
    const along = ((ankle.x - plane.x) * normal.x + (ankle.y - plane.y) * normal.y + (ankle.z - plane.z) * normal.z) / upDotN;
    // (수를 인자로 넘기는 Vector3 메서드 대신 성분으로: docs/PERFORMANCE.md §1.)
    offset.x = ankleHeight * normal.x - along * up.x;
    offset.y = ankleHeight * normal.y - along * up.y;
    offset.z = ankleHeight * normal.z - along * up.z;
    const tiltSettings = this.#tiltSettings;
    tiltSettings.weight = settings.tiltWeight;
    tiltSettings.maxTilt = settings.maxTilt;
    // 4. 들린 점이 제 땅에 묻히면 디딘 점 쪽으로 젖힌다 (N 을 돌린다).
    let tilt = tiltTowards(this.#tilt, up, normal, tiltSettings);
    const pivoted = hasPlanted && this.#pivotOverStep(up, tilt, tiltSettings);
    // 5. 실제 기울기로 돌린 발바닥 점이 제 땅 위 clearance 에 있도록 up 으로 옮긴다 (젖혔으면 내리기도 한다). 젖혔으면 법선이
    //    바뀌었으니 기울기를 다시 구한다.
    if (pivoted) tilt = tiltTowards(this.#tilt, up, normal, tiltSettings);
    if (pivoted) {
      // 젖힘은 디딘 점 둘레로: 발목 둘레로 돌아 옆으로 밀린 디딘 점을 (up 에 수직으로) 제자리로 (높이는 아래에서).
      const c = this.#pivotIndex;
      const after = this.#rotated.copy(this.soleWorld[c]!).sub(ankle).applyQuaternion(tilt);
      const sx = this.#pivotFrom.x - after.x, sy = this.#pivotFrom.y - after.y, sz = this.#pivotFrom.z - after.z;
      const along = sx * up.x + sy * up.y + sz * up.z;
      offset.x += sx - along * up.x; offset.y += sy - along * up.y; offset.z += sz - along * up.z;
    }
    // 젖혔으면 닿은 점들의 필요 가운데 가장 큰 것 (음수면 내린다), 아니면 0 이상만. (상수 둘 (−∞, 0) 을 한 변수로 모으면
    // V8 이 상자에 담는다: docs/PERFORMANCE.md §3. 그래서 "아직 없음" 은 따로 둔다.)
    let lift = 0, any = !pivoted;
    for (let i = 0; i < this.soleLocal.length; i++) {
      if (!this.hitFound[i]) continue;
      const hit = this.hits[i]!, n = hit.normal;
      const upDotHit = up.x * n.x + up.y * n.y + up.z * n.z;
      if (!(upDotHit > 0)) continue;
      const moved = this.#rotated.copy(this.soleWorld[i]!).sub(ankle).applyQuaternion(tilt).add(ankle).add(offset);
      const height = (moved.x - hit.point.x) * n.x + (moved.y - hit.point.y) * n.y + (moved.z - hit.point.z) * n.z;
      const need = (this.clearance[i]! * upDotHit - height) / upDotHit;
      if (!any || need > lift) { lift = need; any = true; }
    }
    if (pivoted ? any : lift > 0) {
      offset.x += up.x * lift; offset.y += up.y * lift; offset.z += up.z * lift;
    }
  }

  /**
   * 디딘 점 c 와 들린 점 r (제 땅이 더 높아 묻히는 점) 에 대해, 발을 새 발목 둘레로 축 k = 수평 (r − c) × up 만큼 θ 돌려
   * r 이 c 에 대해 제 땅 위로 올라오게 하는 가장 작은 θ (≤ maxTilt) 를 구해 normalGoal 을 그만큼 돌린다. 높이는 up 을 따라
   * 잰다: U cos θ + W sin θ ≥ E (U, W: c 에서 r 까지의 up 성분과 k × 의 up 성분, E: 두 점의 땅 높이 차 + clearance 차).
   * 돌렸으면 true (#pivotFrom 에 젖히기 전의 c, #pivotIndex 에 c: #placeAnkle 이 c 를 제자리에 둔다).
   */
  #pivotOverStep(up: Readonly<Vector3>, tilt: Quaternion, settings: Readonly<TiltSettings>): boolean {
    const ankle = this.ankleWorld, count = this.soleLocal.length;
    let c = -1;
    for (let i = 0; i < count; i++) if (this.#planted[i]) { c = i; break; }
    if (c < 0) return false;
    const vc = this.#pivotFrom.copy(this.soleWorld[c]!).sub(ankle).applyQuaternion(tilt);
    const groundC = this.#groundHeight(c, up);
    let angle = 0;
    const axis = this.#pivotAxis;
    for (let r = 0; r < count; r++) {
      if (this.#planted[r] || !this.hitFound[r]) continue;
      const vr = this.#rotated.copy(this.soleWorld[r]!).sub(ankle).applyQuaternion(tilt);
      const ur = vr.x * up.x + vr.y * up.y + vr.z * up.z, uc = vc.x * up.x + vc.y * up.y + vc.z * up.z;
      // 수평 성분 d = (vr − vc) − up·(ur − uc), k = d × up / |d|, W = |d|.
      const U = ur - uc;
      const dx = vr.x - vc.x - up.x * U, dy = vr.y - vc.y - up.y * U, dz = vr.z - vc.z - up.z * U;
      const W = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (!(W > 0)) continue;
      const E = this.clearance[r]! - this.clearance[c]! + this.#groundHeight(r, up) - groundC;
      if (U >= E) continue; // 젖히지 않아도 묻히지 않는다
      const R = Math.sqrt(U * U + W * W), phi = Math.atan2(W, U);
      const theta = E >= R ? phi : phi - Math.acos(E / R);
      if (theta > angle) {
        angle = theta;
        axis.set((dy * up.z - dz * up.y) / W, (dz * up.x - dx * up.z) / W, (dx * up.y - dy * up.x) / W);
      }
    }
    if (!(angle > 0)) return false;
    this.#pivotIndex = c;
    this.normalGoal.applyQuaternion(this.#pivot.setFromAxisAngle(axis, angle < settings.maxTilt ? angle : settings.maxTilt));
    return true;
  }

  /** 발바닥 점 i 의 닿음의 높이 (up 방향, 월드). */
  #groundHeight(i: number, up: Readonly<Vector3>): number {
    const p = this.hits[i]!.point;
    return p.x * up.x + p.y * up.y + p.z * up.z;
  }
}
