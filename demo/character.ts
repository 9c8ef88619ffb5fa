// 캐릭터 만들기: 코드로 만든 대역(stand-in) 캐릭터 — THREE.Bone 뼈대와 관절에서 굽는 SkinnedMesh.
// 진짜 glTF 모델로 바꾸는 자리는 createCharacter() 하나뿐이다.
import {
  Bone,
  BufferAttribute,
  BufferGeometry,
  CapsuleGeometry,
  Color,
  Group,
  Matrix3,
  MeshLambertMaterial,
  Quaternion,
  Skeleton,
  SkinnedMesh,
  Vector3,
} from "three";
import type { Object3D } from "three";

/** 데모가 이름으로 찾는 뼈. 인덱스는 쓰지 않는다 (glTF 모델로 바꿀 때는 이 이름만 맞추면 된다). */
export const BONE_NAMES = {
  upperArm: "UpperArm_R",
  lowerArm: "LowerArm_R",
  hand: "Hand_R",
  upperLeg: "UpperLeg_L",
  lowerLeg: "LowerLeg_L",
  foot: "Foot_L",
} as const;

/** 데모가 캐릭터에게 바라는 것. glTF 모델도 이 모양으로 돌려주면 나머지 코드는 그대로 돈다. */
export interface Character {
  /** 장면에 넣을 최상위 객체 (뼈와 메시를 모두 담는다). */
  readonly root: Object3D;
  /** 이름으로 뼈를 찾는다. 없으면 이름을 담은 오류를 던진다. */
  bone(name: string): Object3D;
  /**
   * 대역 캐릭터만: 지금의 뼈 길이(자식 뼈의 position)로 피부를 다시 만들어 붙인다 (뼈가 기본 자세일 때 부른다).
   * glTF 모델이면 null — 그때 뼈 길이를 바꾸면 피부가 그대로 늘어난다.
   */
  readonly rebuildSkin: (() => void) | null;
}

/**
 * ★ 진짜 모델로 바꾸는 자리 ★
 *
 * 지금은 코드로 만든 대역 캐릭터를 돌려준다. glTF 모델을 쓰려면 이 함수만 바꾼다:
 *
 *   import { GLTFLoader } from "three/addons/loaders/GLTFLoader.js";
 *   const gltf = await new GLTFLoader().loadAsync("./model.glb");   // demo/public/ 에 두면 상대 경로로 읽힌다
 *   return {
 *     root: gltf.scene,
 *     bone: (name) => requireObject(gltf.scene, name),
 *     rebuildSkin: null,
 *   };
 *
 * 그리고 BONE_NAMES 를 모델의 뼈 이름으로 맞춘다 (예: Mixamo 는 "mixamorigRightArm", "mixamorigRightForeArm",
 * "mixamorigRightHand", "mixamorigLeftUpLeg", "mixamorigLeftLeg", "mixamorigLeftFoot").
 * IK 는 뼈의 지금 자세와 길이를 그대로 읽으므로 다른 코드는 바꿀 필요가 없다.
 * (모델의 크기가 이 대역(키 약 1.75 m)과 많이 다르면 motion.ts 의 공 경로와 cameraFit.ts 의 카메라 거리를 맞춘다.)
 */
export async function createCharacter(): Promise<Character> {
  return buildStandInCharacter();
}

/** root 아래에서 이름이 name 인 객체를 찾는다. 없으면 그 이름을 담은 오류. */
export function requireObject(root: Object3D, name: string): Object3D {
  const found = root.getObjectByName(name);
  if (found === undefined) throw new Error(`캐릭터에 "${name}" 뼈가 없습니다`);
  return found;
}

type XYZ = readonly [number, number, number];

