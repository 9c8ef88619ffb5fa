// 끌 수 있는 공의 한 모양과, 두 끌기 (drag.ts: 대역의 공, modelDrag.ts: 사용자 모델의 공) 가 함께 쓰는
// 공 고르기·끌기 평면. 공의 모양 (handles.ts) 과 키보드 (keyboard.ts) 도 같은 목록을 받는다.
import { Plane, Raycaster, Vector2, Vector3 } from "three";
import type { Mesh, PerspectiveCamera } from "three";

/** 끌 수 있는 공 하나. object 는 장면 바로 아래에 있어야 한다 (position = 월드 위치). */
export interface Handle {
  readonly name: string;
  readonly object: Mesh;
  /** 공의 반지름 (월드 단위). */
  readonly radius: number;
  /** 잡기·가리킴·키보드 초점에 두르는 고리의 색 (CSS 색). */
  readonly ringColor: string;
  /** 화면 읽기 프로그램과 툴팁에 쓰는 이름. */
  readonly label: string;
  /** 잡거나 키보드로 움직이기 시작할 때 (예: 자동 움직임 끄기). */
  readonly onGrab?: () => void;
}

/** 화면에서 공을 잡을 수 있는 최소 반지름 (CSS px): 마우스와 손가락 (손가락은 공보다 크다). */
export interface HitRadii {
  readonly mouse: number;
  readonly touch: number;
}

const _projected = /*@__PURE__*/ new Vector3();

/** 클라이언트 좌표 (x, y) 아래의 공: 화면에서 (그려진 반지름에 대해) 가장 가까운, 잡을 수 있는 공. 없으면 null. */
export function pickHandle<H extends Handle>(
  handles: readonly H[], camera: PerspectiveCamera, canvas: HTMLCanvasElement,
  clientX: number, clientY: number, pointerType: string, radii: HitRadii,
): H | null {
  const rect = canvas.getBoundingClientRect();
  const minRadiusPx = pointerType === "mouse" ? radii.mouse : radii.touch;
  // 깊이 1 에서 1 의 화면 크기 (px): 투영 행렬에서 읽는다 (카메라의 view offset 까지 들어 있다).
  const pixelsPerUnitAtOne = (camera.projectionMatrix.elements[5] * rect.height) / 2;
  let best: H | null = null;
  let bestScore = Infinity;
  for (const handle of handles) {
    if (!handle.object.visible) continue;
    const depth = _projected.copy(handle.object.position).applyMatrix4(camera.matrixWorldInverse).z;
    if (depth >= 0) continue; // 카메라 뒤
    _projected.copy(handle.object.position).project(camera);
    const x = rect.left + ((_projected.x + 1) / 2) * rect.width;
    const y = rect.top + ((1 - _projected.y) / 2) * rect.height;
    // 그려진 크기 (공이 화면 최소 크기로 커졌으면 scale 에 들어 있다).
    const radiusPx = Math.max((handle.radius * handle.object.scale.x * pixelsPerUnitAtOne) / -depth, minRadiusPx);
    const score = Math.hypot(clientX - x, clientY - y) / radiusPx;
    if (score <= 1 && score < bestScore) {
      best = handle;
      bestScore = score;
    }
  }
  return best;
}

/**
 * 끄는 공이 움직이는 평면: 공을 지나고 카메라를 마주 본다. 잡은 점과 공 중심의 차이를 기억해
 * 공이 손끝으로 튀지 않게 한다.
 */
export class DragPlane {
  private readonly plane = new Plane();
  private readonly raycaster = new Raycaster();
  private readonly ndc = new Vector2();
  private readonly hit = new Vector3();
  private readonly grabOffset = new Vector3();
  private readonly cameraDirection = new Vector3();

  constructor(private readonly camera: PerspectiveCamera, private readonly canvas: HTMLCanvasElement) {}

  /** 공 중심 centerWorld 에서 잡기 시작한다 (포인터가 평면과 만나지 않으면 차이 0). */
  grab(event: PointerEvent, centerWorld: Vector3): void {
    this.camera.getWorldDirection(this.cameraDirection);
    this.plane.setFromNormalAndCoplanarPoint(this.cameraDirection, centerWorld);
    if (this.hitAt(event)) this.grabOffset.subVectors(centerWorld, this.hit);
    else this.grabOffset.set(0, 0, 0);
  }

  /** 포인터를 따라간 공 중심을 outWorld 에 쓴다. 포인터의 광선이 평면과 만나지 않으면 쓰지 않고 false. */
  follow(event: PointerEvent, outWorld: Vector3): boolean {
    if (!this.hitAt(event)) return false;
    outWorld.copy(this.hit).add(this.grabOffset);
    return true;
  }

  private hitAt(event: PointerEvent): boolean {
    const rect = this.canvas.getBoundingClientRect();
    this.ndc.set(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(this.ndc, this.camera);
    return this.raycaster.ray.intersectPlane(this.plane, this.hit) !== null;
  }
}
