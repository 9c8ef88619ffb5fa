// 힙 할당 측정: 테스트(0 바이트 확인)와 벤치마크(바이트/호출 출력)가 함께 쓴다.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

type GC = () => void;

/** node --expose-gc 로 실행하지 않았어도 gc() 를 얻는다 (V8 플래그를 켜고 새 컨텍스트에서 꺼낸다). */
function getGC(): GC {
  const globalGC = (globalThis as { gc?: GC }).gc;
  if (typeof globalGC === "function") return globalGC;
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as GC;
}

/**
 * fn 을 calls 번 부를 때 힙에 새로 할당된 바이트를 호출당 평균으로 잰다.
 * GC 로 힙을 비운 뒤 heapUsed 의 증가분을 본다. calls 를 새 공간(young generation) 이 넘치지 않을
 * 만큼(만 번)으로 두면 측정 중에 GC 가 끼어들지 않아, 호출당 객체 하나만 만들어도 수십 KB 로 드러난다.
 * 여러 번 재서 가장 작은 값을 쓴다 (JIT 가 처음 한 번 쓰는 메모리를 빼기 위해).
 */
export function bytesAllocatedPerCall(fn: () => void, calls = 10_000, trials = 8): number {
  const gc = getGC();
  // 준비 운동: 최적화 컴파일러(TurboFan)가 다른 스레드에서 코드를 완성할 때까지 측정 밖에서 충분히 돌린다.
  for (let i = 0; i < 20 * calls; i++) fn();
  let best = Infinity;
  for (let t = 0; t < trials; t++) {
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < calls; i++) fn();
    const after = process.memoryUsage().heapUsed;
    best = Math.min(best, (after - before) / calls);
  }
  return Math.max(0, best);
}
