"""glTF 발 고정: 알고 넣은 미끄러짐이 사라지고, 뼈 길이·다리가 아닌 채널·나머지 JSON 과 바이트가 그대로인가."""

from __future__ import annotations

import copy
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pygltflib  # noqa: E402,F401  test 추가 의존성에 있다 (gltf): 없으면 건너뛰지 않고 실패한다

from twoboneik.gltf_anim import load_animation, world_matrices  # noqa: E402
from twoboneik.gltf_footlock import footlock_gltf  # noqa: E402
from twoboneik.gltf_io import GltfFile, read_gltf, write_gltf  # noqa: E402
from twoboneik.gltf_legs import find_gltf_legs  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
WALK = DATA / "gltf_walk_skate.glb"
PYTHON_DIR = Path(__file__).resolve().parents[1]


def _generator() -> Any:
    spec = importlib.util.spec_from_file_location("make_gltf_walk", DATA / "make_gltf_walk.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _positions(gltf: GltfFile, nodes: list[int]) -> dict[int, np.ndarray]:
    tracks = load_animation(gltf)
    world = world_matrices(gltf.json, tracks, nodes, tracks.times)
    return {n: world[n][:, :3, 3] for n in nodes}


def _leg_nodes(gltf: GltfFile) -> list[int]:
    return [n for leg in find_gltf_legs(gltf.json) for n in (leg.thigh, leg.shin, leg.foot, leg.toe) if n >= 0]


def _run(tmp_path: Path, source: Path = WALK) -> tuple[GltfFile, GltfFile, Any]:
    before = read_gltf(source, check=False)
    result = footlock_gltf(read_gltf(source, check=False))
    out = tmp_path / ("out" + source.suffix)
    write_gltf(result.gltf, out)
    return before, read_gltf(out, check=False), result


def test_the_committed_walk_fixture_is_what_the_generator_makes() -> None:
    assert _generator().build() == WALK.read_bytes()


def test_the_known_skate_is_removed(tmp_path: Path) -> None:
    _, _, result = _run(tmp_path)
    skate_per_frame = _generator().SKATE_M / (_generator().STANCE * _generator().FPS)  # 5 cm / 18 프레임
    for foot in result.feet:
        assert foot.intervals, foot.side
        before_mean, before_max = foot.slide_before
        after_mean, after_max = foot.slide_after
        assert before_mean == pytest.approx(skate_per_frame, rel=0.02)
        assert after_max < 1e-5  # 10 µm: float32 로 적은 회전의 반올림
        assert foot.touched


def test_bone_lengths_and_other_bones_are_unchanged(tmp_path: Path) -> None:
    before, after, _ = _run(tmp_path)
    legs = find_gltf_legs(before.json)
    nodes = _leg_nodes(before)
    hips = 0
    p0, p1 = _positions(before, nodes + [hips]), _positions(after, nodes + [hips])
    for leg in legs:
        for a, b in ((leg.thigh, leg.shin), (leg.shin, leg.foot), (leg.foot, leg.toe)):
            l0 = np.sqrt(np.sum((p0[b] - p0[a]) ** 2, axis=-1))
            l1 = np.sqrt(np.sum((p1[b] - p1[a]) ** 2, axis=-1))
            assert np.max(np.abs(l1 - l0)) < 1e-6
        np.testing.assert_array_equal(p0[leg.thigh], p1[leg.thigh])  # 엉덩이·허벅지 뿌리는 움직이지 않는다
    np.testing.assert_array_equal(p0[hips], p1[hips])


def _leg_rotation_channels(gltf: GltfFile) -> set[int]:
    legs = find_gltf_legs(gltf.json)
    bones = {n for leg in legs for n in (leg.thigh, leg.shin, leg.foot)}
    animation = gltf.json["animations"][0]
    return {c for c, ch in enumerate(animation["channels"])
            if ch["target"].get("node") in bones and ch["target"]["path"] == "rotation"}


def test_only_leg_rotation_samplers_change_and_every_old_byte_stays(tmp_path: Path) -> None:
    before, after, _ = _run(tmp_path)
    # 버퍼: 원래 바이트가 그대로 앞에 있고, 새 데이터는 뒤에 덧붙었다.
    assert after.buffers[0][:len(before.buffers[0])] == before.buffers[0]
    assert len(after.buffers[0]) > len(before.buffers[0])
    # 원래 접근자·bufferView 는 그대로 (새 것은 뒤에만).
    n_acc, n_view = len(before.json["accessors"]), len(before.json["bufferViews"])
    assert after.json["accessors"][:n_acc] == before.json["accessors"]
    assert after.json["bufferViews"][:n_view] == before.json["bufferViews"]
    # 바뀐 sampler 는 다리 회전 채널의 것뿐이고, 새 접근자를 가리킨다.
    leg_channels = _leg_rotation_channels(before)
    assert len(leg_channels) == 6
    a0, a1 = before.json["animations"][0], after.json["animations"][0]
    assert a1["channels"] == a0["channels"]
    leg_samplers = {a0["channels"][c]["sampler"] for c in leg_channels}
    for s, (old, new) in enumerate(zip(a0["samplers"], a1["samplers"])):
        if s in leg_samplers:
            assert new["output"] >= n_acc and old.get("interpolation") == new.get("interpolation")
        else:
            assert new == old
    # 그 밖의 JSON (노드 TRS, 메시, 스킨, 재질, 장면) 은 같다; 버퍼는 길이만 다르다.
    masked0, masked1 = copy.deepcopy(before.json), copy.deepcopy(after.json)
    for doc in (masked0, masked1):
        doc["accessors"] = doc["accessors"][:n_acc]
        doc["bufferViews"] = doc["bufferViews"][:n_view]
        doc["animations"][0]["samplers"] = [x for i, x in enumerate(doc["animations"][0]["samplers"]) if i not in leg_samplers]
        doc["buffers"][0].pop("byteLength")
    assert masked0 == masked1


def test_sparse_leg_channel_is_resampled_at_every_key(tmp_path: Path) -> None:
    before, after, result = _run(tmp_path)
    right_foot = find_gltf_legs(before.json)[1].foot
    t0 = load_animation(before).channels[(right_foot, "rotation")][1]
    t1 = load_animation(after).channels[(right_foot, "rotation")][1]
    assert t0.size == 21 and t1.size == 61
    np.testing.assert_array_equal(t1, result.times)


def test_leg_rotations_outside_contacts_keep_their_values(tmp_path: Path) -> None:
    before, after, result = _run(tmp_path)
    tracks0, tracks1 = load_animation(before), load_animation(after)
    from twoboneik.footlock import blend_weights
    from twoboneik.gltf_anim import local_trs

    legs = find_gltf_legs(before.json)
    for leg, foot in zip(legs, result.feet):
        weight, _ = blend_weights(foot.intervals, result.times.size, 5)
        free = weight == 0
        assert free.any()
        for node in (leg.thigh, leg.shin, leg.foot):
            q0 = local_trs(before.json, tracks0, node, result.times)[1][free]
            q1 = local_trs(after.json, tracks1, node, result.times)[1][free]
            assert np.max(np.abs(np.abs(np.sum(q0 * q1, axis=-1)) - 1)) < 1e-6


def test_the_output_loads_with_pygltflib(tmp_path: Path) -> None:
    import pygltflib

    _, after, _ = _run(tmp_path)
    loaded = pygltflib.GLTF2().load_binary(str(tmp_path / "out.glb"))
    assert loaded is not None
    assert len(loaded.accessors) == len(after.json["accessors"])
    assert len(loaded.binary_blob()) == loaded.buffers[0].byteLength


def test_a_twist_bone_between_thigh_and_shin_is_kept(tmp_path: Path) -> None:
    # Unreal·Rigify 처럼 허벅지와 정강이 사이에 비틀림 뼈: 그 자세는 그대로, 발은 여전히 딛는다.
    gltf = read_gltf(WALK, check=False)
    nodes = gltf.json["nodes"]
    for side in ("Left", "Right"):
        thigh = next(i for i, n in enumerate(nodes) if n["name"] == f"{side}UpperLeg")
        shin = next(i for i, n in enumerate(nodes) if n["name"] == f"{side}LowerLeg")
        twist = len(nodes)
        nodes.append({"name": f"{side}UpperLegTwist", "translation": [0.0, -0.21, 0.0],
                      "rotation": [0.0, float(np.sin(0.05)), 0.0, float(np.cos(0.05))], "children": [shin]})
        nodes[thigh]["children"] = [twist]
        nodes[shin]["translation"] = [0.0, -0.21, 0.0]
    path = tmp_path / "twist.glb"
    write_gltf(gltf, path)
    legs = find_gltf_legs(read_gltf(path, check=False).json)
    assert all(len(leg.between_upper) == 1 for leg in legs)
    before = read_gltf(path, check=False)
    twist_nodes = [leg.between_upper[0] for leg in legs]
    result = footlock_gltf(read_gltf(path, check=False))
    write_gltf(result.gltf, tmp_path / "twist_out.glb")
    after = read_gltf(tmp_path / "twist_out.glb", check=False)
    assert after.json["nodes"] == before.json["nodes"]
    for foot in result.feet:
        assert foot.intervals and foot.slide_before[0] > 1e-3 and foot.slide_after[1] < 1e-5
    p0, p1 = _positions(before, twist_nodes), _positions(after, twist_nodes)
    for n in twist_nodes:  # 비틀림 뼈의 뿌리 (허벅지 아래 0.21 m) 는 허벅지와 함께 움직일 뿐, 길이는 그대로
        assert np.all(np.isfinite(p1[n])) and p0[n].shape == p1[n].shape


# ---------------------------------------------------------------- 명령줄: 잘못된 입력은 한 줄, 0 이 아닌 종료, 쓰지 않음


def _cli(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "twoboneik", "footlock", *arguments], capture_output=True, text=True,
                          check=False, cwd=PYTHON_DIR)


