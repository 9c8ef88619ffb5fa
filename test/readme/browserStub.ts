// README 예제를 Node 에서 돌리기 위한 가짜 브라우저: WebGLRenderer 자리에 그리지 않는 렌더러, document·window 의 몇 가지.
// 예제가 쓰는 것만 흉내 낸다. 흉내 내지 않은 것을 예제가 쓰면 실행 테스트가 실패해 알려 준다.
import type { Camera, Object3D } from "three";

type FrameCallback = (time: number) => void;

/** 가장 최근에 만든 가짜 렌더러들과 그 애니메이션 루프. 테스트가 프레임을 몰아 준다. */
export const stubState: {
  loop: FrameCallback | null;
  /** render 가 불릴 때마다 (장면, 카메라) 로 부른다: 테스트가 프레임마다 확인한다. */
  onRender: ((scene: Object3D, camera: Camera) => void) | null;
  renders: number;
} = { loop: null, onRender: null, renders: 0 };

export function resetStubState(): void {
  stubState.loop = null;
  stubState.onRender = null;
  stubState.renders = 0;
}

/** WebGLRenderer 대신: 크기·픽셀 비율을 받고, 루프를 기억하고, render 를 센다. */
export class StubRenderer {
  readonly domElement = { tagName: "CANVAS", style: {} };
  shadowMap = { enabled: false };
  setPixelRatio(_ratio: number): void {}
  setSize(_width: number, _height: number): void {}
  setAnimationLoop(callback: FrameCallback | null): void {
    stubState.loop = callback;
  }
  render(scene: Object3D, camera: Camera): void {
    stubState.renders++;
    stubState.onRender?.(scene, camera);
  }
  dispose(): void {}
}

/** 예제가 쓰는 전역: document.body.append, document 의 가시성 이벤트 (Timer.connect), 창 크기. */
export function browserGlobals(): Record<string, unknown> {
  const listeners = { addEventListener(): void {}, removeEventListener(): void {} };
  return {
    document: { ...listeners, hidden: false, body: { append(): void {}, appendChild(): void {} } },
    window: { ...listeners, innerWidth: 800, innerHeight: 600, devicePixelRatio: 1 },
    innerWidth: 800,
    innerHeight: 600,
    devicePixelRatio: 1,
    // three 의 FileLoader 가 진행 이벤트를 만든다 (Node 에는 없다).
    ProgressEvent: class ProgressEvent {
      readonly lengthComputable: boolean;
      readonly loaded: number;
      readonly total: number;
      constructor(readonly type: string, init: { lengthComputable?: boolean; loaded?: number; total?: number } = {}) {
        this.lengthComputable = init.lengthComputable ?? false;
        this.loaded = init.loaded ?? 0;
        this.total = init.total ?? 0;
      }
    },
    addEventListener: listeners.addEventListener,
    removeEventListener: listeners.removeEventListener,
  };
}
