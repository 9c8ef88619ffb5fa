// findLimbs: 네 팔다리를 찾고, 못 찾은 것·모호한 것·좌우가 뒤바뀐 것을 보고하며, 절대 몰래 고르지 않는다.
import { describe, expect, it } from "vitest";
import { Bone, Group, Mesh, Object3D } from "three";
import { findLimbs } from "../src/index";
import type { FindLimbsResult, LimbIssueCode } from "../src/index";
import { makeHumanoid, mixamoNamer } from "./helpers/humanoid";

const mixamo = mixamoNamer("mixamorig:");

function codes(result: FindLimbsResult): LimbIssueCode[] {
  return result.issues.map((issue) => issue.code);
}

describe("findLimbs: a complete rig", () => {
  it("finds the four chains with the right bones and no issues", () => {
    const { root, bones } = makeHumanoid(mixamo);
    const result = findLimbs(root);
    expect(result.issues).toEqual([]);
    expect(result.limbs.map((limb) => limb.name)).toEqual(["leftArm", "rightArm", "leftLeg", "rightLeg"]);
    expect(result.leftArm!.upper).toBe(bones.get("LUpperArm"));
    expect(result.leftArm!.mid).toBe(bones.get("LLowerArm"));
    expect(result.leftArm!.end).toBe(bones.get("LHand"));
    expect(result.rightLeg!.upper).toBe(bones.get("RUpperLeg"));
    expect(result.rightLeg!.end).toBe(bones.get("RFoot"));
    expect(result.bones.leftToes!.bone).toBe(bones.get("LToes"));
    expect(result.bones.leftHand!.source).toBe("mixamo");
    expect(result.sideCheck).toBe("toes");
  });

  it("facing +Z: forward +Z, left +X, knees bend forward and elbows backward", () => {
    const result = findLimbs(makeHumanoid(mixamo).root);
    expect(result.left.x).toBeCloseTo(1, 10);
    expect(result.forward.z).toBeGreaterThan(0.99);
    expect(result.up.y).toBeGreaterThan(0.99);
    expect(result.forward.dot(result.up)).toBeCloseTo(0, 12);
    expect(result.leftLeg!.bendDirection.toArray()).toEqual(result.forward.toArray());
    expect(result.leftArm!.bendDirection.clone().add(result.forward).length()).toBe(0);
    expect(result.leftArm!.bendDirection.length()).toBeCloseTo(1, 12);
  });

  it("facing comes from the rig, not the world axes: a rig turned and lying down", () => {
    const { root } = makeHumanoid(mixamo);
    const parent = new Group();
    parent.rotation.set(-Math.PI / 2, 0.7, 0.3, "YXZ");
    parent.scale.setScalar(0.01);
    parent.add(root);
    const result = findLimbs(parent);
    expect(result.issues).toEqual([]);
    const { root: reference } = makeHumanoid(mixamo);
    const expected = findLimbs(reference).forward.clone().transformDirection(parent.matrixWorld);
    expect(result.forward.distanceTo(expected)).toBeLessThan(1e-12);
  });

  it("a Blender export with palm_l/palm_r as the hand bone: found; a palm under a real hand bone does not steal the hand", () => {
    // Blender 식 소문자 이름 (Castle Game Engine 의 knight 와 같은 규칙): upper_arm_l > lower_arm_l > palm_l.
    const blender: Record<string, string> = {
      Hips: "pelvis", Spine: "spine_1", Chest: "spine_2", Head: "skull", Shoulder: "shoulder", UpperArm: "upper_arm", LowerArm: "lower_arm",
      Hand: "palm", UpperLeg: "thigh", LowerLeg: "shin", Foot: "foot", Toes: "toes",
    };
    const namer = (canonical: string) => blender[canonical] ?? `${blender[canonical.slice(1)]}_${canonical[0]!.toLowerCase()}`;
    const { root, bones } = makeHumanoid(namer);
    const found = findLimbs(root);
    expect(found.issues).toEqual([]);
    expect(found.leftArm!.end).toBe(bones.get("LHand"));
    expect(found.bones.rightHand!.source).toBe("palm");
    // 손 뼈가 따로 있고 palm 이 그 아래 (손바닥·손가락 뼈) 면 손 뼈가 먼저다 (모호하다고 하지 않는다).
    const { root: withHand, bones: handBones } = makeHumanoid(mixamo);
    const palm = new Bone();
    palm.name = "palm_l";
    palm.position.set(0.05, -0.05, 0);
    handBones.get("LHand")!.add(palm);
    const both = findLimbs(withHand);
    expect(both.issues).toEqual([]);
    expect(both.leftArm!.end).toBe(handBones.get("LHand"));
  });

  it("ignores meshes that carry a limb's name", () => {
    const { root, bones } = makeHumanoid(mixamo);
    const glove = new Mesh();
    glove.name = "mixamorig:LeftHand";
    bones.get("LLowerArm")!.add(glove);
    expect(findLimbs(root).leftArm!.end).toBe(bones.get("LHand"));
  });

  it("prefers a Bone over a plain node of the same role", () => {
    const { root, bones } = makeHumanoid(mixamo);
    const helper = new Object3D();
    helper.name = "Hand_L";
    bones.get("LLowerArm")!.add(helper);
    const result = findLimbs(root);
    expect(result.leftArm!.end).toBe(bones.get("LHand"));
    expect(result.issues).toEqual([]);
  });

  it("prefers DEF- over ORG- bones (Rigify)", () => {
    const rigify = (canonical: string) => {
      const parts: Record<string, string> = { UpperArm: "upper_arm", LowerArm: "forearm", Hand: "hand", UpperLeg: "thigh", LowerLeg: "shin", Foot: "foot", Toes: "toe" };
      const part = parts[canonical.slice(1)];
      return part === undefined ? canonical : `DEF-${part}.${canonical[0]}`;
    };
    const { root, bones } = makeHumanoid(rigify);
    for (const canonical of ["LUpperArm", "LLowerArm", "LHand"]) {
      const org = new Bone();
      org.name = bones.get(canonical)!.name.replace("DEF-", "ORG-");
      bones.get("Chest")!.add(org);
    }
    const result = findLimbs(root);
    expect(result.issues).toEqual([]);
    expect(result.leftArm!.upper.name).toBe("DEF-upper_arm.L");
    expect(result.leftArm!.end.name).toBe("DEF-hand.L");
  });
});

