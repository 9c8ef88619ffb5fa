// 페이지의 지형 (issue 17): 경사·계단·울퉁불퉁한 땅을 높이 함수 하나로. 같은 함수가 createHeightFieldGround 의 땅과
// 그려진 메시를 만든다 (발이 닿는 땅 = 보이는 땅). 길이는 대역 캐릭터 (키 1.75 m) 의 m, 모델에는 배율 scale 을 곱한다.
import { BufferAttribute, BufferGeometry, Color, Mesh, MeshLambertMaterial } from "three";

/** 지형의 크기 (m, 배율 1): x ∈ [−HALF_X, HALF_X], z ∈ [−HALF_Z, HALF_Z]. 밖은 평평한 0. */
export const TERRAIN_HALF_X = 2;
export const TERRAIN_HALF_Z = 1;
/** 경사: x = SLOPE_FROM … SLOPE_TO 에서 0 → PLATEAU_HEIGHT 로 오른다 (약 10°). */
export const SLOPE_FROM = -0.9;
export const SLOPE_TO = 0.1;
export const PLATEAU_HEIGHT = 0.18;
/** 계단: 윗단 끝 STAIRS_FROM 부터 디딤판 STAIR_RUN 마다 STAIR_RISE 씩 내려간다 (3 단). */
export const STAIRS_FROM = 0.4;
export const STAIR_RUN = 0.3;
export const STAIR_RISE = 0.06;
/** 울퉁불퉁한 땅: x = BUMPS_FROM … SLOPE_FROM, 높이 ±BUMP_HEIGHT. */
export const BUMPS_FROM = -1.9;
export const BUMP_HEIGHT = 0.035;

/** 계단 모서리 (높이가 끊기는 x, 배율 1). */
export const STAIR_EDGES: readonly number[] = [0, 1, 2].map((k) => STAIRS_FROM + k * STAIR_RUN);

/** 배율 1 의 지형 높이 (m). 지형 밖은 0. */
export function terrainHeight(x: number, z: number): number {
  if (!(Math.abs(x) <= TERRAIN_HALF_X && Math.abs(z) <= TERRAIN_HALF_Z)) return 0;
  if (x >= STAIRS_FROM) {
    const down = Math.floor((x - STAIRS_FROM) / STAIR_RUN) + 1;
    return Math.max(0, PLATEAU_HEIGHT - STAIR_RISE * down);
  }
  if (x >= SLOPE_TO) return PLATEAU_HEIGHT;
  if (x >= SLOPE_FROM) return (PLATEAU_HEIGHT * (x - SLOPE_FROM)) / (SLOPE_TO - SLOPE_FROM);
  if (x >= BUMPS_FROM) {
    // 양 끝에서 0 이 되게 (경사의 시작과 이어진다): sin² 창.
    const window = Math.sin((Math.PI * (x - BUMPS_FROM)) / (SLOPE_FROM - BUMPS_FROM)) ** 2;
    return BUMP_HEIGHT * window * Math.sin((2 * Math.PI * x) / 0.55) * Math.cos((2 * Math.PI * z) / 0.5) + BUMP_HEIGHT * window;
  }
  return 0;
}

/** 배율 scale 의 지형 높이: scale · h(x / scale, z / scale). */
export function scaledTerrainHeight(scale: number): (x: number, z: number) => number {
  return (x, z) => scale * terrainHeight(x / scale, z / scale);
}

/** 지형의 이름 (읽은 값과 테스트): x (배율 1) 가 어느 구간인가. */
export type TerrainRegion = "bumps" | "slope" | "plateau" | "stairs" | "flat";
export function terrainRegion(x: number, z: number): TerrainRegion {
  if (!(Math.abs(x) <= TERRAIN_HALF_X && Math.abs(z) <= TERRAIN_HALF_Z)) return "flat";
  if (x >= STAIRS_FROM) return x < STAIRS_FROM + 3 * STAIR_RUN ? "stairs" : "flat";
  if (x >= SLOPE_TO) return "plateau";
  if (x >= SLOPE_FROM) return "slope";
  if (x >= BUMPS_FROM) return "bumps";
  return "flat";
}

/** 걷는 길: 지형 위의 경기장 모양 고리 (곧은 두 줄 z = ±LANE_Z, 양 끝은 반원). 배율 1 의 m. */
export const LANE_Z = 0.45;
export const LANE_HALF = 1.25;
export const LOOP_LENGTH = 4 * LANE_HALF + 2 * Math.PI * LANE_Z;

