"""고친 .glb 가 three 의 GLTFLoader 로 읽히고, three 의 AnimationMixer 가 재는 발 위치가 우리 정기구학과 같으며 디딘 발이
정말 서 있는가 (Node 로 gltf_three_check.mjs 를 부른다).

저장소의 node_modules/three 가 있어야 한다 (make test-py 가 npm ci 를 먼저 한다): 없으면 건너뛰지 않고 실패한다.
sdist 에는 넣지 않는다 (MANIFEST.in).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pygltflib  # noqa: E402,F401  test 추가 의존성에 있다 (gltf): 없으면 건너뛰지 않고 실패한다

from twoboneik.gltf_anim import load_animation, world_matrices  # noqa: E402
from twoboneik.gltf_footlock import footlock_gltf  # noqa: E402
from twoboneik.gltf_io import read_gltf, write_gltf  # noqa: E402
from twoboneik.gltf_legs import find_gltf_legs  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SCRIPT = HERE / "gltf_three_check.mjs"
WALK = HERE / "data" / "gltf_walk_skate.glb"
KNIGHT = ROOT / "test" / "fixtures" / "third_party" / "knight_cge.glb"


def _node() -> str:
    node = shutil.which("node")
    three = ROOT / "node_modules" / "three" / "package.json"
    if node is None or not three.is_file():
        pytest.fail(f"node ({node}) 와 {three} 가 필요합니다 (make test-py 가 npm ci 를 먼저 한다)")
    return node


def _three(path: Path, animation: int, nodes: list[int], times: np.ndarray) -> dict[str, Any]:
    done = subprocess.run(
        [_node(), str(SCRIPT), str(path), str(animation), ",".join(map(str, nodes)), ",".join(repr(float(t)) for t in times)],
        capture_output=True, text=True, check=False, cwd=ROOT, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize(("source", "clip"), [(WALK, None), (KNIGHT, "Attack")], ids=["walk", "knight-attack"])
def test_three_plays_the_fixed_clip_with_the_feet_planted(tmp_path: Path, source: Path, clip: str | None) -> None:
    result = footlock_gltf(read_gltf(source, check=False), animation=clip)
    out = tmp_path / "out.glb"
    write_gltf(result.gltf, out)
    fixed = read_gltf(out, check=False)
    legs = find_gltf_legs(fixed.json)
    tracks = load_animation(fixed, clip)
    feet = [leg.foot for leg in legs]
    seen = _three(out, tracks.index, feet, result.times)
    assert clip is None or clip in seen["clips"]
    ours = world_matrices(fixed.json, tracks, feet, result.times)
    scale = max(1.0, float(np.max(np.abs(ours[feet[0]][:, :3, 3]))))
    for leg, report in zip(legs, result.feet):
        three = np.array(seen["positions"][str(leg.foot)])
        # three (float32 행렬) 과 우리 정기구학 (float64) 이 같은 자세를 잰다.
        np.testing.assert_allclose(three, ours[leg.foot][:, :3, 3], atol=2e-5 * scale)
        for s, e in report.intervals:  # three 에서도 디딘 발은 서 있다 (수평 이동)
            step = np.diff(three[s:e + 1], axis=0)
            assert np.max(np.sqrt(step[:, 0] ** 2 + step[:, 2] ** 2)) < 5e-5 * scale
