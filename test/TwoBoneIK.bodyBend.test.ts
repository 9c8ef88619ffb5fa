// 이름으로 만든 체인도 극 없이 바르게 굽는다 (issue 15 §3): new TwoBoneIK(위팔, 아래팔, 손) 만으로 팔꿈치는 뒤, 무릎은 앞.
// 생성자가 체인이 속한 리그에서 몸 방향을 잰다 (findLimbs 와 같은 잣대). 잴 수 없으면 월드 +Z 이고 bendSource 가 알린다.
import { describe, expect, it } from "vitest";
import { Bone, Group, Vector3 } from "three";
import type { Object3D } from "three";
import { findLimbs, TwoBoneIK } from "../src/index";
import { loadRig } from "./helpers/loadRig";

/** 곧은 팔다리의 사람 모양 (+Y 위, +Z 앞, 왼쪽 +X). pose: 팔이 옆으로 (T) 또는 45° 아래로 (A). 모든 뼈는 회전 없음. */
function straightHumanoid(names: Record<string, string>, pose: "T" | "A"): { root: Group; bone: (key: string) => Bone } {
  const root = new Group();
  const bones = new Map<string, Bone>();
  const down = pose === "T" ? 0 : Math.SQRT1_2, out = pose === "T" ? 1 : Math.SQRT1_2;
  const layout: [string, string | null, [number, number, number]][] = [
    ["hips", null, [0, 1.0, 0]], ["spine", "hips", [0, 1.2, 0]], ["chest", "spine", [0, 1.4, 0]], ["head", "chest", [0, 1.65, 0]],
  ];
  for (const side of [1, -1] as const) {
    const s = side === 1 ? "L" : "R";
    layout.push([`${s}upperArm`, "chest", [0.18 * side, 1.45, 0]]);
    layout.push([`${s}lowerArm`, `${s}upperArm`, [(0.18 + 0.28 * out) * side, 1.45 - 0.28 * down, 0]]);
    layout.push([`${s}hand`, `${s}lowerArm`, [(0.18 + 0.54 * out) * side, 1.45 - 0.54 * down, 0]]);
    layout.push([`${s}upperLeg`, "hips", [0.1 * side, 0.95, 0]]);
    layout.push([`${s}lowerLeg`, `${s}upperLeg`, [0.1 * side, 0.52, 0]]);
    layout.push([`${s}foot`, `${s}lowerLeg`, [0.1 * side, 0.09, 0]]);
  }
  const world = new Map<string, Vector3>();
  for (const [key, parent, head] of layout) {
    const bone = new Bone();
    bone.name = names[key] ?? "";
    const position = new Vector3(...head);
    world.set(key, position);
    bone.position.copy(parent === null ? position : position.clone().sub(world.get(parent)!));
    (parent === null ? root : bones.get(parent)!).add(bone);
    bones.set(key, bone);
  }
  return { root, bone: (key) => bones.get(key)! };
}

const MIXAMO: Record<string, string> = {
  hips: "mixamorig:Hips", spine: "mixamorig:Spine", chest: "mixamorig:Spine2", head: "mixamorig:Head",
  LupperArm: "mixamorig:LeftArm", LlowerArm: "mixamorig:LeftForeArm", Lhand: "mixamorig:LeftHand",
  RupperArm: "mixamorig:RightArm", RlowerArm: "mixamorig:RightForeArm", Rhand: "mixamorig:RightHand",
  LupperLeg: "mixamorig:LeftUpLeg", LlowerLeg: "mixamorig:LeftLeg", Lfoot: "mixamorig:LeftFoot",
  RupperLeg: "mixamorig:RightUpLeg", RlowerLeg: "mixamorig:RightLeg", Rfoot: "mixamorig:RightFoot",
};
const VROID: Record<string, string> = Object.fromEntries(Object.entries(MIXAMO).map(([key]) => {
  const part: Record<string, string> = { upperArm: "UpperArm", lowerArm: "LowerArm", hand: "Hand", upperLeg: "UpperLeg", lowerLeg: "LowerLeg", foot: "Foot" };
  const side = key[0] === "L" || key[0] === "R" ? key[0] : null;
  return [key, side === null ? `J_Bip_C_${key[0]!.toUpperCase()}${key.slice(1)}` : `J_Bip_${side}_${part[key.slice(1)]}`];
}));
const UNREAL: Record<string, string> = Object.fromEntries(Object.entries(MIXAMO).map(([key]) => {
  const part: Record<string, string> = { upperArm: "upperarm", lowerArm: "lowerarm", hand: "hand", upperLeg: "thigh", lowerLeg: "calf", foot: "foot" };
  const side = key[0] === "L" || key[0] === "R" ? key[0].toLowerCase() : null;
  return [key, side === null ? key : `${part[key.slice(1)]}_${side}`];
}));

