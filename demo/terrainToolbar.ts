// 도구 줄의 «땅 걷기»·«발 딛기» 스위치와 «기사 모델 불러오기» 단추, 켜져 있을 때의 읽은 값 (누르면 바로, Tab·Enter 로도).

/** 읽은 값의 DOM 갱신 간격 (ms). */
const READOUT_INTERVAL_MS = 100;

export interface TerrainToolbarActions {
  /** «땅 걷기» 를 눌렀다. */
  toggleTerrain(): void;
  /** «발 딛기» 를 눌렀다. */
  toggleFoot(): void;
  /** «기사 모델 불러오기»: 기사를 연다 (그동안 단추는 쉰다). */
  openKnight(): Promise<void>;
  /** 기사를 열고 (또는 못 열고) 단추가 다시 눌릴 수 있게 된 뒤. */
  knightDone(): void;
}

export class TerrainToolbar {
  private readonly terrainSwitch: HTMLButtonElement;
  private readonly footSwitch: HTMLButtonElement;
  private readonly knightButton: HTMLButtonElement;
  private readonly readout: HTMLDivElement;
  private readonly keysContainer: HTMLElement | null;
  private knightLoading = false;
  private lastReadout = -Infinity;
  /** 지금 읽은 값의 글 (테스트 창구가 읽는다). */
  readoutText = "";

  constructor(toolbar: HTMLElement, private readonly actions: TerrainToolbarActions) {
    this.terrainSwitch = makeSwitch("terrain-switch", "땅 걷기", "땅 걷기: 경사·계단·울퉁불퉁한 땅 위를 캐릭터가 걷습니다");
    this.footSwitch = makeSwitch("foot-switch", "발 딛기", "발 딛기 (FootPlacement) 켬/끔: 끄면 클립의 발 그대로 (뜨거나 묻힘)");
    this.knightButton = makeKnightButton();
    const readout = document.createElement("div");
    readout.id = "terrain-readout";
    readout.className = "terrain-readout";
    readout.setAttribute("aria-live", "off");
    readout.hidden = true;
    this.readout = readout;
    const bar = document.createElement("div");
    bar.className = "terrain-bar";
    bar.append(this.terrainSwitch, this.footSwitch, this.knightButton, readout);
    toolbar.append(bar);
    this.footSwitch.hidden = true;
    this.footSwitch.setAttribute("aria-pressed", "true");
    this.keysContainer = document.getElementById("handle-keys");
    this.terrainSwitch.addEventListener("click", () => actions.toggleTerrain());
    this.footSwitch.addEventListener("click", () => actions.toggleFoot());
    this.knightButton.addEventListener("click", () => this.openKnight());
  }

  /** 땅 걷기 켬/끔: 스위치, «발 딛기»·읽은 값의 보임, 페이지의 표시. */
  showOn(on: boolean): void {
    this.terrainSwitch.setAttribute("aria-pressed", String(on));
    this.footSwitch.hidden = !on;
    this.readout.hidden = !on;
    document.body.classList.toggle("terrain-active", on);
    if (this.keysContainer !== null) this.keysContainer.inert = on; // 숨은 공을 키보드로 고르지 않게
  }

  showFoot(on: boolean): void {
    this.footSwitch.setAttribute("aria-pressed", String(on));
  }

  /** 읽은 값: READOUT_INTERVAL_MS 마다 text() 의 글로 바꾼다. */
  showReadout(text: () => string): void {
    const now = performance.now();
    if (now - this.lastReadout < READOUT_INTERVAL_MS) return;
    this.lastReadout = now;
    this.readoutText = text();
    if (this.readout.textContent !== this.readoutText) this.readout.textContent = this.readoutText;
  }

  private openKnight(): void {
    if (this.knightLoading) return;
    this.knightLoading = true;
    this.knightButton.disabled = true;
    void this.actions.openKnight().finally(() => {
      this.knightLoading = false;
      this.knightButton.disabled = false;
      this.actions.knightDone();
    });
  }
}

function makeSwitch(id: string, label: string, title: string): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.id = id;
  button.className = "tool-button";
  button.title = title;
  button.setAttribute("aria-pressed", "false");
  button.innerHTML = `<span class="switch-track" aria-hidden="true"><span class="switch-knob"></span></span>`;
  const text = document.createElement("span");
  text.textContent = label;
  button.append(text);
  return button;
}

function makeKnightButton(): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.id = "knight-open";
  button.className = "tool-button";
  button.title = "저장소에 든 기사 모델 (Clement Wu, Nikolaus & Botanic, CC-BY 3.0) 을 열어 땅 위를 걷게 합니다";
  button.innerHTML = `<span class="label-long">기사 모델 불러오기</span><span class="label-short">기사 모델</span>`;
  return button;
}
