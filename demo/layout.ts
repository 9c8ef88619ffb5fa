// 화면 배치: 설명 패널 접기·펴기, 처음에 패널을 펼칠지(넓은 화면만), 휴대폰에서 패널을 하나만 펴기,
// 창 크기·방향이 바뀔 때 렌더러 맞추기, 그리고 패널이 가리지 않는 빈 자리(free rect)를 재는 일.
import type { PerspectiveCamera, WebGLRenderer } from "three";

/** 기기 픽셀 비율의 상한: 휴대폰의 3× 화면에서 픽셀 수를 줄여 60 fps 를 지킨다. */
export const MAX_PIXEL_RATIO = 2;

/** 패널을 처음부터 펼쳐도 장면이 가려지지 않을 만큼 넓은 화면인가 (CSS px). */
export function isRoomy(): boolean {
  return window.innerWidth >= 1000 && window.innerHeight >= 600;
}

/** 패널 둘을 함께 펴면 장면이 너무 좁아지는 화면 (휴대폰): 하나를 펴면 다른 하나를 접는다. */
export function isCramped(): boolean {
  return !isRoomy();
}

export interface InfoPanel {
  isOpen(): boolean;
  setOpen(open: boolean): void;
}

/** 설명 패널의 접기 단추를 연결한다. open: 처음 상태. onToggle: 사용자가 접거나 편 뒤. */
export function setupInfoPanel(open: boolean, onToggle: (open: boolean) => void): InfoPanel {
  const panel = document.getElementById("info")!;
  const toggle = document.getElementById("info-toggle")!;
  const apply = (isOpen: boolean): void => {
    panel.classList.toggle("collapsed", !isOpen);
    toggle.setAttribute("aria-expanded", String(isOpen));
  };
  apply(open);
  toggle.addEventListener("click", () => {
    const isOpen = panel.classList.contains("collapsed");
    apply(isOpen);
    onToggle(isOpen);
  });
  return {
    isOpen: () => !panel.classList.contains("collapsed"),
    setOpen: apply,
  };
}

/** 렌더러 크기를 창 크기에 맞춘다 (방향 전환도 resize 로 온다). 카메라는 fitCameraToRect 가 맞춘다. */
export function resizeRenderer(renderer: WebGLRenderer): void {
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, MAX_PIXEL_RATIO));
  renderer.setSize(window.innerWidth, window.innerHeight);
}

/** 화면의 사각형 (CSS px). */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * 장면이 온전히 보이는 빈 자리: 화면에서 UI 상자(elements)를 하나씩 잘라 낸다.
 * 상자마다 왼쪽·오른쪽·위·아래 중 남는 넓이가 가장 큰 쪽으로 자른다 (패널은 화면 가장자리에 붙어 있다).
 */
export function freeRect(elements: readonly Element[]): Rect {
  const free: Rect = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
  for (const element of elements) {
    const r = element.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.right <= free.left || r.left >= free.right || r.bottom <= free.top || r.top >= free.bottom) continue;
    const candidates: Rect[] = [
      { ...free, left: Math.max(free.left, r.right) },
      { ...free, right: Math.min(free.right, r.left) },
      { ...free, top: Math.max(free.top, r.bottom) },
      { ...free, bottom: Math.min(free.bottom, r.top) },
    ];
    let best = candidates[0]!;
    let bestArea = -1;
    for (const c of candidates) {
      const area = Math.max(0, c.right - c.left) * Math.max(0, c.bottom - c.top);
      if (area > bestArea) { best = c; bestArea = area; }
    }
    Object.assign(free, best);
  }
  return free;
}

/**
 * 카메라의 투영 중심을 빈 자리의 가운데로 옮긴다 (PerspectiveCamera.setViewOffset).
 * 큰 가상 화면(fullWidth × fullHeight)의 가운데가 빈 자리의 가운데에 오도록, 창은 그 가상 화면의 한 부분이다.
 * 돌려주는 값: 가상 화면의 높이 (세로 화각 fov 가 이 높이에 걸린다).
 */
export function centerProjectionOn(camera: PerspectiveCamera, free: Rect, width: number, height: number): number {
  const cx = (free.left + free.right) / 2;
  const cy = (free.top + free.bottom) / 2;
  const fullWidth = 2 * Math.max(cx, width - cx);
  const fullHeight = 2 * Math.max(cy, height - cy);
  camera.aspect = fullWidth / fullHeight;
  camera.setViewOffset(fullWidth, fullHeight, fullWidth / 2 - cx, fullHeight / 2 - cy, width, height);
  camera.updateProjectionMatrix();
  return fullHeight;
}

/**
 * 2D 캔버스의 픽셀 크기를 CSS 크기 × 기기 픽셀 비율 (최대 MAX_PIXEL_RATIO) 로 맞추고, 그리는 좌표를 CSS px 로 둔다.
 * 돌려주는 값: CSS 크기.
 */
export function fitCanvas2D(canvas: HTMLCanvasElement, context: CanvasRenderingContext2D): { width: number; height: number } {
  const ratio = Math.min(window.devicePixelRatio, MAX_PIXEL_RATIO);
  const width = canvas.clientWidth, height = canvas.clientHeight;
  canvas.width = Math.max(1, Math.round(width * ratio));
  canvas.height = Math.max(1, Math.round(height * ratio));
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  return { width, height };
}
