// 코드로 만드는 작은 사람 모양 뼈대 (test/fixtures/rigs/generate_rigs.py 와 같은 자리, +Z 를 보고 왼쪽이 +X).
import { Bone, Group, Object3D, Vector3 } from "three";

/** 정식 이름, 부모, 머리 위치 (월드, m). */
const BODY: [string, string | null, [number, number, number]][] = [
  ["Hips", null, [0, 1.0, 0]],
  ["Spine", "Hips", [0, 1.12, 0]],
  ["Chest", "Spine", [0, 1.3, 0.01]],
  ["Head", "Chest", [0, 1.58, 0.01]],
];
const LEFT: [string, string, [number, number, number]][] = [
  ["LShoulder", "Chest", [0.04, 1.43, 0]],
  ["LUpperArm", "LShoulder", [0.17, 1.43, -0.01]],
  ["LLowerArm", "LUpperArm", [0.36, 1.22, -0.05]],
  ["LHand", "LLowerArm", [0.55, 1.03, 0]],
  ["LUpperLeg", "Hips", [0.09, 0.95, 0]],
  ["LLowerLeg", "LUpperLeg", [0.1, 0.52, 0.025]],
  ["LFoot", "LLowerLeg", [0.1, 0.09, -0.02]],
  ["LToes", "LFoot", [0.1, 0.02, 0.11]],
];

/** 정식 이름 (LUpperArm, RFoot, …) → 뼈 이름. 규칙이 "Left"/"Right" 를 {Side} 등으로 받는다. */
export type Namer = (canonical: string) => string;

/** 생성기와 같은 식: 부모 공간의 위치만 (회전 없음). 모든 뼈는 Bone. */
export function makeHumanoid(namer: Namer, options: { skip?: readonly string[] } = {}): { root: Group; bones: Map<string, Bone> } {
  const root = new Group();
  const bones = new Map<string, Bone>();
  const world = new Map<string, Vector3>();
  const all: [string, string | null, [number, number, number]][] = [...BODY];
  for (const [name, parent, [x, y, z]] of LEFT) {
    all.push([name, parent, [x, y, z]]);
    all.push(["R" + name.slice(1), parent.startsWith("L") ? "R" + parent.slice(1) : parent, [-x, y, z]]);
  }
  for (const [name, parent, head] of all) {
    const bone = new Bone();
    bone.name = options.skip?.includes(name) ? `unnamed_${name}` : namer(name);
    const position = new Vector3(...head);
    world.set(name, position);
    if (parent === null) {
      bone.position.copy(position);
      root.add(bone);
    } else {
      bone.position.copy(position).sub(world.get(parent)!);
      bones.get(parent)!.add(bone);
    }
    bones.set(name, bone);
  }
  return { root, bones };
}

/** Mixamo 식 이름. */
export const mixamoNamer = (prefix: string): Namer => (canonical) => {
  const parts: Record<string, string> = {
    Hips: "Hips", Spine: "Spine", Chest: "Spine1", Head: "Head", Shoulder: "Shoulder", UpperArm: "Arm", LowerArm: "ForeArm",
    Hand: "Hand", UpperLeg: "UpLeg", LowerLeg: "Leg", Foot: "Foot", Toes: "ToeBase",
  };
  const sided = parts[canonical.slice(1)] !== undefined;
  const side = sided && canonical[0] === "L" ? "Left" : sided && canonical[0] === "R" ? "Right" : "";
  return prefix + side + parts[side === "" ? canonical : canonical.slice(1)]!;
};

/** 뼈의 월드 위치. */
export function worldPosition(object: Object3D): Vector3 {
  object.updateWorldMatrix(true, false);
  return new Vector3().setFromMatrixPosition(object.matrixWorld);
}