describe("findLimbs: report", () => {
  it("reports a missing bone and still returns the other limbs", () => {
    const result = findLimbs(makeHumanoid(mixamo, { skip: ["LHand"] }).root);
    expect(result.leftArm).toBeNull();
    expect(result.limbs.map((limb) => limb.name)).toEqual(["rightArm", "leftLeg", "rightLeg"]);
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toMatchObject({ code: "missing", limb: "leftArm", role: "leftHand" });
    expect(result.issues[0]!.message).toContain("왼손");
  });

  it("reports an ambiguous role with both candidates and picks neither", () => {
    const { root, bones } = makeHumanoid(mixamo);
    const second = new Bone();
    second.name = "Hand_L";
    bones.get("LLowerArm")!.add(second);
    const result = findLimbs(root);
    expect(result.leftArm).toBeNull();
    expect(result.bones.leftHand).toBeUndefined();
    expect(codes(result)).toEqual(["ambiguous"]);
    expect([...result.issues[0]!.bones].sort()).toEqual(["Hand_L", "mixamorig:LeftHand"]);
  });

  it("two Mixamo prefixes in one file are ambiguous, not first-come", () => {
    const { root } = makeHumanoid(mixamo);
    const copy = makeHumanoid(mixamoNamer("mixamorig1:")).root;
    const both = new Group();
    both.add(root, copy);
    const result = findLimbs(both);
    expect(result.limbs).toEqual([]);
    expect(new Set(codes(result))).toEqual(new Set(["ambiguous"]));
  });

  it("reports a left arm on the character's right (names swapped)", () => {
    const swapArms = (canonical: string) => {
      const arm = /^(L|R)(UpperArm|LowerArm|Hand)$/.exec(canonical);
      return mixamo(arm ? (arm[1] === "L" ? "R" : "L") + arm[2] : canonical);
    };
    const result = findLimbs(makeHumanoid(swapArms).root);
    expect(result.sideCheck).toBe("toes");
    const mismatches = result.issues.filter((issue) => issue.code === "side-mismatch");
    expect(mismatches.map((issue) => issue.limb).sort()).toEqual(["leftArm", "rightArm"]);
    expect(mismatches.find((issue) => issue.limb === "leftArm")!.message).toContain("오른쪽");
  });

  it("reports swapped legs against the feet's direction", () => {
    const swapLegs = (canonical: string) => {
      const leg = /^(L|R)(UpperLeg|LowerLeg|Foot|Toes)$/.exec(canonical);
      return mixamo(leg ? (leg[1] === "L" ? "R" : "L") + leg[2] : canonical);
    };
    const result = findLimbs(makeHumanoid(swapLegs).root);
    expect(result.issues.filter((issue) => issue.code === "side-mismatch").map((issue) => issue.limb).sort()).toEqual(["leftLeg", "rightLeg"]);
  });

  it("without toes, the glTF convention (+Z forward) checks the sides", () => {
    const result = findLimbs(makeHumanoid(mixamo, { skip: ["LToes", "RToes"] }).root);
    expect(result.sideCheck).toBe("convention");
    expect(result.issues).toEqual([]);
  });

  it("reports three bones that are not one chain", () => {
    const { root, bones } = makeHumanoid(mixamo);
    const hand = bones.get("LHand")!;
    bones.get("Chest")!.add(hand); // 손을 가슴에 붙인다
    const result = findLimbs(root);
    expect(result.leftArm).toBeNull();
    expect(codes(result)).toEqual(["not-descendant"]);
  });

  it("accepts bones in between (twist bones)", () => {
    const { root, bones } = makeHumanoid(mixamo);
    const twist = new Bone();
    twist.name = "LeftArmTwist";
    const lower = bones.get("LLowerArm")!;
    bones.get("LUpperArm")!.add(twist);
    twist.add(lower);
    const result = findLimbs(root);
    expect(result.issues).toEqual([]);
    expect(result.leftArm!.mid).toBe(lower);
  });
});

