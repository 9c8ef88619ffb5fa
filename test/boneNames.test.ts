// 뼈 이름 표: src/rig/boneNames.ts 가 spec/bone_names.json (원본) 과 같고, 이름 규칙마다 실제 이름을 알아보는지.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PropertyBinding } from "three";
import { BONE_NAME_TABLES, matchBoneName, normalizeBoneName } from "../src/index";
import type { HumanBoneRole } from "../src/index";
import { BODY_BONE_NAMES, BODY_ROLES } from "../src/rig/bodyBoneNames";

const json = JSON.parse(readFileSync(new URL("../spec/bone_names.json", import.meta.url), "utf8"));

/** 이름 하나의 역할 (하나가 아니면 실패). */
function roleOf(name: string): HumanBoneRole | null {
  const matches = matchBoneName(name);
  expect(matches.length, `${name}: ${JSON.stringify(matches)}`).toBeLessThanOrEqual(1);
  return matches[0]?.role ?? null;
}

/** 원래 이름과 three 의 GLTFLoader 가 다듬은 이름 둘 다 같은 역할인지. */
function expectRole(name: string, role: HumanBoneRole, convention: string): void {
  for (const variant of [name, PropertyBinding.sanitizeNodeName(name), name.toUpperCase(), name.toLowerCase()]) {
    const matches = matchBoneName(variant);
    expect(matches.map((m) => m.role), variant).toEqual([role]);
    expect(matches[0]!.conventions, variant).toContain(convention);
  }
}

