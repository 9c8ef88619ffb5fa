import { Matrix4, Quaternion, Vector3 } from "three";
import { createChainLengths, createTwoBoneIKResult, DOUBLE_FIELD_SEED } from "../math/solveTwoBoneIK.js";
import type { ChainLengths, TwoBoneIKResult } from "../math/solveTwoBoneIK.js";
import type { BlendWeight } from "../math/quaternionBlend.js";
import type { SoftSettings } from "../math/softIK.js";

/**
 * 한 번의 solve() 가 쓰는 임시 객체 묶음. 필드 하나는 한 가지만 담는다. 공간은 이름에: …Parent 는 upper 의 부모 공간,
 * …World 는 월드, …Local 은 이름의 뼈의 부모 축. 호출자에게 돌려주지 않는다.
 */
export class SolveFrame {
  // 입력 (검사하며 한 번만 읽은 값)
  readonly targetWorld = new Vector3();
  readonly poleWorld = new Vector3();
  // 이번 호출의 weight·soft. 수는 객체 필드로 넘긴다 (docs/PERFORMANCE.md §1).
  readonly settings: BlendWeight & SoftSettings = { weight: DOUBLE_FIELD_SEED, soft: DOUBLE_FIELD_SEED };
  /** 끝 회전의 가중치 (endRotationWeight). 끝 회전이 없으면 쓰지 않는다. */
  readonly endWeight: BlendWeight = { weight: DOUBLE_FIELD_SEED };
  /** 끝 회전 Q (월드, 정규화) — endRotation 이 있을 때만. */
  readonly endRotationWorld = new Quaternion();
  /** tip (end 의 로컬 공간). hasTip 이 false 면 원점이라 쓰지 않는다. */
  readonly tipLocal = new Vector3();
  hasTip = false;
  /** 굽힘 제한 [min, max] (라디안): 제한이 거리를 줄일 때만 bendLimits 가 이것을 가리킨다 (아니면 null). */
  readonly bendLimitsStore = new Float64Array(2);
  bendLimits: Float64Array | null = null;

  // 읽은 체인 (upper 의 부모 공간)
  readonly parentInverse = new Matrix4();
  readonly rootParent = new Vector3();
  readonly midParent = new Vector3();
  readonly endParent = new Vector3();
  readonly targetParent = new Vector3();
  readonly poleParent = new Vector3();
  /** 지금 아래 뼈 (mid 원점 → end 원점) 를 mid 의 부모 축에서: R̂_M S_M B₂ p_E. */
  readonly lowerLocal = new Vector3();
  /** 읽은 upper·mid 사원수를 정규화한 것. */
  readonly upperUnit = new Quaternion();
  readonly midUnit = new Quaternion();
  /** upper 와 mid 사이, mid 와 end 사이 뼈들의 회전 곱 (위에서 아래로, 정규화). 사이 뼈가 없으면 쓰지 않는다. */
  readonly betweenUpperMid = new Quaternion();
  readonly betweenMidEnd = new Quaternion();
  readonly lengths: ChainLengths = createChainLengths();
  /** tip 을 아래 뼈와 함께 움직일 때의 삼각형 (부모 공간의 tip, mid 의 부모 축에서 mid → tip, 길이). hasTip 일 때만. */
  readonly tipParent = new Vector3();
  readonly tipLowerLocal = new Vector3();
  readonly tipLengths: ChainLengths = createChainLengths();
  /** 들어온 자세에서 end 원점 → tip (부모 공간): o_in. */
  readonly tipOffsetParent = new Vector3();
  /** 삼각형이 겨누는 점 (부모 공간): 목표, 또는 끝 회전이 정해졌을 때 목표 − tip 오프셋. soft 가 당긴다. */
  readonly aimTargetParent = new Vector3();

  // 풀이 (부모 공간)
  readonly solved: TwoBoneIKResult = createTwoBoneIKResult();

  // 새 로컬 회전: 여기서 계산하고 뼈에는 마지막에 한 번만 쓴다 (docs/PERFORMANCE.md §5).
  readonly upperDelta = new Quaternion();
  readonly midDelta = new Quaternion();
  readonly upperRotation = new Quaternion();
  readonly midRotation = new Quaternion();
  readonly endRotation = new Quaternion();

  // 끝 회전 유지: 들어온 체인의 회전 곱, 새 체인의 회전 곱의 역.
  readonly incomingChain = new Quaternion();
  readonly newChainInverse = new Quaternion();
  // 끝 회전 (spec/END_EFFECTOR.md): 부모의 월드 회전 R_P, 들어온 끝의 회전 R_in, 끝이 가질 회전 R_goal (부모 공간),
  // R_Q = R_P⁻¹ Q (부모 공간).
  readonly parentRotationWorld = new Quaternion();
  readonly incomingEndParent = new Quaternion();
  readonly endGoalParent = new Quaternion();
  readonly endTargetParent = new Quaternion();

  // 끝 다듬기 (exactEnd.ts): 처음 풀이가 정한 끝, 겨누는 점, 그려질 끝, 다시 풀 때의 극 (부모 공간).
  readonly goalParent = new Vector3();
  readonly aimParent = new Vector3();
  readonly drawnEndParent = new Vector3();
  readonly refinePoleParent = new Vector3();

  // 작업용 (한 함수 안에서만 쓰고 끝나는 값)
  readonly fromDir = new Vector3();
  readonly toDir = new Vector3();
  readonly localMatrix = new Matrix4();
  readonly betweenUnit = new Quaternion();
  readonly scratchRotation = new Quaternion();
}

// solve() 안에서 다른 solve() 가 시작될 수 있다 (목표의 getter, 뼈 사원수의 변경 콜백, 조상의 updateMatrix 재정의에서).
// 그래서 모듈 하나를 같이 쓰지 않고 중첩 깊이마다 한 벌씩 둔다: 깊이 0 은 불러올 때, 더 깊은 벌은 처음 쓰일 때 한 번.
const _frames: SolveFrame[] = [new SolveFrame()];
let _depth = 0;

/** 이번 깊이의 임시 객체 묶음을 잡는다. 반드시 try/finally 에서 {@link releaseFrame} 과 짝을 맞춘다. */
export function acquireFrame(): SolveFrame {
  const depth = _depth;
  if (depth === _frames.length) _frames.push(new SolveFrame());
  _depth = depth + 1;
  return _frames[depth]!;
}

/** {@link acquireFrame} 으로 잡은 묶음을 놓는다. */
export function releaseFrame(): void {
  _depth--;
}
