// 지형 걷기 (issue 17 «On the page»): 코드로 만든 지형 (terrain.ts) 위를 캐릭터가 고리를 따라 걷고, «발 딛기» 를 켜면
// FootPlacement 가 발을 땅에 맞춘다 (끄면 클립의 발 그대로: 경사·계단에서 뜨거나 묻힌다).
// 걷는 것: 사용자 모델이 있으면 그 모델 (걷기 클립, findLimbs 로 찾은 다리), 없으면 대역을 하나 더 만든 걷는 대역 (walker.ts).
// «기사 모델 불러오기» 는 저장소에 든 기사 (test/fixtures/third_party/knight_cge.glb, CC-BY 3.0) 를 이 페이지에서 열고 지형을 켠다.
// 라이브러리는 공개 API (../src/index) 로만 쓴다.
// 이 파일은 켜고 끄기·캐릭터 고르기·매 프레임의 차례만: 땅 terrainGround, 발 딛기 groundedCharacter, 모델 terrainModel,
// 잰 값 footReadings, 광선 terrainRays, 카메라 terrainCamera, 숨기기 terrainHiding, 도구 줄 terrainToolbar.
import type { Object3D, PerspectiveCamera, Scene } from "three";
import type { OrbitControls } from "three/addons/controls/OrbitControls.js";
import knightUrl from "../test/fixtures/third_party/knight_cge.glb?url";
import { FootReadings } from "./footReadings";
import type { FootReading, PlantedStats } from "./footReadings";
import { makeGrounded, placeRoot } from "./groundedCharacter";
import type { Grounded } from "./groundedCharacter";
import { LANDMARKS, LOOP_LENGTH, terrainRegion } from "./terrain";
import type { TerrainRegion } from "./terrain";
import { TerrainCamera } from "./terrainCamera";
import { ScaledGround } from "./terrainGround";
import { SceneHiding } from "./terrainHiding";
import { groundModel, releaseModel } from "./terrainModel";
import { TerrainRays } from "./terrainRays";
import { TerrainToolbar } from "./terrainToolbar";
import { installTerrainTestHook } from "./testHook";
import type { UserModelView, ModelView } from "./userModel";
import { createWalker } from "./walker";
import type { Walker } from "./walker";

/** 지형 걷기의 상태 (window.__twoBoneIKTerrain, testHook.ts). */
export interface TerrainState {
  on: boolean;
  placement: boolean;
  weight: number;
  character: "walker" | "model";
  modelName: string | null;
  clip: string | null;
  grounded: boolean;
  scale: number;
  distance: number;
  region: TerrainRegion;
  pelvisDrop: number;
  feet: FootReading[];
  readout: string;
  raysVisible: boolean;
  rayCount: number;
  /** resetStats() 뒤의 집계: 디딘 발 (클립에서 더 낮은 발) 의 |지형 위 높이 − 클립 높이| 최대와 평균, 그것이 1 cm·배율을 넘은 프레임 수, 가장 깊은 묻힘 (m). */
  stats: PlantedStats;
  landmarks: Record<"bumps" | "slope" | "stairs", number>;
}

export interface TerrainDeps {
  readonly scene: Scene;
  readonly camera: PerspectiveCamera;
  readonly controls: OrbitControls;
  readonly toolbar: HTMLElement;
  readonly userModel: UserModelView;
  readonly params: { readonly helpers: boolean };
  /** 카메라가 맞출 상자 (main.ts 의 modelView): 읽기와, 바꾸고 다시 맞추기. */
  readonly view: { get(): ModelView | null; set(view: ModelView | null): void };
}

export interface TerrainWalk {
  /** 매 프레임, 그리기 바로 전에 (사용자 모델의 클립이 자세를 쓴 뒤). */
  update(dt: number): void;
}

export async function installTerrainWalk(deps: TerrainDeps): Promise<TerrainWalk> {
  const ground = new ScaledGround();
  deps.scene.add(ground.mesh);
  // 광선과 닿은 점 (보조 표시): 발바닥 점마다 한 줄 (쏜 곳 → 닿은 곳) 과 닿은 점의 작은 십자.
  const rays = new TerrainRays();
  deps.scene.add(rays.object);
  // --- 걷는 대역 (모델이 없을 때) ---
  const walker: Walker = await createWalker();
  const walk = new TerrainWalkController(deps, ground, rays, walker);
  installTerrainTestHook((): TerrainState => walk.state(), {
    seek: (d: number) => walk.seek(d),
    resetStats: () => walk.readings.resetStats(),
    setOn: (value: boolean) => walk.setOn(value),
    setFoot: (value: boolean) => walk.setFoot(value),
  });
  return walk;
}

/** 지형 걷기의 차례: 켜고 끄기, 캐릭터 고르기, 매 프레임의 순서. */
class TerrainWalkController implements TerrainWalk {
  private on = false;
  private footOn = true;
  private distance = 0;
  private walkTime = 0;
  private readonly walkerGrounded: Grounded;
  private current: Grounded;
  private currentModelRoot: Object3D | null = null;
  /** 모델의 다리를 찾지 못해 걷는 대역을 보이는가. */
  private groundFailed = false;
  private readonly toolbar: TerrainToolbar;
  private readonly hiding: SceneHiding;
  private readonly camera: TerrainCamera;
  readonly readings = new FootReadings();