describe("bone name tables", () => {
  it("the TypeScript table equals spec/bone_names.json (regenerate with spec/generate_bone_names_ts.py)", () => {
    expect(BONE_NAME_TABLES).toEqual(json);
  });

  it("the body subset (src/rig/bodyBoneNames.ts, read by the TwoBoneIK constructor) equals the JSON's four body roles", () => {
    const expected: [string, number, string][] = [];
    for (const convention of json.conventions as { prefixes: { pattern: string; rank: number }[]; bones: Record<string, string[]> }[]) {
      const names = BODY_ROLES.flatMap((role, index) => (convention.bones[role] ?? []).map((name) => `${name}:${index}`)).join(" ");
      if (names === "") continue;
      for (const prefix of convention.prefixes) expected.push([prefix.pattern, prefix.rank, names]);
    }
    expect(BODY_BONE_NAMES).toEqual(expected);
  });

  it("VRoid Studio names (J_Bip_L_UpperArm …) are a convention of their own", () => {
    expectRole("J_Bip_L_UpperArm", "leftUpperArm", "vroid");
    expectRole("J_Bip_R_LowerLeg", "rightLowerLeg", "vroid");
    expectRole("J_Bip_L_ToeBase", "leftToes", "vroid");
  });

  it("no normalized name means two different roles in two conventions", () => {
    const seen = new Map<string, string>();
    for (const convention of BONE_NAME_TABLES.conventions) {
      for (const [role, names] of Object.entries(convention.bones)) {
        for (const name of names ?? []) {
          expect(name, `${convention.id}.${role}`).toBe(normalizeBoneName(name));
          const before = seen.get(name);
          if (before !== undefined) expect(before, `${name} in ${convention.id}`).toBe(role);
          seen.set(name, role);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(100);
  });

  it("every convention names all fourteen roles (the joint-name convention only the legs, the palm convention only the hands)", () => {
    for (const convention of BONE_NAME_TABLES.conventions) {
      const expected = convention.id === "joints" ? BONE_NAME_TABLES.roles.filter((role) => !/Arm|Hand/.test(role))
        : convention.id === "palm" ? ["leftHand", "rightHand"]
        : BONE_NAME_TABLES.roles;
      expect(Object.keys(convention.bones).sort(), convention.id).toEqual([...expected].sort());
    }
  });

  it("normalizes case and separators", () => {
    expect(normalizeBoneName("mixamorig:Right Arm")).toBe("mixamorigrightarm");
    expect(normalizeBoneName("DEF-upper_arm.L")).toBe("defupperarml");
  });
});

describe("naming conventions", () => {
  it("a Blender export whose hand bone is palm_l (Castle Game Engine's knight): palm is the hand, but a hand bone wins", () => {
    expect(matchBoneName("palm_l")).toEqual([{ role: "leftHand", rank: 2, conventions: ["palm"] }]);
    expect(matchBoneName("palm.R")).toEqual([{ role: "rightHand", rank: 2, conventions: ["palm"] }]);
    expect(matchBoneName("hand_l")[0]!.rank).toBeLessThan(2);
  });

  it("Mixamo with colon, without it and with numbered prefixes", () => {
    for (const prefix of ["mixamorig:", "mixamorig", "mixamorig1:", "mixamorig12", "mixamorig_"]) {
      expectRole(`${prefix}RightArm`, "rightUpperArm", "mixamo");
      expectRole(`${prefix}RightForeArm`, "rightLowerArm", "mixamo");
      expectRole(`${prefix}RightHand`, "rightHand", "mixamo");
      expectRole(`${prefix}LeftUpLeg`, "leftUpperLeg", "mixamo");
      expectRole(`${prefix}LeftLeg`, "leftLowerLeg", "mixamo");
      expectRole(`${prefix}LeftFoot`, "leftFoot", "mixamo");
      expectRole(`${prefix}LeftToeBase`, "leftToes", "mixamo");
    }
  });

  it("Unreal mannequin, twist bones are not limb bones", () => {
    expectRole("upperarm_r", "rightUpperArm", "unreal");
    expectRole("lowerarm_r", "rightLowerArm", "unreal");
    expectRole("hand_r", "rightHand", "unreal");
    expectRole("thigh_l", "leftUpperLeg", "unreal");
    expectRole("calf_l", "leftLowerLeg", "unreal");
    expectRole("foot_l", "leftFoot", "unreal");
    expectRole("ball_l", "leftToes", "unreal");
    expect(roleOf("upperarm_twist_01_r")).toBeNull();
    expect(roleOf("calf_twist_01_l")).toBeNull();
    expect(roleOf("ik_hand_r")).toBeNull();
  });

  it("Blender metarig and Rigify, DEF- ranked before bare names before ORG-", () => {
    expectRole("upper_arm.L", "leftUpperArm", "rigify");
    expectRole("forearm.L", "leftLowerArm", "rigify");
    expectRole("hand.L", "leftHand", "rigify");
    expectRole("thigh.R", "rightUpperLeg", "rigify");
    expectRole("shin.R", "rightLowerLeg", "rigify");
    expectRole("foot.R", "rightFoot", "rigify");
    expectRole("toe.R", "rightToes", "rigify");
    const rank = (name: string) => matchBoneName(name)[0]!.rank;
    expect(rank("DEF-forearm.L")).toBeLessThan(rank("forearm.L"));
    expect(rank("forearm.L")).toBeLessThan(rank("ORG-forearm.L"));
    expect(roleOf("DEF-forearm.L.001")).toBeNull();
    expect(roleOf("MCH-forearm_ik.L")).toBeNull();
    expect(roleOf("hand_ik.L")).toBeNull();
  });

  it("generic names with the side as a word or a letter, before or after", () => {
    const cases: [string, HumanBoneRole][] = [
      ["RightUpperArm", "rightUpperArm"], ["RightLowerArm", "rightLowerArm"], ["RightHand", "rightHand"],
      ["LeftUpLeg", "leftUpperLeg"], ["LeftLeg", "leftLowerLeg"], ["LeftFoot", "leftFoot"],
      ["Arm_R", "rightUpperArm"], ["ForeArm_R", "rightLowerArm"], ["Hand_R", "rightHand"],
      ["L_Thigh", "leftUpperLeg"], ["L_Calf", "leftLowerLeg"], ["L_Foot", "leftFoot"], ["L_Toe", "leftToes"],
      ["left_upper_leg", "leftUpperLeg"], ["lower leg.l", "leftLowerLeg"], ["Shin-L", "leftLowerLeg"],
      ["UPPERARM-LEFT", "leftUpperArm"], ["r_forearm", "rightLowerArm"],
    ];
    for (const [name, role] of cases) expectRole(name, role, "generic");
  });

  it("3ds Max Biped with its Bip01 prefix", () => {
    expectRole("Bip01 L Thigh", "leftUpperLeg", "biped");
    expectRole("Bip01 L Calf", "leftLowerLeg", "biped");
    expectRole("Bip01 R Foot", "rightFoot", "biped");
    expectRole("Bip01 R Toe0", "rightToes", "biped");
    expectRole("Bip01 L UpperArm", "leftUpperArm", "biped");
    expectRole("Bip01 L Forearm", "leftLowerArm", "biped");
    expectRole("Bip01 L Hand", "leftHand", "biped");
  });

  it("joint names for legs (LeftHip, LeftKnee, LeftAnkle), but LeftShoulder is a clavicle, not an upper arm", () => {
    expectRole("LeftHip", "leftUpperLeg", "joints");
    expectRole("RightKnee", "rightLowerLeg", "joints");
    expectRole("Left_Ankle", "leftFoot", "joints");
    expect(roleOf("LeftShoulder")).toBeNull();
    expect(roleOf("RightElbow")).toBeNull();
  });

  it("finger, twist and helper bones are not hands or arms", () => {
    for (const name of ["LeftHandIndex1", "mixamorig:LeftHandThumb2", "RightArmTwist", "hand_r_end", "Hand", "Arm", "Leg", "LeftShoulder", "Hips", ""]) {
      expect(roleOf(name), name).toBeNull();
    }
  });
});
