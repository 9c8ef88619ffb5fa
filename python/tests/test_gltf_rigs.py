"""저장소의 리그 (test/fixtures/rigs/, 읽기만) 와 제3자 모델 knight_cge.glb 의 모든 클립에 glTF 발 고정을 돌린다.

다리를 TypeScript findLimbs 와 같은 근거 (VRM 맵, 이름 표) 로 찾고, 결과가 pygltflib 으로 읽히며, 다리 위치가 유한하고
뼈 길이가 그대로이고, 접지 중 미끄러짐이 줄거나 (접지가 없으면) 파일이 바이트 그대로인지 본다.
저장소의 다른 폴더를 읽으므로 sdist 에는 넣지 않는다 (MANIFEST.in).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import pygltflib  # noqa: E402,F401  test 추가 의존성에 있다 (gltf): 없으면 건너뛰지 않고 실패한다

from twoboneik.gltf_anim import load_animation, world_matrices  # noqa: E402
from twoboneik.gltf_footlock import footlock_gltf  # noqa: E402
from twoboneik.gltf_io import GltfError, read_gltf, write_gltf  # noqa: E402
from twoboneik.gltf_legs import find_gltf_legs  # noqa: E402

FIXTURES = Path(__file__).resolve().parents[2] / "test" / "fixtures"
RIGS = FIXTURES / "rigs"
KNIGHT = FIXTURES / "third_party" / "knight_cge.glb"

#: 파일 → 다리를 찾은 근거 (TypeScript 의 BoneMatch.source 와 같은 이름).
SOURCES = {
    "mixamo.glb": "mixamo", "unreal.glb": "unreal", "rigify.gltf": "rigify", "vrm0.vrm": "vrm0", "vrm1.vrm": "vrm1",
    "toy_30cm.glb": "generic", "giant_10m.glb": "generic", "no_skin.glb": "mixamo",
}
KNIGHT_CLIPS = ("Attack", "Damaged", "Die", "Idle", "Walk")
CASES = [(RIGS / name, None) for name in sorted(SOURCES)] + [(KNIGHT, clip) for clip in KNIGHT_CLIPS]


@pytest.mark.parametrize(("path", "clip"), CASES, ids=[f"{p.name}:{c or 'first'}" for p, c in CASES])
def test_footlock_runs_on_the_repo_rigs(tmp_path: Path, path: Path, clip: str | None) -> None:
    before = read_gltf(path, check=False)
    legs = find_gltf_legs(before.json)
    if path.name in SOURCES:
        assert {leg.source for leg in legs} == {SOURCES[path.name]}
    result = footlock_gltf(read_gltf(path, check=False), animation=clip)
    out = tmp_path / ("out" + path.suffix)
    write_gltf(result.gltf, out)
    if path != KNIGHT or clip == "Attack":  # pygltflib 은 knight 를 읽는 데 수 초 걸린다: 클립 하나만
        import pygltflib

        loaded = pygltflib.GLTF2().load_binary(str(out)) if path.suffix != ".gltf" else pygltflib.GLTF2().load_json(str(out))
        assert loaded is not None and len(loaded.accessors) == len(result.gltf.json["accessors"])
    after = read_gltf(out, check=False)
    if not any(foot.touched for foot in result.feet):
        assert out.read_bytes() == path.read_bytes(), "접지가 없으면 파일을 바이트 그대로 쓴다"
    nodes = [n for leg in legs for n in (leg.thigh, leg.shin, leg.foot)]
    t0, t1 = load_animation(before, clip), load_animation(after, clip)
    w0 = world_matrices(before.json, t0, nodes, t0.times)
    w1 = world_matrices(after.json, t1, nodes, t0.times)
    for leg in legs:
        for a, b in ((leg.thigh, leg.shin), (leg.shin, leg.foot)):
            l0 = np.sqrt(np.sum((w0[b][:, :3, 3] - w0[a][:, :3, 3]) ** 2, axis=-1))
            l1 = np.sqrt(np.sum((w1[b][:, :3, 3] - w1[a][:, :3, 3]) ** 2, axis=-1))
            assert np.max(np.abs(l1 - l0)) <= 1e-5 * max(1.0, float(np.max(l0)))
    for foot in result.feet:
        assert foot.slide_after[0] <= foot.slide_before[0] + 1e-7
        if foot.touched:
            assert foot.slide_after[1] < 1e-4 * result.scale.units_per_metre  # 0.1 mm


@pytest.mark.parametrize("name", ["not_gltf.glb", "broken_truncated.glb", "no_limbs.glb"])
def test_the_broken_rigs_are_refused(name: str) -> None:
    with pytest.raises(GltfError):
        footlock_gltf(read_gltf(RIGS / name, check=False))


def test_the_knight_walk_in_place_has_no_contact() -> None:
    # knight 의 Walk 는 제자리 걷기: 디딘 발도 1 m/s 가까이 뒤로 간다 (일부러 미끄러지는 클립). 고치지 않는다.
    result = footlock_gltf(read_gltf(KNIGHT, check=False), animation="Walk")
    assert all(not foot.intervals for foot in result.feet)
