// 발 딛기의 비용: 캐릭터 1 명과 100 명, 프레임마다 (높이 함수 땅에 4–7 번 쏘기, 다리 풀이 2 번, 골반) µs/캐릭터.
// 한 프레임은 클립 쓰기 (AnimationMixer 대신 골반 위치와 다리 뼈 여섯의 사원수) + update(dt) 다. 같은 라운드에서 클립만 쓴
// 프레임도 재어 그 차이를 FootPlacement.update 의 몫으로 보인다.
import { makeFootPlacementCharacter, makeFrame } from "./footPlacementCase.js";
import { bytesAllocatedPerCall } from "./heap.js";

export interface FootPlacementBench {
  readonly name: string;
  readonly characters: number;
  /** FootPlacement.update 의 몫 (클립 쓰기를 뺀 것, 라운드마다의 차이의 중앙값). */
  readonly microsecondsPerCharacter: number;
  /** 클립 쓰기 + update 한 프레임 (중앙값). */
  readonly frameMicrosecondsPerCharacter: number;
  /** 클립 쓰기만 (같은 라운드, 중앙값). */
  readonly clipMicrosecondsPerCharacter: number;
  readonly bytesPerFrame: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[sorted.length >> 1]!;
}

/** frames 프레임의 µs/캐릭터. */
function time(frame: () => void, frames: number, count: number): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < frames; i++) frame();
  return Number(process.hrtime.bigint() - start) / 1000 / frames / count;
}

/** 준비 운동 뒤 rounds 번, 라운드마다 클립만 / 클립 + update 를 번갈아 재서 중앙값. 한 번은 약 50 ms 가 되게 프레임 수를 맞춘다. */
export function measureFootPlacement(rounds: number): FootPlacementBench[] {
  return [1, 100].map((count) => {
    const at = (i: number) => makeFootPlacementCharacter((i % 10) * 1.3, Math.floor(i / 10) * 1.1);
    const characters = Array.from({ length: count }, (_, i) => at(i));
    const frame = makeFrame(characters);
    // 클립만 쓰는 쪽은 따로 만든 캐릭터 (update 가 쓴 자세가 섞이지 않게).
    const clipOnly = makeFrame(Array.from({ length: count }, (_, i) => at(i)), false);
    const frames = Math.max(20, Math.round(20_000 / count));
    for (let i = 0; i < frames; i++) { frame(); clipOnly(); }
    const full: number[] = [], clip: number[] = [], difference: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const c = time(clipOnly, frames, count), f = time(frame, frames, count);
      clip.push(c); full.push(f); difference.push(f - c);
    }
    return {
      name: `FootPlacement.update, 캐릭터 ${count} 명`,
      characters: count,
      microsecondsPerCharacter: median(difference),
      frameMicrosecondsPerCharacter: median(full),
      clipMicrosecondsPerCharacter: median(clip),
      bytesPerFrame: bytesAllocatedPerCall(frame, count === 1 ? 10_000 : 200, 4),
    };
  });
}
