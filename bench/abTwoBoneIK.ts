// npm run bench:ab: 같은 실행 안의 A/B — git 커밋의 옛 TwoBoneIK·solveTwoBoneIK (bench/buildOldSrc.mjs 가 꺼내 컴파일) 대 지금의 src/.
// 같은 사례를 후보마다 따로 만든 같은 리그에서 풀고, 라운드마다 후보 순서를 돌려 번갈아 잰다. 라운드마다 비율 (지금 / 옛) 을 구해
// 중앙값과 사분위 (p25–p75) 를 낸다: 다른 프로세스가 기계를 쓰는 동안에도 비율은 같은 순간의 두 값이라 흔들림이 덜하다.
// 옵션: --commits 3048957,979775c (먼저 node bench/buildOldSrc.mjs <커밋> 으로 컴파일), --rounds N, --only <시나리오 이름의 일부>, --wall, --json.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Object3D } from "three";
import * as current from "../src/index.js";
import { bytesAllocatedPerCall } from "./heap.js";
import { CASE_COUNT, makePointCases, makeRigCases, resetPose, withBetweenBones } from "./cases.js";
import type { RigCase } from "./cases.js";

type Library = typeof current;

const args = process.argv.slice(2);
const argValue = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const asJson = args.includes("--json");
const ROUNDS = Number(argValue("--rounds") ?? 41);
/** 한 번에 재는 사례 수: 짧게 (~0.1 ms) 재야 다른 프로세스에 밀려난 조각이 중앙값 밖의 외톨이로 남는다. */
const CHUNK = 256;
const commits = (argValue("--commits") ?? "3048957").split(",").filter((c) => c.length > 0);

const benchRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
interface Candidate { name: string; lib: Library }
const candidates: Candidate[] = [];
for (const commit of commits) {
  const entry = join(benchRoot, `old-${commit}`, "js", "index.js");
  if (!existsSync(entry)) throw new Error(`${entry} 가 없습니다: 먼저 node bench/buildOldSrc.mjs ${commit}`);
  candidates.push({ name: commit, lib: (await import(pathToFileURL(entry).href)) as Library });
}
candidates.push({ name: "지금", lib: current });

// --- 리그: bench/cases.ts 의 체인 (직접 부모·자식) 과, 같은 체인에 사이 뼈 (twist) 를 하나씩 끼운 체인 ---

interface Rigs { cases: RigCase[]; solvers: Map<Object3D, current.TwoBoneIK> }

function makeRigs(lib: Library, between: boolean): Rigs | null {
  const cases = between ? withBetweenBones(makeRigCases()) : makeRigCases();
  const solvers = new Map<Object3D, current.TwoBoneIK>();
  for (const c of cases) {
    if (solvers.has(c.upper)) continue;
    try {
      solvers.set(c.upper, new lib.TwoBoneIK(c.upper, c.mid, c.end));
    } catch {
      return null; // 옛 TwoBoneIK 는 사이 뼈를 받지 않는다
    }
  }
  return { cases, solvers };
}

// --- 시나리오 ---
const blendOptions = { weight: 0.7, soft: 0.2, keepEndRotation: true };

interface Scenario {
  name: string;
  /** 후보마다 한 번 준비해 사례 [from, to) 를 한 번씩 푸는 함수를 만든다 (못 풀면 null). */
  prepare(lib: Library): ((from: number, to: number) => void) | null;
  /** 같은 사례의 자세 되돌리기만 (TwoBoneIK 행의 고정 비용, 참고용). */
  reset?: (from: number, to: number) => void;
  /** 한 조각을 몇 번 되풀이해 재는가 (짧은 풀이도 CPU 시계의 1 µs 눈금보다 훨씬 길게). */
  repeat?: number;
}

