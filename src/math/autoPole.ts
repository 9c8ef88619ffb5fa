import type { Vector3, Vector3Like } from "three";
import { assertFinitePoint, isFinitePoint } from "./validation.js";
import { AUTO_POLE_DEFAULT_WEIGHT as SHARED_AUTO_POLE_DEFAULT_WEIGHT, AUTO_POLE_STRAIGHT as SHARED_AUTO_POLE_STRAIGHT } from "./tolerances.js";

// 자동 극 (automatic pole): 극 점을 주지 않았을 때 관절이 굽을 쪽. 규칙은 spec/AUTO_POLE.md 와 같다
// (Python 의 발 고정도 같은 식을 쓴다).

/**
 * 완전히 곧은 팔다리에서 기본 굽힘 방향 n 이 갖는 무게 (체인 길이 L 에 대한 비율, 단위 없음).
 * 굽힘 s 가 0 에서 {@link AUTO_POLE_STRAIGHT} 로 갈수록 w = 0.05·(1 − s/0.1)² 로 0 까지 줄어든다.
 */
export const AUTO_POLE_DEFAULT_WEIGHT: number = SHARED_AUTO_POLE_DEFAULT_WEIGHT;
/**
 * 굽힘 s = |bend| / L (관절이 뿌리–끝 직선에서 떨어진 거리 ÷ 체인 길이, 단위 없음) 이 이 값 이상이면
 * 들어온 자세의 굽힘 평면을 그대로 쓴다 (a = b 면 관절 굽힘 약 11.5°).
 */
export const AUTO_POLE_STRAIGHT: number = SHARED_AUTO_POLE_STRAIGHT;
/**
 * n 과 정반대로 굽은 팔다리에서 극이 n 쪽으로 뒤집히는 s 의 값: s = w(s), 곧 s = 0.05·(1 − s/0.1)² 의 근
 * (2 − √3)/10 ≈ 0.0268. 이보다 덜 굽었으면 n 쪽, 더 굽었으면 들어온 굽힘 쪽.
 */
export const AUTO_POLE_FLIP = (2 - Math.sqrt(3)) / 10;

/**
 * 자동 극 점 P 를 out 에 쓴다 (검사 없는 내부용: 점들은 유한하고 n 은 단위 벡터라고 가정).
 * @internal
 * 식 (모두 한 공간, 예: upper 의 부모 공간):
 * 1. u = E − R, û = u/|u| (|u| = 0 이면 0).
 * 2. bend = (J − R) − ((J − R)·û) û.
 * 3. s = |bend| / L (L = |J − R| + |E − J|), w = 0.05·(1 − min(s, 0.1)/0.1)².
 * 4. dir = bend + w·L·n.
 * 5. P = R + u/2 + L·dir/|dir|; |dir| = 0 이면 P = R + u/2 + L·n.
 * out 은 입력과 같은 객체여도 된다 (입력을 먼저 모두 읽는다).
 */
// 수를 인자·반환값으로 주고받지 않는다 (할당 없음).
export function writeAutoPole(
  root: Readonly<Vector3Like>,
  joint: Readonly<Vector3Like>,
  end: Readonly<Vector3Like>,
  bendDirection: Readonly<Vector3Like>,
  out: Vector3,
): Vector3 {
  const rx = root.x, ry = root.y, rz = root.z;
  const jx = joint.x - rx, jy = joint.y - ry, jz = joint.z - rz;
  const ux = end.x - rx, uy = end.y - ry, uz = end.z - rz;
  const nx = bendDirection.x, ny = bendDirection.y, nz = bendDirection.z;
  const ex = ux - jx, ey = uy - jy, ez = uz - jz;
  const chain = Math.sqrt(jx * jx + jy * jy + jz * jz) + Math.sqrt(ex * ex + ey * ey + ez * ez);
  // 1–2. 끝 방향 û 에 수직인 들어온 굽힘.
  const uLength = Math.sqrt(ux * ux + uy * uy + uz * uz);
  let bx = jx, by = jy, bz = jz;
  if (uLength > 0) {
    const inv = 1 / uLength;
    const fx = ux * inv, fy = uy * inv, fz = uz * inv;
    const along = jx * fx + jy * fy + jz * fz;
    bx -= along * fx; by -= along * fy; bz -= along * fz;
  }
  // 3. 곧을수록 기본 방향의 무게가 커진다 (s 에 대해 연속, s ≥ 0.1 이면 0).
  // (분기로 상수와 계산한 수를 합류시키지 않는다: docs/PERFORMANCE.md §3.)
  const bendLength = Math.sqrt(bx * bx + by * by + bz * bz);
  const s = bendLength / (chain > 0 ? chain : 1);
  const straightness = Math.max(0, 1 - s / AUTO_POLE_STRAIGHT);
  const weight = AUTO_POLE_DEFAULT_WEIGHT * straightness * straightness;
  // 4. dir = bend + w·L·n.
  const wl = weight * chain;
  let dx = bx + wl * nx, dy = by + wl * ny, dz = bz + wl * nz;
  const dirLength = Math.sqrt(dx * dx + dy * dy + dz * dz);
  // 5. P = R + u/2 + L·dir/|dir| (dir = 0 이면 n).
  if (dirLength > 0) {
    const k = chain / dirLength;
    dx *= k; dy *= k; dz *= k;
  } else {
    dx = chain * nx; dy = chain * ny; dz = chain * nz;
  }
  out.x = rx + 0.5 * ux + dx;
  out.y = ry + 0.5 * uy + dy;
  out.z = rz + 0.5 * uz + dz;
  return out;
}

