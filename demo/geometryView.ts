// 기하 보기 (보조 표시의 일부): 어깨 둘레의 닿는 범위 껍질 (a + b 와 |a − b|), 굽힘 방향 p 의 화살표,
// 그리고 팔꿈치 뒤집힘 위험 구역 — 어깨–공 직선 둘레의 원뿔 (극이 그 안에 들면 붉게 빛난다).
import {
  ArrowHelper,
  BufferAttribute,
  BufferGeometry,
  ConeGeometry,
  DoubleSide,
  Group,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  SphereGeometry,
  Vector3,
} from "three";
import { makeLabel } from "./triangleView";
import type { Vector3Like } from "three";

/**
 * 뒤집힘 위험: 어깨에서 본 극과 어깨–공 직선 사이 각의 sin 이 이보다 작으면 (약 11.5°) 경고한다.
 * 이 각이 0 을 지나면 p 의 방향이 반대로 바뀌어 팔꿈치가 한 프레임에 반대쪽으로 간다.
 */
export const FLIP_DANGER_SIN = 0.2;
/** 위험 원뿔의 길이 (m): 공 너머까지. */
const CONE_LENGTH = 0.9;
const RING_SEGMENTS = 64;

const _axis = /*@__PURE__*/ new Vector3();
const _toPole = /*@__PURE__*/ new Vector3();
const _p = /*@__PURE__*/ new Vector3();
const _foot = /*@__PURE__*/ new Vector3();
const _up = /*@__PURE__*/ new Vector3(0, 1, 0);

