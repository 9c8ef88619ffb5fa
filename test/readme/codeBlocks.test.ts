// 문서 코드 블록 추출기의 규칙: 언어별 종류, 줄 번호, <!-- no-test --> 는 셸 블록에만, 닫히지 않은 블록·모르는 언어는 오류.
import { describe, expect, it } from "vitest";
import { blockFileName, extractCodeBlocks } from "./codeBlocks";

const fence = "```";

describe("extractCodeBlocks", () => {
  it("returns every fenced block with its language, kind, first line number and code", () => {
    const md = ["# 제목", "", `${fence}ts`, "const a = 1;", fence, "글", `${fence}sh`, "make test", fence, `${fence}python`, "print(1)", fence].join("\n");
    const blocks = extractCodeBlocks(md, "README.md");
    expect(blocks.map((b) => [b.lang, b.kind, b.line, b.code])).toEqual([
      ["ts", "code", 3, "const a = 1;\n"],
      ["sh", "shell", 7, "make test\n"],
      ["python", "python", 10, "print(1)\n"],
    ]);
    expect(blocks.every((b) => b.optOut === undefined)).toBe(true);
  });

  it("reads <!-- no-test: reason --> right above a shell block, also across one blank line", () => {
    const md = ["<!-- no-test: 사용자 기계에서만 -->", `${fence}sh`, "pip install x", fence, "", "<!-- no-test: 둘째 -->", "", `${fence}bash`, "ls", fence].join("\n");
    expect(extractCodeBlocks(md, "R.md").map((b) => b.optOut)).toEqual(["사용자 기계에서만", "둘째"]);
  });

  it("rejects no-test on a ts, js or python block: those must run as pasted", () => {
    for (const lang of ["ts", "js", "python"]) {
      const md = ["<!-- no-test: 귀찮음 -->", `${fence}${lang}`, "x", fence].join("\n");
      expect(() => extractCodeBlocks(md, "R.md")).toThrow(/no-test 는 셸 블록에만/);
    }
  });

  it("rejects an unclosed block and a block without a known language, naming file and line", () => {
    expect(() => extractCodeBlocks(["a", `${fence}ts`, "x"].join("\n"), "R.md")).toThrow("R.md:2: 닫히지 않은 코드 블록");
    expect(() => extractCodeBlocks([`${fence}`, "x", fence].join("\n"), "R.md")).toThrow(/R\.md:1: 코드 블록 언어를 알 수 없습니다 \(받은 값: ""\)/);
    expect(() => extractCodeBlocks([`${fence}mermaid`, "x", fence].join("\n"), "R.md")).toThrow(/"mermaid"/);
  });

  it("names extracted files after document and line, with the block's extension", () => {
    const [ts, js] = extractCodeBlocks([`${fence}ts`, "1", fence, `${fence}js`, "2", fence].join("\n"), "README.en.md");
    expect(blockFileName(ts!)).toBe("README.en.md-L1.ts");
    expect(blockFileName(js!)).toBe("README.en.md-L4.js");
  });
});
