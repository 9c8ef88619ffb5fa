// npm run bench: 두 뼈 IK 벤치마크 (테스트에는 넣지 않는다 — 기계마다 시간이 다르다).
// 후보: 순수 함수와 그 기준선, three 의 장부 바닥 (자세 쓰기 + 행렬 갱신), TwoBoneIK (극·자동 극·keepEnd·끝 회전·tip·굽힘 제한·사이 뼈),
// 주문서의 30 줄 예제, three 의 CCDIKSolver. 같은 실행 안에서 모든 후보를 번갈아 돌리고 (라운드마다 순서를 바꿔, 후보마다 사례 전체를 3 번 연달아), 라운드마다 ns/풀이와 비율을 구해 중앙값을 낸다.
// 바이트/풀이는 GC 뒤 heapUsed 증가분 (node --expose-gc). 옵션: --json (기계가 읽을 출력), --rounds N.
// 옛 커밋과의 같은 실행 A/B (검사를 더한 비용 등) 는 npm run bench:ab (bench/abTwoBoneIK.ts, 옛 src 는 bench/buildOldSrc.mjs 가 git 에서 꺼낸다).
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Bone, BufferGeometry, Group, MeshBasicMaterial, Quaternion, Skeleton, SkinnedMesh, Vector3 } from "three";
import type { Object3D } from "three";
import { CCDIKSolver } from "three/addons/animation/CCDIKSolver.js";
import { createTwoBoneIKResult, solveTwoBoneIK, TwoBoneIK } from "../src/index.js";
import { bytesAllocatedPerCall } from "./heap.js";
import { measureBundleSizes } from "./bundleSize.js";
import { measureFootPlacement } from "./footPlacement.js";
import type { FootPlacementBench } from "./footPlacement.js";
import { CASE_COUNT, makePointCases, makeRigCases, resetPose, withBetweenBones } from "./cases.js";
import { naiveTwoBoneIK } from "./naiveSample.js";
import type { RigCase } from "./cases.js";
import { solvePacked } from "./yardstick.js";

interface Suite {
  name: string;
  /** 사례 CASE_COUNT 개를 한 번씩 푼다. */
  run(): void;
  /** 닿는 사례에서 끝과 목표의 거리 (평균, 최대) 와 뼈 길이 변화의 최대 — 정확도. 없으면 순수 계산. */
  accuracy?(): { meanError: number; maxError: number; maxLengthChange: number };
}

const args = process.argv.slice(2);
const asJson = args.includes("--json");
const roundsArg = args.indexOf("--rounds");
const ROUNDS = roundsArg >= 0 ? Number(args[roundsArg + 1]) : 11;
/** 라운드마다 후보 하나를 사례 전체에 몇 번 연달아 돌려 재는가 (앞 후보가 캐시를 비운 영향을 줄인다). */
const PASSES_PER_ROUND = 3;

// --- 순수 함수와 기준선 ---
const points = makePointCases();
const out = createTwoBoneIKResult();
const packedOutput = new Float64Array(CASE_COUNT * 7);

const solveSuite: Suite = {
  name: "solveTwoBoneIK (out)",
  run() {
    const { roots, targets, poles, upperLengths, lowerLengths } = points;
    for (let i = 0; i < CASE_COUNT; i++) solveTwoBoneIK(roots[i]!, upperLengths[i]!, lowerLengths[i]!, targets[i]!, poles[i]!, out);
  },
};

const yardstickSuite: Suite = {
  name: "기준선: 스칼라 + Float64Array",
  run() {
    for (let i = 0; i < CASE_COUNT; i++) solvePacked(points.packed, i, packedOutput);
  },
};

// --- 뼈: TwoBoneIK, 주문서의 예제, three 의 CCDIKSolver 를 같은 체인에 ---
interface RigSet {
  cases: RigCase[];
  solvers: Map<Object3D, { ik: TwoBoneIK; ccd1: CCDIKSolver | null; ccd50: CCDIKSolver | null; targetBone: Bone }>;
}

