// 굽힘 제한 (팔꿈치·무릎): 두 관절이 패널의 같은 [min, max] 를 쓴다. 허락된 범위는 관절 둘레의 호로 그린다.
// 제한 객체는 처음에 하나씩 만들어 고쳐 쓴다 (IK 는 매 프레임 같은 객체를 읽는다).
import type { Scene, Vector3 } from "three";
import type { TwoBoneIK } from "../src/index";
import { BendArc, bendAngle } from "./bendArc";
import type { LimitState } from "./testHook";
import type { Params } from "./ui";

export const DEGREE = Math.PI / 180;
/** 호의 바깥 반지름 (m): 팔꿈치, 무릎. */
const ELBOW_ARC_RADIUS = 0.11;
const KNEE_ARC_RADIUS = 0.16;
/** 호의 화면에서의 최소 바깥 반지름 (CSS px): 캐릭터가 작게 보이는 휴대폰에서도 공 (지름 26 px 이상) 뒤에 묻히지 않게. */
const ARC_MIN_RADIUS_PX = 52;
const ARC_COLOR = 0xff6ad5;

/** 굽힘 bend (라디안) 에서 뼈 a, b 의 삼각형이 닫히는 거리 d = √(a² + b² + 2ab·cos bend). */
export function limitedReach(a: number, b: number, bend: number): number {
  return Math.sqrt(Math.max(a * a + b * b + 2 * a * b * Math.cos(bend), 0));
}

/** 한 관절 (뿌리 – 관절 – 효과점) 의 월드 점과 극, 그 자리의 화면 1 px 의 길이 (m). */
export interface JointPose {
  readonly root: Vector3;
  readonly joint: Vector3;
  effector: Vector3;
  readonly pole: Vector3;
  metresPerPx: number;
}

export class BendLimits {
  /** 라디안: armIK·legIK 의 bendLimits 가 켜지면 가리키는 객체. */
  readonly elbow = { min: 0, max: Math.PI };
  readonly knee = { min: 0, max: Math.PI };
  readonly elbowArc = new BendArc(ELBOW_ARC_RADIUS, ARC_MIN_RADIUS_PX, ARC_COLOR);
  readonly kneeArc = new BendArc(KNEE_ARC_RADIUS, ARC_MIN_RADIUS_PX, ARC_COLOR);
  /** 마지막 프레임에 잰 굽힘 (라디안, 라이브러리가 제한하는 삼각형의 바깥각). */
  readonly bends = { elbow: 0, knee: 0 };

  /** rangeLine: 팔이 닿는 d 의 범위를 쓰는 글 줄 (#limit-range). */
  constructor(scene: Scene, private readonly armIK: TwoBoneIK, private readonly legIK: TwoBoneIK, private readonly rangeLine: HTMLElement) {
    scene.add(this.elbowArc, this.kneeArc);
  }

  /**
   * 패널 값을 IK 에 쓴다. min ≤ max 를 지킨다 (라이브러리는 min > max 를 RangeError 로 거절한다): 사용자가 움직이지 않은
   * 쪽을 맞춘다. params 를 고쳤으면 true (패널 표시를 맞춰야 한다).
   */
  apply(params: Params, changed: keyof Params | null): boolean {
    let adjusted = false;
    if (params.limitMin > params.limitMax) {
      if (changed === "limitMax") params.limitMin = params.limitMax;
      else params.limitMax = params.limitMin;
      adjusted = true;
    }
    for (const limits of [this.elbow, this.knee]) {
      limits.min = params.limitMin * DEGREE;
      limits.max = params.limitMax * DEGREE;
    }
    this.armIK.bendLimits = params.elbowLimit ? this.elbow : null;
    this.legIK.bendLimits = params.kneeLimit ? this.knee : null;
    // 팔이 닿는 거리 d 의 범위: [√(a² + b² + 2ab·cos max), √(a² + b² + 2ab·cos min)] (제한이 없으면 [|a − b|, a + b]).
    const a = params.upperLength, b = params.lowerLength;
    const near = params.elbowLimit ? limitedReach(a, b, this.elbow.max) : Math.abs(a - b);
    const far = params.elbowLimit ? limitedReach(a, b, this.elbow.min) : a + b;
    this.rangeLine.textContent = `팔이 닿는 d: ${near.toFixed(3)} – ${far.toFixed(3)} m (제한 없이 ${Math.abs(a - b).toFixed(3)} – ${(a + b).toFixed(3)} m)`;
    return adjusted;
  }

  /** 매 프레임: 두 관절의 굽힘을 재고, 켜진 제한의 호를 그린다 (visible: 대역이 보일 때만). */
  update(params: Params, visible: boolean, elbow: JointPose, knee: JointPose): void {
    this.bends.elbow = bendAngle(elbow.root, elbow.joint, elbow.effector);
    this.bends.knee = bendAngle(knee.root, knee.joint, knee.effector);
    this.elbowArc.visible = params.elbowLimit && visible;
    this.kneeArc.visible = params.kneeLimit && visible;
    if (this.elbowArc.visible) {
      this.elbowArc.update(elbow.root, elbow.joint, elbow.effector, elbow.pole, this.elbow.min, this.elbow.max, elbow.metresPerPx);
    }
    if (this.kneeArc.visible) {
      this.kneeArc.update(knee.root, knee.joint, knee.effector, knee.pole, this.knee.min, this.knee.max, knee.metresPerPx);
    }
  }

  /** 테스트 창구의 limits(): 각은 도. */
  state(params: Params): { elbow: LimitState; knee: LimitState } {
    const one = (on: boolean, limits: { min: number; max: number }, bend: number, arc: BendArc): LimitState => ({
      on, minDeg: limits.min / DEGREE, maxDeg: limits.max / DEGREE, bendDeg: bend / DEGREE,
      arcVisible: arc.visible, arcMinDeg: arc.drawnMin / DEGREE, arcMaxDeg: arc.drawnMax / DEGREE,
    });
    return {
      elbow: one(params.elbowLimit, this.elbow, this.bends.elbow, this.elbowArc),
      knee: one(params.kneeLimit, this.knee, this.bends.knee, this.kneeArc),
    };
  }
}
