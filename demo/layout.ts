// 화면 배치: 설명 패널 접기·펴기, 처음에 패널을 펼칠지(넓은 화면만), 창 크기·방향이 바뀔 때 렌더러와 카메라 맞추기.
import type { PerspectiveCamera, WebGLRenderer } from "three";

/** 기기 픽셀 비율의 상한: 휴대폰의 3× 화면에서 픽셀 수를 줄여 60 fps 를 지킨다. */
export const MAX_PIXEL_RATIO = 2;

/** 패널을 처음부터 펼쳐도 장면이 가려지지 않을 만큼 넓은 화면인가 (CSS px). */
export function isRoomy(): boolean {
  return window.innerWidth >= 1000 && window.innerHeight >= 600;
}

/** 설명 패널의 접기 단추를 연결한다. open: 처음 상태. */
export function setupInfoPanel(open: boolean): void {
  const panel = document.getElementById("info")!;
  const toggle = document.getElementById("info-toggle")!;
  const apply = (isOpen: boolean): void => {
    panel.classList.toggle("collapsed", !isOpen);
    toggle.setAttribute("aria-expanded", String(isOpen));
  };
  apply(open);
  toggle.addEventListener("click", () => apply(panel.classList.contains("collapsed")));
}

/** 렌더러 크기와 카메라 비율을 창 크기에 맞춘다 (방향 전환도 resize 로 온다). */
export function resizeRenderer(renderer: WebGLRenderer, camera: PerspectiveCamera): void {
  const width = window.innerWidth;
  const height = window.innerHeight;
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, MAX_PIXEL_RATIO));
  renderer.setSize(width, height);
  camera.aspect = width / height;
  camera.updateProjectionMatrix();
}
