// 끌기: 공(목표·극·발 목표)을 마우스나 손가락으로 끈다. 공은 공을 지나고 카메라를 마주 보는 평면 위에서 움직인다.
// 공을 잡지 않은 포인터는 OrbitControls 가 받는다 (잡는 동안에는 컨트롤을 꺼서 서로 다투지 않는다).
import type { PerspectiveCamera } from "three";
import type { OrbitControls } from "three/addons/controls/OrbitControls.js";
import { DragPlane, pickHandle } from "./handlePick";
import type { Handle } from "./handlePick";

/**
 * 화면에서 공을 잡을 수 있는 최소 반지름 (CSS px): 손가락은 공보다 크다 (지름 ≥ 44 px 의 손가락 자리).
 * 마우스도 그려진 공보다 넉넉히: 움직이는 작은 공을 한 번에 잡을 수 있게.
 */
const HIT_RADII = { mouse: 20, touch: 28 } as const;

export class HandleDragger {
  /** 지금 끌고 있는 공 (없으면 null). */
  dragging: Handle | null = null;
  /** 마우스가 위에 있는 공 (없으면 null). */
  hovered: Handle | null = null;

  private readonly pointers = new Set<number>();
  private dragPointerId = -1;
  private readonly dragPlane: DragPlane;

  /**
   * OrbitControls 보다 먼저 만들어야 한다: pointerdown 을 먼저 받아, 공을 잡았으면 컨트롤을 끈 채로 넘긴다.
   * controls 는 나중에 setControls() 로 알려 준다.
   */
  constructor(
    private readonly camera: PerspectiveCamera,
    private readonly canvas: HTMLCanvasElement,
    private readonly handles: readonly Handle[],
  ) {
    this.dragPlane = new DragPlane(camera, canvas);
    canvas.addEventListener("pointerdown", this.onPointerDown);
    canvas.addEventListener("pointermove", this.onPointerMove);
    canvas.addEventListener("pointerup", this.onPointerUp);
    canvas.addEventListener("pointercancel", this.onPointerUp);
    canvas.addEventListener("pointerleave", this.onPointerLeave);
  }

  private readonly onPointerLeave = (): void => {
    this.hovered = null;
  };

  private controls: OrbitControls | null = null;

  setControls(controls: OrbitControls): void {
    this.controls = controls;
  }

  /** 클라이언트 좌표 (x, y) 아래의 공: 화면에서 가장 가까운, 잡을 수 있는 공. 없으면 null. */
  pick(clientX: number, clientY: number, pointerType: string): Handle | null {
    return pickHandle(this.handles, this.camera, this.canvas, clientX, clientY, pointerType, HIT_RADII);
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    const othersActive = this.pointers.size > 0;
    this.pointers.add(event.pointerId);
    // 두 번째 손가락(핀치)이나 오른쪽 버튼은 카메라의 몫이다.
    if (othersActive || this.dragging !== null || !event.isPrimary || event.button !== 0) return;
    const handle = this.pick(event.clientX, event.clientY, event.pointerType);
    if (handle === null) return;

    this.dragging = handle;
    this.dragPointerId = event.pointerId;
    if (this.controls !== null) this.controls.enabled = false;
    this.canvas.setPointerCapture(event.pointerId);
    this.canvas.style.cursor = "grabbing";

    this.dragPlane.grab(event, handle.object.position);
    handle.onGrab?.();
    event.preventDefault();
  };

  private readonly onPointerMove = (event: PointerEvent): void => {
    if (this.dragging === null) {
      if (event.pointerType === "mouse" && this.pointers.size === 0) {
        this.hovered = this.pick(event.clientX, event.clientY, "mouse");
        this.canvas.style.cursor = this.hovered === null ? "" : "grab";
      }
      return;
    }
    if (event.pointerId !== this.dragPointerId) return;
    this.dragPlane.follow(event, this.dragging.object.position);
  };

  private readonly onPointerUp = (event: PointerEvent): void => {
    this.pointers.delete(event.pointerId);
    if (this.dragging === null || event.pointerId !== this.dragPointerId) return;
    this.dragging = null;
    this.dragPointerId = -1;
    if (this.canvas.hasPointerCapture(event.pointerId)) this.canvas.releasePointerCapture(event.pointerId);
    if (this.controls !== null) this.controls.enabled = true;
    this.canvas.style.cursor = "";
  };

  dispose(): void {
    this.canvas.removeEventListener("pointerdown", this.onPointerDown);
    this.canvas.removeEventListener("pointermove", this.onPointerMove);
    this.canvas.removeEventListener("pointerup", this.onPointerUp);
    this.canvas.removeEventListener("pointercancel", this.onPointerUp);
    this.canvas.removeEventListener("pointerleave", this.onPointerLeave);
  }
}
