// 테스트 창구의 점 읽기: 뼈·공의 월드 위치, 뼈 길이, 들어온 자세의 위치, 화면 좌표.
import { Vector3 } from "three";
import type { Object3D } from "three";
import type { Point3, PointName, TestHookDeps, TwoBoneIKTestHook } from "./testHook";

type PointDeps = Pick<
  TestHookDeps,
  "arm" | "leg" | "objects" | "tip" | "tipMarker" | "knob" | "incomingArm" | "camera" | "canvas"
>;
type PointReadings = Pick<TwoBoneIKTestHook, "positions" | "boneLengths" | "incomingPositions" | "screen" | "project">;

const worldOf = (object: Object3D): Point3 => {
  const p = new Vector3().setFromMatrixPosition(object.matrixWorld);
  return [p.x, p.y, p.z];
};

function distance(a: Point3, b: Point3): number {
  return Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
}

export function pointReadings(deps: PointDeps): PointReadings {
  const { arm, leg, objects } = deps;
  const positions = (): Record<PointName, Point3> => ({
    shoulder: worldOf(arm.shoulder),
    elbow: worldOf(arm.elbow),
    hand: worldOf(arm.hand),
    hip: worldOf(leg.hip),
    knee: worldOf(leg.knee),
    foot: worldOf(leg.foot),
    tip: deps.tip().toArray() as Point3,
    tipMarker: deps.tipMarker.position.toArray() as Point3,
    knob: worldOf(deps.knob),
    // 공들은 장면 바로 아래: position 이 곧 월드 위치 (끄는 즉시 바뀐다).
    ball: objects.ball.position.toArray() as Point3,
    pole: objects.pole.position.toArray() as Point3,
    footTarget: objects.footTarget.position.toArray() as Point3,
    kneePole: objects.kneePole.position.toArray() as Point3,
    doorSwing: objects.doorSwing.position.toArray() as Point3,
    knobTurn: objects.knobTurn.position.toArray() as Point3,
  });
  const project = (point: Point3): { x: number; y: number; behind: boolean } => {
    const world = new Vector3().fromArray(point);
    const behind = world.clone().applyMatrix4(deps.camera.matrixWorldInverse).z >= 0;
    world.project(deps.camera);
    const rect = deps.canvas.getBoundingClientRect();
    return { x: rect.left + ((world.x + 1) / 2) * rect.width, y: rect.top + ((1 - world.y) / 2) * rect.height, behind };
  };
  return {
    positions,
    boneLengths() {
      const p = positions();
      return { upper: distance(p.shoulder, p.elbow), lower: distance(p.elbow, p.hand) };
    },
    incomingPositions() {
      // 들어온 자세를 잠깐 입혀 읽고, 뼈의 회전을 되돌린다.
      const bones = deps.incomingArm.bones;
      const saved = bones.map((bone) => bone.quaternion.clone());
      deps.incomingArm.apply();
      arm.hand.updateWorldMatrix(true, false);
      const result = { elbow: worldOf(arm.elbow), hand: worldOf(arm.hand) };
      bones.forEach((bone, i) => bone.quaternion.copy(saved[i]!));
      arm.hand.updateWorldMatrix(true, false);
      return result;
    },
    screen(name) {
      return project(positions()[name]);
    },
    project,
  };
}
