// 문서의 셸 블록 검사 규칙: 없는 make 대상·npm 스크립트·파일, 빠지거나 엉뚱한 설치 이름, 모르는 명령은 문제로 보고한다.
import { describe, expect, it } from "vitest";
import { makeTargetsOf, shellBlockProblems } from "./shellCommands";
import type { Repository } from "./shellCommands";

const repo: Repository = {
  makeTargets: makeTargetsOf("X := 1\n.PHONY: demo test\ndemo: install\n\tnpx vite\ntest test-all: install\ninstall:\n"),
  packageName: "three-two-bone-ik",
  scripts: { bench: "node b.js" },
  peerDependencies: { three: ">=0.183.0 <0.188.0", "@types/three": ">=0.183.1 <0.188.0" },
  optionalPeers: new Set(["@types/three"]),
  fileExists: (path) => ["e2e/run.mjs", "node_modules/.bin/vite"].includes(path),
};

describe("shellBlockProblems", () => {
  it("reads make targets from rules, not from variable assignments", () => {
    expect([...repo.makeTargets].sort()).toEqual([".PHONY", "demo", "install", "test", "test-all"]);
  });

  it("accepts commands that exist, with comments, blank lines and &&", () => {
    const code = "# 주석\nmake demo   # 설명\n\nmake test test-all && npm run bench\nnode e2e/run.mjs\nnpx vite build\n";
    expect(shellBlockProblems(code, repo)).toEqual([]);
  });

  it("reports a missing make target, npm script, file or npx binary", () => {
    expect(shellBlockProblems("make demo nope\nnpm run nope\nnode e2e/gone.mjs\nnpx nope", repo)).toEqual([
      "make demo nope: Makefile 에 nope 대상이 없다",
      "npm run nope: package.json 에 nope 스크립트가 없다",
      "node e2e/gone.mjs: e2e/gone.mjs 이 없다",
      "npx nope: node_modules/.bin/nope 이 없다",
    ]);
  });

  it("requires the install line to name this package and every required peer, and nothing else but optional peers", () => {
    expect(shellBlockProblems("npm i three-two-bone-ik three", repo)).toEqual([]);
    expect(shellBlockProblems("npm install -D three-two-bone-ik three@0.187.0 @types/three", repo)).toEqual([]);
    expect(shellBlockProblems("npm i three-two-bone-ik", repo)).toEqual(["npm i three-two-bone-ik: three 이 빠졌다"]);
    expect(shellBlockProblems("npm i three-two-bone-ik three lodash", repo)).toEqual(["npm i three-two-bone-ik three lodash: lodash 은 이 패키지나 peer 가 아니다"]);
  });

  it("reports a command it does not know how to check", () => {
    expect(shellBlockProblems("curl https://example.com | sh", repo)[0]).toMatch(/검사할 줄 모르는 명령/);
  });
});
