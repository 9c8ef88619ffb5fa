// 지형 위를 걷는 캐릭터의 측정: 리그를 읽고 클립을 재생하며 매 프레임 FootPlacement.update 뒤 발바닥·골반·관절을 잰다.
import { AnimationClip, AnimationMixer, Box3, Vector3 } from "three";
import type { Object3D } from "three";
import { createHeightFieldGround, findLimbs, FootPlacement } from "../../src/index";
import { loadRig } from "../helpers/loadRig";

/** 지형: 높이 함수와 (컨트롤러처럼) 캐릭터 뿌리가 놓일 높이, 둘 다 걷는 방향의 거리 d (m) 와 옆 거리 s 의 함수. */
export interface Terrain {
  readonly name: string;
  readonly height: (d: number, s: number) => number;
  readonly rootHeight: (d: number) => number;
}

/** 다리 길이 L 에 맞춘 지형들 (issue 17). */
export function terrains(L: number): Terrain[] {
  const slope = (deg: number): Terrain => {
    const k = Math.tan((deg * Math.PI) / 180);
    return { name: `slope ${deg}°`, height: (d) => k * d, rootHeight: (d) => k * d };
  };
  const stairs = (rise: number): Terrain => {
    const run = 0.8 * L;
    return { name: `stairs ${rise} L`, height: (d) => rise * L * Math.floor(d / run), rootHeight: (d) => (rise * L * d) / run };
  };
  return [
    slope(20), slope(35), stairs(0.15), stairs(0.3),
    { name: "bumps", height: (d, s) => 0.06 * L * Math.sin((d * 2 * Math.PI) / (1.7 * L)) * Math.cos((s * 2 * Math.PI) / (1.3 * L)), rootHeight: () => 0 },
    { name: "edge", height: (d) => (d > 0.05 * L ? -0.2 * L : 0), rootHeight: (d) => (d > 0.05 * L ? -0.2 * L : 0) },
    { name: "flat", height: () => 0, rootHeight: () => 0 },
  ];
}

export interface WalkResult {
  /** 캐릭터 키 (m), 다리 길이 (m). */
  readonly height: number;
  readonly legLength: number;
  /** 접촉 중 발바닥의 가장 깊은 관통 (m, ≥ 0). */
  readonly penetration: number;
  /** 접촉 중 발의 가장 큰 뜸 (m): 발의 접촉 발바닥 점 가운데 가장 낮은 것의 (땅 위 높이 − max(0, 클립 높이)). */
  readonly float: number;
  /** 골반 내림의 범위 (m) 와 설정의 한계, 클립보다 올라간 최대 (m). */
  readonly maxDrop: number;
  readonly maxPelvisDrop: number;
  readonly pelvisRaise: number;
  /** 프레임 사이 관절 (무릎·발목·골반, 뿌리 기준) 의 가장 큰 이동 (m): 풀이 뒤와 클립. */
  readonly maxJump: number;
  readonly clipMaxJump: number;
  /** 비교용 표본: 시각 (s) → 두 발목의 월드 위치와 골반 내림. */
  readonly samples: Map<number, number[]>;
}

export interface WalkCase {
  readonly file: string;
  readonly clip?: string;
}

const _v = new Vector3();

/** 한 번의 걷기에 필요한 것: 리그, 지형, FootPlacement, 클립 재생기, 뿌리를 k 번째 프레임 자리에 놓는 함수. */
interface Walk {
  readonly scene: Object3D;
  readonly hips: Object3D;
  readonly placement: FootPlacement;
  readonly mixer: AnimationMixer;
  readonly heightAt: (x: number, z: number) => number;
  readonly placeRoot: (k: number) => void;
  readonly frames: number;
  /** 프레임마다 잴 관절 (무릎·발목 둘씩, 골반) 과 샘플의 두 발목. */
  readonly tracked: readonly Object3D[];
  readonly ankles: readonly [Object3D, Object3D];
  readonly height: number;
  readonly legLength: number;
}

