"""glTF 애니메이션 표본 (gltf_anim) 과 접근자 읽기·덧붙이기 (gltf_io) 의 불변식 (Hypothesis)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from twoboneik.gltf_anim import sample_channel
from twoboneik.gltf_io import GltfFile, append_accessor, read_accessor

finite = st.floats(-1.0, 1.0, allow_nan=False, width=32)


@st.composite
def keys(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray]:
    n = draw(st.integers(2, 8))
    steps = draw(arrays(np.float64, n, elements=st.floats(0.01, 1.0)))
    times = np.cumsum(steps)
    raw = draw(arrays(np.float64, (n, 4), elements=finite))
    raw[:, 3] += 2.0  # 0 이 아닌 사원수 (길이가 0 에 가까우면 정규화가 뜻이 없다)
    return times, raw / np.sqrt(np.sum(raw * raw, axis=-1, keepdims=True))


def _angle(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    dot = np.clip(np.abs(np.sum(a * b, axis=-1)), 0.0, 1.0)
    return 2.0 * np.arccos(dot)


@settings(max_examples=60, deadline=None)
@given(keys())
def test_sampling_at_the_key_times_gives_the_keys(data: tuple[np.ndarray, np.ndarray]) -> None:
    times, quats = data
    for interpolation in ("LINEAR", "STEP"):
        got = sample_channel(times, quats, interpolation, times, "rotation")
        assert np.max(np.abs(np.abs(np.sum(got * quats, axis=-1)) - 1.0)) < 1e-12


@settings(max_examples=60, deadline=None)
@given(keys(), st.floats(0.0, 1.0))
def test_linear_rotation_is_on_the_short_arc_and_unit(data: tuple[np.ndarray, np.ndarray], u: float) -> None:
    times, quats = data
    at = times[:-1] + u * np.diff(times)
    got = sample_channel(times, quats, "LINEAR", at, "rotation")
    np.testing.assert_allclose(np.sum(got * got, axis=-1), 1.0, atol=1e-12)
    # slerp 는 두 키 사이의 가장 짧은 호 위: 두 키까지의 각의 합 = 두 키 사이의 각, 앞 키까지의 각 = u·전체.
    whole = _angle(quats[:-1], quats[1:])
    to_first, to_next = _angle(quats[:-1], got), _angle(got, quats[1:])
    np.testing.assert_allclose(to_first + to_next, whole, atol=2e-6)
    np.testing.assert_allclose(to_first, u * whole, atol=2e-6)


@settings(max_examples=40, deadline=None)
@given(keys(), st.floats(0.0, 0.999))
def test_step_holds_the_previous_key_and_ends_clamp(data: tuple[np.ndarray, np.ndarray], u: float) -> None:
    times, values = data
    at = times[:-1] + u * np.diff(times)
    np.testing.assert_array_equal(sample_channel(times, values, "STEP", at, "translation"), values[:-1])
    outside = np.array([times[0] - 1.0, times[-1] + 1.0])
    np.testing.assert_array_equal(sample_channel(times, values, "LINEAR", outside, "translation"), values[[0, -1]])


@settings(max_examples=40, deadline=None)
@given(st.binary(max_size=37), arrays(np.float32, st.tuples(st.integers(1, 9), st.just(4)), elements=finite))
def test_appended_accessors_read_back_and_old_bytes_stay(prefix: bytes, values: np.ndarray) -> None:
    gltf = GltfFile({"asset": {"version": "2.0"}, "buffers": [{"byteLength": len(prefix)}]}, [prefix], True, ["glb"])
    index = append_accessor(gltf, values, "VEC4")
    assert gltf.buffers[0][:len(prefix)] == prefix
    view = gltf.json["bufferViews"][gltf.json["accessors"][index]["bufferView"]]
    assert view["byteOffset"] % 4 == 0
    np.testing.assert_array_equal(read_accessor(gltf, index), values.astype(np.float64))


def test_normalized_short_quaternions_are_read_as_unit_range() -> None:
    # KHR_mesh_quantization 식의 회전 출력: normalized SHORT, c / 32767 (−32768 은 −1 로).
    data = np.array([[32767, 0, -32768, 16384]], dtype="<i2").tobytes()
    gltf = GltfFile(
        {"asset": {"version": "2.0"}, "buffers": [{"byteLength": 8}],
         "bufferViews": [{"buffer": 0, "byteLength": 8}],
         "accessors": [{"bufferView": 0, "componentType": 5122, "normalized": True, "count": 1, "type": "VEC4"}]},
        [data], True, ["glb"],
    )
    np.testing.assert_allclose(read_accessor(gltf, 0), [[1.0, 0.0, -1.0, 16384 / 32767]])
