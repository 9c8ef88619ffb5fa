import { Vector3 } from "three";
import type { Vector3Like } from "three";
import {
  assertBoneLengths, assertWritableResult,
  throwInvalidArguments, throwInvalidChain, throwResultOverflow,
} from "./validation.js";
import { bendTriangle, readBendLimits } from "./bendLimits.js";
import type { SolveTwoBoneIKOptions } from "./bendLimits.js";
import {
  POLE_DOWNSCALE_LIMIT as SHARED_POLE_DOWNSCALE_LIMIT, POLE_LINE_TOLERANCE as SHARED_POLE_LINE_TOLERANCE,
  POLE_ROUNDING_ULPS as SHARED_POLE_ROUNDING_ULPS, REORTHOGONALIZE_RATIO_SQ as SHARED_REORTHOGONALIZE_RATIO_SQ,
} from "./tolerances.js";

/**
 * 두 뼈 IK의 결과. 점은 입력과 같은 좌표 공간·단위에 있다: {@link solveTwoBoneIK} 면 root·target 과 같은 공간,
 * {@link TwoBoneIK.solve} 면 월드 공간. {@link createTwoBoneIKResult} 로 한 번 만들어 `out` 으로 다시 쓴다.
 */
export interface TwoBoneIKResult {
  /** 관절(팔꿈치·무릎)의 위치. */
  joint: Vector3;
  /** 끝점(손·발)의 위치. reachable 이면 목표와 같다. */
  end: Vector3;
  /**
   * 끝이 목표에 정확히 닿았으면 true. 목표가 닿는 범위 [|a − b|, a + b] 밖이라 거리를 잘랐거나
   * (TwoBoneIK 에서) soft IK 가 목표를 당겼으면 false.
   */
  reachable: boolean;
}

/**
 * 극(pole) 힌트가 뿌리–목표 직선 위에 있다고 볼 거리, 체인 길이 (a + b)에 대한 비율 (단위 없음).
 * 극이 직선에서 (a + b)·1e-10 이내라면 굽힘 평면의 방향은 반올림 잡음이 정하게 되므로 정해진 축 규칙으로 대신한다
 * ({@link solveTwoBoneIK} 의 "퇴화한 입력").
 */
export const POLE_LINE_TOLERANCE: number = SHARED_POLE_LINE_TOLERANCE;

/**
 * 좌표 크기에서 오는 반올림 잡음의 상한 (ulp 개수). 원점에서 먼 (예: 1e6) 작은 체인도
 * 뺄셈의 반올림만으로 굽힘 방향이 정해지지 않도록, 극과 직선의 거리가 가장 큰 좌표 크기 × ε × 64 이하이면
 * 직선 위로 본다 ({@link POLE_LINE_TOLERANCE} 와 둘 중 큰 쪽).
 */
export const POLE_ROUNDING_ULPS: number = SHARED_POLE_ROUNDING_ULPS;

const EPSILON = Number.EPSILON;

/**
 * |v|² 가 넘치거나(> 1e300) 아래로 사라지는(< 1e-290) 범위에서는 크기를 먼저 나눠 길이를 구한다.
 * 그 사이에서는 빠른 sqrt(x² + y² + z²) 를 그대로 쓴다.
 */
const SAFE_SQ_MIN = 1e-290;
const SAFE_SQ_MAX = 1e300;

/**
 * 극 − 뿌리의 성분이 이 값 (2^1000 ≈ 1.07e301) 을 넘으면 투영 전에 POLE_DOWNSCALE (2^-600) 을 곱한다.
 * 그 아래에서는 |p·f| ≤ √3·2^1000, |p − (p·f)f| ≤ 2.8·2^1000 이라 넘치지 않는다.
 * @internal
 */
export const POLE_DOWNSCALE_LIMIT: number = SHARED_POLE_DOWNSCALE_LIMIT;
/**
 * 한 번 뺀 뒤 |p·f| 가 |p⊥| 의 64 배를 넘으면 f 성분을 한 번 더 뺀다 (4 단계 참고). 제곱으로 비교한다: 64².
 * @internal
 */