function rigScenario(name: string, between: boolean, options: typeof blendOptions | undefined): Scenario {
  const resetRigs = makeRigs(current, between)!;
  return {
    name,
    prepare(lib) {
      const rigs = makeRigs(lib, between);
      if (rigs === null) return null;
      const out = lib.createTwoBoneIKResult();
      const { cases, solvers } = rigs;
      return (from, to) => {
        for (let i = from; i < to; i++) {
          const c = cases[i]!;
          resetPose(c);
          solvers.get(c.upper)!.solve(c.target, c.pole, options, out);
        }
      };
    },
    reset(from, to) { for (let i = from; i < to; i++) resetPose(resetRigs.cases[i]!); },
  };
}

const points = makePointCases();
const allScenarios: Scenario[] = [
  {
    name: "solveTwoBoneIK (out)",
    repeat: 16,
    prepare(lib) {
      const out = lib.createTwoBoneIKResult();
      const { roots, targets, poles, upperLengths, lowerLengths } = points;
      return (from, to) => {
        for (let i = from; i < to; i++) lib.solveTwoBoneIK(roots[i]!, upperLengths[i]!, lowerLengths[i]!, targets[i]!, poles[i]!, out);
      };
    },
  },
  rigScenario("TwoBoneIK.solve 기본 옵션", false, undefined),
  rigScenario("TwoBoneIK.solve weight+soft+keepEnd", false, blendOptions),
  rigScenario("TwoBoneIK.solve 기본, 사이 뼈 2", true, undefined),
  rigScenario("TwoBoneIK.solve w+s+k, 사이 뼈 2", true, blendOptions),
];

const only = argValue("--only");
const scenarios = only === undefined ? allScenarios : allScenarios.filter((s) => s.name.includes(only));

// --- 측정 ---
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  const pos = (sorted.length - 1) * q, lo = Math.floor(pos), hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}
const summary = (values: number[]) => ({ median: quantile(values, 0.5), p25: quantile(values, 0.25), p75: quantile(values, 0.75) });

const runs = scenarios.map((s) => candidates.map((c) => s.prepare(c.lib)));
for (const row of runs) for (const run of row) if (run) for (let i = 0; i < 10; i++) run(0, CASE_COUNT); // 준비 운동 (JIT)
for (const s of scenarios) if (s.reset) for (let i = 0; i < 10; i++) s.reset(0, CASE_COUNT);

const ns = scenarios.map(() => candidates.map(() => [] as number[]));
const resetNs = scenarios.map(() => [] as number[]);
const ratios = scenarios.map(() => candidates.map(() => [] as number[])); // 지금 / 후보
const netRatios = scenarios.map(() => candidates.map(() => [] as number[])); // 되돌리기를 뺀 비율
// 기본은 이 프로세스의 CPU 시간 (process.cpuUsage, µs): 다른 프로세스에 밀려나 기다린 시간은 들어가지 않는다. --wall 이면 벽시계.
const useWall = args.includes("--wall");
const time = (fn: (from: number, to: number) => void, from: number, repeat: number): number => {
  if (useWall) {
    const start = performance.now();
    for (let r = 0; r < repeat; r++) fn(from, from + CHUNK);
    return ((performance.now() - start) * 1e6) / (CHUNK * repeat);
  }
  const start = process.cpuUsage();
  for (let r = 0; r < repeat; r++) fn(from, from + CHUNK);
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1e3) / (CHUNK * repeat);
};
// 라운드마다 사례 전체를 CHUNK 개씩: 조각마다 모든 후보를 잇달아 재고 (순서는 돌린다) 그 조각의 비율을 구한다.
let turn = 0;
for (let round = 0; round < ROUNDS; round++) for (let from = 0; from < CASE_COUNT; from += CHUNK, turn++) {
  for (let si = 0; si < scenarios.length; si++) {
    const row = runs[si]!;
    const times: number[] = candidates.map(() => NaN);
    const slots = candidates.length + (scenarios[si]!.reset ? 1 : 0);
    for (let k = 0; k < slots; k++) {
      const ci = (k + turn) % slots; // 조각마다 순서를 돌린다
      const repeat = scenarios[si]!.repeat ?? 1;
      if (ci === candidates.length) { resetNs[si]!.push(time(scenarios[si]!.reset!, from, repeat)); continue; }
      const run = row[ci];
      if (run) times[ci] = time(run, from, repeat);
    }
    const now = times[candidates.length - 1]!;
    const reset = scenarios[si]!.reset ? resetNs[si]![resetNs[si]!.length - 1]! : 0;
    for (let ci = 0; ci < candidates.length; ci++) {
      if (Number.isNaN(times[ci]!)) continue;
      ns[si]![ci]!.push(times[ci]!);
      ratios[si]![ci]!.push(now / times[ci]!);
      netRatios[si]![ci]!.push((now - reset) / (times[ci]! - reset));
    }
  }
}
const bytes = runs.map((row) => {
  const run = row[candidates.length - 1]!;
  return bytesAllocatedPerCall(() => run(0, CASE_COUNT), 4, 5) / CASE_COUNT;
});

