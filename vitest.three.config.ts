// 선언한 peer 범위의 양 끝에서 단위·속성·적합성 테스트를 돌린다 (make test-three-range).
//   THREE_VERSION=oldest npx vitest run -c vitest.three.config.ts   → devDependencies 의 three-oldest (npm:three@0.183.0)
//   THREE_VERSION=newest npx vitest run -c vitest.three.config.ts   → three-newest (npm:three@0.187.0)
// package.json 의 peerDependencies 범위는 정확히 이 두 끝이다. 범위를 바꾸면 별칭 버전도 함께 바꾼다.
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.ts";

const variant = process.env.THREE_VERSION;
if (variant !== "oldest" && variant !== "newest") {
  throw new Error(`THREE_VERSION 은 oldest 또는 newest 여야 합니다 (받은 값: ${variant})`);
}
const threeDir = fileURLToPath(new URL(`./node_modules/three-${variant}`, import.meta.url));
const { version } = JSON.parse(readFileSync(`${threeDir}/package.json`, "utf8")) as { version: string };
console.log(`three ${version} (${variant}) 로 테스트한다`);

export default mergeConfig(
  base,
  defineConfig({
    // "three" 는 ES 모듈 빌드로, "three/addons/…" 는 examples/jsm 으로 (three 의 exports 와 같게).
    // "three-two-bone-ik" 같은 이름은 건드리지 않는다.
    resolve: {
      alias: [
        { find: /^three$/, replacement: `${threeDir}/build/three.module.js` },
        { find: /^three\/(?:addons|examples\/jsm)\//, replacement: `${threeDir}/examples/jsm/` },
      ],
    },
    test: {
      // addons (GLTFLoader 등) 안의 import "three" 도 별칭을 거치게 Vite 로 불러온다 (아니면 Node 가 기본 three 를 찾는다).
      server: { deps: { inline: [/node_modules\/three-(?:oldest|newest)\/examples\//] } },
      // 할당 테스트는 Node 에서 .bench-build 를 직접 돌려 별칭이 닿지 않는다 (기본 three 로만 잰다).
      exclude: ["test/allocation.test.ts", "**/node_modules/**"],
      // 별칭이 실제로 쓰였는지 테스트가 확인할 수 있게 기대하는 버전을 넘긴다.
      // 리그 테스트의 무작위 목표는 자세마다 40 개 (기본 200): 여기서는 three 의 API (GLTFLoader·AnimationMixer·SkinnedMesh) 가 같은지를 본다.
      env: { EXPECTED_THREE_REVISION: version.split(".")[1]!, RIG_TARGETS_PER_POSE: "40" },
    },
  }),
);