/**
 * 자동 극 점 (spec/AUTO_POLE.md 의 규칙): 극을 주지 않았을 때 관절이 굽을 쪽을 가리키는 점.
 * {@link solveTwoBoneIK} 의 poleHint 로 넘길 수 있다 ({@link TwoBoneIK.solve} 는 극을 생략하면 이 점을 쓴다).
 *
 * 들어온 (IK 전) 자세가 굽어 있으면 (s = |bend|/L ≥ {@link AUTO_POLE_STRAIGHT}) 그 굽힘 평면을 그대로 쓰고 — 목표가
 * 들어온 끝이면 IK 는 자세를 바꾸지 않는다 —, 거의 곧으면 기본 굽힘 방향 n 쪽으로 부드럽게 넘어간다. 극 점은 들어온
 * 자세의 연속 함수이고, 뒤집히는 곳은 하나: 굽힘이 n 의 정반대이고 s 가 {@link AUTO_POLE_FLIP} (≈ 0.0268) 을 지날 때.
 *
 * 식 (L = |J − R| + |E − J|, u = E − R): P = R + u/2 + L·dir/|dir|, dir = bend + w·L·n,
 * bend 는 J − R 에서 u 방향 성분을 뺀 것, w 는 {@link AUTO_POLE_DEFAULT_WEIGHT} 의 곡선. P 는 점들과 같은 공간·단위.
 * 할당하지 않는다.
 *
 * @param root 뿌리 R (어깨·엉덩이) 의 위치.
 * @param joint 관절 J (팔꿈치·무릎) 의 위치, 들어온 자세. root 와 같은 공간.
 * @param end 끝 E (손·발) 의 위치, 들어온 자세. root 와 같은 공간.
 * @param bendDirection 기본 굽힘 방향 n (방향, 점이 아님; 0 이 아닌 유한한 벡터, 정규화해서 쓴다). 점들과 같은 공간.
 *   무릎은 캐릭터의 앞, 팔꿈치는 뒤.
 * @param out 극 점 P 를 받을 Vector3 (얼지 않은 것; 입력과 같은 객체여도 된다).
 * @returns out.
 * @throws RangeError 아무것도 쓰기 전에, 인자 이름과 받은 값을 담아: 유한한 수 x·y·z 를 가진 객체가 아닌 점이나
 *   bendDirection (`joint.y` 처럼 성분까지 짚는다), 0 벡터인 bendDirection, 얼었거나 Vector3 가 아닌 out.
 */
export function automaticPole(
  root: Readonly<Vector3Like>,
  joint: Readonly<Vector3Like>,
  end: Readonly<Vector3Like>,
  bendDirection: Readonly<Vector3Like>,
  out: Vector3,
): Vector3 {
  const caller = "automaticPole";
  if (!isFinitePoint(root)) assertFinitePoint(caller, "root", root);
  if (!isFinitePoint(joint)) assertFinitePoint(caller, "joint", joint);
  if (!isFinitePoint(end)) assertFinitePoint(caller, "end", end);
  if (!isFinitePoint(bendDirection)) assertFinitePoint(caller, "bendDirection", bendDirection);
  if (out === null || typeof out !== "object" || (out as { isVector3?: unknown }).isVector3 !== true || Object.isFrozen(out)) {
    throw new RangeError(`${caller}: out 은 얼지 않은 Vector3 여야 합니다 (받은 값: ${String(out)})`);
  }
  const nx = bendDirection.x, ny = bendDirection.y, nz = bendDirection.z;
  const scale = Math.max(Math.abs(nx), Math.abs(ny), Math.abs(nz));
  if (!(scale > 0)) {
    throw new RangeError(`${caller}: bendDirection 은 0 이 아닌 벡터여야 합니다 (받은 값: ${nx}, ${ny}, ${nz})`);
  }
  // 크기를 먼저 나눠 (1e-200 같은 벡터도) 정규화한다.
  const sx = nx / scale, sy = ny / scale, sz = nz / scale;
  const inv = 1 / Math.sqrt(sx * sx + sy * sy + sz * sz);
  return writeAutoPole(root, joint, end, { x: sx * inv, y: sy * inv, z: sz * inv }, out);
}