const report = {
  node: process.version,
  cases: CASE_COUNT,
  rounds: ROUNDS,
  chunk: CHUNK,
  clock: useWall ? "wall" : "cpu",
  candidates: candidates.map((c) => c.name),
  scenarios: scenarios.map((s, si) => ({
    name: s.name,
    resetNsPerSolve: s.reset ? summary(resetNs[si]!) : null,
    currentBytesPerSolve: bytes[si]!,
    candidates: candidates.map((c, ci) => ns[si]![ci]!.length === 0 ? { name: c.name, skipped: true } : {
      name: c.name,
      nsPerSolve: summary(ns[si]![ci]!),
      currentOverThis: summary(ratios[si]![ci]!),
      currentOverThisNet: s.reset ? summary(netRatios[si]![ci]!) : null,
    }),
  })),
};

if (asJson) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const f1 = (x: number) => x.toFixed(1), f3 = (x: number) => x.toFixed(3);
  const pad = (text: string, width: number) => text + " ".repeat(Math.max(0, width - [...text].length));
  console.log(`같은 실행 A/B — Node ${report.node}, 사례 ${CASE_COUNT} 개, 라운드 ${ROUNDS} × ${CASE_COUNT / CHUNK} 조각 (${CHUNK} 사례씩 잰 ${useWall ? "벽시계" : "CPU"} 시간의 중앙값 [p25–p75])`);
  console.log(`후보: ${candidates.map((c) => c.name).join(", ")}. 비율 = 지금 / 후보 (조각마다 구한 값의 중앙값); 순 = 자세 되돌리기를 양쪽에서 뺀 비율\n`);
  console.log("* 바이트는 이 프로세스에서 잰 값: 두 라이브러리가 three 의 같은 클래스를 함께 쓰면 필드 표현이 넓어져 할당이 보일 수 있다.");
  console.log("  0 B/풀이 의 기준은 혼자 도는 npm run bench 와 test/allocation.test.ts 다.\n");
  for (const s of report.scenarios) {
    const reset = s.resetNsPerSolve ? `, 되돌리기 ${f1(s.resetNsPerSolve.median)} ns` : "";
    console.log(`${s.name}  (지금: ${s.currentBytesPerSolve.toFixed(2)} B/풀이*${reset})`);
    for (const c of s.candidates) {
      if (!("nsPerSolve" in c) || c.nsPerSolve === undefined) { console.log(`  ${pad(c.name, 10)}— (사이 뼈를 받지 않음)`); continue; }
      const n = c.nsPerSolve, r = c.currentOverThis!, net = c.currentOverThisNet;
      const ratioText = c.name === "지금" ? "" : `지금/이것 ${f3(r.median)}× [${f3(r.p25)}–${f3(r.p75)}]`
        + (net ? `, 순 ${f3(net.median)}× [${f3(net.p25)}–${f3(net.p75)}]` : "");
      console.log(`  ${pad(c.name, 10)}${pad(`${f1(n.median)} ns [${f1(n.p25)}–${f1(n.p75)}]`, 28)}${ratioText}`);
    }
  }
}