function makeRigSet(cases: RigCase[], withCcd = true): RigSet {
  const solvers: RigSet["solvers"] = new Map();
  for (const c of cases) {
    if (solvers.has(c.upper)) continue;
    const world = new Group();
    world.add(c.parent);
    const targetBone = new Bone();
    world.add(targetBone);
    const mesh = new SkinnedMesh(new BufferGeometry(), new MeshBasicMaterial());
    world.add(mesh);
    mesh.bind(new Skeleton([c.upper, c.mid, c.end, targetBone]));
    const iks = (iteration: number) => [{ target: 3, effector: 2, links: [{ index: 1 }, { index: 0 }], iteration }];
    // CCDIKSolver 는 사이 뼈가 있는 체인을 받지 않는다 (링크가 직접 부모·자식이어야 한다).
    const ccd1 = withCcd ? new CCDIKSolver(mesh, iks(1)) : null, ccd50 = withCcd ? new CCDIKSolver(mesh, iks(50)) : null;
    solvers.set(c.upper, { ik: new TwoBoneIK(c.upper, c.mid, c.end), ccd1, ccd50, targetBone });
  }
  return { cases, solvers };
}

const direct = makeRigSet(makeRigCases());
const between = makeRigSet(withBetweenBones(makeRigCases()), false);

const _root = new Vector3(), _mid = new Vector3(), _end = new Vector3();

/** 모든 뼈 사례를 한 번 풀고 정확도를 잰다 (시간 밖에서). */
function measureAccuracy(set: RigSet, solveCase: (c: RigCase) => void): { meanError: number; maxError: number; maxLengthChange: number } {
  let sum = 0, count = 0, maxError = 0, maxLengthChange = 0;
  for (const c of set.cases) {
    resetPose(c);
    c.parent.updateMatrixWorld(true);
    _root.setFromMatrixPosition(c.upper.matrixWorld);
    _mid.setFromMatrixPosition(c.mid.matrixWorld);
    _end.setFromMatrixPosition(c.end.matrixWorld);
    const a = _root.distanceTo(_mid), b = _mid.distanceTo(_end);
    solveCase(c);
    c.parent.updateMatrixWorld(true);
    _root.setFromMatrixPosition(c.upper.matrixWorld);
    _mid.setFromMatrixPosition(c.mid.matrixWorld);
    _end.setFromMatrixPosition(c.end.matrixWorld);
    maxLengthChange = Math.max(maxLengthChange, Math.abs(_root.distanceTo(_mid) - a), Math.abs(_mid.distanceTo(_end) - b));
    if (c.reachable) {
      const error = _end.distanceTo(c.target);
      sum += error; count++;
      maxError = Math.max(maxError, error);
    }
  }
  return { meanError: sum / count, maxError, maxLengthChange };
}

const keepEnd = { keepEndRotation: true };
// issue 16 의 옵션: 끝 회전 (가중치 1, 그리고 0.6 + tip 은 삼각형을 두 번 푸는 가장 비싼 길), tip, 굽힘 제한.
const grip = new Quaternion(0.1, 0.7, -0.2, 0.6).normalize();
const palm = new Vector3(0.02, 0.08, 0.01);
const endRotationOptions = { endRotation: grip };
const endRotationTipOptions = { endRotation: grip, endRotationWeight: 0.6, tip: palm };
const tipOptions = { tip: palm };
const bendLimitOptions = { bendLimits: { min: 0.05, max: 2.6 } };

function rigSuite(name: string, set: RigSet, solveCase: (c: RigCase) => void, withAccuracy = true): Suite {
  return {
    name,
    run() { for (const c of set.cases) solveCase(c); },
    ...(withAccuracy ? { accuracy: () => measureAccuracy(set, solveCase) } : {}),
  };
}

