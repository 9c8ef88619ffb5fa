// 사용자 모델의 목표 공 끌기. 페이지의 다른 끌기·카메라 조작과 얽히지 않도록 window 의 capture 단계에서 먼저 받는다:
// 공을 잡은 포인터의 이벤트만 멈추고 (stopImmediatePropagation), 나머지는 그대로 캔버스 (OrbitControls 등) 로 간다.
import { Plane, Raycaster, Vector2, Vector3 } from "three";
import type { Object3D, PerspectiveCamera } from "three";

/** 화면에서 공을 잡을 수 있는 최소 반지름 (CSS px): 손가락은 공보다 크다 (지름 ≥ 44 px), 마우스도 그려진 공보다 넉넉히. */
const TOUCH_HIT_RADIUS_PX = 30;
const MOUSE_HIT_RADIUS_PX = 20;

export interface ModelHandle {
  readonly name: string;
  /** 장면 바로 아래의 공 (position = 월드 위치). */
  readonly object: Object3D;
  /** 공의 반지름 (월드 단위). */
  readonly radius: number;
  /** 잡는 순간 한 번 (예: 극 공을 손으로 놓기 시작). */
  readonly onGrab?: () => void;
}

export class ModelDragger {
  /** 지금 끄는 공 (없으면 null). */
  dragging: ModelHandle | null = null;
  /** 마우스가 위에 있는 공 (강조용). */
  hovered: ModelHandle | null = null;
  /** 마지막으로 잡은 공 (테스트가 무엇을 잡았는지 본다). */
  lastGrabbed: ModelHandle | null = null;
  /** 끌 수 있는 공들 (userModel.ts 가 모델을 바꿀 때 통째로 바꾼다). */
  handles: readonly ModelHandle[] = [];

  private pointerId = -1;
  private readonly plane = new Plane();
  private readonly raycaster = new Raycaster();
  private readonly ndc = new Vector2();
  private readonly offset = new Vector3();
  private readonly hit = new Vector3();
  private readonly projected = new Vector3();
  private readonly direction = new Vector3();

  constructor(private readonly camera: PerspectiveCamera, private readonly canvas: HTMLCanvasElement) {
    window.addEventListener("pointerdown", this.onDown, { capture: true });
    window.addEventListener("pointermove", this.onMove, { capture: true });
    window.addEventListener("pointerup", this.onUp, { capture: true });
    window.addEventListener("pointercancel", this.onUp, { capture: true });
  }

  /** 클라이언트 좌표 아래의 공 (화면에서 가장 가까운 것). */
  pick(clientX: number, clientY: number, pointerType: string): ModelHandle | null {
    const rect = this.canvas.getBoundingClientRect();
    // 깊이 1 에서 1 의 화면 크기 (px): 투영 행렬에서 (카메라의 view offset 까지 들어 있다).
    const pixelsAtOne = (this.camera.projectionMatrix.elements[5] * rect.height) / 2;
    const minimum = pointerType === "mouse" ? MOUSE_HIT_RADIUS_PX : TOUCH_HIT_RADIUS_PX;
    let best: ModelHandle | null = null;
    let bestScore = Infinity;
    for (const handle of this.handles) {
      if (!handle.object.visible) continue;
      const depth = this.projected.copy(handle.object.position).applyMatrix4(this.camera.matrixWorldInverse).z;
      if (depth >= 0) continue;
      this.projected.copy(handle.object.position).project(this.camera);
      const x = rect.left + ((this.projected.x + 1) / 2) * rect.width;
      const y = rect.top + ((1 - this.projected.y) / 2) * rect.height;
      // 그려진 크기 (공이 화면 최소 크기로 커졌으면 scale 에 들어 있다).
      const radius = Math.max((handle.radius * handle.object.scale.x * pixelsAtOne) / -depth, minimum);
      const score = Math.hypot(clientX - x, clientY - y) / radius;
      if (score <= 1 && score < bestScore) {
        best = handle;
        bestScore = score;
      }
    }
    return best;
  }

  private rayAt(event: PointerEvent): boolean {
    const rect = this.canvas.getBoundingClientRect();
    this.ndc.set(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(this.ndc, this.camera);
    return this.raycaster.ray.intersectPlane(this.plane, this.hit) !== null;
  }

  private readonly onDown = (event: PointerEvent): void => {
    if (event.target !== this.canvas || this.dragging !== null || !event.isPrimary || event.button !== 0) return;
    const handle = this.pick(event.clientX, event.clientY, event.pointerType);
    if (handle === null) return;
    event.stopImmediatePropagation(); // 카메라 조작·다른 끌기는 이 포인터를 보지 않는다
    event.preventDefault();
    this.dragging = handle;
    this.lastGrabbed = handle;
    this.pointerId = event.pointerId;
    this.camera.getWorldDirection(this.direction);
    this.plane.setFromNormalAndCoplanarPoint(this.direction, handle.object.position);
    if (this.rayAt(event)) this.offset.subVectors(handle.object.position, this.hit);
    else this.offset.set(0, 0, 0);
    this.canvas.style.cursor = "grabbing";
    handle.onGrab?.();
  };

  private readonly onMove = (event: PointerEvent): void => {
    if (this.dragging === null) {
      if (event.pointerType === "mouse" && event.target === this.canvas && this.handles.length > 0) {
        this.hovered = this.pick(event.clientX, event.clientY, "mouse");
        this.canvas.style.cursor = this.hovered === null ? "" : "grab";
      }
      return;
    }
    if (event.pointerId !== this.pointerId) return;
    event.stopImmediatePropagation();
    if (this.rayAt(event)) this.dragging.object.position.copy(this.hit).add(this.offset);
  };

  private readonly onUp = (event: PointerEvent): void => {
    if (this.dragging === null || event.pointerId !== this.pointerId) return;
    event.stopImmediatePropagation();
    this.dragging = null;
    this.pointerId = -1;
    this.canvas.style.cursor = "";
  };
}
