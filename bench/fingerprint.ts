// 출력 지문: bench/cases.ts 의 체인을 옵션 묶음마다 풀고 나온 모든 수 (뼈 사원수, bone.rotation 의 _x·_y·_z·order,
// 체인 뼈의 matrixWorld, 결과 객체, rootWorld) 를 비트 그대로 SHA-256 에 넣는다. 속도만 바꾸는 변경 전후에 같아야 한다.
// 사용: tsc -p tsconfig.node.json && node .bench-build/bench/fingerprint.js
import { createHash } from "node:crypto";
import type { Hash } from "node:crypto";
import { Quaternion, Vector3 } from "three";
import type { EulerOrder, Object3D } from "three";
import { createTwoBoneIKResult, TwoBoneIK } from "../src/index.js";
import type { TwoBoneIKOptions } from "../src/index.js";
import { makeRigCases, resetPose, withBetweenBones } from "./cases.js";
import type { RigCase } from "./cases.js";

const grip = new Quaternion(0.1, 0.7, -0.2, 0.6).normalize();
const palm = new Vector3(0.02, 0.08, 0.01);
const optionSets: [string, TwoBoneIKOptions | undefined, boolean][] = [
  ["극", undefined, true],
  ["자동 극", undefined, false],
  ["keepEndRotation", { keepEndRotation: true }, true],
  ["endRotation", { endRotation: grip }, true],
  ["endRotation 0.6 + tip", { endRotation: grip, endRotationWeight: 0.6, tip: palm }, true],
  ["tip", { tip: palm }, true],
  ["bendLimits", { bendLimits: { min: 0.05, max: 2.6 } }, true],
  ["weight 0.7 soft 0.2 keepEnd", { weight: 0.7, soft: 0.2, keepEndRotation: true }, true],
];
const ORDERS: EulerOrder[] = ["XYZ", "YXZ", "ZXY", "ZYX", "YZX", "XZY"];

const bytes = new Float64Array(1);
function put(hash: Hash, value: number): void {
  bytes[0] = value;
  hash.update(new Uint8Array(bytes.buffer));
}

function putBone(hash: Hash, bone: Object3D): void {
  const q = bone.quaternion, r = bone.rotation as unknown as { _x: number; _y: number; _z: number; _order: string };
  put(hash, q.x); put(hash, q.y); put(hash, q.z); put(hash, q.w);
  put(hash, r._x); put(hash, r._y); put(hash, r._z); hash.update(r._order);
  for (const e of bone.matrixWorld.elements) put(hash, e);
}

function chainBones(c: RigCase): Object3D[] {
  const bones: Object3D[] = [];
  for (let b: Object3D | null = c.end; b !== null && b !== c.parent; b = b.parent) bones.push(b);
  return bones;
}

/** 사례 묶음 하나를 옵션 묶음마다 (사례마다 자세를 되돌리고, 그다음 되돌리지 않고 이어서) 풀어 지문을 낸다. */
function fingerprint(label: string, make: () => RigCase[], withOrders: boolean): void {
  for (const [name, options, withPole] of optionSets) {
    const cases = make();
    const solvers = new Map<Object3D, TwoBoneIK>();
    let rig = 0;
    for (const c of cases) {
      if (solvers.has(c.upper)) continue;
      // Euler 순서는 _order 에 직접 쓴다 (setter 는 사원수를 Euler 에서 다시 계산해 사례를 바꾼다).
      if (withOrders) for (const b of chainBones(c)) (b.rotation as unknown as { _order: string })._order = ORDERS[rig++ % 6]!;
      solvers.set(c.upper, new TwoBoneIK(c.upper, c.mid, c.end));
    }
    const hash = createHash("sha256"), out = createTwoBoneIKResult();
    for (const reset of [true, false]) {
      for (const c of cases) {
        if (reset) resetPose(c);
        const ik = solvers.get(c.upper)!;
        ik.solve(c.target, withPole ? c.pole : undefined, options, out);
        for (const b of chainBones(c)) putBone(hash, b);
        put(hash, out.joint.x); put(hash, out.joint.y); put(hash, out.joint.z);
        put(hash, out.end.x); put(hash, out.end.y); put(hash, out.end.z); put(hash, out.reachable ? 1 : 0);
        put(hash, ik.rootWorld.x); put(hash, ik.rootWorld.y); put(hash, ik.rootWorld.z);
      }
    }
    console.log(`${label.padEnd(22)} ${name.padEnd(30)} ${hash.digest("hex").slice(0, 16)}`);
  }
}

fingerprint("직접", () => makeRigCases(), false);
fingerprint("직접, Euler 순서 여섯", () => makeRigCases(), true);
fingerprint("사이 뼈 둘", () => withBetweenBones(makeRigCases()), false);
fingerprint("사이 뼈 둘, 순서 여섯", () => withBetweenBones(makeRigCases()), true);
