// 키보드: 끌 수 있는 공마다 보이지 않는 단추 하나 (Tab 으로 옮겨 다님). 고른 공은 화살표로 화면의 위·아래·왼쪽·오른쪽,
// PageUp/PageDown 으로 깊이(멀리·가까이)를 옮긴다. 단추는 공 위에 놓여 초점 고리가 공을 둘러싼다.
// 단추는 포인터를 받지 않는다 (pointer-events: none): 마우스·손가락 끌기는 캔버스의 몫이다.
import { Vector3 } from "three";
import type { PerspectiveCamera } from "three";
import type { Handle } from "./handlePick";

/** 한 번 누를 때 옮기는 거리 (m). Shift 를 누르면 SHIFT_FACTOR 배. */
export const KEY_STEP = 0.01;
const SHIFT_FACTOR = 5;
/** 초점 고리의 지름 (CSS px): 누를 자리와 같은 44 px. */
const FOCUS_SIZE = 44;

const _right = /*@__PURE__*/ new Vector3();
const _up = /*@__PURE__*/ new Vector3();
const _forward = /*@__PURE__*/ new Vector3();
const _projected = /*@__PURE__*/ new Vector3();

export class HandleKeys {
  /** 초점이 있는 공의 이름 (없으면 null). */
  focused: string | null = null;
  private enabled = true;
  private readonly buttons: HTMLButtonElement[] = [];

  constructor(
    container: HTMLElement,
    private readonly handles: readonly Handle[],
    private readonly camera: PerspectiveCamera,
    private readonly canvas: HTMLCanvasElement,
  ) {
    for (const handle of handles) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "handle-key";
      button.dataset["handle"] = handle.name;
      button.setAttribute("aria-label", `${handle.label}: 화살표 키로 옮기기, PageUp·PageDown 으로 깊이`);
      button.title = handle.label;
      button.addEventListener("focus", () => {
        this.focused = handle.name;
        this.place();
      });
      button.addEventListener("blur", () => {
        if (this.focused === handle.name) this.focused = null;
      });
      button.addEventListener("keydown", (event) => this.onKey(event, handle));
      container.appendChild(button);
      this.buttons.push(button);
    }
  }

  /**
   * 매 프레임: 숨은 공 (visible = false) 의 단추는 Tab 순서에서 빼고, 초점이 있을 때만 단추들을 공의 화면 위치로 옮긴다.
   */
  update(): void {
    for (let i = 0; i < this.handles.length; i++) {
      const hidden = !this.enabled || !this.handles[i]!.object.visible;
      const button = this.buttons[i]!;
      if (button.hidden !== hidden) {
        if (hidden && this.focused === this.handles[i]!.name) button.blur();
        button.hidden = hidden;
      }
    }
    if (this.focused !== null) this.place();
  }

  private place(): void {
    const rect = this.canvas.getBoundingClientRect();
    for (let i = 0; i < this.handles.length; i++) {
      _projected.copy(this.handles[i]!.object.position).project(this.camera);
      const x = rect.left + ((_projected.x + 1) / 2) * rect.width - FOCUS_SIZE / 2;
      const y = rect.top + ((1 - _projected.y) / 2) * rect.height - FOCUS_SIZE / 2;
      this.buttons[i]!.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
    }
  }

  private onKey(event: KeyboardEvent, handle: Handle): void {
    const step = KEY_STEP * (event.shiftKey ? SHIFT_FACTOR : 1);
    // 카메라의 오른쪽·위·앞 (월드). 화면에서 본 그대로 움직인다.
    _right.setFromMatrixColumn(this.camera.matrixWorld, 0);
    _up.setFromMatrixColumn(this.camera.matrixWorld, 1);
    _forward.setFromMatrixColumn(this.camera.matrixWorld, 2).negate();
    const p = handle.object.position;
    switch (event.key) {
      case "ArrowLeft": p.addScaledVector(_right, -step); break;
      case "ArrowRight": p.addScaledVector(_right, step); break;
      case "ArrowUp": p.addScaledVector(_up, step); break;
      case "ArrowDown": p.addScaledVector(_up, -step); break;
      case "PageUp": p.addScaledVector(_forward, step); break;
      case "PageDown": p.addScaledVector(_forward, -step); break;
      default: return;
    }
    handle.onGrab?.();
    event.preventDefault();
    this.place();
  }

  /** 끄면 단추가 Tab 순서와 화면 읽기에서 빠진다 (공이 숨었을 때). */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    for (const button of this.buttons) button.hidden = !enabled;
    if (!enabled) this.focused = null;
  }

  /** 단추들을 뺀다 (사용자 모델을 바꿀 때). */
  dispose(): void {
    for (const button of this.buttons) button.remove();
    this.buttons.length = 0;
    this.focused = null;
  }
}
