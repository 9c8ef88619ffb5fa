// FootPlacement: 평평한 땅에서 클립 그대로, 섞음 비율, 땅 질의 어댑터, 잘못된 인자는 쓰기 전에 RangeError.
import { describe, expect, it } from "vitest";
import { AnimationMixer, BoxGeometry, Mesh, MeshBasicMaterial, Vector3 } from "three";
import type { Object3D } from "three";
import { createHeightFieldGround, createRaycasterGround, findLimbs, FootPlacement } from "../src/index";
import type { FootPlacementOptions, GroundQuery } from "../src/index";
import { loadRig } from "./helpers/loadRig";

async function setUp(file: string, ground: GroundQuery, clipName?: string) {
  const gltf = await loadRig(file);
  const scene = gltf.scene;
  scene.updateMatrixWorld(true);
  const limbs = findLimbs(scene, { gltf });
  const options: FootPlacementOptions = {
    hips: limbs.leftLeg!.upper.parent!, root: scene, ground,
    legs: [{ ...limbs.leftLeg!, toes: limbs.bones.leftToes?.bone ?? null }, { ...limbs.rightLeg!, toes: limbs.bones.rightToes?.bone ?? null }],
  };
  const placement = new FootPlacement(options);
  const clip = clipName === undefined ? gltf.animations[0]! : gltf.animations.find((a) => a.name === clipName)!;
  const mixer = new AnimationMixer(scene);
  const action = mixer.clipAction(clip).play();
  return { scene, placement, mixer, options, action };
}

/** 모든 객체의 로컬 변환 (position, quaternion, scale) 을 한 배열로. */
function snapshot(root: Object3D): number[] {
  const out: number[] = [];
  root.traverse((o) => out.push(...o.position.toArray(), ...o.quaternion.toArray(), ...o.scale.toArray()));
  return out;
}

const flat = createHeightFieldGround(() => 0);
const FLAT_CASES = [["mixamo.glb", undefined], ["third_party/knight_cge.glb", "Walk"]] as const;

describe("FootPlacement on exactly flat ground", () => {
  it.each(FLAT_CASES)("%s: weight 0 leaves every bone bit-identical", async (file, clip) => {
    const { scene, placement, mixer } = await setUp(file, flat, clip);
    placement.weight = 0;
    placement.fadeTime = 0;
    for (let k = 0; k < 30; k++) {
      mixer.update(1 / 60);
      const before = snapshot(scene);
      placement.update(1 / 60);
      expect(snapshot(scene)).toEqual(before);
    }
  });

  it.each(FLAT_CASES)("%s: weight 1 puts the feet where the clip has them (1e-9 of the leg length)", async (file, clip) => {
    const { scene, placement, mixer, options } = await setUp(file, flat, clip);
    const feet = options.legs.map((leg) => leg.end);
    const L = placement.maxPelvisDrop / 0.4;
    let worst = 0;
    for (let k = 0; k < 40; k++) {
      mixer.update(1 / 60);
      scene.updateMatrixWorld(true);
      const clipFeet = feet.map((f) => f.getWorldPosition(new Vector3()));
      const clipRotations = feet.map((f) => f.matrixWorld.clone());
      placement.update(1 / 60);
      scene.updateMatrixWorld(true);
      feet.forEach((f, i) => {
        worst = Math.max(worst, f.getWorldPosition(new Vector3()).distanceTo(clipFeet[i]!));
        f.matrixWorld.elements.forEach((e, j) => { worst = Math.max(worst, Math.abs(e - clipRotations[i]!.elements[j]!) * (j < 12 ? L : 1)); });
      });
      expect(placement.pelvisDrop).toBeLessThanOrEqual(1e-12);
    }
    expect(worst).toBeLessThanOrEqual(1e-9 * L);
  });
});

describe("FootPlacement over a clip that holds its values", () => {
  // three 의 AnimationMixer 는 지난 프레임과 같은 값을 뼈에 다시 쓰지 않는다: 멈춘 클립에서 지난 update 의 쓰기가
  // 다음 프레임의 "클립 자세" 가 되면 발 변위·골반 내림이 프레임마다 쌓인다.
  it("gives the same pose every frame on a slope when the clip stands still (nothing accumulates)", async () => {
    const { scene, placement, mixer, action } = await setUp("mixamo.glb", createHeightFieldGround((x, z) => 0.25 * x + 0.1 * z));
    action.paused = true; // 시간이 가지 않는다: 재생기는 같은 값을 다시 쓰지 않는다
    mixer.update(1 / 60);
    placement.update(1 / 60);
    const first = snapshot(scene);
    for (let k = 0; k < 5; k++) {
      mixer.update(1 / 60);
      placement.update(1 / 60);
    }
    expect(placement.pelvisDrop).toBeGreaterThan(0);
    expect(snapshot(scene)).toEqual(first);
  });
});

describe("FootPlacement weight fade", () => {
  it("reaches weight 0 after fadeTime and then writes nothing", async () => {
    const { scene, placement, mixer } = await setUp("mixamo.glb", createHeightFieldGround((x) => 0.3 * x));
    placement.fadeTime = 0.25;
    mixer.update(0);
    placement.update(0);
    placement.weight = 0;
    placement.update(0.125);
    expect(placement.currentWeight).toBeCloseTo(0.5, 12);
    placement.update(0.125);
    expect(placement.currentWeight).toBe(0);
    mixer.update(1 / 60);
    const before = snapshot(scene);
    placement.update(1 / 60);
    expect(snapshot(scene)).toEqual(before);
  });
});

