// README 의 10 줄 예제를 사용자처럼 그대로 써 본다: 이름으로 뼈를 찾고, 애니메이션 뒤에 solve, 도우미를 장면에.
// (README 의 예제가 공개 API 와 어긋나면 타입 검사나 이 테스트가 실패한다.)
import { describe, expect, it } from "vitest";
import * as THREE from "three";
import { TwoBoneIK, TwoBoneIKHelper } from "../src/index";

/** Mixamo 이름을 가진 작은 팔: 어깨 → 아래팔 → 손, 각 뼈는 +Y 로 25 cm. */
function makeModel(): THREE.Group {
  const model = new THREE.Group();
  const arm = new THREE.Bone(), foreArm = new THREE.Bone(), hand = new THREE.Bone();
  arm.name = "RightArm"; foreArm.name = "RightForeArm"; hand.name = "RightHand";
  arm.position.set(0.2, 1.4, 0);
  foreArm.position.set(0, 0.25, 0);
  hand.position.set(0, 0.25, 0);
  model.add(arm); arm.add(foreArm); foreArm.add(hand);
  return model;
}

describe("README example", () => {
  it("moves the hand onto the ball after the animation has posed the arm", () => {
    const scene = new THREE.Scene();
    const model = makeModel();
    scene.add(model);
    const ball = new THREE.Mesh(new THREE.SphereGeometry(0.05));
    ball.position.set(0.5, 1.5, 0.2);
    const elbowPole = new THREE.Object3D();
    elbowPole.position.set(0.2, 1.0, -0.5);
    scene.add(ball, elbowPole);

    const ik = new TwoBoneIK(model.getObjectByName("RightArm")!, model.getObjectByName("RightForeArm")!, model.getObjectByName("RightHand")!);
    scene.add(new TwoBoneIKHelper(ik));
    const clip = new THREE.AnimationClip("wave", 1, [
      new THREE.QuaternionKeyframeTrack("RightArm.quaternion", [0, 1], [0, 0, 0, 1, 0, 0, 0.3826834, 0.9238795]),
    ]);
    const mixer = new THREE.AnimationMixer(model);
    mixer.clipAction(clip).play();

    for (let frame = 0; frame < 10; frame++) {
      mixer.update(1 / 60); // 애니메이션이 먼저 자세를 쓰고
      ik.solve(ball.position, elbowPole.position); // IK 가 그 위에 팔을 공으로 돌린다
      scene.updateMatrixWorld(); // (렌더러가 하는 일)
      const hand = model.getObjectByName("RightHand")!.getWorldPosition(new THREE.Vector3());
      expect(hand.distanceTo(ball.position)).toBeLessThan(1e-12);
    }
  });
});
