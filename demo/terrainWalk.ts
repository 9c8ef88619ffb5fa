// 지형 걷기 (issue 17 «On the page»): 코드로 만든 지형 (terrain.ts) 위를 캐릭터가 고리를 따라 걷고, «발 딛기» 를 켜면
// FootPlacement 가 발을 땅에 맞춘다 (끄면 클립의 발 그대로: 경사·계단에서 뜨거나 묻힌다).
// 걷는 것: 사용자 모델이 있으면 그 모델 (걷기 클립, findLimbs 로 찾은 다리), 없으면 대역을 하나 더 만든 걷는 대역 (walker.ts).
// «기사 모델 불러오기» 는 저장소에 든 기사 (test/fixtures/third_party/knight_cge.glb, CC-BY 3.0) 를 이 페이지에서 열고 지형을 켠다.
// 라이브러리는 공개 API (../src/index) 로만 쓴다.
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
  const { scene, params } = deps;
  let on = false;
  let footOn = true;
  let distance = 0;
  let walkTime = 0;
  const ground = new ScaledGround();
  const terrain = ground.mesh;
  scene.add(terrain);

  // 광선과 닿은 점 (보조 표시): 발바닥 점마다 한 줄 (쏜 곳 → 닿은 곳) 과 닿은 점의 작은 십자.
  const rays = new TerrainRays();
  scene.add(rays.object);

  // --- 걷는 대역 (모델이 없을 때) ---
  const walker: Walker = await createWalker();
  walker.root.visible = false;
  scene.add(walker.root);
  const walkerGrounded = makeGrounded({ root: walker.root, hips: walker.hips, legs: walker.legs, speed: walker.speed, scale: 1, name: null, clip: null }, ground);

  // --- 화면 요소 (도구 줄: 누르면 바로, Tab·Enter 로도) ---
  const toolbar = new TerrainToolbar(deps.toolbar, {
    toggleTerrain: () => setOn(!on),
    toggleFoot: () => setFoot(!footOn),
    openKnight: () => deps.userModel.open(knightUrl),
    knightDone: () => { if (deps.userModel.active) setOn(true); },
  });

  // --- 장면: 지형을 보는 동안 대역과 그 소품 (공·상자·문·보조 표시), 모델의 공은 숨긴다 ---
  let hidden = new Map<Object3D, boolean>();
  /** 지형을 켤 때 장면에 있던 것 (그 뒤 모델이 올라왔으면 이것들은 userModel.ts 가 숨긴 채로 둔다). */
  let atStart = new Set<Object3D>();
  let modelAtStart = false;
  const isMine = (object: Object3D): boolean => object === terrain || object === rays.object || object === walker.root;
  const hideOthers = (): void => {
    const model = deps.userModel.model;
    for (const object of scene.children) {
      const light = (object as Object3D & { isLight?: boolean }).isLight === true;
      const floor = object.name === "ground" || object.type === "GridHelper";
      if (light || floor || isMine(object) || (model !== null && object === model.root)) continue;
      if (!hidden.has(object)) hidden.set(object, object.visible);
      object.visible = false;
    }
  };
  const restoreOthers = (): void => {
    const modelArrived = deps.userModel.active && !modelAtStart;
    for (const [object, visible] of hidden) {
      if (object.parent !== scene) continue;
      // 지형을 보는 동안 모델이 올라왔으면 대역과 그 소품은 숨은 채로 (userModel.ts 가 숨긴 것), 모델의 것은 보인다.
      object.visible = modelArrived && atStart.has(object) ? false : visible;
    }
    hidden = new Map();
    atStart = new Set();
  };

  // --- 캐릭터 고르기 ---
  let current: Grounded = walkerGrounded;
  let currentModelRoot: Object3D | null = null;
  /** 모델의 다리를 찾지 못해 걷는 대역을 보이는가. */
  let groundFailed = false;
  const camera = new TerrainCamera(deps);

  const setScale = (s: number): void => ground.setScale(s);

  const useCharacter = (): void => {
    const model = deps.userModel.model;
    if (model !== null && model.root !== currentModelRoot) {
      currentModelRoot = model.root;
      const grounded = groundModel(model, ground);
      deps.userModel.clipOnly = true;
      camera.saveUnlessOwn(); // 지형을 끄면 돌아갈 모델의 화면
      current = grounded ?? walkerGrounded;
      groundFailed = grounded === null;
      if (grounded === null) setScale(1);
      distance = 0;
      fitView();
    }
    if (model === null && current !== walkerGrounded) { current = walkerGrounded; setScale(1); }
    if (model === null) groundFailed = false;
  };

  const fitView = (): void => {
    placeRoot(current, ground, 0);
    camera.fit(current.root, ground.scale);
  };

  const setOn = (value: boolean): void => {
    if (value === on) return;
    on = value;
    toolbar.showOn(on);
    terrain.visible = on;
    if (on) {
      modelAtStart = deps.userModel.active;
      atStart = new Set(scene.children);
      camera.save();
      currentModelRoot = null;
      current = walkerGrounded;
      setScale(1);
      useCharacter();
      if (current === walkerGrounded) { distance = 0; fitView(); }
      hideOthers();
    } else {
      walker.root.visible = false;
      rays.object.visible = false;
      restoreOthers();
      const model = deps.userModel.model;
      if (model !== null) {
        // 모델은 처음 자리·클립으로 돌려주고 IK 를 다시 켠다.
        releaseModel(model, current !== walkerGrounded ? current : null);
        deps.userModel.clipOnly = false;
      }
      currentModelRoot = null;
      current = walkerGrounded;
      camera.restore();
    }
  };
  const setFoot = (value: boolean): void => {
    footOn = value;
    toolbar.showFoot(footOn);
  };

  // --- 매 프레임 ---
  const readings = new FootReadings();

  const update = (dt: number): void => {
    if (!on) return;
    useCharacter();
    hideOthers();
    terrain.visible = true; // 모델을 열면 userModel.ts 가 장면의 다른 것을 숨긴다: 지형은 매 프레임 다시 보인다
    const isWalker = current === walkerGrounded;
    walker.root.visible = isWalker;
    walkTime += dt;
    distance = (distance + current.speed * dt) % (LOOP_LENGTH * ground.scale);
    if (isWalker) walker.pose(walkTime);
    placeRoot(current, ground, distance);

    // 클립 자세의 발바닥 (클립 땅 = 뿌리의 높이 위) 과 광선.
    readings.measureClip(current, ground);
    rays.draw(current, ground, params.helpers);

    const placement = current.placement;
    placement.weight = footOn ? 1 : 0;
    placement.update(dt);
    current.root.updateMatrixWorld(true);

    // 그린 자세의 발바닥: 지형 위 높이, 닿음.
    readings.measurePlaced(current, ground);

    // 카메라: 캐릭터를 따라간다 (사용자가 돌린 각은 그대로, 점과 카메라를 같이 옮긴다).
    camera.follow(current.root, ground.scale, dt);

    toolbar.showReadout(() => readings.text(placement.pelvisDrop));
  };

  installTerrainTestHook((): TerrainState => ({
    on, placement: footOn, weight: current.placement.currentWeight,
    character: current === walkerGrounded ? "walker" : "model",
    modelName: current.name, clip: current.clip, grounded: !groundFailed,
    scale: ground.scale, distance, region: terrainRegion(current.root.position.x / ground.scale, current.root.position.z / ground.scale),
    pelvisDrop: current.placement.pelvisDrop, feet: readings.feet.map((f) => ({ ...f })), readout: toolbar.readoutText,
    raysVisible: rays.object.visible, rayCount: rays.count,
    stats: readings.plantedStats(),
    landmarks: { ...LANDMARKS },
  }), {
    seek: (d: number) => { distance = d * ground.scale; },
    resetStats: () => readings.resetStats(),
    setOn, setFoot,
  });

  return { update };
}

