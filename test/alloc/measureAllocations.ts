// 컴파일된 라이브러리를 깨끗한 Node 프로세스에서 돌려 호출당 할당 바이트를 JSON 으로 출력한다.
// test/allocation.test.ts 가 이 스크립트를 실행한다 (vitest 의 변환·다른 테스트의 타입 피드백 없이,
// 사용자의 번들처럼 단형으로 측정하기 위해).
import { Bone, Group, Object3D, Quaternion, Vector3 } from "three";
import { createHeightFieldGround, createTwoBoneIKResult, solveTwoBoneIK, TwoBoneIK, TwoBoneIKHelper } from "../../src/index.js";
import type { TwoBoneIKOptions } from "../../src/index.js";
import { bytesAllocatedPerCall } from "../../bench/heap.js";
import { makeFootPlacementCharacter, makeFrame } from "../../bench/footPlacementCase.js";

function makeArm(): { parent: Group; upper: Bone; mid: Bone; end: Bone } {
  const parent = new Group();
  parent.scale.setScalar(2);
  parent.rotation.set(0.3, 0.2, 0.1);
  const upper = new Bone(), mid = new Bone(), end = new Bone();
  upper.quaternion.set(0.2, -0.3, 0.4, 0.8).normalize();
  mid.position.set(3, 28, -4);
  mid.quaternion.set(-0.5, 0.1, 0.2, 0.8).normalize();
  end.position.set(-10, 20, 3);
  parent.add(upper);
  upper.add(mid);
  mid.add(end);
  parent.updateMatrixWorld(true);
  return { parent, upper, mid, end };
}

// 측정하는 클로저 자체는 정수 연산만 한다: 클로저가 아직 최적화되지 않았을 때 double 계산을 하면
// 인터프리터가 HeapNumber 를 할당해 라이브러리의 할당처럼 보이기 때문이다. 목표는 미리 만든 것을 번갈아 쓴다.

function measureSolveTwoBoneIK(): number {
  const out = createTwoBoneIKResult();
  const root = new Vector3(0.1, 0.2, 0.3), pole = new Vector3(0, 1, 0);
  // 닿는 경우와 닿지 않는 경우 (a + b = 1.8) 를 섞는다.
  const targets = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => new Vector3(1 + i * 0.3, 0.5, 0.2));
  let k = 0;
  return bytesAllocatedPerCall(() => {
    solveTwoBoneIK(root, 1, 0.8, targets[k++ & 7]!, pole, out);
  });
}

/** 굽힘 제한을 준 순수 풀이: 제한 안, 두 제한 밖 (펴짐·접힘 쪽) 을 섞는다. */
function measureSolveTwoBoneIKLimited(): number {
  const out = createTwoBoneIKResult();
  const root = new Vector3(0.1, 0.2, 0.3), pole = new Vector3(0, 1, 0);
  const options = { bendLimits: { min: 0.1, max: 2.5 } };
  const targets = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => new Vector3(0.1 + i * 0.3, 0.5, 0.2));
  let k = 0;
  return bytesAllocatedPerCall(() => {
    solveTwoBoneIK(root, 1, 0.8, targets[k++ & 7]!, pole, out, options);
  });
}

function measureTwoBoneIK(options: TwoBoneIKOptions | undefined): number {
  const { upper, mid, end } = makeArm();
  const ik = new TwoBoneIK(upper, mid, end);
  const pole = new Vector3(0, 0, 100);
  const targets = [new Vector3(40, 60, 10), new Vector3(190, 60, 10)]; // 닿음과 닿지 않음을 오간다
  const out = createTwoBoneIKResult();
  let k = 0;
  return bytesAllocatedPerCall(() => {
    ik.solve(targets[k++ & 1]!, pole, options, out);
  });
}

