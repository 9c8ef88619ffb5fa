import {
  BufferAttribute,
  BufferGeometry,
  Color,
  LineBasicMaterial,
  LineSegments,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  Object3D,
  SphereGeometry,
  Vector3,
} from "three";
import type { ColorRepresentation } from "three";
import type { TwoBoneIK } from "./TwoBoneIK.js";

/** {@link TwoBoneIKHelper} 의 모양 설정. 모두 생략할 수 있다. */
export interface TwoBoneIKHelperOptions {
  /** 공의 반지름 (월드 단위). 생략하면 처음 그릴 때 체인 길이의 4% (체인 길이가 0 이면 0.05). */
  radius?: number;
  /** 목표 공의 색. 기본 0xff4d4d (빨강). */
  targetColor?: ColorRepresentation;
  /** 관절 공의 색. 기본 0xffc400 (노랑). */
  jointColor?: ColorRepresentation;
  /** 극 공의 색. 기본 0x3d8bff (파랑). */
  poleColor?: ColorRepresentation;
  /** 선의 색 (뿌리–관절–끝, 뿌리–목표, 관절–극, 끝–목표). 기본 0xffffff (흰색). */
  lineColor?: ColorRepresentation;
}

/** 선분 5개: 뿌리–관절, 관절–끝 (체인), 뿌리–목표 (거리 d), 관절–극, 끝–목표 (닿지 않을 때의 틈). */
const SEGMENT_COUNT = 5;
const DEFAULT_RADIUS_RATIO = 0.04;
/** 체인 길이가 0 이라 반지름을 정하지 못했을 때. */
const FALLBACK_RADIUS = 0.05;

const _inverseWorld = /*@__PURE__*/ new Matrix4();
const _rootWorld = /*@__PURE__*/ new Vector3();
const _jointWorld = /*@__PURE__*/ new Vector3();
const _endWorld = /*@__PURE__*/ new Vector3();

/**
 * TwoBoneIK 의 목표·관절·극을 작은 공과 선으로 그린다 (three 의 CCDIKHelper·SkeletonHelper 와 같은 방식).
 * 관절·뿌리·끝은 뼈의 현재 월드 위치에서, 목표·극은 마지막 solve() 의 입력에서 읽는다.
 * 자신의 visible 이 true 일 때만 렌더 직전(updateMatrixWorld)에 스스로 갱신한다 — 부모가 숨겨져 있어도
 * 갱신하므로, 숨길 때는 helper.visible 을 끈다. 갱신은 아무것도 할당하지 않는다. 다 쓰면 dispose().
 */
export class TwoBoneIKHelper extends Object3D {
  /** three 의 객체 종류 이름: "TwoBoneIKHelper". */
  override readonly type = "TwoBoneIKHelper";
  /** 그릴 IK. */
  readonly ik: TwoBoneIK;
  /** 목표 공 (마지막 solve() 의 목표, {@link TwoBoneIK.targetWorld}). */
  readonly targetMesh: Mesh;
  /** 관절 공 (mid 뼈의 지금 월드 위치). */
  readonly jointMesh: Mesh;
  /** 극 공 (마지막 solve() 의 극, {@link TwoBoneIK.poleWorld}). */
  readonly poleMesh: Mesh;
  /** 선분 다섯 개: 뿌리–관절, 관절–끝, 뿌리–목표, 관절–극, 끝–목표 (닿지 않을 때의 틈). */
  readonly lines: LineSegments;
  private readonly sphereGeometry = new SphereGeometry(1, 16, 12);
  private readonly linePositions = new Float32Array(SEGMENT_COUNT * 2 * 3);
  // 공의 반지름. 생략했으면 처음 그릴 때 정한다 (그전엔 NaN: double 필드로 둔다, docs/PERFORMANCE.md §2).
  private radius = Number.NaN;

  /**
   * 도우미를 만든다. 장면에 add() 하면 렌더할 때마다 스스로 갱신한다 (helper 의 부모 변환은 상관없다: 월드 위치에 그린다).
   *
   * @param ik 그릴 IK.
   * @param options 반지름과 색 ({@link TwoBoneIKHelperOptions}).
   */
  constructor(ik: TwoBoneIK, options: TwoBoneIKHelperOptions = {}) {
    super();
    this.ik = ik;
    if (options.radius !== undefined) this.radius = options.radius;
    this.targetMesh = this.makeBall(options.targetColor ?? 0xff4d4d, "target");
    this.jointMesh = this.makeBall(options.jointColor ?? 0xffc400, "joint");
    this.poleMesh = this.makeBall(options.poleColor ?? 0x3d8bff, "pole");

    const lineGeometry = new BufferGeometry();
    lineGeometry.setAttribute("position", new BufferAttribute(this.linePositions, 3));
    const lineMaterial = new LineBasicMaterial({
      color: new Color(options.lineColor ?? 0xffffff),
      depthTest: false,
      transparent: true,
      opacity: 0.85,
    });
    this.lines = new LineSegments(lineGeometry, lineMaterial);
    this.lines.name = "lines";
    this.lines.frustumCulled = false;
    this.lines.renderOrder = 999;
    this.add(this.lines);
  }

