// 발바닥의 잰 값: 클립 높이, 지형 위 높이, 기울기, 닿음, 디딘 발의 집계와 읽은 값의 글.
import { Vector3 } from "three";
import type { Grounded } from "./groundedCharacter";
import type { ScaledGround } from "./terrainGround";

/** 닿음의 허용치 (m, 배율 1): 발바닥의 가장 낮은 점이 땅에서 이만큼 안이면 «닿음», 이보다 아래면 «묻힘». */
const CONTACT_TOLERANCE = 0.01;
const DEGREE = 180 / Math.PI;

export type Contact = "닿음" | "떠 있음" | "묻힘";

/** 발 하나의 잰 값 (m·rad). clipHeight: 클립 자세의 가장 낮은 발바닥 점의 클립 땅 위 높이, above: 그린 자세의 그것의 지형 위 높이. */
export interface FootReading {
  clipHeight: number;
  above: number;
  tilt: number;
  contact: Contact;
}

/** 디딘 발 (클립에서 더 낮은 발) 의 |지형 위 높이 − 클립 높이| 최대와 평균, 그것이 1 cm·배율을 넘은 프레임 수, 가장 깊은 묻힘 (m). */
export interface PlantedStats {
  frames: number;
  plantedMax: number;
  plantedMean: number;
  penetration: number;
  plantedOver: number;
}

const _v = new Vector3();
const _heights = { lowestY: 0, above: 0 };

export class FootReadings {
  readonly feet: FootReading[] = [0, 1].map(() => ({ clipHeight: 0, above: 0, tilt: 0, contact: "닿음" as Contact }));
  private readonly stats = { frames: 0, plantedMax: 0, plantedSum: 0, penetration: 0, plantedOver: 0 };

  /** 클립 자세 (발 딛기 전) 의 발바닥: 클립 땅 (= 뿌리의 높이) 위 높이. */
  measureClip(character: Grounded, ground: ScaledGround): void {
    const rootY = character.root.position.y;
    for (let i = 0; i < character.soles.length; i++) {
      soleHeights(character, i, ground, _heights);
      this.feet[i]!.clipHeight = _heights.lowestY - rootY;
    }
  }

  /** 그린 자세 (발 딛기 뒤) 의 발바닥: 지형 위 높이, 기울기, 닿음, 그리고 집계. */
  measurePlaced(character: Grounded, ground: ScaledGround): void {
    const feet = this.feet, stats = this.stats;
    const tolerance = CONTACT_TOLERANCE * ground.scale;
    let planted = 0;
    for (let i = 0; i < 2; i++) {
      const foot = feet[i]!;
      soleHeights(character, i, ground, _heights);
      foot.above = _heights.above;
      foot.tilt = character.placement.tiltOf(i as 0 | 1);
      foot.contact = foot.above < -tolerance ? "묻힘" : foot.above <= tolerance ? "닿음" : "떠 있음";
      stats.penetration = Math.max(stats.penetration, Math.min(0, foot.clipHeight) - foot.above);
      if (foot.clipHeight < feet[planted]!.clipHeight) planted = i;
    }
    const plantedError = Math.abs(feet[planted]!.above - feet[planted]!.clipHeight);
    stats.frames++;
    stats.plantedSum += plantedError;
    stats.plantedMax = Math.max(stats.plantedMax, plantedError);
    if (plantedError > tolerance) stats.plantedOver++;
  }

  resetStats(): void {
    const stats = this.stats;
    stats.frames = 0; stats.plantedMax = 0; stats.plantedSum = 0; stats.penetration = 0; stats.plantedOver = 0;
  }

  /** resetStats() 뒤의 집계. */
  plantedStats(): PlantedStats {
    const stats = this.stats;
    return { frames: stats.frames, plantedMax: stats.plantedMax, plantedMean: stats.frames > 0 ? stats.plantedSum / stats.frames : 0, penetration: stats.penetration, plantedOver: stats.plantedOver };
  }

  /** 읽은 값의 글: 골반 내림 (m) 과 두 발의 기울기·닿음. */
  text(pelvisDrop: number): string {
    const cm = (m: number): string => (m * 100).toFixed(1);
    const footText = (name: string, f: FootReading): string => `${name} ${(f.tilt * DEGREE).toFixed(0)}° ${f.contact}`;
    return `골반 내림 ${cm(pelvisDrop)} cm · ${footText("왼발", this.feet[0]!)} · ${footText("오른발", this.feet[1]!)}`;
  }
}

/** 발 index 의 발바닥 점 가운데 가장 낮은 것 (월드 y) 과, 가장 땅에 가까운 것의 지형 위 높이 (계단 모서리에 걸친 발은 윗단의 점). */
function soleHeights(character: Grounded, index: number, ground: ScaledGround, out: { lowestY: number; above: number }): void {
  const sole = character.soles[index]!;
  out.lowestY = Infinity;
  out.above = Infinity;
  for (const p of sole.points) {
    _v.copy(p).applyMatrix4(sole.foot.matrixWorld);
    if (_v.y < out.lowestY) out.lowestY = _v.y;
    const above = _v.y - ground.heightAt(_v.x, _v.z);
    if (above < out.above) out.above = above;
  }
}
