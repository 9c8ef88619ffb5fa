// 카메라 맞추기: 패널이 가리지 않는 빈 자리의 가운데에 투영 중심을 두고 (layout.ts), 사용자가 카메라를 돌리지 않았으면
// 대역 (또는 사용자 모델의 상자) 이 빈 자리에 들어오는 거리로 물러선다.
import { Vector3 } from "three";
import type { PerspectiveCamera } from "three";
import type { OrbitControls } from "three/addons/controls/OrbitControls.js";
import { centerProjectionOn, freeRect } from "./layout";
import type { Rect } from "./layout";
import type { ModelView } from "./userModel";

/**
 * 카메라가 바라보는 점과, 그 점의 깊이에서 화면에 들어와야 할 상자의 반폭·반높이 (m).
 * 캐릭터는 키(1.8 m)가 폭(팔과 공까지 약 1.2 m)보다 크다: 구 하나로 맞추면 세로 화면 위아래가 빈다.
 */
const CAMERA_TARGET = new Vector3(-0.15, 0.92, 0.12);
const CAMERA_FIT_HALF_WIDTH = 0.6;
/** 바닥(발 목표) 조금 아래부터 머리 위 위쪽 극 자리까지: 빈 자리가 작은 휴대폰에서도 캐릭터가 작아지지 않게 여유를 줄였다. */
const CAMERA_FIT_HALF_HEIGHT = 1.02;
const CAMERA_DIRECTION = new Vector3(0.55, 0.28, 1).normalize();
/** 세로 시야각 (도). */
export const CAMERA_FOV = 40;

export class CameraFit {
  /** 사용자가 카메라를 돌렸으면 true: 그때부터 거리·방향은 건드리지 않고 투영 중심만 맞춘다. */
  movedByUser = false;
  /** 사용자 모델을 맞출 상자 (없으면 대역에 맞춘다). userModel.ts 가 모델을 올릴 때 정한다. */
  modelView: ModelView | null = null;
  /** 패널이 가리지 않는 빈 자리 (CSS px): 마지막 layout() 에서 잰 것. */
  free: Rect = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };

  /** panels: 장면을 가리는 화면 요소들. onLayout: 빈 자리를 잰 뒤 (패널 안 그림의 크기 맞추기). */
  constructor(
    private readonly camera: PerspectiveCamera,
    private readonly controls: OrbitControls,
    private readonly panels: readonly Element[],
    private readonly onLayout: () => void,
  ) {
    controls.addEventListener("start", () => { this.movedByUser = true; });
  }

  /**
   * 가상 화면의 높이 H 에서 깊이 D 의 1 m 는 H / (2·D·tan(fov/2)) px 이므로
   * 반높이 h, 반폭 w 인 상자가 빈 자리 (fw × fh) 에 들어오는 거리는 D = max(h·H / (fh·tan), w·H / (fw·tan)).
   */
  layout(): void {
    const { camera, controls } = this;
    this.free = freeRect(this.panels);
    const free = this.free;
    const fullHeight = centerProjectionOn(camera, free, window.innerWidth, window.innerHeight);
    if (!this.movedByUser) {
      const tanHalf = Math.tan((camera.fov * Math.PI) / 360);
      const fw = Math.max(free.right - free.left, 1), fh = Math.max(free.bottom - free.top, 1);
      // 사용자 모델이 있으면 그 상자에, 없으면 대역에 맞춘다 (같은 식, 모델은 상자의 반깊이만큼 더 물러선다).
      const view = this.modelView;
      const target = view === null ? CAMERA_TARGET : view.center;
      const halfHeight = view === null ? CAMERA_FIT_HALF_HEIGHT : view.halfHeight;
      const halfWidth = view === null ? CAMERA_FIT_HALF_WIDTH : view.halfWidth;
      const distance = Math.max((halfHeight * fullHeight) / (fh * tanHalf), (halfWidth * fullHeight) / (fw * tanHalf))
        + (view === null ? 0 : view.halfDepth);
      controls.target.copy(target);
      camera.position.copy(target).addScaledVector(view === null ? CAMERA_DIRECTION : view.direction, distance);
      camera.lookAt(target);
      controls.update();
    }
    this.onLayout();
  }
}
