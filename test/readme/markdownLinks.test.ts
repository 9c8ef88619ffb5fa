// README*.md, CONTRIBUTING.md, docs/*.md, python/README*.md, python/docs/*.md 의 상대 링크가 있는 파일과 제목을 가리킨다.
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { anchorsOf, docsPages, githubSlug, linkProblems } from "./markdownLinks";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const read = (path: string) => readFileSync(join(REPO, path), "utf8");
const pythonDocs = existsSync(join(REPO, "python/docs"))
  ? readdirSync(join(REPO, "python/docs")).filter((n) => n.endsWith(".md")).sort().map((n) => `python/docs/${n}`)
  : [];
const FILES = ["README.md", "README.en.md", "CONTRIBUTING.md", ...docsPages(REPO), "python/README.md", "python/README.en.md", ...pythonDocs];

describe("markdown links", () => {
  it("slugs headings the way GitHub does", () => {
    expect(githubSlug("solveTwoBoneIK: 수치와 허용치, 퇴화한 입력")).toBe("solvetwoboneik-수치와-허용치-퇴화한-입력");
    expect(githubSlug("API (TypeScript, `src/index.ts`)")).toBe("api-typescript-srcindexts");
    expect([...anchorsOf("# A\n## A\n```sh\n# A\n```\n")]).toEqual(["a", "a-1"]);
  });

  it("finds a broken file and a broken anchor", () => {
    const docs: Record<string, string> = { "README.md": "[a](README.md#nope) [b](missing.md) [c](#a) `[d](x.md)`\n# A\n" };
    const problems = linkProblems(REPO, "README.md", (p) => docs[p] ?? read(p));
    expect(problems.map((p) => p.link)).toEqual(["README.md#nope", "missing.md"]);
  });

  for (const file of FILES) {
    it(`${file}: every relative link points to a file (and heading) that exists`, () => {
      expect(linkProblems(REPO, file, read)).toEqual([]);
    });
  }

  it("each README links every docs page of its language (docs/ from README*, python/docs/ from python/README*)", () => {
    const sets: [string, string[]][] = [
      ["", docsPages(REPO)],
      ["python/", pythonDocs.map((page) => page.slice("python/".length))],
    ];
    for (const [dir, pages] of sets) {
      for (const readme of ["README.md", "README.en.md"]) {
        const text = read(dir + readme);
        for (const page of pages) {
          const korean = !page.endsWith(".en.md");
          if (korean !== (readme === "README.md")) continue;
          expect(text.includes(`](${page}`), `${dir}${readme} → ${page}`).toBe(true);
        }
      }
    }
  });
});