/** 리그를 읽어 지형 위에 세우고 FootPlacement 와 클립을 붙인다. 뿌리는 걷는 방향으로 −0.5 L 에서 +0.5 L 까지 간다. */
async function setUpWalk(
  rig: WalkCase, makeTerrain: (L: number) => Terrain, fps: number, configure: (p: FootPlacement) => void,
): Promise<Walk> {
  const gltf = await loadRig(rig.file);
  const scene = gltf.scene;
  scene.updateMatrixWorld(true);
  const limbs = findLimbs(scene, { gltf });
  const left = limbs.leftLeg!, right = limbs.rightLeg!;
  const hips = left.upper.parent!;
  const height = new Box3().setFromObject(scene).getSize(new Vector3()).y;
  const legLength = left.upper.getWorldPosition(new Vector3()).distanceTo(left.mid.getWorldPosition(new Vector3()))
    + left.mid.getWorldPosition(new Vector3()).distanceTo(left.end.getWorldPosition(new Vector3()));
  const terrain = makeTerrain(legLength);
  const forward = new Vector3(limbs.forward.x, 0, limbs.forward.z).normalize();
  const side = new Vector3(-forward.z, 0, forward.x);
  const heightAt = (x: number, z: number): number => terrain.height(x * forward.x + z * forward.z, x * side.x + z * side.z);
  const ground = createHeightFieldGround(heightAt);

  const clip = rig.clip === undefined ? gltf.animations[0]! : AnimationClip.findByName(gltf.animations, rig.clip)!;
  const frames = Math.round(clip.duration * fps);
  const placeRoot = (k: number): void => {
    const d = (-0.5 + k / frames) * legLength;
    scene.position.set(forward.x * d, terrain.rootHeight(d), forward.z * d);
    scene.updateMatrixWorld(true);
  };
  placeRoot(0);
  const placement = new FootPlacement({
    hips, root: scene, ground,
    legs: [{ ...left, toes: limbs.bones.leftToes?.bone ?? null }, { ...right, toes: limbs.bones.rightToes?.bone ?? null }],
  });
  configure(placement);
  const mixer = new AnimationMixer(scene);
  mixer.clipAction(clip).play();
  mixer.update(0);
  const tracked = [left.mid, left.end, right.mid, right.end, hips];
  return { scene, hips, placement, mixer, heightAt, placeRoot, frames, tracked, ankles: [left.end, right.end], height, legLength };
}

/** 프레임마다의 잰 값을 모은다: 클립 자세 (measureClip) 와 풀린 자세 (measureSolved) 를 같은 프레임에 잰다. */
class WalkMeter {
  penetration = 0;
  float = -Infinity;
  maxDrop = 0;
  pelvisRaise = -Infinity;
  maxJump = 0;
  clipMaxJump = 0;
  readonly samples = new Map<number, number[]>();
  readonly #walk: Walk;
  readonly #prevClip: Vector3[];
  readonly #prevSolved: Vector3[];
  /** 발마다 발바닥 점의 클립 높이 (뿌리 위, 접촉 판정). */
  readonly #clipHeights: number[][];
  readonly #contactTolerance: number;
  readonly #rootWorld = new Vector3();
  readonly #hipsClipWorld = new Vector3();

  constructor(walk: Walk) {
    this.#walk = walk;
    this.#prevClip = walk.tracked.map(() => new Vector3());
    this.#prevSolved = walk.tracked.map(() => new Vector3());
    this.#clipHeights = walk.placement.feet.map((f) => f.soleLocal.map(() => 0));
    this.#contactTolerance = 0.01 * (walk.height / 1.75);
  }

