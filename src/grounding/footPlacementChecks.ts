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

const isNumber = (v: unknown): v is number => typeof v === "number" && !Number.isNaN(v);

// 검사 함수는 모듈에 둔다: update() 안에서 화살표 함수를 만들면 프레임마다 클로저를 할당한다.
function checkUnit(s: FootPlacementSettings, name: keyof FootPlacementSettings): void {
  const v = s[name];
  if (!isNumber(v) || !(v >= 0 && v <= 1)) rangeError(name, "[0, 1] 의 수", v);
}

function checkNonNegative(s: FootPlacementSettings, name: keyof FootPlacementSettings): void {
  const v = s[name];
  if (!isNumber(v) || !(v >= 0) || v === Infinity) rangeError(name, "0 이상의 유한한 수", v);
}

/** 0 이상의 유한한 수가 아닌 dt (update 가 먼저 본다). */
export function throwBadDt(dt: unknown): never {
  rangeError("dt", "0 이상의 유한한 수 (s)", dt);
}

/** 모든 설정을 검사한다 (하나도 쓰기 전에, dt 는 update 가 먼저 본다). */
export function checkFootPlacementSettings(s: FootPlacementSettings): void {
  checkUnit(s, "weight");
  checkUnit(s, "tiltWeight");
  checkNonNegative(s, "fadeTime");
  checkNonNegative(s, "maxStepDown");
  checkNonNegative(s, "maxPelvisDrop");
  checkNonNegative(s, "footSmoothTime");
  checkNonNegative(s, "pelvisSmoothTime");
  const step = s.maxStepHeight;
  if (!isNumber(step) || !(step > 0) || step === Infinity) rangeError("maxStepHeight", "0 보다 큰 유한한 수 (m)", step);
  const speed = s.maxPelvisSpeed;
  if (!isNumber(speed) || !(speed > 0)) rangeError("maxPelvisSpeed", "0 보다 큰 수 (m/s, Infinity 가능)", speed);
  const follow = s.footFollowSpeed;
  if (!isNumber(follow) || !(follow >= 0)) rangeError("footFollowSpeed", "0 이상의 수 (m/s, Infinity 가능)", follow);
  const margin = s.bendMargin;
  if (!isNumber(margin) || !(margin >= 0 && margin < 1)) rangeError("bendMargin", "[0, 1) 의 수", margin);
  const tilt = s.maxTilt;
  if (!isNumber(tilt) || !(tilt >= 0 && tilt <= Math.PI / 2)) rangeError("maxTilt", "[0, π/2] 의 수 (rad)", tilt);
}