/** 극 없이 (자동 극), 사이에 비틀림 뼈가 있는 체인: upper → twist → mid → twist → end. */
function measureTwoBoneIKAutoPoleTwist(): number {
  const { upper, mid, end } = makeArm();
  const twist1 = new Bone(), twist2 = new Bone();
  twist1.position.set(1, 10, -1);
  // float32 데이터처럼: 비틀림 뼈의 |q| 는 1 에서, upper 의 scale 은 균등에서 조금 벗어난다 (끝 다듬기 경로를 지난다).
  twist1.quaternion.set(0.1, 0.6, 0, 0.8).normalize();
  twist1.quaternion.set(twist1.quaternion.x * (1 + 3e-7), twist1.quaternion.y * (1 + 3e-7), twist1.quaternion.z, twist1.quaternion.w * (1 + 3e-7));
  upper.scale.z *= 1 + 1e-6;
  upper.add(twist1);
  twist1.add(mid);
  twist2.position.set(-3, 8, 1);
  twist2.quaternion.set(0, -0.5, 0.2, 0.8).normalize();
  mid.add(twist2);
  twist2.add(end);
  const ik = new TwoBoneIK(upper, mid, end);
  const targets = [new Vector3(40, 60, 10), new Vector3(190, 60, 10)];
  const out = createTwoBoneIKResult();
  let k = 0;
  return bytesAllocatedPerCall(() => {
    ik.solve(targets[k++ & 1]!, undefined, undefined, out);
  });
}

/** 끝 회전 (가중치 1 과 0.6: 0.6 은 삼각형을 두 번 푸는 길), tip, 굽힘 제한을 함께 준 풀이. */
function measureTwoBoneIKEndOptions(): number {
  const { upper, mid, end } = makeArm();
  const ik = new TwoBoneIK(upper, mid, end, { tip: new Vector3(0, 8, 2), bendLimits: { min: 0.05, max: 2.6 } });
  const pole = new Vector3(0, 0, 100);
  const grip = new Quaternion(0.1, 0.7, -0.2, 0.6).normalize();
  // 한 옵션 객체의 가중치를 바꿔 가며 (손을 잡았다 놓는 전환처럼).
  const options: TwoBoneIKOptions = { endRotation: grip, endRotationWeight: 1 };
  const weights = [1, 0.6];
  const targets = [new Vector3(40, 60, 10), new Vector3(190, 60, 10), new Vector3(5, 8, 3), new Vector3(30, 20, -10)];
  const out = createTwoBoneIKResult();
  let k = 0;
  return bytesAllocatedPerCall(() => {
    options.endRotationWeight = weights[(k >> 2) & 1]!;
    ik.solve(targets[k & 3]!, pole, options, out);
    k++;
  });
}

/** update() 가 목표 객체의 월드 회전을 끝 회전으로 쓴다 (useTargetRotation). */
function measureTwoBoneIKTargetRotation(): number {
  const { parent, upper, mid, end } = makeArm();
  const ik = new TwoBoneIK(upper, mid, end, { tip: new Vector3(0, 8, 2) });
  const handle = new Object3D();
  handle.position.set(40, 60, 10);
  handle.rotation.set(0.4, 0.1, 1.2);
  parent.add(handle);
  ik.target = handle;
  ik.useTargetRotation = true;
  return bytesAllocatedPerCall(() => {
    ik.update();
  });
}

function measureHelper(): number {
  const { parent, upper, mid, end } = makeArm();
  const ik = new TwoBoneIK(upper, mid, end);
  const helper = new TwoBoneIKHelper(ik);
  parent.add(helper);
  ik.solve(new Vector3(40, 60, 10), new Vector3(0, 0, 100));
  return bytesAllocatedPerCall(() => helper.updateMatrixWorld(true));
}

/**
 * 비교 기준: three 가 뼈 사원수를 바꿀 때마다 부르는 변경 콜백 (Euler 맞추기). conjugate() 는 필드를 직접 바꾸고
 * 콜백만 부르므로 그 몫만 잰다. V8 이 아무것도 인라인하지 않으면 three 의 Euler.setFromRotationMatrix 가
 * clamp() 에 double 을 넘기며 할당한다 — 우리 코드 밖의 몫이다.
 */
function measureBoneRotationChange(): number {
  const bone = new Bone();
  bone.quaternion.set(0.2, -0.3, 0.4, 0.8).normalize();
  return bytesAllocatedPerCall(() => {
    bone.quaternion.conjugate();
  });
}

/**
 * 발 딛기 한 프레임 (벤치의 캐릭터: 높이 함수 땅, 걷기 자세를 쓰는 클립 대신): 캐릭터 count 명을 땅의 다른 자리에 세워
 * 발이 디디고, 들리고, 앞을 보고, 젖혀지는 길을 모두 지나게 한다. 바이트는 캐릭터 한 명의 프레임당.
 */
