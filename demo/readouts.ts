// 읽은 값과 코사인 법칙 식: 매 프레임 숫자를 받아, 0.1 초마다 바뀐 글자만 DOM 에 쓴다.
import { softenDistance } from "../src/index";

/** 한 프레임의 측정값 (frameLoop.ts 가 매 프레임 같은 객체를 채운다). 길이는 m, 각은 라디안, 시간은 ms. */
export interface Measurements {
  /** 어깨–공 거리 d. */
  distance: number;
  /** 뼈의 월드 위치로 잰 위 뼈 길이 a, 아래 뼈 길이 b. */
  upper: number;
  lower: number;
  /** 손–공 거리. */
  gap: number;
  /** 어깨에서 잰, 어깨→손 과 어깨→팔꿈치 사이의 각 θ. */
  theta: number;
  /** 팔꿈치에서 잰, 팔꿈치→어깨 와 팔꿈치→손 사이의 속각 φ (곧게 펴면 180°). */
  elbow: number;
  /** 어깨→공 직선과 어깨→극 사이의 각 (라디안), 그리고 뒤집힘 위험 구역 안인가. */
  poleAngle: number;
  flipDanger: boolean;
  /** 마지막 solve() 의 reachable. */
  reachable: boolean;
  /** 팔꿈치의 굽힘 제한이 켜졌는가, 그때 팔이 닿는 d 의 범위 [limitNear, limitFar] (m). */
  limited: boolean;
  limitNear: number;
  limitFar: number;
  ik: boolean;
  soft: number;
  weight: number;
  /** 캐릭터(팔·다리) IK 시간의 이동 평균. */
  ikMs: number;
  /** 스트레스 보기의 팔다리 수와 IK 시간의 이동 평균. */
  stressCount: number;
  stressMs: number;
}

export function createMeasurements(): Measurements {
  return {
    distance: 0, upper: 0, lower: 0, gap: 0, theta: 0, elbow: Math.PI, poleAngle: Math.PI / 2, flipDanger: false, reachable: false,
    limited: false, limitNear: 0, limitFar: 0,
    ik: true, soft: 0, weight: 1, ikMs: 0, stressCount: 0, stressMs: 0,
  };
}

/** DOM 갱신 간격 (ms): 사람이 읽을 수 있는 속도이면서 프레임마다 글자를 만들지 않게. */
const UPDATE_INTERVAL_MS = 100;

class TextSlot {
  private last = "";
  constructor(private readonly element: HTMLElement) {}
  set(text: string): void {
    if (text === this.last) return;
    this.last = text;
    this.element.textContent = text;
  }
}

function slot(id: string): TextSlot {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`#${id} 요소가 없습니다`);
  return new TextSlot(element);
}

const m = (value: number): string => `${value.toFixed(3)} m`;
const deg = (radians: number): string => `${((radians * 180) / Math.PI).toFixed(1)}°`;

/** 닿는가와 그 까닭. */
type ReachReason = "off" | "reach" | "far" | "near" | "limits" | "soft";
/** 까닭마다 [읽음 줄의 말, 접힌 머리 줄의 짧은 말] (머리 줄은 좁다). */
const REACH_WORDS: Record<ReachReason, readonly [string, string]> = {
  off: ["IK 꺼짐", "IK 꺼짐"],
  reach: ["닿음", "닿음"],
  far: ["닿지 않음 (너무 멂)", "너무 멂"],
  near: ["닿지 않음 (너무 가까움)", "너무 가까움"],
  limits: ["닿지 않음 (굽힘 제한)", "제한 밖"],
  soft: ["닿지 않음 (soft)", "soft 구간"],
};

export class Readouts {
  private nextUpdate = 0;
  private readonly d = slot("r-d");
  private readonly sum = slot("r-sum");
  private readonly diff = slot("r-diff");
  private readonly reach = slot("r-reach");
  private readonly a = slot("r-a");
  private readonly b = slot("r-b");
  private readonly gap = slot("r-gap");
  private readonly theta = slot("r-theta");
  private readonly elbow = slot("r-elbow");
  private readonly summaryReach = slot("s-reach");
  private readonly summaryGap = slot("s-gap");
  private readonly summaryTheta = slot("s-theta");
  private readonly flipText = slot("flip-angle");
  private readonly warning = document.getElementById("flip-warning")!;
  private readonly summaryElement = document.getElementById("s-reach")!;
  /** 식이 계산한 θ·φ (IK 가 만드는 값, 라디안): 읽은 값과 식 상자가 같은 수를 보이게. */
  private formulaTheta = 0;
  private formulaElbow = Math.PI;
  /** 뒤집힘 경고를 보이고 있는가 (테스트 창구가 읽는다). */
  flipWarningShown = false;
  private readonly ik = slot("r-ik");
  private readonly formula = slot("formula");
  private readonly reachElement = document.getElementById("r-reach")!;

