// 발 하나의 땅 읽기: 발바닥 점 (뒤꿈치·발끝) 아래로 쏘아 땅 평면을 정하고, 발목 목표와 기울기의 목표를 구한다.
import { Quaternion, Vector3 } from "three";
import type { Object3D } from "three";
import type { GroundHit, GroundQuery } from "./groundQuery.js";
import { tiltTowards } from "./footRotation.js";
import type { TiltSettings } from "./footRotation.js";

/** 한 발의 설정 가운데 땅 읽기에 쓰는 것 (FootPlacement 가 검사해서 넘긴다). */
export interface FootGroundSettings {
  maxStepHeight: number;
  maxStepDown: number;
  tiltWeight: number;
  maxTilt: number;
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
  /** 땅을 하나라도 찾았는가. */
  contact = false;
  /** 클립 자세의 발목 (월드). */
  readonly ankleWorld = new Vector3();
  /** 발목을 옮길 목표 변위 (월드, m): 땅이 클립의 땅과 다른 만큼. 땅이 없으면 0. */
  readonly offsetGoal = new Vector3();
  /** 발을 기울일 목표 법선 (월드, 단위): 땅이 없으면 위. */
  readonly normalGoal = new Vector3();
  readonly #origin = new Vector3();
  readonly #down = new Vector3();
  readonly #planePoint = new Vector3();
  readonly #tilt = new Quaternion();
  readonly #tiltSettings: TiltSettings = { weight: 0.5, maxTilt: 0.5 };
  readonly #rotated = new Vector3();

  constructor(foot: Object3D, soleLocal: readonly Vector3[]) {
    this.foot = foot;
    this.soleLocal = soleLocal;
    this.soleWorld = soleLocal.map(() => new Vector3());
    this.hits = soleLocal.map(() => ({ point: new Vector3(), normal: new Vector3() }));
    this.hitFound = soleLocal.map(() => false);
  }

  /**
   * 클립 자세 (발의 matrixWorld 가 최신) 에서 땅을 읽어 offsetGoal·normalGoal 을 정한다. 쓰는 것은 이 객체뿐이다.
   * 1. 발바닥 점마다 up·maxStepHeight 위에서 아래로, 클립의 땅보다 maxStepDown 아래까지 쏜다 (들린 발도 같은 깊이까지).
   * 2. 땅 평면: 법선 N = 닿은 법선들의 평균, 점 P = N 방향으로 가장 높은 닿음 (계단에서는 높은 단).
   * 3. 발목 목표 A' = G + N·a: G 는 발목 A 를 up 을 따라 평면에 내린 점, a = 클립 땅 위 발목 높이.
   *    평평한 평면과 완전한 기울임이면 발바닥이 클립에서처럼 땅에 닿는다 (식의 까닭: 발을 up→N 으로 돌리면
   *    발바닥 점은 평면에서 클립 높이만큼 떨어진다).
   * 4. 기울기가 maxTilt·tiltWeight 로 줄었으면 발바닥 점이 평면 아래로 가지 않게 up 으로 더 올린다.
   */
  read(ground: GroundQuery, root: Readonly<Vector3>, up: Readonly<Vector3>, settings: FootGroundSettings): void {
    const matrix = this.foot.matrixWorld;
    this.ankleWorld.setFromMatrixPosition(matrix);
    const down = this.#down.copy(up).negate();
    const normal = this.normalGoal.set(0, 0, 0);
    // (Vector3 의 dot·length 는 수를 돌려준다: 인라인되지 않으면 상자가 생겨 성분으로 쓴다, docs/PERFORMANCE.md §1.)
    const rootUp = root.x * up.x + root.y * up.y + root.z * up.z;
    let found = 0;
    for (let i = 0; i < this.soleLocal.length; i++) {
      const sole = this.soleWorld[i]!.copy(this.soleLocal[i]!).applyMatrix4(matrix);
      const origin = this.#origin, above = settings.maxStepHeight;
      origin.x = sole.x + up.x * above; origin.y = sole.y + up.y * above; origin.z = sole.z + up.z * above;
      const lifted = sole.x * up.x + sole.y * up.y + sole.z * up.z - rootUp; // 클립의 땅 위 높이
      const reach = settings.maxStepHeight + (lifted > 0 ? lifted : 0) + settings.maxStepDown;
      const hit = ground(origin, down, reach, this.hits[i]!);
      const ok = hit !== null;
      if (ok) checkHit(hit, i);
      this.hitFound[i] = ok;
      if (ok) { normal.add(hit.normal); found++; }
    }
    this.contact = found > 0;
    if (found === 0 || !(normal.x * normal.x + normal.y * normal.y + normal.z * normal.z > 0)) {
      this.normalGoal.copy(up);
      this.offsetGoal.set(0, 0, 0);
      return;
    }
    const inverse = 1 / Math.sqrt(normal.x * normal.x + normal.y * normal.y + normal.z * normal.z);
    normal.x *= inverse; normal.y *= inverse; normal.z *= inverse;
    if (normal.x * up.x + normal.y * up.y + normal.z * up.z <= 0) normal.copy(up); // 벽·천장은 발 디딜 땅이 아니다
    const plane = this.#planePoint;
    let best = -Infinity;
    for (let i = 0; i < this.soleLocal.length; i++) {
      if (!this.hitFound[i]) continue;
      const point = this.hits[i]!.point;
      const h = point.x * normal.x + point.y * normal.y + point.z * normal.z;
      if (h > best) { best = h; plane.copy(this.hits[i]!.point); }
    }
    this.#placeAnkle(root, up, settings);
  }

  #placeAnkle(root: Readonly<Vector3>, up: Readonly<Vector3>, settings: FootGroundSettings): void {
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
    // 4. 줄어든 기울기로 돌린 발바닥 점이 평면보다 클립 높이만큼 위에 있는지 본다.
    const tiltSettings = this.#tiltSettings;
    tiltSettings.weight = settings.tiltWeight;
    tiltSettings.maxTilt = settings.maxTilt;
    const tilt = tiltTowards(this.#tilt, up, normal, tiltSettings);
    let lift = 0;
    for (let i = 0; i < this.soleLocal.length; i++) {
      const sole = this.soleWorld[i]!;
      const clipHeight = sole.x * up.x + sole.y * up.y + sole.z * up.z - rootUp;
      const moved = this.#rotated.copy(sole).sub(ankle).applyQuaternion(tilt).add(ankle).add(offset);
      const height = (moved.x - plane.x) * normal.x + (moved.y - plane.y) * normal.y + (moved.z - plane.z) * normal.z;
      const want = clipHeight * upDotN;
      if (want - height > lift) lift = want - height;
    }
    if (lift > 0) {
      const k = lift / upDotN;
      offset.x += up.x * k; offset.y += up.y * k; offset.z += up.z * k;
    }
  }
}

function checkHit(hit: GroundHit, index: number): void {
  const p = hit.point, n = hit.normal;
  if (!(Number.isFinite(p.x) && Number.isFinite(p.y) && Number.isFinite(p.z)
    && Number.isFinite(n.x) && Number.isFinite(n.y) && Number.isFinite(n.z))) {
    throw new RangeError(
      `FootPlacement.update: ground 가 발바닥 점 ${index} 에 유한하지 않은 닿음을 돌려주었습니다 (point: ${p.x}, ${p.y}, ${p.z}; normal: ${n.x}, ${n.y}, ${n.z})`,
    );
  }
}