/** 뼈 하나의 설계: 기본 자세에서 뼈 머리(관절)와 꼬리의 월드 위치, 단면 모양. */
interface BoneSpec {
  readonly name: string;
  readonly parent: string | null;
  /** 뼈 머리(이 뼈의 원점)의 월드 위치 (m). */
  readonly head: XYZ;
  /** 뼈 꼬리의 월드 위치: 주 자식의 머리 또는 끝 뼈의 끝 (m). 뼈의 로컬 +Y 가 머리 → 꼬리를 향한다. */
  readonly tail: XYZ;
  /** 캡슐 반지름 (m). */
  readonly radius: number;
  /** 단면의 로컬 X 방향 배율 (몸통을 넓게). */
  readonly widthScale?: number;
  /**
   * 뼈축 둘레의 비틀림 (라디안). glTF 모델처럼 뼈의 기본 회전이 단위 회전이 아니게 만든다
   * — 라이브러리가 임의의 기본 회전에서도 맞게 도는지 보여 준다.
   */
  readonly twist: number;
  /** 이 뼈의 꼬리가 주 자식의 머리이면 그 자식 이름. */
  readonly mainChild?: string;
  readonly color: number;
}

const BODY_COLOR = 0x8c9bb3;
const ARM_COLOR = 0xe08a4f; // IK 로 움직이는 팔
const LEG_COLOR = 0x4fb0a0; // IK 로 움직이는 다리

// 앞을 +Z 로 보고 선 키 약 1.75 m 의 마네킹. 캐릭터의 오른쪽은 −X.
const SPECS: readonly BoneSpec[] = [
  { name: "Hips", parent: null, head: [0, 0.9, 0], tail: [0, 1.02, 0], radius: 0.11, widthScale: 1.45, twist: 0, mainChild: "Spine", color: BODY_COLOR },
  { name: "Spine", parent: "Hips", head: [0, 1.02, 0], tail: [0, 1.22, 0], radius: 0.11, widthScale: 1.35, twist: 0, mainChild: "Chest", color: BODY_COLOR },
  { name: "Chest", parent: "Spine", head: [0, 1.22, 0], tail: [0, 1.42, 0], radius: 0.13, widthScale: 1.4, twist: 0, mainChild: "Neck", color: BODY_COLOR },
  { name: "Neck", parent: "Chest", head: [0, 1.42, 0], tail: [0, 1.52, 0], radius: 0.045, twist: 0.6, mainChild: "Head", color: BODY_COLOR },
  { name: "Head", parent: "Neck", head: [0, 1.52, 0], tail: [0, 1.66, 0.01], radius: 0.095, twist: -0.4, color: BODY_COLOR },
  // 코: 얼굴이 어느 쪽(+Z)을 보는지 알려 준다.
  { name: "Nose", parent: "Head", head: [0, 1.6, 0.075], tail: [0, 1.585, 0.12], radius: 0.02, twist: 0, color: BODY_COLOR },
  { name: "UpperArm_R", parent: "Chest", head: [-0.19, 1.39, 0], tail: [-0.27, 1.1, -0.02], radius: 0.045, twist: 0.7, mainChild: "LowerArm_R", color: ARM_COLOR },
  { name: "LowerArm_R", parent: "UpperArm_R", head: [-0.27, 1.1, -0.02], tail: [-0.31, 0.83, 0.06], radius: 0.038, twist: -0.5, mainChild: "Hand_R", color: ARM_COLOR },
  { name: "Hand_R", parent: "LowerArm_R", head: [-0.31, 0.83, 0.06], tail: [-0.33, 0.74, 0.08], radius: 0.036, widthScale: 1.3, twist: 1.1, color: ARM_COLOR },
  { name: "UpperArm_L", parent: "Chest", head: [0.19, 1.39, 0], tail: [0.27, 1.1, -0.02], radius: 0.045, twist: -0.7, mainChild: "LowerArm_L", color: BODY_COLOR },
  { name: "LowerArm_L", parent: "UpperArm_L", head: [0.27, 1.1, -0.02], tail: [0.31, 0.83, 0.06], radius: 0.038, twist: 0.5, mainChild: "Hand_L", color: BODY_COLOR },
  { name: "Hand_L", parent: "LowerArm_L", head: [0.31, 0.83, 0.06], tail: [0.33, 0.74, 0.08], radius: 0.036, widthScale: 1.3, twist: -1.1, color: BODY_COLOR },
  { name: "UpperLeg_L", parent: "Hips", head: [0.1, 0.88, 0], tail: [0.11, 0.48, 0.05], radius: 0.062, twist: 0.4, mainChild: "LowerLeg_L", color: LEG_COLOR },
  { name: "LowerLeg_L", parent: "UpperLeg_L", head: [0.11, 0.48, 0.05], tail: [0.11, 0.08, 0], radius: 0.048, twist: -0.9, mainChild: "Foot_L", color: LEG_COLOR },
  { name: "Foot_L", parent: "LowerLeg_L", head: [0.11, 0.08, 0], tail: [0.11, 0.03, 0.17], radius: 0.04, widthScale: 1.2, twist: 0.3, color: LEG_COLOR },
  { name: "UpperLeg_R", parent: "Hips", head: [-0.1, 0.88, 0], tail: [-0.11, 0.48, 0.05], radius: 0.062, twist: -0.4, mainChild: "LowerLeg_R", color: BODY_COLOR },
  { name: "LowerLeg_R", parent: "UpperLeg_R", head: [-0.11, 0.48, 0.05], tail: [-0.11, 0.08, 0], radius: 0.048, twist: 0.9, mainChild: "Foot_R", color: BODY_COLOR },
  { name: "Foot_R", parent: "LowerLeg_R", head: [-0.11, 0.08, 0], tail: [-0.11, 0.03, 0.17], radius: 0.04, widthScale: 1.2, twist: -0.3, color: BODY_COLOR },
];