function ccdCase(set: RigSet, c: RigCase, which: "ccd1" | "ccd50"): void {
  resetPose(c);
  const s = set.solvers.get(c.upper)!;
  // CCDIKSolver 는 체인의 월드 행렬이 최신이라고 가정한다: TwoBoneIK 가 안에서 하는 갱신과 같은 일을 먼저 한다.
  c.end.updateWorldMatrix(true, false);
  s.targetBone.position.copy(c.target);
  s.targetBone.updateMatrixWorld();
  s[which]!.update();
}

// three 의 장부 바닥: 어떤 뼈 풀이든 치르는 일 — 사례의 자세를 쓰고 조상·체인의 월드 행렬을 갱신한다.
const floorSuite = rigSuite("바닥: 자세 쓰기 + 월드 행렬 갱신", direct, (c) => { resetPose(c); c.end.updateWorldMatrix(true, false); }, false);
const twoBoneSuite = rigSuite("TwoBoneIK.solve (극)", direct, (c) => { resetPose(c); direct.solvers.get(c.upper)!.ik.solve(c.target, c.pole, undefined, out); });
const autoPoleSuite = rigSuite("TwoBoneIK.solve (자동 극)", direct, (c) => { resetPose(c); direct.solvers.get(c.upper)!.ik.solve(c.target, undefined, undefined, out); });
const keepEndSuite = rigSuite("TwoBoneIK.solve (극, keepEndRotation)", direct, (c) => { resetPose(c); direct.solvers.get(c.upper)!.ik.solve(c.target, c.pole, keepEnd, out); });
const endRotationSuite = rigSuite("TwoBoneIK.solve (극, endRotation)", direct, (c) => { resetPose(c); direct.solvers.get(c.upper)!.ik.solve(c.target, c.pole, endRotationOptions, out); });
const endRotationTipSuite = rigSuite("TwoBoneIK.solve (극, endRotation 0.6 + tip)", direct, (c) => { resetPose(c); direct.solvers.get(c.upper)!.ik.solve(c.target, c.pole, endRotationTipOptions, out); }, false);
const tipSuite = rigSuite("TwoBoneIK.solve (극, tip)", direct, (c) => { resetPose(c); direct.solvers.get(c.upper)!.ik.solve(c.target, c.pole, tipOptions, out); }, false);
const bendLimitSuite = rigSuite("TwoBoneIK.solve (극, bendLimits)", direct, (c) => { resetPose(c); direct.solvers.get(c.upper)!.ik.solve(c.target, c.pole, bendLimitOptions, out); }, false);
const betweenFloorSuite = rigSuite("바닥, 사이 뼈 둘", between, (c) => { resetPose(c); c.end.updateWorldMatrix(true, false); }, false);
const betweenSuite = rigSuite("TwoBoneIK.solve, 사이 뼈 둘", between, (c) => { resetPose(c); between.solvers.get(c.upper)!.ik.solve(c.target, c.pole, undefined, out); });
const naiveSuite = rigSuite("주문서의 30 줄 예제", direct, (c) => { resetPose(c); naiveTwoBoneIK(c.upper, c.mid, c.end, c.target, c.pole); });
const ccd1Suite = rigSuite("CCDIKSolver, 기본 1회 반복", direct, (c) => ccdCase(direct, c, "ccd1"));
const ccd50Suite = rigSuite("CCDIKSolver, 50회 반복", direct, (c) => ccdCase(direct, c, "ccd50"));

const suites = [
  solveSuite, yardstickSuite, floorSuite, twoBoneSuite, autoPoleSuite, keepEndSuite, endRotationSuite, endRotationTipSuite,
  tipSuite, bendLimitSuite, betweenFloorSuite, betweenSuite, naiveSuite, ccd1Suite, ccd50Suite,
];