describe("findLimbs: name map and VRM", () => {
  const numbered = (canonical: string) => `bone_${canonical}`;

  it("an explicit name map overrides the tables, original or sanitized names", () => {
    const { root, bones } = makeHumanoid(numbered);
    bones.get("LHand")!.name = "mixamorigLeftHand"; // GLTFLoader 가 다듬은 이름
    const result = findLimbs(root, {
      names: { leftUpperArm: "bone_LUpperArm", leftLowerArm: "bone_LLowerArm", leftHand: "mixamorig:LeftHand" },
    });
    expect(result.leftArm!.end).toBe(bones.get("LHand"));
    expect(result.bones.leftUpperArm!.source).toBe("names");
    expect(result.rightArm).toBeNull();
  });

  it("the name map wins over a table match", () => {
    const { root, bones } = makeHumanoid(mixamo);
    const other = new Bone();
    other.name = "MyHand";
    bones.get("LHand")!.add(other);
    expect(findLimbs(root, { names: { leftHand: "MyHand" } }).leftArm!.end).toBe(other);
  });

  it("reports a name in the map that is not in the model", () => {
    const result = findLimbs(makeHumanoid(mixamo).root, { names: { leftHand: "NoSuchBone" } });
    expect(result.issues[0]).toMatchObject({ code: "name-map", role: "leftHand" });
    expect(result.leftArm).toBeNull();
  });

  it("reads the VRM 1.0 and VRM 0.x humanoid maps through parser.associations", () => {
    const { root, bones } = makeHumanoid(numbered);
    const order = [...bones.keys()];
    const associations = new Map<Object3D, { nodes?: number }>(order.map((key, index) => [bones.get(key)!, { nodes: index }]));
    const role = (canonical: string) => {
      const part = canonical.slice(1);
      const side = canonical[0] === "L" ? "left" : "right";
      return ["UpperArm", "LowerArm", "Hand", "UpperLeg", "LowerLeg", "Foot", "Toes"].includes(part) ? side + part : null;
    };
    const humanBones = order.map((canonical, node) => [role(canonical), node] as const).filter(([r]) => r !== null);
    const vrm1 = { extensions: { VRMC_vrm: { humanoid: { humanBones: Object.fromEntries(humanBones.map(([r, node]) => [r, { node }])) } } } };
    const vrm0 = { extensions: { VRM: { humanoid: { humanBones: humanBones.map(([r, node]) => ({ bone: r, node })) } } } };
    for (const [json, source] of [[vrm1, "vrm1"], [vrm0, "vrm0"]] as const) {
      const result = findLimbs(root, { gltf: { parser: { json, associations } } });
      expect(result.limbs).toHaveLength(4);
      expect(result.leftLeg!.mid).toBe(bones.get("LLowerLeg"));
      expect(result.bones.rightHand!.source).toBe(source);
    }
    // VRM 0.x 는 −Z 를 보고 만든다: 같은 뼈대(+Z 를 봄)를 VRM 0.x 로 읽으면 발가락이 없을 때 좌우가 뒤바뀌어 보인다.
    const noToes = { extensions: { VRM: { humanoid: { humanBones: vrm0.extensions.VRM.humanoid.humanBones.filter((b) => !b.bone!.endsWith("Toes")) } } } };
    const flipped = findLimbs(root, { gltf: { parser: { json: noToes, associations } } });
    expect(flipped.sideCheck).toBe("convention");
    expect(flipped.issues.filter((issue) => issue.code === "side-mismatch")).toHaveLength(4);
  });

  it("reports a VRM node that is not in the model", () => {
    const { root } = makeHumanoid(mixamo);
    const json = { extensions: { VRMC_vrm: { humanoid: { humanBones: { leftHand: { node: 99 } } } } } };
    const result = findLimbs(root, { gltf: { parser: { json, associations: new Map() } } });
    expect(result.issues[0]).toMatchObject({ code: "vrm", role: "leftHand" });
    expect(result.leftArm!.end.name).toBe("mixamorig:LeftHand"); // 이름 표로 돌아간다
  });
});