export const REORTHOGONALIZE_RATIO_SQ: number = SHARED_REORTHOGONALIZE_RATIO_SQ;
/** 가장 큰 좌표 + 2(a + b) 가 이 값 (2^1023) 보다 작으면 관절·끝은 넘칠 수 없다 (float64 최댓값의 절반). */
const RESULT_SAFE_LIMIT = 2 ** 1023;
const POLE_DOWNSCALE = 2 ** -600;
const POLE_UPSCALE = 2 ** 600;

/**
 * 결과 객체를 새로 만든다 (joint·end 는 새 Vector3, reachable = false). 매 프레임 부를 때는 한 번 만들어
 * {@link solveTwoBoneIK} 의 `out` 으로 넘기면 풀이가 아무것도 할당하지 않는다.
 *
 * @returns 새 {@link TwoBoneIKResult}.
 */
export function createTwoBoneIKResult(): TwoBoneIKResult {
  return { joint: new Vector3(), end: new Vector3(), reachable: false };
}

/**
 * 두 뼈 IK를 푼다: 뿌리(root) → 관절(joint) → 끝(end) 체인의 끝이 목표(target)에 닿고,
 * 관절은 극 힌트(poleHint) 쪽으로 굽는다. 뼈는 늘어나지 않는다. 순수한 계산이라 뼈·Object3D 는 모른다
 * (뼈에 적용하려면 {@link TwoBoneIK}).
 *
 * 모든 점과 길이는 한 좌표 공간·한 단위에 있다 (어느 공간이든 된다: 월드, 부모 공간 …). 결과도 같은 공간이다.
 * a = upperLength, b = lowerLength 일 때:
 * - d = |target − root| 를 정확히 [|a − b|, a + b] 로 자른다 (엡실론 없음). 잘렸으면 reachable = false.
 * - f = unit(target − root), p = unit((poleHint − root) 에서 f 성분을 뺀 것).
 * - 코사인 법칙 cos θ = (a² + d² − b²) / (2ad), sin θ ≥ 0 (θ 는 뿌리에서 f 와 위 뼈 사이의 각, 라디안).
 * - joint = root + a(cos θ·f + sin θ·p),  end = root + d·f  (닿으면 end = target 그대로).
 *
 * 퇴화한 입력의 정해진 답:
 * - 극 힌트가 뿌리–목표 직선 위 (거리 ≤ max({@link POLE_LINE_TOLERANCE}·(a + b), {@link POLE_ROUNDING_ULPS}·ε·가장 큰
 *   좌표 크기)) 이거나 뿌리와 같으면, +X, +Y, +Z 중 |f·축| 이 가장 작은 축을 f 에 수직으로 만들어 p 로 쓴다.
 *   같으면 X, Y, Z 순서로 앞선 축.
 * - 목표가 뿌리와 정확히 같으면 f = +X. a = b 면 닿는다 (end = root, joint = root + a·p),
 *   a ≠ b 면 end = root + |a − b|·X, reachable = false.
 * - 한 뼈의 길이가 0 이면 관절은 뿌리 (a = 0) 또는 끝 (b = 0) 에 놓인다. 둘 다 0 이면 RangeError.
 *
 * 정확도: 유효한 모든 입력에서 |joint − root| = a, |end − joint| = b 와 끝의 자리가 1e-12·(a + b) + 가장 큰 좌표의
 * 몇 ulp 안에서 맞고, NaN·무한대가 없다 (완전히 펴지거나 접힌 자세, 체인보다 한참 작은 d, 1e-300 에서 1e300 까지의
 * 크기, 극이 직선 가까이 멀리 있을 때, 좌표가 ±1.8e308 근처일 때도).
 *
 * `out` 을 주면 아무것도 할당하지 않는다. 입력 객체는 바꾸지 않고, 좌표는 한 번씩만 읽으므로 getter 가
 * solveTwoBoneIK 를 다시 불러도 (재진입) 답이 같다. `out` 이 입력과 같은 Vector3 를 담고 있어도 된다
 * (입력을 모두 읽은 뒤에 쓴다).
 * 얼었는지는 바로 앞 호출과 다른 out (또는 joint·end) 이 올 때만 묻는다 (Object.isFrozen 은 풀이 한 번만큼 비싸다):
 * 이미 받은 out 을 나중에 얼리면 쓰기가 TypeError 로 실패한다.
 *
 * @param root 뿌리 (어깨·엉덩이) 의 위치.
 * @param upperLength 위 뼈의 길이 a (root → joint), 점들과 같은 단위. 0 이상의 유한한 수.
 * @param lowerLength 아래 뼈의 길이 b (joint → end), 점들과 같은 단위. 0 이상의 유한한 수 (a, b 가 둘 다 0 이면 안 된다).
 * @param target 끝이 닿아야 할 점.
 * @param poleHint 관절이 굽을 쪽을 가리키는 점 (방향이 아니라 점, root 와 같은 공간).
 * @param out 결과를 채울 객체. 주면 그 객체 (와 그 joint·end 인스턴스) 를 채워 돌려준다.
 *   생략하면 {@link createTwoBoneIKResult} 로 새로 만든다.
 * @param options 선택 인자. `bendLimits: { min, max }` (라디안): 관절의 굽힘 β (0 = 곧게 폄, π = 완전히 접힘) 를
 *   [min, max] 로 제한한다. 닿는 거리는 d ∈ [√(a² + b² + 2ab·cos max), √(a² + b² + 2ab·cos min)] ∩ [|a − b|, a + b] 가
 *   되고, 그 밖의 목표는 같은 직선 위의 가까운 끝으로 잘리며 (연속, reachable = false) 관절의 굽힘은 그 제한값이다
 *   (제한 각에서 직접 계산해 1e-9 rad 안). min = 0 인 끝은 a + b, max = π 인 끝은 |a − b| 그대로라
 *   `{ min: 0, max: Math.PI }` 는 제한이 없을 때와 비트까지 같다. 제한 안의 목표는 제한이 없을 때와 같은 답이다.
 * @returns `out`: 관절·끝의 위치와 reachable.
 * @throws RangeError 아무것도 쓰기 전에, 인자 이름과 받은 값을 담아 (`out` 은 그대로):
 *   객체가 아닌 options·bendLimits, 수가 아니거나 NaN 이거나 [0, π] 밖인 bendLimits.min·max, min > max,
 *   객체가 아닌 점, 수가 아니거나 (bool·문자열·bigint) 유한하지 않은 좌표 (`target.y` 처럼 성분까지 짚는다),
 *   수가 아니거나 음수·NaN·무한대인 길이, 둘 다 0 인 길이, 2(a + b) 가 float64 를 넘음,
 *   target − root·poleHint − root 가 float64 를 넘음, 관절·끝이 float64 를 넘음 (`root` 를 짚는다),
 *   쓸 수 없는 `out` (객체가 아님, joint·end 가 객체가 아님, out·joint·end 가 얼어 있음).
 */
