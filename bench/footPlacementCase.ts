// 발 딛기 벤치·할당 측정의 캐릭터: 뼈만으로 만든 두 다리 (허벅지 → 정강이 → 발 → 발가락) 와 골반, 울퉁불퉁한 높이 함수 땅.
import { Bone, Group, Quaternion, Vector3 } from "three";
import { createHeightFieldGround, FootPlacement } from "../src/index.js";
import type { GroundQuery } from "../src/index.js";

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

/** 캐릭터 하나 (x, z 에 선다) 와 그 FootPlacement (땅은 기본 bumpyGround). 발바닥 점은 발마다 둘 (뒤꿈치·발끝): 프레임마다 4 번 쏜다. */
export function makeFootPlacementCharacter(x: number, z: number, ground: GroundQuery = bumpyGround): { root: Group; hips: Bone; placement: FootPlacement } {
  const root = new Group();
  root.position.set(x, 0, z);
  const hips = new Bone();
  hips.position.set(0, 1.0, 0);
  root.add(hips);
  const left = makeLeg(hips, 1), right = makeLeg(hips, -1);
  root.updateMatrixWorld(true);
  const placement = new FootPlacement({ hips, root, ground, legs: [left, right] });
  return { root, hips, placement };
}

/** 걷기 자세 16 개 (클립의 한 주기): 허벅지·정강이·발의 회전 (x 축, 앞뒤로) 을 다리마다. 반 주기 어긋난 두 다리. */
function walkPoses(): { upper: Quaternion; mid: Quaternion; end: Quaternion }[][] {
  const x = new Vector3(1, 0, 0);
  return Array.from({ length: 16 }, (_, i) => [0, Math.PI].map((phase) => {
    const t = (i / 16) * 2 * Math.PI + phase;
    const hip = -0.3 * Math.sin(t), knee = 0.05 + 0.3 * Math.max(0, Math.cos(t)), ankle = -0.5 * (hip + knee) + 0.5 * hip;
    return {
      upper: new Quaternion().setFromAxisAngle(x, hip),
      mid: new Quaternion().setFromAxisAngle(x, knee),
      end: new Quaternion().setFromAxisAngle(x, ankle),
    };
  }));
}

/**
 * 한 프레임: AnimationMixer 처럼 골반 위치와 두 다리 뼈 셋의 사원수를 모두 쓰고 (미리 만든 걷기 자세, 정수 k 로 고른다:
 * 측정하는 클로저가 double 을 계산해 할당하지 않게) update(dt). withPlacement 가 false 면 클립만 쓴다 (벤치의 기준선).
 */
export function makeFrame(characters: readonly { hips: Bone; placement: FootPlacement }[], withPlacement = true): () => void {
  const poses = walkPoses();
  let k = 0;
  return () => {
    const pose = poses[k++ & 15]!;
    for (let i = 0; i < characters.length; i++) {
      const c = characters[i]!;
      c.hips.position.y = 1.0;
      const legs = c.hips.children;
      for (let side = 0; side < 2; side++) {
        const upper = legs[side]!, mid = upper.children[0]!, end = mid.children[0]!, p = pose[side]!;
        upper.quaternion.copy(p.upper);
        mid.quaternion.copy(p.mid);
        end.quaternion.copy(p.end);
      }
      if (withPlacement) c.placement.update(1 / 60);
    }
  };
}
