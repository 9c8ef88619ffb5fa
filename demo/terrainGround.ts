// 지형 걷기의 땅: 캐릭터의 배율에 맞춘 지형 메시와 높이 함수, 그 위로 쏘는 땅 질의 (GroundQuery).
import type { Mesh } from "three";
import { createHeightFieldGround } from "../src/index";
import type { GroundQuery } from "../src/index";
import { createTerrainMesh, scaledTerrainHeight } from "./terrain";

export class ScaledGround {
  /** 지형 메시 (배율 1 로 그린 것에 scale 을 곱한다). 처음엔 숨어 있다. */
  readonly mesh: Mesh;
  /** 배율 (모델 키 / 대역 키). */
  scale = 1;
  /** 배율 s 의 지형 높이 (m): s·h(x/s, z/s). */
  heightAt = scaledTerrainHeight(1);
  private query: GroundQuery = createHeightFieldGround(this.heightAt);

  constructor() {
    this.mesh = createTerrainMesh();
    this.mesh.visible = false;
  }

  setScale(s: number): void {
    this.scale = s;
    this.mesh.scale.setScalar(s);
    this.heightAt = scaledTerrainHeight(s);
    this.query = createHeightFieldGround(this.heightAt);
  }

  /** 지금 배율의 땅에 쏜다 (FootPlacement 의 ground): 배율을 바꿔도 같은 함수. */
  readonly cast: GroundQuery = (origin, direction, maxDistance, out) => this.query(origin, direction, maxDistance, out);
}