def test_cli_writes_a_glb_and_reports(tmp_path: Path) -> None:
    out = tmp_path / "walk.glb"
    done = _cli(str(WALK), "-o", str(out), "--metrics", "json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["animation"] == "WalkSkate" and report["keys"] == 61
    for foot in report["feet"]:
        assert foot["slide_mean_m"]["before"] > 2e-3 and foot["slide_max_m"]["after"] < 1e-5
    assert read_gltf(out, check=False).json["asset"]["version"] == "2.0"


def _variant(tmp_path: Path, edit: Any, name: str = "bad.glb") -> Path:
    gltf = read_gltf(WALK, check=False)
    edit(gltf.json)
    path = tmp_path / name
    write_gltf(gltf, path)
    return path


@pytest.mark.parametrize(
    ("case", "needle"),
    [
        ("not_gltf", "glTF 가 아닙니다"),
        ("no_animation", "애니메이션이 없습니다"),
        ("no_legs", "다리를 찾지 못했습니다"),
        ("missing_name", "애니메이션 'Run' 이 없습니다"),
        ("cubicspline", "CUBICSPLINE"),
    ],
)
def test_cli_bad_input_is_one_message_and_nothing_is_written(tmp_path: Path, case: str, needle: str) -> None:
    extra: list[str] = []
    if case == "not_gltf":
        source = tmp_path / "bad.glb"
        source.write_bytes(b"this is not a glTF file at all")
    elif case == "no_animation":
        source = _variant(tmp_path, lambda j: j.pop("animations"))
    elif case == "no_legs":
        source = _variant(tmp_path, lambda j: [n.update(name=f"bone{i}") for i, n in enumerate(j["nodes"])])
    elif case == "missing_name":
        source, extra = WALK, ["--animation", "Run"]
    else:
        source = _variant(tmp_path, lambda j: j["animations"][0]["samplers"][0].update(interpolation="CUBICSPLINE"))
    out = tmp_path / "out.glb"
    done = _cli(str(source), "-o", str(out), *extra)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], done.stderr
    assert not out.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out.glb")]  # 임시 파일도 남지 않는다


