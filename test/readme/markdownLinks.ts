// 문서 사이의 상대 링크 ([글](docs/contract.md#이름-규칙)) 가 있는 파일과 제목을 가리키는지 (markdownLinks.test.ts).
// 제목의 앵커는 GitHub 의 방식으로 만든다: 소문자, 글자·숫자·밑줄·하이픈·공백만 남기고 공백은 하이픈, 같은 앵커는 -1, -2 …
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** docs/ 의 마크다운 페이지 (저장소 기준 경로, 이름 순). */
export function docsPages(repo: string): string[] {
  return readdirSync(join(repo, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`);
}

/** 코드 블록 밖의 줄만 (``` 울타리 안의 `[a](b)` 는 링크가 아니다). */
function proseLines(markdown: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let fenced = false;
  markdown.split("\n").forEach((text, i) => {
    if (/^\s*```/.test(text)) fenced = !fenced;
    else if (!fenced) out.push({ line: i + 1, text: text.replace(/`[^`]*`/g, "") });
  });
  return out;
}

export function githubSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** 마크다운의 제목 앵커들. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) { fenced = !fenced; continue; }
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = githubSlug(heading[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1"));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

export interface LinkProblem { file: string; line: number; link: string; problem: string }

/** file (저장소 기준) 의 상대 링크 중 없는 파일·앵커를 가리키는 것. read 는 저장소 기준 경로의 글을 돌려준다. */
export function linkProblems(repo: string, file: string, read: (path: string) => string): LinkProblem[] {
  const problems: LinkProblem[] = [];
  const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
  for (const { line, text } of proseLines(read(file))) {
    for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const link = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:
      const [pathPart, anchor] = link.split("#", 2) as [string, string | undefined];
      const target = pathPart === "" ? file : normalize(dir === "" ? pathPart : `${dir}/${pathPart}`);
      if (target.startsWith("../")) { problems.push({ file, line, link, problem: "저장소 밖" }); continue; }
      if (!existsSync(join(repo, target))) { problems.push({ file, line, link, problem: `${target} 이 없다` }); continue; }
      if (anchor !== undefined && target.endsWith(".md")) {
        const wanted = decodeURIComponent(anchor).toLowerCase();
        if (!anchorsOf(read(target)).has(wanted)) problems.push({ file, line, link, problem: `${target} 에 #${wanted} 제목이 없다` });
      }
    }
  }
  return problems;
}

function normalize(path: string): string {
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === ".." && parts.length > 0 && parts[parts.length - 1] !== "..") parts.pop();
    else parts.push(part);
  }
  return parts.join("/");
}
