// 함정 1 의 그래프: 공이 움직인 거리에 대한 팔꿈치가 움직인 거리 (팔꿈치 속도 / 공 속도) 를 d / (a + b) 에 대해 찍는다.
// soft 끔(빨강)과 켬(초록)을 따로 모은다: 다 펴지기 직전 soft 끔의 값이 치솟고, soft 를 켜면 사라진다.

import { fitCanvas2D } from "./layout";

/** 한 계열에 기억하는 점의 수. */
const SERIES_CAPACITY = 400;
/** 가로축 d / (a + b) 의 범위. */
export const PLOT_X_MIN = 0.6;
export const PLOT_X_MAX = 1.1;
/** 다시 그리는 최소 간격 (ms): 점이 매 프레임 늘어도 그래프는 초당 10 번만 그린다 (프레임 비용을 아낀다). */
const REDRAW_INTERVAL_MS = 100;
/** 세로축의 최소 상한 (배). */
const PLOT_Y_MIN_TOP = 4;

/** 점의 고리 버퍼: x = d / (a + b), y = 팔꿈치 이동 / 공 이동. 할당 없음. */
export class Series {
  readonly xs = new Float64Array(SERIES_CAPACITY);
  readonly ys = new Float64Array(SERIES_CAPACITY);
  count = 0;
  private next = 0;
  /** 가장 큰 y (지우기 전까지). */
  maxY = 0;

  push(x: number, y: number): void {
    this.xs[this.next] = x;
    this.ys[this.next] = y;
    this.next = (this.next + 1) % SERIES_CAPACITY;
    if (this.count < SERIES_CAPACITY) this.count++;
    if (y > this.maxY) this.maxY = y;
  }

  clear(): void {
    this.count = 0;
    this.next = 0;
    this.maxY = 0;
  }
}

export class SpeedPlot {
  readonly softOff = new Series();
  readonly softOn = new Series();
  private readonly context: CanvasRenderingContext2D;
  private width = 0;
  private height = 0;
  private dirty = true;
  private nextDraw = 0;
  /** 그린 횟수. */
  draws = 0;
  /** soft 를 켠 계열이 쓴 soft 값 (그래프의 soft 구간 표시). */
  softValue = 0;

  constructor(private readonly canvas: HTMLCanvasElement) {
    this.context = canvas.getContext("2d")!;
  }

  resize(): void {
    ({ width: this.width, height: this.height } = fitCanvas2D(this.canvas, this.context));
    this.dirty = true;
  }

  /** 한 프레임의 측정을 더한다: 공이 ballStep (m) 움직이는 동안 팔꿈치가 elbowStep (m). */
  add(distanceRatio: number, ballStep: number, elbowStep: number, soft: number): void {
    if (ballStep < 1e-5) return; // 공이 거의 안 움직이면 비율이 잡음이다
    const series = soft > 0 ? this.softOn : this.softOff;
    if (soft > 0) this.softValue = soft;
    series.push(distanceRatio, elbowStep / ballStep);
    this.dirty = true;
  }

  clear(): void {
    this.softOff.clear();
    this.softOn.clear();
    this.dirty = true;
  }

  /** 바뀐 것이 있고 간격이 지났으면 다시 그린다 (보이지 않으면 건너뛴다). now: performance.now() (ms). */
  draw(now: number): void {
    if (!this.dirty || this.width === 0 || now < this.nextDraw) return;
    this.nextDraw = now + REDRAW_INTERVAL_MS;
    this.dirty = false;
    this.draws++;
    const c = this.context;
    const w = this.width, h = this.height;
    const left = 30, right = 6, top = 8, bottom = 18;
    c.clearRect(0, 0, w, h);
    const yTop = Math.max(PLOT_Y_MIN_TOP, Math.ceil(Math.max(this.softOff.maxY, this.softOn.maxY) * 1.1));
    const px = (x: number): number => left + ((x - PLOT_X_MIN) / (PLOT_X_MAX - PLOT_X_MIN)) * (w - left - right);
    const py = (y: number): number => h - bottom - (Math.min(y, yTop) / yTop) * (h - top - bottom);

    c.fillStyle = "rgba(255, 255, 255, 0.04)";
    c.fillRect(left, top, w - left - right, h - top - bottom);
    // a + b (다 펴짐) 와 soft 구간의 시작.
    c.strokeStyle = "rgba(159, 227, 255, 0.7)";
    c.setLineDash([3, 3]);
    c.beginPath();
    c.moveTo(px(1), top);
    c.lineTo(px(1), h - bottom);
    c.stroke();
    if (this.softValue > 0) {
      c.strokeStyle = "rgba(123, 228, 149, 0.6)";
      c.beginPath();
      c.moveTo(px(1 - this.softValue), top);
      c.lineTo(px(1 - this.softValue), h - bottom);
      c.stroke();
    }
    c.setLineDash([]);
    c.fillStyle = "#aab4c8";
    c.font = "10px sans-serif";
    c.fillText(`${yTop}×`, 2, top + 8);
    c.fillText("팔꿈치 이동 ÷ 공 이동", left + 4, top + 10);
    c.fillText("0", 18, h - bottom);
    c.fillText("a+b", px(1) - 8, h - 4);
    c.fillText(`${PLOT_X_MIN}`, left - 6, h - 4);
    c.fillText("d/(a+b)", w - 44, h - 4);

    const drawSeries = (series: Series, color: string): void => {
      c.fillStyle = color;
      for (let i = 0; i < series.count; i++) {
        const x = series.xs[i]!;
        if (x < PLOT_X_MIN || x > PLOT_X_MAX) continue;
        c.fillRect(px(x) - 1.5, py(series.ys[i]!) - 1.5, 3, 3);
      }
    };
    drawSeries(this.softOff, "#ff6b6b");
    drawSeries(this.softOn, "#7be495");
  }
}
