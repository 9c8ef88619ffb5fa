// README 의 «내 모델에 쓰기» 예제: README 의 코드 블록이 test/examples/loadWithIK.ts 와 (가져오는 경로만 빼고) 글자 그대로
// 같고, 그 코드가 테스트 리그(Mixamo 센티미터 리그)를 읽어 오른손을 목표로 옮긴다.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as THREE from "three";
import { loadWithIK } from "./examples/loadWithIK";
import { RIGS_DIR } from "./helpers/loadRig"; // (ProgressEvent 를 Node 에 채운다)

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const example = readFileSync(new URL("./examples/loadWithIK.ts", import.meta.url), "utf8");

describe("README «내 모델에 쓰기»", () => {
  it("the README block is test/examples/loadWithIK.ts with the package import", () => {
    const section = readme.slice(readme.indexOf("## 내 모델에 쓰기"));
    const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    expect(block).toBe(example.replace('from "../../src/index"', 'from "three-two-bone-ik"'));
  });

  it("loads a Mixamo rig, finds four limbs and puts the right hand on a new target under the animation", async () => {
    const url = `data:model/gltf-binary;base64,${readFileSync(RIGS_DIR + "mixamo.glb").toString("base64")}`;
    const scene = new THREE.Scene();
    const { found, limbs, update } = await loadWithIK(url, scene);
    expect(found.issues).toEqual([]);
    expect(limbs.map((limb) => limb.name)).toEqual(["leftArm", "rightArm", "leftLeg", "rightLeg"]);
    const right = limbs.find((limb) => limb.name === "rightArm")!;
    const shoulder = right.ik.upper.getWorldPosition(new THREE.Vector3());
    right.target.lerp(shoulder, 0.3).add(new THREE.Vector3(0, 0, 0.05)); // 손을 어깨 쪽 앞으로
    for (let frame = 0; frame < 30; frame++) {
      update(1 / 30);
      const hand = right.ik.end.getWorldPosition(new THREE.Vector3());
      expect(hand.distanceTo(right.target)).toBeLessThan(1e-9);
    }
  });
});
