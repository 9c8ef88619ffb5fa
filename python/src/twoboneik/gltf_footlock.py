"""glTF 클립의 발 고정: `python -m twoboneik footlock clip.glb -o out.glb` (와 .gltf).

BVH 도구 (footlock.py) 와 같은 단계를 glTF 의 노드에 한다:

1. 다리 찾기 (gltf_legs: VRM 휴머노이드 맵, 이름 표 spec/bone_names.json).
2. 첫 (또는 --animation 이름의) 애니메이션을 모든 채널의 키 시각 (합집합) 에서 재고, 정기구학으로 월드 행렬 (gltf_anim).
3. 척도: glTF 는 미터이므로 1 m = 1 단위 (장면의 크기 변환은 정기구학에 이미 들어 있다). --units/--scale 로 바꿀 수 있다.
   위는 glTF 의 +Y. 접지·땅은 BVH 도구의 contact.detect_contacts·estimate_ground 를 그대로 쓴다.
   '평평히 디뎠을 때의 높이' 는 BVH 처럼 쉬는 자세가 아니라 클립에서 잰다 (점마다 높이의 2 백분위): glTF 의 노드 기본
   자세는 쉬는 자세라는 보장이 없다 (예: knight 는 24° 숙였다).
4. 다리마다 접지 구간의 디딘 자리 (발목 위치의 평균), blend_weights 의 무게, 무릎 극은 pole.auto_pole (들어온 무릎의 굽힘
   평면, 곧으면 캐릭터의 앞), 발끝 구르기는 toeroll.toe_roll, 풀이는 apply_two_bone_ik (프레임 배치, keep_end_rotation).
   허벅지–정강이, 정강이–발 사이의 비틀림 뼈는 그 프레임의 자세 그대로 두고 위 뼈의 로컬 변환에 합쳐 푼다.
5. 다리 뼈 (허벅지·정강이·발) 의 회전 채널만 다시 쓴다: 재어 본 키 시각마다 한 키 (원래 키가 드물었으면 채워진다),
   새 접근자·bufferView 를 버퍼 끝에 덧붙이고 그 채널의 sampler 가 그것을 가리키게 한다. 다른 바이트는 그대로다.
   접지가 하나도 없는 다리는 건드리지 않는다.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, Optional, Sequence

import numpy as np
from numpy.typing import NDArray

from ._affine import length as _length
from .bones import LocalTransform, TwoBoneIKPose, apply_two_bone_ik
from .contact import ContactTrack, detect_contacts, estimate_ground
from .fk import matrix_to_quaternion
from .foot_metrics import slide
from .footlock import FootlockOptions
from .gltf_anim import AnimationTracks, compose, load_animation, local_trs, node_parents, world_matrices
from .gltf_io import GltfError, GltfFile, append_accessor
from .gltf_legs import GltfLeg, find_gltf_legs
from .intervals import blend_weights, interval_means
from .pole import auto_pole
from .rotation import quaternion_conjugate, quaternion_multiply, quaternion_normalize, rotate_vector
from .scale import ClipScale, infer_scale
from .toeroll import ROLL_REACH, toe_roll  # ROLL_REACH: BVH 도구와 같은 발끝 구르기 뻗음

__all__ = ["GltfFootReport", "GltfFootlockResult", "footlock_gltf", "UP"]

#: glTF 의 위 (+Y).
UP = np.array([0.0, 1.0, 0.0])
#: 발 높이의 '평평히 디뎠을 때' 값을 이 백분위로 잰다 (contact.ContactOptions.ground_percentile 과 같은 뜻의 잡음 여유).
CLEARANCE_PERCENTILE = 2.0


@dataclass
class GltfFootReport:
    """발 하나의 보고: 접지 구간, 접지 중 프레임 사이 수평 미끄러짐 (평균, 최대; 클립 단위 = m) 전·후, 채널을 다시 썼는가."""

    side: str
    names: tuple[str, ...]
    source: str
    intervals: list[tuple[int, int]]
    slide_before: tuple[float, float]
    slide_after: tuple[float, float]
    track: ContactTrack
    touched: bool


@dataclass
class GltfFootlockResult:
    """footlock_gltf 의 결과: 고친 파일 (gltf, 아직 쓰지 않았다), 애니메이션 이름, 키 시각, 발 보고, 척도, 땅."""

    gltf: GltfFile
    animation: str
    times: NDArray[np.float64]
    feet: list[GltfFootReport]
    scale: ClipScale
    ground: float
    before: dict[int, NDArray[np.float64]]
    after: dict[int, NDArray[np.float64]]

    def summary(self) -> str:
        lines = [
            f"애니메이션 {self.animation!r}: {self.times.size} 키 ({float(self.times[0]):.3f}–{float(self.times[-1]):.3f} s),"
            f" 척도 {self.scale.units_per_metre:g} 단위/m ({self.scale.source}), 땅 {self.ground:.4f}"
        ]
        for foot in self.feet:
            (b_mean, b_max), (a_mean, a_max) = foot.slide_before, foot.slide_after
            to_mm = 1000.0 / self.scale.units_per_metre
            lines.append(
                f"  {foot.side} ({' → '.join(foot.names)}, {foot.source}): 접지 {len(foot.intervals)} 구간,"
                f" 미끄러짐 평균 {b_mean * to_mm:.2f} → {a_mean * to_mm:.2f} mm/프레임, 최대 {b_max * to_mm:.2f} → {a_max * to_mm:.2f} mm"
                + ("" if foot.touched else " (접지가 없어 건드리지 않음)")
            )
        return "\n".join(lines)


def _between_matrix(document: dict[str, Any], tracks: AnimationTracks, nodes: Sequence[int], at: NDArray[np.float64]
                    ) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """사이 뼈들의 로컬 행렬의 곱을 (이동 (F, 3), 회전 (F, 4), 균등 크기 (F,)) 로. 균등하지 않은 크기는 GltfError."""
    frames = at.shape[0]
    matrix = np.broadcast_to(np.eye(4), (frames, 4, 4)).copy()
    for node in nodes:
        t, q, s = local_trs(document, tracks, node, at)
        if not np.allclose(s, s[:, :1], rtol=1e-5, atol=0.0) or np.any(s <= 0):
            raise GltfError(f"다리 사이 뼈 {document['nodes'][node].get('name', node)!r} 의 크기가 균등하지 않습니다")
        matrix = matrix @ compose(t, q, s)
    size = np.sqrt(np.sum(matrix[:, :3, 0] ** 2, axis=-1))
    rotation = matrix_to_quaternion(matrix[:, :3, :3] / size[:, None, None])
    return matrix[:, :3, 3].copy(), rotation, size


def _check_trs(document: dict[str, Any], legs: Sequence[GltfLeg]) -> None:
    for leg in legs:
        for node in (leg.thigh, leg.shin, leg.foot) + leg.between_upper + leg.between_lower:
            if "matrix" in document["nodes"][node]:
                raise GltfError(f"다리 뼈 {document['nodes'][node].get('name', node)!r} 가 matrix 로 주어져 회전을 쓸 수 없습니다")


def _character_forward(world: dict[int, NDArray[np.float64]], legs: tuple[GltfLeg, GltfLeg]) -> NDArray[np.float64]:
    """프레임마다 캐릭터의 앞 (F, 3): left = 왼 허벅지 − 오른 허벅지 (수평), forward = left × up (findLimbs 와 같은 식)."""
    left = world[legs[0].thigh][:, :3, 3] - world[legs[1].thigh][:, :3, 3]
    left -= (left @ UP)[:, None] * UP
    length = np.sqrt(np.sum(left * left, axis=-1))
    fallback = np.array([0.0, 0.0, 1.0])  # glTF 관례: 캐릭터는 +Z 를 본다
    forward = np.cross(left / np.where(length > 0, length, 1.0)[:, None], UP)
    return np.where((length > 0)[:, None], forward, fallback)


def footlock_gltf(gltf: GltfFile, options: Optional[FootlockOptions] = None, animation: Optional[str] = None
                  ) -> GltfFootlockResult:
    """gltf 의 다리 회전 채널을 고친다 (gltf 를 제자리에서 바꾼다: 새 접근자를 덧붙이고 sampler 를 바꾼다).

    잘못된 입력 (애니메이션 없음, 이름의 애니메이션 없음, 다리 없음, CUBICSPLINE, matrix 로 준 다리 뼈) 은 바꾸기 전에
    GltfError. 발 이름 옵션 (left_foot 등) 은 glTF 에서 아직 쓰지 않는다 (주면 GltfError).
    """
    options = options or FootlockOptions()
    tracks, legs = _checked_inputs(gltf, options, animation)
    document = gltf.json
    times = tracks.times
    leg_nodes = [n for leg in legs for n in (leg.thigh, leg.shin, leg.foot, leg.toe) if n >= 0]
    world = world_matrices(document, tracks, leg_nodes, times)
    parents = node_parents(document)
    clip_scale = _clip_scale(options)
    contacts, ground = _find_contacts(world, legs, times, clip_scale.units_per_metre, options)
    forward = _character_forward(world, legs)
    new_rotations: dict[int, NDArray[np.float64]] = {}
    touched: list[bool] = []
    for leg, track in zip(legs, contacts):
        solved = _solve_leg(document, tracks, world, parents, leg, track, forward, options)
        touched.append(solved is not None)
        new_rotations.update(solved or {})
    # 바꾸기 전의 위치를 남기고 (보고의 전), 모든 검사·풀이가 끝난 뒤에야 gltf 에 적는다.
    before = {n: _position(world, n).copy() for n in leg_nodes}
    _write_rotations(gltf, tracks, new_rotations)
    after_tracks = load_animation(gltf, index=tracks.index) if new_rotations else tracks
    after_world = world_matrices(document, after_tracks, leg_nodes, times)
    after = {n: after_world[n][:, :3, 3].copy() for n in leg_nodes}
    feet = [
        GltfFootReport(
            leg.side, leg.names, leg.source, track.intervals,
            slide(before[leg.foot], track.intervals, UP), slide(after[leg.foot], track.intervals, UP), track, was_touched,
        )
        for leg, track, was_touched in zip(legs, contacts, touched)
    ]
    return GltfFootlockResult(gltf, tracks.name, times, feet, clip_scale, float(ground), before, after)


def _checked_inputs(
    gltf: GltfFile, options: FootlockOptions, animation: Optional[str]
) -> tuple[AnimationTracks, tuple[GltfLeg, GltfLeg]]:
    """검사 (바꾸기 전에): 옵션, 쓰지 않는 옵션, 외부 버퍼, 애니메이션, 다리, matrix 로 준 다리 뼈. (애니메이션, 다리)."""
    options.validate()
    if any(name is not None for name in (options.left_foot, options.right_foot, options.left_toe, options.right_toe)):
        raise GltfError("glTF 에서는 --left-foot 등 관절 이름 옵션을 아직 쓰지 않습니다 (이름 표·VRM 맵으로 찾습니다)")
    if gltf.buffer_sources and gltf.buffer_sources[0] == "file":
        raise GltfError("버퍼 0 이 외부 .bin 파일인 .gltf 는 아직 쓸 수 없습니다 (.glb 또는 data URI 로 바꿔 주세요)")
    tracks = load_animation(gltf, animation)
    legs = find_gltf_legs(gltf.json)
    _check_trs(gltf.json, legs)
    return tracks, legs


def _position(world: dict[int, NDArray[np.float64]], node: int) -> NDArray[np.float64]:
    """노드의 월드 위치 (F, 3)."""
    p: NDArray[np.float64] = world[node][:, :3, 3]
    return p


def _clip_scale(options: FootlockOptions) -> ClipScale:
    """척도: glTF 는 미터 (1 m = 1 단위), --units/--scale 을 주면 그것."""
    if options.units is None and options.scale is None:
        return ClipScale(1.0, "m", "gltf")
    return infer_scale(1.0, options.units, options.scale)


def _find_contacts(
    world: dict[int, NDArray[np.float64]], legs: Sequence[GltfLeg], times: NDArray[np.float64], scale: float,
    options: FootlockOptions,
) -> tuple[list[ContactTrack], float]:
    """다리마다 접지와 땅 높이 (BVH 도구의 contact.detect_contacts·estimate_ground)."""
    frames = times.size
    frame_time = float(np.median(np.diff(times))) if frames > 1 else 1.0 / 30.0
    # 접지: 점마다 높이 − 그 점의 '평평히 디뎠을 때' 높이 (클립의 2 백분위), 둘 중 낮은 쪽.
    raw_heights, speeds = [], []
    for leg in legs:
        points = [_position(world, leg.foot)] + ([_position(world, leg.toe)] if leg.toe >= 0 else [])
        heights = np.stack([p @ UP for p in points])
        clearance = np.percentile(heights, CLEARANCE_PERCENTILE, axis=1)
        raw_heights.append(np.min(heights - (clearance - clearance.min())[:, None], axis=0))
        velocity = np.gradient(_position(world, leg.foot), times, axis=0) if frames > 1 else np.zeros((frames, 3))
        velocity -= (velocity @ UP)[:, None] * UP
        speeds.append(np.sqrt(np.sum(velocity * velocity, axis=-1)))
    ground = options.ground if options.ground is not None else estimate_ground(
        raw_heights, options.contact.ground_percentile
    )
    contacts = [detect_contacts(raw_heights[k], speeds[k], ground, frame_time, scale, options.contact) for k in range(2)]
    return contacts, ground


class _LegLocals(NamedTuple):
    """IK 를 쓰는 프레임의 다리 로컬 변환 (upper·mid·end, 사이 뼈를 합친 실효 변환) 과 그 회전, 사이 뼈의 회전."""

    upper: LocalTransform
    mid: LocalTransform
    end: LocalTransform
    thigh_q: NDArray[np.float64]
    mid_q: NDArray[np.float64]
    end_q: NDArray[np.float64]
    between_upper_q: NDArray[np.float64]
    between_lower_q: NDArray[np.float64]


def _leg_locals(document: dict[str, Any], tracks: AnimationTracks, leg: GltfLeg, at: NDArray[np.float64]) -> _LegLocals:
    """시각 at 의 다리 로컬 변환 (사이 뼈의 크기가 균등하지 않으면 GltfError)."""
    thigh_t, thigh_q, thigh_s = local_trs(document, tracks, leg.thigh, at)
    shin_t, shin_q, shin_s = local_trs(document, tracks, leg.shin, at)
    foot_t, foot_q, foot_s = local_trs(document, tracks, leg.foot, at)
    # 사이 뼈를 위 뼈 쪽에 합친 '실효' 로컬 변환: mid_eff = B₁ ⋯ B_k · (T R S)_shin.
    b1_t, b1_q, b1_s = _between_matrix(document, tracks, leg.between_upper, at)
    b2_t, b2_q, b2_s = _between_matrix(document, tracks, leg.between_lower, at)
    mid_t = b1_t + b1_s[:, None] * rotate_vector(b1_q, shin_t)
    mid_q = quaternion_multiply(b1_q, shin_q)
    end_t = b2_t + b2_s[:, None] * rotate_vector(b2_q, foot_t)
    end_q = quaternion_multiply(b2_q, foot_q)
    upper = LocalTransform(thigh_t, thigh_q, thigh_s)
    mid = LocalTransform(mid_t, mid_q, b1_s[:, None] * shin_s)
    end = LocalTransform(end_t, end_q, b2_s[:, None] * foot_s)
    return _LegLocals(upper, mid, end, thigh_q, mid_q, end_q, b1_q, b2_q)


def _solve_leg(
    document: dict[str, Any], tracks: AnimationTracks, world: dict[int, NDArray[np.float64]], parents: NDArray[np.intp],
    leg: GltfLeg, track: ContactTrack, forward: NDArray[np.float64], options: FootlockOptions,
) -> Optional[dict[int, NDArray[np.float64]]]:
    """한 다리의 새 로컬 회전 (노드 → 모든 키의 (F, 4)). 접지가 없으면 None (건드리지 않는다)."""
    times = tracks.times
    frames = times.size
    weight, owner = blend_weights(track.intervals, frames, options.blend_frames)
    active = np.flatnonzero(weight > 0)
    if active.size == 0:
        return None
    f = active
    at = times[f]
    parent = int(parents[leg.thigh])
    parent_world = world[parent][f] if parent >= 0 else np.broadcast_to(np.eye(4), (f.size, 4, 4)).copy()
    locals_ = _leg_locals(document, tracks, leg, at)
    target, roll = _targets(world, leg, track, weight, owner, f, options)
    thigh, shin, foot = (_position(world, node)[f] for node in (leg.thigh, leg.shin, leg.foot))
    pole = auto_pole(thigh, shin, foot, forward[f])
    result = apply_two_bone_ik(
        parent_world, locals_.upper, locals_.mid, locals_.end, target, pole, weight=weight[f], keep_end_rotation=True
    )
    end_eff = _foot_rotation(locals_, result, parent_world, roll if options.toe_roll and leg.toe >= 0 else None)
    solved = {
        leg.thigh: result.upper_rotation,
        leg.shin: quaternion_multiply(quaternion_conjugate(locals_.between_upper_q), result.mid_rotation),
        leg.foot: quaternion_multiply(quaternion_conjugate(locals_.between_lower_q), end_eff),
    }
    rotations: dict[int, NDArray[np.float64]] = {}
    for node, q in solved.items():
        full = local_trs(document, tracks, node, times)[1]
        full[f] = quaternion_normalize(q)
        rotations[node] = full
    return rotations


def _targets(
    world: dict[int, NDArray[np.float64]], leg: GltfLeg, track: ContactTrack, weight: NDArray[np.float64],
    owner: NDArray[np.intp], f: NDArray[np.intp], options: FootlockOptions,
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """IK 프레임 f 의 발목 목표 (디딘 자리 = 구간의 발목 평균, 닿지 않으면 발끝 구르기) 와 굴림 사원수 (굴리지 않으면 1)."""
    foot_world = _position(world, leg.foot)
    planted = interval_means(foot_world, track.intervals)
    target = planted[owner[f]]
    roll = np.zeros((f.size, 4))
    roll[:, 3] = 1.0
    if options.toe_roll and leg.toe >= 0:
        thigh, shin, toe = (_position(world, node) for node in (leg.thigh, leg.shin, leg.toe))
        toe_planted = interval_means(toe, track.intervals)
        reach = float(np.median(_length(shin - thigh) + _length(foot_world - shin)))
        target, roll = toe_roll(thigh[f], target, toe_planted[owner[f]], ROLL_REACH * reach, weight[f])
    return target, roll


def _foot_rotation(
    locals_: _LegLocals, result: TwoBoneIKPose, parent_world: NDArray[np.float64], roll: Optional[NDArray[np.float64]],
) -> NDArray[np.float64]:
    """실효 end (사이 뼈 B₂ 를 합친 발) 의 새 로컬 회전."""
    # 발의 월드 회전을 모든 프레임에서 그대로 (굴리면 굴림만큼): footlock_solve.py 와 같은 식.
    chain_before = quaternion_multiply(quaternion_normalize(locals_.thigh_q), quaternion_normalize(locals_.mid_q))
    chain_after = quaternion_multiply(result.upper_rotation, result.mid_rotation)
    foot_parent = quaternion_multiply(chain_before, quaternion_normalize(locals_.end_q))
    if roll is not None:
        size = np.sqrt(np.sum(parent_world[:, :3, 0] ** 2, axis=-1))
        parent_q = matrix_to_quaternion(parent_world[:, :3, :3] / size[:, None, None])
        roll_parent = quaternion_multiply(quaternion_conjugate(parent_q), quaternion_multiply(roll, parent_q))
        foot_parent = quaternion_multiply(roll_parent, foot_parent)
    end_eff: NDArray[np.float64] = quaternion_normalize(quaternion_multiply(quaternion_conjugate(chain_after), foot_parent))
    return end_eff


def _write_rotations(gltf: GltfFile, tracks: AnimationTracks, rotations: dict[int, NDArray[np.float64]]) -> None:
    """노드마다 새 회전 (F, 4) 을 키 시각 tracks.times 에 적는다: 새 접근자를 덧붙이고 채널의 sampler 를 바꾼다.

    sampler 를 다른 채널과 나눠 쓰면 (glTF 가 허락한다) 새 sampler 를 만든다 — 다른 채널이 바뀌지 않게.
    채널이 없던 다리 뼈 (움직이지 않는 뼈) 에는 새 채널을 단다. STEP 채널은 STEP 으로 남긴다.
    """
    if not rotations:
        return
    animation = gltf.json["animations"][tracks.index]
    samplers = animation.setdefault("samplers", [])
    channels = animation.setdefault("channels", [])
    time_accessor: Optional[int] = None
    for node, q in rotations.items():
        q = q.copy()
        # 이웃 키를 같은 반구로 (보간이 먼 길로 돌지 않게).
        for k in range(1, q.shape[0]):
            if float(np.dot(q[k], q[k - 1])) < 0:
                q[k] = -q[k]
        entry = tracks.channels.get((node, "rotation"))
        interpolation = entry[3] if entry is not None else "LINEAR"
        reuse_input: Optional[int] = None
        if entry is not None:
            sampler = samplers[int(channels[entry[0]]["sampler"])]
            if entry[1].size == tracks.times.size and np.array_equal(entry[1], tracks.times):
                reuse_input = int(sampler["input"])
        if reuse_input is None:
            if time_accessor is None:
                time_accessor = append_accessor(gltf, tracks.times.reshape(-1, 1), "SCALAR", minmax=True)
            reuse_input = time_accessor
        output = append_accessor(gltf, q, "VEC4")
        new_sampler = {"input": reuse_input, "output": output, "interpolation": interpolation}
        if entry is None:
            samplers.append(new_sampler)
            channels.append({"sampler": len(samplers) - 1, "target": {"node": node, "path": "rotation"}})
            continue
        channel = channels[entry[0]]
        index = int(channel["sampler"])
        shared = sum(1 for c in channels if int(c["sampler"]) == index) > 1
        if shared:
            samplers.append(new_sampler)
            channel["sampler"] = len(samplers) - 1
        else:
            old = samplers[index]
            old["input"], old["output"] = reuse_input, output