  constructor(
    private readonly deps: TerrainDeps,
    private readonly ground: ScaledGround,
    private readonly rays: TerrainRays,
    private readonly walker: Walker,
  ) {
    walker.root.visible = false;
    deps.scene.add(walker.root);
    this.walkerGrounded = makeGrounded({ root: walker.root, hips: walker.hips, legs: walker.legs, speed: walker.speed, scale: 1, name: null, clip: null }, ground);
    this.current = this.walkerGrounded;
    // --- 화면 요소 (도구 줄: 누르면 바로, Tab·Enter 로도) ---
    this.toolbar = new TerrainToolbar(deps.toolbar, {
      toggleTerrain: () => this.setOn(!this.on),
      toggleFoot: () => this.setFoot(!this.footOn),
      openKnight: () => deps.userModel.open(knightUrl),
      knightDone: () => { if (deps.userModel.active) this.setOn(true); },
    });
    // --- 장면: 지형을 보는 동안 대역과 그 소품 (공·상자·문·보조 표시), 모델의 공은 숨긴다 ---
    this.hiding = new SceneHiding(deps.scene, deps.userModel, [ground.mesh, rays.object, walker.root]);
    this.camera = new TerrainCamera(deps);
  }

  setOn(value: boolean): void {
    if (value === this.on) return;
    this.on = value;
    this.toolbar.showOn(value);
    this.ground.mesh.visible = value;
    if (value) this.turnOn();
    else this.turnOff();
  }

  setFoot(value: boolean): void {
    this.footOn = value;
    this.toolbar.showFoot(value);
  }

  /** 고리의 거리 d (m, 배율 1 의 지형 위) 로 캐릭터를 옮긴다. */
  seek(d: number): void {
    this.distance = d * this.ground.scale;
  }

  // --- 매 프레임 ---
  update(dt: number): void {
    if (!this.on) return;
    const { ground, walker, readings } = this;
    this.useCharacter();
    this.hiding.hideOthers();
    ground.mesh.visible = true; // 모델을 열면 userModel.ts 가 장면의 다른 것을 숨긴다: 지형은 매 프레임 다시 보인다
    const current = this.current;
    const isWalker = current === this.walkerGrounded;
    walker.root.visible = isWalker;
    this.walkTime += dt;
    this.distance = (this.distance + current.speed * dt) % (LOOP_LENGTH * ground.scale);
    if (isWalker) walker.pose(this.walkTime);
    placeRoot(current, ground, this.distance);

    // 클립 자세의 발바닥 (클립 땅 = 뿌리의 높이 위) 과 광선.
    readings.measureClip(current, ground);
    this.rays.draw(current, ground, this.deps.params.helpers);

    const placement = current.placement;
    placement.weight = this.footOn ? 1 : 0;
    placement.update(dt);
    current.root.updateMatrixWorld(true);

    // 그린 자세의 발바닥: 지형 위 높이, 닿음.
    readings.measurePlaced(current, ground);

    // 카메라: 캐릭터를 따라간다 (사용자가 돌린 각은 그대로, 점과 카메라를 같이 옮긴다).
    this.camera.follow(current.root, ground.scale, dt);

    this.toolbar.showReadout(() => readings.text(placement.pelvisDrop));
  }

  state(): TerrainState {
    const { current, ground, readings, rays } = this;
    return {
      on: this.on, placement: this.footOn, weight: current.placement.currentWeight,
      character: current === this.walkerGrounded ? "walker" : "model",
      modelName: current.name, clip: current.clip, grounded: !this.groundFailed,
      scale: ground.scale, distance: this.distance, region: terrainRegion(current.root.position.x / ground.scale, current.root.position.z / ground.scale),
      pelvisDrop: current.placement.pelvisDrop, feet: readings.feet.map((f) => ({ ...f })), readout: this.toolbar.readoutText,
      raysVisible: rays.object.visible, rayCount: rays.count,
      stats: readings.plantedStats(),
      landmarks: { ...LANDMARKS },
    };
  }

  private turnOn(): void {
    this.hiding.begin();
    this.camera.save();
    this.currentModelRoot = null;
    this.current = this.walkerGrounded;
    this.ground.setScale(1);
    this.useCharacter();
    if (this.current === this.walkerGrounded) { this.distance = 0; this.fitView(); }
    this.hiding.hideOthers();
  }

  private turnOff(): void {
    this.walker.root.visible = false;
    this.rays.object.visible = false;
    this.hiding.restoreOthers();
    const model = this.deps.userModel.model;
    if (model !== null) {
      // 모델은 처음 자리·클립으로 돌려주고 IK 를 다시 켠다.
      releaseModel(model, this.current !== this.walkerGrounded ? this.current : null);
      this.deps.userModel.clipOnly = false;
    }
    this.currentModelRoot = null;
    this.current = this.walkerGrounded;
    this.camera.restore();
  }

  // --- 캐릭터 고르기 ---
  private useCharacter(): void {
    const { userModel } = this.deps;
    const model = userModel.model;
    if (model !== null && model.root !== this.currentModelRoot) {
      this.currentModelRoot = model.root;
      const grounded = groundModel(model, this.ground);
      userModel.clipOnly = true;
      this.camera.saveUnlessOwn(); // 지형을 끄면 돌아갈 모델의 화면
      this.current = grounded ?? this.walkerGrounded;
      this.groundFailed = grounded === null;
      if (grounded === null) this.ground.setScale(1);
      this.distance = 0;
      this.fitView();
    }
    if (model === null && this.current !== this.walkerGrounded) { this.current = this.walkerGrounded; this.ground.setScale(1); }
    if (model === null) this.groundFailed = false;
  }

  private fitView(): void {
    placeRoot(this.current, this.ground, 0);
    this.camera.fit(this.current.root, this.ground.scale);
  }
}