/** 같은 라운드 안의 두 후보의 시간 비율과 목표. atMost: 비율이 target 이하여야 한다 (아니면 이상). */
interface Ratio { label: string; numerator: Suite; denominator: Suite; target: number; atMost: boolean }
const ratioDefinitions: Ratio[] = [
  { label: "TwoBoneIK.solve / 바닥", numerator: twoBoneSuite, denominator: floorSuite, target: 2, atMost: true },
  { label: "TwoBoneIK.solve (자동 극) / 바닥", numerator: autoPoleSuite, denominator: floorSuite, target: 2, atMost: true },
  { label: "TwoBoneIK.solve (keepEnd) / 바닥", numerator: keepEndSuite, denominator: floorSuite, target: 2, atMost: true },
  { label: "사이 뼈 둘: TwoBoneIK.solve / 그 바닥", numerator: betweenSuite, denominator: betweenFloorSuite, target: 2, atMost: true },
  { label: "주문서의 예제 / TwoBoneIK.solve", numerator: naiveSuite, denominator: twoBoneSuite, target: 1.6, atMost: false },
  { label: "CCD 50회 / TwoBoneIK.solve", numerator: ccd50Suite, denominator: twoBoneSuite, target: 30, atMost: false },
  { label: "TwoBoneIK.solve / CCD 기본 1회", numerator: twoBoneSuite, denominator: ccd1Suite, target: 1, atMost: true },
  { label: "solveTwoBoneIK / 기준선", numerator: solveSuite, denominator: yardstickSuite, target: 1.5, atMost: true },
];

/** TwoBoneIK 만 가져오는 번들의 목표 (바이트). */
const BUNDLE_TARGET = { name: "TwoBoneIK", minified: 20_000, gzip: 7_000 };

// --- 측정 ---
function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

for (const s of suites) for (let i = 0; i < 5; i++) s.run(); // 준비 운동 (JIT)

const nsPerSolve = new Map<Suite, number[]>(suites.map((s) => [s, []]));
const ratioRounds = ratioDefinitions.map(() => [] as number[]);
for (let round = 0; round < ROUNDS; round++) {
  const times = new Map<Suite, number>();
  for (let k = 0; k < suites.length; k++) {
    const s = suites[(k + round) % suites.length]!; // 라운드마다 순서를 돌려 순서 효과를 고르게
    const start = performance.now();
    for (let pass = 0; pass < PASSES_PER_ROUND; pass++) s.run();
    const ns = ((performance.now() - start) * 1e6) / (PASSES_PER_ROUND * CASE_COUNT);
    times.set(s, ns);
    nsPerSolve.get(s)!.push(ns);
  }
  ratioDefinitions.forEach((r, i) => ratioRounds[i]!.push(times.get(r.numerator)! / times.get(r.denominator)!));
}

const bytes = new Map<Suite, number>(suites.map((s) => [s, bytesAllocatedPerCall(() => s.run(), 4, 5) / CASE_COUNT]));
const accuracy = new Map(suites.filter((s) => s.accuracy).map((s) => [s, s.accuracy!()]));
// 시간을 다 잰 뒤에: 번들러를 불러오는 일이 위 측정에 섞이지 않게. 발 딛기는 새 프로세스에서 (bench/footPlacementMain.ts) 와
// 이 프로세스에서 (위의 벤치마크가 three 와 TwoBoneIK 의 호출 자리를 다형으로 만든 뒤) 둘 다 잰다. 새 프로세스는 할당 테스트처럼
// --single-threaded: 최적화 컴파일이 그 자리에서 끝나 바이트/프레임이 실행마다 같다.
const footPlacement = JSON.parse(execFileSync(
  process.execPath, ["--expose-gc", "--single-threaded", fileURLToPath(new URL("./footPlacementMain.js", import.meta.url)), String(ROUNDS)], { encoding: "utf8" },
)) as FootPlacementBench[];
const footPlacementShared = measureFootPlacement(ROUNDS);
const bundleSizes = await measureBundleSizes();

