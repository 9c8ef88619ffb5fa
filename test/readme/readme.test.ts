// 문서의 모든 코드 블록이 테스트다 (규칙은 codeBlocks.ts 머리말). 문서가 API 와 어긋나면 여기서 실패한다.
//   ts/js: 모두 함께 사용자 앱처럼 타입 검사하고 (test/readme/tsconfig.json), 하나씩 가짜 브라우저에서 실행한다.
//          렌더 루프를 건 블록은 120 프레임을 돌린다. mixamorigRightHand 를 부르는 블록 (빠른 시작 예제) 은
//          장면 바로 아래의 공 하나에 매 프레임 손이 닿았는지 잰다.
//   sh: make 대상·npm 스크립트·설치할 패키지·파일이 실제로 있는지.   python: .venv 의 Python 으로 실행.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as THREE from "three";
import { GLTFLoader } from "three/addons/loaders/GLTFLoader.js";
import { blockFileName, extractCodeBlocks } from "./codeBlocks";
import { docsPages } from "./markdownLinks";
import type { CodeBlock } from "./codeBlocks";
import { browserGlobals, resetStubState, stubState } from "./browserStub";
import { makeTargetsOf, shellBlockProblems } from "./shellCommands";
import type { Repository } from "./shellCommands";
import { TINY_ARM, tinyArmGltfDataUrl } from "./tinyGltf";

vi.mock("three", async (importOriginal) => {
  const three = await importOriginal<typeof import("three")>();
  const { StubRenderer } = await import("./browserStub");
  return { ...three, WebGLRenderer: StubRenderer };
});

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const OUT_DIR = join(REPO, ".readme-blocks");
// README 에서 옮긴 docs/*.md (한국어와 .en.md) 의 블록도 README 의 블록과 똑같이 돈다.
const DOCUMENTS = ["README.md", "README.en.md", "CONTRIBUTING.md", ...docsPages(REPO)];
const FRAMES = 120;
/** 손–공 거리의 허용치 (m): 팔 길이 0.5 m 의 float64 반올림만 남는다. */
const HAND_ON_BALL = 1e-9;

const blocks: CodeBlock[] = DOCUMENTS.flatMap((file) => {
  const path = join(REPO, file);
  // README 두 개는 반드시 있어야 한다. CONTRIBUTING.md 는 있으면 검사한다.
  if (!existsSync(path) && file === "CONTRIBUTING.md") return [];
  return extractCodeBlocks(readFileSync(path, "utf8"), file);
});
const codeBlocks = blocks.filter((b) => b.kind === "code");

const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as {
  name: string;
  scripts: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};
const repository: Repository = {
  makeTargets: makeTargetsOf(readFileSync(join(REPO, "Makefile"), "utf8")),
  packageName: pkg.name,
  scripts: pkg.scripts,
  peerDependencies: pkg.peerDependencies,
  optionalPeers: new Set(Object.keys(pkg.peerDependenciesMeta ?? {}).filter((n) => pkg.peerDependenciesMeta![n]!.optional)),
  fileExists: (path) => existsSync(join(REPO, path)),
};

beforeAll(() => {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  for (const block of codeBlocks) {
    // export {} : import 가 없는 블록도 모듈이 되어 블록끼리 이름이 부딪히지 않는다.
    writeFileSync(join(OUT_DIR, blockFileName(block)), `${block.code}export {};\n`);
  }
});

