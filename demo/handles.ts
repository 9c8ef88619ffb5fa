// 끌 수 있는 공(손잡이)의 모양: 몸에 묻히지 않게 위에 그리고, 화면에서 최소 크기를 지키고,
// 고리(테두리)·처음 잡기 전의 맥박(halo)·가리킴/끌기 강조·바닥까지 내린 선과 그림자로 3D 위치를 보여 준다.
import {
  BufferAttribute,
  BufferGeometry,
  CanvasTexture,
  CircleGeometry,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  Sprite,
  SpriteMaterial,
  Vector3,
} from "three";
import type { PerspectiveCamera, Scene } from "three";
import type { Handle } from "./handlePick";

/** 화면에 그리는 공의 최소 지름 (CSS px): 휴대폰 세로에서도 손가락이 찾을 수 있게. */
export const MIN_DRAWN_DIAMETER_PX = 26;
/** 고리의 지름 / 공의 그려진 지름. */
const RING_SCALE = 1.45;
/** 맥박 halo 의 주기 (s)와 크기 (공 지름의 배수). */
const HALO_PERIOD = 1.4;
const HALO_MIN = 1.6;
const HALO_MAX = 2.6;

/** 테두리 고리 텍스처 하나 (흰 고리; 색은 재질이 곱한다). 만들 때 한 번. */
function makeRingTexture(): CanvasTexture {
  const canvas = document.createElement("canvas");
  canvas.width = 128;
  canvas.height = 128;
  const context = canvas.getContext("2d")!;
  context.lineWidth = 10;
  context.strokeStyle = "rgba(0, 0, 0, 0.75)";
  context.beginPath();
  context.arc(64, 64, 52, 0, 2 * Math.PI);
  context.stroke();
  context.lineWidth = 6;
  context.strokeStyle = "#ffffff";
  context.beginPath();
  context.arc(64, 64, 52, 0, 2 * Math.PI);
  context.stroke();
  return new CanvasTexture(canvas);
}

function makeHaloTexture(): CanvasTexture {
  const canvas = document.createElement("canvas");
  canvas.width = 128;
  canvas.height = 128;
  const context = canvas.getContext("2d")!;
  const gradient = context.createRadialGradient(64, 64, 20, 64, 64, 64);
  gradient.addColorStop(0, "rgba(255, 255, 255, 0.0)");
  gradient.addColorStop(0.45, "rgba(255, 255, 255, 0.85)");
  gradient.addColorStop(1, "rgba(255, 255, 255, 0.0)");
  context.fillStyle = gradient;
  context.fillRect(0, 0, 128, 128);
  return new CanvasTexture(canvas);
}

interface HandleState {
  readonly spec: Handle;
  readonly ring: Sprite;
  readonly shadow: Mesh;
  /** 이번 프레임에 그린 지름 (CSS px). */
  drawnDiameterPx: number;
}

const _view = /*@__PURE__*/ new Vector3();

export class HandleVisuals {
  /** 가리키는(마우스가 위에 있는) 공의 이름, 끄는 공, 키보드로 고른 공. */
  hovered: string | null = null;
  dragged: string | null = null;
  focused: string | null = null;
  /** 처음 잡기 전에 공 둘레에서 맥박이 뛴다. 잡으면 false. */
  halo = true;
  /** 맥박을 움직일지 (움직임 줄이기 설정·test 모드에서는 멈춘 halo). */
  animateHalo = true;
  /** 그림자와 내린 선이 닿는 바닥의 높이 (m): 사용자 모델은 바닥이 0 이 아닐 수 있다. */
  floorY = 0;

  private readonly states: HandleState[];
  private readonly haloSprite: Sprite;
  private readonly dropLines: LineSegments;
  private readonly dropPositions: Float32Array;

  constructor(private readonly scene: Scene, specs: readonly Handle[]) {
    const ringTexture = makeRingTexture();
    this.states = specs.map((spec) => {
      // 공은 몸(손) 위에 그린다: 손이 공을 잡아도 공이 손 속에 묻히지 않는다.
      const material = spec.object.material as MeshStandardMaterial;
      material.depthTest = false;
      material.transparent = true; // 투명 객체 뒤에 그려 renderOrder 를 따르게
      material.emissive.copy(material.color); // 강조할 때 밝게 (emissiveIntensity 로)
      material.emissiveIntensity = 0;
      spec.object.renderOrder = 950;
      const ring = new Sprite(new SpriteMaterial({
        map: ringTexture, color: spec.ringColor, depthTest: false, depthWrite: false, transparent: true, sizeAttenuation: false,
      }));
      ring.renderOrder = 951;
      ring.name = `${spec.name}Ring`;
      scene.add(ring);
      // 바닥 그림자: 공 바로 아래 바닥의 어두운 원.
      const shadow = new Mesh(new CircleGeometry(spec.radius * 1.1, 24), new MeshBasicMaterial({
        color: 0x000000, transparent: true, opacity: 0.35, depthWrite: false,
      }));
      shadow.rotation.x = -Math.PI / 2;
      shadow.name = `${spec.name}Shadow`;
      scene.add(shadow);
      return { spec, ring, shadow, drawnDiameterPx: 0 };
    });
    this.haloSprite = new Sprite(new SpriteMaterial({
      map: makeHaloTexture(), color: 0xffe08a, depthTest: false, depthWrite: false, transparent: true, sizeAttenuation: false,
    }));
    this.haloSprite.renderOrder = 949;
    this.haloSprite.name = "ballHalo";
    scene.add(this.haloSprite);

    this.dropPositions = new Float32Array(specs.length * 6);
    const geometry = new BufferGeometry();
    geometry.setAttribute("position", new BufferAttribute(this.dropPositions, 3));
    this.dropLines = new LineSegments(geometry, new LineBasicMaterial({ color: 0xc8d2e6, transparent: true, opacity: 0.55 }));
    this.dropLines.frustumCulled = false;
    this.dropLines.name = "dropLines";
    scene.add(this.dropLines);
  }

