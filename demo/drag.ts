// 끌기: 공(목표·극·발 목표)을 마우스나 손가락으로 끈다. 공은 공을 지나고 카메라를 마주 보는 평면 위에서 움직인다.
// 공을 잡지 않은 포인터는 OrbitControls 가 받는다 (잡는 동안에는 컨트롤을 꺼서 서로 다투지 않는다).
import { Plane, Raycaster, Vector2, Vector3 } from "three";
import type { Object3D, PerspectiveCamera } from "three";
import type { OrbitControls } from "three/addons/controls/OrbitControls.js";

/** 끌 수 있는 공 하나. object 는 장면 바로 아래에 있어야 한다 (position = 월드 위치). */
export interface DragHandle {
  readonly name: string;
  readonly object: Object3D;
  /** 공의 반지름 (m). */
  readonly radius: number;
  /** 잡는 순간 한 번 부른다 (예: 자동 움직임 끄기). */
  readonly onGrab?: () => void;
}

/**
 * 화면에서 공을 잡을 수 있는 최소 반지름 (CSS px): 손가락은 공보다 크다 (지름 ≥ 44 px 의 손가락 자리).
 * 마우스도 그려진 공보다 넉넉히: 움직이는 작은 공을 한 번에 잡을 수 있게.
 */
export const TOUCH_HIT_RADIUS_PX = 28;
export const MOUSE_HIT_RADIUS_PX = 20;

export class HandleDragger {
  /** 지금 끌고 있는 공 (없으면 null). */
  dragging: DragHandle | null = null;
  /** 마우스가 위에 있는 공 (없으면 null). */
  hovered: DragHandle | null = null;

  private readonly pointers = new Set<number>();
  private dragPointerId = -1;
  private readonly plane = new Plane();
  private readonly raycaster = new Raycaster();
  private readonly ndc = new Vector2();
  private readonly grabOffset = new Vector3();
  private readonly hit = new Vector3();
  private readonly cameraDirection = new Vector3();
  private readonly projected = new Vector3();

  /**
   * OrbitControls 보다 먼저 만들어야 한다: pointerdown 을 먼저 받아, 공을 잡았으면 컨트롤을 끈 채로 넘긴다.
   * controls 는 나중에 setControls() 로 알려 준다.
   */
  constructor(
    private readonly camera: PerspectiveCamera,
    private readonly canvas: HTMLCanvasElement,
    private readonly handles: readonly DragHandle[],
  ) {
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
  pick(clientX: number, clientY: number, pointerType: string): DragHandle | null {
    const rect = this.canvas.getBoundingClientRect();
    const minRadius = pointerType === "mouse" ? MOUSE_HIT_RADIUS_PX : TOUCH_HIT_RADIUS_PX;
    // 깊이 1 m 에서 1 m 의 화면 크기 (px): 투영 행렬에서 읽는다 (카메라의 view offset 까지 들어 있다).
    const pixelsPerUnitAtOne = (this.camera.projectionMatrix.elements[5] * rect.height) / 2;
    let best: DragHandle | null = null;
    let bestScore = Infinity;
    for (const handle of this.handles) {
      if (!handle.object.visible) continue;
      const depth = this.projected.copy(handle.object.position).applyMatrix4(this.camera.matrixWorldInverse).z;
      if (depth >= 0) continue; // 카메라 뒤
      this.projected.copy(handle.object.position).project(this.camera);
      const x = rect.left + ((this.projected.x + 1) / 2) * rect.width;
      const y = rect.top + ((1 - this.projected.y) / 2) * rect.height;
      // 그려진 크기 (공이 화면 최소 크기로 커졌으면 scale 에 들어 있다).
      const radiusPx = Math.max((handle.radius * handle.object.scale.x * pixelsPerUnitAtOne) / -depth, minRadius);
      const score = Math.hypot(clientX - x, clientY - y) / radiusPx;
      if (score <= 1 && score < bestScore) {
        best = handle;
        bestScore = score;
      }
    }
    return best;
  }

  private setNdc(event: PointerEvent): void {
    const rect = this.canvas.getBoundingClientRect();
    this.ndc.set(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
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

    // 공을 지나고 카메라를 마주 보는 평면. 잡은 점과 공 중심의 차이를 기억해 공이 손끝으로 튀지 않게 한다.
    this.camera.getWorldDirection(this.cameraDirection);
    this.plane.setFromNormalAndCoplanarPoint(this.cameraDirection, handle.object.position);
    this.setNdc(event);
    this.raycaster.setFromCamera(this.ndc, this.camera);
    if (this.raycaster.ray.intersectPlane(this.plane, this.hit) !== null) {
      this.grabOffset.subVectors(handle.object.position, this.hit);
    } else {
      this.grabOffset.set(0, 0, 0);
    }
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
    this.setNdc(event);
    this.raycaster.setFromCamera(this.ndc, this.camera);
    if (this.raycaster.ray.intersectPlane(this.plane, this.hit) !== null) {
      this.dragging.object.position.copy(this.hit).add(this.grabOffset);
    }
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
