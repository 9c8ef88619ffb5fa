// 높이 함수 y = h(x, z) 를 땅 질의로: 월드 +Y 가 위라고 가정한다 (캐릭터의 위도 +Y 일 때 쓴다).
import type { Vector3 } from "three";
import type { GroundHit, GroundQuery } from "./groundQuery.js";

/** 유한 차분의 기본 간격 (m): 1 cm. 발 길이 (~25 cm) 보다 충분히 작고 float64 반올림보다 충분히 크다. */
export const HEIGHT_FIELD_NORMAL_STEP = 0.01;
/** 기운 광선을 따라 높이를 다시 읽는 최대 횟수: 수직 광선은 한 번에 정확하다. */
const MAX_ITERATIONS = 8;
/** 기운 광선의 반복을 멈추는 거리 변화 (m). */
const ITERATION_TOLERANCE = 1e-9;

/**
 * 높이 함수 heightAt(x, z) = y (월드, m) 로 땅 질의를 만든다. 월드 +Y 가 위이고 땅은 그 위로 겹치지 않는다고 가정한다.
 * 광선이 수직 (direction = (0, −1, 0)) 이면 닿는 점은 (ox, h(ox, oz), oz) 로 정확하다. 기운 광선은 고정점 반복
 * (t ← (oy − h(x(t), z(t))) / −dy) 으로 찾는다. 법선은 한쪽 차분 n ∝ (−∂h/∂x, 1, −∂h/∂z) (간격 step), 축마다 앞·뒤 차분 가운데 완만한 쪽:
 * 매끄러운 땅에서는 O(step) 오차, 계단 모서리 바로 옆에서는 벽이 아니라 디딤판의 법선이 된다.
 * 할당하지 않는다 (heightAt 이 할당하지 않으면).
 *
 * @param heightAt 월드 (x, z) 의 땅 높이 y (m).
 * @param step 법선의 유한 차분 간격 (m, > 0, 기본 {@link HEIGHT_FIELD_NORMAL_STEP}).
 * @throws RangeError 함수가 아닌 heightAt, 0 이하이거나 유한하지 않은 step.
 */
export function createHeightFieldGround(heightAt: (x: number, z: number) => number, step = HEIGHT_FIELD_NORMAL_STEP): GroundQuery {
  if (typeof heightAt !== "function") {
    throw new RangeError(`createHeightFieldGround: heightAt 은 함수 (x, z) => y 여야 합니다 (받은 값: ${String(heightAt)})`);
  }
  if (typeof step !== "number" || !(step > 0) || step === Infinity) {
    throw new RangeError(`createHeightFieldGround: step 은 0 보다 큰 유한한 수 (m) 여야 합니다 (받은 값: ${String(step)})`);
  }
  return (origin: Readonly<Vector3>, direction: Readonly<Vector3>, maxDistance: number, out: GroundHit): GroundHit | null => {
    const down = -direction.y;
    if (!(down > 0)) return null; // 위나 옆으로 가는 광선은 높이 함수와 만나지 않는다고 본다
    const under = heightAt(origin.x, origin.z);
    const tilted = direction.x * direction.x + direction.z * direction.z > 0;
    let t = (origin.y - under) / down;
    for (let i = 0; i < MAX_ITERATIONS && tilted; i++) {
      const next = (origin.y - heightAt(origin.x + direction.x * t, origin.z + direction.z * t)) / down;
      const change = Math.abs(next - t);
      t = next;
      if (change < ITERATION_TOLERANCE) break;
    }
    if (!(t >= 0 && t <= maxDistance)) return null;
    const x = origin.x + direction.x * t, z = origin.z + direction.z * t;
    const point = out.point, normal = out.normal;
    // 수직 광선은 처음 읽은 높이가 닿은 점의 높이다 (높이 함수를 한 번 덜 부른다).
    point.x = x; point.y = tilted ? heightAt(x, z) : under; point.z = z;
    const h = point.y;
    // 두 한쪽 차분 가운데 완만한 것: 계단 모서리 (불연속) 옆에서는 평평한 쪽의 기울기를 쓴다.
    const forwardX = heightAt(x + step, z) - h, backwardX = h - heightAt(x - step, z);
    const forwardZ = heightAt(x, z + step) - h, backwardZ = h - heightAt(x, z - step);
    const slopeX = (Math.abs(forwardX) < Math.abs(backwardX) ? forwardX : backwardX) / step;
    const slopeZ = (Math.abs(forwardZ) < Math.abs(backwardZ) ? forwardZ : backwardZ) / step;
    const inv = 1 / Math.sqrt(slopeX * slopeX + 1 + slopeZ * slopeZ);
    normal.x = -slopeX * inv; normal.y = inv; normal.z = -slopeZ * inv;
    return out;
  };
}
