// 테스트 리그(.glb/.gltf/.vrm)를 three 의 GLTFLoader.parse 로 Node 에서 읽는다 (페이지와 같은 로더).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Texture } from "three";
import { GLTFLoader } from "three/addons/loaders/GLTFLoader.js";
import type { GLTF } from "three/addons/loaders/GLTFLoader.js";

// three 의 FileLoader 는 data: URI(.gltf 의 내장 버퍼)를 fetch 로 읽으며 ProgressEvent 를 만든다: Node 20 에는 없다.
if (typeof (globalThis as { ProgressEvent?: unknown }).ProgressEvent === "undefined") {
  (globalThis as { ProgressEvent?: unknown }).ProgressEvent = class ProgressEvent extends Event {
    readonly lengthComputable: boolean;
    readonly loaded: number;
    readonly total: number;
    constructor(type: string, init: { lengthComputable?: boolean; loaded?: number; total?: number } = {}) {
      super(type);
      this.lengthComputable = init.lengthComputable ?? false;
      this.loaded = init.loaded ?? 0;
      this.total = init.total ?? 0;
    }
  };
}

export const RIGS_DIR = fileURLToPath(new URL("../fixtures/rigs/", import.meta.url));
const FIXTURES_DIR = fileURLToPath(new URL("../fixtures/", import.meta.url));

/** 파일 이름이면 생성한 리그 (fixtures/rigs/), "third_party/x.glb" 처럼 폴더가 붙으면 fixtures/ 에서. */
const pathOf = (file: string): string => (file.includes("/") ? FIXTURES_DIR : RIGS_DIR) + file;

/** 파일의 바이트 (ArrayBuffer 사본). */
export function rigBytes(file: string): ArrayBuffer {
  const data = readFileSync(pathOf(file));
  return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
}

/** Node 에는 이미지 디코더가 없다: 텍스처가 든 파일 (제3자 모델) 은 텍스처를 빈 Texture 로 대신 읽는다 (뼈·메시는 그대로). */
const blankTextures = (): { name: string; loadTexture: () => Promise<Texture> } => ({
  name: "TEST_blank_textures",
  loadTexture: () => Promise.resolve(new Texture()),
});

/** 파일 하나를 읽어 gltf 를 돌려준다. .gltf 는 글(JSON)로 넘긴다. */
export function loadRig(file: string): Promise<GLTF> {
  const loader = new GLTFLoader().register(blankTextures);
  const data: ArrayBuffer | string = file.endsWith(".gltf") ? readFileSync(pathOf(file), "utf8") : rigBytes(file);
  return new Promise((resolve, reject) => loader.parse(data, "", resolve, reject));
}
