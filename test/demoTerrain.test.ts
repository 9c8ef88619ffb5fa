// 페이지의 지형 (demo/terrain.ts): 높이 함수와 그 메시가 같은 땅이고, 걷는 고리가 이어진다.
import { describe, expect, it } from "vitest";
import {
  createTerrainMesh, LANDMARKS, loopPoint, LOOP_LENGTH, PLATEAU_HEIGHT, scaledTerrainHeight, STAIR_EDGES, STAIR_RISE, terrainHeight, terrainRegion,
} from "../demo/terrain";

describe("demo terrain", () => {
  it("rises on the slope, holds the plateau, steps down the stairs and is 0 outside", () => {
    expect(terrainHeight(-0.9, 0)).toBeCloseTo(0, 12);
    expect(terrainHeight(0.1, 0)).toBeCloseTo(PLATEAU_HEIGHT, 12);
    expect(terrainHeight(STAIR_EDGES[0]! + 0.01, 0.3)).toBeCloseTo(PLATEAU_HEIGHT - STAIR_RISE, 12);
    expect(terrainHeight(STAIR_EDGES[0]! - 0.01, 0.3)).toBeCloseTo(PLATEAU_HEIGHT, 12);
    expect(terrainHeight(5, 0)).toBe(0);
    for (let x = -2; x <= 2; x += 0.01) for (let z = -1; z <= 1; z += 0.1) expect(terrainHeight(x, z)).toBeGreaterThanOrEqual(0);
    expect(terrainRegion(LANDMARKS.slope - 1.25, 0.45)).toBe("slope");
    expect(terrainRegion(LANDMARKS.stairs - 1.25, 0.45)).toBe("stairs");
    expect(terrainRegion(LANDMARKS.bumps - 1.25, 0.45)).toBe("bumps");
  });

  it("scales as s·h(x/s, z/s)", () => {
    const h = scaledTerrainHeight(2);
    expect(h(0.6, 0.4)).toBeCloseTo(2 * terrainHeight(0.3, 0.2), 12);
  });

  it("draws the mesh from the same function (every inner vertex on it)", () => {
    const mesh = createTerrainMesh();
    const p = mesh.geometry.getAttribute("position");
    let inner = 0;
    for (let i = 0; i < p.count; i++) {
      const y = p.getY(i);
      if (y === 0) continue;
      inner++;
      expect(Math.abs(y - terrainHeight(p.getX(i), p.getZ(i)))).toBeLessThan(1e-6);
    }
    expect(inner).toBeGreaterThan(1000);
  });

  it("walks a closed loop without jumps", () => {
    const a = { x: 0, z: 0, dx: 0, dz: 0 }, b = { x: 0, z: 0, dx: 0, dz: 0 };
    for (let s = 0; s < LOOP_LENGTH; s += 0.01) {
      loopPoint(s, a);
      loopPoint(s + 0.01, b);
      expect(Math.hypot(b.x - a.x, b.z - a.z)).toBeLessThan(0.0101);
      expect(Math.hypot(a.dx, a.dz)).toBeCloseTo(1, 9);
    }
  });
});
