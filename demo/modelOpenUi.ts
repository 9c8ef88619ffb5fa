// «모델 열기» 의 화면 요소: 도구 줄의 단추와 숨은 파일 입력, 첫 줄 안내 자리에 잠깐 뜨는 알림 (진행 막대),
// 페이지 어디에나 끌어다 놓기의 안내막. 고른·놓은 파일은 onFile 로 넘긴다 (읽기는 userModel.ts 의 몫).
import { MAX_MODEL_BYTES } from "./modelLoader";

export type Status = "standIn" | "loading" | "loaded" | "error";

export class ModelOpenUi {
  readonly button = document.createElement("button");
  /** 지금 알림의 상태 (테스트 창구가 읽는다). */
  status: Status = "standIn";
  private readonly input = document.createElement("input");
  private readonly statusLine = document.createElement("div");
  private readonly statusText = document.createElement("span");
  private readonly progress = document.createElement("progress");
  private readonly overlay = document.createElement("div");
  private hideTimer = 0;
  private dragDepth = 0;

  /** toolbar: 단추가 들어갈 도구 줄 (#tools). onFile: 사용자가 고르거나 놓은 파일. */
  constructor(toolbar: HTMLElement, private readonly onFile: (file: File) => void) {
    const { button, input, statusLine, statusText, progress, overlay } = this;
    button.type = "button";
    button.id = "model-open";
    button.className = "tool-button";
    button.textContent = "모델 열기";
    button.title = `내 모델 열기 (.glb·.gltf·.vrm, ${MAX_MODEL_BYTES / 1024 / 1024} MB 까지): 페이지에 끌어다 놓아도 됩니다`;
    input.type = "file";
    input.accept = ".glb,.gltf,.vrm";
    input.hidden = true;
    input.id = "model-file";
    toolbar.append(button, input);
    statusLine.className = "model-status";
    statusLine.id = "model-status";
    statusLine.setAttribute("role", "status");
    statusLine.setAttribute("aria-live", "polite");
    statusLine.hidden = true;
    statusText.className = "model-status-text";
    progress.className = "model-progress";
    progress.hidden = true;
    statusLine.append(statusText, progress);
    overlay.className = "drop-overlay";
    overlay.hidden = true;
    overlay.textContent = "놓으면 모델을 엽니다 (.glb · .gltf · .vrm)";
    document.body.append(statusLine, overlay);
    // 처음 화면: 할 말이 없다 (단추의 title 과 첫 줄 안내가 있다).
    this.setStatus("standIn", "");

    button.addEventListener("click", () => input.click());
    input.addEventListener("change", () => {
      const file = input.files?.[0];
      input.value = "";
      if (file !== undefined) onFile(file);
    });
    this.listenForDrops();
  }

  /** 알림의 글 (진행 중이면 단계와 %). */
  get message(): string {
    return this.statusText.textContent ?? "";
  }

  get messageVisible(): boolean {
    return !this.statusLine.hidden;
  }

  /** 알림을 보인다. hideAfterMs 가 있으면 그 뒤에 숨겨 첫 줄 안내가 다시 보이게 한다. */
  setStatus(state: Status, text: string, hideAfterMs?: number): void {
    this.status = state;
    this.statusLine.dataset["state"] = state;
    this.statusText.textContent = text;
    this.statusLine.title = text;
    this.showLine(text !== "");
    window.clearTimeout(this.hideTimer);
    if (hideAfterMs !== undefined) this.hideTimer = window.setTimeout(() => this.showLine(false), hideAfterMs);
  }

  /** 읽는 중의 진행 (fraction: 0–1, 모르면 null). */
  readonly onProgress = (fraction: number | null, stage: string): void => {
    this.progress.hidden = false;
    this.showLine(true);
    if (fraction === null) this.progress.removeAttribute("value");
    else this.progress.value = fraction;
    this.statusText.textContent = fraction === null ? `${stage}…` : `${stage}… ${Math.round(fraction * 100)}%`;
  };

  /** 읽는 동안 단추를 막고, 끝나면 진행 막대를 숨긴다. */
  setBusy(busy: boolean): void {
    this.button.disabled = busy;
    if (!busy) this.progress.hidden = true;
  }

  /** 알림이 보이는 동안 첫 줄 안내는 그 밑에서 숨는다 (두 글이 겹쳐 비치지 않게). */
  private showLine(visible: boolean): void {
    this.statusLine.hidden = !visible;
    document.body.classList.toggle("model-message", visible);
  }

  /** 끌어다 놓기: 페이지 어디에나. 파일이 아닌 것을 끌 때는 안내를 띄우지 않는다. */
  private listenForDrops(): void {
    const overlay = this.overlay;
    const carriesFiles = (event: DragEvent): boolean => event.dataTransfer?.types.includes("Files") ?? false;
    window.addEventListener("dragenter", (event) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      this.dragDepth++;
      overlay.hidden = false;
    });
    window.addEventListener("dragover", (event) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer !== null) event.dataTransfer.dropEffect = "copy";
    });
    window.addEventListener("dragleave", () => {
      this.dragDepth = Math.max(0, this.dragDepth - 1);
      if (this.dragDepth === 0) overlay.hidden = true;
    });
    window.addEventListener("drop", (event) => {
      this.dragDepth = 0;
      overlay.hidden = true;
      const file = event.dataTransfer?.files[0];
      if (file === undefined) return;
      event.preventDefault();
      this.onFile(file);
    });
  }
}
