// 끝 회전 · tip · 굽힘 제한을 진짜 리그 위에서 (issue 16 §4): float32 데이터, 비틀림 뼈, 제3자의 기사를 클립 위에 두고
// 손은 주어진 회전의 손잡이를 손바닥 가운데로 잡고, 발은 기울어진 땅에 발바닥을 대며, 무릎은 제한 안에서 굽는다.
import { describe, expect, it } from "vitest";
import { AnimationClip, AnimationMixer, Quaternion, Vector3 } from "three";
import type { Object3D } from "three";
import { findLimbs, TwoBoneIK } from "../src/index";
import type { Limb } from "../src/index";
import { loadRig } from "./helpers/loadRig";

const RIGS = [["mixamo.glb", null], ["unreal.glb", null], ["rigify.gltf", null], ["vrm1.vrm", null], ["third_party/knight_cge.glb", "Walk"]] as const;

/** 두 회전 사이의 각 (라디안, q ≡ −q). */
function rotationAngle(q1: Quaternion, q2: Quaternion): number {
  return 2 * Math.acos(Math.min(1, Math.abs(q1.dot(q2)) / (q1.length() * q2.length())));
}

const worldPosition = (o: Object3D) => { o.updateWorldMatrix(true, false); return o.getWorldPosition(new Vector3()); };
const worldQuaternion = (o: Object3D) => { o.updateWorldMatrix(true, false); return o.getWorldQuaternion(new Quaternion()); };

/**
 * 허용치. 회전: float32 파일의 사원수는 |q| ≠ 1 (~1e-7) 이고 three 는 그것을 그대로 행렬에 넣어, 월드 행렬에서 읽은 회전이
 * 그만큼 다르게 읽힌다 (keepEndRotation.rigs.test.ts 와 같다). 위치: 팔다리 길이 L 에 대한 비율.
 */
const ROTATION_TOLERANCE = 1e-6;
const POSITION_TOLERANCE = 1e-6;

/** 팔다리 길이 (지금 자세의 뼈 둘). */
function limbLength(limb: Limb): number {
  const root = worldPosition(limb.upper), joint = worldPosition(limb.mid), end = worldPosition(limb.end);
  return root.distanceTo(joint) + joint.distanceTo(end);
}

/** 손바닥 가운데 (end 의 로컬): 손의 첫 자식 (손가락 뿌리) 까지의 반, 자식이 없으면 아래 뼈 방향으로 L 의 5 %. */
function palmLocal(limb: Limb, length: number): Vector3 {
  const finger = limb.end.children.find((c) => (c as { isBone?: boolean }).isBone === true);
  const world = finger !== undefined
    ? worldPosition(limb.end).lerp(worldPosition(finger), 0.5)
    : worldPosition(limb.end).addScaledVector(worldPosition(limb.end).sub(worldPosition(limb.mid)).normalize(), 0.05 * length);
  return limb.end.worldToLocal(world);
}

describe("on real rigs over their clips: a hand grips a turned handle with the palm, a foot stands its sole on a tilted plane", () => {
  for (const [file, clipName] of RIGS) {
    it(`${file}: hands on handles, feet on a 15° slope, knees limited to [2°, 150°]`, async () => {
      const gltf = await loadRig(file);
      const clip = clipName === null ? gltf.animations[0] : AnimationClip.findByName(gltf.animations, clipName)!;
      const mixer = clip === undefined ? null : new AnimationMixer(gltf.scene);
      if (clip !== undefined) mixer!.clipAction(clip).play();
      const found = findLimbs(gltf.scene);
      expect(found.limbs.length).toBe(4);
      const up = found.up, forward = found.forward;
      let checked = 0;
      for (const time of [0.2, 0.55, 0.9]) {
        for (const limb of found.limbs) {
          if (mixer !== null) mixer.setTime(time * clip!.duration);
          gltf.scene.updateMatrixWorld(true);
          const length = limbLength(limb);
          const root = worldPosition(limb.upper), endBefore = worldPosition(limb.end);
          const ik = new TwoBoneIK(limb.upper, limb.mid, limb.end);
          if (limb.kind === "arm") {
            // 손잡이: 손을 뿌리 쪽으로 당기고 앞으로 옮긴 자리, 지금 손의 회전에서 40° 돌린 방향.
            const turn = new Quaternion().setFromAxisAngle(forward, 0.7);
            const grip = worldQuaternion(limb.end).premultiply(turn);
            const handle = root.clone().lerp(endBefore, 0.75).addScaledVector(forward, 0.15 * length);
            ik.tip.copy(palmLocal(limb, length));
            const result = ik.solve(handle, undefined, { endRotation: grip });
            expect(rotationAngle(worldQuaternion(limb.end), grip), `${limb.name} grip at t=${time}`).toBeLessThanOrEqual(ROTATION_TOLERANCE);
            expect(result.reachable).toBe(true);
            const palm = ik.tip.clone().applyMatrix4(limb.end.matrixWorld);
            expect(palm.distanceTo(handle) / length, `${limb.name} palm at t=${time}`).toBeLessThanOrEqual(POSITION_TOLERANCE);
            expect(result.end.distanceTo(palm) / length).toBeLessThanOrEqual(POSITION_TOLERANCE);
          } else {
            // 15° 기울어진 땅: 발은 그 법선을 따라 돌고, 발목 아래 땅 높이의 점 (발바닥) 이 땅 위의 점에 닿는다.
            const normal = up.clone().applyAxisAngle(forward.clone().cross(up).normalize(), (15 * Math.PI) / 180);
            const tilt = new Quaternion().setFromUnitVectors(up, normal);
            const footRotation = worldQuaternion(limb.end).premultiply(tilt);
            const soleWorld = endBefore.clone().addScaledVector(up, -0.06 * length);
            const sole = limb.end.worldToLocal(soleWorld.clone());
            const ground = soleWorld.clone().addScaledVector(up, 0.1 * length).addScaledVector(forward, 0.05 * length);
            const result = ik.solve(ground, undefined, { endRotation: footRotation, tip: sole });
            expect(rotationAngle(worldQuaternion(limb.end), footRotation), `${limb.name} foot at t=${time}`).toBeLessThanOrEqual(ROTATION_TOLERANCE);
            expect(result.reachable).toBe(true);
            const soleAfter = sole.clone().applyMatrix4(limb.end.matrixWorld);
            expect(soleAfter.distanceTo(ground) / length, `${limb.name} sole at t=${time}`).toBeLessThanOrEqual(POSITION_TOLERANCE);
            // 무릎 제한: 멀리 당겨도 2° 아래로 펴지지 않고, 엉덩이 쪽으로 당겨도 150° 를 넘게 접히지 않는다.
            const degree = Math.PI / 180;
            ik.bendLimits = { min: 2 * degree, max: 150 * degree };
            for (const [distance, expected] of [[2 * length, 2], [0.01 * length, 150]] as const) {
              ik.solve(root.clone().addScaledVector(up, -distance), root.clone().addScaledVector(forward, length));
              const hip = worldPosition(limb.upper), knee = worldPosition(limb.mid), ankle = worldPosition(limb.end);
              const bend = knee.clone().sub(hip).angleTo(ankle.clone().sub(knee)) / degree;
              expect(Math.abs(bend - expected), `${limb.name} bend ${bend}° at t=${time}`).toBeLessThanOrEqual(1e-4);
            }
          }
          checked++;
        }
      }
      expect(checked).toBe(12);
    });
  }
});
