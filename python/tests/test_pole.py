"""자동 극 규칙 (spec/AUTO_POLE.md): 들어온 굽힘 평면을 따르고, 거의 곧으면 n 쪽으로, 연속이고, 뒤집히는 곳은 하나."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from twoboneik import solve_two_bone_ik
from twoboneik.pole import AUTO_POLE_DEFAULT_WEIGHT, AUTO_POLE_STRAIGHT, auto_pole

SETTINGS = settings(derandomize=True, max_examples=100, deadline=None)
EPS = float(np.finfo(float).eps)


def log_uniform(low: float, high: float):
    return st.floats(math.log(low), math.log(high)).map(math.exp)


def unit(v):
    v = np.asarray(v, dtype=float)
    return v / np.linalg.norm(v)


def chain(root, a, b, bend_angle, facing, plane_normal):
    """뿌리 root 에서 facing 방향으로 끝을 두고, 관절을 plane_normal 에 수직인 평면에서 bend_angle (관절 굽힘) 만큼."""
    root = np.asarray(root, dtype=float)
    f = unit(facing)
    side = unit(np.cross(plane_normal, f))
    # 관절 각 (뿌리에서 잰 θ 가 아니라 관절의 굽힘 π − ∠RJE) 에서 끝까지의 거리 d.
    interior = math.pi - bend_angle
    d = math.sqrt(a * a + b * b - 2 * a * b * math.cos(interior))
    cos_theta = (a * a + d * d - b * b) / (2 * a * d)
    sin_theta = math.sqrt(max(0.0, 1 - cos_theta * cos_theta))
    joint = root + a * (cos_theta * f + sin_theta * side)
    end = root + d * f
    return joint, end, side


@SETTINGS
@given(
    scale=log_uniform(1e-3, 1e4),
    ratio=log_uniform(0.2, 5.0),
    bend=st.floats(0.25, 3.0),
    offset=log_uniform(1e-3, 1e3),
    n_angle=st.floats(0, 2 * math.pi),
)
def test_a_bent_limb_keeps_its_own_bend_plane_and_ik_to_its_end_changes_nothing(scale, ratio, bend, offset, n_angle):
    a, b = scale, scale * ratio
    root = np.array([offset, -offset, 0.5 * offset])
    joint, end, side = chain(root, a, b, bend, (0.3, -1.0, 0.2), (1.0, 0.2, 0.1))
    s = np.linalg.norm((joint - root) - np.dot(joint - root, unit(end - root)) * unit(end - root)) / (a + b)
    if s < AUTO_POLE_STRAIGHT:
        return  # 이 검사는 s ≥ 0.1 (무게 0) 의 성질이다; 곧은 쪽은 아래 검사들이 본다
    n = unit(np.cos(n_angle) * np.array([1.0, 0, 0]) + np.sin(n_angle) * np.array([0, 0, 1.0]))
    pole = auto_pole(root, joint, end, n)
    # 극은 굽힘 평면 안, 관절 쪽에 있다.
    normal = unit(np.cross(joint - root, end - root))
    assert abs(np.dot(pole - root, normal)) <= 1e-9 * (a + b) + 64 * EPS * np.max(np.abs(root))
    assert np.dot(pole - (root + end) / 2, side) > 0
    solved = solve_two_bone_ik(root, a, b, end, pole)
    assert np.max(np.abs(solved.joint - joint)) <= 1e-9 * (a + b) + 64 * EPS * np.max(np.abs(root))


def test_a_straight_limb_bends_toward_the_default_direction_exactly_as_the_formula():
    root, joint, end = np.zeros(3), np.array([0.0, -2.0, 0.0]), np.array([0.0, -3.0, 0.0])
    n = np.array([0.0, 0.0, 1.0])
    pole = auto_pole(root, joint, end, n)
    # bend = 0, s = 0, dir = 0.05·L·n → P = R + u/2 + L·n.
    assert np.array_equal(pole, np.array([0.0, -1.5, 3.0]))


def test_the_default_direction_fades_out_continuously_up_to_the_straight_threshold():
    n = np.array([0.0, 0.0, 1.0])
    side = np.array([1.0, 0.0, 0.0])  # 굽힘은 n 에 수직: 극의 방향 = atan(w·L / |bend|)
    previous = None
    for s in np.concatenate((np.linspace(0.001, 0.2, 400), [AUTO_POLE_STRAIGHT])):
        root, end = np.zeros(3), np.array([0.0, -1.0, 0.0])
        joint = np.array([s * 2.0, -0.5, 0.0])  # a ≈ b, |bend| = 2s, L ≈ 2·|J−R| — s 를 직접 정한다
        L = np.linalg.norm(joint - root) + np.linalg.norm(end - joint)
        joint = np.array([s * L, -0.5, 0.0])
        L = np.linalg.norm(joint - root) + np.linalg.norm(end - joint)
        pole = auto_pole(root, joint, end, n)
        direction = (pole - np.array([0.0, -0.5, 0.0])) / L
        true_s = abs(joint[0]) / L
        w = AUTO_POLE_DEFAULT_WEIGHT * (1 - min(true_s, AUTO_POLE_STRAIGHT) / AUTO_POLE_STRAIGHT) ** 2
        expected = unit(true_s * L * side + w * L * n)
        assert np.allclose(direction, expected, atol=1e-12)
        if true_s >= AUTO_POLE_STRAIGHT:
            assert direction[2] == 0.0
        if previous is not None:
            assert np.linalg.norm(direction - previous) < 0.05  # 0.0005 간격의 s 에서 튀지 않는다
        previous = direction


@pytest.mark.parametrize(("relative", "expect_n_side"), [(0.9, True), (1.1, False)])
def test_the_single_flip_is_where_an_opposite_bend_equals_the_default_push(relative, expect_n_side):
    # 굽힘이 n 의 반대쪽이고 |bend| = w(s)·L 인 s* 에서 dir = 0: s = 0.05(1 − 10 s)², 곧 5s² − 2s + 0.05 = 0 의
    # 작은 근 s* = (2 − √3)/10 ≈ 0.0268 (spec 의 "s ≈ 0.029" 는 어림값).
    s_star = (2 - math.sqrt(3)) / 10
    assert math.isclose(s_star, AUTO_POLE_DEFAULT_WEIGHT * (1 - s_star / AUTO_POLE_STRAIGHT) ** 2, rel_tol=1e-12)
    n = np.array([0.0, 0.0, 1.0])
    root, end = np.zeros(3), np.array([0.0, -1.0, 0.0])
    s = relative * s_star
    joint = np.array([0.0, -0.5, -1.0])  # 뒤 (−n) 로 굽힘; 크기는 아래에서 s 에 맞춘다
    for _ in range(60):  # L 이 관절에 달려 있으므로 고정점 반복으로 |bend| = s·L 을 맞춘다
        L = np.linalg.norm(joint - root) + np.linalg.norm(end - joint)
        joint = np.array([0.0, -0.5, -s * L])
    pole = auto_pole(root, joint, end, n)
    assert (pole[2] > 0) == expect_n_side


def test_degenerate_chains_have_their_documented_pole():
    n = np.array([0.0, 0.0, 1.0])
    root, joint = np.zeros(3), np.array([0.0, -1.0, 0.0])
    # 세 점이 한 점 (L = 0): dir = 0 의 가지, P = R + u/2 + L·n = R.
    pole = auto_pole(root, root, root, n)
    assert np.array_equal(pole, root)
    # 끝이 뿌리에 있으면 (u = 0) 투영하지 않는다: bend = J − R, s = a / (2a) = 0.5 → w = 0.
    pole = auto_pole(root, joint, root, n)
    assert np.allclose(pole, root + 2.0 * unit(joint - root))


def test_the_rule_turns_with_the_character():
    rng = np.random.default_rng(7)
    root, joint, end = rng.normal(size=(3, 3))
    joint = root + 0.5 * (end - root) + 0.01 * rng.normal(size=3)  # 거의 곧은 다리: n 이 중요하다
    n = unit(rng.normal(size=3))
    angle = 1.1
    axis = unit(rng.normal(size=3))
    k = np.array([[0, -axis[2], axis[1]], [axis[2], 0, -axis[0]], [-axis[1], axis[0], 0]])
    rotation = np.eye(3) + math.sin(angle) * k + (1 - math.cos(angle)) * k @ k
    moved = auto_pole(rotation @ root + 3, rotation @ joint + 3, rotation @ end + 3, rotation @ n)
    assert np.allclose(moved, rotation @ auto_pole(root, joint, end, n) + 3, atol=1e-12)


def test_batches_broadcast_and_equal_one_by_one():
    rng = np.random.default_rng(3)
    root = rng.normal(size=(5, 1, 3))
    joint = rng.normal(size=(5, 4, 3))
    end = rng.normal(size=(1, 4, 3))
    n = unit([0.0, 1.0, 0.0])
    batch = auto_pole(root, joint, end, n)
    assert batch.shape == (5, 4, 3)
    for i in range(5):
        for j in range(4):
            assert np.array_equal(batch[i, j], auto_pole(root[i, 0], joint[i, j], end[0, j], n))


@pytest.mark.parametrize(
    ("args", "name"),
    [
        (([0, 0], [0, 1, 0], [0, 2, 0], [1, 0, 0]), "root"),
        (([0, 0, 0], [0, np.nan, 0], [0, 2, 0], [1, 0, 0]), "joint"),
        (([0, 0, 0], [0, 1, 0], [0, np.inf, 0], [1, 0, 0]), "end"),
        (([0, 0, 0], [0, 1, 0], [0, 2, 0], [2, 0, 0]), "bend_direction"),
        (([0, 0, 0], [0, 1, 0], [0, 2, 0], [0, 0, 0]), "bend_direction"),
        (([0, 0, 0], [0, 1, 0], [0, 2, 0], "x"), "bend_direction"),
        ((np.zeros((2, 3)), np.zeros((3, 3)), [0, 2, 0], [1, 0, 0]), "브로드캐스트"),
    ],
)
def test_bad_input_is_rejected_naming_the_argument(args, name):
    with pytest.raises(ValueError, match=name):
        auto_pole(*args)