  /** 클립 자세: 발바닥의 클립 높이 (접촉 판정) 와 관절 위치 (뿌리 기준). */
  measureClip(k: number): void {
    const { scene, placement, hips, tracked } = this.#walk;
    const rootWorld = this.#rootWorld.setFromMatrixPosition(scene.matrixWorld);
    placement.feet.forEach((foot, f) => foot.soleLocal.forEach((p, i) => {
      this.#clipHeights[f]![i] = _v.copy(p).applyMatrix4(foot.foot.matrixWorld).y - rootWorld.y;
    }));
    this.#hipsClipWorld.setFromMatrixPosition(hips.matrixWorld);
    tracked.forEach((bone, i) => {
      const p = _v.setFromMatrixPosition(bone.matrixWorld).sub(rootWorld);
      if (k > 0) this.clipMaxJump = Math.max(this.clipMaxJump, p.distanceTo(this.#prevClip[i]!));
      this.#prevClip[i]!.copy(p);
    });
  }

  /** 풀린 자세: 골반 내림·올림, 관절 이동, 접촉 중 발바닥의 관통·뜸, 그리고 sampleEvery 마다의 표본. */
  measureSolved(k: number, fps: number, sampleEvery: number): void {
    const { placement, hips, tracked, heightAt, ankles } = this.#walk;
    const rootWorld = this.#rootWorld;
    this.maxDrop = Math.max(this.maxDrop, placement.pelvisDrop);
    this.pelvisRaise = Math.max(this.pelvisRaise, _v.setFromMatrixPosition(hips.matrixWorld).y - this.#hipsClipWorld.y);
    tracked.forEach((bone, i) => {
      const p = _v.setFromMatrixPosition(bone.matrixWorld).sub(rootWorld);
      if (k > 0) this.maxJump = Math.max(this.maxJump, p.distanceTo(this.#prevSolved[i]!));
      this.#prevSolved[i]!.copy(p);
    });
    placement.feet.forEach((foot, f) => {
      let lowest = Infinity;
      foot.soleLocal.forEach((p, i) => {
        const clipHeight = this.#clipHeights[f]![i]!;
        if (clipHeight > this.#contactTolerance) return;
        const w = _v.copy(p).applyMatrix4(foot.foot.matrixWorld);
        const above = w.y - heightAt(w.x, w.z);
        // 클립 자체가 땅 아래로 들어간 만큼은 클립의 몫이다 (양쪽으로): 클립보다 더 묻히면 관통, 땅 위 클립 높이보다
        // 높으면 뜸. 클립이 묻은 발을 땅 높이로 올린 것은 뜸이 아니다.
        this.penetration = Math.max(this.penetration, Math.min(0, clipHeight) - above);
        lowest = Math.min(lowest, above - Math.max(0, clipHeight));
      });
      if (lowest < Infinity) this.float = Math.max(this.float, lowest);
    });
    const t = k / fps;
    const slot = Math.round(t / sampleEvery);
    if (Math.abs(slot * sampleEvery - t) < 1e-9) {
      const a = ankles[0].getWorldPosition(new Vector3()), b = ankles[1].getWorldPosition(new Vector3());
      this.samples.set(slot, [a.x, a.y, a.z, b.x, b.y, b.z, placement.pelvisDrop]);
    }
  }
}

/** file 의 클립을 fps 로 한 번 재생하며 terrain 위에서 잰다: 프레임마다 클립 자세를 재고, FootPlacement.update 뒤를 잰다. */
export async function walkOverTerrain(
  rig: WalkCase, makeTerrain: (L: number) => Terrain, fps: number, configure: (p: FootPlacement) => void = () => {}, sampleEvery = 1 / 6,
): Promise<WalkResult> {
  const walk = await setUpWalk(rig, makeTerrain, fps, configure);
  const { scene, hips, placement, mixer } = walk;
  const meter = new WalkMeter(walk);
  // 클립이 골반의 position 을 쓰지 않으면 지난 프레임의 내림이 남아 있다: 클립 자세를 잴 때는 클립의 값으로 되돌린다
  // (FootPlacement.update 가 처음에 하는 것과 같다). 안 그러면 접촉 판정과 클립의 관절 이동이 내린 자세로 재진다.
  const hipsClip = hips.position.clone();
  let hipsWritten: Vector3 | null = null;
  for (let k = 0; k <= walk.frames; k++) {
    if (k > 0) mixer.update(1 / fps);
    if (hipsWritten !== null && hips.position.equals(hipsWritten)) hips.position.copy(hipsClip);
    hipsClip.copy(hips.position);
    walk.placeRoot(k);
    meter.measureClip(k);
    placement.update(k === 0 ? 0 : 1 / fps);
    hipsWritten = hips.position.clone();
    scene.updateMatrixWorld(true);
    meter.measureSolved(k, fps, sampleEvery);
  }
  return {
    height: walk.height, legLength: walk.legLength, penetration: meter.penetration, float: meter.float, maxDrop: meter.maxDrop,
    maxPelvisDrop: placement.maxPelvisDrop, pelvisRaise: meter.pelvisRaise, maxJump: meter.maxJump, clipMaxJump: meter.clipMaxJump,
    samples: meter.samples,
  };
}
