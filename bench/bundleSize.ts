// 사용자 번들에 들어가는 라이브러리 크기: 공개 API 의 일부만 가져오는 진입점을 Vite (rolldown) 로 src/ 에서 바로 묶고
// (three 는 외부, 사용자 앱에 이미 있다), 앱의 운영 빌드처럼 oxc 로 minify 한 바이트와 gzip -9 바이트를 잰다.
// (Vite 의 lib 모드 "es" 형식은 minify 해도 공백을 남긴다: 그 크기는 사용자 번들에 더해지는 바이트가 아니다.)
// 트리 셰이킹이 동작하는지도 보인다.
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

export interface BundleSize {
  name: string;
  /** 진입점이 가져오는 것. */
  imports: string;
  minifiedBytes: number;
  gzipBytes: number;
}

/** 가져오는 것의 조합: 순수 수학만, 뼈 풀이, 도우미까지, 전부. */
const ENTRIES: { name: string; imports: string }[] = [
  { name: "solveTwoBoneIK 만", imports: "solveTwoBoneIK" },
  { name: "TwoBoneIK", imports: "TwoBoneIK" },
  { name: "TwoBoneIK + TwoBoneIKHelper", imports: "TwoBoneIK, TwoBoneIKHelper" },
  { name: "FootPlacement + 높이 함수 땅", imports: "FootPlacement, createHeightFieldGround" },
  { name: "공개 API 전부", imports: "*" },
];

const SOURCE_INDEX = fileURLToPath(new URL("../../src/index.ts", import.meta.url));

export async function measureBundleSizes(): Promise<BundleSize[]> {
  // 시간 측정에 섞이지 않게 필요할 때만 불러온다.
  const { build, minify } = await import("vite");
  const sizes: BundleSize[] = [];
  for (const entry of ENTRIES) {
    // Vite 가 lib 진입점을 루트 기준 경로로 바꾸므로 끝 이름으로 알아본다.
    const id = "bundle-size-entry.js";
    const isEntry = (source: string) => source.endsWith(id);
    const code = entry.imports === "*"
      ? `export * from ${JSON.stringify(SOURCE_INDEX)};`
      : `export { ${entry.imports} } from ${JSON.stringify(SOURCE_INDEX)};`;
    const output = await build({
      configFile: false,
      logLevel: "silent",
      plugins: [{ name: "bundle-size-entry", resolveId: (source) => (isEntry(source) ? id : null), load: (source) => (isEntry(source) ? code : null) }],
      build: {
        write: false,
        minify: true,
        lib: { entry: id, formats: ["es"], fileName: "entry" },
        rollupOptions: { external: [/^three(\/|$)/] },
      },
    });
    const results = Array.isArray(output) ? output : [output];
    let text = "";
    for (const result of results) {
      if (!("output" in result)) throw new Error("vite build 가 결과를 돌려주지 않았다");
      for (const chunk of result.output) if (chunk.type === "chunk") text += chunk.code;
    }
    const minified = await minify("entry.js", text, { compress: true, mangle: true });
    if (minified.errors.length > 0) throw new Error(`minify 실패: ${minified.errors.map((e) => e.message).join("; ")}`);
    const bytes = Buffer.from(minified.code);
    sizes.push({ ...entry, minifiedBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length });
  }
  return sizes;
}
