// 문서(README.md, README.en.md, CONTRIBUTING.md, docs/*.md)의 코드 블록을 꺼낸다. 모든 블록이 테스트다 (test/readme/readme.test.ts):
//   ```ts / ```typescript / ```js / ```javascript  → 모두 함께 타입 검사하고, 하나씩 Node 에서 실행한다 (가짜 렌더러·작은 glTF).
//   ```sh / ```bash / ```shell                     → 줄마다 명령이 저장소에 있는지 (make 대상, npm 스크립트, 설치할 패키지 이름, 파일).
//   ```python                                      → .venv 의 Python 으로 실행한다.
//   ```json                                        → JSON 으로 읽힌다.   ```text → 표시용, 검사하지 않는다.
// 블록 바로 위 줄의 <!-- no-test: 이유 --> 는 그 블록을 빼 준다. 셸 블록에만 허용한다 (사용자 기계에서만 뜻이 있는 명령).
// 그 밖의 언어 (표시용 text 등) 는 언어 이름이 없으면 실패한다: 모든 블록은 언어를 밝힌다.

export type BlockKind = "code" | "shell" | "python" | "json" | "text";

export interface CodeBlock {
  /** 문서 경로 (저장소 기준). */
  file: string;
  /** 여는 ``` 의 줄 번호 (1 부터). */
  line: number;
  lang: string;
  kind: BlockKind;
  code: string;
  /** <!-- no-test: 이유 --> 가 붙었으면 그 이유. */
  optOut?: string;
}

const KINDS: Record<string, BlockKind> = {
  ts: "code", typescript: "code", js: "code", javascript: "code",
  sh: "shell", bash: "shell", shell: "shell",
  python: "python", py: "python",
  json: "json",
  text: "text", txt: "text",
};

/** 마크다운에서 ``` 울타리 블록을 순서대로 꺼낸다. 닫히지 않은 블록과 언어 없는 블록은 오류. */
export function extractCodeBlocks(markdown: string, file: string): CodeBlock[] {
  const lines = markdown.split("\n");
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const lang = open[1]!.toLowerCase();
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!);
    if (i >= lines.length) throw new Error(`${file}:${start + 1}: 닫히지 않은 코드 블록`);
    const kind = KINDS[lang];
    if (kind === undefined) throw new Error(`${file}:${start + 1}: 코드 블록 언어를 알 수 없습니다 (받은 값: "${lang}")`);
    // 여는 줄 바로 위 (빈 줄 하나는 건너뛴다) 의 <!-- no-test: 이유 -->
    let above = start - 1;
    if (above >= 0 && lines[above]!.trim() === "") above--;
    const marker = above >= 0 ? /^<!--\s*no-test:\s*(.+?)\s*-->$/.exec(lines[above]!.trim()) : null;
    const block: CodeBlock = { file, line: start + 1, lang, kind, code: body.join("\n") + "\n" };
    if (marker) {
      if (kind !== "shell") throw new Error(`${file}:${start + 1}: no-test 는 셸 블록에만 쓴다 (${lang} 블록은 실행 가능해야 한다)`);
      block.optOut = marker[1]!;
    }
    blocks.push(block);
  }
  return blocks;
}

/** 블록마다 겹치지 않는 파일 이름: README.en.md 의 42 번째 줄 → README.en.md-L42.ts */
export function blockFileName(block: CodeBlock): string {
  const extension = block.lang.startsWith("j") ? "js" : block.kind === "python" ? "py" : "ts";
  return `${block.file.replace(/[^A-Za-z0-9.]/g, "_")}-L${block.line}.${extension}`;
}
