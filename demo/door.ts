// 문고리 잡기 (issue 16): 코드로 만든 문 하나와 둥근 문고리. 손은 문고리의 회전 (endRotation, 여기서는
// ik.useTargetRotation 으로 grip 객체의 월드 회전) 을 갖고, 손바닥의 점 (tip) 이 문고리에 닿는다.
// 문은 경첩 둘레로 열리고 (노란 공), 문고리는 제 축 둘레로 돈다 (보라 공). 두 공은 다른 공과 같은 끌기·키보드
// (drag.ts, keyboard.ts) 로 움직이고, 매 프레임 update() 가 공의 자리를 각으로 바꾼 뒤 공을 문·문고리 위로 되돌린다.
import {
  BoxGeometry,
  CylinderGeometry,
  Group,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  Object3D,
  Quaternion,
  SphereGeometry,
  Sprite,
  SpriteMaterial,
  Vector3,
} from "three";
import type { Scene } from "three";
import { labelTexture } from "./labelCanvas";

const DEGREE = Math.PI / 180;

/** 문의 크기 (m): 두께, 높이, 폭. 캐릭터의 오른쪽 (−X) 에 YZ 평면으로 서서 캐릭터 쪽 (+X) 으로 문고리가 나와 있다. */
const DOOR_THICKNESS = 0.04;
const DOOR_HEIGHT = 1.9;
const DOOR_WIDTH = 0.56;
/** 닫힌 문의 가운데 면의 x 와 경첩의 z (m, 월드): 카메라에서 보면 문은 팔 뒤에 있어 팔을 가리지 않는다. */
const DOOR_X = -0.55;
const HINGE_Z = -0.24;
/** 문고리의 높이와 경첩에서의 거리 (m), 문 면에서 문고리 가운데까지, 문고리 공의 반지름. */
const KNOB_HEIGHT = 1.0;
const KNOB_FROM_HINGE = DOOR_WIDTH - 0.07;
const KNOB_OUT = 0.06;
const KNOB_RADIUS = 0.032;
/** 보라 공 (돌리기) 이 문고리 축에서 떨어진 거리 (m, 돌리지 않으면 바로 위: 손에 가리지 않게), 노란 공 (열기) 의 높이 (m). */
const TURN_HANDLE_ARM = 0.11;
const SWING_HANDLE_HEIGHT = 1.45;
/** 열기·돌리기의 범위 (라디안). 열기는 +가 캐릭터 쪽, −가 먼 쪽. */
const SWING_MIN = -70 * DEGREE;
const SWING_MAX = 12 * DEGREE;
const TURN_MIN = -80 * DEGREE;
const TURN_MAX = 80 * DEGREE;

export const SWING_HANDLE_RADIUS = 0.03;
export const TURN_HANDLE_RADIUS = 0.022;
/** tip 표시 (손바닥의 점) 의 반지름 (m). */
const TIP_MARKER_RADIUS = 0.012;
/** «tip» 글자의 화면 높이 (CSS px). */
const TIP_LABEL_PX = 22;

/**
 * 손 (Hand_R) 의 로컬 공간에서 문고리에 닿을 손바닥의 점 (m): 손목에서 손가락 쪽 (+Y) 으로 5 cm, 손등의 반대쪽으로 2.5 cm.
 * 문고리 공이 손 속에 묻히지 않고 손바닥에 붙어 보이게.
 */
export const PALM_TIP = new Vector3(0, 0.05, -0.025);

/**
 * 문고리의 로컬 공간 (문고리 축 = +X, 문 밖으로) 에서 잡는 손의 회전: 손가락 (+Y) 이 문 쪽 (−X) 을, 손의 +X 가 위 (+Y) 를.
 * 열 벡터 (손의 x, y, z 축) = ((0, 1, 0), (−1, 0, 0), (0, 0, 1)): Z 축 둘레로 90°.
 */
const GRIP_ROTATION = new Quaternion().setFromRotationMatrix(new Matrix4().makeBasis(
  new Vector3(0, 1, 0), new Vector3(-1, 0, 0), new Vector3(0, 0, 1),
));

const _local = /*@__PURE__*/ new Vector3();
const _inverse = /*@__PURE__*/ new Matrix4();

/** 작은 글자 표 하나 (화면 크기가 일정한 sprite): 만들 때 한 번. */
function makeLabel(text: string, color: string): Sprite {
  const sprite = new Sprite(new SpriteMaterial({
    map: labelTexture(text, color, { width: 128, fontPx: 40, outlinePx: 8, centerY: 32 }), depthTest: false, depthWrite: false, transparent: true, sizeAttenuation: false,
  }));
  sprite.center.set(-0.15, 0.5); // 점의 오른쪽에
  sprite.renderOrder = 953;
  return sprite;
}