const report = {
  node: process.version,
  cases: CASE_COUNT,
  rounds: ROUNDS,
  suites: suites.map((s) => ({
    name: s.name,
    nsPerSolve: median(nsPerSolve.get(s)!),
    bytesPerSolve: bytes.get(s)!,
    accuracy: accuracy.get(s) ?? null,
  })),
  ratios: ratioDefinitions.map((r, i) => {
    const value = median(ratioRounds[i]!);
    return { label: r.label, value, target: r.target, atMost: r.atMost, met: r.atMost ? value <= r.target : value >= r.target };
  }),
  footPlacement,
  footPlacementShared,
  bundleSizes,
  bundleTarget: BUNDLE_TARGET,
};

if (asJson) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const pad = (text: string, width: number) => text + " ".repeat(Math.max(0, width - [...text].length));
  const mark = (met: boolean) => (met ? "✓" : "✗");
  console.log(`두 뼈 IK 벤치마크 — Node ${report.node}, 사례 ${CASE_COUNT} 개 (1/3 은 닿지 않음, 부모 64 종), 라운드 ${ROUNDS} 의 중앙값\n`);
  console.log(`${pad("후보", 40)}${pad("ns/풀이", 12)}${pad("바이트/풀이", 13)}정확도 (닿는 사례의 |끝 − 목표| 평균 / 최대, 뼈 길이 변화 최대)`);
  for (const s of report.suites) {
    const acc = s.accuracy
      ? `${s.accuracy.meanError.toExponential(2)} / ${s.accuracy.maxError.toExponential(2)}, ${s.accuracy.maxLengthChange.toExponential(2)}`
      : "";
    console.log(`${pad(s.name, 40)}${pad(s.nsPerSolve.toFixed(1), 12)}${pad(s.bytesPerSolve.toFixed(2), 13)}${acc}`);
  }
  console.log(`\n비율 (라운드 안에서 구한 값의 중앙값) 과 목표:`);
  for (const r of report.ratios) {
    console.log(`  ${mark(r.met)} ${pad(r.label, 40)}${pad(`${r.value.toFixed(2)}×`, 10)}(목표 ${r.atMost ? "≤" : "≥"} ${r.target}×)`);
  }
  console.log(`\n발 딛기 (높이 함수 땅에 4–7 번 쏘기 + 다리 풀이 2 번 + 골반, 목표 ≤ 5 µs/캐릭터; 프레임 = 클립 쓰기 + update):`);
  for (const f of footPlacement) {
    const frame = `(프레임 ${f.frameMicrosecondsPerCharacter.toFixed(2)} − 클립 쓰기 ${f.clipMicrosecondsPerCharacter.toFixed(2)})`;
    console.log(`  ${pad(f.name, 34)}${mark(f.microsecondsPerCharacter <= 5)} ${pad(`${f.microsecondsPerCharacter.toFixed(2)} µs/캐릭터`, 16)}${pad(frame, 34)}${f.bytesPerFrame.toFixed(2)} 바이트/프레임`);
  }
  const shared = report.footPlacementShared.map((f) => `${f.characters} 명 ${f.microsecondsPerCharacter.toFixed(2)}`).join(", ");
  console.log(`  (위는 새 프로세스. 이 프로세스에서 위의 벤치마크 뒤에: ${shared} µs/캐릭터)`);
  console.log(`\n번들 크기 (src/ 에서 Vite 로 minify, three 는 외부 — 사용자 번들에 더해지는 바이트):`);
  for (const b of report.bundleSizes) {
    const target = b.name === BUNDLE_TARGET.name
      ? `   ${mark(b.minifiedBytes <= BUNDLE_TARGET.minified && b.gzipBytes <= BUNDLE_TARGET.gzip)} 목표 ≤ ${BUNDLE_TARGET.minified / 1000} kB min / ${BUNDLE_TARGET.gzip / 1000} kB gzip`
      : "";
    console.log(`  ${pad(b.name, 30)}${pad(`${(b.minifiedBytes / 1000).toFixed(1)} kB min`, 14)}${(b.gzipBytes / 1000).toFixed(1)} kB gzip${target}`);
  }
}
