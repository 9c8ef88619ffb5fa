// 같은 실행 A/B 벤치마크 (bench/abTwoBoneIK.ts) 의 "이전" 쪽: git 커밋 하나의 src/ 를 .bench-build/ 아래에 꺼내 컴파일한다.
// 옛 소스를 저장소에 복사해 두지 않는다 — 필요할 때마다 git 에서 꺼낸다.
// 사용: node bench/buildOldSrc.mjs [커밋] (기본 3048957: 입력 검사·재진입·사이 뼈·자동 극 이전의 TwoBoneIK)
import { execSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const commit = process.argv[2] ?? "3048957";
if (!/^[0-9a-f]{7,40}$/.test(commit)) throw new Error(`커밋은 16진수 해시여야 합니다 (받은 값: ${commit})`);
const dir = join(root, ".bench-build", `old-${commit}`);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
execSync(`git archive --format=tar ${commit} src | tar -x -C "${dir}"`, { cwd: root, stdio: "inherit" });
// 저장소의 tsconfig 를 그대로 쓰되 그 커밋의 src/ 만 js/ 로 컴파일한다 ("three" 는 저장소의 node_modules 에서 찾는다).
writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({
  extends: "../../tsconfig.json",
  compilerOptions: { rootDir: "src", outDir: "js", noEmit: false, sourceMap: false, noUnusedLocals: false },
  include: ["src"],
}));
execSync(`"${join(root, "node_modules", ".bin", "tsc")}" -p "${join(dir, "tsconfig.json")}"`, { cwd: root, stdio: "inherit" });
console.log(`옛 src (${commit}) → ${join(dir, "js")}`);
