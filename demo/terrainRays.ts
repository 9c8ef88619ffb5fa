// 보조 표시: 발바닥 점마다 쏜 광선 (쏜 곳 → 닿은 곳) 과 닿은 점의 작은 십자.
import { BufferAttribute, BufferGeometry, LineBasicMaterial, LineSegments, Vector3 } from "three";
import type { GroundHit } from "../src/index";
import type { Grounded } from "./groundedCharacter";
import type { ScaledGround } from "./terrainGround";

/** 그리는 광선의 최대 수 (발 둘 × 뒤꿈치·발끝). */
const MAX_RAYS = 4;
/** 광선 하나의 float 수: 광선 한 줄과 십자 두 줄, 줄마다 점 둘. */
const FLOATS_PER_RAY = 3 * 2 * 3;

const _v = new Vector3();
const _origin = new Vector3();
const _down = new Vector3(0, -1, 0);
const _up = new Vector3(0, 1, 0);
const _hit: GroundHit = { point: new Vector3(), normal: new Vector3() };

export class TerrainRays {
  readonly object: LineSegments;
  /** 지난 draw 가 그린 광선 수. */
  count = 0;
  private readonly positions = new Float32Array(MAX_RAYS * FLOATS_PER_RAY);
  private readonly geometry = new BufferGeometry();

  constructor() {
    this.geometry.setAttribute("position", new BufferAttribute(this.positions, 3));
    const rays = new LineSegments(this.geometry, new LineBasicMaterial({ color: 0xffe066, depthTest: false, transparent: true }));
    rays.name = "terrainRays";
    rays.renderOrder = 10;
    rays.frustumCulled = false;
    rays.visible = false;
    this.object = rays;
  }

  /** 클립 자세 (발 딛기 전) 의 발바닥 점마다 FootPlacement 처럼 아래로 쏘아 그린다. visible: 보조 표시가 켜져 있는가. */
  draw(character: Grounded, ground: ScaledGround, visible: boolean): void {
    const rootY = character.root.position.y;
    const placement = character.placement;
    const positions = this.positions;
    this.count = 0;
    for (const sole of character.soles) {
      for (const p of sole.points) {
        _v.copy(p).applyMatrix4(sole.foot.matrixWorld);
        _origin.copy(_v).addScaledVector(_up, placement.maxStepHeight);
        const found = ground.cast(_origin, _down, placement.maxStepHeight + Math.max(0, _v.y - rootY) + placement.maxStepDown, _hit);
        if (this.count < MAX_RAYS) {
          const o = this.count * FLOATS_PER_RAY;
          const end = found !== null ? _hit.point : _v.copy(_origin).addScaledVector(_down, placement.maxStepHeight + placement.maxStepDown);
          positions.set([_origin.x, _origin.y, _origin.z, end.x, end.y, end.z], o);
          const c = 0.02 * ground.scale;
          positions.set([end.x - c, end.y, end.z, end.x + c, end.y, end.z, end.x, end.y, end.z - c, end.x, end.y, end.z + c], o + 6);
          this.count++;
        }
      }
    }
    for (let i = this.count * FLOATS_PER_RAY; i < positions.length; i++) positions[i] = 0;
    this.geometry.attributes["position"]!.needsUpdate = true;
    this.object.visible = visible;
  }
}
