// 전·후 비교의 유령: 반투명한 팔다리 하나 (위 뼈·아래 뼈 원기둥과 관절 공 세 개).
// IK 를 켜면 IK 전 자세(들어온 자세)를, 끄면 IK 가 만들 자세를 그린다 — 두 자세가 한눈에 보인다.
import { CylinderGeometry, Group, Mesh, MeshBasicMaterial, SphereGeometry, Vector3 } from "three";
import type { Vector3Like } from "three";

const _up = /*@__PURE__*/ new Vector3(0, 1, 0);
const _direction = /*@__PURE__*/ new Vector3();

export class GhostLimb extends Group {
  private readonly upper: Mesh;
  private readonly lower: Mesh;
  private readonly joints: Mesh[];

  /** radius: 원기둥 반지름 (m). */
  constructor(radius: number, color: number) {
    super();
    this.name = "GhostLimb";
    const material = new MeshBasicMaterial({ color, transparent: true, opacity: 0.28, depthWrite: false });
    const cylinder = new CylinderGeometry(radius, radius, 1, 12, 1, true);
    const sphere = new SphereGeometry(radius, 12, 8);
    this.upper = new Mesh(cylinder, material);
    this.lower = new Mesh(cylinder, material);
    this.joints = [new Mesh(sphere, material), new Mesh(sphere, material), new Mesh(sphere, material)];
    for (const mesh of [this.upper, this.lower, ...this.joints]) {
      mesh.renderOrder = 5; // 불투명한 몸 다음에
      this.add(mesh);
    }
  }

  /** 지금 그린 관절·끝의 월드 위치 (이 Group 이 장면 바로 아래이므로 position 이 곧 월드). */
  get jointPosition(): Vector3 { return this.joints[1]!.position; }
  get endPosition(): Vector3 { return this.joints[2]!.position; }

  /** 월드 좌표의 뿌리·관절·끝으로 옮긴다 (이 Group 은 장면 바로 아래). 할당 없음. */
  set(root: Vector3Like, joint: Vector3Like, end: Vector3Like): void {
    placeSegment(this.upper, root, joint);
    placeSegment(this.lower, joint, end);
    this.joints[0]!.position.copy(root);
    this.joints[1]!.position.copy(joint);
    this.joints[2]!.position.copy(end);
  }
}

/** 높이 1 의 원기둥(+Y 축)을 from → to 선분에 맞춘다. */
function placeSegment(mesh: Mesh, from: Vector3Like, to: Vector3Like): void {
  _direction.subVectors(to, from);
  const length = _direction.length();
  mesh.visible = length > 1e-9;
  if (!mesh.visible) return;
  mesh.position.addVectors(from, to).multiplyScalar(0.5);
  mesh.quaternion.setFromUnitVectors(_up, _direction.divideScalar(length));
  mesh.scale.set(1, length, 1);
}
