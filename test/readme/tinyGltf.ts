// README 예제가 불러올 작은 glTF: Mixamo 이름의 사람 뼈대 (엉덩이·척추·목·머리, 양팔, 양다리) 를 삼각형 하나의
// SkinnedMesh 가 쓰고 (그래서 GLTFLoader 가 뼈를 Bone 으로 만든다), 오른 어깨를 돌리는 1 초짜리 애니메이션이 있다.
// 팔은 아래로 내리고 (-Y), 모델은 +Z 를 본다. 버퍼는 data: URI 로 안에 넣어 Node 에서도 GLTFLoader 가 그대로 읽는다.

/** 오른 어깨의 월드 위치와 팔 뼈 길이 (m): 예제의 공 경로가 팔이 닿는 곳인지 테스트가 이 값으로 판단한다. */
export const TINY_ARM = { shoulder: [-0.18, 1.4, 0] as const, upperLength: 0.28, lowerLength: 0.26 };

interface JointSpec {
  name: string;
  /** 부모 기준 위치 (m). */
  translation: [number, number, number];
  children?: JointSpec[];
}

/** 한쪽 팔 (side = 1 왼쪽 +X, −1 오른쪽 −X). 어깨뼈 끝이 TINY_ARM.shoulder 와 좌우 대칭. */
function arm(prefix: "Left" | "Right", side: 1 | -1): JointSpec {
  return {
    name: `mixamorig${prefix}Shoulder`, translation: [side * 0.06, 0.12, 0], children: [{
      name: `mixamorig${prefix}Arm`, translation: [side * 0.12, 0, 0], children: [{
        name: `mixamorig${prefix}ForeArm`, translation: [0, -TINY_ARM.upperLength, 0], children: [{
          name: `mixamorig${prefix}Hand`, translation: [0, -TINY_ARM.lowerLength, 0],
        }],
      }],
    }],
  };
}

function leg(prefix: "Left" | "Right", side: 1 | -1): JointSpec {
  return {
    name: `mixamorig${prefix}UpLeg`, translation: [side * 0.09, -0.05, 0], children: [{
      name: `mixamorig${prefix}Leg`, translation: [0, -0.42, 0], children: [{
        name: `mixamorig${prefix}Foot`, translation: [0, -0.4, 0], children: [{
          name: `mixamorig${prefix}ToeBase`, translation: [0, -0.05, 0.1],
        }],
      }],
    }],
  };
}

/** 엉덩이 (1.0 m) → 척추 세 마디 (가슴 1.28 m) → 목 → 머리, 가슴에서 양팔, 엉덩이에서 양다리. */
const SKELETON: JointSpec = {
  name: "mixamorigHips", translation: [0, 1.0, 0], children: [
    { name: "mixamorigSpine", translation: [0, 0.1, 0], children: [
      { name: "mixamorigSpine1", translation: [0, 0.1, 0], children: [
        { name: "mixamorigSpine2", translation: [0, 0.08, 0], children: [
          { name: "mixamorigNeck", translation: [0, 0.17, 0], children: [{ name: "mixamorigHead", translation: [0, 0.1, 0] }] },
          arm("Left", 1),
          arm("Right", -1),
        ] },
      ] },
    ] },
    leg("Left", 1),
    leg("Right", -1),
  ],
};

function base64(bytes: ArrayBufferView): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

/** glTF 2.0 JSON 문서 (문자열). */
export function tinyArmGltf(): string {
  // 노드: 0 = 장면 뿌리 "Armature", 1 = 삼각형 SkinnedMesh, 2… = 뼈 (깊이 우선 순서)
  const nodes: Record<string, unknown>[] = [{ name: "Armature", children: [1, 2] }, { name: "Body", mesh: 0, skin: 0 }];
  const jointIndex = new Map<string, number>();
  const addJoint = (joint: JointSpec): number => {
    const index = nodes.length;
    const node: Record<string, unknown> = { name: joint.name, translation: joint.translation };
    nodes.push(node);
    jointIndex.set(joint.name, index);
    if (joint.children) node.children = joint.children.map(addJoint);
    return index;
  };
  addJoint(SKELETON);
  const joints = [...jointIndex.values()];

  // 버퍼: 애니메이션 시간·회전, 삼각형의 위치·관절·가중치 (모두 엉덩이에 묶는다)
  const times = new Float32Array([0, 1]);
  const half = (30 * Math.PI) / 360; // 오른 어깨를 X 축으로 0° → 30° (팔을 조금 앞으로)
  const rotations = new Float32Array([0, 0, 0, 1, Math.sin(half), 0, 0, Math.cos(half)]);
  const positions = new Float32Array([-0.1, 1.0, 0, 0.1, 1.0, 0, 0, 1.3, 0]);
  const jointsAttr = new Uint8Array(12); // 세 꼭짓점 모두 관절 0 (엉덩이)
  const weights = new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
  const parts: ArrayBufferView[] = [times, rotations, positions, jointsAttr, weights];
  const offsets: number[] = [];
  let byteLength = 0;
  for (const part of parts) {
    offsets.push(byteLength);
    byteLength += Math.ceil(part.byteLength / 4) * 4; // 4 바이트 정렬
  }
  const buffer = new Uint8Array(byteLength);
  parts.forEach((part, i) => buffer.set(new Uint8Array(part.buffer, part.byteOffset, part.byteLength), offsets[i]!));

  const gltf = {
    asset: { version: "2.0", generator: "three-two-bone-ik test/readme/tinyGltf.ts" },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes,
    meshes: [{ name: "Body", primitives: [{ attributes: { POSITION: 2, JOINTS_0: 3, WEIGHTS_0: 4 } }] }],
    skins: [{ joints }], // inverseBindMatrices 없음 = 단위 행렬 (glTF 규격)
    buffers: [{ byteLength, uri: `data:application/octet-stream;base64,${base64(buffer)}` }],
    bufferViews: parts.map((part, i) => ({ buffer: 0, byteOffset: offsets[i], byteLength: part.byteLength })),
    accessors: [
      { bufferView: 0, componentType: 5126, count: 2, type: "SCALAR", min: [0], max: [1] },
      { bufferView: 1, componentType: 5126, count: 2, type: "VEC4" },
      { bufferView: 2, componentType: 5126, count: 3, type: "VEC3", min: [-0.1, 1.0, 0], max: [0.1, 1.3, 0] },
      { bufferView: 3, componentType: 5121, count: 3, type: "VEC4" },
      { bufferView: 4, componentType: 5126, count: 3, type: "VEC4" },
    ],
    animations: [{
      name: "reach",
      samplers: [{ input: 0, output: 1, interpolation: "LINEAR" }],
      channels: [{ sampler: 0, target: { node: jointIndex.get("mixamorigRightArm"), path: "rotation" } }],
    }],
  };
  return JSON.stringify(gltf);
}

/** 파일 이름이 무엇이든 이 glTF 를 돌려주는 data: URL. */
export function tinyArmGltfDataUrl(): string {
  return `data:model/gltf+json;base64,${Buffer.from(tinyArmGltf()).toString("base64")}`;
}