  /** now: performance.now() (ms). 간격이 지나지 않았으면 아무것도 하지 않는다. */
  update(now: number, values: Measurements): void {
    if (now < this.nextUpdate) return;
    this.nextUpdate = now + UPDATE_INTERVAL_MS;

    const { distance, upper: a, lower: b } = values;
    const sum = a + b;
    const diff = Math.abs(a - b);
    this.d.set(m(distance));
    this.sum.set(m(sum));
    this.diff.set(m(diff));
    this.a.set(m(a));
    this.b.set(m(b));
    const gapText = `${(values.gap * 1000).toFixed(3)} mm`;
    this.gap.set(gapText);
    this.summaryGap.set(gapText);

    const outsideLimits = values.limited && (distance > values.limitFar || distance < values.limitNear);
    const why: ReachReason = !values.ik ? "off" : values.reachable ? "reach" : distance > sum ? "far"
      : distance < diff ? "near" : outsideLimits ? "limits" : "soft";
    const words = REACH_WORDS[why];
    this.reach.set(words[0]);
    const state = values.ik ? (values.reachable ? "reach" : "far") : "off";
    this.reachElement.dataset["state"] = state;
    this.summaryReach.set(words[1]);
    this.summaryElement.dataset["state"] = state;

    let ikText = `${values.ikMs.toFixed(3)} ms/프레임 (팔·다리)`;
    if (values.stressCount > 0) ikText += ` · ${values.stressMs.toFixed(2)} ms (${values.stressCount}개)`;
    this.ik.set(ikText);

    this.formula.set(this.formulaText(values, a, b, sum, diff));
    // θ·φ: IK 를 켜면 뼈에서 잰 값, 끄면 식의 값 (= IK 를 켜면 될 값). 어느 쪽이든 식 상자와 같은 수.
    const thetaText = values.ik ? deg(values.theta) : `${deg(this.formulaTheta)} (IK 켜면)`;
    this.theta.set(thetaText);
    this.summaryTheta.set(values.ik ? deg(values.theta) : deg(this.formulaTheta));
    this.elbow.set(values.ik ? deg(values.elbow) : `${deg(this.formulaElbow)} (IK 켜면)`);

    // 함정 2: 극이 어깨–공 직선에 가까우면 경고.
    this.flipText.set(deg(Math.min(values.poleAngle, Math.PI - values.poleAngle)));
    if (values.flipDanger !== this.flipWarningShown) {
      this.flipWarningShown = values.flipDanger;
      this.warning.hidden = !values.flipDanger;
    }
  }

  /** 코사인 법칙에 지금 숫자를 넣은 식. d 는 soft 와 [|a − b|, a + b] 자르기를 거친 값. */
  private formulaText(values: Measurements, a: number, b: number, sum: number, diff: number): string {
    let d = values.distance;
    const lines: string[] = [];
    if (values.soft > 0 && sum > 0) {
      const softened = softenDistance(d, sum, values.soft);
      if (softened < d) {
        lines.push(`soft: d′ = ${softened.toFixed(3)} (d = ${d.toFixed(3)} 을 당김)`);
        d = softened;
      }
    }
    if (d > sum) {
      lines.push(`d = ${d.toFixed(3)} > a + b = ${sum.toFixed(3)} → d 를 a + b 로 자름: 팔이 곧게 폄, θ = 0°`);
      d = sum;
    } else if (d < diff) {
      lines.push(`d = ${d.toFixed(3)} < |a − b| = ${diff.toFixed(3)} → d 를 |a − b| 로 자름: 팔이 끝까지 접힘`);
      d = diff;
    }
    if (a > 0 && d > 0) {
      const cos = Math.min(1, Math.max(-1, (a * a + d * d - b * b) / (2 * a * d)));
      this.formulaTheta = Math.acos(cos);
      lines.push(
        `cos θ = (a² + d² − b²) / (2ad)\n` +
        `      = (${a.toFixed(3)}² + ${d.toFixed(3)}² − ${b.toFixed(3)}²) / (2·${a.toFixed(3)}·${d.toFixed(3)})\n` +
        `      = ${cos.toFixed(4)}  →  θ = ${deg(this.formulaTheta)}`,
      );
    }
    if (a > 0 && b > 0) {
      const cosElbow = Math.min(1, Math.max(-1, (a * a + b * b - d * d) / (2 * a * b)));
      this.formulaElbow = Math.acos(cosElbow);
      lines.push(`팔꿈치 각 φ: cos φ = (a² + b² − d²) / (2ab) = ${cosElbow.toFixed(4)}  →  φ = ${deg(this.formulaElbow)}`);
    }
    if (!values.ik) lines.push("(IK 꺼짐: 팔은 IK 전 자세 그대로. θ·φ 는 IK 를 켜면 될 값)");
    else if (values.weight < 1) lines.push(`(weight ${values.weight.toFixed(2)}: IK 전 자세와 섞음)`);
    return lines.join("\n");
  }
}
