// 사용자 모델에 카메라 맞추기: 모델의 상자 (목표·극 공까지) 를 재어 cameraFit.ts 가 빈 자리에 맞출 ModelView 로.
// 가까운·먼 면과 카메라 거리의 한도는 모델 크기에.
import { Box3, Vector3 } from "three";
import type { Object3D, PerspectiveCamera } from "three";
import type { OrbitControls } from "three/addons/controls/OrbitControls.js";
import type { ModelLimb } from "./modelLimbs";
import type { LoadedModel } from "./modelLoader";

/** 카메라가 모델을 보는 방향: 캐릭터의 앞·왼쪽·위 성분 (대역 화면과 같은 비스듬한 앞모습). */
const VIEW_FORWARD = 1, VIEW_LEFT = 0.55, VIEW_UP = 0.28;
/** 화면 가장자리의 여유 (모델 상자의 반폭·반높이에 곱한다). */
const FIT_MARGIN = 1.08;

/** 카메라가 맞출 모델의 상자 (cameraFit.ts 가 빈 자리에 맞춘다). */
export interface ModelView {
  readonly center: Vector3;
  /** 화면의 위쪽·옆쪽으로 들어와야 할 반높이·반폭, 카메라 쪽으로의 반깊이 (월드 단위). */
  readonly halfHeight: number;
  readonly halfWidth: number;
  readonly halfDepth: number;
  /** 중심에서 카메라 쪽으로의 단위 방향. */
  readonly direction: Vector3;
}

/** 카메라의 위쪽·가까운·먼 면과 카메라 조작의 거리 한도를 모델의 키 height 에 맞추고, 맞출 상자를 돌려준다. */
export function fitModelView(
  loaded: LoadedModel, root: Object3D, limbs: readonly ModelLimb[], height: number, camera: PerspectiveCamera, controls: OrbitControls,
): ModelView {
  const { forward, left, up } = loaded.limbs;
  root.updateMatrixWorld(true);
  const box = new Box3().setFromObject(root);
  // 목표 공과 (처음 자리의) 극 공까지: 화면에 보이는 공은 모두 빈 자리 안에 있어야 끌 수 있다.
  for (const limb of limbs) box.expandByPoint(limb.target.position).expandByPoint(limb.pole.position);
  const center = box.getCenter(new Vector3());
  const size = box.getSize(new Vector3());
  const halfHeight = (Math.abs(size.dot(up)) / 2 || size.y / 2) * FIT_MARGIN;
  // 비스듬히 보므로 가로로 보이는 폭은 바닥 상자의 대각선까지 (어느 방향에서 보아도 넘지 않는 값).
  const halfDiagonal = Math.hypot(size.x, size.z) / 2;
  const halfWidth = halfDiagonal * FIT_MARGIN;
  const direction = new Vector3().addScaledVector(forward, VIEW_FORWARD).addScaledVector(left, VIEW_LEFT).addScaledVector(up, VIEW_UP).normalize();
  camera.up.copy(up);
  camera.near = height / 100;
  camera.far = height * 30;
  controls.minDistance = height * 0.2;
  controls.maxDistance = height * 10;
  return { center, halfHeight, halfWidth, halfDepth: halfDiagonal, direction };
}