def test_a_gltf_with_an_embedded_buffer_round_trips(tmp_path: Path) -> None:
    # .gltf (JSON 글) 의 data: URI 버퍼: 덧붙인 뒤 URI 를 다시 싸고, 원래 바이트는 앞에 그대로.
    import base64

    import pygltflib

    glb = read_gltf(WALK, check=False)
    document = copy.deepcopy(glb.json)
    document["buffers"][0]["uri"] = "data:application/octet-stream;base64," + base64.b64encode(glb.buffers[0]).decode("ascii")
    source = tmp_path / "walk.gltf"
    source.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    before = read_gltf(source)
    assert before.buffer_sources == ["data"] and not before.glb
    out = tmp_path / "fixed.gltf"
    done = _cli(str(source), "-o", str(out), "--quiet")
    assert done.returncode == 0, done.stderr
    after = read_gltf(out)
    assert after.buffers[0][:len(before.buffers[0])] == before.buffers[0]
    assert after.json["buffers"][0]["byteLength"] == len(after.buffers[0])
    assert after.json["nodes"] == before.json["nodes"]
    assert pygltflib.GLTF2().load_json(str(out)) is not None
    legs = find_gltf_legs(after.json)
    p0, p1 = _positions(before, [legs[0].thigh]), _positions(after, [legs[0].thigh])
    np.testing.assert_array_equal(p0[legs[0].thigh], p1[legs[0].thigh])