/** 원 세 개 (XY·YZ·ZX 평면, 반지름 1) 의 선분. */
function ringsGeometry(): BufferGeometry {
  const positions = new Float32Array(3 * RING_SEGMENTS * 2 * 3);
  let i = 0;
  for (let plane = 0; plane < 3; plane++) {
    for (let k = 0; k < RING_SEGMENTS; k++) {
      for (const step of [k, k + 1]) {
        const angle = (2 * Math.PI * step) / RING_SEGMENTS;
        const c = Math.cos(angle), s = Math.sin(angle);
        const xyz = plane === 0 ? [c, s, 0] : plane === 1 ? [0, c, s] : [s, 0, c];
        positions[i++] = xyz[0]!; positions[i++] = xyz[1]!; positions[i++] = xyz[2]!;
      }
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new BufferAttribute(positions, 3));
  return geometry;
}

export class GeometryView extends Group {
  /** 마지막 update() 에서 극이 위험 구역 안이었는가, 그리고 그 각 (라디안). */
  danger = false;
  poleAngle = Math.PI / 2;
  /** 마지막 update() 의 굽힘 방향 p (단위 벡터, 정해지지 않으면 0 벡터), 껍질 반지름 (m). */
  readonly pDirection = new Vector3();
  outerRadius = 0;
  innerRadius = 0;

  private readonly outerShell: Group;
  private readonly innerShell: Group;
  private readonly arrow: ArrowHelper;
  private readonly labelP = makeLabel("p", "#7fb4ff");
  /** 위험 구역: 어깨에서 공 쪽과 그 반대쪽으로 벌어지는 원뿔 둘 (직선 양쪽 모두 p 가 0 이 된다). */
  private readonly cone: Mesh;
  private readonly backCone: Mesh;
  private readonly coneMaterial: MeshBasicMaterial;

  constructor() {
    super();
    this.name = "GeometryView";
    const sphere = new SphereGeometry(1, 32, 16);
    const rings = ringsGeometry();
    const makeShell = (color: number): Group => {
      const shell = new Group();
      const surface = new Mesh(sphere, new MeshBasicMaterial({ color, transparent: true, opacity: 0.05, depthWrite: false }));
      const lines = new LineSegments(rings, new LineBasicMaterial({ color, transparent: true, opacity: 0.35, depthWrite: false }));
      surface.renderOrder = 6;
      lines.renderOrder = 6;
      shell.add(surface, lines);
      return shell;
    };
    this.outerShell = makeShell(0x9fe3ff);
    this.innerShell = makeShell(0xffa25c);
    this.arrow = new ArrowHelper(new Vector3(0, 1, 0), new Vector3(), 0.1, 0x7fb4ff, 0.035, 0.022);
    this.arrow.renderOrder = 1000;
    for (const child of this.arrow.children) {
      const material = (child as Mesh).material as MeshBasicMaterial;
      material.depthTest = false;
      material.transparent = true;
      child.renderOrder = 1000;
    }
    // 원뿔: 꼭짓점이 어깨, 축이 어깨→공, 반각 asin(FLIP_DANGER_SIN).
    const halfAngle = Math.asin(FLIP_DANGER_SIN);
    const coneGeometry = new ConeGeometry(CONE_LENGTH * Math.tan(halfAngle), CONE_LENGTH, 32, 1, true);
    // ConeGeometry 의 꼭짓점은 +Y 쪽 (높이/2): 꼭짓점을 원점에 두고 −Y 로 벌어지게 옮긴 뒤 뒤집어 +Y 로 벌어지게.
    coneGeometry.translate(0, -CONE_LENGTH / 2, 0);
    coneGeometry.rotateX(Math.PI);
    this.coneMaterial = new MeshBasicMaterial({ color: 0xff4d4d, transparent: true, opacity: 0.06, depthWrite: false, side: DoubleSide });
    this.cone = new Mesh(coneGeometry, this.coneMaterial);
    this.cone.renderOrder = 7;
    this.backCone = new Mesh(coneGeometry, this.coneMaterial);
    this.backCone.renderOrder = 7;
    this.add(this.outerShell, this.innerShell, this.arrow, this.labelP, this.cone, this.backCone);
  }

  /**
   * 어깨·팔꿈치(IK 의 답)·공·극(월드)과 뼈 길이로 다시 놓는다. 할당 없음.
   * p = (극 − 어깨) 에서 어깨→공 성분을 뺀 방향: 팔꿈치는 이 쪽으로 굽는다.
   */
  update(shoulder: Vector3Like, elbow: Vector3Like, ball: Vector3Like, pole: Vector3Like, a: number, b: number): void {
    this.outerShell.position.copy(shoulder);
    this.outerShell.scale.setScalar(a + b);
    this.innerShell.position.copy(shoulder);
    this.innerShell.scale.setScalar(Math.max(Math.abs(a - b), 1e-4));
    this.outerRadius = a + b;
    this.innerRadius = Math.abs(a - b);
    this.pDirection.set(0, 0, 0);

    _axis.subVectors(ball, shoulder);
    const d = _axis.length();
    _toPole.subVectors(pole, shoulder);
    const poleDistance = _toPole.length();
    if (d < 1e-9 || poleDistance < 1e-9) {
      this.danger = true;
      this.poleAngle = 0;
      this.arrow.visible = false;
      this.labelP.visible = false;
      this.cone.visible = false;
      this.backCone.visible = false;
      return;
    }
    _axis.divideScalar(d);
    const along = _toPole.dot(_axis);
    _p.copy(_toPole).addScaledVector(_axis, -along);
    const across = _p.length();
    this.poleAngle = Math.atan2(across, along);
    const sinAngle = across / poleDistance;
    this.danger = sinAngle < FLIP_DANGER_SIN;

    this.cone.visible = true;
    this.backCone.visible = true;
    this.cone.position.copy(shoulder);
    this.backCone.position.copy(shoulder);
    this.cone.quaternion.setFromUnitVectors(_up, _axis);
    this.backCone.quaternion.setFromUnitVectors(_up, _p.copy(_axis).negate());
    this.coneMaterial.opacity = this.danger ? 0.32 : 0.05;

    // p 화살표: 어깨–공 직선 위, 팔꿈치의 발(foot)에서 p 쪽으로 팔꿈치까지.
    _p.copy(_toPole).addScaledVector(_axis, -along);
    if (across < 1e-9) {
      this.arrow.visible = false;
      this.labelP.visible = false;
      return;
    }
    _p.divideScalar(across);
    this.pDirection.copy(_p);
    _toPole.subVectors(elbow, shoulder);
    _foot.copy(shoulder).addScaledVector(_axis, _toPole.dot(_axis));
    const height = Math.max(_toPole.addScaledVector(_axis, -_toPole.dot(_axis)).length(), 0.08);
    this.arrow.visible = true;
    this.labelP.visible = true;
    this.arrow.position.copy(_foot);
    this.arrow.setDirection(_p);
    this.arrow.setLength(height, Math.min(0.035, 0.4 * height), 0.022);
    this.labelP.position.copy(_foot).addScaledVector(_p, height + 0.04);
  }
}
