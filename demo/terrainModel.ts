// 사용자 모델을 지형에서 걷게 하기: 걷기 클립 고르기, 배율, 클립의 걷는 속도, 지형을 끌 때 돌려주기.
import { Box3, Vector3 } from "three";
import type { AnimationClip, AnimationMixer, Object3D } from "three";
import { makeGrounded } from "./groundedCharacter";
import type { Grounded } from "./groundedCharacter";
import type { ScaledGround } from "./terrainGround";
import type { UserModelView } from "./userModel";

/** 대역의 키 (m): 지형은 이 키에 맞춰 그렸고, 모델에는 (모델 키 / 이 값) 배를 곱한다. */
const STAND_IN_HEIGHT = 1.75;

/** 지금 열린 사용자 모델 (userModel.ts). */
export type TerrainModel = NonNullable<UserModelView["model"]>;

const _v = new Vector3();

/** 사용자 모델을 지형에 세운다: 걷기 클립 (이름에 walk, 없으면 첫 클립을 제자리에서), findLimbs 의 다리, 골반 = 허벅지의 부모. */
export function groundModel(model: TerrainModel, ground: ScaledGround): Grounded | null {
  const { loaded, root, mixer } = model;
  const animations = loaded.gltf.animations;
  const walk = animations.find((clip) => /walk/i.test(clip.name)) ?? null;
  const clip = walk ?? animations[0] ?? null;
  mixer.stopAllAction();
  if (clip !== null) mixer.clipAction(clip).play();
  mixer.update(0);
  root.updateMatrixWorld(true);
  const limbs = loaded.limbs;
  const left = limbs.leftLeg, right = limbs.rightLeg;
  if (left === null || right === null || left.upper.parent === null) return null;
  const height = new Box3().setFromObject(root).getSize(new Vector3()).y || STAND_IN_HEIGHT;
  const s = height / STAND_IN_HEIGHT;
  ground.setScale(s);
  const speed = walk === null ? 0 : clipSpeed(root, mixer, walk, left.end, limbs.forward);
  return makeGrounded({
    root, hips: left.upper.parent,
    legs: [
      { ...left, toes: limbs.bones.leftToes?.bone ?? null },
      { ...right, toes: limbs.bones.rightToes?.bone ?? null },
    ],
    speed, scale: s, name: loaded.name, clip: clip?.name ?? null, forwardYaw: Math.atan2(limbs.forward.x, limbs.forward.z),
  }, ground);
}

/** 지형을 끌 때: 모델을 처음 자리 (grounded 가 있으면) 와 첫 클립으로 돌려준다. */
export function releaseModel(model: TerrainModel, grounded: Grounded | null): void {
  if (grounded !== null) {
    model.root.position.copy(grounded.position0);
    model.root.quaternion.copy(grounded.rotation0);
  }
  model.mixer.stopAllAction();
  const first = model.loaded.gltf.animations[0];
  if (first !== undefined) model.mixer.clipAction(first).play();
}

/**
 * 걷기 클립의 속도 (m/s): 한 주기 동안 발이 앞뒤로 오가는 폭 r 을 두 번 (디딤 동안 발은 몸 아래에서 r 만큼 뒤로 간다) 주기로 나눈다.
 * 디딘 발이 미끄러지지 않는 뿌리의 속도의 어림. 클립을 처음 자리 (0 초) 로 돌려 둔다.
 */
function clipSpeed(root: Object3D, mixer: AnimationMixer, clip: AnimationClip, foot: Object3D, forward: Vector3): number {
  const samples = 32;
  let min = Infinity, max = -Infinity;
  const rootWorld = root.getWorldPosition(new Vector3());
  for (let i = 0; i < samples; i++) {
    mixer.setTime((clip.duration * i) / samples);
    root.updateMatrixWorld(true);
    const along = foot.getWorldPosition(_v).sub(rootWorld).dot(forward);
    min = Math.min(min, along);
    max = Math.max(max, along);
  }
  mixer.setTime(0);
  root.updateMatrixWorld(true);
  return clip.duration > 0 ? (2 * (max - min)) / clip.duration : 0;
}