/** 관절에서 두 뼈의 가중치를 섞는 구간의 최대 길이 (m): 관절 양쪽으로 이만큼에 걸쳐 부드럽게 굽는다. */
const SKIN_BLEND_LENGTH = 0.07;

const _yAxis = new Vector3(0, 1, 0);

/** 코드로 만든 대역 캐릭터. 뼈는 glTF 처럼 로컬 +Y 가 뼈 방향이고, 기본 회전은 비틀림 때문에 단위 회전이 아니다. */
function buildStandInCharacter(): Character {
  const root = new Group();
  root.name = "StandInCharacter";

  const bones = new Map<string, Bone>();
  const worldRotations = new Map<string, Quaternion>();
  const direction = new Vector3();
  const twist = new Quaternion();
  const parentInverse = new Quaternion();

  for (const spec of SPECS) {
    const bone = new Bone();
    bone.name = spec.name;
    // 월드 회전: +Y 를 뼈 방향으로 돌린 뒤 뼈축 둘레로 twist 만큼 비튼다.
    direction.set(spec.tail[0] - spec.head[0], spec.tail[1] - spec.head[1], spec.tail[2] - spec.head[2]).normalize();
    const worldRotation = new Quaternion().setFromUnitVectors(_yAxis, direction).multiply(twist.setFromAxisAngle(_yAxis, spec.twist));
    worldRotations.set(spec.name, worldRotation);

    const parentSpec = spec.parent === null ? null : SPECS.find((s) => s.name === spec.parent);
    if (parentSpec === null || parentSpec === undefined) {
      bone.position.set(...spec.head);
      bone.quaternion.copy(worldRotation);
      root.add(bone);
    } else {
      const parentBone = bones.get(parentSpec.name)!;
      parentInverse.copy(worldRotations.get(parentSpec.name)!).invert();
      bone.quaternion.copy(parentInverse).multiply(worldRotation);
      if (parentSpec.mainChild === spec.name) {
        // 주 자식은 부모의 뼈축(+Y) 위에 놓인다: 뼈 길이 = position.y.
        bone.position.set(0, distance(parentSpec.head, parentSpec.tail), 0);
      } else {
        bone.position
          .set(spec.head[0] - parentSpec.head[0], spec.head[1] - parentSpec.head[1], spec.head[2] - parentSpec.head[2])
          .applyQuaternion(parentInverse);
      }
      parentBone.add(bone);
    }
    bones.set(spec.name, bone);
  }

  const boneList = SPECS.map((spec) => bones.get(spec.name)!);
  const skeleton = new Skeleton(boneList);
  const material = new MeshLambertMaterial({ vertexColors: true });
  const mesh = new SkinnedMesh(new BufferGeometry(), material);
  mesh.name = "StandInSkin";
  // 뼈가 피부를 크게 움직이므로 기본 자세의 경계 구로 자르지 않는다.
  mesh.frustumCulled = false;
  root.add(mesh);

  const rebuildSkin = (): void => {
    root.updateMatrixWorld(true);
    const geometry = buildSkinGeometry(bones);
    mesh.geometry.dispose();
    mesh.geometry = geometry;
    // 지금 자세(기본 자세)를 바인드 자세로: 뼈의 역행렬을 다시 계산한다.
    mesh.bind(skeleton);
  };
  rebuildSkin();

  return {
    root,
    bone: (name) => requireObject(root, name),
    rebuildSkin,
  };
}