  private makeBall(color: ColorRepresentation, name: string): Mesh {
    const material = new MeshBasicMaterial({ color, depthTest: false, transparent: true, opacity: 0.9 });
    const mesh = new Mesh(this.sphereGeometry, material);
    mesh.name = name;
    mesh.renderOrder = 1000;
    this.add(mesh);
    return mesh;
  }

  /**
   * three 가 렌더 전에 부른다: visible 이면 공과 선을 IK 의 지금 상태로 옮긴 뒤 Object3D 의 updateMatrixWorld 를 부른다.
   *
   * @param force Object3D.updateMatrixWorld 와 같다.
   */
  override updateMatrixWorld(force?: boolean): void {
    if (this.visible) this.refresh();
    super.updateMatrixWorld(force);
  }

  // 공과 선을 IK 의 현재 상태로 옮긴다 (helper 자신의 부모 변환을 되돌려 월드 위치에 놓는다).
  private refresh(): void {
    const { ik } = this;
    if (this.matrixAutoUpdate) this.updateMatrix();
    if (this.parent === null) _inverseWorld.copy(this.matrix);
    else _inverseWorld.multiplyMatrices(this.parent.matrixWorld, this.matrix);
    _inverseWorld.invert();

    _rootWorld.setFromMatrixPosition(ik.upper.matrixWorld);
    _jointWorld.setFromMatrixPosition(ik.mid.matrixWorld);
    _endWorld.setFromMatrixPosition(ik.end.matrixWorld);

    if (Number.isNaN(this.radius)) {
      const chainLength = _rootWorld.distanceTo(_jointWorld) + _jointWorld.distanceTo(_endWorld);
      if (chainLength > 0) this.radius = DEFAULT_RADIUS_RATIO * chainLength;
    }
    // setScalar(r) 대신 필드에 쓴다 (아래 set() 과 같은 이유).
    const radius = Number.isNaN(this.radius) ? FALLBACK_RADIUS : this.radius;
    const { targetMesh, jointMesh, poleMesh } = this;
    targetMesh.scale.x = radius; targetMesh.scale.y = radius; targetMesh.scale.z = radius;
    jointMesh.scale.x = radius; jointMesh.scale.y = radius; jointMesh.scale.z = radius;
    poleMesh.scale.x = radius; poleMesh.scale.y = radius; poleMesh.scale.z = radius;
    targetMesh.position.copy(ik.targetWorld).applyMatrix4(_inverseWorld);
    jointMesh.position.copy(_jointWorld).applyMatrix4(_inverseWorld);
    poleMesh.position.copy(ik.poleWorld).applyMatrix4(_inverseWorld);

    const p = this.linePositions;
    let i = writeSegment(p, 0, _rootWorld, _jointWorld);
    i = writeSegment(p, i, _jointWorld, _endWorld);
    i = writeSegment(p, i, _rootWorld, ik.targetWorld);
    i = writeSegment(p, i, _jointWorld, ik.poleWorld);
    writeSegment(p, i, _endWorld, ik.targetWorld);
    // 선 끝점을 helper 의 로컬 공간으로 (helper 가 장면 바로 아래에 있으면 단위 행렬).
    for (let k = 0; k < p.length; k += 3) {
      // set() 대신 필드에 쓴다 (docs/PERFORMANCE.md §1).
      _rootWorld.x = p[k]!; _rootWorld.y = p[k + 1]!; _rootWorld.z = p[k + 2]!;
      _rootWorld.applyMatrix4(_inverseWorld);
      p[k] = _rootWorld.x; p[k + 1] = _rootWorld.y; p[k + 2] = _rootWorld.z;
    }
    const position = this.lines.geometry.getAttribute("position") as BufferAttribute;
    position.needsUpdate = true;
  }

  /** 지오메트리와 머티리얼을 해제한다 (GPU 자원). 장면에서 빼는 것은 부르는 쪽이 한다. */
  override dispose(): void {
    this.sphereGeometry.dispose();
    this.lines.geometry.dispose();
    (this.lines.material as LineBasicMaterial).dispose();
    for (const mesh of [this.targetMesh, this.jointMesh, this.poleMesh]) (mesh.material as MeshBasicMaterial).dispose();
  }
}

function writeSegment(p: Float32Array, i: number, from: Vector3, to: Vector3): number {
  p[i] = from.x; p[i + 1] = from.y; p[i + 2] = from.z;
  p[i + 3] = to.x; p[i + 4] = to.y; p[i + 5] = to.z;
  return i + 6;
}