@settings(max_examples=8, deadline=None)
@given(skate=st.floats(0.005, 0.08), blend=st.integers(0, 8))
def test_any_stance_skate_is_removed_and_only_leg_samplers_change(tmp_path_factory: pytest.TempPathFactory,
                                                                  skate: float, blend: int) -> None:
    from twoboneik.footlock import FootlockOptions

    folder = tmp_path_factory.mktemp("skate")
    source = folder / "walk.glb"
    source.write_bytes(_generator().build(skate))
    before = read_gltf(source, check=False)
    result = footlock_gltf(read_gltf(source, check=False), FootlockOptions(blend_frames=blend))
    write_gltf(result.gltf, folder / "out.glb")
    after = read_gltf(folder / "out.glb", check=False)
    for foot in result.feet:
        assert foot.intervals
        assert foot.slide_before[0] == pytest.approx(skate / 18, rel=0.02)
        assert foot.slide_after[1] < 1e-5
    assert after.buffers[0][:len(before.buffers[0])] == before.buffers[0]
    n = len(before.json["accessors"])
    assert after.json["accessors"][:n] == before.json["accessors"]
    leg_samplers = {before.json["animations"][0]["channels"][c]["sampler"] for c in _leg_rotation_channels(before)}
    for s, (old, new) in enumerate(zip(before.json["animations"][0]["samplers"], after.json["animations"][0]["samplers"])):
        assert (new == old) != (s in leg_samplers)
    nodes = _leg_nodes(before)
    p0, p1 = _positions(before, nodes), _positions(after, nodes)
    for leg in find_gltf_legs(before.json):
        for a, b in ((leg.thigh, leg.shin), (leg.shin, leg.foot), (leg.foot, leg.toe)):
            l0 = np.sqrt(np.sum((p0[b] - p0[a]) ** 2, axis=-1))
            l1 = np.sqrt(np.sum((p1[b] - p1[a]) ** 2, axis=-1))
            assert np.max(np.abs(l1 - l0)) < 1e-6
