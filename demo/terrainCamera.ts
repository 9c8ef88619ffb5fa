// 지형 걷기의 카메라: 그 전 화면 적어 두기·돌려주기, 캐릭터에 맞추기, 걷는 캐릭터 따라가기.
import { Vector3 } from "three";
import type { Object3D, PerspectiveCamera } from "three";
import type { OrbitControls } from "three/addons/controls/OrbitControls.js";
import type { ModelView } from "./userModel";

/** 카메라가 캐릭터를 따라가는 빠르기 (1/s): 계단에서 화면이 튀지 않게. */
const FOLLOW_RATE = 4;
/** 카메라가 맞출 상자 (m, 배율 1): 캐릭터와 그 앞뒤의 땅. */
const VIEW_HALF_HEIGHT = 1.05, VIEW_HALF_WIDTH = 1.1, VIEW_HALF_DEPTH = 0.5;
const VIEW_DIRECTION = new Vector3(0.5, 0.35, 1).normalize();

export interface TerrainCameraDeps {
  readonly camera: PerspectiveCamera;
  readonly controls: OrbitControls;
  /** 카메라가 맞출 상자 (main.ts 의 modelView): 읽기와, 바꾸고 다시 맞추기. */
  readonly view: { get(): ModelView | null; set(view: ModelView | null): void };
}

const _v = new Vector3();

export class TerrainCamera {
  private readonly followCenter = new Vector3();
  private readonly lastCenter = new Vector3();
  private readonly view: { -readonly [K in keyof ModelView]: ModelView[K] } = {
    center: this.followCenter, halfHeight: 1, halfWidth: 1, halfDepth: 1, direction: VIEW_DIRECTION.clone(),
  };
  private savedView: ModelView | null = null;
  // 카메라의 가까운·먼 면, 위, 거리 한도: 지형을 끄면 그 전 (대역 또는 모델) 의 값으로.
  private readonly savedCamera = { near: 0.05, far: 50, up: new Vector3(0, 1, 0), minDistance: 0.6, maxDistance: 12 };

  constructor(private readonly deps: TerrainCameraDeps) {}

  /** 지형을 켤 때: 그 전 화면과 카메라를 적어 둔다. */
  save(): void {
    this.savedView = this.deps.view.get();
    this.saveCamera();
  }

  /** 모델이 올라왔을 때: 지금 화면이 지형의 것이 아니면 (모델의 화면) 지형을 끄면 돌아갈 화면으로 적어 둔다. */
  saveUnlessOwn(): void {
    const got = this.deps.view.get();
    if (got !== this.view) { this.savedView = got; this.saveCamera(); }
  }

  /** 지형을 끌 때: 적어 둔 카메라와 화면으로. */
  restore(): void {
    const { camera, controls } = this.deps;
    const saved = this.savedCamera;
    camera.near = saved.near; camera.far = saved.far; camera.up.copy(saved.up);
    camera.updateProjectionMatrix();
    controls.minDistance = saved.minDistance; controls.maxDistance = saved.maxDistance;
    this.deps.view.set(this.savedView);
    this.savedView = null;
  }

  /** 배율 scale 의 캐릭터 (뿌리 root, 이미 놓인 자리) 에 카메라를 맞춘다. */
  fit(root: Object3D, scale: number): void {
    const { camera, controls } = this.deps;
    const view = this.view;
    view.halfHeight = VIEW_HALF_HEIGHT * scale;
    view.halfWidth = VIEW_HALF_WIDTH * scale;
    view.halfDepth = VIEW_HALF_DEPTH * scale;
    camera.up.set(0, 1, 0);
    camera.near = 0.02 * scale;
    camera.far = 60 * scale;
    camera.updateProjectionMatrix();
    controls.minDistance = 0.3 * scale;
    controls.maxDistance = 12 * scale;
    followTarget(root, scale, this.followCenter);
    this.lastCenter.copy(this.followCenter);
    this.deps.view.set(view);
  }

  /** 캐릭터를 따라간다 (사용자가 돌린 각은 그대로, 점과 카메라를 같이 옮긴다). */
  follow(root: Object3D, scale: number, dt: number): void {
    followTarget(root, scale, _v);
    const k = 1 - Math.exp(-FOLLOW_RATE * dt);
    _v.sub(this.lastCenter).multiplyScalar(k);
    this.lastCenter.add(_v);
    this.followCenter.copy(this.lastCenter);
    this.deps.controls.target.add(_v);
    this.deps.camera.position.add(_v);
  }

  private saveCamera(): void {
    const { camera, controls } = this.deps;
    const saved = this.savedCamera;
    saved.near = camera.near; saved.far = camera.far; saved.up.copy(camera.up);
    saved.minDistance = controls.minDistance; saved.maxDistance = controls.maxDistance;
  }
}

/** 카메라가 볼 점: 캐릭터 뿌리 위 허리쯤. */
function followTarget(root: Object3D, scale: number, out: Vector3): Vector3 {
  return out.copy(root.position).setY(root.position.y + 0.85 * scale);
}