export class Door {
  /** 장면에 넣는 문 전체 (문틀 + 경첩에서 도는 문). */
  readonly root = new Group();
  /** 경첩: rotation.y = 열린 각. */
  readonly hinge = new Group();
  /** 문고리: rotation.x = 돌린 각. */
  readonly knob = new Group();
  /** 손이 잡는 자리와 방향 (문고리의 자식): 팔 IK 의 target (useTargetRotation). */
  readonly grip = new Object3D();
  /** 끌 수 있는 공 둘 (장면 바로 아래: position = 월드 위치). */
  readonly swingHandle: Mesh;
  readonly turnHandle: Mesh;
  /** 손바닥의 tip 을 보이는 작은 흰 공과 «tip» 글자 (장면 바로 아래). */
  readonly tipMarker: Mesh;
  private readonly tipLabel: Sprite;
  /** 지금의 열린 각·돌린 각 (라디안). */
  swing = 0;
  turn = 0;
  private readonly swingLocal = new Vector3(DOOR_THICKNESS / 2 + 0.01, SWING_HANDLE_HEIGHT, DOOR_WIDTH - 0.03);
  private readonly swingOffset = Math.atan2(this.swingLocal.x, this.swingLocal.z);
  private readonly turnLocal = new Vector3(KNOB_OUT, TURN_HANDLE_ARM, 0);
  /** 지난 프레임에 공을 되돌려 놓은 자리: 공이 그 뒤에 움직였을 때만 각을 다시 읽는다. */
  private readonly swingPlaced = new Vector3();
  private readonly turnPlaced = new Vector3();

  constructor(scene: Scene) {
    this.root.name = "door";
    const wood = new MeshStandardMaterial({ color: 0x7a5a40, roughness: 0.75 });
    const frameMaterial = new MeshStandardMaterial({ color: 0x4d4a55, roughness: 0.8 });
    const brass = new MeshStandardMaterial({ color: 0xd9b45a, roughness: 0.3, metalness: 0.6 });

    this.hinge.position.set(DOOR_X, 0, HINGE_Z);
    const panel = new Mesh(new BoxGeometry(DOOR_THICKNESS, DOOR_HEIGHT, DOOR_WIDTH), wood);
    panel.position.set(0, DOOR_HEIGHT / 2 + 0.01, DOOR_WIDTH / 2);
    panel.name = "doorPanel";
    this.hinge.add(panel);

    // 문틀: 경첩 쪽·반대쪽 기둥과 위 가로대 (돌지 않는다).
    const post = new BoxGeometry(0.05, DOOR_HEIGHT + 0.06, 0.05);
    for (const z of [-0.03, DOOR_WIDTH + 0.03]) {
      const mesh = new Mesh(post, frameMaterial);
      mesh.position.set(DOOR_X, (DOOR_HEIGHT + 0.06) / 2, HINGE_Z + z);
      this.root.add(mesh);
    }
    const lintel = new Mesh(new BoxGeometry(0.05, 0.05, DOOR_WIDTH + 0.11), frameMaterial);
    lintel.position.set(DOOR_X, DOOR_HEIGHT + 0.035, HINGE_Z + DOOR_WIDTH / 2);
    this.root.add(lintel);

    // 문고리: 문 면에서 나온 목 + 둥근 공 + 돌린 각을 보이는 막대 (보라 공까지).
    this.knob.position.set(DOOR_THICKNESS / 2, KNOB_HEIGHT, KNOB_FROM_HINGE);
    const neck = new Mesh(new CylinderGeometry(0.012, 0.018, KNOB_OUT, 16), brass);
    neck.rotation.z = Math.PI / 2;
    neck.position.x = KNOB_OUT / 2;
    const ball = new Mesh(new SphereGeometry(KNOB_RADIUS, 24, 16), brass);
    ball.position.x = KNOB_OUT;
    ball.name = "knob";
    const bar = new Mesh(new CylinderGeometry(0.005, 0.005, TURN_HANDLE_ARM, 8), new MeshBasicMaterial({ color: 0xb57bff }));
    bar.position.set(KNOB_OUT, TURN_HANDLE_ARM / 2, 0);
    this.grip.position.set(KNOB_OUT, 0, 0);
    this.grip.quaternion.copy(GRIP_ROTATION);
    this.grip.name = "knobGrip";
    this.knob.add(neck, ball, bar, this.grip);
    this.hinge.add(this.knob);
    this.root.add(this.hinge);
    scene.add(this.root);

    this.swingHandle = new Mesh(new SphereGeometry(SWING_HANDLE_RADIUS, 24, 12), new MeshStandardMaterial({ color: 0xffd84d, roughness: 0.35 }));
    this.swingHandle.name = "doorSwing";
    this.turnHandle = new Mesh(new SphereGeometry(TURN_HANDLE_RADIUS, 24, 12), new MeshStandardMaterial({ color: 0xb57bff, roughness: 0.35 }));
    this.turnHandle.name = "knobTurn";
    this.tipMarker = new Mesh(new SphereGeometry(TIP_MARKER_RADIUS, 16, 8), new MeshBasicMaterial({ color: 0xffffff, depthTest: false, transparent: true }));
    this.tipMarker.name = "tipMarker";
    this.tipMarker.renderOrder = 952;
    this.tipLabel = makeLabel("tip", "#ffffff");
    scene.add(this.swingHandle, this.turnHandle, this.tipMarker, this.tipLabel);
    this.set(0, 0);
  }

