// 굽힘 제한의 호: 관절 (팔꿈치·무릎) 에서 굽는 평면 위에 허락된 굽힘 [min, max] 를 얇은 고리 조각으로 그린다.
// 굽힘 β 는 관절의 바깥각 (0 = 곧음, π = 다 접힘): 위 뼈 방향 u 에서 굽는 쪽 v 로 β 만큼 돈 방향이 아래 뼈의 방향이다.
// 그래서 제한 안이면 아래 뼈가 늘 이 조각 위에 놓인다.
import { BufferAttribute, BufferGeometry, DoubleSide, Mesh, MeshBasicMaterial, Vector3 } from "three";
import type { Vector3Like } from "three";

/** 호를 나누는 조각 수. */
const SEGMENTS = 48;
/** 고리의 안쪽 반지름 / 바깥 반지름. */
const INNER = 0.55;

const _u = /*@__PURE__*/ new Vector3();
const _v = /*@__PURE__*/ new Vector3();
const _w = /*@__PURE__*/ new Vector3();

export class BendArc extends Mesh<BufferGeometry, MeshBasicMaterial> {
  /** 마지막으로 그린 호의 끝 (라디안): 테스트 창구가 읽는다. */
  drawnMin = 0;
  drawnMax = 0;
  private readonly positions: Float32Array;

  /** radius: 고리의 바깥 반지름 (m), 화면에서 minRadiusPx (CSS px) 보다 작아지지 않는다 (작은 휴대폰에서도 보이게). */
  constructor(private readonly radius: number, private readonly minRadiusPx: number, color: number) {
    const positions = new Float32Array((SEGMENTS + 1) * 2 * 3);
    const geometry = new BufferGeometry();
    geometry.setAttribute("position", new BufferAttribute(positions, 3));
    const index: number[] = [];
    for (let i = 0; i < SEGMENTS; i++) {
      const a = 2 * i, b = a + 1, c = a + 2, d = a + 3;
      index.push(a, b, c, b, d, c);
    }
    geometry.setIndex(index);
    super(geometry, new MeshBasicMaterial({
      color, transparent: true, opacity: 0.6, side: DoubleSide, depthTest: false, depthWrite: false,
    }));
    this.positions = positions;
    this.name = "BendArc";
    this.frustumCulled = false;
    this.renderOrder = 940; // 몸 위에 (공들보다는 아래)
  }

  /**
   * 뿌리·관절·효과점 (월드) 과 극에서 굽는 평면을 잡고 [min, max] 의 고리 조각을 그린다. 할당 없음.
   * 팔다리가 곧아 평면이 정해지지 않으면 극에서 굽는 쪽을 잡는다 (IK 가 관절을 극 쪽으로 굽히므로 아래 뼈는 그 반대쪽으로).
   * metresPerPx: 관절의 깊이에서 화면 1 CSS px 가 몇 m 인가 (깊이 / pixelsPerUnit).
   */
  update(
    root: Vector3Like, joint: Vector3Like, effector: Vector3Like, pole: Vector3Like, min: number, max: number, metresPerPx: number,
  ): void {
    const radius = Math.max(this.radius, this.minRadiusPx * metresPerPx);
    _u.subVectors(joint, root).normalize();
    _w.subVectors(effector, joint);
    _v.copy(_w).addScaledVector(_u, -_w.dot(_u));
    if (_v.lengthSq() < 1e-12 * Math.max(_w.lengthSq(), 1e-12)) {
      _v.subVectors(pole, root);
      _v.addScaledVector(_u, -_v.dot(_u)).negate();
    }
    _v.normalize();
    const p = this.positions;
    for (let i = 0; i <= SEGMENTS; i++) {
      const angle = min + ((max - min) * i) / SEGMENTS;
      const c = Math.cos(angle), s = Math.sin(angle);
      const x = c * _u.x + s * _v.x, y = c * _u.y + s * _v.y, z = c * _u.z + s * _v.z;
      const o = i * 6;
      p[o] = joint.x + INNER * radius * x; p[o + 1] = joint.y + INNER * radius * y; p[o + 2] = joint.z + INNER * radius * z;
      p[o + 3] = joint.x + radius * x; p[o + 4] = joint.y + radius * y; p[o + 5] = joint.z + radius * z;
    }
    (this.geometry.getAttribute("position") as BufferAttribute).needsUpdate = true;
    this.drawnMin = min;
    this.drawnMax = max;
  }
}

/** 뿌리·관절·효과점에서 잰 관절의 굽힘 (바깥각, 라디안): 위 뼈 방향과 관절→효과점 방향 사이의 각. */
export function bendAngle(root: Vector3Like, joint: Vector3Like, effector: Vector3Like): number {
  _u.subVectors(joint, root);
  _w.subVectors(effector, joint);
  return _u.angleTo(_w);
}