describe("the tiny glTF the examples load", () => {
  it("is a skinned humanoid with Mixamo bone names, bones as THREE.Bone, and an animation", async () => {
    vi.stubGlobal("ProgressEvent", browserGlobals().ProgressEvent);
    try {
      const gltf = await new GLTFLoader().loadAsync(tinyArmGltfDataUrl());
      for (const side of ["Left", "Right"]) {
        for (const bone of ["Arm", "ForeArm", "Hand", "UpLeg", "Leg", "Foot"]) {
          expect(gltf.scene.getObjectByName(`mixamorig${side}${bone}`)).toBeInstanceOf(THREE.Bone);
        }
      }
      let skinned = 0;
      gltf.scene.traverse((o) => { if (o instanceof THREE.SkinnedMesh) skinned++; });
      expect(skinned).toBe(1);
      expect(gltf.animations.map((clip) => clip.name)).toEqual(["reach"]);
      const shoulder = gltf.scene.getObjectByName("mixamorigRightArm")!.getWorldPosition(new THREE.Vector3());
      expect(shoulder.toArray()).toEqual(TINY_ARM.shoulder.map((x) => expect.closeTo(x, 12)));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("documentation code blocks", () => {
  it("README.md and README.en.md each have a runnable example", () => {
    for (const file of ["README.md", "README.en.md"]) {
      expect(codeBlocks.some((b) => b.file === file && b.code.includes("setAnimationLoop")), file).toBe(true);
    }
  });

  it("every ts/js block type-checks as user code against the public API", () => {
    const tsc = join(REPO, "node_modules/typescript/bin/tsc");
    const result = spawnSync(process.execPath, [tsc, "-p", join(REPO, "test/readme/tsconfig.json")], { encoding: "utf8" });
    // 오류 위치 (.readme-blocks/README.md-L42.ts(7,3)) 로 문서의 블록을 찾는다.
    expect(result.stdout + result.stderr, "tsc").toBe("");
    expect(result.status).toBe(0);
  }, 60_000);

  for (const block of codeBlocks) {
    it(`${block.file}:${block.line} runs as pasted`, async () => {
      resetStubState();
      for (const [name, value] of Object.entries(browserGlobals())) vi.stubGlobal(name, value);
      // 예제가 어떤 이름의 모델을 불러도 작은 팔 glTF 를 준다.
      THREE.DefaultLoadingManager.setURLModifier((url) => (/\.(glb|gltf)$/i.test(url) ? tinyArmGltfDataUrl() : url));
      let handChecks = 0;
      // 오른손을 이름으로 부르는 예제 (빠른 시작) 만: 장면 바로 아래의 공 하나가 손의 목표다.
      const checksHand = block.code.includes("mixamorigRightHand");
      stubState.onRender = (scene) => {
        if (!checksHand) return;
        const hand = scene.getObjectByName("mixamorigRightHand");
        const balls: THREE.Mesh[] = [];
        scene.traverse((o) => {
          if (o instanceof THREE.Mesh && o.geometry instanceof THREE.SphereGeometry && o.parent === scene) balls.push(o);
        });
        expect(hand, "장면에 mixamorigRightHand 가 없다").toBeDefined();
        expect(balls.length, "장면 바로 아래의 공이 하나가 아니다").toBe(1);
        if (!hand) return;
        const ball = balls[0]!;
        scene.updateMatrixWorld();
        const handWorld = hand.getWorldPosition(new THREE.Vector3());
        const shoulderWorld = hand.parent!.parent!.getWorldPosition(new THREE.Vector3());
        // 팔이 닿는 곳의 공만 잰다 (닿지 않는 곳이면 예제의 공 경로가 잘못된 것: 그것도 실패).
        expect(ball.position.distanceTo(shoulderWorld)).toBeLessThan(TINY_ARM.upperLength + TINY_ARM.lowerLength);
        expect(handWorld.distanceTo(ball.position)).toBeLessThan(HAND_ON_BALL);
        handChecks++;
      };
      try {
        await import(`${pathToFileURL(join(OUT_DIR, blockFileName(block))).href}?run=${Date.now()}`);
        if (stubState.loop) {
          for (let frame = 1; frame <= FRAMES; frame++) stubState.loop((frame * 1000) / 60);
          expect(stubState.renders).toBe(FRAMES);
        }
        // 오른손을 부르는 예제라면 렌더 루프가 있고 매 프레임 확인했어야 한다.
        if (checksHand) expect(handChecks).toBe(FRAMES);
      } finally {
        THREE.DefaultLoadingManager.setURLModifier(undefined);
        vi.unstubAllGlobals();
      }
    });
  }

  for (const block of blocks.filter((b) => b.kind === "shell")) {
    it(`${block.file}:${block.line} names commands that exist`, () => {
      if (block.optOut !== undefined) {
        expect(block.optOut.length, "no-test 에는 이유를 적는다").toBeGreaterThan(3);
        return;
      }
      expect(shellBlockProblems(block.code, repository), `${block.file}:${block.line}`).toEqual([]);
    });
  }

  for (const block of blocks.filter((b) => b.kind === "json")) {
    it(`${block.file}:${block.line} is valid JSON`, () => {
      expect(() => JSON.parse(block.code), `${block.file}:${block.line}`).not.toThrow();
    });
  }

  for (const block of blocks.filter((b) => b.kind === "python")) {
    it(`${block.file}:${block.line} runs in Python`, () => {
      const python = join(REPO, ".venv/bin/python");
      expect(existsSync(python), `${python} 이 없다: make venv 로 만든다 (make test-ts 는 스스로 만든다)`).toBe(true);
      const result = spawnSync(python, ["-c", block.code], { encoding: "utf8", cwd: REPO });
      expect(result.stderr, `${block.file}:${block.line}`).toBe("");
      expect(result.status).toBe(0);
    }, 60_000);
  }
});
