// FootPlacement 을 생성한 리그 (제자리 걷기 클립 Walk) 와 제3자의 기사 (Walk) 에 달아, 뿌리를 클립의 걷는 빠르기로 옮기며
// 지형 위에서 재생하고 잰다 (issue 17 의 측정). 측정값 표를 찍고, 모든 리그·지형에서 issue 의 한계를 단언한다.
import { describe, expect, it } from "vitest";
import { terrains, walkOverTerrain } from "./grounding/walkOverTerrain";
import type { WalkCase, WalkResult } from "./grounding/walkOverTerrain";

const RIGS: readonly WalkCase[] = [
  { file: "mixamo.glb", clip: "Walk" },
  { file: "unreal.glb", clip: "Walk" },
  { file: "third_party/knight_cge.glb", clip: "Walk" },
];
const TERRAIN_COUNT = terrains(1).length;
/** 관통 한계: 1 mm · (키 / 1.75 m), 뜸 한계: 1 cm · (키 / 1.75 m) (issue 17). */
const penetrationLimit = (r: WalkResult): number => 0.001 * (r.height / 1.75);
const floatLimit = (r: WalkResult): number => 0.01 * (r.height / 1.75);
/** 관절이 프레임 사이에 클립의 가장 큰 이동의 몇 배까지 움직여도 되는가 (issue 17). */
const JUMP_FACTOR = 3;
/** 같은 시각의 발목·골반이 30·60·144 fps 사이에 다를 수 있는 거리 (다리 길이에 대한 비율). */
const FPS_TOLERANCE = 0.01;
/** 평평한 땅에서 클립과의 차이 (키에 대한 비율): 기사의 float32 체인을 TwoBoneIK 가 다듬는 몫 (재어 보니 ~2e-8). */
const FLAT_TOLERANCE = 1e-7;

describe.each(RIGS)("FootPlacement on $file walking its clip", (rig) => {
  const results = new Map<string, WalkResult>();
  it("measures every terrain at 60 fps (table printed)", async () => {
    for (let i = 0; i < TERRAIN_COUNT; i++) {
      const name = terrains(1)[i]!.name;
      const r = await walkOverTerrain(rig, (L) => terrains(L)[i]!, 60);
      results.set(name, r);
      console.log(`${rig.file} | ${name} | penetration ${(r.penetration * 1000).toFixed(2)} mm (limit ${(penetrationLimit(r) * 1000).toFixed(2)})`
        + ` | float ${(r.float * 1000).toFixed(1)} mm | drop ${r.maxDrop.toFixed(3)} / ${r.maxPelvisDrop.toFixed(3)} m`
        + ` | jump ${r.maxJump.toFixed(3)} m (clip ${r.clipMaxJump.toFixed(3)}, ${(r.maxJump / r.clipMaxJump).toFixed(2)}x)`);
    }
    expect(results.size).toBe(TERRAIN_COUNT);
  }, 120_000);

  it("keeps the pelvis drop between 0 and maxPelvisDrop on every terrain", () => {
    for (const r of results.values()) {
      expect(r.maxDrop).toBeGreaterThanOrEqual(0);
      expect(r.maxDrop).toBeLessThanOrEqual(r.maxPelvisDrop);
    }
  });

  it("keeps soles out of the ground on every terrain (≤ 1 mm per 1.75 m of height)", () => {
    for (const [name, r] of results) expect(r.penetration, name).toBeLessThanOrEqual(penetrationLimit(r));
  });

  it("keeps planted soles on the ground on every terrain (float ≤ 1 cm per 1.75 m)", () => {
    for (const [name, r] of results) {
      expect(r.float, name).toBeLessThanOrEqual(floatLimit(r));
    }
  });

  it("gives back the clip on flat ground (no drop, no float, the clip's own joint steps)", () => {
    const r = results.get("flat")!;
    expect(r.maxDrop).toBeLessThanOrEqual(1e-12);
    expect(r.float).toBeLessThanOrEqual(FLAT_TOLERANCE * r.height);
    expect(Math.abs(r.maxJump - r.clipMaxJump)).toBeLessThanOrEqual(FLAT_TOLERANCE * r.height);
  });

  it("moves no joint frame to frame by more than 3x the clip's largest step on every terrain", () => {
    for (const [name, r] of results) {
      expect(r.maxJump, name).toBeLessThanOrEqual(JUMP_FACTOR * r.clipMaxJump);
    }
  });
});

describe("FootPlacement foot prediction", () => {
  it("lifts a swinging foot before a stair edge: within 3x the clip's step with footPrediction, beyond it without", async () => {
    const stairs = (L: number) => terrains(L)[2]!;
    const on = await walkOverTerrain(RIGS[0]!, stairs, 60);
    const off = await walkOverTerrain(RIGS[0]!, stairs, 60, (p) => { p.footPrediction = 0; });
    console.log(`stairs 0.15 L: largest joint step ${(on.maxJump / on.clipMaxJump).toFixed(2)}x the clip's with prediction, ${(off.maxJump / off.clipMaxJump).toFixed(2)}x without`);
    expect(on.maxJump).toBeLessThanOrEqual(JUMP_FACTOR * on.clipMaxJump);
    expect(off.maxJump).toBeGreaterThan(JUMP_FACTOR * off.clipMaxJump);
    expect(on.penetration).toBeLessThanOrEqual(penetrationLimit(on));
  }, 60_000);
});

describe("FootPlacement frame-rate independence", () => {
  it("places the ankles and the pelvis at the same times alike at 30, 60 and 144 fps (mixamo, 20° slope)", async () => {
    const runs = await Promise.all([30, 60, 144].map((fps) => walkOverTerrain(RIGS[0]!, (L) => terrains(L)[0]!, fps)));
    const L = runs[0]!.legLength;
    let worst = 0;
    for (const [slot, a] of runs[1]!.samples) {
      for (const other of [runs[0]!, runs[2]!]) {
        const b = other.samples.get(slot);
        expect(b, `slot ${slot}`).toBeDefined();
        for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b![i]!));
      }
    }
    console.log(`30/60/144 fps: largest difference ${(worst * 1000).toFixed(2)} mm (${(worst / L).toExponential(2)} L)`);
    expect(worst).toBeLessThanOrEqual(FPS_TOLERANCE * L);
  }, 60_000);
});
