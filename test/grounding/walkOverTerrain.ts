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
  /**
   * 프레임 사이 관절 (무릎·발목·골반) 의 가장 큰 월드 이동 (m): 풀이 뒤와 클립 (같은 뿌리 길 위의 쌍둥이). 월드에서 재는
   * 까닭: 뿌리가 한 프레임에 내려앉는 끊긴 땅에서도 디딘 발은 월드에서 제자리여야 한다 (뿌리 기준이면 그것이 튐이 된다).
   */
  readonly maxJump: number;
  readonly clipMaxJump: number;
  /** 비교용 표본: 시각 (s) → 두 발목의 월드 위치와 골반 내림. */
  readonly samples: Map<number, number[]>;
}

export interface WalkCase {
  readonly file: string;
  /** 걷기 클립의 이름 (제자리 걷기: 디딘 발이 뿌리에 대해 뒤로 간다). */
  readonly clip: string;
}

const _v = new Vector3();

/** 한 번의 걷기에 필요한 것: 리그, 지형, FootPlacement, 클립 재생기, 뿌리를 k 번째 프레임 자리에 놓는 함수. */
export interface Walk {
  readonly scene: Object3D;
  /** 같은 파일의 두 번째 사본: 클립만 재생한다 (발 딛기 없이, 클립 자세를 잰다). */
  readonly twin: Object3D;
  readonly hips: Object3D;
  readonly placement: FootPlacement;
  /** 장면과 쌍둥이의 재생기 (같이 진행한다). */
  readonly mixers: readonly [AnimationMixer, AnimationMixer];
  readonly heightAt: (x: number, z: number) => number;
  readonly placeRoot: (k: number) => void;
  readonly frames: number;
  /** 프레임마다 잴 관절 (무릎·발목 둘씩, 골반) 과 샘플의 두 발목. */
  readonly tracked: readonly Object3D[];
  /** 쌍둥이에서 tracked 와 placement.feet 의 발에 해당하는 뼈. */
  readonly twinTracked: readonly Object3D[];
  readonly twinFeet: readonly Object3D[];
  readonly ankles: readonly [Object3D, Object3D];
  readonly height: number;
  readonly legLength: number;
}

/** 뿌리가 걷는 구간 (다리 길이의 배수, 걷는 방향의 거리): 계단의 모서리 둘 (0, 0.8 L) 과 끊긴 땅 (0.05 L) 을 지난다. */
const WALK_FROM = -0.5;
const WALK_TO = 1.5;

/**
 * 클립의 걷는 빠르기 (m/s): 발목이 클립에서 가장 낮은 높이의 1 % L 안에 있는 (디딘) 프레임마다 뿌리에 대해 뒤로 가는
 * 빠르기의 중앙값. 제자리 걷기 클립을 이 빠르기로 옮기면 디딘 발이 땅에 선다. 재생기의 시각을 바꾼다.
 */
function clipGroundSpeed(
  scene: Object3D, mixer: AnimationMixer, clip: AnimationClip, ankles: readonly Object3D[], forward: Vector3, legLength: number,
): number {
  const steps = 240, dt = clip.duration / steps;
  const tracks = ankles.map(() => [] as { along: number; height: number }[]);
  scene.position.set(0, 0, 0);
  for (let k = 0; k <= steps; k++) {
    mixer.setTime(k * dt);
    scene.updateMatrixWorld(true);
    ankles.forEach((ankle, i) => {
      const p = _v.setFromMatrixPosition(ankle.matrixWorld);
      tracks[i]!.push({ along: p.dot(forward), height: p.y });
    });
  }
  const speeds: number[] = [];
  for (const track of tracks) {
    const lowest = Math.min(...track.map((s) => s.height));
    for (let k = 1; k < track.length; k++) {
      if (track[k]!.height <= lowest + 0.01 * legLength && track[k - 1]!.height <= lowest + 0.01 * legLength) {
        speeds.push((track[k - 1]!.along - track[k]!.along) / dt);
      }
    }
  }
  speeds.sort((a, b) => a - b);
  const speed = speeds[Math.floor(speeds.length / 2)]!;
  if (!(speed > 0)) throw new Error(`${clip.name}: 디딘 발이 뒤로 가지 않는 클립 (빠르기 ${speed})`);
  return speed;
}