export function solveTwoBoneIK(
  root: Readonly<Vector3Like>,
  upperLength: number,
  lowerLength: number,
  target: Readonly<Vector3Like>,
  poleHint: Readonly<Vector3Like>,
  out: TwoBoneIKResult = createTwoBoneIKResult(),
  options?: Readonly<SolveTwoBoneIKOptions>,
): TwoBoneIKResult {
  // 구현 메모: 수치 계산은 solveBody 의 5 단계 (헤론 공식) 를 본다.
  // 인라인될 만큼 작게 두고 길이는 입력 배열에 적어 점만 넘긴다 (docs/PERFORMANCE.md §1).
  if (typeof upperLength !== "number" || typeof lowerLength !== "number") {
    throwInvalidArguments("solveTwoBoneIK", root, upperLength, lowerLength, target, poleHint);
  }
  // 굽힘 제한은 다른 인자보다 먼저 검사해 _bendInputs 에 적는다 (제한이 실제로 거리를 줄일 때만 limited).
  const limited = options !== undefined && readBendLimits("solveTwoBoneIK", options, _bendInputs);
  _lengthInputs[0] = upperLength;
  _lengthInputs[1] = lowerLength;
  return solveBody("solveTwoBoneIK", USER_INPUT_CHECKS, root, target, poleHint, out, limited);
}


/** 체인의 두 뼈 길이 (라이브러리 내부용). 객체로 넘기는 까닭은 solveChain 참고. */
export interface ChainLengths {
  upperLength: number;
  lowerLength: number;
}

