// 발 딛기 벤치·할당 측정의 캐릭터: 뼈만으로 만든 두 다리 (허벅지 → 정강이 → 발 → 발가락) 와 골반, 울퉁불퉁한 높이 함수 땅.
import { Bone, Group } from "three";
import { createHeightFieldGround, FootPlacement } from "../src/index.js";

/** 땅: 진폭 4 cm, 파장 1.7 m · 1.3 m 의 물결 (월드 +Y 위). */
export const bumpyGround = createHeightFieldGround((x, z) => 0.04 * Math.sin(x * 3.7) * Math.cos(z * 4.8));

function makeLeg(hips: Bone, side: 1 | -1): { upper: Bone; mid: Bone; end: Bone; toes: Bone } {
  const upper = new Bone(), mid = new Bone(), end = new Bone(), toes = new Bone();
  upper.position.set(0.1 * side, -0.05, 0);
  mid.position.set(0, -0.45, 0.01);
  end.position.set(0, -0.42, -0.01);
  toes.position.set(0, -0.08, 0.14);
  hips.add(upper); upper.add(mid); mid.add(end); end.add(toes);
  return { upper, mid, end, toes };
}

/** 캐릭터 하나 (x, z 에 선다) 와 그 FootPlacement. 발바닥 점은 발마다 둘 (뒤꿈치·발끝): 프레임마다 4 번 쏜다. */
export function makeFootPlacementCharacter(x: number, z: number): { root: Group; hips: Bone; placement: FootPlacement } {
  const root = new Group();
  root.position.set(x, 0, z);
  const hips = new Bone();
  hips.position.set(0, 1.0, 0);
  root.add(hips);
  const left = makeLeg(hips, 1), right = makeLeg(hips, -1);
  root.updateMatrixWorld(true);
  const placement = new FootPlacement({ hips, root, ground: bumpyGround, legs: [left, right] });
  return { root, hips, placement };
}

/**
 * 한 프레임: AnimationMixer 대신 걷기처럼 골반·허벅지를 조금 흔들어 쓰고 update(dt). 정수 k 로 미리 만든 자세를 고른다
 * (측정하는 클로저가 double 을 계산해 할당하지 않게).
 */
export function makeFrame(characters: readonly { hips: Bone; placement: FootPlacement }[]): () => void {
  const poses = Array.from({ length: 16 }, (_, i) => 0.3 * Math.sin((i / 16) * 2 * Math.PI));
  let k = 0;
  return () => {
    const swing = poses[k++ & 15]!;
    for (let i = 0; i < characters.length; i++) {
      const c = characters[i]!;
      c.hips.position.y = 1.0;
      const legs = c.hips.children;
      legs[0]!.rotation.x = swing;
      legs[1]!.rotation.x = -swing;
      c.placement.update(1 / 60);
    }
  };
}
