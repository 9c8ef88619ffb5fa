// 보조 표시: 라이브러리의 TwoBoneIKHelper (선만), 삼각형, 기하 보기, 비교 유령, 뼈대. ‘보조 표시’ 로 함께 켜고 끈다.
import { SkeletonHelper } from "three";
import type { Object3D, Scene } from "three";
import { TwoBoneIKHelper } from "../src/index";
import { GeometryView } from "./geometryView";
import { GhostLimb } from "./ghost";
import type { StandInRig } from "./standInRig";
import { TriangleView } from "./triangleView";

const GHOST_COLOR = 0xbfe6ff;

export class HelperViews {
  readonly armHelper: TwoBoneIKHelper;
  readonly legHelper: TwoBoneIKHelper;
  readonly triangle = new TriangleView();
  readonly geometryView = new GeometryView();
  readonly ghostArm = new GhostLimb(0.03, GHOST_COLOR);
  readonly ghostLeg = new GhostLimb(0.04, GHOST_COLOR);
  readonly skeletonHelper: SkeletonHelper;
  /** 함께 켜고 끄는 것 모두. */
  readonly all: readonly Object3D[];

  constructor(scene: Scene, rig: StandInRig) {
    this.armHelper = new TwoBoneIKHelper(rig.armIK);
    this.legHelper = new TwoBoneIKHelper(rig.legIK);
    // 라이브러리의 helper 는 목표·관절·극을 공으로 그린다. 이 화면에서는 끌 수 있는 진짜 공이 그 자리에 있으므로
    // helper 의 공은 숨기고 선만 쓴다: 끌 수 없는 공(미끼)이 화면에 없게.
    for (const helper of [this.armHelper, this.legHelper]) {
      helper.targetMesh.visible = false;
      helper.jointMesh.visible = false;
      helper.poleMesh.visible = false;
    }
    this.skeletonHelper = new SkeletonHelper(rig.character.root);
    this.all = [this.armHelper, this.legHelper, this.triangle, this.geometryView, this.ghostArm, this.ghostLeg, this.skeletonHelper];
    scene.add(...this.all);
  }

  setVisible(visible: boolean): void {
    for (let i = 0; i < this.all.length; i++) this.all[i]!.visible = visible;
  }
}
