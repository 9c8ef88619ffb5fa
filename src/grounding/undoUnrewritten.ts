// 지난 update 가 뼈에 쓴 값 가운데 클립이 다시 쓰지 않은 것을 쓰기 전의 값으로 되돌린다.
// three 의 AnimationMixer (PropertyMixer.apply) 는 트랙의 값이 지난 프레임과 같으면 (멈춘 키, 한 키짜리 트랙, 움직이지 않는
// 골반) 뼈에 쓰지 않는다: 그대로 두면 지난 프레임의 발 딛기가 다음 프레임의 "클립 자세" 가 되어 변위가 두 번 더해진다.

/** position (Vector3) 이나 quaternion (Quaternion) 처럼 copy·equals 를 가진 값. @internal */
export interface CopyableValue<T> {
  copy(source: T): unknown;
  equals(other: T): boolean;
  clone(): T;
}

/** 값 몇 개 (뼈의 quaternion·position) 의 쓰기 전 값과 쓴 값. 만들 때만 할당한다. @internal */
export class UndoUnrewritten<T extends CopyableValue<T>> {
  readonly #live: readonly T[];
  readonly #before: readonly T[];
  readonly #written: readonly T[];
  readonly #hasWrite: boolean[];

  constructor(live: readonly T[]) {
    this.#live = live;
    this.#before = live.map((v) => v.clone());
    this.#written = live.map((v) => v.clone());
    this.#hasWrite = live.map(() => false);
  }

  /** i 번째 값에 쓰기 직전: 클립의 값을 적어 둔다. */
  beforeWrite(i: number): void {
    this.#before[i]!.copy(this.#live[i]!);
  }

  /** i 번째 값에 쓴 직후: 쓴 값을 적어 둔다. */
  afterWrite(i: number): void {
    this.#written[i]!.copy(this.#live[i]!);
    this.#hasWrite[i] = true;
  }

  /** 지난번에 쓴 값이 그대로인 (클립이 다시 쓰지 않은) 것을 쓰기 전의 값으로 되돌리고, 적어 둔 쓰기를 잊는다. */
  undo(): void {
    for (let i = 0; i < this.#live.length; i++) {
      if (this.#hasWrite[i] && this.#live[i]!.equals(this.#written[i]!)) this.#live[i]!.copy(this.#before[i]!);
      this.#hasWrite[i] = false;
    }
  }
}