/** 수를 담는 임시 객체 필드의 첫 값 (라이브러리 내부용). @internal */
// 정수가 아닌 값: 필드가 처음부터 double 표현이 된다 (docs/PERFORMANCE.md §2).
export const DOUBLE_FIELD_SEED = 0.5;

/** 길이 객체를 만든다 (라이브러리 내부용). @internal */
// 모든 길이 객체를 여기서 만든다: 한 모양이라 solveChain 이 단형으로 남는다 (docs/PERFORMANCE.md §2).
export function createChainLengths(): ChainLengths {
  return { upperLength: DOUBLE_FIELD_SEED, lowerLength: DOUBLE_FIELD_SEED };
}

// 두 뼈 길이 [a, b] 를 solveBody 에 넘기는 자리 (docs/PERFORMANCE.md §1). solveBody 가 사용자 코드 (getter) 를 부르기 전에 읽는다.
const _lengthInputs = /*@__PURE__*/ new Float64Array(2);
// 굽힘 제한 [min, max] (라디안) 과 제한 각으로 고정한 삼각형: [a, b, β] 를 넣으면 [d, x, h] (bendLimits.ts 의 bendTriangle).
const _bendInputs = /*@__PURE__*/ new Float64Array(2);
const _bendTriangle = /*@__PURE__*/ new Float64Array(3);

/**
 * solveTwoBoneIK 의 본체 (라이브러리 내부용: TwoBoneIK 도 이것을 부른다).
 * 점들은 유한하다고 검사된 뒤여야 한다. 길이는 여기서 다시 검사한다 (둘 다 0 이면 RangeError).
 * @internal
 */
// 길이를 수 인자가 아니라 객체 필드로 받는다 (docs/PERFORMANCE.md §1).
export function solveChain(
  caller: string,
  root: Readonly<Vector3Like>,
  lengths: Readonly<ChainLengths>,
  target: Readonly<Vector3Like>,
  poleHint: Readonly<Vector3Like>,
  out: TwoBoneIKResult,
  bendLimits: Float64Array | null = null,
): TwoBoneIKResult {
  _lengthInputs[0] = lengths.upperLength;
  _lengthInputs[1] = lengths.lowerLength;
  if (bendLimits === null) return solveBody(caller, null, root, target, poleHint, out, false);
  // 굽힘 제한 [min, max] (검사한 값, 제한이 거리를 줄이는 것만): solveTwoBoneIK 와 같은 자리에 적는다.
  _bendInputs[0] = bendLimits[0]!;
  _bendInputs[1] = bendLimits[1]!;
  return solveBody(caller, null, root, target, poleHint, out, true);
}

/**
 * solveTwoBoneIK 만 하는 검사의 실패 경로: 사용자가 준 점이 객체가 아님, out 이 객체가 아님, 처음 보는 out 이 쓸 수 없음.
 * solveBody 는 이 함수들을 이 객체로만 부른다: solveChain (null) 만 쓰는 번들 (TwoBoneIK) 에는 들어가지 않는다.
 */
interface UserInputChecks {
  readonly invalidArguments: typeof throwInvalidArguments;
  readonly writableResult: typeof assertWritableResult;
  readonly rememberWritable: typeof rememberWritableResult;
}

const USER_INPUT_CHECKS: UserInputChecks = {
  invalidArguments: throwInvalidArguments,
  writableResult: assertWritableResult,
  rememberWritable: rememberWritableResult,
};

/**
 * 본체. 모든 입력을 한 번씩만 지역 변수로 읽어, 검사한 값이 곧 쓰는 값이다: getter 가 solveTwoBoneIK 를 다시 부르거나
 * 읽을 때마다 다른 값을 돌려줘도 이 풀이는 바뀌지 않는다 (길이는 getter 를 부르기 전에 _lengthInputs 에서 읽는다).
 * userChecks: 사용자가 준 입력이다 (solveTwoBoneIK, {@link USER_INPUT_CHECKS}): 점이 객체이고 좌표가 수인지, out 이
 * 쓸 수 있는지 (얼지 않았는지) 본다. solveChain 의 점과 out 은 라이브러리가 만든 것이라 null.
 */
