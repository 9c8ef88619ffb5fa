// 테스트 창구 window.__twoBoneIKModel: 브라우저 테스트 (e2e/models.mjs) 가 모델 읽기의 끝과 결과를 정해진 시간 없이 기다리게 한다.
import { Vector3 } from "three";
import type { Object3D, PerspectiveCamera, Scene, SkinnedMesh } from "three";
import type { LimbName } from "../src/index";
import type { ModelDragger } from "./modelDrag";
import type { ModelLimb } from "./modelLimbs";
import type { ModelErrorKind } from "./modelLoader";
import type { ModelOpenUi, Status } from "./modelOpenUi";
import type { HandleVisuals } from "./handles";

type Point3 = [number, number, number];

export interface UserModelTestHook {
  readonly version: 1;
  /** 끝난 시도 수 (성공·실패 모두). */
  readonly attempts: number;
  readonly status: Status;
  readonly message: string;
  /** 알림 줄이 보이는가 (처음 화면에서는 숨어 있다). */
  readonly messageVisible: boolean;
  readonly errorKind: ModelErrorKind | null;
  readonly modelName: string | null;
  readonly limbs: LimbName[];
  readonly standInVisible: boolean;
  readonly height: number;
  /** 극 공과 IK 도우미가 보이는가 (보조 표시). */
  readonly polesVisible: boolean;
  /** 지금 끄는 공의 이름 ("model:rightArm" 등) 또는 null. */
  readonly dragging: string | null;
  /** 마지막으로 잡은 공의 이름 (놓은 뒤에도). */
  readonly lastDragged: string | null;
  /** 팔다리마다 뼈·목표·극의 월드 위치와 뼈 길이. */
  positions(): Record<string, { upper: Point3; mid: Point3; end: Point3; target: Point3; pole: Point3; lengths: [number, number] }>;
  project(point: Point3): { x: number; y: number; behind: boolean };
  /** 화면 점 (CSS px) 을 누르면 잡힐 공의 이름 (없으면 null): 페이지가 쓰는 바로 그 고르기. */
  pick(x: number, y: number, pointerType: string): string | null;
  /** 공마다 이번 프레임에 그린 지름 (CSS px): "model:rightArm", "modelPole:rightArm" 등. */
  drawnDiameters(): Record<string, number>;
  /** 장면 바로 아래에서 보이는 객체의 이름들 (대역의 고리·halo·선이 숨었는지 보려고). */
  visibleNames(): string[];
  /** 장면의 스킨 메시 수와 장면 바로 아래 객체 수 (실패한 읽기가 아무것도 남기지 않았는지 보려고). */
  sceneCounts(): { skinnedMeshes: number; children: number };
}

declare global {
  interface Window {
    __twoBoneIKModel?: UserModelTestHook;
  }
}

/** 창구가 읽는 지금의 모델 (없으면 null). */
export interface HookedModel {
  readonly name: string;
  readonly limbs: readonly ModelLimb[];
  readonly height: number;
  readonly visuals: HandleVisuals;
}

export interface ModelHookDeps {
  readonly scene: Scene;
  readonly camera: PerspectiveCamera;
  readonly canvas: HTMLCanvasElement;
  readonly standIn: readonly Object3D[];
  readonly openUi: ModelOpenUi;
  readonly dragger: ModelDragger;
  readonly current: () => HookedModel | null;
  readonly attempts: () => number;
  readonly errorKind: () => ModelErrorKind | null;
}

const toPoint = (v: Vector3): Point3 => [v.x, v.y, v.z];

export function installModelTestHook(deps: ModelHookDeps): void {
  const { scene, camera, dragger, openUi, current } = deps;
  const hook: UserModelTestHook = {
    version: 1,
    get attempts() { return deps.attempts(); },
    get status() { return openUi.status; },
    get message() { return openUi.message; },
    get messageVisible() { return openUi.messageVisible; },
    get errorKind() { return deps.errorKind(); },
    get modelName() { return current()?.name ?? null; },
    get limbs() { return current()?.limbs.map((limb) => limb.name) ?? []; },
    get standInVisible() { return deps.standIn.every((object) => object.visible); },
    get height() { return current()?.height ?? 0; },
    get dragging() { return dragger.dragging?.name ?? null; },
    get lastDragged() { return dragger.lastGrabbed?.name ?? null; },
    get polesVisible() {
      const model = current();
      return model !== null && model.limbs.every((limb) => limb.pole.visible && limb.helper.visible);
    },
    positions() {
      const out: ReturnType<UserModelTestHook["positions"]> = {};
      for (const limb of current()?.limbs ?? []) {
        const at = (object: Object3D) => new Vector3().setFromMatrixPosition(object.matrixWorld);
        const upper = at(limb.ik.upper), mid = at(limb.ik.mid), end = at(limb.ik.end);
        out[limb.name] = {
          upper: toPoint(upper), mid: toPoint(mid), end: toPoint(end),
          target: toPoint(limb.target.position), pole: toPoint(limb.pole.position),
          lengths: [upper.distanceTo(mid), mid.distanceTo(end)],
        };
      }
      return out;
    },
    project(point) {
      const world = new Vector3().fromArray(point);
      const behind = world.clone().applyMatrix4(camera.matrixWorldInverse).z >= 0;
      world.project(camera);
      const rect = deps.canvas.getBoundingClientRect();
      return { x: rect.left + ((world.x + 1) / 2) * rect.width, y: rect.top + ((1 - world.y) / 2) * rect.height, behind };
    },
    pick(x, y, pointerType) {
      return dragger.pick(x, y, pointerType)?.name ?? null;
    },
    drawnDiameters() {
      const out: Record<string, number> = {};
      const model = current();
      for (const limb of model?.limbs ?? []) {
        out[limb.handle.name] = model!.visuals.drawnDiameter(limb.handle.name);
        out[limb.poleHandle.name] = model!.visuals.drawnDiameter(limb.poleHandle.name);
      }
      return out;
    },
    visibleNames() {
      return scene.children.filter((object) => object.visible && object.name !== "").map((object) => object.name);
    },
    sceneCounts() {
      let skinnedMeshes = 0;
      scene.traverse((object) => { if ((object as SkinnedMesh).isSkinnedMesh) skinnedMeshes++; });
      return { skinnedMeshes, children: scene.children.length };
    },
  };
  window.__twoBoneIKModel = hook;
}
