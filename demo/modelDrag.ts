// 사용자 모델의 목표 공 끌기. 페이지의 다른 끌기·카메라 조작과 얽히지 않도록 window 의 capture 단계에서 먼저 받는다:
// 공을 잡은 포인터의 이벤트만 멈추고 (stopImmediatePropagation), 나머지는 그대로 캔버스 (OrbitControls 등) 로 간다.
import type { PerspectiveCamera } from "three";
import { DragPlane, pickHandle } from "./handlePick";
import type { Handle } from "./handlePick";

/** 화면에서 공을 잡을 수 있는 최소 반지름 (CSS px): 손가락은 공보다 크다 (지름 ≥ 44 px), 마우스도 그려진 공보다 넉넉히. */
const HIT_RADII = { mouse: 20, touch: 30 } as const;

export class ModelDragger {
  /** 지금 끄는 공 (없으면 null). */
  dragging: Handle | null = null;
  /** 마우스가 위에 있는 공 (강조용). */
  hovered: Handle | null = null;
  /** 마지막으로 잡은 공 (테스트가 무엇을 잡았는지 본다). */
  lastGrabbed: Handle | null = null;
  /** 끌 수 있는 공들 (userModel.ts 가 모델을 바꿀 때 통째로 바꾼다). */
  handles: readonly Handle[] = [];

  private pointerId = -1;
  private readonly dragPlane: DragPlane;

  constructor(private readonly camera: PerspectiveCamera, private readonly canvas: HTMLCanvasElement) {
    this.dragPlane = new DragPlane(camera, canvas);
    window.addEventListener("pointerdown", this.onDown, { capture: true });
    window.addEventListener("pointermove", this.onMove, { capture: true });
    window.addEventListener("pointerup", this.onUp, { capture: true });
    window.addEventListener("pointercancel", this.onUp, { capture: true });
  }

  /** 클라이언트 좌표 아래의 공 (화면에서 가장 가까운 것). */
  pick(clientX: number, clientY: number, pointerType: string): Handle | null {
    return pickHandle(this.handles, this.camera, this.canvas, clientX, clientY, pointerType, HIT_RADII);
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
    this.dragPlane.grab(event, handle.object.position);
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
    this.dragPlane.follow(event, this.dragging.object.position);
  };

  private readonly onUp = (event: PointerEvent): void => {
    if (this.dragging === null || event.pointerId !== this.pointerId) return;
    event.stopImmediatePropagation();
    this.dragging = null;
    this.pointerId = -1;
    this.canvas.style.cursor = "";
  };
}
