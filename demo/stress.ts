// 스트레스 보기: N 개의 팔다리(뼈 세 개짜리 체인)를 매 프레임 TwoBoneIK 로 풀고, 그 시간을 잰다.
// 그리기는 InstancedMesh 두 개(위 뼈·아래 뼈)와 목표 공 하나로 — 그리는 비용이 IK 시간을 가리지 않게.
import {
  CylinderGeometry,
  Group,
  InstancedMesh,
  Matrix4,
  MeshStandardMaterial,
  Object3D,
  Quaternion,
  SphereGeometry,
  Vector3,
} from "three";
import { TwoBoneIK } from "../src/index";

/** 팔다리 하나의 위·아래 뼈 길이 (m). */
const LIMB_UPPER = 0.07;
const LIMB_LOWER = 0.06;
/** 격자 간격 (m). */
const SPACING = 0.11;
/** 캐릭터 주변은 비워 둔다 (m). */
const CLEAR_RADIUS = 0.6;

interface Limb {
  readonly ik: TwoBoneIK;
  readonly base: Vector3;
  readonly target: Vector3;
  readonly pole: Vector3;
  readonly phase: number;
}

const _identity = /*@__PURE__*/ new Quaternion();
const _instance = /*@__PURE__*/ new Matrix4();

export class StressView extends Group {
  /** 마지막 프레임의 IK 시간 (ms), 모든 팔다리의 solve() 합. */
  lastIkMs = 0;
  private limbs: Limb[] = [];
  private upperMesh: InstancedMesh | null = null;
  private lowerMesh: InstancedMesh | null = null;
  private targetMesh: InstancedMesh | null = null;
  private readonly upperGeometry = new CylinderGeometry(0.012, 0.012, 1, 6, 1).translate(0, 0.5, 0);
  private readonly targetGeometry = new SphereGeometry(0.012, 8, 6);
  private readonly limbMaterial = new MeshStandardMaterial({ color: 0xc9a0ff, roughness: 0.6 });
  private readonly targetMaterial = new MeshStandardMaterial({ color: 0xff6b6b, roughness: 0.6 });
  /** 뼈 길이만큼 Y 로 늘린 원기둥: 인스턴스 행렬 = 뼈의 matrixWorld × 이것. */
  private readonly upperSegment = new Matrix4().makeScale(1, LIMB_UPPER, 1);
  private readonly lowerSegment = new Matrix4().makeScale(1, LIMB_LOWER, 1);

  get limbCount(): number {
    return this.limbs.length;
  }

  /** 팔다리 수를 바꾼다 (0 이면 모두 치운다). 여기서만 할당한다. */
  setCount(count: number): void {
    this.clearLimbs();
    if (count === 0) return;
    const side = Math.ceil(Math.sqrt(count * 1.35)) + 2;
    for (let row = 0; row < side && this.limbs.length < count; row++) {
      for (let column = 0; column < side && this.limbs.length < count; column++) {
        const x = (column - (side - 1) / 2) * SPACING;
        const z = (row - (side - 1) / 2) * SPACING;
        if (Math.hypot(x, z) < CLEAR_RADIUS) continue;
        const upper = new Object3D();
        const mid = new Object3D();
        const end = new Object3D();
        upper.position.set(x, 0, z);
        mid.position.set(0, LIMB_UPPER, 0);
        end.position.set(0, LIMB_LOWER, 0);
        upper.add(mid);
        mid.add(end);
        this.add(upper);
        this.limbs.push({
          ik: createStressIK(upper, mid, end),
          base: new Vector3(x, 0, z),
          target: new Vector3(),
          pole: new Vector3(x + 0.1, 0.05, z),
          phase: 0.9 * x + 0.7 * z,
        });
      }
    }
    const n = this.limbs.length;
    this.upperMesh = new InstancedMesh(this.upperGeometry, this.limbMaterial, n);
    this.lowerMesh = new InstancedMesh(this.upperGeometry, this.limbMaterial, n);
    this.targetMesh = new InstancedMesh(this.targetGeometry, this.targetMaterial, n);
    for (const mesh of [this.upperMesh, this.lowerMesh, this.targetMesh]) {
      mesh.frustumCulled = false;
      this.add(mesh);
    }
  }

  /** 목표를 움직이고 모든 팔다리를 푼다 (time: 초). 할당 없음. */
  update(time: number): void {
    const { limbs } = this;
    if (limbs.length === 0) return;
    // 목표: 뿌리 위에서 원을 그리며 오르내린다 — 일부는 닿지 않는 높이까지 (팔다리 길이 0.13 m).
    for (let i = 0; i < limbs.length; i++) {
      const limb = limbs[i]!;
      const t = time * 1.7 + limb.phase;
      limb.target.set(
        limb.base.x + 0.06 * Math.cos(t),
        0.08 + 0.07 * Math.sin(t * 0.8),
        limb.base.z + 0.06 * Math.sin(t),
      );
    }
    const start = performance.now();
    for (let i = 0; i < limbs.length; i++) {
      const limb = limbs[i]!;
      // 들어온 자세: 곧게 선 기본 자세 (애니메이션이 있다면 그 자세).
      limb.ik.upper.quaternion.copy(_identity);
      limb.ik.mid.quaternion.copy(_identity);
      limb.ik.solve(limb.target, limb.pole);
    }
    this.lastIkMs = performance.now() - start;

    const upperMesh = this.upperMesh!, lowerMesh = this.lowerMesh!, targetMesh = this.targetMesh!;
    for (let i = 0; i < limbs.length; i++) {
      const limb = limbs[i]!;
      upperMesh.setMatrixAt(i, _instance.multiplyMatrices(limb.ik.upper.matrixWorld, this.upperSegment));
      lowerMesh.setMatrixAt(i, _instance.multiplyMatrices(limb.ik.mid.matrixWorld, this.lowerSegment));
      targetMesh.setMatrixAt(i, _instance.makeTranslation(limb.target));
    }
    upperMesh.instanceMatrix.needsUpdate = true;
    lowerMesh.instanceMatrix.needsUpdate = true;
    targetMesh.instanceMatrix.needsUpdate = true;
  }

  private clearLimbs(): void {
    for (const limb of this.limbs) this.remove(limb.ik.upper);
    this.limbs = [];
    for (const mesh of [this.upperMesh, this.lowerMesh, this.targetMesh]) {
      if (mesh !== null) {
        this.remove(mesh);
        mesh.dispose();
      }
    }
    this.upperMesh = this.lowerMesh = this.targetMesh = null;
    this.lastIkMs = 0;
  }

  override dispose(): void {
    this.clearLimbs();
    this.upperGeometry.dispose();
    this.targetGeometry.dispose();
    this.limbMaterial.dispose();
    this.targetMaterial.dispose();
  }
}

/** 스트레스 보기의 팔다리: 조상(스트레스 그룹) 행렬은 장면이 프레임마다 갱신하므로 solve() 마다 다시 계산하지 않는다. */
function createStressIK(upper: Object3D, mid: Object3D, end: Object3D): TwoBoneIK {
  const ik = new TwoBoneIK(upper, mid, end);
  ik.updateAncestors = false;
  return ik;
}
