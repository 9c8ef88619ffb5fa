// 지난 update 가 뼈에 쓴 값 가운데 클립이 다시 쓰지 않은 것을 쓰기 전의 값으로 되돌린다.
// three 의 AnimationMixer (PropertyMixer.apply) 는 트랙의 값이 지난 프레임과 같으면 (멈춘 키, 한 키짜리 트랙, 움직이지 않는
// 골반) 뼈에 쓰지 않는다: 그대로 두면 지난 프레임의 발 딛기가 다음 프레임의 "클립 자세" 가 되어 변위가 두 번 더해진다.
import type { Quaternion, Vector3 } from "three";
import { fieldsOf } from "../math/quaternionFields.js";

/** 값 하나의 성분을 Float64Array 로 읽고 쓰는 법 (접근자 없이: docs/PERFORMANCE.md §4). @internal */
export interface Components<T> {
  /** 성분 수. */
  readonly size: number;
  /** into[at …] ← value. */
  read(value: T, into: Float64Array, at: number): void;
  /** value 가 from[at …] 과 같은가. */
  equals(value: T, from: Float64Array, at: number): boolean;
  /** value ← from[at …] (사원수면 변경 콜백 한 번: 뼈의 Euler 회전이 맞춰진다). */
  write(value: T, from: Float64Array, at: number): void;
}

/** 뼈의 position. @internal */
export const vectorComponents: Components<Vector3> = {
  size: 3,
  read(v, into, at) { into[at] = v.x; into[at + 1] = v.y; into[at + 2] = v.z; },
  equals(v, from, at) { return v.x === from[at] && v.y === from[at + 1] && v.z === from[at + 2]; },
  write(v, from, at) { v.x = from[at]!; v.y = from[at + 1]!; v.z = from[at + 2]!; },
};

/** 뼈의 quaternion (필드 _x·_y·_z·_w). @internal */
export const quaternionComponents: Components<Quaternion> = {
  size: 4,
  read(q, into, at) { const f = fieldsOf(q); into[at] = f._x; into[at + 1] = f._y; into[at + 2] = f._z; into[at + 3] = f._w; },
  equals(q, from, at) {
    const f = fieldsOf(q);
    return f._x === from[at] && f._y === from[at + 1] && f._z === from[at + 2] && f._w === from[at + 3];
  },
  write(q, from, at) {
    const f = fieldsOf(q);
    f._x = from[at]!; f._y = from[at + 1]!; f._z = from[at + 2]!; f._w = from[at + 3]!;
    f._onChangeCallback();
  },
};

/** 값 몇 개 (뼈의 quaternion·position) 의 쓰기 전 값과 쓴 값 (성분을 Float64Array 에). 만들 때만 할당한다. @internal */
export class UndoUnrewritten<T> {
  readonly #live: readonly T[];
  readonly #components: Components<T>;
  readonly #before: Float64Array;
  readonly #written: Float64Array;
  readonly #hasWrite: boolean[];

  constructor(live: readonly T[], components: Components<T>) {
    this.#live = live;
    this.#components = components;
    this.#before = new Float64Array(live.length * components.size);
    this.#written = new Float64Array(live.length * components.size);
    this.#hasWrite = live.map(() => false);
  }

  /** i 번째 값에 쓰기 직전: 클립의 값을 적어 둔다. */
  beforeWrite(i: number): void {
    this.#components.read(this.#live[i]!, this.#before, i * this.#components.size);
  }

  /** i 번째 값에 쓴 직후: 쓴 값을 적어 둔다. */
  afterWrite(i: number): void {
    this.#components.read(this.#live[i]!, this.#written, i * this.#components.size);
    this.#hasWrite[i] = true;
  }

  /** 지난번에 쓴 값이 그대로인 (클립이 다시 쓰지 않은) 것을 쓰기 전의 값으로 되돌리고, 적어 둔 쓰기를 잊는다. */
  undo(): void {
    const c = this.#components;
    for (let i = 0; i < this.#live.length; i++) {
      const at = i * c.size;
      if (this.#hasWrite[i] && c.equals(this.#live[i]!, this.#written, at)) c.write(this.#live[i]!, this.#before, at);
      this.#hasWrite[i] = false;
    }
  }
}
