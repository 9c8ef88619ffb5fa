// 굽힘 제한 확인들이 함께 쓰는 것: 패널의 [min, max], 허용치, 창구 읽기, 제한 밖으로 나간 정도, 닿는 거리.
import { dist, hook } from "../page.mjs";

/** 굽힘이 제한 안이라고 볼 허용치 (도): 라이브러리는 1e-9 rad 안, 여기는 뼈의 월드 위치에서 다시 잰 각. */
export const BEND_TOLERANCE_DEG = 1e-6;
export const MIN_DEG = 2;
export const MAX_DEG = 150;

/** 창구 window.__twoBoneIK 의 읽기와 놓기. */
export function bendHooks(page) {
  return {
    limits: () => hook(page, () => window.__twoBoneIK.limits()),
    positions: () => hook(page, () => window.__twoBoneIK.positions()),
    state: () => hook(page, () => window.__twoBoneIK.state()),
    place: (name, point) => hook(page, ({ n, p }) => window.__twoBoneIK.place(n, p), { n: name, p: point }),
  };
}

/** 관절 하나의 굽힘이 [min, max] 밖으로 나간 정도 (도, 0 이면 안). */
export const outside = (joint) => Math.max(0, joint.minDeg - joint.bendDeg, joint.bendDeg - joint.maxDeg);

/** from 에서 to 쪽으로 length (m) 만큼 간 점. */
export function along(from, to, length) {
  const d = dist(from, to);
  return [0, 1, 2].map((i) => from[i] + ((to[i] - from[i]) / d) * length);
}

/** 뼈 a, b 가 굽힘 bendDeg (도) 에서 닿는 거리 √(a² + b² + 2ab·cos bend). */
export const reachAt = (a, b, bendDeg) => Math.sqrt(a * a + b * b + 2 * a * b * Math.cos((bendDeg * Math.PI) / 180));
