// 무대: 장면, 빛, 바닥, 발을 올릴 상자, 끌 수 있는 공들.
import {
  BoxGeometry,
  CircleGeometry,
  Color,
  DirectionalLight,
  GridHelper,
  HemisphereLight,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  Scene,
  SphereGeometry,
} from "three";

/** 배경색 (캔버스가 비었는지 테스트가 이 색과 비교한다). */
export const BACKGROUND_COLOR = 0x1b2130;

/** 발을 올리는 상자의 높이 (m)와 앞쪽 거리 (m). */
export const STEP_BOX_HEIGHT = 0.16;
export const STEP_BOX_FORWARD = 0.32;

export interface Stage {
  readonly scene: Scene;
  /** 손이 잡으러 가는 빨간 공 (팔 IK 의 목표). */
  readonly ball: Mesh;
  /** 팔꿈치가 굽을 쪽을 정하는 파란 극 공. */
  readonly pole: Mesh;
  /** 발이 딛는 초록 목표 (다리 IK 의 목표, 발목 자리). */
  readonly footTarget: Mesh;
  /** 무릎이 굽을 쪽을 정하는 작은 파란 극 공 (다리 IK 의 극). */
  readonly kneePole: Mesh;
  readonly stepBox: Mesh;
}

export const BALL_RADIUS = 0.045;
export const POLE_RADIUS = 0.035;
export const FOOT_TARGET_RADIUS = 0.035;
export const KNEE_POLE_RADIUS = 0.028;

export function createStage(footX: number): Stage {
  const scene = new Scene();
  scene.background = new Color(BACKGROUND_COLOR);

  scene.add(new HemisphereLight(0xdde8ff, 0x2a2520, 2.2));
  const sun = new DirectionalLight(0xffffff, 2.2);
  sun.position.set(2, 4, 3);
  scene.add(sun);

  // 바닥은 화면의 넓은 부분을 덮는다: 빛 계산 없는 재질로 휴대폰의 픽셀 비용을 줄인다.
  const ground = new Mesh(new CircleGeometry(3, 48), new MeshBasicMaterial({ color: 0x2b3344 }));
  ground.rotation.x = -Math.PI / 2;
  ground.name = "ground";
  scene.add(ground);
  const grid = new GridHelper(6, 30, 0x4a5570, 0x36405a);
  grid.position.y = 0.001;
  scene.add(grid);

  const stepBox = new Mesh(
    new BoxGeometry(0.3, STEP_BOX_HEIGHT, 0.3),
    new MeshStandardMaterial({ color: 0x6d5a48, roughness: 0.8 }),
  );
  stepBox.name = "stepBox";
  stepBox.position.set(footX, STEP_BOX_HEIGHT / 2, STEP_BOX_FORWARD);
  scene.add(stepBox);

  const ball = new Mesh(new SphereGeometry(BALL_RADIUS, 32, 16), new MeshStandardMaterial({ color: 0xff4d4d, roughness: 0.35 }));
  ball.name = "ball";
  const pole = new Mesh(new SphereGeometry(POLE_RADIUS, 24, 12), new MeshStandardMaterial({ color: 0x3d8bff, roughness: 0.35 }));
  pole.name = "pole";
  const footTarget = new Mesh(new SphereGeometry(FOOT_TARGET_RADIUS, 24, 12), new MeshStandardMaterial({ color: 0x4fd18b, roughness: 0.35 }));
  footTarget.name = "footTarget";
  const kneePole = new Mesh(new SphereGeometry(KNEE_POLE_RADIUS, 24, 12), new MeshStandardMaterial({ color: 0x3d8bff, roughness: 0.35 }));
  kneePole.name = "kneePole";
  scene.add(ball, pole, footTarget, kneePole);

  return { scene, ball, pole, footTarget, kneePole, stepBox };
}
