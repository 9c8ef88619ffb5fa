// 문서의 셸 블록 검사: 줄마다 명령이 저장소에 있는 것을 가리키는지 (make 대상, npm 스크립트, 설치할 패키지 이름, 파일, npx 의 실행 파일).

export interface Repository {
  makeTargets: ReadonlySet<string>;
  packageName: string;
  scripts: Readonly<Record<string, string>>;
  peerDependencies: Readonly<Record<string, string>>;
  optionalPeers: ReadonlySet<string>;
  /** 저장소 기준 경로의 파일이 있는가. */
  fileExists(path: string): boolean;
}

/** Makefile 의 규칙 이름 (변수 대입 `X :=` 는 빼고). */
export function makeTargetsOf(makefile: string): Set<string> {
  return new Set(
    [...makefile.matchAll(/^([A-Za-z0-9_.-]+(?:[ \t]+[A-Za-z0-9_.-]+)*)[ \t]*:(?!=)/gm)].flatMap((m) => m[1]!.split(/[ \t]+/)),
  );
}

/** 셸 블록 하나의 문제들 (없으면 빈 배열). 주석과 빈 줄은 건너뛰고, `a && b` 는 명령 둘로 본다. */
export function shellBlockProblems(code: string, repo: Repository): string[] {
  const problems: string[] = [];
  for (const raw of code.split("\n")) {
    const line = raw.replace(/\s+#.*$/, "").trim();
    if (line === "" || line.startsWith("#")) continue;
    for (const command of line.split(/\s*&&\s*/)) {
      const problem = commandProblem(command, repo);
      if (problem !== null) problems.push(`${command}: ${problem}`);
    }
  }
  return problems;
}

function commandProblem(command: string, repo: Repository): string | null {
  const words = command.split(/\s+/);
  const [program, sub] = words;
  if (program === "make") {
    const missing = words.slice(1).filter((target) => !repo.makeTargets.has(target));
    return missing.length > 0 ? `Makefile 에 ${missing.join(", ")} 대상이 없다` : null;
  }
  if (program === "npm" && sub === "run") {
    return repo.scripts[words[2] ?? ""] === undefined ? `package.json 에 ${words[2]} 스크립트가 없다` : null;
  }
  if (program === "npm" && (sub === "i" || sub === "install")) {
    // 설치 줄은 이 패키지와 필수 peer 를 모두 담고, 그 밖에는 선택 peer 만 더할 수 있다.
    const names = words.slice(2).filter((w) => !w.startsWith("-")).map((w) => w.replace(/(.)@.*$/, "$1"));
    const required = [repo.packageName, ...Object.keys(repo.peerDependencies).filter((n) => !repo.optionalPeers.has(n))];
    const allowed = new Set([...required, ...Object.keys(repo.peerDependencies)]);
    const missing = required.filter((n) => !names.includes(n));
    const extra = names.filter((n) => !allowed.has(n));
    if (missing.length > 0) return `${missing.join(", ")} 이 빠졌다`;
    if (extra.length > 0) return `${extra.join(", ")} 은 이 패키지나 peer 가 아니다`;
    return null;
  }
  if (program === "node" || program === "python3" || program === "bash") {
    const file = words.slice(1).find((w) => !w.startsWith("-"));
    if (file !== undefined && /\.(m?js|ts|py|sh)$/.test(file) && !repo.fileExists(file)) return `${file} 이 없다`;
    return null;
  }
  if (program === "npx") {
    return repo.fileExists(`node_modules/.bin/${sub}`) ? null : `node_modules/.bin/${sub} 이 없다`;
  }
  return "검사할 줄 모르는 명령이다. 블록 위에 <!-- no-test: 이유 --> 를 붙이거나 test/readme/shellCommands.ts 에 규칙을 더한다";
}
