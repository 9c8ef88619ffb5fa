"""apply_two_bone_ik: 뼈 수준의 IK. 결과는 여기서 따로 만든 행렬 (T·R·S) 의 정기구학으로 확인한다."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from twoboneik import LocalTransform, apply_two_bone_ik, soften_distance

IDENTITY_Q = np.array([0.0, 0.0, 0.0, 1.0])
ONE = np.ones(3)


def axis_angle(axis, angle):
    axis = np.asarray(axis, dtype=float)
    axis = axis / np.linalg.norm(axis)
    return np.concatenate((axis * math.sin(angle / 2), [math.cos(angle / 2)]))


def rotation_matrix(q):
    x, y, z, w = q
    return np.array(
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
        ]
    )


def local_matrix(transform: LocalTransform, rotation=None):
    m = np.eye(4)
    q = transform.rotation if rotation is None else rotation
    m[:3, :3] = rotation_matrix(q) @ np.diag(transform.scale)
    m[:3, 3] = transform.translation
    return m


def world_chain(parent, upper, mid, end, rotations=None):
    """(관절 월드 위치, 끝 월드 위치, end 의 월드 행렬) — 정기구학."""
    qu, qm, qe = rotations if rotations is not None else (upper.rotation, mid.rotation, end.rotation)
    upper_world = parent @ local_matrix(upper, qu)
    mid_world = upper_world @ local_matrix(mid, qm)
    end_world = mid_world @ local_matrix(end, qe)
    return upper_world[:3, 3], mid_world[:3, 3], end_world[:3, 3], end_world


def make_parent(kind: str) -> np.ndarray:
    m = np.eye(4)
    if kind == "moved":
        m[:3, 3] = (3.0, -2.0, 5.0)
    elif kind == "rotated":
        m[:3, :3] = rotation_matrix(axis_angle((1, 2, 3), 1.1))
    elif kind == "scaled x2":
        m[:3, :3] *= 2
    elif kind == "scaled x0.01":
        m[:3, :3] *= 0.01
    elif kind == "mirrored":
        m[:3, :3] = np.diag((-1.0, 1.0, 1.0)) @ rotation_matrix(axis_angle((0, 1, 1), 0.4))
    elif kind == "everything":
        m[:3, :3] = 0.5 * rotation_matrix(axis_angle((-1, 0.5, 2), 2.5))
        m[:3, 3] = (-10.0, 4.0, 0.25)
    return m


PARENTS = ["identity", "moved", "rotated", "scaled x2", "scaled x0.01", "mirrored", "everything"]


def rest_chain(gltf_like: bool):
    """다리 같은 체인. gltf_like 면 휴지 자세의 로컬 회전이 항등이 아니다 (glTF 리그처럼)."""
    if gltf_like:
        upper = LocalTransform((0.1, 1.0, 0.0), axis_angle((0.3, 0.1, 1), 2.8), ONE)
        mid = LocalTransform((0.0, 0.45, 0.0), axis_angle((1, 0.2, 0), -0.3), ONE)
        end = LocalTransform((0.0, 0.4, 0.02), axis_angle((0, 1, 0.3), 1.2), ONE)
    else:
        upper = LocalTransform((0.0, 1.0, 0.0), IDENTITY_Q, ONE)
        mid = LocalTransform((0.0, -0.45, 0.0), IDENTITY_Q, ONE)
        end = LocalTransform((0.0, -0.4, 0.0), IDENTITY_Q, ONE)
    return upper, mid, end


def bone_lengths_world(parent, upper, mid, end, rotations=None):
    root, joint, tip, _ = world_chain(parent, upper, mid, end, rotations)
    return np.linalg.norm(joint - root), np.linalg.norm(tip - joint)


@pytest.mark.parametrize("gltf_like", [False, True], ids=["identity-rest", "gltf-rest"])
@pytest.mark.parametrize("parent_kind", PARENTS)
def test_the_end_reaches_the_target_under_every_parent_transform(parent_kind, gltf_like):
    parent = make_parent(parent_kind)
    upper, mid, end = rest_chain(gltf_like)
    root_world, _, tip_world, _ = world_chain(parent, upper, mid, end)
    lengths = bone_lengths_world(parent, upper, mid, end)
    # 월드에서 닿는 목표: 뿌리에서 체인 길이의 70% 떨어진 곳, 극은 옆쪽.
    direction = np.array([0.3, -0.8, 0.5]) / np.linalg.norm([0.3, -0.8, 0.5])
    target_world = root_world + 0.7 * sum(lengths) * direction
    pole_world = root_world + np.array([0.0, 0.0, 2.0]) * sum(lengths)
    pose = apply_two_bone_ik(parent, upper, mid, end, target_world, pole_world)
    assert pose.reachable is True
    rotations = (pose.upper_rotation, pose.mid_rotation, pose.end_rotation)
    root_after, joint_after, tip_after, _ = world_chain(parent, upper, mid, end, rotations)
    scale = sum(lengths)
    assert np.max(np.abs(tip_after - target_world)) <= 1e-12 * scale + 1e-14
    assert np.allclose(root_after, root_world, atol=1e-15)
    assert np.max(np.abs(pose.joint - joint_after)) <= 1e-12 * scale + 1e-14
    assert np.max(np.abs(pose.end - tip_after)) <= 1e-12 * scale + 1e-14
    after = bone_lengths_world(parent, upper, mid, end, rotations)
    assert after == pytest.approx(lengths, rel=1e-12)
    # 관절은 극 쪽으로 굽는다.
    forward = direction
    pole_perp = (pole_world - root_world) - np.dot(pole_world - root_world, forward) * forward
    joint_perp = (joint_after - root_world) - np.dot(joint_after - root_world, forward) * forward
    assert np.dot(pole_perp, joint_perp) > 0
    assert tip_world is not None


@pytest.mark.parametrize("parent_kind", PARENTS)
def test_a_target_too_far_straightens_the_chain_toward_it(parent_kind):
    parent = make_parent(parent_kind)
    upper, mid, end = rest_chain(True)
    root_world = world_chain(parent, upper, mid, end)[0]
    lengths = bone_lengths_world(parent, upper, mid, end)
    direction = np.array([1.0, 1.0, 0.0]) / math.sqrt(2)
    target_world = root_world + 3 * sum(lengths) * direction
    pose = apply_two_bone_ik(parent, upper, mid, end, target_world, root_world + (0, 0, 1))
    assert pose.reachable is False
    expected_tip = root_world + sum(lengths) * direction
    assert np.max(np.abs(pose.end - expected_tip)) <= 1e-12 * sum(lengths)


def test_weight_zero_returns_the_input_rotations_bit_for_bit():
    upper, mid, end = rest_chain(True)
    pose = apply_two_bone_ik(np.eye(4), upper, mid, end, (0.3, 0.8, 0.2), (0, 1, 3), weight=0.0, keep_end_rotation=True)
    assert np.array_equal(pose.upper_rotation, upper.rotation)
    assert np.array_equal(pose.mid_rotation, mid.rotation)
    assert np.array_equal(pose.end_rotation, end.rotation)
    _, joint, tip, _ = world_chain(np.eye(4), upper, mid, end)
    assert np.allclose(pose.joint, joint, atol=1e-15) and np.allclose(pose.end, tip, atol=1e-15)


def test_weight_blends_each_rotation_halfway_along_the_shortest_arc():
    upper, mid, end = rest_chain(True)
    args = (np.eye(4), upper, mid, end, (0.3, 0.6, 0.4), (0, 1, 3))
    full = apply_two_bone_ik(*args)
    half = apply_two_bone_ik(*args, weight=0.5)

    def angle(q0, q1):
        return 2 * math.acos(min(1.0, abs(float(np.dot(q0, q1)))))

    for q0, q_half, q_full in ((upper.rotation, half.upper_rotation, full.upper_rotation), (mid.rotation, half.mid_rotation, full.mid_rotation)):
        total = angle(q0, q_full)
        assert total > 0.05
        assert angle(q0, q_half) == pytest.approx(total / 2, rel=1e-9)
        assert angle(q_half, q_full) == pytest.approx(total / 2, rel=1e-9)
        assert np.linalg.norm(q_half) == pytest.approx(1.0, abs=1e-15)


def test_keep_end_rotation_keeps_the_end_bone_world_rotation():
    parent = make_parent("everything")
    upper, mid, end = rest_chain(True)
    before = world_chain(parent, upper, mid, end)[3][:3, :3]
    root_world = world_chain(parent, upper, mid, end)[0]
    pose = apply_two_bone_ik(parent, upper, mid, end, root_world + (0.2, -0.3, 0.1), root_world + (0, 0, 1), keep_end_rotation=True)
    after = world_chain(parent, upper, mid, end, (pose.upper_rotation, pose.mid_rotation, pose.end_rotation))[3][:3, :3]
    assert np.max(np.abs(after - before)) <= 1e-12
    # 없으면 end 는 mid 와 함께 돈다 (회전이 바뀐다): 이 검사가 실제로 무언가를 잰다는 확인.
    loose = apply_two_bone_ik(parent, upper, mid, end, root_world + (0.2, -0.3, 0.1), root_world + (0, 0, 1))
    assert np.array_equal(loose.end_rotation, end.rotation)
    moved = world_chain(parent, upper, mid, end, (loose.upper_rotation, loose.mid_rotation, loose.end_rotation))[3][:3, :3]
    assert np.max(np.abs(moved - before)) > 1e-3


def test_soften_distance_follows_the_formula():
    chain, soft = 2.0, 0.25
    s = soft * chain
    d = np.array([0.0, 1.0, 1.5, 1.6, 2.0, 5.0, 1e9])
    eased = soften_distance(d, chain, soft)
    expected = np.where(d <= chain - s, d, chain - s * np.exp(-(d - (chain - s)) / s))
    assert np.array_equal(eased, expected)
    assert np.all(eased[:-1] < chain) and np.all(eased <= d)
    assert eased[-1] == chain  # float64 에서 exp(−큰 수) = 0: 끝없이 먼 목표에서만 L 에 닿는다
    assert np.array_equal(soften_distance(d, chain, 0.0), d)


def test_soft_pulls_a_near_straight_target_and_clears_reachable():
    upper, mid, end = rest_chain(False)  # a = 0.45, b = 0.4, 뿌리 (0, 1, 0)
    target = (0.0, 1.0 - 0.8, 0.0)  # d = 0.8 < 0.85: soft 없이는 닿는다
    exact = apply_two_bone_ik(np.eye(4), upper, mid, end, target, (0, 1, 1))
    soft = apply_two_bone_ik(np.eye(4), upper, mid, end, target, (0, 1, 1), soft=0.2)
    assert exact.reachable is True and soft.reachable is False
    expected_distance = float(soften_distance(0.8, 0.85, 0.2))
    assert np.linalg.norm(soft.end - (0.0, 1.0, 0.0)) == pytest.approx(expected_distance, rel=1e-12)
    assert expected_distance < 0.8
    near_root = apply_two_bone_ik(np.eye(4), upper, mid, end, (0.0, 0.5, 0.0), (0, 1, 1), soft=0.2)
    assert near_root.reachable is True  # d = 0.5 ≤ L − s = 0.68: 그대로 닿는다


@pytest.mark.parametrize("past", [1e-10, 1e-9, 1e-8, 1e-7])
def test_a_target_just_past_the_soft_start_is_softened(past):
    # d 가 L − s 를 아주 조금 넘으면 d′ 은 d 와 같은 float 로 반올림된다. 그래도 soft 가 적용된 구간이므로
    # reachable 은 False (TypeScript 의 softenTarget 과 같은 판정. 예전에는 d′ < d 로 판정해 True 였다).
    upper = LocalTransform((0.0, 0.0, 0.0), IDENTITY_Q, ONE)
    mid = LocalTransform((0.0, 1.0, 0.0), IDENTITY_Q, ONE)
    end = LocalTransform((0.0, 1.0, 0.0), IDENTITY_Q, ONE)
    pose = apply_two_bone_ik(np.eye(4), upper, mid, end, (1.0 + past, 0.0, 0.0), (0.0, 0.0, 1.0), soft=0.5)
    assert pose.reachable is False


def test_a_batch_of_frames_equals_solving_each_frame():
    rng = np.random.default_rng(5)
    upper, mid, end = rest_chain(True)
    frames = 30
    targets = np.array([0.0, 1.0, 0.0]) + rng.normal(size=(frames, 3)) * 0.4
    parents = np.repeat(make_parent("everything")[None], frames, axis=0)
    weights = rng.uniform(0, 1, frames)
    batch = apply_two_bone_ik(parents, upper, mid, end, targets, (0, 1, 2), weight=weights, keep_end_rotation=True)
    assert batch.upper_rotation.shape == (frames, 4) and batch.reachable.shape == (frames,)
    for k in range(frames):
        single = apply_two_bone_ik(parents[k], upper, mid, end, targets[k], (0, 1, 2), weight=weights[k], keep_end_rotation=True)
        assert np.allclose(batch.upper_rotation[k], single.upper_rotation, atol=1e-15)
        assert np.allclose(batch.mid_rotation[k], single.mid_rotation, atol=1e-15)
        assert np.allclose(batch.end[k], single.end, atol=1e-14)
        assert bool(batch.reachable[k]) is single.reachable


def test_a_zero_length_upper_bone_leaves_the_upper_rotation_alone():
    upper = LocalTransform((0, 1, 0), axis_angle((0, 0, 1), 0.3), ONE)
    mid = LocalTransform((0, 0, 0), IDENTITY_Q, ONE)
    end = LocalTransform((0, -1, 0), IDENTITY_Q, ONE)
    pose = apply_two_bone_ik(np.eye(4), upper, mid, end, (1.0, 1.0, 0.0), (0, 0, 1))
    assert np.array_equal(pose.upper_rotation, upper.rotation)
    assert np.allclose(pose.end, (1.0, 1.0, 0.0), atol=1e-15)


GOOD_CHAIN = rest_chain(False)


def _sheared() -> np.ndarray:
    """회전된 자식 아래 균등하지 않은 스케일: 축이 직교하지 않는다 (열 길이는 같다)."""
    m = np.eye(4)
    m[:3, :3] = np.diag((1.0, 1.001, 1.0)) @ rotation_matrix(axis_angle((1, 1, 0), 0.7))
    m[:3, :3] /= np.linalg.norm(m[:3, :3], axis=0)  # 열 길이를 같게: 기울임만 남긴다
    return m


def _with_nan_translation() -> np.ndarray:
    m = np.eye(4)
    m[1, 3] = math.nan
    return m


@pytest.mark.parametrize(
    "changes, message",
    [
        (dict(weight=1.5), r"weight는 \[0, 1\] 범위의 수여야 합니다 \(받은 값: 1.5\)"),
        (dict(soft=-0.1), r"soft는 \[0, 1\] 범위의 수여야 합니다"),
        (dict(weight=np.array([1.0, math.nan])), r"weight\[1\]는 \[0, 1\] 범위의 수여야 합니다 \(받은 값: nan\)"),
        (dict(target_world=(0, math.nan, 0)), r"target_world의 y 성분은 유한한 수여야 합니다"),
        (dict(pole_world=np.array([[0, 0, 1], [0, 0, math.inf]])), r"pole_world\[1\]의 z 성분은 유한한 수여야 합니다"),
        (dict(parent_world=np.diag((1.0, 0.0, 1.0, 1.0))), r"parent_world는 뒤집을 수 없습니다"),
        (dict(parent_world=np.eye(3)), r"parent_world는 \(\.\.\., 4, 4\) 행렬이어야 합니다"),
        (dict(upper_local=LocalTransform((0, 1, 0), (0, 0, 0, 2.0), ONE)), r"upper_local.rotation는 단위 사원수여야 합니다"),
        (dict(mid_local=LocalTransform((0, math.nan, 0), IDENTITY_Q, ONE)), r"mid_local.translation의 y 성분은 유한한 수여야 합니다"),
        (dict(end_local=LocalTransform((0, -1, 0), IDENTITY_Q, (1, 1))), r"end_local.scale는 마지막 축의 길이가 3인 배열이어야 합니다"),
        (dict(end_local=((0, -1, 0), IDENTITY_Q)), r"end_local는 LocalTransform\(translation, rotation, scale\) 이어야 합니다"),
        (
            dict(mid_local=LocalTransform((0, 0, 0), IDENTITY_Q, ONE), end_local=LocalTransform((0, 0, 0), IDENTITY_Q, ONE)),
            r"두 뼈의 길이를 모두 0으로 만듭니다",
        ),
        (dict(parent_world=np.diag((1.0, 1.7, 1.0, 1.0))), r"parent_world의 스케일이 균등하지 않습니다"),
        (dict(parent_world=_sheared()), r"parent_world에 기울임\(shear\)이 있습니다"),
        (dict(parent_world=np.array([np.eye(4), np.diag((1.0, 1.0, 1.0, 2.0))])), r"parent_world\[1\]의 마지막 행은"),
        (dict(upper_local=GOOD_CHAIN[0]._replace(scale=(1.0, 1.2, 1.0))), r"upper_local.scale은 균등해야 합니다"),
        (dict(mid_local=GOOD_CHAIN[1]._replace(scale=(2.0, 2.0, 2.001))), r"mid_local.scale은 균등해야 합니다"),
        (dict(upper_local=GOOD_CHAIN[0]._replace(scale=(-1.0, 1.0, 1.0))), r"upper_local.scale은 균등해야 합니다"),
        (dict(upper_local=GOOD_CHAIN[0]._replace(rotation=(0.0, 0.0, 0.0, 0.0))), r"upper_local.rotation는 단위 사원수"),
        (dict(end_local=GOOD_CHAIN[2]._replace(rotation=(0.0, 0.0, math.nan, 1.0))), r"end_local.rotation의 z 성분은 유한한 수여야"),
        (dict(upper_local=GOOD_CHAIN[0]._replace(scale=(1.0, math.nan, 1.0))), r"upper_local.scale의 y 성분은 유한한 수여야"),
        (dict(parent_world=_with_nan_translation()), r"parent_world의 \(1, 3\) 성분은 유한한 수여야 합니다 \(받은 값: nan\)"),
    ],
)
def test_bad_bone_inputs_are_rejected_naming_the_argument(changes, message):
    arguments = dict(
        parent_world=np.eye(4),
        upper_local=GOOD_CHAIN[0],
        mid_local=GOOD_CHAIN[1],
        end_local=GOOD_CHAIN[2],
        target_world=(0.0, 0.4, 0.0),
        pole_world=(0.0, 1.0, 1.0),
    )
    options = {key: changes.pop(key) for key in ("weight", "soft") if key in changes}
    arguments.update(changes)
    with pytest.raises(ValueError, match=message):
        apply_two_bone_ik(**arguments, **options)


@pytest.mark.parametrize("scale", [1e-120, 1e-150, 1e120, 1e150, 2.0**-110])
def test_a_tiny_or_huge_but_invertible_parent_scale_solves_exactly(scale):
    parent = np.eye(4)
    parent[:3, :3] = rotation_matrix(axis_angle((0.2, -0.4, 0.9), 0.8)) * scale
    parent[:3, 3] = (0.5 * scale, -0.25 * scale, 2.0 * scale)
    upper, mid, end = GOOD_CHAIN
    root, joint, end_world, _ = world_chain(parent, upper, mid, end)
    a, b = np.linalg.norm(joint - root), np.linalg.norm(end_world - joint)
    target = root + np.array([0.2, 0.5, 0.3]) * (a + b)
    pose = apply_two_bone_ik(parent, upper, mid, end, target, root + np.array([0.0, 0.0, 1.0]) * (a + b))
    assert pose.reachable
    _, joint2, end2, _ = world_chain(parent, upper, mid, end, (pose.upper_rotation, pose.mid_rotation, pose.end_rotation))
    tolerance = 1e-12 * (a + b)
    assert np.max(np.abs(end2 - target)) <= tolerance
    assert abs(np.linalg.norm(joint2 - root) - a) <= tolerance
    assert abs(np.linalg.norm(end2 - joint2) - b) <= tolerance


def test_float32_noise_in_scales_is_accepted():
    parent = np.diag((1.0, 1.0 + 1e-7, 1.0 - 1e-7, 1.0))
    upper, mid, end = GOOD_CHAIN
    upper = upper._replace(scale=(1.5, 1.5 * (1 + 2e-7), 1.5))
    mid = mid._replace(scale=(1 - 1e-7, 1.0, 1.0))
    pose = apply_two_bone_ik(parent, upper, mid, end, (0.0, 0.4, 0.0), (0.0, 1.0, 1.0))
    assert pose.reachable


@pytest.mark.parametrize("target", [(0.0, 0.4, 0.0), None], ids=["sin branch", "near branch"])
def test_weight_below_one_writes_unit_quaternions_even_from_slightly_long_ones(target):
    """float32 애니메이션의 사원수는 길이가 1 에서 ~4e-8 벗어난다: 섞은 결과는 그래도 단위 사원수."""
    upper, mid, end = (bone._replace(rotation=np.asarray(bone.rotation) * (1 + 3.9e-8)) for bone in GOOD_CHAIN)
    if target is None:
        _, _, end_world, _ = world_chain(np.eye(4), *GOOD_CHAIN)
        target = end_world * 0.999
    pose = apply_two_bone_ik(np.eye(4), upper, mid, end, target, (0.0, 1.0, 1.0), weight=0.4, keep_end_rotation=True)
    for q in (pose.upper_rotation, pose.mid_rotation, pose.end_rotation):
        assert abs(np.linalg.norm(q) - 1) < 4 * np.finfo(float).eps


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    noise_y=st.floats(-14, -5.4).map(lambda e: 10.0**e),
    noise_z=st.floats(-14, -5.4).map(lambda e: 10.0**e),
    signs=st.tuples(st.sampled_from([-1.0, 1.0]), st.sampled_from([-1.0, 1.0])),
    size=st.floats(-3, 3).map(lambda e: 10.0**e),
    parent_kind=st.sampled_from(PARENTS),
    reach=st.floats(0.05, 0.999),
    heading=st.tuples(st.floats(-1, 1), st.floats(-1, 1), st.floats(-1, 1)).filter(lambda v: sum(x * x for x in v) > 0.01),
    pole_offset=st.floats(-9, 0).map(lambda e: 10.0**e),
    batch=st.booleans(),
)
def test_float32_noise_in_the_upper_scale_still_puts_the_end_on_the_target(
    noise_y, noise_z, signs, size, parent_kind, reach, heading, pole_offset, batch
):
    # 진짜 파일의 버릇 (Blender 내보내기): upper 의 scale 이 (1, 1, 0.99999994) 처럼 정확히 균등하지 않다 (허용 1e-5 까지).
    # 다듬기 전에는 끝이 δ·L 만큼 목표를 벗어났다 (δ = 4e-6 이면 1e-6·L). 잡음의 크기를 여러 자릿수에 걸쳐 고른다.
    parent = make_parent(parent_kind)
    _, mid, end = rest_chain(True)
    scale = (size, size * (1 + signs[0] * noise_y), size * (1 + signs[1] * noise_z))
    upper = LocalTransform((0.1, 1.0, 0.0), axis_angle((0.3, 0.1, 1), 2.8), scale)
    root_world, _, _, _ = world_chain(parent, upper, mid, end)
    lengths = bone_lengths_world(parent, upper, mid, end)
    low, high = abs(lengths[0] - lengths[1]), sum(lengths)
    direction = np.array(heading) / np.linalg.norm(heading)
    target_world = root_world + (low + reach * (high - low)) * direction
    # 극은 뿌리–목표 직선에서 체인 길이의 1e-9 … 1 배 떨어진 곳 (직선 가까운 극에서는 굽는 쪽이 겨누는 점에 민감하다).
    side = np.cross(direction, [0.3, 0.8, 0.5])
    pole_world = root_world + high * direction + side / np.linalg.norm(side) * pole_offset * high
    if batch:  # 균등한 체인과 한 배치로: 그 체인은 비트 그대로여야 한다
        uniform = LocalTransform((0.1, 1.0, 0.0), axis_angle((0.3, 0.1, 1), 2.8), (size, size, size))
        stacked = LocalTransform(*(np.stack([np.asarray(x, float), np.asarray(y, float)]) for x, y in zip(upper, uniform)))
        pose = apply_two_bone_ik(parent, stacked, mid, end, np.stack([target_world] * 2), np.stack([pole_world] * 2))
        alone = apply_two_bone_ik(parent, uniform, mid, end, target_world, pole_world)
        assert np.array_equal(pose.upper_rotation[1], alone.upper_rotation)
        assert np.array_equal(pose.mid_rotation[1], alone.mid_rotation)
        rotations = (pose.upper_rotation[0], pose.mid_rotation[0], pose.end_rotation[0])
        reported_end = pose.end[0]
    else:
        pose = apply_two_bone_ik(parent, upper, mid, end, target_world, pole_world)
        assert pose.reachable is True
        rotations = (pose.upper_rotation, pose.mid_rotation, pose.end_rotation)
        reported_end = pose.end
    _, _, tip_after, _ = world_chain(parent, upper, mid, end, rotations)
    tolerance = 1e-12 * high + 16 * np.finfo(float).eps * np.max(np.abs(np.concatenate([root_world, target_world, pole_world])))
    assert np.linalg.norm(tip_after - target_world) <= tolerance
    assert np.linalg.norm(reported_end - target_world) <= tolerance
