// 캐릭터의 몸 방향 (월드): findLimbs 와 TwoBoneIK 생성자 (bone/bodyBend.ts) 가 같은 잣대로 잰다.
import { Vector3 } from "three";

/** 몸의 세 축 (월드, 단위 벡터, 오른손 좌표). */
export interface BodyAxes {
  readonly up: Vector3;
  readonly left: Vector3;
  readonly forward: Vector3;
}

function mean(a: Vector3 | null, b: Vector3 | null): Vector3 | null {
  if (a === null) return b === null ? null : b.clone();
  return b === null ? a.clone() : a.clone().add(b).multiplyScalar(0.5);
}

function across(a: Vector3 | null, b: Vector3 | null): Vector3 | null {
  return a !== null && b !== null ? a.clone().sub(b) : null;
}

/**
 * 네 뼈 (왼·오른 위팔, 왼·오른 허벅지) 의 월드 위치에서 몸의 축: up = 위팔들의 가운데 − 허벅지들의 가운데,
 * left = 왼 허벅지 − 오른 허벅지 (없으면 두 위팔) 를 up 에 수직으로, forward = left × up.
 * 잴 수 없는 축은 defaultUp (월드), defaultForward (left = up × defaultForward) 로 채우고, 그것도 없으면 null.
 */
export function measureBodyAxes(
  positions: readonly [Vector3 | null, Vector3 | null, Vector3 | null, Vector3 | null],
  defaultUp: Vector3 | null,
  defaultForward: Vector3 | null,
): BodyAxes | null {
  const [leftArm, rightArm, leftLeg, rightLeg] = positions;
  const shoulders = mean(leftArm, rightArm), hips = mean(leftLeg, rightLeg);
  let up: Vector3;
  if (shoulders !== null && hips !== null && shoulders.distanceTo(hips) > 0) up = shoulders.sub(hips).normalize();
  else if (defaultUp !== null) up = defaultUp.clone().normalize();
  else return null;
  let left = across(leftLeg, rightLeg) ?? across(leftArm, rightArm);
  if (left !== null) {
    left.addScaledVector(up, -left.dot(up));
    if (!(left.lengthSq() > 0)) left = null;
  }
  if (left === null) {
    if (defaultForward === null) return null;
    left = new Vector3().crossVectors(up, defaultForward);
  }
  left.normalize();
  return { up, left, forward: new Vector3().crossVectors(left, up).normalize() };
}