  /** 문과 두 공, tip 표시를 함께 보이거나 숨긴다 (숨은 공은 끌 수 없고 키보드 단추도 빠진다). */
  setVisible(visible: boolean): void {
    this.root.visible = visible;
    this.swingHandle.visible = visible;
    this.turnHandle.visible = visible;
    this.tipMarker.visible = visible;
    this.tipLabel.visible = visible;
  }

  /** 열린 각·돌린 각 (라디안) 을 범위 안으로 정하고 공을 그 자리에 둔다. */
  set(swing: number, turn: number): void {
    this.swing = Math.min(Math.max(swing, SWING_MIN), SWING_MAX);
    this.turn = Math.min(Math.max(turn, TURN_MIN), TURN_MAX);
    this.hinge.rotation.y = this.swing;
    this.knob.rotation.x = this.turn;
    this.root.updateMatrixWorld(true);
    this.swingPlaced.copy(this.swingLocal).applyMatrix4(this.hinge.matrixWorld);
    this.swingHandle.position.copy(this.swingPlaced);
    this.turnPlaced.copy(this.turnLocal).applyMatrix4(this.knob.matrixWorld);
    this.turnHandle.position.copy(this.turnPlaced);
  }

  /**
   * 매 프레임 IK 전에: 끌기·키보드가 옮긴 공의 자리를 각으로 바꾸고 (범위 안으로), 공을 문·문고리 위로 되돌린다. 할당 없음.
   * 돌리기를 먼저 읽는다: 보라 공의 자리는 지난 프레임의 문 (열린 각) 에서 잰 것이다.
   */
  update(): void {
    let turn = this.turn, swing = this.swing;
    if (this.turnHandle.position.distanceToSquared(this.turnPlaced) > 1e-14) {
      // 경첩의 공간으로 옮긴 뒤 문고리 자리를 빼면 문고리 축 (+X) 둘레의 (y, z): 돌린 각 κ 에서 공은 (0, r cos κ, r sin κ).
      _local.copy(this.turnHandle.position).applyMatrix4(_inverse.copy(this.hinge.matrixWorld).invert()).sub(this.knob.position);
      turn = Math.atan2(_local.z, _local.y);
    }
    if (this.swingHandle.position.distanceToSquared(this.swingPlaced) > 1e-14) {
      // 경첩에서 본 수평 방향: Y 축 둘레로 α 만큼 돌리면 문의 점 (x, z) 의 각 atan2(x, z) 가 α 만큼 는다.
      _local.subVectors(this.swingHandle.position, this.hinge.position);
      swing = Math.atan2(_local.x, _local.z) - this.swingOffset;
    }
    this.set(swing, turn);
  }

  /**
   * IK 를 푼 뒤: tip 표시를 손 (end 뼈) 의 월드 행렬로 옮긴 tip 에 두고, «tip» 글자를 화면에서 높이 TIP_LABEL_PX 로.
   * pixelsPerUnit: 깊이 1 m 에서 1 m 가 몇 CSS px 인가 (handles.ts 와 같다).
   */
  placeTip(handMatrixWorld: Matrix4, tip: Vector3, pixelsPerUnit: number): void {
    this.tipMarker.position.copy(tip).applyMatrix4(handMatrixWorld);
    this.tipLabel.position.copy(this.tipMarker.position);
    const unitsPerPx = pixelsPerUnit > 0 ? 1 / pixelsPerUnit : 0;
    this.tipLabel.scale.set(2 * TIP_LABEL_PX * unitsPerPx, TIP_LABEL_PX * unitsPerPx, 1);
  }
}
