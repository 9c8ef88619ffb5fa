// 작은 2D 옆 보기: 팔의 삼각형 a–b–d 를 그 평면에서 본 그림. 어깨를 왼쪽, 공 쪽을 오른쪽에 두고
// 3D 장면과 같은 수(a, b, d, θ, 팔꿈치 각)로 매 프레임 맞춘다. 수가 바뀔 때만 다시 그린다.

import { fitCanvas2D } from "./layout";

/** 그리기에 쓰는 수. 길이는 m, 각은 라디안. */
export interface SideViewValues {
  a: number;
  b: number;
  /** 어깨–공 거리 (IK 가 받은 d). */
  distance: number;
  /** 어깨–손 거리 (IK 의 답에서). */
  reach: number;
  /** 어깨의 각 θ, 팔꿈치의 속각 φ. */
  theta: number;
  elbow: number;
}


export class SideView {
  private readonly context: CanvasRenderingContext2D;
  private width = 0;
  private height = 0;
  private lastKey = Number.NaN;
  /** 그린 횟수 (테스트가 "따라 그린다"를 확인한다). */
  draws = 0;

  constructor(private readonly canvas: HTMLCanvasElement) {
    this.context = canvas.getContext("2d")!;
  }

  /** 캔버스의 CSS 크기에 맞춰 픽셀 크기를 정한다 (창 크기가 바뀔 때). */
  resize(): void {
    ({ width: this.width, height: this.height } = fitCanvas2D(this.canvas, this.context));
    this.lastKey = Number.NaN;
  }

  update(v: SideViewValues): void {
    if (this.width === 0) return; // 보이지 않음 (패널이 접혀 있었다)
    // 바뀌었는지: 수를 하나로 섞은 열쇠 (0.1 mm · 0.01° 보다 작은 변화는 그리지 않는다).
    const key = Math.round(v.a * 1e4) * 7 + Math.round(v.b * 1e4) * 13 + Math.round(v.distance * 1e4) * 31
      + Math.round(v.theta * 1e4) * 101 + Math.round(v.reach * 1e4) * 3;
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.draws++;

    const c = this.context;
    const w = this.width, h = this.height;
    c.clearRect(0, 0, w, h);
    const extent = Math.max(v.a + v.b, v.distance) * 1.08;
    const margin = 14;
    const scale = Math.min((w - 2 * margin) / extent, (h - 2 * margin) / Math.max(v.a, 0.05));
    const ox = margin, oy = h - margin;
    const ex = ox + v.a * Math.cos(v.theta) * scale, ey = oy - v.a * Math.sin(v.theta) * scale;
    const hx = ox + v.reach * scale;
    const bx = ox + v.distance * scale;

    // 닿는 범위: a + b 까지의 바닥 눈금.
    c.strokeStyle = "rgba(159, 227, 255, 0.5)";
    c.lineWidth = 1;
    c.setLineDash([3, 3]);
    c.beginPath();
    c.moveTo(ox + (v.a + v.b) * scale, oy + 6);
    c.lineTo(ox + (v.a + v.b) * scale, oy - 30);
    c.stroke();
    // d: 어깨 → 공 (빨간 점선).
    c.strokeStyle = "#ff8a8a";
    c.beginPath();
    c.moveTo(ox, oy);
    c.lineTo(bx, oy);
    c.stroke();
    c.setLineDash([]);
    // a, b.
    c.strokeStyle = "#ffd36b";
    c.lineWidth = 3;
    c.beginPath();
    c.moveTo(ox, oy);
    c.lineTo(ex, ey);
    c.lineTo(hx, oy);
    c.stroke();
    // θ 호.
    c.strokeStyle = "#9fe3ff";
    c.lineWidth = 1.5;
    c.beginPath();
    c.arc(ox, oy, 18, -v.theta, 0);
    c.stroke();
    // 점: 어깨, 팔꿈치, 손, 공.
    const dot = (x: number, y: number, r: number, color: string): void => {
      c.fillStyle = color;
      c.beginPath();
      c.arc(x, y, r, 0, 2 * Math.PI);
      c.fill();
    };
    dot(bx, oy, 6, "#ff4d4d");
    dot(ox, oy, 3.5, "#e8ecf4");
    dot(ex, ey, 3.5, "#ffc400");
    dot(hx, oy, 3.5, "#e8ecf4");
    c.font = "bold 12px sans-serif";
    c.fillStyle = "#ffd36b";
    c.fillText("a", (ox + ex) / 2 - 10, (oy + ey) / 2);
    c.fillText("b", (ex + hx) / 2 + 4, (ey + oy) / 2);
    c.fillStyle = "#ff8a8a";
    c.fillText("d", (ox + bx) / 2, oy + 12);
    c.fillStyle = "#9fe3ff";
    c.fillText(`θ ${((v.theta * 180) / Math.PI).toFixed(0)}°`, ox + 22, oy - 4);
    c.fillStyle = "#ffc400";
    c.fillText(`φ ${((v.elbow * 180) / Math.PI).toFixed(0)}°`, ex + 6, ey - 4);
  }
}
