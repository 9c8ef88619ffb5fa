// 땅 질의를 부르는 한 곳: 발바닥 점·앞날 보기·모서리 찾기가 모두 여기서 쏜다 (같은 길이 규칙, 같은 닿음 검사).
import { Vector3 } from "three";
import { checkGroundHit } from "./groundQuery.js";
import type { GroundHit, GroundQuery } from "./groundQuery.js";

/** 광선의 높이·깊이 설정 (m, FootPlacement 가 검사한 값). @internal */
export interface RaySettings {
  readonly maxStepHeight: number;
  readonly maxStepDown: number;
}

/**
 * 발 딛기의 광선 하나 (다리마다 하나: 발바닥 점·앞날 보기·모서리 찾기가 같이 쓴다). 부르는 쪽이 origin·lift 를 채우고 cast 한다:
 * origin 에서 −up 으로, 쏘는 점의 클립의 땅 위 높이 (lift) 와 maxStepHeight 위에서 클립의 땅 아래 maxStepDown 까지
 * (길이 maxStepHeight + max(lift, 0) + maxStepDown) 의 땅을 찾는다.
 *
 * 땅 질의는 사용자의 함수라 인라인되지 않는다 (높이 함수 어댑터도 V8 의 인라인 한도보다 크다): 거기 넘기는 계산한 수는
 * 호출마다 HeapNumber 하나가 된다 (docs/PERFORMANCE.md §8). 그래서 질의에는 프레임마다 같은 길이
 * (maxStepHeight + maxStepDown + slack) 를 한 상자에 담아 넘기고, 그보다 먼 닿음은 여기서 버린다 (결과는 정확한 길이로
 * 쏜 것과 같다: 질의는 가장 가까운 닿음을 돌려준다). lift 가 slack 보다 큰 점만 정확한 길이를 넘긴다 (드물다).
 * @internal
 */
export class GroundRay {
  /** 쏠 자리 (월드, m): 부르는 쪽이 채운다. */
  readonly origin = new Vector3();
  /** 쏘는 방향 = −up (단위). */
  readonly down = new Vector3(0, -1, 0);
  /** 쏘는 점의 클립의 땅 위 높이 (m): 부르는 쪽이 채운다. */
  lift = 0.5;
  /** 이번 프레임의 maxStepHeight·maxStepDown (m). */
  #above = 0.5;
  #below = 0.5;
  /** 상자 길이에 더해 두는 여유 (m, 다리 길이): lift 가 이 안이면 상자 길이로 쏜다. */
  readonly #slack: number = 0.5;
  /**
   * 질의에 넘기는 길이의 상자: 객체 (null) 로 시작한 배열의 요소라 수를 HeapNumber 로 담아 두고 그대로 넘긴다 (값이 바뀔 때만
   * 새로 담는다). double 필드나 Float64Array 는 넘길 때마다 새 상자를 만든다.
   */
  readonly #length: unknown[] = [null];
  /** 상자 [0] 에 담은 길이 (처음엔 NaN: 첫 prepare 가 담는다). */
  #lengthNow = NaN;

  constructor(slack: number) {
    this.#slack = slack;
  }

  /** 이번 프레임의 위와 설정 (검사한 값, 수는 필드로: docs/PERFORMANCE.md §1). 상자 길이는 바뀌었을 때만 새로 담는다. */
  prepare(up: Readonly<Vector3>, settings: RaySettings): void {
    this.down.x = -up.x; this.down.y = -up.y; this.down.z = -up.z;
    const above = settings.maxStepHeight, below = settings.maxStepDown;
    this.#above = above;
    this.#below = below;
    const length = above + below + this.#slack;
    // 비교는 double 필드와 (상자 속의 수와 비교하면 첫 null 때문에 V8 이 일반 비교를 써서 length 를 상자에 담는다).
    if (this.#lengthNow !== length) { this.#lengthNow = length; this.#length[0] = length; }
  }

  /**
   * origin·lift 로 쏜다. 닿으면 out (유한한지 검사한 뒤), 없거나 길이 밖이면 null.
   * @throws RangeError 질의가 유한하지 않은 닿음을 돌려주면 (index: 메시지의 발바닥 점 번호).
   */
  cast(ground: GroundQuery, out: GroundHit, index: number): GroundHit | null {
    const lift = Math.max(this.lift, 0), reach = this.#above + lift + this.#below, origin = this.origin, down = this.down;
    // 드문 길 (다리 길이보다 높이 든 발) 만 정확한 길이를 넘긴다 (그 호출은 상자 하나를 만든다).
    const hit = lift > this.#slack ? ground(origin, down, reach, out) : ground(origin, down, this.#length[0] as number, out);
    if (hit === null) return null;
    checkGroundHit(hit, index);
    const p = hit.point;
    const distance = (p.x - origin.x) * down.x + (p.y - origin.y) * down.y + (p.z - origin.z) * down.z;
    return distance <= reach ? hit : null;
  }
}
