// glTF 파일을 three 의 GLTFLoader.parse 로 Node 에서 읽고 (페이지와 같은 로더), 애니메이션 하나를 AnimationMixer 로
// 시각마다 돌려 노드들의 월드 위치를 JSON 으로 낸다. python/tests/test_gltf_three.py 가 부른다.
//
//   node python/tests/gltf_three_check.mjs FILE ANIMATION_INDEX NODES(쉼표) TIMES(쉼표)
//
// 출력: {"clips": [이름...], "tracks": 트랙 수, "positions": {노드: [[x, y, z] (시각마다)]}}
import { readFileSync } from "node:fs";
import { AnimationMixer, LoopOnce, Texture } from "three";
import { GLTFLoader } from "three/addons/loaders/GLTFLoader.js";

// three 의 FileLoader 는 data: URI (.gltf 의 내장 버퍼) 를 읽을 때 ProgressEvent 를 만든다: Node 20 에는 없다.
if (typeof globalThis.ProgressEvent === "undefined") {
  globalThis.ProgressEvent = class ProgressEvent extends Event {
    constructor(type, init = {}) {
      super(type);
      this.lengthComputable = init.lengthComputable ?? false;
      this.loaded = init.loaded ?? 0;
      this.total = init.total ?? 0;
    }
  };
}

const [file, animationIndex, nodeList, timeList] = process.argv.slice(2);
const bytes = readFileSync(file);
const data = file.endsWith(".gltf") ? bytes.toString("utf8") : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
// Node 에는 이미지 디코더가 없다: 텍스처는 빈 Texture 로 대신 읽는다 (test/helpers/loadRig.ts 와 같다; 뼈·클립은 그대로).
const loader = new GLTFLoader().register(() => ({ name: "TEST_blank_textures", loadTexture: () => Promise.resolve(new Texture()) }));
const gltf = await new Promise((resolve, reject) => loader.parse(data, "", resolve, reject));
const clip = gltf.animations[Number(animationIndex)];
const nodes = nodeList.split(",").map(Number);
const objects = await Promise.all(nodes.map((n) => gltf.parser.getDependency("node", n)));
const mixer = new AnimationMixer(gltf.scene);
const action = mixer.clipAction(clip);
action.setLoop(LoopOnce, 1); // 마지막 키에서 처음으로 돌아가지 않게
action.clampWhenFinished = true;
action.play();
const positions = Object.fromEntries(nodes.map((n) => [n, []]));
for (const t of timeList.split(",").map(Number)) {
  mixer.setTime(t);
  gltf.scene.updateMatrixWorld(true);
  objects.forEach((object, k) => {
    const e = object.matrixWorld.elements;
    positions[nodes[k]].push([e[12], e[13], e[14]]);
  });
}
process.stdout.write(JSON.stringify({ clips: gltf.animations.map((a) => a.name), tracks: clip.tracks.length, positions }));
