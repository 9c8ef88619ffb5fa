"""keep_end_rotation 은 어느 weight 에서나 end 의 월드 회전을 지킨다 (issue 15 §4, TypeScript 와 같은 계약):
weight 로 upper·mid 를 섞은 뒤에 end 를 되돌린다. 고치기 전에는 0 < weight < 1 에서 end 만 따로 slerp 했다."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from twoboneik import apply_two_bone_ik
from test_bones_straight import aimed, noisy_chain, unit_rotations, world_chain


def end_world_rotation(parent, upper, mid, end, rotations=None) -> np.ndarray:
    """end 의 월드 행렬의 회전 부분을 열마다 정규화한 것 (스케일을 뺀 방향)."""
    matrix = world_chain(parent, upper, mid, end, rotations)[3][:3, :3]
    return matrix / np.linalg.norm(matrix, axis=0)


@pytest.mark.parametrize("weight", [0.0, 0.3, 0.7, 1.0])
@settings(max_examples=150, deadline=None, derandomize=True)
@given(c=noisy_chain, reach=st.floats(min_value=0.1, max_value=1.5))
def test_the_end_keeps_its_world_rotation_at_every_weight(weight, c, reach):
    parent, upper, mid, end, noise_sum, _root, _length, target, pole = aimed(c, reach)
    before = end_world_rotation(parent, upper, mid, end)
    pose = apply_two_bone_ik(parent, upper, mid, end, target, pole, weight=weight, keep_end_rotation=True)
    after = end_world_rotation(parent, upper, mid, end, unit_rotations(pose))
    # 잡음 δ 의 몫: 균등하지 않은 scale 아래의 월드 회전은 방향에 따라 δ 쯤 달리 읽힌다.
    assert float(np.max(np.abs(after - before))) <= 1e-9 + 8 * noise_sum
