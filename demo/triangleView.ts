// 삼각형 보기 (보조 표시의 일부): 뿌리–관절–끝 삼각형, 변 이름 a·b·d, 뿌리의 각 θ 와 그 호.
import {
  BufferAttribute,
  BufferGeometry,
  DoubleSide,
  Group,
  Line,
  LineBasicMaterial,
  Mesh,
  MeshBasicMaterial,
  Sprite,
  SpriteMaterial,
  Vector3,
} from "three";
import { labelTexture } from "./labelCanvas";

/** θ 호의 점 개수. */
const ARC_POINTS = 24;
/** 이보다 작은 θ (라디안, 약 4°) 에서는 θ 글자를 숨긴다. */
const THETA_LABEL_MIN = 0.07;
/** 글자 스프라이트의 크기 (m). */
const LABEL_SIZE = 0.055;

/** 보조 표시의 글자 하나 (a·b·d·θ·p): 늘 위에 그려지는 스프라이트, 크기 LABEL_SIZE. */
export function makeLabel(text: string, color: string): Sprite {
  const material = new SpriteMaterial({ map: labelTexture(text, color, { width: 64, fontPx: 44, outlinePx: 6, centerY: 34 }), depthTest: false, transparent: true });
  const sprite = new Sprite(material);
  sprite.scale.setScalar(LABEL_SIZE);
  sprite.renderOrder = 1001;
  return sprite;
}

export class TriangleView extends Group {
  private readonly fillPositions = new Float32Array(9);
  private readonly arcPositions = new Float32Array(ARC_POINTS * 3);
  private readonly fill: Mesh;
  private readonly arc: Line;
  private readonly labelA = makeLabel("a", "#ffd36b");
  private readonly labelB = makeLabel("b", "#ffd36b");
  private readonly labelD = makeLabel("d", "#ff8a8a");
  private readonly labelTheta = makeLabel("θ", "#9fe3ff");
  private readonly toJoint = new Vector3();
  private readonly toEnd = new Vector3();
  private readonly side = new Vector3();
  private readonly point = new Vector3();

  constructor() {
    super();
    this.name = "TriangleView";
    const fillGeometry = new BufferGeometry();
    fillGeometry.setAttribute("position", new BufferAttribute(this.fillPositions, 3));
    this.fill = new Mesh(fillGeometry, new MeshBasicMaterial({
      color: 0xffd36b, transparent: true, opacity: 0.18, side: DoubleSide, depthTest: false, depthWrite: false,
    }));
    this.fill.frustumCulled = false;
    this.fill.renderOrder = 998;
    const arcGeometry = new BufferGeometry();
    arcGeometry.setAttribute("position", new BufferAttribute(this.arcPositions, 3));
    this.arc = new Line(arcGeometry, new LineBasicMaterial({ color: 0x9fe3ff, depthTest: false, transparent: true }));
    this.arc.frustumCulled = false;
    this.arc.renderOrder = 999;
    this.add(this.fill, this.arc, this.labelA, this.labelB, this.labelD, this.labelTheta);
  }

  /** 월드 좌표의 뿌리·관절·끝으로 다시 그린다 (이 Group 은 장면 바로 아래, 단위 변환이라고 가정). 할당 없음. */
  update(root: Vector3, joint: Vector3, end: Vector3): void {
    const f = this.fillPositions;
    root.toArray(f, 0);
    joint.toArray(f, 3);
    end.toArray(f, 6);
    (this.fill.geometry.getAttribute("position") as BufferAttribute).needsUpdate = true;

    // 변 이름은 변의 가운데에 (a, b 는 삼각형 바깥쪽으로 조금 밀어서).
    this.labelA.position.addVectors(root, joint).multiplyScalar(0.5);
    this.labelB.position.addVectors(joint, end).multiplyScalar(0.5);
    this.labelD.position.addVectors(root, end).multiplyScalar(0.5);

    // θ: 뿌리에서 끝 쪽(u)과 관절 쪽(v) 사이의 각. 호의 반지름은 짧은 변의 30 %.
    this.toJoint.subVectors(joint, root);
    this.toEnd.subVectors(end, root);
    const upper = this.toJoint.length();
    const reach = this.toEnd.length();
    const radius = 0.3 * Math.min(upper, reach);
    const a = this.arcPositions;
    if (radius <= 0) {
      a.fill(0);
      for (let i = 0; i < ARC_POINTS; i++) root.toArray(a, i * 3);
      this.labelTheta.position.copy(root);
    } else {
      this.toJoint.divideScalar(upper);
      this.toEnd.divideScalar(reach);
      const theta = Math.acos(Math.min(1, Math.max(-1, this.toEnd.dot(this.toJoint))));
      // side = v 에서 u 성분을 뺀 단위 벡터 (θ = 0 이면 호는 한 점).
      this.side.copy(this.toJoint).addScaledVector(this.toEnd, -Math.cos(theta));
      const sideLength = this.side.length();
      if (sideLength > 1e-9) this.side.divideScalar(sideLength);
      for (let i = 0; i < ARC_POINTS; i++) {
        const angle = (theta * i) / (ARC_POINTS - 1);
        this.point.copy(root).addScaledVector(this.toEnd, radius * Math.cos(angle)).addScaledVector(this.side, radius * Math.sin(angle));
        this.point.toArray(a, i * 3);
      }
      // θ 가 거의 0 이면 (팔이 곧게 폄) 글자가 변 이름과 겹치므로 숨긴다.
      this.labelTheta.visible = theta > THETA_LABEL_MIN;
      const half = theta / 2;
      this.labelTheta.position.copy(root)
        .addScaledVector(this.toEnd, 1.9 * radius * Math.cos(half))
        .addScaledVector(this.side, 1.9 * radius * Math.sin(half));
    }
    (this.arc.geometry.getAttribute("position") as BufferAttribute).needsUpdate = true;
  }

  override dispose(): void {
    this.fill.geometry.dispose();
    (this.fill.material as MeshBasicMaterial).dispose();
    this.arc.geometry.dispose();
    (this.arc.material as LineBasicMaterial).dispose();
    for (const label of [this.labelA, this.labelB, this.labelD, this.labelTheta]) {
      label.material.map?.dispose();
      label.material.dispose();
    }
  }
}
