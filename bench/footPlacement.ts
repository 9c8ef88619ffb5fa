// 발 딛기의 비용: 캐릭터 1 명과 100 명, 프레임마다 (높이 함수 땅에 4 번 쏘기, 다리 풀이 2 번, 골반) µs/캐릭터.
import { makeFootPlacementCharacter, makeFrame } from "./footPlacementCase.js";
import { bytesAllocatedPerCall } from "./heap.js";

export interface FootPlacementBench {
  readonly name: string;
  readonly characters: number;
  readonly microsecondsPerCharacter: number;
  readonly bytesPerFrame: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[sorted.length >> 1]!;
}

/** 준비 운동 뒤 rounds 번 재서 중앙값. 한 번은 약 50 ms 가 되게 프레임 수를 맞춘다. */
export function measureFootPlacement(rounds: number): FootPlacementBench[] {
  return [1, 100].map((count) => {
    const characters = Array.from({ length: count }, (_, i) => makeFootPlacementCharacter((i % 10) * 1.3, Math.floor(i / 10) * 1.1));
    const frame = makeFrame(characters);
    const frames = Math.max(20, Math.round(20_000 / count));
    for (let i = 0; i < frames; i++) frame();
    const perCharacter: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < frames; i++) frame();
      const ns = Number(process.hrtime.bigint() - start);
      perCharacter.push(ns / 1000 / frames / count);
    }
    return {
      name: `FootPlacement.update, 캐릭터 ${count} 명`,
      characters: count,
      microsecondsPerCharacter: median(perCharacter),
      bytesPerFrame: bytesAllocatedPerCall(frame, count === 1 ? 10_000 : 200, 4),
    };
  });
}