/** 관절이 뿌리–끝 직선에서 벗어난 쪽 (단위) 과 캐릭터의 앞 (월드) 의 코사인. */
function bendSideAlong(ik: TwoBoneIK, forward: Vector3): number {
  const root = ik.upper.getWorldPosition(new Vector3()), joint = ik.mid.getWorldPosition(new Vector3());
  const end = ik.end.getWorldPosition(new Vector3());
  const line = end.sub(root).normalize(), offset = joint.sub(root);
  return offset.addScaledVector(line, -offset.dot(line)).normalize().dot(forward);
}

/** 손·발을 뿌리 쪽으로 60 % 까지 당기는 목표 (곧은 팔다리가 굽어야 닿는다). */
function pulledTarget(ik: TwoBoneIK): Vector3 {
  const root = ik.upper.getWorldPosition(new Vector3()), end = ik.end.getWorldPosition(new Vector3());
  return root.lerp(end, 0.6);
}

interface Facing { label: string; yaw: number; forward: Vector3 }
const FACINGS: Facing[] = [
  { label: "+Z", yaw: 0, forward: new Vector3(0, 0, 1) },
  { label: "−Z", yaw: Math.PI, forward: new Vector3(0, 0, -1) },
];

describe("TwoBoneIK without a bendDirection — the bend from the character's body", () => {
  const cases = [
    { label: "Mixamo", names: MIXAMO }, { label: "VRoid (VRM)", names: VROID }, { label: "Unreal", names: UNREAL },
  ];
  for (const { label, names } of cases) {
    for (const pose of ["T", "A"] as const) {
      for (const facing of FACINGS) {
        it(`${label}, ${pose}-pose, facing ${facing.label}: elbows bend back, knees forward, bendSource "body"`, () => {
          const { root, bone } = straightHumanoid(names, pose);
          root.rotation.y = facing.yaw;
          root.updateMatrixWorld(true);
          for (const side of ["L", "R"]) {
            const arm = new TwoBoneIK(bone(`${side}upperArm`), bone(`${side}lowerArm`), bone(`${side}hand`));
            const leg = new TwoBoneIK(bone(`${side}upperLeg`), bone(`${side}lowerLeg`), bone(`${side}foot`));
            expect(arm.bendSource).toBe("body");
            expect(leg.bendSource).toBe("body");
            arm.solve(pulledTarget(arm));
            leg.solve(pulledTarget(leg));
            expect(bendSideAlong(arm, facing.forward)).toBeLessThan(-0.99);
            expect(bendSideAlong(leg, facing.forward)).toBeGreaterThan(0.99);
          }
        });
      }
    }
  }

  it("a Z-up armature (bones in Z-up, the armature turned −90° about X) measures the same body", () => {
    const { root, bone } = straightHumanoid(MIXAMO, "T");
    // 뼈 데이터를 Z-up 으로 옮기고 (y → z, z → −y), 아마추어 객체가 다시 Y-up 으로 돌린다 (Blender 내보내기의 모양).
    root.traverse((o) => { if (o !== root) o.position.set(o.position.x, -o.position.z, o.position.y); });
    const armature = new Group();
    armature.rotation.x = -Math.PI / 2;
    armature.add(root);
    armature.updateMatrixWorld(true);
    const arm = new TwoBoneIK(bone("LupperArm"), bone("LlowerArm"), bone("Lhand"));
    const leg = new TwoBoneIK(bone("RupperLeg"), bone("RlowerLeg"), bone("Rfoot"));
    arm.solve(pulledTarget(arm));
    leg.solve(pulledTarget(leg));
    expect(bendSideAlong(arm, new Vector3(0, 0, 1))).toBeLessThan(-0.99);
    expect(bendSideAlong(leg, new Vector3(0, 0, 1))).toBeGreaterThan(0.99);
  });

  it("an unnamed rig falls back to world +Z and says so", () => {
    const { root, bone } = straightHumanoid({}, "T");
    root.updateMatrixWorld(true);
    const leg = new TwoBoneIK(bone("LupperLeg"), bone("LlowerLeg"), bone("Lfoot"));
    expect(leg.bendSource).toBe("world");
    leg.solve(pulledTarget(leg));
    expect(bendSideAlong(leg, new Vector3(0, 0, 1))).toBeGreaterThan(0.99);
  });

  it("a chain outside any humanoid uses the world default; a bent rest pose and an explicit bendDirection win", () => {
    const upper = new Bone(), mid = new Bone(), end = new Bone();
    mid.position.set(0, -1, 0);
    end.position.set(0, -1, 0);
    upper.add(mid);
    mid.add(end);
    expect(new TwoBoneIK(upper, mid, end).bendSource).toBe("world");
    expect(new TwoBoneIK(upper, mid, end, { bendDirection: { x: 1, y: 0, z: 0 } }).bendSource).toBe("option");
    end.position.set(0, -0.7, 0.7);
    expect(new TwoBoneIK(upper, mid, end).bendSource).toBe("pose");
  });

  it("a chain whose upper is not one of the four body bones is classed by the nearer of shoulders and hips", () => {
    const { root, bone } = straightHumanoid(MIXAMO, "T");
    root.updateMatrixWorld(true);
    // 위팔 대신 빗장뼈 자리 (chest 의 자식이 아닌 이름 없는 뼈) 에서 시작하는 체인: 어깨에 가깝다 → 팔.
    const arm = new TwoBoneIK(bone("LlowerArm"), bone("Lhand"), addTip(bone("Lhand"), new Vector3(0.2, 0, 0)));
    expect(arm.bendSource).toBe("body");
    arm.solve(pulledTarget(arm));
    expect(bendSideAlong(arm, new Vector3(0, 0, 1))).toBeLessThan(-0.99);
  });
});

function addTip(parent: Object3D, offset: Vector3): Bone {
  const tip = new Bone();
  tip.position.copy(offset);
  parent.add(tip);
  parent.updateMatrixWorld(true);
  return tip;
}

describe("TwoBoneIK without a bendDirection on the rig fixtures — the same body as findLimbs", () => {
  for (const [file, facingZ] of [["mixamo.glb", 1], ["vrm1.vrm", 1], ["vrm0.vrm", -1]] as const) {
    it(`${file}: each limb named by bone bends like findLimbs' bendDirection`, async () => {
      const gltf = await loadRig(file);
      const found = findLimbs(gltf.scene);
      expect(found.limbs.length).toBe(4);
      expect(found.forward.z * facingZ).toBeGreaterThan(0.99);
      for (const limb of found.limbs) {
        const ik = new TwoBoneIK(limb.upper, limb.mid, limb.end);
        expect(["body", "pose"]).toContain(ik.bendSource);
        if (ik.bendSource !== "body") continue;
        const sign = limb.kind === "leg" ? 1 : -1;
        ik.solve(pulledTarget(ik));
        expect(bendSideAlong(ik, found.forward) * sign).toBeGreaterThan(0.9);
      }
    });
  }
});