describe("findLimbs: validation", () => {
  it("rejects a root that is not an Object3D", () => {
    expect(() => findLimbs(undefined as unknown as Object3D)).toThrow(/root 는 Object3D 여야 합니다 \(받은 값: undefined\)/);
  });

  it("rejects an unknown role and a non-string name in the name map", () => {
    const { root } = makeHumanoid(mixamo);
    expect(() => findLimbs(root, { names: { leftElbow: "x" } as never })).toThrow(/leftElbow/);
    expect(() => findLimbs(root, { names: { leftHand: 3 } as never })).toThrow(/options.names.leftHand .*받은 값: 3/);
  });

  it("rejects a gltf option without parser.associations", () => {
    const { root } = makeHumanoid(mixamo);
    expect(() => findLimbs(root, { gltf: {} as never })).toThrow(RangeError);
  });

  it("does not change the model", () => {
    const { root, bones } = makeHumanoid(mixamo);
    const before = [...bones.values()].map((bone) => [bone.name, ...bone.position.toArray(), ...bone.quaternion.toArray(), bone.parent!.uuid]);
    findLimbs(root);
    expect([...bones.values()].map((bone) => [bone.name, ...bone.position.toArray(), ...bone.quaternion.toArray(), bone.parent!.uuid])).toEqual(before);
  });
});
