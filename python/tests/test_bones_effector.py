"""효과점 (issue 16, spec/END_EFFECTOR.md): tip, end_rotation (+ 가중치), bend_limits 의 성질.

조건은 로그 균등으로 여러 자릿수에 걸쳐 고른다: 부모의 균등 스케일 1e-3 ~ 1e3, 뿌리의 거리 1 ~ 1e5, tip 의 크기 (체인의
1e-3 ~ 10 배), 닿는 범위·제한의 경계까지의 거리 (범위의 1e-12 ~ 1 배). 정기구학은 행렬 곱으로 따로 계산한다.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import EPS
from test_bones import local_matrix, rotation_matrix
from twoboneik import LocalTransform, apply_two_bone_ik


component = st.floats(min_value=-1, max_value=1)
quaternion = st.tuples(component, component, component, component).filter(lambda q: math.hypot(*q) > 0.1).map(
    lambda q: np.asarray(q) / math.sqrt(sum(c * c for c in q))
)
direction = st.tuples(component, component, component).filter(lambda v: v[0] ** 2 + v[1] ** 2 + v[2] ** 2 > 0.01).map(
    lambda v: np.asarray(v) / math.sqrt(sum(c * c for c in v))
)
decades = lambda low, high: st.floats(min_value=low, max_value=high).map(lambda e: 10.0**e)  # noqa: E731
rig = st.fixed_dictionaries(
    {
        "parent_rotation": quaternion,
        "parent_scale": decades(-3, 3),
        "offset": decades(0, 5),
        "offset_direction": direction,
        "rotations": st.tuples(quaternion, quaternion, quaternion),
        "bone_scales": st.tuples(decades(-1, 1), decades(-1, 1)),
        "end_scale": st.tuples(decades(-0.3, 0.3), decades(-0.3, 0.3), decades(-0.3, 0.3)),
        "lengths": st.tuples(decades(-1, 0.3), decades(-1, 0.3)),
        "bone_directions": st.tuples(direction, direction),
        "tip_size": decades(-3, 1),
        "tip_direction": direction,
        "target_direction": direction,
        "pole_direction": direction,
        "threshold": decades(-12, math.log10(0.5)),
        "near_far_end": st.booleans(),
    }
)


class Setup:
    """가설의 리그 하나: 부모 행렬, 세 뼈, tip 과 들어온 자세의 월드 점들."""

    def __init__(self, c: dict, mirrored: bool = False):
        self.c = c
        parent = np.eye(4)
        parent[:3, :3] = rotation_matrix(c["parent_rotation"]) * c["parent_scale"] * (-1 if mirrored else 1)
        parent[:3, 3] = c["offset"] * c["offset_direction"]
        self.parent = parent
        su, sm = c["bone_scales"]
        self.world_scale = c["parent_scale"] * su * sm  # end 의 로컬 한 단위가 월드에서 (end 의 scale 앞)
        a, b = c["lengths"]
        upper_t = np.asarray(c["offset_direction"]) * 0.3
        self.upper = LocalTransform(upper_t, c["rotations"][0], [su] * 3)
        self.mid = LocalTransform(c["bone_directions"][0] * a / su, c["rotations"][1], [sm] * 3)
        self.end = LocalTransform(c["bone_directions"][1] * b / (su * sm), c["rotations"][2], list(c["end_scale"]))
        # tip: 월드 크기가 체인 (a + b) 의 tip_size 배 (부모 스케일 곱).
        self.tip = c["tip_direction"] * c["tip_size"] * (a + b) / (su * sm * np.asarray(c["end_scale"]))
        self.root, self.mid0, self.end0, self.tip0, _ = self.world()

    def world(self, pose=None, tip=None, in_parent=False):
        """(뿌리, 관절, end 원점, tip, end 의 월드 행렬) — 들어온 자세 또는 pose 의 회전으로. in_parent 면 부모 공간에서
        (각은 부모의 닮음 변환에 그대로라, 뿌리가 멀어도 좌표의 반올림 없이 잰다)."""
        parent = np.eye(4) if in_parent else self.parent
        root, joint, end, end_w = _world(parent, self.upper, self.mid, self.end, pose)
        return root, joint, end, (end_w @ np.append(self.tip if tip is None else tip, 1.0))[:3], end_w

    def pole(self):
        return self.root + self.c["pole_direction"] * float(np.linalg.norm(self.mid0 - self.root) * 2)

    def target_at(self, a: float, b: float, shift=0.0):
        """삼각형 (a, b) 의 닿는 범위 [|a − b|, a + b] 안, 한 끝에서 범위의 threshold 배 떨어진 거리의 목표 (+ shift)."""
        low, high = abs(a - b), a + b
        span = high - low
        d = high - self.c["threshold"] * span if self.c["near_far_end"] else low + self.c["threshold"] * span
        return self.root + d * self.c["target_direction"] + shift, self.c["threshold"] * span

    def scale_of(self, *points) -> float:
        return max(float(np.max(np.abs(p))) for p in points)


def lengths(setup: Setup, effector) -> tuple[float, float]:
    return float(np.linalg.norm(setup.mid0 - setup.root)), float(np.linalg.norm(effector - setup.mid0))


def unit_columns(matrix) -> np.ndarray:
    linear = matrix[:3, :3]
    return linear / np.linalg.norm(linear, axis=0)


def lands(setup: Setup, tip1, target, slack: float, a: float, b: float) -> None:
    """tip 이 목표에 닿았다: 핵심 허용치 1e-12·(a + b + |tip|) + 64ε·S, 닿는 경계에 1e-9 보다 가까우면 그 거리 만큼 더."""
    size = a + b + float(np.linalg.norm(setup.tip0 - setup.end0))
    tolerance = 1e-12 * size + 64 * EPS * setup.scale_of(setup.root, target, setup.parent[:3, 3]) + 2 * slack
    assert float(np.linalg.norm(tip1 - target)) <= tolerance


def kept_lengths(setup: Setup, pose) -> None:
    root1, joint1, end1, tip1, _ = setup.world(pose)
    scale = EPS * 64 * setup.scale_of(setup.root, setup.parent[:3, 3])
    for before, after in (
        (setup.mid0 - setup.root, joint1 - root1),
        (setup.end0 - setup.mid0, end1 - joint1),
        (setup.tip0 - setup.end0, tip1 - end1),
    ):
        assert abs(float(np.linalg.norm(after) - np.linalg.norm(before))) <= 1e-12 * float(np.linalg.norm(before)) + scale


def on_pole_side(setup: Setup, joint1, effector1) -> None:
    """관절이 뿌리–효과점 직선에서 극 쪽 (반평면) 에 있다 (효과점이 뿌리에 있으면 직선이 없다)."""
    size = float(np.linalg.norm(setup.mid0 - setup.root))
    f = effector1 - setup.root
    if np.linalg.norm(f) < 1e-6 * size:
        return
    f = f / np.linalg.norm(f)
    to_pole = setup.pole() - setup.root
    perpendicular = to_pole - np.dot(to_pole, f) * f
    if np.linalg.norm(perpendicular) < 1e-3 * np.linalg.norm(to_pole):  # 극이 직선 가까이: 방향이 반올림에 달렸다
        return
    # 좌표의 반올림 (ε·S) 은 직선의 방향을 ε·S/|f| 만큼 흔든다 (거의 접혀 효과점이 뿌리 가까이면 커진다).
    reach = float(np.linalg.norm(effector1 - setup.root))
    slack = 1e-9 * size + 64 * EPS * setup.scale_of(setup.root, joint1) * (1 + size / reach)
    assert float(np.dot(joint1 - setup.root, perpendicular / np.linalg.norm(perpendicular))) >= -slack


@settings(max_examples=200, deadline=None, derandomize=True)
@given(rig)
def test_follow_mode_lands_the_tip_which_moves_with_the_lower_bone(c):
    setup = Setup(c)
    a, b = lengths(setup, setup.tip0)
    target, slack = setup.target_at(a, b)
    pose = apply_two_bone_ik(setup.parent, setup.upper, setup.mid, setup.end, target, setup.pole(), tip=setup.tip)
    _, joint1, _, tip1, _ = setup.world(pose)
    if slack > 1e-9 * (a + b):
        assert pose.reachable is True
    lands(setup, tip1, target, slack, a, b)
    assert np.allclose(pose.end, tip1, rtol=0, atol=1e-12 * (a + b) + 64 * EPS * setup.scale_of(tip1))
    assert np.array_equal(pose.end_rotation, setup.end.rotation)  # 따라감: end 의 로컬 회전은 그대로
    kept_lengths(setup, pose)
    on_pole_side(setup, joint1, tip1)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(rig)
def test_keep_mode_lands_the_tip_and_keeps_the_end_world_rotation(c):
    setup = Setup(c)
    a, b = lengths(setup, setup.end0)
    target, slack = setup.target_at(a, b, shift=setup.tip0 - setup.end0)
    pose = apply_two_bone_ik(
        setup.parent, setup.upper, setup.mid, setup.end, target, setup.pole(), tip=setup.tip, keep_end_rotation=True
    )
    _, _, _, tip1, end_w = setup.world(pose)
    lands(setup, tip1, target, slack, a, b)
    assert float(np.max(np.abs(unit_columns(end_w) - unit_columns(setup.world()[4])))) <= 1e-12
    kept_lengths(setup, pose)


@pytest.mark.parametrize("with_tip", [False, True])
@settings(max_examples=150, deadline=None, derandomize=True)
@given(c=rig, goal=quaternion)
def test_end_rotation_at_weight_one_is_the_world_rotation_and_the_tip_lands(with_tip, c, goal):
    setup = Setup(c)
    tip = setup.tip if with_tip else np.zeros(3)
    a, b = lengths(setup, setup.end0)
    # R_goal 을 알면 tip 의 새 자리도 안다: 끝 원점 + (월드 스케일)·R(Q)·(S_E t).
    shift = setup.world_scale * rotation_matrix(goal) @ (np.asarray(c["end_scale"]) * tip)
    target, slack = setup.target_at(a, b, shift=shift)
    pose = apply_two_bone_ik(
        setup.parent, setup.upper, setup.mid, setup.end, target, setup.pole(), tip=tip, end_rotation=goal
    )
    _, joint1, end1, tip1, end_w = setup.world(pose, tip)
    assert float(np.max(np.abs(unit_columns(end_w) - rotation_matrix(goal)))) <= 1e-12
    lands(setup, tip1, target, slack, a, b)
    kept_lengths(setup, pose)
    on_pole_side(setup, joint1, end1)


def slerp_matrix(q0, q1, t: float) -> np.ndarray:
    """짧은 길의 slerp (행렬로 비교: 사원수의 부호와 상관없다)."""
    q0, q1 = np.asarray(q0) / np.linalg.norm(q0), np.asarray(q1) / np.linalg.norm(q1)
    if np.dot(q0, q1) < 0:
        q1 = -q1
    angle = math.acos(min(1.0, float(np.dot(q0, q1))))
    if angle < 1e-9:
        return rotation_matrix(q0)
    q = (math.sin((1 - t) * angle) * q0 + math.sin(t * angle) * q1) / math.sin(angle)
    return rotation_matrix(q / np.linalg.norm(q))


def matrix_quaternion(r) -> np.ndarray:
    """회전 행렬 → 사원수 (시험용): 가장 큰 성분으로 나눠 작은 회전에서도 자릿수를 잃지 않는다."""
    trace = r[0, 0] + r[1, 1] + r[2, 2]
    candidates = [1 + trace, 1 + r[0, 0] - r[1, 1] - r[2, 2], 1 - r[0, 0] + r[1, 1] - r[2, 2], 1 - r[0, 0] - r[1, 1] + r[2, 2]]
    k = int(np.argmax(candidates))
    s = 2 * math.sqrt(candidates[k])
    pairs = {
        0: (r[2, 1] - r[1, 2], r[0, 2] - r[2, 0], r[1, 0] - r[0, 1], s * s / 4),
        1: (s * s / 4, r[0, 1] + r[1, 0], r[0, 2] + r[2, 0], r[2, 1] - r[1, 2]),
        2: (r[0, 1] + r[1, 0], s * s / 4, r[1, 2] + r[2, 1], r[0, 2] - r[2, 0]),
        3: (r[0, 2] + r[2, 0], r[1, 2] + r[2, 1], s * s / 4, r[1, 0] - r[0, 1]),
    }
    return np.array(pairs[k]) / s


@pytest.mark.parametrize("goal_weight", [0.2, 0.5, 0.9])
@settings(max_examples=80, deadline=None, derandomize=True)
@given(c=rig, goal=quaternion)
def test_partial_end_rotation_weight_is_the_slerp_from_the_follow_rotation_and_the_tip_still_lands(goal_weight, c, goal):
    setup = Setup(c)
    a, b = lengths(setup, setup.tip0)
    target, _slack = setup.target_at(a, b)
    follow = apply_two_bone_ik(setup.parent, setup.upper, setup.mid, setup.end, target, setup.pole(), tip=setup.tip)
    pose = apply_two_bone_ik(
        setup.parent, setup.upper, setup.mid, setup.end, target, setup.pole(),
        tip=setup.tip, end_rotation=goal, end_rotation_weight=goal_weight,
    )
    follow_rotation = matrix_quaternion(unit_columns(setup.world(follow)[4]))
    _, _, _, tip1, end_w = setup.world(pose)
    assert float(np.max(np.abs(unit_columns(end_w) - slerp_matrix(follow_rotation, goal, goal_weight)))) <= 1e-9
    if pose.reachable:
        a2, b2 = lengths(setup, setup.end0)
        lands(setup, tip1, target, 0.0, a2, b2)
    kept_lengths(setup, pose)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(c=rig, goal=quaternion, weight=st.floats(min_value=0.05, max_value=0.95))
def test_the_chain_weight_blends_the_end_too_and_zero_returns_the_inputs(c, goal, weight):
    setup = Setup(c)
    target = setup.root + c["target_direction"] * float(np.linalg.norm(setup.end0 - setup.root))
    call = dict(tip=setup.tip, end_rotation=goal)
    full = apply_two_bone_ik(setup.parent, setup.upper, setup.mid, setup.end, target, setup.pole(), **call)
    none = apply_two_bone_ik(setup.parent, setup.upper, setup.mid, setup.end, target, setup.pole(), weight=0.0, **call)
    for got, given_rotation in zip(none[:3], (setup.upper.rotation, setup.mid.rotation, setup.end.rotation)):
        assert np.array_equal(got, given_rotation)
    part = apply_two_bone_ik(setup.parent, setup.upper, setup.mid, setup.end, target, setup.pole(), weight=weight, **call)
    expected = slerp_matrix(setup.end.rotation, full.end_rotation, weight)
    assert float(np.max(np.abs(rotation_matrix(part.end_rotation) - expected))) <= 1e-9


def bend_at_joint(root, joint, effector) -> float:
    u, v = joint - root, effector - joint
    return math.atan2(float(np.linalg.norm(np.cross(u, v))), float(np.dot(u, v)))


limits = st.one_of(
    st.tuples(st.floats(min_value=0, max_value=math.pi), st.floats(min_value=0, max_value=math.pi)).map(
        lambda p: (min(p), max(p))
    ),
    st.sampled_from([(0.0, math.pi), (0.0, 2.0), (0.5, math.pi), (1.1, 1.1), (0.035, math.radians(150))]),
)


@pytest.mark.parametrize("mode", ["follow", "follow_tip", "keep_tip", "end_rotation_tip"])
@settings(max_examples=100, deadline=None, derandomize=True)
@given(c=rig, bend_limits=limits, distance=st.floats(min_value=0.0, max_value=1.5), goal=quaternion)
def test_the_bend_stays_within_the_limits(mode, c, bend_limits, distance, goal):
    setup = Setup(c)
    tip = np.zeros(3) if mode == "follow" else setup.tip
    options: dict = {"tip": tip, "bend_limits": bend_limits}
    if mode == "keep_tip":
        options["keep_end_rotation"] = True
    if mode == "end_rotation_tip":
        options["end_rotation"] = goal
    a, b = lengths(setup, setup.tip0 if mode == "follow_tip" else setup.end0)
    target = setup.root + c["target_direction"] * max(distance * (a + b), 1e-3 * (a + b))
    pose = apply_two_bone_ik(setup.parent, setup.upper, setup.mid, setup.end, target, setup.pole(), **options)
    root1, joint1, end1, tip1, _ = setup.world(pose, tip, in_parent=True)
    bend = bend_at_joint(root1, joint1, tip1 if mode == "follow_tip" else end1)
    assert bend_limits[0] - 1e-9 <= bend <= bend_limits[1] + 1e-9
    kept_lengths(setup, pose)


@pytest.mark.parametrize("which", ["min", "max"])
@settings(max_examples=40, deadline=None, derandomize=True)
@given(c=rig)
def test_sweeping_the_target_across_a_limit_is_continuous_and_flips_reachable_there(which, c):
    setup = Setup(c)
    bend_limits = (0.3, 2.6)
    a, b = lengths(setup, setup.tip0)
    bend = bend_limits[0] if which == "min" else bend_limits[1]
    edge = math.sqrt((a - b) ** 2 + 4 * a * b * math.cos(bend / 2) ** 2)
    relative = np.concatenate((-np.logspace(-2, -12, 21), np.logspace(-12, -2, 21)))
    toward = c["target_direction"]
    targets = setup.root + (edge * (1 + relative))[:, None] * toward
    # 극은 목표 직선에 수직으로 (직선 위의 극은 반올림에 따라 굽는 쪽이 바뀐다).
    side = np.cross(toward, np.eye(3)[int(np.argmin(np.abs(toward)))])
    pole = setup.root + side / np.linalg.norm(side) * (a + b)
    pose = apply_two_bone_ik(
        setup.parent, setup.upper, setup.mid, setup.end, targets, pole, tip=setup.tip, bend_limits=bend_limits
    )
    # 안쪽 (min 이면 d < d(min), max 면 d > d(max)) 은 닿고 바깥은 잘린다. 좌표의 반올림 (ε·S) 보다 경계에 가까운 목표는
    # 어느 쪽이어도 된다.
    resolution = 64 * EPS * setup.scale_of(targets)
    inside = relative < 0 if which == "min" else relative > 0
    clear = np.abs(relative) * edge > 1e-9 * edge + resolution
    assert np.array_equal(pose.reachable[clear], inside[clear])
    steps = np.linalg.norm(np.diff(pose.joint, axis=0), axis=1)
    distance_steps = edge * np.abs(np.diff(relative))
    # 관절은 거리에 립시츠: 제한 0.3 rad 에서 dβ/dd 는 1/(ab sin β / d) 쯤이라 넉넉히 1e3.
    assert np.all(steps <= 1e3 * (distance_steps + resolution) + 1e-12 * (a + b))


@settings(max_examples=100, deadline=None, derandomize=True)
@given(c=rig, goal=quaternion)
def test_no_options_zero_tip_full_limits_and_zero_end_weight_keep_todays_bits(c, goal):
    setup = Setup(c)
    target = setup.root + c["target_direction"] * float(np.linalg.norm(setup.end0 - setup.root)) * 1.1
    args = (setup.parent, setup.upper, setup.mid, setup.end, target, setup.pole())
    today = apply_two_bone_ik(*args)
    for options in (
        {"tip": np.zeros(3)},
        {"bend_limits": (0.0, math.pi)},
        {"end_rotation": goal, "end_rotation_weight": 0.0},
        {"tip": np.zeros(3), "bend_limits": (0.0, math.pi), "end_rotation": None},
    ):
        pose = apply_two_bone_ik(*args, **options)
        for name in ("upper_rotation", "mid_rotation", "end_rotation", "joint", "end"):
            assert np.array_equal(getattr(pose, name), getattr(today, name)), (options, name)
        assert pose.reachable is today.reachable
    # end_rotation_weight 0 은 같은 tip 의 따라감과 비트까지 같다.
    follow = apply_two_bone_ik(*args, tip=setup.tip)
    zero = apply_two_bone_ik(*args, tip=setup.tip, end_rotation=goal, end_rotation_weight=0.0)
    for name in ("upper_rotation", "mid_rotation", "end_rotation", "joint", "end"):
        assert np.array_equal(getattr(zero, name), getattr(follow, name))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(c=rig, goal=quaternion)
def test_mirrored_parents_aim_the_end_at_the_parent_space_goal(c, goal):
    """거울 부모 (행렬식 < 0): 계약은 R_Q = R_P⁻¹ Q̂ (R_P 는 three 의 decompose) 이다 — 월드의 end 행렬은 거울이라
    회전이 아니므로, 부모 공간의 끝 회전 C q_E 가 R_P⁻¹ Q̂ 인지 본다."""
    setup = Setup(c, mirrored=True)
    a, b = lengths(setup, setup.end0)
    target, _ = setup.target_at(a, b)
    pose = apply_two_bone_ik(setup.parent, setup.upper, setup.mid, setup.end, target, setup.pole(), end_rotation=goal)
    linear = setup.parent[:3, :3] / np.linalg.norm(setup.parent[:3, :3], axis=0)
    linear[:, 0] = -linear[:, 0]  # decompose: 행렬식이 음수면 x 열의 부호를 바꾼다
    chain = rotation_matrix(pose.upper_rotation) @ rotation_matrix(pose.mid_rotation) @ rotation_matrix(pose.end_rotation)
    assert float(np.max(np.abs(linear @ chain - rotation_matrix(goal)))) <= 1e-12


def test_a_batch_mixes_follow_partial_and_full_end_weights_exactly_like_one_by_one():
    rng = np.random.default_rng(16)
    frames = 12
    upper = LocalTransform(np.zeros(3), [0.0, 0.0, 0.0, 1.0], [1.0] * 3)
    mid = LocalTransform([0.0, -0.45, 0.0], [0.1, 0.0, 0.0, math.sqrt(0.99)], [1.0] * 3)
    end = LocalTransform([0.0, -0.42, 0.0], [0.0, 0.0, 0.0, 1.0], [1.0] * 3)
    targets = np.array([0.2, -0.6, 0.25]) + rng.normal(scale=0.05, size=(frames, 3))
    goals = rng.normal(size=(frames, 4))
    goals /= np.linalg.norm(goals, axis=1, keepdims=True)
    goal_weights = np.array([0.0, 0.3, 1.0, 0.7] * 3)
    tips = np.array([[0.0, -0.08, 0.05]] * 6 + [[0.0, 0.0, 0.0]] * 6)
    options = dict(end_rotation=goals, end_rotation_weight=goal_weights, tip=tips, bend_limits=(0.1, 2.5))
    batch = apply_two_bone_ik(np.eye(4), upper, mid, end, targets, [0.0, -0.4, 1.0], weight=0.8, **options)
    for k in range(frames):
        one = apply_two_bone_ik(
            np.eye(4), upper, mid, end, targets[k], [0.0, -0.4, 1.0], weight=0.8,
            end_rotation=goals[k], end_rotation_weight=goal_weights[k], tip=tips[k], bend_limits=(0.1, 2.5),
        )
        for name in ("upper_rotation", "mid_rotation", "end_rotation", "joint", "end"):
            assert np.array_equal(getattr(batch, name)[k], getattr(one, name)), (k, name)
        assert bool(batch.reachable[k]) is one.reachable


@settings(max_examples=100, deadline=None, derandomize=True)
@given(c=rig, goal=quaternion)
def test_float32_inputs_give_the_float64_answer_of_the_same_values_and_land(c, goal):
    setup = Setup(c)
    a, b = lengths(setup, setup.end0)
    shift = setup.world_scale * rotation_matrix(goal) @ (np.asarray(c["end_scale"]) * setup.tip)
    target, slack = setup.target_at(a, b, shift=shift)
    f32 = lambda v: np.asarray(v, dtype=np.float32)  # noqa: E731
    bones32 = [LocalTransform(*(f32(x) for x in bone)) for bone in (setup.upper, setup.mid, setup.end)]
    bones64 = [LocalTransform(*(np.asarray(x, dtype=np.float64) for x in bone)) for bone in bones32]
    args32 = (f32(setup.parent), *bones32, f32(target), f32(setup.pole()))
    args64 = tuple(np.asarray(x, dtype=np.float64) if not isinstance(x, LocalTransform) else x for x in args32)
    args64 = (args64[0], *bones64, *args64[4:])
    pose32 = apply_two_bone_ik(*args32, tip=f32(setup.tip), end_rotation=f32(goal))
    pose64 = apply_two_bone_ik(*args64, tip=np.float64(f32(setup.tip)), end_rotation=np.float64(f32(goal)))
    for name in ("upper_rotation", "mid_rotation", "end_rotation", "joint", "end"):
        assert np.array_equal(getattr(pose32, name), getattr(pose64, name))
        assert getattr(pose32, name).dtype == np.float64
    # float32 로 저장한 부모·사원수는 1e-7 쯤 어긋나 있다: tip 은 그만큼 안에서 닿는다.
    size = a + b + float(np.linalg.norm(setup.tip0 - setup.end0))
    assert float(np.linalg.norm(pose32.end - np.float64(f32(target)))) <= 1e-5 * size + 1e-6 * setup.scale_of(target) + 2 * slack


def _world(parent, upper, mid, end, pose=None):
    """(뿌리, 관절, end 원점, end 의 월드 행렬): 행렬 곱의 정기구학, 들어온 자세 또는 pose 의 회전으로."""
    rotations = (None, None, None) if pose is None else (pose.upper_rotation, pose.mid_rotation, pose.end_rotation)
    upper_w = parent @ local_matrix(upper, rotations[0])
    mid_w = upper_w @ local_matrix(mid, rotations[1])
    end_w = mid_w @ local_matrix(end, rotations[2])
    return upper_w[:3, 3], mid_w[:3, 3], end_w[:3, 3], end_w


def _quaternion_multiply(a, b):
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return np.array([
        ax * bw + aw * bx + ay * bz - az * by,
        ay * bw + aw * by + az * bx - ax * bz,
        az * bw + aw * bz + ax * by - ay * bx,
        aw * bw - ax * bx - ay * by - az * bz,
    ])


# --- 잘못된 입력: 새 인자마다, 계산 전에 인자 이름·값·첫 색인을 담은 ValueError, 입력은 그대로 ---

_GOOD = dict(
    end_rotation=np.array([[0.0, 0.0, 0.0, 1.0], [0.0, 0.6, 0.0, 0.8]]),
    end_rotation_weight=np.array([1.0, 0.5]),
    tip=np.array([[0.0, -0.1, 0.05], [0.0, 0.0, 0.0]]),
    bend_limits=(np.array([0.1, 0.0]), np.array([2.5, math.pi])),
)


def _bad(name, value):
    return {**_GOOD, name: value}


BAD_OPTIONS = [
    (_bad("end_rotation", np.array([[0.0, 0.0, 0.0, 1.0], [np.nan, 0.0, 0.0, 1.0]])), "end_rotation[1]의 x 성분"),
    (_bad("end_rotation", np.array([[0.0, 0.0, 0.0, 1.0], [0.0, 0.0, 0.0, np.inf]])), "end_rotation[1]의 w 성분"),
    (_bad("end_rotation", np.array([[0.0, 0.0, 0.0, 1.0], [0.0, 0.0, 0.0, 0.0]])), "end_rotation[1]는 단위 사원수"),
    (_bad("end_rotation", np.array([[0.0, 0.0, 0.0, 1.01], [0.0, 0.0, 0.0, 1.0]])), "end_rotation[0]는 단위 사원수"),
    (_bad("end_rotation", np.array([[0.0, 0.0, 1.0], [0.0, 0.0, 1.0]])), "end_rotation는 마지막 축의 길이가 4"),
    (_bad("end_rotation", "abc"), "end_rotation는 실수 배열"),
    (_bad("end_rotation", [[True, 0, 0, 0], [0, 0, 0, 1]]), "end_rotation는 실수 배열이어야 합니다 — bool"),
    (_bad("end_rotation", np.zeros((3, 4)) + [0, 0, 0, 1]), "end_rotation의 프레임 모양 (3,)"),
    (_bad("end_rotation_weight", np.array([0.5, 1.5])), "end_rotation_weight[1]는 [0, 1]"),
    (_bad("end_rotation_weight", np.array([-0.1, 0.5])), "end_rotation_weight[0]는 [0, 1]"),
    (_bad("end_rotation_weight", np.nan), "end_rotation_weight는 [0, 1]"),
    (_bad("end_rotation_weight", True), "end_rotation_weight는 실수 배열이어야 합니다 — bool"),
    (_bad("end_rotation_weight", "1"), "end_rotation_weight는 실수 배열"),
    (_bad("tip", np.array([[0.0, 0.0, 0.0], [0.0, np.nan, 0.0]])), "tip[1]의 y 성분"),
    (_bad("tip", np.array([[-np.inf, 0.0, 0.0], [0.0, 0.0, 0.0]])), "tip[0]의 x 성분"),
    (_bad("tip", [0.0, 1.0]), "tip는 마지막 축의 길이가 3"),
    (_bad("tip", "abc"), "tip는 실수 배열"),
    (_bad("bend_limits", (np.array([0.1, np.nan]), 2.0)), "bend_limits.min는 0 이상 π 이하"),
    (_bad("bend_limits", (0.0, 3.2)), "bend_limits.max는 0 이상 π 이하"),
    (_bad("bend_limits", (-1e-12, 1.0)), "bend_limits.min는 0 이상 π 이하"),
    (_bad("bend_limits", (2.0, 1.0)), "bend_limits.min이 bend_limits.max보다 큽니다"),
    (_bad("bend_limits", (True, 1.0)), "bend_limits.min는 실수 배열이어야 합니다 — bool"),
    (_bad("bend_limits", 3.0), "bend_limits는 (min, max) 쌍"),
    (_bad("bend_limits", (np.zeros(3), np.ones(3))), "bend_limits의 프레임 모양 (3,)"),
    ({**_GOOD, "keep_end_rotation": True}, "keep_end_rotation=True 와 end_rotation"),
]


def _bad_call_arguments():
    parent = np.eye(4)
    upper = LocalTransform(np.zeros(3), np.array([0.0, 0.0, 0.0, 1.0]), np.ones(3))
    mid = LocalTransform(np.array([0.0, -0.45, 0.0]), np.array([0.0, 0.0, 0.0, 1.0]), np.ones(3))
    end = LocalTransform(np.array([0.0, -0.42, 0.0]), np.array([0.0, 0.0, 0.0, 1.0]), np.ones(3))
    targets = np.array([[0.2, -0.6, 0.25], [0.1, -0.7, 0.2]])
    return parent, upper, mid, end, targets, np.array([0.0, -0.4, 1.0])


def _snapshot(values):
    return [np.array(v, copy=True) if isinstance(v, np.ndarray) else v for v in values]


@pytest.mark.parametrize("options, message", BAD_OPTIONS, ids=[m for _, m in BAD_OPTIONS])
def test_bad_effector_options_are_rejected_before_anything_and_mutate_nothing(options, message):
    args = _bad_call_arguments()
    flat = [args[0], *args[1], *args[2], *args[3], args[4], args[5]]
    option_arrays = [v for value in options.values() for v in (value if isinstance(value, tuple) else (value,))]
    before = _snapshot(flat + option_arrays)
    with pytest.raises(ValueError) as caught:
        apply_two_bone_ik(*args, **options)
    assert message in str(caught.value)
    for old, new in zip(before, flat + option_arrays):
        if isinstance(old, np.ndarray):
            assert np.array_equal(old, new, equal_nan=True)


def test_keep_end_rotation_with_end_rotation_names_both_even_before_other_bad_arguments():
    parent, upper, mid, end, _targets, pole = _bad_call_arguments()
    with pytest.raises(ValueError) as caught:
        apply_two_bone_ik(parent, upper, mid, end, [np.nan, 0, 0], pole, keep_end_rotation=True,
                          end_rotation=[0.0, 0.0, 0.0, 1.0])
    assert "keep_end_rotation" in str(caught.value) and "end_rotation" in str(caught.value)


def test_a_good_call_with_every_option_mutates_nothing():
    args = _bad_call_arguments()
    flat = [args[0], *args[1], *args[2], *args[3], args[4], args[5]]
    option_arrays = [_GOOD["end_rotation"], _GOOD["end_rotation_weight"], _GOOD["tip"], *_GOOD["bend_limits"]]
    before = _snapshot(flat + option_arrays)
    apply_two_bone_ik(*args, weight=0.7, soft=0.1, **_GOOD)
    for old, new in zip(before, flat + option_arrays):
        assert np.array_equal(old, new)
