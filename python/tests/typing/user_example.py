"""타입이 붙은 사용자 코드의 예: `mypy --strict` 가 통과해야 하고 (tests/test_typing.py), 실행해도 통과해야 한다.

assert_type 은 mypy 가 추론한 타입을 확인한다 (오버로드가 바뀌면 mypy 가 실패한다). 실행 시의 assert 는 실제 값이
그 타입과 맞는지 확인한다. `# type: ignore[...]` 줄은 mypy 가 막아야 하는 잘못된 사용이다: strict 의
warn_unused_ignores 때문에 mypy 가 그 줄을 더 이상 오류로 보지 않으면 "unused ignore" 로 실패한다.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import numpy as np
from numpy.typing import NDArray

from twoboneik import LocalTransform, TwoBoneIKPose, TwoBoneIKResult, apply_two_bone_ik, solve_two_bone_ik

if TYPE_CHECKING:
    from typing_extensions import assert_type
else:

    def assert_type(value: object, _expected: object) -> object:
        return value


def one_chain() -> float:
    """파이썬 수와 튜플: 단일 체인, reachable 은 bool, 좌표는 float64."""
    result = solve_two_bone_ik((0.0, 0.0, 0.0), 1.0, 1.0, (1.5, 0.0, 0.0), (0.0, 1.0, 0.0))
    assert_type(result, TwoBoneIKResult[np.float64, bool])
    joint, end, reachable = result
    assert_type(joint, NDArray[np.float64])
    assert_type(reachable, bool)
    assert reachable is True and joint.dtype == np.float64 and joint.shape == (3,)
    # 정수 길이와 리스트도 단일 체인 (mypy 에서 int 는 float 로 받는다).
    same = solve_two_bone_ik([0, 0, 0], 1, 1, [1.5, 0, 0], [0, 1, 0])
    assert_type(same.reachable, bool)
    narrow = solve_two_bone_ik((0.0, 0.0, 0.0), 1.0, 1.0, (1.5, 0.0, 0.0), (0.0, 1.0, 0.0), dtype=np.float32)
    assert_type(narrow, TwoBoneIKResult[np.float32, bool])
    assert narrow.joint.dtype == np.float32 and type(narrow.reachable) is bool
    if TYPE_CHECKING:  # 실행하지 않고 mypy 만 본다
        result.reachable.sum()  # type: ignore[attr-defined]  # bool 에는 sum 이 없다: mypy 가 막는다
    return float(joint[1])


def batch(frames: int) -> int:
    """NumPy 배열: 배치, reachable 은 NDArray[np.bool_], dtype 은 입력을 따른다."""
    hips = np.zeros((frames, 3))
    # NumPy 의 stubs 는 배열 산술의 결과를 Any 로 추론한다: 타입을 적어 두면 결과 타입도 정확해진다.
    feet: NDArray[np.float64] = hips + np.array([0.3, -0.8, 0.1])
    knees: NDArray[np.float64] = hips + np.array([0.0, 0.0, 1.0])
    result = solve_two_bone_ik(hips, 0.45, 0.42, feet, knees)
    assert_type(result, TwoBoneIKResult[np.float64, NDArray[np.bool_]])
    missed = int((~result.reachable).sum())  # 배치 사용자가 흔히 쓰는 식: strict 에서도 통과한다
    assert result.joint.shape == (frames, 3) and result.reachable.dtype == np.bool_

    # float32 배열은 float32 로 (파이썬 float 길이와 튜플 극은 dtype 을 바꾸지 않는다).
    hips32 = hips.astype(np.float32)
    narrow = solve_two_bone_ik(hips32, 0.45, 0.42, feet.astype(np.float32), (0.0, 0.0, 1.0))
    assert_type(narrow, TwoBoneIKResult[np.float32, NDArray[np.bool_]])
    assert narrow.joint.dtype == np.float32

    # dtype= 이 입력보다 우선한다.
    wide = solve_two_bone_ik(hips32, 0.45, 0.42, feet, knees, dtype=np.float64)
    assert_type(wide, TwoBoneIKResult[np.float64, NDArray[np.bool_]])
    assert wide.joint.dtype == np.float64

    # 정수 배열은 float64.
    origins = np.zeros((frames, 3), dtype=np.int64)
    steps = np.ones((frames, 3), dtype=np.int64)
    ints = solve_two_bone_ik(origins, 1, 1, steps, (0, 1, 0))
    assert_type(ints, TwoBoneIKResult[np.float64, NDArray[np.bool_]])
    assert ints.joint.dtype == np.float64

    # (3,) 배열 하나도 NumPy 배열이므로 reachable 은 0 차원 bool 배열: 타입과 실행이 맞는다.
    # 색인의 결과도 stubs 에서는 Any 라서 타입을 적는다.
    hip: NDArray[np.float64] = hips[0]
    foot: NDArray[np.float64] = feet[0]
    knee: NDArray[np.float64] = knees[0]
    single = solve_two_bone_ik(hip, 0.45, 0.42, foot, knee)
    assert_type(single.reachable, NDArray[np.bool_])
    assert single.reachable.shape == () and bool(single.reachable)
    return missed


def unknown(points: Any, lengths: Any) -> None:
    """Any 로만 알려진 값 (배열 산술·색인의 결과 포함): mypy 는 모양도 dtype 도 모르므로 결과의 성분도 Any."""
    result = solve_two_bone_ik(points, lengths, lengths, points, points)
    assert_type(result.joint, NDArray[Any])
    assert_type(result.reachable, Any)
    assert int((~result.reachable).sum()) == 0  # Any 라서 막지 않는다: 실행 시 배치 배열


def pose() -> TwoBoneIKPose:
    identity = np.eye(4)
    no_rotation = (0.0, 0.0, 0.0, 1.0)
    ones = (1.0, 1.0, 1.0)
    return apply_two_bone_ik(
        identity,
        LocalTransform((0.0, 1.0, 0.0), no_rotation, ones),
        LocalTransform((0.0, -0.45, 0.0), no_rotation, ones),
        LocalTransform((0.0, -0.42, 0.0), no_rotation, ones),
        (0.2, 0.3, 0.1),
        (0.0, 1.0, 1.0),
    )


def foot_locking() -> float:
    """발 고정 (일마다 한 모듈): 클립을 고치고, 보고의 타입이 그대로 보인다."""
    import twoboneik.footlock as locking
    from twoboneik.bvh import BvhClip
    from twoboneik.footlock import FootlockOptions, FootlockResult, footlock
    from twoboneik.synthetic import make_walk

    # 모듈은 모듈 그대로다 (맨 위에 같은 이름의 함수가 없어 mypy 와 실행이 같은 것을 본다).
    run: Callable[..., FootlockResult] = locking.footlock
    assert run is footlock

    clip = make_walk(frames=180, slide_degrees=2.0).clip
    assert_type(clip, BvhClip)
    result = footlock(clip, FootlockOptions(blend_frames=4))
    assert_type(result, FootlockResult)
    left = result.feet[0]
    assert_type(left.intervals, list[tuple[int, int]])
    assert_type(left.unreachable_frames, NDArray[np.intp])
    assert_type(left.slide_after_max, float)
    assert left.intervals and left.slide_after_max < left.slide_before_max
    return left.slide_after_max


def main() -> None:
    assert one_chain() > 0
    assert batch(4) == 0
    unknown(np.zeros((2, 3)), np.ones(2))  # 뿌리 = 목표 = 극, a = b: 닿는다
    rotation = pose().upper_rotation
    assert_type(rotation, NDArray[np.float64])
    assert rotation.shape == (4,)
    assert foot_locking() < 1e-6


if __name__ == "__main__":
    main()