function measureFootPlacement(count: number): number {
  const characters = Array.from({ length: count }, (_, i) => makeFootPlacementCharacter((i % 10) * 1.3, Math.floor(i / 10) * 1.1));
  return bytesAllocatedPerCall(makeFrame(characters), count === 1 ? 10_000 : 200) / count;
}

/**
 * 계단 (0.15 m 챌면, 0.3 m 디딤판) 을 걸어 오르는 캐릭터 10 명: 모서리에 걸친 발의 이분법, 한 디딤판으로 옮기기, 젖히기, 앞을 보고
 * 미리 오르기를 지난다. 뿌리는 미리 만든 자리를 번갈아 쓴다 (측정하는 클로저는 정수 연산만).
 */
function measureFootPlacementStairs(): number {
  const stairs = (_x: number, z: number): number => 0.15 * Math.max(0, Math.floor(z / 0.3) + 1);
  const count = 10, frames = 240;
  const ground = createHeightFieldGround(stairs);
  const characters = Array.from({ length: count }, (_, i) => makeFootPlacementCharacter(i * 0.7, 0, ground));
  const path = Array.from({ length: frames }, (_, f) => {
    const z = -0.6 + f * 0.008;
    return new Vector3(0, stairs(0, z), z);
  });
  const frame = makeFrame(characters);
  let k = 0;
  return bytesAllocatedPerCall(() => {
    const p = path[k++ % frames]!;
    for (let i = 0; i < count; i++) characters[i]!.root.position.set(i * 0.7, p.y, p.z);
    frame();
  }, 500) / count;
}

/**
 * 사용자가 프레임마다 설정을 바꿔도 (미리 만든 값을 번갈아) 할당하지 않는다: 설정 필드가 처음부터 double 이다.
 * (maxStepHeight·maxStepDown 은 뺀다: 땅 질의에 넘기는 길이를 바뀔 때마다 새 상자에 담는다 — 다리마다 16 B, groundRay.ts.)
 */
function measureFootPlacementSettings(): number {
  const c = makeFootPlacementCharacter(0, 0), p = c.placement, frame = makeFrame([c]);
  const values = new Float64Array([0.31, 0.37, 0.43, 0.29]);
  let k = 0;
  return bytesAllocatedPerCall(() => {
    const v = values[k++ & 3]!;
    p.maxPelvisDrop = v; p.maxPelvisSpeed = 4 * v; p.footFollowSpeed = 4 * v;
    p.footSmoothTime = 0.2 * v; p.pelvisSmoothTime = 0.3 * v; p.maxTilt = v; p.tiltWeight = v;
    frame();
  });
}

const which = process.argv[2];
const results: Record<string, number> = {};
if (which === undefined || which === "solveTwoBoneIK") results.solveTwoBoneIK = measureSolveTwoBoneIK();
if (which === undefined || which === "solveTwoBoneIK.bendLimits") results["solveTwoBoneIK.bendLimits"] = measureSolveTwoBoneIKLimited();
if (which === undefined || which === "TwoBoneIK.default") results["TwoBoneIK.default"] = measureTwoBoneIK(undefined);
if (which === undefined || which === "TwoBoneIK.options") {
  results["TwoBoneIK.options"] = measureTwoBoneIK({ weight: 0.7, soft: 0.1, keepEndRotation: true });
}
if (which === undefined || which === "TwoBoneIK.endOptions") results["TwoBoneIK.endOptions"] = measureTwoBoneIKEndOptions();
if (which === undefined || which === "TwoBoneIK.targetRotation") results["TwoBoneIK.targetRotation"] = measureTwoBoneIKTargetRotation();
if (which === undefined || which === "TwoBoneIKHelper") results.TwoBoneIKHelper = measureHelper();
if (which === undefined || which === "TwoBoneIK.autoPoleTwist") results["TwoBoneIK.autoPoleTwist"] = measureTwoBoneIKAutoPoleTwist();
if (which === undefined || which === "FootPlacement") results.FootPlacement = measureFootPlacement(1);
if (which === undefined || which === "FootPlacement.100") results["FootPlacement.100"] = measureFootPlacement(100);
if (which === undefined || which === "FootPlacement.stairs") results["FootPlacement.stairs"] = measureFootPlacementStairs();
if (which === undefined || which === "FootPlacement.settings") results["FootPlacement.settings"] = measureFootPlacementSettings();
if (which === undefined || which === "boneRotationChange") results.boneRotationChange = measureBoneRotationChange();
console.log(JSON.stringify(results));
