"""발 고정 (foot locking): 모션 캡처에서 디딘 발이 미끄러지는 것 (foot skating) 을 두 뼈 IK 로 고친다.

순서 (footlock 함수):

1. 다리 찾기 (legs.find_legs): 허벅지 → 정강이 → 발 (→ 발가락 또는 End Site).
2. 정기구학 (fk.forward_kinematics): 다리와 그 조상만, 모든 프레임을 한 번에.
3. 단위·위 방향·땅·접지 (contact): 쉬는 자세의 다리 길이로 단위, 허벅지 → 발 방향으로 위, 클립에서 땅.
4. 목표와 무게: 접지 구간마다 발 (발목) 이 디딘 자리 = 그 구간의 발 위치 평균. 구간 안은 무게 1,
   앞뒤 blend_frames 프레임은 smoothstep 으로 0 → 1 → 0 (회전을 slerp 하므로 튀지 않는다).
5. 두 다리를 apply_two_bone_ik 로 한 번에 푼다: keep_end_rotation=True (섞는 프레임까지 발의 월드 회전 유지), 무릎의 극은
   자동 극 규칙 (pole.auto_pole) — 들어온 자세의 굽힘 평면, 거의 곧으면 캐릭터의 앞. 엉덩이는 움직이지 않는다.
6. 새 로컬 회전을 각 관절의 채널 순서의 오일러 각으로 (원래 값에 가장 가까운 해) 적는다. 무게가 0 인 프레임과
   다리가 아닌 관절, 위치 채널은 비트 단위로 그대로다. 회전만 바뀌므로 뼈 길이는 바뀌지 않는다.

결과의 보고서: 발마다 접지 구간, 접지 중 미끄러짐 (프레임 사이 수평 이동의 평균·최대, 클립 단위) 전 → 후,
관절에 더해진 가장 큰 회전 (도), 디딘 자리에 닿지 못한 프레임 (다리는 그쪽으로 뻗는다).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, NamedTuple, Optional, Sequence

import numpy as np
from numpy.typing import NDArray

from .bones import LocalTransform, apply_two_bone_ik
from .bvh import BvhClip
from .contact import (
    ContactOptions,
    detect_contacts,
    detect_up_axis,
    estimate_ground,
)
from .foot_metrics import foot_metrics
from .foot_metrics import slide as _slide
from .fk import (
    Pose,
    euler_to_quaternion,
    forward_kinematics,
    local_rotation_angles,
    local_translations,
    matrix_to_euler,
    matrix_to_quaternion,
    quaternion_to_matrix,
    rest_positions,
    rotation_order,
)
from .legs import Leg, find_legs
from .pole import auto_pole
from .footlock_report import FootlockResult, FootReport
from .scale import infer_scale
from .toeroll import toe_roll
from .rotation import quaternion_conjugate, quaternion_multiply, quaternion_normalize

__all__ = ["FootlockOptions", "FootReport", "FootlockResult", "footlock", "character_forward", "blend_weights"]

class _JointLocals(NamedTuple):
    """다리 관절 하나의 들어온 로컬 값 (모든 프레임)."""

    translation: NDArray[np.float64]  # (F, 3)
    rotation: NDArray[np.float64]  # (F, 4) 사원수
    angles: NDArray[np.float64]  # (F, 3) 채널 순서의 오일러 각, 도


#: 발끝 구르기는 발목이 다리 길이의 이 비율보다 멀어질 때 시작한다 (다 편 다리의 IK 는 무릎 방향이 불안정하다).
ROLL_REACH = 0.999

#: IK 를 이만큼의 프레임씩 잘라 푼다: 진행 표시를 위해서이고, 작업 배열이 캐시에 가깝게 머문다.
CHUNK_FRAMES = 16384


@dataclass(frozen=True)
class FootlockOptions:
    """발 고정 옵션.

    - contact: 접지 문턱 (ContactOptions, 미터·초).
    - blend_frames = 5: 접지 앞뒤로 IK 를 0 → 1, 1 → 0 으로 섞는 프레임 수 (0 이면 바로 켜고 끈다).
    - ground: 땅 높이 (클립 단위, 위 방향 축의 좌표). None 이면 클립에서 추정.
    - units: 'm', 'cm', 'mm', 'inch'. scale: 1 m 당 클립 단위 (양수, 예 CMU 는 약 17.9). 둘 다 None 이면 다리 길이로
      추정한다 (scale.infer_scale). 둘 중 하나만 줄 수 있다. 미터·초 문턱은 이 척도로 클립 단위로 바꾼다.
    - toe_roll = True: 디딘 발목 자리가 닿지 않는 프레임에서 발을 발끝을 축으로 돌려 뒤꿈치를 든다 (toeroll.py).
      발끝 (발가락 관절 또는 End Site) 이 없는 다리는 굴리지 않는다.
    - left_foot, right_foot: 발 관절 이름. None 이면 이름 규약 표로 찾는다.
    - left_toe, right_toe: 발가락 관절 이름 (발의 직접 자식). None 이면 이름 표, 없으면 발의 첫 자식 또는 End Site.
    """

    contact: ContactOptions = field(default_factory=ContactOptions)
    blend_frames: int = 5
    ground: Optional[float] = None
    units: Optional[str] = None
    scale: Optional[float] = None
    toe_roll: bool = True
    left_foot: Optional[str] = None
    right_foot: Optional[str] = None
    left_toe: Optional[str] = None
    right_toe: Optional[str] = None

    def validate(self) -> None:
        self.contact.validate()
        if not (isinstance(self.blend_frames, (int, np.integer)) and 0 <= self.blend_frames <= 10_000):
            raise ValueError(f"blend_frames 는 0 이상 10000 이하의 정수여야 합니다 (받은 값: {self.blend_frames!r})")
        if self.ground is not None and not np.isfinite(self.ground):
            raise ValueError(f"ground 는 유한한 수여야 합니다 (받은 값: {self.ground!r})")
        infer_scale(1.0, self.units, self.scale)  # units·scale 검사 (다리 길이는 아직 모른다)


def blend_weights(
    intervals: Sequence[tuple[int, int]], frames: int, blend_frames: int
) -> tuple[NDArray[np.float64], NDArray[np.intp]]:
    """접지 구간들에서 프레임마다의 IK 무게 (F,) 와 그 무게를 준 구간 번호 (F,, 없으면 −1).

    구간 안은 1, 구간 앞뒤 k = 1 … B 프레임 떨어진 곳은 smoothstep(1 − k/(B + 1)) (= 3x² − 2x³).
    두 구간의 꼬리가 겹치면 더 큰 무게를 준 구간을 쓴다.
    """
    weight = np.zeros(frames)
    owner = np.full(frames, -1, dtype=np.intp)
    ramp_x = 1.0 - np.arange(1, blend_frames + 1) / (blend_frames + 1)
    ramp = ramp_x * ramp_x * (3.0 - 2.0 * ramp_x)
    for n, (s, e) in enumerate(intervals):
        weight[s:e + 1] = 1.0
        owner[s:e + 1] = n
        for frames_idx, values in (
            (np.arange(s - 1, s - blend_frames - 1, -1), ramp),
            (np.arange(e + 1, e + blend_frames + 1), ramp),
        ):
            inside = (frames_idx >= 0) & (frames_idx < frames)
            idx, val = frames_idx[inside], values[inside]
            better = val > weight[idx]
            weight[idx[better]] = val[better]
            owner[idx[better]] = n
    return weight, owner


def character_forward(clip: BvhClip, legs: tuple[Leg, Leg], up: NDArray[np.float64]) -> NDArray[np.float64]:
    """쉬는 자세 (모든 채널 0) 에서 캐릭터의 앞 (단위 벡터, up 에 수직).

    발 → 발끝 방향의 평균 (수평 성분). 발끝이 없거나 수평 성분이 없으면 (왼쪽 엉덩이 − 오른쪽 엉덩이) × up.
    쉬는 자세에서는 조상의 회전이 모두 항등이므로 이것이 곧 허벅지 부모 공간의 n 이다.
    """
    rest = rest_positions(clip)
    total = np.zeros(3)
    for leg in legs:
        tip = _rest_tip(clip, rest, leg)
        if tip is not None:
            total += tip - rest[leg.foot]
    total -= np.dot(total, up) * up
    length = float(np.linalg.norm(total))
    left, right = legs
    if not length > 1e-9 * max(1.0, float(np.max(np.abs(rest)))):
        total = np.cross(rest[left.thigh] - rest[right.thigh], up)
        total -= np.dot(total, up) * up
        length = float(np.linalg.norm(total))
        if not length > 0:
            raise ValueError("쉬는 자세에서 캐릭터의 앞을 정할 수 없습니다 (발끝이 없고 두 엉덩이가 위 방향으로 나란합니다)")
    forward: NDArray[np.float64] = total / length
    return forward


def _raw_height(
    clip: BvhClip, rest: NDArray[np.float64], pose: Pose, leg: Leg, up: NDArray[np.float64]
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """발 높이 (땅을 빼기 전, (F,)) 와 발끝만의 높이 (F,): 각 점의 높이 − 그 점의 '평평히 디뎠을 때의 높이' (쉬는 자세)."""
    points = [(pose.joint_positions[leg.foot], rest[leg.foot])]
    tip_rest = _rest_tip(clip, rest, leg)
    if tip_rest is not None:
        points.append((_tip_world(pose, leg), tip_rest))
    lowest_rest = min(float(p_rest @ up) for _, p_rest in points)
    heights = np.stack([p @ up - (float(p_rest @ up) - lowest_rest) for p, p_rest in points])
    raw: NDArray[np.float64] = np.min(heights, axis=0)
    return raw, heights[-1]


def _rest_tip(clip: BvhClip, rest: NDArray[np.float64], leg: Leg) -> Optional[NDArray[np.float64]]:
    tip: Optional[NDArray[np.float64]] = None
    if leg.toe >= 0:
        tip = rest[leg.toe]
    elif leg.toe_site is not None:
        tip = rest[leg.foot] + leg.toe_site
    return tip


def _tip_world(pose: Pose, leg: Leg) -> NDArray[np.float64]:
    tip: NDArray[np.float64] = pose.joint_positions[leg.foot]
    if leg.toe >= 0:
        tip = pose.joint_positions[leg.toe]
    elif leg.toe_site is not None:
        tip = tip + pose.joint_rotations[leg.foot] @ leg.toe_site
    return tip


def _require_three_rotations(clip: BvhClip, joint: int) -> str:
    order = rotation_order(clip.channels[joint])
    if len(order) != 3 or len(set(order)) != 3:
        raise ValueError(
            f"다리 관절 {clip.names[joint]!r} 의 회전 채널 ({' '.join(clip.channels[joint])}) 은 서로 다른 세 축이어야"
            " IK 의 회전을 적을 수 있습니다"
        )
    return order


def _interval_means(points: NDArray[np.float64], intervals: Sequence[tuple[int, int]]) -> NDArray[np.float64]:
    """구간마다 (끝 포함) points (F, 3) 의 평균 (N, 3): 디딘 자리."""
    if not intervals:
        return np.zeros((0, 3))
    bounds = np.asarray(intervals, dtype=np.intp).reshape(-1, 2)
    # reduceat 은 [i_k, i_(k+1)) 을 더한다: 시작과 끝 + 1 을 번갈아 주고 짝수 번째만 쓴다 (끝 + 1 = F 이면 0 행을 덧댄다).
    padded = np.concatenate((points, np.zeros((1, 3))))
    sums = np.add.reduceat(padded, np.stack((bounds[:, 0], bounds[:, 1] + 1), axis=-1).ravel(), axis=0)[0::2]
    means: NDArray[np.float64] = sums / (bounds[:, 1] - bounds[:, 0] + 1)[:, None]
    return means


def _rotation_angle_deg(q0: NDArray[np.float64], q1: NDArray[np.float64]) -> NDArray[np.float64]:
    """q0 에서 q1 까지의 회전각 (도). q = q0⁻¹ q1 의 2·atan2(|q.xyz|, |q.w|): acos(내적) 과 달리 0 근처에서도 정확하다."""
    relative = quaternion_multiply(quaternion_conjugate(q0), q1)
    vector = np.sqrt(np.sum(relative[..., :3] ** 2, axis=-1))
    angle: NDArray[np.float64] = np.rad2deg(2.0 * np.arctan2(vector, np.abs(relative[..., 3])))
    return angle


def footlock(
    clip: BvhClip,
    options: Optional[FootlockOptions] = None,
    progress: Optional[Callable[[float, str], None]] = None,
) -> FootlockResult:
    """클립의 발 미끄러짐을 고친 새 클립과 보고서. 입력 clip 은 바꾸지 않는다.

    progress(fraction, stage) 는 단계마다 (0 … 1) 불린다. 잘못된 옵션·다리를 찾지 못함·다리 관절의 회전 채널이
    세 축이 아님·프레임이 없는 클립은 계산 전에 ValueError.
    """
    options = options or FootlockOptions()
    options.validate()
    report = progress or (lambda fraction, stage: None)
    legs = find_legs(clip, options.left_foot, options.right_foot, options.left_toe, options.right_toe)
    orders = {j: _require_three_rotations(clip, j) for leg in legs for j in (leg.thigh, leg.shin, leg.foot)}
    frames = clip.frame_count
    if frames == 0:
        raise ValueError("클립에 프레임이 없습니다 (Frames: 0) — 고칠 것이 없습니다")
    report(0.0, "정기구학")

    # 2. 다리와 조상의 정기구학.
    needed = [j for leg in legs for j in (leg.thigh, leg.shin, leg.foot, leg.toe) if j >= 0]
    pose = forward_kinematics(clip, needed)

    # 3. 단위, 위, 앞, 땅.
    rest = rest_positions(clip)
    leg_lengths = [
        float(np.linalg.norm(rest[leg.shin] - rest[leg.thigh]) + np.linalg.norm(rest[leg.foot] - rest[leg.shin]))
        for leg in legs
    ]
    leg_length = float(np.mean(leg_lengths))
    clip_scale = infer_scale(leg_length, options.units, options.scale)
    scale = clip_scale.units_per_metre
    up = detect_up_axis(rest[legs[0].thigh], rest[legs[0].foot])
    forward = character_forward(clip, legs, up)
    report(0.15, "접지 찾기")

    raw_heights: list[NDArray[np.float64]] = []
    speeds: list[NDArray[np.float64]] = []
    for leg in legs:
        foot_world = pose.joint_positions[leg.foot]
        raw_heights.append(_raw_height(clip, rest, pose, leg, up)[0])
        if frames > 1:
            velocity = np.gradient(foot_world, clip.frame_time, axis=0)
        else:
            velocity = np.zeros_like(foot_world)
        velocity -= (velocity @ up)[:, None] * up
        speeds.append(np.sqrt(np.sum(velocity * velocity, axis=-1)))
    ground = options.ground if options.ground is not None else estimate_ground(
        raw_heights, options.contact.ground_percentile
    )
    tracks = [
        detect_contacts(raw_heights[k], speeds[k], ground, clip.frame_time, scale, options.contact) for k in range(2)
    ]

    # 4–6. 다리마다: 목표·무게, IK, 오일러로 적기.
    motion = clip.motion.copy()
    # 다리마다 (닿지 못한 프레임, 관절마다 (로컬 이동, 로컬 사원수, 원래 오일러 각)).
    solved: dict[str, tuple[NDArray[np.intp], dict[int, _JointLocals]]] = {}
    total_work = sum(int(np.count_nonzero(blend_weights(t.intervals, frames, options.blend_frames)[0])) for t in tracks)
    done = 0
    for leg, track in zip(legs, tracks):
        weight, owner = blend_weights(track.intervals, frames, options.blend_frames)
        foot_world = pose.joint_positions[leg.foot]
        planted = _interval_means(foot_world, track.intervals)
        has_tip = leg.toe >= 0 or leg.toe_site is not None
        toe_planted = _interval_means(_tip_world(pose, leg), track.intervals) if options.toe_roll and has_tip else None
        reach = float(sum(np.linalg.norm(rest[b] - rest[a]) for a, b in ((leg.thigh, leg.shin), (leg.shin, leg.foot))))
        active = np.flatnonzero(weight > 0)
        unreachable: list[NDArray[np.intp]] = []
        locals_: dict[int, _JointLocals] = {}
        for j in (leg.thigh, leg.shin, leg.foot):
            angles = local_rotation_angles(clip, j)
            locals_[j] = _JointLocals(local_translations(clip, j), euler_to_quaternion(orders[j], angles), angles)
        parent = int(clip.parents[leg.thigh])
        for start in range(0, active.size, CHUNK_FRAMES):
            f = active[start:start + CHUNK_FRAMES]
            parent_world = np.zeros((f.size, 4, 4))
            parent_world[:, 3, 3] = 1.0
            if parent >= 0:
                parent_world[:, :3, :3] = pose.joint_rotations[parent][f]
                parent_world[:, :3, 3] = pose.joint_positions[parent][f]
            else:
                parent_world[:, :3, :3] = np.eye(3)
            n_world = parent_world[:, :3, :3] @ forward
            pole = auto_pole(
                pose.joint_positions[leg.thigh][f],
                pose.joint_positions[leg.shin][f],
                pose.joint_positions[leg.foot][f],
                n_world,
            )
            ones = np.ones((f.size, 3))
            upper, mid, end = (
                LocalTransform(locals_[j].translation[f], locals_[j].rotation[f], ones) for j in (leg.thigh, leg.shin, leg.foot)
            )
            target = planted[owner[f]]
            roll = np.zeros((f.size, 4))
            roll[:, 3] = 1.0
            if toe_planted is not None:
                # 섞는 프레임에서는 굴림도 무게만큼 (θ·w): 접지 밖에서 발 회전이 튀지 않는다.
                target, roll = toe_roll(
                    pose.joint_positions[leg.thigh][f], target, toe_planted[owner[f]], ROLL_REACH * reach, weight[f]
                )
            result = apply_two_bone_ik(
                parent_world,
                upper,
                mid,
                end,
                target,
                pole,
                weight=weight[f],
                keep_end_rotation=True,
            )
            # 섞는 프레임에서는 apply_two_bone_ik 가 세 회전을 따로 slerp 하므로 발의 월드 회전이 조금 어긋난다.
            # 발 고정에서는 발이 바닥과 이루는 각이 중요하므로, 섞은 허벅지·정강이 뒤의 발 회전을 다시 구해
            # 모든 프레임에서 발의 월드 회전을 그대로 (굴리면 굴림 q_R 만큼 돌린) 둔다. 부모의 월드 회전 P 로
            # q_E = (q_U q_M)⁻¹ P⁻¹ q_R P (q_U0 q_M0 q_E0); 굴리지 않으면 q_R = 1 이라 (q_U q_M)⁻¹ (q_U0 q_M0) q_E0.
            chain_before = quaternion_multiply(locals_[leg.thigh].rotation[f], locals_[leg.shin].rotation[f])
            chain_after = quaternion_multiply(result.upper_rotation, result.mid_rotation)
            foot_parent = quaternion_multiply(chain_before, locals_[leg.foot].rotation[f])
            if toe_planted is not None:
                parent_q = matrix_to_quaternion(parent_world[:, :3, :3])
                roll_parent = quaternion_multiply(quaternion_conjugate(parent_q), quaternion_multiply(roll, parent_q))
                foot_parent = quaternion_multiply(roll_parent, foot_parent)
            foot_rotation = quaternion_normalize(quaternion_multiply(quaternion_conjugate(chain_after), foot_parent))
            new_rotations = (result.upper_rotation, result.mid_rotation, foot_rotation)
            for j, q in zip((leg.thigh, leg.shin, leg.foot), new_rotations):
                angles = matrix_to_euler(orders[j], quaternion_to_matrix(q), near=locals_[j].angles[f])
                start_col = int(clip.channel_start[j])
                columns = np.array(
                    [start_col + k for k, c in enumerate(clip.channels[j]) if c.endswith("rotation")], dtype=np.intp
                )
                motion[np.ix_(f, columns)] = angles
            in_contact = weight[f] >= 1.0
            unreachable.append(f[in_contact & ~np.asarray(result.reachable)])
            done += f.size
            report(0.2 + 0.7 * done / max(total_work, 1), "IK")
        solved[leg.side] = (np.concatenate(unreachable) if unreachable else np.zeros(0, dtype=np.intp), locals_)

    # 보고: 고친 클립으로 다시 정기구학을 해서 잰다 (IK 의 플래그를 믿지 않는다).
    report(0.9, "검사")
    fixed = clip.copy()
    fixed.motion = motion
    after = forward_kinematics(fixed, needed)
    feet: list[FootReport] = []
    for leg, track in zip(legs, tracks):
        missed, locals_ = solved[leg.side]
        largest = 0.0
        for j in (leg.thigh, leg.shin, leg.foot):
            q_new = euler_to_quaternion(orders[j], local_rotation_angles(fixed, j))
            angle = _rotation_angle_deg(locals_[j].rotation, q_new)
            largest = max(largest, float(angle.max()) if angle.size else 0.0)
        miss = 0.0
        if missed.size:
            spot = _interval_means(pose.joint_positions[leg.foot], track.intervals)
            owner = blend_weights(track.intervals, frames, 0)[1]
            gap = after.joint_positions[leg.foot][missed] - spot[owner[missed]]
            miss = float(np.sqrt(np.sum(gap * gap, axis=-1)).max())
        before_mean, before_max = _slide(pose.joint_positions[leg.foot], track.intervals, up)
        after_mean, after_max = _slide(after.joint_positions[leg.foot], track.intervals, up)
        feet.append(
            FootReport(
                leg.side, leg.names, leg.convention, track.intervals, before_mean, before_max, after_mean, after_max,
                missed, miss, largest, track,
                pose.joint_positions[leg.foot].copy(), after.joint_positions[leg.foot].copy(),
            )
        )
    metrics = {
        label: foot_metrics(
            [p.joint_positions[leg.foot] for leg in legs],
            [_tip_world(p, leg) for leg in legs],
            [_raw_height(clip, rest, p, leg, up)[1] - ground for leg in legs],
            [t.contact for t in tracks], [t.intervals for t in tracks], up, 1.0 / clip.frame_time, scale,
        )
        for label, p in (("before", pose), ("after", after))
    }
    report(1.0, "끝")
    return FootlockResult(fixed, feet, clip_scale, up, float(ground), leg_length, forward, metrics)