function solveBody(
  caller: string,
  userChecks: UserInputChecks | null,
  root: Readonly<Vector3Like>,
  target: Readonly<Vector3Like>,
  poleHint: Readonly<Vector3Like>,
  out: TwoBoneIKResult,
  limited: boolean,
): TwoBoneIKResult {
  const a = _lengthInputs[0]!, b = _lengthInputs[1]!;
  // null·undefined 에서는 좌표를 읽을 수 없다. (수·문자열 같은 원시값은 좌표가 undefined 라 아래 typeof 검사가 잡는다.)
  if (userChecks !== null && (root == null || target == null || poleHint == null)) {
    userChecks.invalidArguments(caller, root, a, b, target, poleHint);
  }
  const rx = root.x, ry = root.y, rz = root.z;
  const tx = target.x, ty = target.y, tz = target.z;
  const qx = poleHint.x, qy = poleHint.y, qz = poleHint.z;
  // 1. 검사: 읽은 값으로, 아무것도 쓰기 전에. 좌표가 수인지 (bool·문자열·bigint 거부) 본 뒤, 유한한지는 차 f = target − root,
  //    p = poleHint − root 로 함께 본다: 좌표 하나라도 NaN·±Infinity 면 차도 그렇고, 차가 넘쳐도 거부해야 한다.
  //    실패할 때만 throwInvalidChain 이 인자 순서대로 첫 문제를 찾는다 (실패 경로는 따로: docs/PERFORMANCE.md §6).
  if (userChecks !== null && !(typeof rx === "number" && typeof ry === "number" && typeof rz === "number"
    && typeof tx === "number" && typeof ty === "number" && typeof tz === "number"
    && typeof qx === "number" && typeof qy === "number" && typeof qz === "number")) {
    throwInvalidChain(caller, root, target, poleHint, rx, ry, rz, a, b, tx, ty, tz, qx, qy, qz);
  }
  let fx = tx - rx, fy = ty - ry, fz = tz - rz;
  let px = qx - rx, py = qy - ry, pz = qz - rz;
  if (!(Number.isFinite(fx) && Number.isFinite(fy) && Number.isFinite(fz)
    && Number.isFinite(px) && Number.isFinite(py) && Number.isFinite(pz))) {
    throwInvalidChain(caller, root, target, poleHint, rx, ry, rz, a, b, tx, ty, tz, qx, qy, qz);
  }
  if (!(a >= 0 && b >= 0 && a + b > 0 && 2 * (a + b) < Infinity)) assertBoneLengths(caller, a, b);
  if (userChecks !== null && !(out !== null && typeof out === "object")) userChecks.writableResult(caller, out);

  const maxLength = a + b;
  const minLength = Math.abs(a - b);

  // 2. 앞 방향 f 와 거리 d.
  const distanceSq = fx * fx + fy * fy + fz * fz;
  const distanceSafe = distanceSq > SAFE_SQ_MIN && distanceSq < SAFE_SQ_MAX;
  let distance = distanceSafe ? Math.sqrt(distanceSq) : scaledLength(fx, fy, fz);
  if (distance === 0) {
    fx = 1; fy = 0; fz = 0; // 목표가 뿌리와 같으면 +X 로 뻗는다.
  } else if (distanceSafe) {
    const inv = 1 / distance;
    fx *= inv; fy *= inv; fz *= inv;
  } else {
    // |v|² 가 넘치거나 사라지는 범위: 가장 큰 성분으로 먼저 나눠 (d 는 비정규수 격자에 반올림되어 있을 수 있다)
    // 방향을 정규 범위에서 구한다.
    const scale = Math.max(Math.abs(fx), Math.abs(fy), Math.abs(fz));
    fx /= scale; fy /= scale; fz /= scale;
    const norm = Math.sqrt(fx * fx + fy * fy + fz * fz);
    fx /= norm; fy /= norm; fz /= norm;
  }

  // 3. 닿는 범위 [|a − b|, a + b] 로 정확히 자른다.
  let reachable = true;
  let folded = false; // |a − b| 로 잘렸다: 참값은 h = 0 (아래 헤론 공식의 s1 은 반올림으로 0 이 아닐 수 있다)
  if (distance > maxLength) { distance = maxLength; reachable = false; }
  else if (distance < minLength) { distance = minLength; reachable = false; folded = true; }
  //    굽힘 제한: 허용 거리 [d(max), d(min)] 밖이면 가까운 끝으로 자르고 (같은 직선 위라 연속), 관절은 제한 각에서
  //    직접 구한다 (bendClamped). d(0) = a + b, d(π) = |a − b| 인 끝은 제한이 아니다 (readBendLimits 가 거른다).
  //    거리가 제한 거리와 같은 float 이거나 곧게 펴진·접힌 거리 (a + b, |a − b|) 로 잘렸어도 관절은 제한 각에서 구한다:
  //    제한 각이 0·π 에 아주 가까우면 (~1e-8 rad) d(제한) 이 a + b·|a − b| 로 (또는 한 ulp 안쪽으로) 반올림되고,
  //    거리에서 구한 관절은 곧거나 접혀 제한을 넘는다.
  let bendClamped = false;
  if (limited) {
    const bendMin = _bendInputs[0]!, bendMax = _bendInputs[1]!;
    if (bendMin > 0) {
      _bendTriangle[0] = a; _bendTriangle[1] = b; _bendTriangle[2] = bendMin;
      bendTriangle(_bendTriangle);
      bendClamped = distance >= _bendTriangle[0]! || distance >= maxLength;
    }
    if (!bendClamped && bendMax < Math.PI) {
      _bendTriangle[0] = a; _bendTriangle[1] = b; _bendTriangle[2] = bendMax;
      bendTriangle(_bendTriangle);
      bendClamped = distance <= _bendTriangle[0]! || distance <= minLength;
    }
    if (bendClamped) {
      if (distance !== _bendTriangle[0]!) reachable = false; // 경계 위의 목표에는 닿는다
      distance = _bendTriangle[0]!;
    }
  }

  // 4. 굽힘 방향 p: 극 힌트에서 f 성분을 뺀다. 한 번 빼고 남는 f 성분은 ε·|극 − 뿌리| 규모라, 극이 직선에서 조금
  //    떨어져 있고 멀면 (수직 거리 ≪ |극 − 뿌리|) p 가 f 에 수직이 아니게 되어 뼈 길이가 바뀐다
  //    (예: 극 (1e4, 1e4, 2e-10) 에서 |joint − root| = 1.0064). 그때는 한 번 더 뺀다 ("twice is enough", Kahan–Parlett):
  //    남는 성분이 ε·|p| 규모로 줄어 p 는 작업 정밀도로 f 에 수직이다. 한 번 뺀 뒤 |p·f| ≤ 64·|p| 이면 남는 각이
  //    ~65·3ε < 5e-14 라 (뼈 길이 오차 < 5e-14·a) 두 번째는 건너뛴다 (제곱으로 비교: (p·f)² > 64²·|p⊥|²).
  //    한 번 뺀 결과가 넘쳤고 (|p⊥|² 가 inf·NaN) 성분이 POLE_DOWNSCALE_LIMIT 를 넘으면 (1.8e308 근처) 2^-600 을 곱해
  //    다시 뺀다: 2 의 거듭제곱이라 방향은 그대로다. 직선 판정만 원래 크기 (× 2^600) 로 한다.
  let poleScale = 1;
  let along = px * fx + py * fy + pz * fz;
  let perpX = px - along * fx, perpY = py - along * fy, perpZ = pz - along * fz;
  let perpSq = perpX * perpX + perpY * perpY + perpZ * perpZ;
  if (!(perpSq < Infinity) && !(px <= POLE_DOWNSCALE_LIMIT && px >= -POLE_DOWNSCALE_LIMIT
    && py <= POLE_DOWNSCALE_LIMIT && py >= -POLE_DOWNSCALE_LIMIT && pz <= POLE_DOWNSCALE_LIMIT && pz >= -POLE_DOWNSCALE_LIMIT)) {
    // p·f 나 p − (p·f)f 가 넘쳤다 (극 − 뿌리가 1.8e308 근처): 2^-600 을 곱해 다시 뺀다.
    px *= POLE_DOWNSCALE; py *= POLE_DOWNSCALE; pz *= POLE_DOWNSCALE;
    poleScale = POLE_UPSCALE;
    along = px * fx + py * fy + pz * fz;
    perpX = px - along * fx; perpY = py - along * fy; perpZ = pz - along * fz;
    perpSq = perpX * perpX + perpY * perpY + perpZ * perpZ;
  }
  if (along * along > REORTHOGONALIZE_RATIO_SQ * perpSq || !(perpSq < Infinity)) {
    // 극이 직선에 가깝다 (|p·f| > 64·|p⊥|), 또는 |p⊥|² 가 넘쳐 (|p⊥| > 1e154) 제곱 비교로 알 수 없다: 한 번 더 뺀다.
    along = perpX * fx + perpY * fy + perpZ * fz;
    perpX -= along * fx; perpY -= along * fy; perpZ -= along * fz;
    perpSq = perpX * perpX + perpY * perpY + perpZ * perpZ;
  }
  px = perpX; py = perpY; pz = perpZ;
  const perpSafe = perpSq > SAFE_SQ_MIN && perpSq < SAFE_SQ_MAX;
  const perpLength = perpSafe ? Math.sqrt(perpSq) : scaledLength(px, py, pz);
  // 가장 큰 좌표 크기: Math.max 대신 풀어 쓴다 (docs/PERFORMANCE.md §1).
  let coordScale = Math.abs(rx);
  coordScale = Math.max(coordScale, Math.abs(ry), Math.abs(rz));
  coordScale = Math.max(coordScale, Math.abs(tx), Math.abs(ty), Math.abs(tz));
  coordScale = Math.max(coordScale, Math.abs(qx), Math.abs(qy), Math.abs(qz));
  const lineTolerance = Math.max(POLE_LINE_TOLERANCE * maxLength, POLE_ROUNDING_ULPS * EPSILON * coordScale);
  const offLine = perpLength * poleScale > lineTolerance;
  if (offLine && perpSafe) {
    const inv = 1 / perpLength;
    px *= inv; py *= inv; pz *= inv;
  } else if (offLine) {
    const scale = Math.max(Math.abs(px), Math.abs(py), Math.abs(pz)); // 위의 f 와 같은 까닭
    px /= scale; py /= scale; pz /= scale;
    const norm = Math.sqrt(px * px + py * py + pz * pz);
    px /= norm; py /= norm; pz /= norm;
  } else {
    // 굽힘 평면이 정해지지 않는다: f 와 가장 덜 나란한 양의 축을 쓴다 (같으면 X, Y, Z 순).
    const ax = Math.abs(fx), ay = Math.abs(fy), az = Math.abs(fz);
    let ex = 0, ey = 0, ez = 0;
    if (ax <= ay && ax <= az) ex = 1;
    else if (ay <= az) ey = 1;
    else ez = 1;
    const axisAlong = ex * fx + ey * fy + ez * fz;
    px = ex - axisAlong * fx; py = ey - axisAlong * fy; pz = ez - axisAlong * fz;
    const inv = 1 / Math.sqrt(px * px + py * py + pz * pz); // |축 × f| ≥ √(2/3), 0이 될 수 없다
    px *= inv; py *= inv; pz *= inv;
  }

  // 5. 코사인 법칙: x = a·cos θ (f 방향), h = a·sin θ (p 방향).
  //    a·cos θ = ((a − b)/d·(a + b) + d) / 2, a·sin θ = √((d + b − a)/d)·√((d − b + a)/d)·√(a + b − d)·√(a + b + d) / 2
  //    (헤론 공식) 로 계산해 완전히 펴지거나 접힌 자세 근처에서도, d 가 체인보다 한참 작아도 자릿수를 잃지 않는다.
  //    중간값이 길이의 제곱이 되는 곳이 없어 1e-300 에서 1e300 까지 같은 식으로 넘치지도 사라지지도 않는다.
  //    (함수로 빼지 않는다: docs/PERFORMANCE.md §1.)
  let x = 0, h = 0;
  if (bendClamped) {
    x = _bendTriangle[1]!; h = _bendTriangle[2]!;
  } else if (distance === 0) {
    // a = b 이고 목표가 뿌리에 있다: 완전히 접혀 관절은 p 쪽으로 a 만큼.
    h = a;
  } else {
    // x = ((a − b)(a + b)/d + d)/2. |a − b| ≤ d 이므로 (a − b)/d 를 먼저 나눠 [−1, 1] 안에 둔다
    // (d 가 체인보다 한참 작아도 넘치지 않는다).
    x = ((a - b) / distance * (a + b) + distance) * 0.5;
    // h = √((d + b − a)(d − b + a)(a + b − d)(a + b + d)) / (2d) (헤론 공식). s1, s2 는 0 과 2d 사이이므로
    // s1/d, s2/d 로 나눠 두면 d 가 아주 작아도 곱이 사라지지 않는다: h = √(s1/d)·√(s2/d)·√s3·√s4 / 2.
    // (b − a) 를 먼저 빼면 a ≈ b 일 때 정확하다 (Sterbenz): d + b − a 는 d 가 작으면 d 를 잃는다.
    const difference = b - a;
    const s1 = distance + difference, s2 = distance - difference, s3 = maxLength - distance, s4 = maxLength + distance;
    if (!folded && s1 > 0 && s2 > 0 && s3 > 0) {
      h = Math.sqrt(s1 / distance) * Math.sqrt(s2 / distance) * Math.sqrt(s3) * Math.sqrt(s4) * 0.5;
    }
  }
  if (h > a) h = a; // 반올림으로 a 를 넘지 않게

  // 6. 결과를 지역 변수로 구하고, float64 를 넘으면 (뿌리가 ±1.8e308 끝에 있어 관절·끝이 그 밖) 쓰기 전에 거부한다.
  const jx = rx + x * fx + h * px, jy = ry + x * fy + h * py, jz = rz + x * fz + h * pz;
  let ex = tx, ey = ty, ez = tz;
  if (!reachable) { ex = rx + distance * fx; ey = ry + distance * fy; ez = rz + distance * fz; }
  //    |joint 성분| ≤ 가장 큰 좌표 + 2a, |end 성분| ≤ 가장 큰 좌표 + (a + b) 이므로 보통은 비교 한 번으로 끝난다.
  if (!(coordScale + 2 * maxLength < RESULT_SAFE_LIMIT) && !(Number.isFinite(jx) && Number.isFinite(jy)
    && Number.isFinite(jz) && Number.isFinite(ex) && Number.isFinite(ey) && Number.isFinite(ez))) {
    throwResultOverflow(caller, rx, ry, rz, jx, jy, jz, ex, ey, ez);
  }

  // 7. 쓰기. 얼린 (Object.freeze) out·joint·end 에 쓰면 TypeError 라 쓰기 전에 거부해야 한다. Object.isFrozen 은 풀이
  //    한 번만큼 비싸므로, 마지막으로 확인한 out 과 그 joint·end 를 기억해 두고 다른 것이 올 때만 묻는다 (같은 out 을
  //    매 프레임 넘기는 것이 보통이다). 기억한 뒤에 얼린 out 은 알아채지 못한다 (문서에 적었다).
  const joint = out.joint, end = out.end;
  if (userChecks !== null) {
    const checked = _checkedResult;
    if (!(out === checked.out && joint === checked.joint && end === checked.end)) userChecks.rememberWritable(caller, out);
  }
  // set() 대신 필드에 직접 쓴다 (docs/PERFORMANCE.md §1).
  joint.x = jx; joint.y = jy; joint.z = jz;
  end.x = ex; end.y = ey; end.z = ez;
  out.reachable = reachable;
  return out;
}

/** 마지막으로 확인한 (객체이고 얼지 않은) 결과 객체와 그 joint·end. 다른 것이 오면 rememberWritableResult 가 다시 본다. */
const _checkedResult: { out: unknown; joint: unknown; end: unknown } = { out: null, joint: null, end: null };

function rememberWritableResult(caller: string, out: TwoBoneIKResult): void {
  assertWritableResult(caller, out); // 객체가 아니거나, joint·end 가 객체가 아니거나, 얼었으면 RangeError
  _checkedResult.out = out; _checkedResult.joint = out.joint; _checkedResult.end = out.end;
}

/** |v|² 가 넘치거나 사라지는 드문 경우: 가장 큰 성분으로 나눈 뒤 길이를 구한다. */
function scaledLength(x: number, y: number, z: number): number {
  const scale = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
  if (scale === 0) return 0;
  const sx = x / scale, sy = y / scale, sz = z / scale;
  return scale * Math.sqrt(sx * sx + sy * sy + sz * sz);
}
