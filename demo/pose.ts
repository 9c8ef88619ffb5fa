// 들어온 자세: IK 를 풀기 전에 뼈가 가진 로컬 회전.
import type { Object3D, Quaternion } from "three";

/**
 * 뼈들의 지금 로컬 회전을 "들어온 자세"로 기억하고, 매 프레임 IK 전에 되돌린다.
 * 애니메이션이 있는 모델이라면 AnimationMixer 가 매 프레임 이 자리를 채우므로 이 클래스가 필요 없다.
 */
export class IncomingPose {
  private readonly rotations: Quaternion[];

  constructor(readonly bones: readonly Object3D[]) {
    this.rotations = bones.map((bone) => bone.quaternion.clone());
  }

  /** 뼈를 들어온 자세로 되돌린다. 할당 없음. */
  apply(): void {
    for (let i = 0; i < this.bones.length; i++) this.bones[i]!.quaternion.copy(this.rotations[i]!);
  }
}