/** 고리의 거리 s (m, 배율 1) 의 점 (x, z) 과 걷는 방향 (dx, dz, 단위 벡터). out 에 쓴다. */
export function loopPoint(s: number, out: { x: number; z: number; dx: number; dz: number }): void {
  let d = ((s % LOOP_LENGTH) + LOOP_LENGTH) % LOOP_LENGTH;
  const straight = 2 * LANE_HALF, arc = Math.PI * LANE_Z;
  if (d < straight) { // 앞줄: +x 로 (울퉁불퉁 → 경사 오름 → 계단 내림)
    out.x = -LANE_HALF + d; out.z = LANE_Z; out.dx = 1; out.dz = 0; return;
  }
  d -= straight;
  if (d < arc) { // 오른쪽 끝의 반원
    const a = d / LANE_Z;
    out.x = LANE_HALF + LANE_Z * Math.sin(a); out.z = LANE_Z * Math.cos(a); out.dx = Math.cos(a); out.dz = -Math.sin(a); return;
  }
  d -= arc;
  if (d < straight) { // 뒷줄: −x 로 (계단 오름 → 경사 내림 → 울퉁불퉁)
    out.x = LANE_HALF - d; out.z = -LANE_Z; out.dx = -1; out.dz = 0; return;
  }
  d -= straight;
  const a = d / LANE_Z;
  out.x = -LANE_HALF - LANE_Z * Math.sin(a); out.z = -LANE_Z * Math.cos(a); out.dx = -Math.cos(a); out.dz = Math.sin(a);
}

/** 앞줄에서 구간의 가운데에 오는 고리 거리 (m, 배율 1): 테스트와 읽은 값이 쓴다. */
export const LANDMARKS = {
  bumps: -1.1 + LANE_HALF,
  slope: (SLOPE_FROM + SLOPE_TO) / 2 + LANE_HALF,
  stairs: STAIRS_FROM + 1.5 * STAIR_RUN + LANE_HALF,
} as const;

/** 격자 간격 (m, 배율 1): 울퉁불퉁한 곳 (파장 0.5 m) 을 충분히 그린다. */
const GRID_STEP = 0.04;
/** 끊긴 곳 (계단 모서리) 양쪽에 둘 점의 간격 (m): 디딤판 끝까지 평평하고 챌판은 거의 수직. */
const EDGE_EPSILON = 1e-4;

/**
 * 지형 메시: 높이 함수를 격자로 그리고, 계단 모서리 양쪽에 점을 더해 챌판을 세우며, 가장자리는 바닥까지 내린다 (옆에서 보아도 닫힌 땅).
 * 배율은 mesh.scale 로 (높이 함수의 scaledTerrainHeight 와 같은 배율).
 */
export function createTerrainMesh(): Mesh {
  const xs: number[] = [];
  for (let x = -TERRAIN_HALF_X; x <= TERRAIN_HALF_X + 1e-9; x += GRID_STEP) xs.push(x);
  for (const edge of STAIR_EDGES) xs.push(edge - EDGE_EPSILON, edge + EDGE_EPSILON);
  xs.sort((a, b) => a - b);
  const zs: number[] = [];
  for (let z = -TERRAIN_HALF_Z; z <= TERRAIN_HALF_Z + 1e-9; z += GRID_STEP) zs.push(z);
  // 가장자리의 치마: 첫·끝 줄을 한 번 더, 높이 0 으로.
  const columns = [xs[0]!, ...xs, xs[xs.length - 1]!];
  const rows = [zs[0]!, ...zs, zs[zs.length - 1]!];
  const nx = columns.length, nz = rows.length;
  const positions = new Float32Array(nx * nz * 3);
  const colors = new Float32Array(nx * nz * 3);
  const low = new Color(0x3b4a3c), high = new Color(0x8a9a6a), step = new Color(0x8d7a62), skirt = new Color(0x2a2f38);
  const color = new Color();
  for (let j = 0; j < nz; j++) {
    for (let i = 0; i < nx; i++) {
      const x = columns[i]!, z = rows[j]!;
      const edge = i === 0 || j === 0 || i === nx - 1 || j === nz - 1;
      const y = edge ? 0 : terrainHeight(x, z);
      const o = (j * nx + i) * 3;
      positions[o] = x; positions[o + 1] = y; positions[o + 2] = z;
      if (edge) color.copy(skirt);
      else if (terrainRegion(x, z) === "stairs" || terrainRegion(x, z) === "plateau") color.copy(step).lerp(high, y / PLATEAU_HEIGHT * 0.5);
      else color.copy(low).lerp(high, Math.min(1, Math.max(0, y / PLATEAU_HEIGHT)));
      colors[o] = color.r; colors[o + 1] = color.g; colors[o + 2] = color.b;
    }
  }
  const index: number[] = [];
  for (let j = 0; j < nz - 1; j++) {
    for (let i = 0; i < nx - 1; i++) {
      const a = j * nx + i, b = a + 1, c = a + nx, d = c + 1;
      index.push(a, c, b, b, c, d);
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new BufferAttribute(positions, 3));
  geometry.setAttribute("color", new BufferAttribute(colors, 3));
  geometry.setIndex(index);
  // 면마다의 법선 (flatShading): 챌판과 디딤판의 경계가 흐려지지 않는다. 평평한 곳은 바닥 원판 위에 그린다 (polygonOffset).
  const material = new MeshLambertMaterial({
    vertexColors: true, flatShading: true, polygonOffset: true, polygonOffsetFactor: -2, polygonOffsetUnits: -2,
  });
  const mesh = new Mesh(geometry, material);
  mesh.name = "terrain";
  return mesh;
}