describe("ground adapters", () => {
  it("the height function answers a vertical ray at the function's height with a finite-difference normal", () => {
    const ground = createHeightFieldGround((x, z) => 0.5 * x + 0.25 * z);
    const out = { point: new Vector3(), normal: new Vector3() };
    expect(ground(new Vector3(1, 5, 2), new Vector3(0, -1, 0), 10, out)).toBe(out);
    expect(out.point.toArray()).toEqual([1, 1, 2]);
    const n = new Vector3(-0.5, 1, -0.25).normalize();
    expect(out.normal.distanceTo(n)).toBeLessThan(1e-12);
    expect(ground(new Vector3(1, 5, 2), new Vector3(0, -1, 0), 3.9, out)).toBeNull();
  });

  it("the Raycaster adapter hits the top of a box with its world normal and misses beyond maxDistance", () => {
    const box = new Mesh(new BoxGeometry(2, 1, 2), new MeshBasicMaterial());
    box.rotation.z = 0.3;
    box.updateMatrixWorld(true);
    const ground = createRaycasterGround([box]);
    const out = { point: new Vector3(), normal: new Vector3() };
    expect(ground(new Vector3(0, 3, 0), new Vector3(0, -1, 0), 5, out)).toBe(out);
    expect(out.normal.distanceTo(new Vector3(-Math.sin(0.3), Math.cos(0.3), 0))).toBeLessThan(1e-6);
    expect(out.point.y).toBeCloseTo(0.5 / Math.cos(0.3), 6);
    expect(ground(new Vector3(0, 3, 0), new Vector3(0, -1, 0), 1, out)).toBeNull();
  });

  it.each([
    [() => createHeightFieldGround(null as never), /heightAt.*null/],
    [() => createHeightFieldGround(() => 0, 0), /step.*0/],
    [() => createRaycasterGround({} as never), /objects/],
  ])("rejects bad adapter arguments (%#)", (make, message) => {
    expect(make).toThrow(RangeError);
    expect(make).toThrow(message);
  });
});

describe("FootPlacement validation", () => {
  it.each([
    ["dt", (p: FootPlacement) => p.update(-1), /dt.*-1/],
    ["dt NaN", (p: FootPlacement) => p.update(NaN), /dt.*NaN/],
    ["weight", (p: FootPlacement) => { p.weight = 2; p.update(0.01); }, /weight.*2/],
    ["maxStepHeight", (p: FootPlacement) => { p.maxStepHeight = 0; p.update(0.01); }, /maxStepHeight.*0/],
    ["maxTilt", (p: FootPlacement) => { p.maxTilt = 3; p.update(0.01); }, /maxTilt.*3/],
    ["bendMargin", (p: FootPlacement) => { p.bendMargin = 1; p.update(0.01); }, /bendMargin.*1/],
    ["maxPelvisSpeed", (p: FootPlacement) => { p.maxPelvisSpeed = 0; p.update(0.01); }, /maxPelvisSpeed.*0/],
    ["footFollowSpeed", (p: FootPlacement) => { p.footFollowSpeed = -1; p.update(0.01); }, /footFollowSpeed.*-1/],
    ["footFollowSpeed NaN", (p: FootPlacement) => { p.footFollowSpeed = NaN; p.update(0.01); }, /footFollowSpeed.*NaN/],
    ["footPrediction", (p: FootPlacement) => { p.footPrediction = -0.1; p.update(0.01); }, /footPrediction.*-0.1/],
    ["footPrediction Infinity", (p: FootPlacement) => { p.footPrediction = Infinity; p.update(0.01); }, /footPrediction.*Infinity/],
  ])("rejects a bad %s before writing any bone", async (_name, act, message) => {
    const { scene, placement, mixer } = await setUp("mixamo.glb", createHeightFieldGround((x) => 0.3 * x));
    mixer.update(1 / 60);
    const before = snapshot(scene);
    expect(() => act(placement)).toThrow(RangeError);
    expect(snapshot(scene)).toEqual(before);
    expect(() => act(placement)).toThrow(message);
  });

  it("rejects a ground that returns a non-finite hit before writing any bone", async () => {
    const bad: GroundQuery = (_o, _d, _m, out) => { out.point.set(NaN, 0, 0); out.normal.set(0, 1, 0); return out; };
    const { scene, placement, mixer } = await setUp("mixamo.glb", bad);
    mixer.update(1 / 60);
    const before = snapshot(scene);
    expect(() => placement.update(0.01)).toThrow(/ground.*NaN/);
    expect(snapshot(scene)).toEqual(before);
  });

  it("rejects bad constructor arguments naming them", async () => {
    const { options } = await setUp("mixamo.glb", flat);
    expect(() => new FootPlacement(null as never)).toThrow(/options.*null/);
    expect(() => new FootPlacement({ ...options, ground: 3 as never })).toThrow(/options.ground.*3/);
    expect(() => new FootPlacement({ ...options, legs: [options.legs[0]] as never })).toThrow(/options.legs/);
    expect(() => new FootPlacement({ ...options, up: { x: 0, y: 0, z: 0 } })).toThrow(/options.up.*0, 0, 0/);
    expect(() => new FootPlacement({ ...options, hips: options.legs[0].end })).toThrow(/options.hips/);
    expect(() => new FootPlacement({ ...options, legs: [{ ...options.legs[0], toes: 5 as never }, options.legs[1]] })).toThrow(/options.legs\[0\].toes.*5/);
  });
});
