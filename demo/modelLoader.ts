// 사용자 모델 읽기: 파일·URL 의 바이트 → 검사 → GLTFLoader.parse → 스킨과 팔다리 확인.
// 장면은 건드리지 않는다: 모든 검사를 통과한 결과만 돌려주고, 실패하면 한국어 메시지를 담은 ModelLoadError 를 던진다
// (그래서 나쁜 파일은 아무것도 반쯤 올려 두지 않는다). 로더는 페이지의 몫이다 — 라이브러리는 Object3D 만 받는다.
import { GLTFLoader } from "three/addons/loaders/GLTFLoader.js";
import type { GLTF } from "three/addons/loaders/GLTFLoader.js";
import type { Object3D, SkinnedMesh } from "three";
import { findLimbs } from "../src/index";
import type { FindLimbsResult } from "../src/index";

/** 열 수 있는 파일의 크기 한도 (바이트): 휴대폰 메모리에서도 안전하게 읽고 풀 수 있는 크기. */
export const MAX_MODEL_BYTES = 64 * 1024 * 1024;
/** 열 수 있는 확장자. .vrm 은 VRM 확장을 담은 .glb 다. */
export const MODEL_EXTENSIONS = [".glb", ".gltf", ".vrm"] as const;

/** 실패의 종류 (테스트가 메시지 대신 이것을 본다). */
export type ModelErrorKind = "too-large" | "extension" | "not-gltf" | "external-files" | "corrupt" | "no-skin" | "no-limbs" | "network";

export class ModelLoadError extends Error {
  constructor(readonly kind: ModelErrorKind, message: string) {
    super(message);
    this.name = "ModelLoadError";
  }
}

/** 읽은 모델: 장면에 넣기 전, 모든 검사를 통과한 것. */
export interface LoadedModel {
  readonly name: string;
  readonly gltf: GLTF;
  readonly limbs: FindLimbsResult;
  readonly byteLength: number;
}

/** 진행: 0..1 (모르면 null) 과 한국어 단계 이름. */
export type ProgressCallback = (fraction: number | null, stage: string) => void;

const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function checkSize(bytes: number): void {
  if (bytes > MAX_MODEL_BYTES) {
    throw new ModelLoadError("too-large", `파일이 너무 큽니다 (${megabytes(bytes)}). ${megabytes(MAX_MODEL_BYTES)} 까지 열 수 있습니다.`);
  }
}

function checkExtension(name: string): void {
  const lower = name.toLowerCase();
  if (!MODEL_EXTENSIONS.some((extension) => lower.endsWith(extension))) {
    throw new ModelLoadError("extension", `"${name}" 은 열 수 없는 형식입니다. .glb, .gltf, .vrm 파일을 골라 주세요.`);
  }
}

/** 파일을 읽는다 (FileReader 의 진행 이벤트로 진행을 알린다). */
function readFile(file: File, onProgress: ProgressCallback): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => onProgress(event.lengthComputable ? event.loaded / event.total : null, "파일 읽는 중");
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(new ModelLoadError("network", `파일을 읽지 못했습니다: ${reader.error?.message ?? "알 수 없는 오류"}`));
    reader.readAsArrayBuffer(file);
  });
}

/** URL 에서 받는다 (Content-Length 가 있으면 진행을 알린다). 크기 한도를 넘으면 받다가 멈춘다. */
async function fetchBytes(url: string, onProgress: ProgressCallback): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new ModelLoadError("network", `"${url}" 을 받지 못했습니다: ${String(error)}`);
  }
  if (!response.ok) throw new ModelLoadError("network", `"${url}" 을 받지 못했습니다 (HTTP ${response.status}).`);
  const total = Number(response.headers.get("content-length") ?? NaN);
  if (Number.isFinite(total)) checkSize(total);
  if (response.body === null) return response.arrayBuffer();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    checkSize(received);
    chunks.push(value);
    onProgress(Number.isFinite(total) && total > 0 ? received / total : null, "내려받는 중");
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes.buffer;
}

const GLB_MAGIC = 0x46546c67; // "glTF"

