import * as THREE from "three";
import { GLTFLoader } from "three/addons/loaders/GLTFLoader.js";
import { findLimbs, TwoBoneIK } from "../../src/index";

/** 모델(.glb·.gltf·.vrm)을 읽어 장면에 넣고, 찾은 팔다리마다 극 없이 푸는 IK 를 만든다. */
export async function loadWithIK(url: string, scene: THREE.Scene) {
  const gltf = await new GLTFLoader().loadAsync(url);
  scene.add(gltf.scene);
  const found = findLimbs(gltf.scene, { gltf }); // gltf 를 넘기면 VRM 의 휴머노이드 맵도 읽는다
  for (const issue of found.issues) console.warn(issue.message); // 못 찾은 뼈, 모호한 후보, 좌우가 뒤바뀐 뼈
  const limbs = found.limbs.map((limb) => ({
    name: limb.name, // "leftArm" | "rightArm" | "leftLeg" | "rightLeg"
    ik: new TwoBoneIK(limb.upper, limb.mid, limb.end, { bendDirection: limb.bendDirection }),
    target: limb.end.getWorldPosition(new THREE.Vector3()), // 목표 (월드): 처음엔 손·발이 있던 자리
  }));
  const mixer = new THREE.AnimationMixer(gltf.scene);
  if (gltf.animations[0]) mixer.clipAction(gltf.animations[0]).play();
  // 매 프레임: 애니메이션이 먼저 자세를 쓰고, IK 가 그 위에서 손·발을 목표로 돌린다.
  // 극을 주지 않으면 자동 극: 들어온 팔꿈치·무릎의 굽힘을 따르고, 곧으면 팔꿈치는 뒤·무릎은 앞으로.
  const update = (dt: number) => {
    mixer.update(dt);
    for (const { ik, target } of limbs) ik.solve(target);
  };
  return { gltf, found, limbs, update };
}
