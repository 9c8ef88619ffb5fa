// 데모(설명 화면)의 Vite 설정. `make demo` 는 개발 서버, `npm run build:demo` 는 dist-demo/ 에 정적 사이트를 만든다.
import { defineConfig } from "vite";

/** 이 파일이 있는 폴더(demo/)의 절대 경로: 어디서 실행해도 같은 root. */
const demoRoot = decodeURIComponent(new URL(".", import.meta.url).pathname);

export default defineConfig({
  root: demoRoot,
  // 상대 경로: 어떤 정적 서버의 어떤 하위 경로에 올려도 동작한다.
  base: "./",
  build: {
    outDir: "../dist-demo",
    emptyOutDir: true,
    // three 가 대부분인 한 덩어리 (gzip 약 165 kB): 나눌 이유가 없으므로 경고 한도만 올린다.
    chunkSizeWarningLimit: 900,
  },
});