/** 리그를 읽어 지형 위에 세우고 FootPlacement 와 클립을 붙인다. 뿌리는 클립의 빠르기로 WALK_FROM L 에서 WALK_TO L 까지 간다. */
export async function setUpWalk(
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

  const clip = AnimationClip.findByName(gltf.animations, rig.clip)!;
  const mixer = new AnimationMixer(scene);
  mixer.clipAction(clip).play();
  // 클립 자세는 발 딛기가 손대지 않는 쌍둥이에서 잰다 (같은 파일, 같은 클립, 같은 뿌리 자리).
  const twinGltf = await loadRig(rig.file);
  const twin = twinGltf.scene;
  const twinMixer = new AnimationMixer(twin);
  twinMixer.clipAction(AnimationClip.findByName(twinGltf.animations, rig.clip)!).play();
  const inTwin = twinOf(scene, twin);
  // 컨트롤러처럼 뿌리를 클립의 걷는 빠르기로 옮긴다: 디딘 발이 땅에서 미끄러지지 않는다 (발 딛기가 받는 입력).
  const speed = clipGroundSpeed(scene, mixer, clip, [left.end, right.end], forward, legLength);
  const frames = Math.round(((WALK_TO - WALK_FROM) * legLength / speed) * fps);
  const placeRoot = (k: number): void => {
    const d = WALK_FROM * legLength + (speed * k) / fps;
    for (const root of [scene, twin]) {
      root.position.set(forward.x * d, terrain.rootHeight(d), forward.z * d);
      root.updateMatrixWorld(true);
    }
  };
  mixer.setTime(0);
  twinMixer.setTime(0);
  placeRoot(0);
  const placement = new FootPlacement({
    hips, root: scene, ground,
    legs: [{ ...left, toes: limbs.bones.leftToes?.bone ?? null }, { ...right, toes: limbs.bones.rightToes?.bone ?? null }],
  });
  configure(placement);
  const tracked = [left.mid, left.end, right.mid, right.end, hips];
  return {
    scene, twin, hips, placement, mixers: [mixer, twinMixer], heightAt, placeRoot, frames, tracked, twinTracked: tracked.map(inTwin),
    twinFeet: placement.feet.map((f) => inTwin(f.foot)), ankles: [left.end, right.end], height, legLength,
  };
}

/** scene 의 객체 → twin (같은 파일을 한 번 더 읽은 장면) 의 같은 자리의 객체 (순회 순서가 같다). */
function twinOf(scene: Object3D, twin: Object3D): (object: Object3D) => Object3D {
  const mine: Object3D[] = [], theirs: Object3D[] = [];
  scene.traverse((o) => mine.push(o));
  twin.traverse((o) => theirs.push(o));
  return (object) => theirs[mine.indexOf(object)]!;
}

/** 프레임마다의 잰 값을 모은다: 클립 자세 (measureClip) 와 풀린 자세 (measureSolved) 를 같은 프레임에 잰다. */
export class WalkMeter {
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

  /** 클립 자세 (쌍둥이): 발바닥의 클립 높이 (접촉 판정) 와 관절 위치 (뿌리 기준). */
  measureClip(k: number): void {
    const { scene, placement, twinTracked, twinFeet } = this.#walk;
    const rootWorld = this.#rootWorld.setFromMatrixPosition(scene.matrixWorld);
    placement.feet.forEach((foot, f) => foot.soleLocal.forEach((p, i) => {
      this.#clipHeights[f]![i] = _v.copy(p).applyMatrix4(twinFeet[f]!.matrixWorld).y - rootWorld.y;
    }));
    this.#hipsClipWorld.setFromMatrixPosition(twinTracked[4]!.matrixWorld);
    twinTracked.forEach((bone, i) => {
      const p = _v.setFromMatrixPosition(bone.matrixWorld);
      if (k > 0) this.clipMaxJump = Math.max(this.clipMaxJump, p.distanceTo(this.#prevClip[i]!));
      this.#prevClip[i]!.copy(p);
    });
  }

  /** 풀린 자세: 골반 내림·올림, 관절 이동, 접촉 중 발바닥의 관통·뜸, 그리고 sampleEvery 마다의 표본. */
  measureSolved(k: number, fps: number, sampleEvery: number): void {
    const { placement, hips, tracked, heightAt, ankles } = this.#walk;
    this.maxDrop = Math.max(this.maxDrop, placement.pelvisDrop);
    this.pelvisRaise = Math.max(this.pelvisRaise, _v.setFromMatrixPosition(hips.matrixWorld).y - this.#hipsClipWorld.y);
    tracked.forEach((bone, i) => {
      const p = _v.setFromMatrixPosition(bone.matrixWorld);
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
  const { scene, placement, mixers } = walk;
  const meter = new WalkMeter(walk);
  for (let k = 0; k <= walk.frames; k++) {
    if (k > 0) for (const mixer of mixers) mixer.update(1 / fps);
    walk.placeRoot(k);
    meter.measureClip(k);
    placement.update(k === 0 ? 0 : 1 / fps);
    scene.updateMatrixWorld(true);
    meter.measureSolved(k, fps, sampleEvery);
  }
  return {
    height: walk.height, legLength: walk.legLength, penetration: meter.penetration, float: meter.float, maxDrop: meter.maxDrop,
    maxPelvisDrop: placement.maxPelvisDrop, pelvisRaise: meter.pelvisRaise, maxJump: meter.maxJump, clipMaxJump: meter.clipMaxJump,
    samples: meter.samples,
  };
}