  /** 이름으로 이번 프레임에 그린 지름 (CSS px). 테스트 창구가 읽는다. */
  drawnDiameter(name: string): number {
    for (const state of this.states) if (state.spec.name === name) return state.drawnDiameterPx;
    return 0;
  }

  /**
   * 매 프레임: 카메라 거리에 맞춰 공을 키우고(최소 지름), 고리·halo·내린 선·그림자를 옮긴다. 할당 없음.
   * pixelsPerUnit: 깊이 1 m 에서 1 m 가 몇 CSS px 인가 (투영 행렬 e[5] × 화면 높이 / 2).
   * time: 초.
   */
  update(camera: PerspectiveCamera, pixelsPerUnit: number, time: number): void {
    const drop = this.dropPositions;
    for (let i = 0; i < this.states.length; i++) {
      const state = this.states[i]!;
      const { object: mesh, radius, name } = state.spec;
      const visible = mesh.visible;
      state.ring.visible = visible;
      state.shadow.visible = visible;
      const p = mesh.position;
      const depth = -_view.copy(p).applyMatrix4(camera.matrixWorldInverse).z;
      // 공의 그려진 지름 = 2r · pixelsPerUnit / depth. 최소 지름보다 작으면 공을 키운다.
      const natural = depth > 0 ? (2 * radius * pixelsPerUnit) / depth : 0;
      const scale = natural > 0 && natural < MIN_DRAWN_DIAMETER_PX ? MIN_DRAWN_DIAMETER_PX / natural : 1;
      mesh.scale.setScalar(scale);
      state.drawnDiameterPx = natural * scale;
      const active = name === this.dragged || name === this.hovered || name === this.focused;
      // 고리: 화면 크기가 일정한 sprite (sizeAttenuation false 면 scale 은 화면 높이에 대한 NDC 크기).
      const ringPx = state.drawnDiameterPx * (active ? RING_SCALE + 0.25 : RING_SCALE);
      const unitsPerPx = pixelsPerUnit > 0 ? 1 / pixelsPerUnit : 0;
      state.ring.scale.setScalar(ringPx * unitsPerPx);
      state.ring.position.copy(p);
      (state.ring.material as SpriteMaterial).opacity = active ? 1 : 0.7;
      const material = mesh.material as MeshStandardMaterial;
      material.emissiveIntensity = active ? 0.6 : 0;
      const floor = this.floorY + 0.003;
      state.shadow.position.set(p.x, floor, p.z);
      drop[i * 6] = p.x; drop[i * 6 + 1] = p.y; drop[i * 6 + 2] = p.z;
      // 숨은 공의 선은 길이 0 (선 묶음은 하나라 공마다 따로 숨길 수 없다).
      drop[i * 6 + 3] = p.x; drop[i * 6 + 4] = visible ? floor : p.y; drop[i * 6 + 5] = p.z;
      if (i === 0) {
        this.haloSprite.visible = this.halo && visible;
        if (this.halo) {
          const pulse = this.animateHalo ? 0.5 - 0.5 * Math.cos((2 * Math.PI * time) / HALO_PERIOD) : 0.6;
          this.haloSprite.position.copy(p);
          this.haloSprite.scale.setScalar(state.drawnDiameterPx * (HALO_MIN + (HALO_MAX - HALO_MIN) * pulse) * unitsPerPx);
          (this.haloSprite.material as SpriteMaterial).opacity = 0.85 - 0.5 * pulse;
        }
      }
    }
    (this.dropLines.geometry.getAttribute("position") as BufferAttribute).needsUpdate = true;
  }

  /** 장면에서 고리·그림자·halo·내린 선을 빼고 GPU 자원을 놓는다 (공 자체는 부른 쪽의 것). */
  dispose(): void {
    for (const state of this.states) {
      this.scene.remove(state.ring, state.shadow);
      state.ring.material.dispose();
      state.shadow.geometry.dispose();
      (state.shadow.material as MeshBasicMaterial).dispose();
    }
    this.states[0]?.ring.material.map?.dispose();
    this.scene.remove(this.haloSprite, this.dropLines);
    this.haloSprite.material.map?.dispose();
    this.haloSprite.material.dispose();
    this.dropLines.geometry.dispose();
    (this.dropLines.material as LineBasicMaterial).dispose();
  }
}
