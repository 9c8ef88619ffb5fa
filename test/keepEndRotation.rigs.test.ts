// keepEndRotation 은 어느 weight 에서나 손·발의 월드 회전을 지킨다 (issue 15 §4): 진짜 리그 (float32, 비틀림 뼈,
// 제3자의 기사) 를 클립 위에 두고 IK 를 weight 0, 0.3, 0.7, 1 로 섞는다. 고치기 전에는 0 < weight < 1 에서
// 끝 뼈만 따로 slerp 해서 손이 0.15 rad (9°) 까지 돌았다.
import { describe, expect, it } from "vitest";
import { AnimationClip, AnimationMixer, Quaternion, Vector3 } from "three";
import type { Object3D } from "three";
import { findLimbs, TwoBoneIK } from "../src/index";
import { loadRig } from "./helpers/loadRig";

/** 두 회전 사이의 각 (라디안, q ≡ −q). */
function rotationAngle(q1: Quaternion, q2: Quaternion): number {
  return 2 * Math.acos(Math.min(1, Math.abs(q1.dot(q2)) / (q1.length() * q2.length())));
}

function worldQuaternion(object: Object3D): Quaternion {
  object.updateWorldMatrix(true, false);
  return object.getWorldQuaternion(new Quaternion());
}

const WEIGHTS = [0, 0.3, 0.7, 1];
/**
 * 허용치 (rad): float32 데이터의 몫. 파일의 사원수는 |q| ≠ 1 (~1e-7) 이고 three 는 그것을 그대로 행렬에 넣어 뼈 축을
 * 조금 일그러뜨리므로, 월드 행렬에서 읽은 회전은 같은 자세라도 그만큼 다르게 읽힌다.
 */
const ROTATION_TOLERANCE = 1e-6;

describe("keepEndRotation keeps the hand's and foot's world rotation at every weight, on real rigs over their clips", () => {
  for (const [file, clipName] of [["mixamo.glb", null], ["unreal.glb", null], ["rigify.gltf", null], ["third_party/knight_cge.glb", "Walk"]] as const) {
    it(`${file}: weights ${WEIGHTS.join(", ")} — end world rotation unchanged, end between the clip and the target`, async () => {
      const gltf = await loadRig(file);
      const clip = clipName === null ? gltf.animations[0]! : AnimationClip.findByName(gltf.animations, clipName)!;
      const mixer = new AnimationMixer(gltf.scene);
      mixer.clipAction(clip).play();
      const found = findLimbs(gltf.scene);
      expect(found.limbs.length).toBe(4);
      let worst = 0;
      for (const time of [0.2, 0.55, 0.9]) {
        for (const weight of WEIGHTS) {
          for (const limb of found.limbs) {
            mixer.setTime(time * clip.duration);
            const ik = new TwoBoneIK(limb.upper, limb.mid, limb.end);
            const before = worldQuaternion(limb.end);
            const root = limb.upper.getWorldPosition(new Vector3()), end = limb.end.getWorldPosition(new Vector3());
            // 목표: 손·발을 뿌리 쪽으로 당기고 옆으로 옮긴 자리 (팔다리가 크게 돈다).
            const target = root.clone().lerp(end, 0.7).addScaledVector(found.left, 0.2 * root.distanceTo(end));
            ik.solve(target, undefined, { weight, keepEndRotation: true });
            const angle = rotationAngle(worldQuaternion(limb.end), before);
            worst = Math.max(worst, angle);
            expect(angle, `${limb.name} at t=${time}, weight ${weight}`).toBeLessThanOrEqual(ROTATION_TOLERANCE);
          }
        }
      }
      expect(worst).toBeLessThanOrEqual(ROTATION_TOLERANCE);
    });
  }
});
