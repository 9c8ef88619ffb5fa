"""발끝 구르기 (toe roll): 디딘 발목 자리가 다리 끝에서 멀어지면 발을 발끝을 축으로 돌려 뒤꿈치를 든다.

발은 발목 a 와 발끝 t 를 잇는 강체 (길이 ℓ = |a − t|). 허벅지 뿌리 r 에서 발목까지 닿는 거리를 L 이라 하면,
발목을 발끝 중심 반지름 ℓ 의 구 위에서 r 쪽으로 θ 만큼 돌린다 (u_a = (a − t)/ℓ 에서 u_r = (r − t)/|r − t| 쪽으로):

    |t + ℓ u − r| ≤ L  ⇔  u·u_r ≥ k,  k = (|r − t|² + ℓ² − L²) / (2 ℓ |r − t|)
    θ = max(0, φ − arccos(k)),  φ = ∠(u_a, u_r)   (k > 1 이면 발끝도 닿지 않는다: θ = φ, 가장 가까이)

θ 는 닿는 동안 0 이고 닿는 경계에서 0 부터 연속으로 커진다. 발의 월드 회전에도 같은 회전 (축 u_a × u_r, 각 θ) 을 곱한다.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

__all__ = ["ROLL_REACH", "toe_roll"]

#: 발끝 구르기는 발목이 다리 길이의 이 비율보다 멀어질 때 시작한다 (다 편 다리의 IK 는 무릎 방향이 불안정하다).
#: BVH·glTF 발 고정과 관절 배열 (footskate) 이 같은 값을 쓴다.
ROLL_REACH = 0.999


def toe_roll(
    root: NDArray[np.float64], ankle_spot: NDArray[np.float64], toe_spot: NDArray[np.float64], reach: float,
    weight: NDArray[np.float64],
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """(N, 3) 배열들에서 (발목 목표 (N, 3), 발의 월드 회전에 곱할 사원수 (N, 4) xyzw). 굴릴 필요가 없으면 그대로·항등.

    weight (N,) 는 θ 에 곱한다 (발 고정의 섞는 프레임).
    """
    arm = ankle_spot - toe_spot
    foot_length = np.sqrt(np.sum(arm * arm, axis=-1))
    to_root = root - toe_spot
    root_distance = np.sqrt(np.sum(to_root * to_root, axis=-1))
    tiny = np.finfo(float).tiny
    u_a = arm / np.maximum(foot_length, tiny)[:, None]
    u_r = to_root / np.maximum(root_distance, tiny)[:, None]
    axis = np.cross(u_a, u_r)
    sine = np.sqrt(np.sum(axis * axis, axis=-1))
    phi = np.arctan2(sine, np.sum(u_a * u_r, axis=-1))
    k = (root_distance**2 + foot_length**2 - reach**2) / np.maximum(2.0 * foot_length * root_distance, tiny)
    theta = np.clip(phi - np.arccos(np.clip(k, -1.0, 1.0)), 0.0, None)
    # 발 길이가 0 이거나 u_a ∥ u_r 이면 돌 축이 없다: 굴리지 않는다.
    theta = np.where((foot_length > 0) & (sine > 1e-12), theta, 0.0) * weight
    axis = axis / np.maximum(sine, tiny)[:, None]
    half = 0.5 * theta
    quaternion = np.concatenate((axis * np.sin(half)[:, None], np.cos(half)[:, None]), axis=-1)
    # 로드리게스: u_a 를 axis (u_a 에 수직) 둘레로 θ 돌리면 cos θ u_a + sin θ (axis × u_a).
    rolled = np.cos(theta)[:, None] * u_a + np.sin(theta)[:, None] * np.cross(axis, u_a)
    target: NDArray[np.float64] = toe_spot + foot_length[:, None] * rolled
    return target, quaternion