function distance(a: XYZ, b: XYZ): number {
  return Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
}

/** 뼈 길이: 주 자식이 있으면 그 position 의 길이, 없으면 설계의 머리–꼬리 거리. */
function segmentLength(spec: BoneSpec, bones: Map<string, Bone>): number {
  if (spec.mainChild !== undefined) return bones.get(spec.mainChild)!.position.length();
  return distance(spec.head, spec.tail);
}

/**
 * 뼈마다 캡슐 하나를 뼈의 로컬 공간(+Y 방향, 0 … 길이)에 만들고 뼈의 지금 월드 행렬로 옮겨 한 지오메트리로 합친다.
 * 관절 근처의 정점은 부모·자식 뼈와 가중치를 나눠 가져 관절에서 부드럽게 굽는다 (관절에서 정확히 반반).
 */
function buildSkinGeometry(bones: Map<string, Bone>): BufferGeometry {
  const positions: number[] = [];
  const normals: number[] = [];
  const colors: number[] = [];
  const skinIndices: number[] = [];
  const skinWeights: number[] = [];
  const indices: number[] = [];
  const boneIndex = new Map(SPECS.map((spec, i) => [spec.name, i] as const));
  const vertex = new Vector3();
  const normal = new Vector3();
  const normalMatrix = new Matrix3();
  const color = new Color();

  for (const spec of SPECS) {
    const bone = bones.get(spec.name)!;
    const length = segmentLength(spec, bones);
    const capsule = new CapsuleGeometry(spec.radius, length, 5, 14, 10);
    capsule.translate(0, length / 2, 0);
    if (spec.widthScale !== undefined) capsule.scale(spec.widthScale, 1, 1);
    normalMatrix.getNormalMatrix(bone.matrixWorld);
    color.setHex(spec.color);

    const self = boneIndex.get(spec.name)!;
    const parent = spec.parent === null ? -1 : boneIndex.get(spec.parent)!;
    const child = spec.mainChild === undefined ? -1 : boneIndex.get(spec.mainChild)!;
    const blend = Math.min(SKIN_BLEND_LENGTH, length * 0.3);

    const position = capsule.getAttribute("position");
    const capsuleNormal = capsule.getAttribute("normal");
    const base = positions.length / 3;
    for (let i = 0; i < position.count; i++) {
      vertex.fromBufferAttribute(position, i);
      const y = vertex.y;
      vertex.applyMatrix4(bone.matrixWorld);
      normal.fromBufferAttribute(capsuleNormal, i).applyMatrix3(normalMatrix).normalize();
      positions.push(vertex.x, vertex.y, vertex.z);
      normals.push(normal.x, normal.y, normal.z);
      colors.push(color.r, color.g, color.b);

      // 머리 쪽 관절: 부모와 섞는다. 꼬리 쪽 관절: 주 자식과 섞는다. (관절 위에서 0.5 : 0.5)
      let other = -1;
      let otherWeight = 0;
      if (parent >= 0 && y < blend) {
        other = parent;
        otherWeight = 0.5 * (1 - Math.max(y, 0) / blend);
      } else if (child >= 0 && y > length - blend) {
        other = child;
        otherWeight = 0.5 * (1 - Math.max(length - y, 0) / blend);
      }
      skinIndices.push(self, Math.max(other, 0), 0, 0);
      skinWeights.push(1 - otherWeight, otherWeight, 0, 0);
    }
    const index = capsule.getIndex()!;
    for (let i = 0; i < index.count; i++) indices.push(base + index.getX(i));
    capsule.dispose();
  }

  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new BufferAttribute(new Float32Array(positions), 3));
  geometry.setAttribute("normal", new BufferAttribute(new Float32Array(normals), 3));
  geometry.setAttribute("color", new BufferAttribute(new Float32Array(colors), 3));
  geometry.setAttribute("skinIndex", new BufferAttribute(new Uint16Array(skinIndices), 4));
  geometry.setAttribute("skinWeight", new BufferAttribute(new Float32Array(skinWeights), 4));
  geometry.setIndex(indices);
  return geometry;
}
