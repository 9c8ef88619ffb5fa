import { CanvasTexture } from "three";

/** 글자 모양: 캔버스 너비 (높이는 64 px), 글자 크기, 테두리 두께, 글자 중심의 y (px). */
export interface LabelStyle {
  width: number;
  fontPx: number;
  outlinePx: number;
  centerY: number;
}

/** 검은 테두리를 두른 굵은 글자 하나를 캔버스에 그려 텍스처로 (만들 때 한 번): 보조 표시와 문의 tip 글자가 쓴다. */
export function labelTexture(text: string, color: string, style: LabelStyle): CanvasTexture {
  const canvas = document.createElement("canvas");
  canvas.width = style.width;
  canvas.height = 64;
  const context = canvas.getContext("2d")!;
  context.font = `bold ${style.fontPx}px sans-serif`;
  context.textAlign = "center";
  context.textBaseline = "middle";
  context.lineWidth = style.outlinePx;
  context.strokeStyle = "rgba(0, 0, 0, 0.8)";
  const x = style.width / 2;
  context.strokeText(text, x, style.centerY);
  context.fillStyle = color;
  context.fillText(text, x, style.centerY);
  return new CanvasTexture(canvas);
}
