// Vite 의 `?url` 가져오기: 파일을 빌드에 복사하고 그 주소 (문자열) 를 돌려준다 (기사 모델, terrainWalk.ts).
declare module "*.glb?url" {
  const url: string;
  export default url;
}
