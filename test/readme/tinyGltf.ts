// README 예제가 불러올 작은 glTF: Mixamo 이름의 오른팔 (어깨 → 아래팔 → 손) 과 어깨를 돌리는 1 초짜리 애니메이션.
// 버퍼는 data: URI 로 안에 넣어 Node 에서도 GLTFLoader 가 그대로 읽는다.

/** 어깨의 월드 위치와 뼈 길이 (m): 예제의 공 경로가 팔이 닿는 곳인지 테스트가 이 값으로 판단한다. */
export const TINY_ARM = { shoulder: [-0.18, 1.4, 0] as const, upperLength: 0.28, lowerLength: 0.26 };

function base64(values: Float32Array): string {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString("base64");
}

/** glTF 2.0 JSON 문서 (문자열). */
export function tinyArmGltf(): string {
  const times = new Float32Array([0, 1]);
  // 어깨를 X 축으로 0° → 30° (팔을 조금 앞으로)
  const half = (30 * Math.PI) / 360;
  const rotations = new Float32Array([0, 0, 0, 1, Math.sin(half), 0, 0, Math.cos(half)]);
  const data = new Float32Array([...times, ...rotations]);
  const gltf = {
    asset: { version: "2.0", generator: "three-two-bone-ik test/readme/tinyGltf.ts" },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [
      { name: "Armature", children: [1] },
      { name: "mixamorigRightArm", translation: [...TINY_ARM.shoulder], children: [2] },
      { name: "mixamorigRightForeArm", translation: [0, -TINY_ARM.upperLength, 0], children: [3] },
      { name: "mixamorigRightHand", translation: [0, -TINY_ARM.lowerLength, 0] },
    ],
    buffers: [{ byteLength: data.byteLength, uri: `data:application/octet-stream;base64,${base64(data)}` }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: times.byteLength },
      { buffer: 0, byteOffset: times.byteLength, byteLength: rotations.byteLength },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 2, type: "SCALAR", min: [0], max: [1] },
      { bufferView: 1, componentType: 5126, count: 2, type: "VEC4" },
    ],
    animations: [
      {
        name: "reach",
        samplers: [{ input: 0, output: 1, interpolation: "LINEAR" }],
        channels: [{ sampler: 0, target: { node: 1, path: "rotation" } }],
      },
    ],
  };
  return JSON.stringify(gltf);
}

/** 파일 이름이 무엇이든 이 glTF 를 돌려주는 data: URL. */
export function tinyArmGltfDataUrl(): string {
  return `data:model/gltf+json;base64,${Buffer.from(tinyArmGltf()).toString("base64")}`;
}
