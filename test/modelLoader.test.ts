// 설명 화면의 모델 읽기 (demo/modelLoader.ts): 나쁜 파일마다 정해진 종류와 한국어 메시지로 거절하고,
// 좋은 파일은 팔다리까지 찾은 결과를 돌려준다. 장면에는 아무것도 넣지 않는다 (넣는 것은 userModel.ts).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadModelBytes, MAX_MODEL_BYTES, ModelLoadError } from "../demo/modelLoader";
import { rigBytes, RIGS_DIR } from "./helpers/loadRig";

const noProgress = () => undefined;

async function refusal(name: string, bytes: ArrayBuffer): Promise<ModelLoadError> {
  try {
    await loadModelBytes(name, bytes, noProgress);
  } catch (error) {
    expect(error).toBeInstanceOf(ModelLoadError);
    return error as ModelLoadError;
  }
  throw new Error(`${name} 을 거절하지 않았다`);
}

const text = (value: string): ArrayBuffer => new TextEncoder().encode(value).buffer as ArrayBuffer;

describe("modelLoader", () => {
  // 클립 수: 모든 리그에 흔드는 클립 하나, mixamo·unreal 에는 걷기 클립 "Walk" 도 (generate_rigs.py).
  it.each([
    ["mixamo.glb", 2], ["vrm1.vrm", 1], ["vrm0.vrm", 1], ["unreal.glb", 2], ["toy_30cm.glb", 1], ["giant_10m.glb", 1],
  ] as const)("opens %s with four limbs and its %i clips", async (file, clips) => {
    const model = await loadModelBytes(file, rigBytes(file), noProgress);
    expect(model.limbs.limbs).toHaveLength(4);
    expect(model.gltf.animations.length).toBe(clips);
  });

  it("opens a .gltf with embedded buffers", async () => {
    const model = await loadModelBytes("rigify.gltf", text(readFileSync(RIGS_DIR + "rigify.gltf", "utf8")), noProgress);
    expect(model.limbs.leftArm!.upper.name).toBe("DEF-upper_armL");
  });

  it.each([
    ["broken_truncated.glb", "corrupt", "잘렸거나 손상"],
    ["not_gltf.glb", "not-gltf", "glTF 파일이 아닙니다"],
    ["no_skin.glb", "no-skin", "스킨"],
    ["no_limbs.glb", "no-limbs", "팔다리 뼈를 하나도"],
  ])("refuses %s as %s", async (file, kind, words) => {
    const error = await refusal(file, rigBytes(file));
    expect(error.kind).toBe(kind);
    expect(error.message).toContain(words);
  });

  it("refuses a .gltf that points to other files, truncated JSON and JSON that is not glTF", async () => {
    expect((await refusal("a.gltf", text(JSON.stringify({ asset: { version: "2.0" }, buffers: [{ uri: "a.bin", byteLength: 4 }] })))).kind).toBe("external-files");
    expect((await refusal("b.gltf", text('{"asset": {"vers'))).kind).toBe("corrupt");
    expect((await refusal("c.gltf", text('{"hello": 1}'))).kind).toBe("not-gltf");
    expect((await refusal("d.glb", new Uint8Array([0xff, 0xfe, 0x00, 0x80]).buffer)).kind).toBe("not-gltf");
  });

  it("refuses more than MAX_MODEL_BYTES before reading", async () => {
    const error = await refusal("big.glb", new ArrayBuffer(MAX_MODEL_BYTES + 1));
    expect(error.kind).toBe("too-large");
    expect(error.message).toContain("64.0 MB");
  });
});
