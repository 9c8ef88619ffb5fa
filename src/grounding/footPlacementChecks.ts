// FootPlacement 의 인자·설정 검사: 뼈에 쓰기 전에, 이름과 받은 값을 담은 RangeError.
import type { Object3D } from "three";
import type { FootPlacementLeg } from "./FootPlacement.js";

const CALLER = "FootPlacement.update";

/** update() 가 읽는 설정 (FootPlacement 의 공개 필드). */
export interface FootPlacementSettings {
  weight: number;
  fadeTime: number;
  maxStepHeight: number;
  maxStepDown: number;
  maxPelvisDrop: number;
  maxPelvisSpeed: number;
  bendMargin: number;
  footSmoothTime: number;
  footPrediction: number;
  footFollowSpeed: number;
  pelvisSmoothTime: number;
  tiltWeight: number;
  maxTilt: number;
}

export function checkObject(name: string, value: unknown): void {
  if (value === null || typeof value !== "object") throw new RangeError(`FootPlacement: ${name} 는 객체여야 합니다 (받은 값: ${String(value)})`);
}

function isObject3D(value: unknown): value is Object3D {
  return value !== null && typeof value === "object" && (value as { isObject3D?: unknown }).isObject3D === true;
}

function checkBone(name: string, value: unknown): void {
  if (!isObject3D(value)) throw new RangeError(`FootPlacement: ${name} 는 Object3D 여야 합니다 (받은 값: ${String(value)})`);
}

/** 다리 하나: 뼈가 Object3D 이고 hips 가 허벅지의 조상인가. 사슬 관계는 TwoBoneIK 생성자가 검사한다. */
export function checkLeg(name: string, leg: FootPlacementLeg, hips: unknown, root: unknown): void {
  checkBone("options.hips", hips);
  checkBone("options.root", root);
  checkObject(name, leg);
  checkBone(`${name}.upper`, leg.upper);
  checkBone(`${name}.mid`, leg.mid);
  checkBone(`${name}.end`, leg.end);
  if (leg.toes != null) checkBone(`${name}.toes`, leg.toes);
  let p = leg.upper.parent;
  while (p !== null && p !== hips) p = p.parent;
  if (p === null) {
    throw new RangeError(`FootPlacement: options.hips("${(hips as Object3D).name}") 는 ${name}.upper("${leg.upper.name}") 의 조상이어야 합니다`);
  }
}

function rangeError(name: string, rule: string, value: unknown): never {
  throw new RangeError(`${CALLER}: ${name} 는 ${rule} 여야 합니다 (받은 값: ${String(value)})`);
}

/** 0 이상의 유한한 수가 아닌 dt (update 가 먼저 본다). */
export function throwBadDt(dt: unknown): never {
  rangeError("dt", "0 이상의 유한한 수 (s)", dt);
}

/**
 * 모든 설정을 검사한다 (하나도 쓰기 전에, dt 는 update 가 먼저 본다). 필드마다 이름으로 바로 읽는다: s[name] 처럼
 * 문자열 키로 읽으면 V8 이 double 필드를 상자에 담아 프레임마다 할당한다 (docs/PERFORMANCE.md §1).
 * (typeof 가 number 이고 비교가 참이면 NaN 이 아니다.)
 */
export function checkFootPlacementSettings(s: FootPlacementSettings): void {
  const weight = s.weight, tiltWeight = s.tiltWeight;
  if (!(typeof weight === "number" && weight >= 0 && weight <= 1)) rangeError("weight", "[0, 1] 의 수", weight);
  if (!(typeof tiltWeight === "number" && tiltWeight >= 0 && tiltWeight <= 1)) rangeError("tiltWeight", "[0, 1] 의 수", tiltWeight);
  const fade = s.fadeTime, down = s.maxStepDown, drop = s.maxPelvisDrop, foot = s.footSmoothTime, pelvis = s.pelvisSmoothTime;
  if (!(typeof fade === "number" && fade >= 0 && fade < Infinity)) rangeError("fadeTime", NON_NEGATIVE, fade);
  if (!(typeof down === "number" && down >= 0 && down < Infinity)) rangeError("maxStepDown", NON_NEGATIVE, down);
  if (!(typeof drop === "number" && drop >= 0 && drop < Infinity)) rangeError("maxPelvisDrop", NON_NEGATIVE, drop);
  if (!(typeof foot === "number" && foot >= 0 && foot < Infinity)) rangeError("footSmoothTime", NON_NEGATIVE, foot);
  if (!(typeof pelvis === "number" && pelvis >= 0 && pelvis < Infinity)) rangeError("pelvisSmoothTime", NON_NEGATIVE, pelvis);
  const prediction = s.footPrediction;
  if (!(typeof prediction === "number" && prediction >= 0 && prediction < Infinity)) rangeError("footPrediction", NON_NEGATIVE, prediction);
  const step = s.maxStepHeight;
  if (!(typeof step === "number" && step > 0 && step < Infinity)) rangeError("maxStepHeight", "0 보다 큰 유한한 수 (m)", step);
  const speed = s.maxPelvisSpeed;
  if (!(typeof speed === "number" && speed > 0)) rangeError("maxPelvisSpeed", "0 보다 큰 수 (m/s, Infinity 가능)", speed);
  const follow = s.footFollowSpeed;
  if (!(typeof follow === "number" && follow >= 0)) rangeError("footFollowSpeed", "0 이상의 수 (m/s, Infinity 가능)", follow);
  const margin = s.bendMargin;
  if (!(typeof margin === "number" && margin >= 0 && margin < 1)) rangeError("bendMargin", "[0, 1) 의 수", margin);
  const tilt = s.maxTilt;
  if (!(typeof tilt === "number" && tilt >= 0 && tilt <= Math.PI / 2)) rangeError("maxTilt", "[0, π/2] 의 수 (rad)", tilt);
}

const NON_NEGATIVE = "0 이상의 유한한 수";