/** 바이트가 glTF 인지 보고, .glb 면 그대로, .gltf(JSON) 면 글로 돌려준다. 외부 파일을 참조하는 .gltf 는 거절. */
function sniff(bytes: ArrayBuffer): ArrayBuffer | string {
  if (bytes.byteLength >= 12 && new DataView(bytes).getUint32(0, true) === GLB_MAGIC) {
    const declared = new DataView(bytes).getUint32(8, true);
    if (declared !== bytes.byteLength) {
      throw new ModelLoadError("corrupt", `파일이 잘렸거나 손상되었습니다 (머리글의 길이 ${declared} 바이트, 실제 ${bytes.byteLength} 바이트).`);
    }
    return bytes;
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ModelLoadError("not-gltf", "glTF 파일이 아닙니다 (.glb 머리글도, JSON 글도 아닙니다).");
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ModelLoadError(text.trimStart().startsWith("{") ? "corrupt" : "not-gltf",
      text.trimStart().startsWith("{") ? "파일이 잘렸거나 손상되었습니다 (JSON 을 읽지 못했습니다)." : "glTF 파일이 아닙니다.");
  }
  const root = json as { asset?: { version?: unknown }; buffers?: { uri?: unknown }[]; images?: { uri?: unknown }[] };
  if (typeof root !== "object" || root === null || typeof root.asset?.version !== "string") {
    throw new ModelLoadError("not-gltf", "glTF 파일이 아닙니다 (asset.version 이 없습니다).");
  }
  const external = [...(root.buffers ?? []), ...(root.images ?? [])]
    .map((entry) => entry.uri)
    .filter((uri): uri is string => typeof uri === "string" && !uri.startsWith("data:"));
  if (external.length > 0) {
    throw new ModelLoadError("external-files", `이 .gltf 는 다른 파일(${external.slice(0, 2).join(", ")})을 참조합니다. .glb 나 버퍼를 내장한 .gltf 로 내보내 주세요.`);
  }
  return text;
}

function parse(data: ArrayBuffer | string): Promise<GLTF> {
  const loader = new GLTFLoader();
  return new Promise((resolve, reject) => {
    try {
      loader.parse(data, "", resolve, (error) => reject(error));
    } catch (error) {
      reject(error);
    }
  }).then(
    (gltf) => gltf as GLTF,
    (error: unknown) => {
      throw new ModelLoadError("corrupt", `파일이 잘렸거나 손상되어 읽지 못했습니다 (${error instanceof Error ? error.message : String(error)}).`);
    },
  );
}

function findSkinnedMesh(root: Object3D): SkinnedMesh | null {
  let found: SkinnedMesh | null = null;
  root.traverse((object) => {
    if (found === null && (object as SkinnedMesh).isSkinnedMesh) found = object as SkinnedMesh;
  });
  return found;
}

/** 바이트 → 검사한 모델 (이름은 메시지에만 쓴다). */
export async function loadModelBytes(name: string, bytes: ArrayBuffer, onProgress: ProgressCallback): Promise<LoadedModel> {
  checkSize(bytes.byteLength);
  const data = sniff(bytes);
  onProgress(null, "모델 해석 중");
  const gltf = await parse(data);
  if (findSkinnedMesh(gltf.scene) === null) {
    throw new ModelLoadError("no-skin", "뼈에 붙은 메시(스킨)가 없는 모델입니다. 리그를 넣어 내보낸 파일을 골라 주세요.");
  }
  const limbs = findLimbs(gltf.scene, { gltf });
  if (limbs.limbs.length === 0) {
    console.warn("findLimbs:", limbs.issues.map((issue) => issue.message));
    throw new ModelLoadError("no-limbs", "팔다리 뼈를 하나도 알아보지 못했습니다. Mixamo·VRM·Unreal·Rigify 이름이나 일반 이름(LeftArm, Arm_L …)을 씁니다.");
  }
  return { name, gltf, limbs, byteLength: bytes.byteLength };
}

/** 사용자가 고르거나 놓은 파일을 읽는다. */
export async function loadModelFile(file: File, onProgress: ProgressCallback): Promise<LoadedModel> {
  checkExtension(file.name);
  checkSize(file.size);
  return loadModelBytes(file.name, await readFile(file, onProgress), onProgress);
}

/** 페이지의 공개 폴더에 있는 파일을 URL 로 읽는다 (?model=). */
export async function loadModelUrl(url: string, onProgress: ProgressCallback): Promise<LoadedModel> {
  const name = decodeURIComponent(url.split(/[?#]/)[0]!.split("/").pop() ?? url);
  checkExtension(name);
  return loadModelBytes(name, await fetchBytes(url, onProgress), onProgress);
}
