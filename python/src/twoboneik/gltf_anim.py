"""glTF 애니메이션을 키 시각에서 재고 (표본), 노드의 월드 행렬을 정기구학으로 구한다 (패키지 자신의 계산, 프레임 배치).

보간: LINEAR (회전은 짧은 길의 slerp, 그 밖은 선형), STEP. CUBICSPLINE 은 아직 다루지 않는다 (분명한 GltfError) —
다리 채널을 다시 쓸 때 곡선을 바꾸지 않고 옮길 방법을 정하지 않았기 때문이다. 첫 키 앞·마지막 키 뒤는 끝 값을 쓴다.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Sequence

import numpy as np
from numpy.typing import NDArray

from .gltf_io import GltfError, GltfFile, read_accessor
from .rotation import quaternion_normalize, slerp

__all__ = ["AnimationTracks", "load_animation", "sample_channel", "node_parents", "world_matrices", "compose"]

PATHS = ("translation", "rotation", "scale")


@dataclass
class AnimationTracks:
    """고른 애니메이션: 번호·이름, 키 시각의 합집합 times (F,), 노드·경로마다 (채널 번호, 입력 시각, 출력 값, 보간)."""

    index: int
    name: str
    times: NDArray[np.float64]
    channels: dict[tuple[int, str], tuple[int, NDArray[np.float64], NDArray[np.float64], str]]


def pick_animation(document: dict[str, Any], name: Optional[str]) -> int:
    animations = document.get("animations") or []
    if not animations:
        raise GltfError("애니메이션이 없습니다 — 고칠 클립이 없습니다")
    if name is None:
        return 0
    names = [str(a.get("name", "")) for a in animations]
    if name not in names:
        raise GltfError(f"애니메이션 {name!r} 이 없습니다 (있는 것: {', '.join(repr(n) for n in names)})")
    return names.index(name)


def load_animation(gltf: GltfFile, name: Optional[str] = None, index: Optional[int] = None) -> AnimationTracks:
    """첫 (또는 이름이 name 인, 또는 번호가 index 인) 애니메이션의 T·R·S 채널을 읽는다 (morph weights 는 건너뛴다)."""
    index = pick_animation(gltf.json, name) if index is None else index
    animation = gltf.json["animations"][index]
    samplers = animation.get("samplers", [])
    channels: dict[tuple[int, str], tuple[int, NDArray[np.float64], NDArray[np.float64], str]] = {}
    all_times: list[NDArray[np.float64]] = []
    for c, channel in enumerate(animation.get("channels", [])):
        target = channel.get("target", {})
        path = target.get("path")
        if path not in PATHS or "node" not in target:
            continue
        sampler = samplers[int(channel["sampler"])]
        interpolation = str(sampler.get("interpolation", "LINEAR"))
        if interpolation not in ("LINEAR", "STEP"):
            raise GltfError(
                f"애니메이션 {animation.get('name', index)!r} 의 채널 {c} 의 보간 {interpolation} 은 아직 다루지 않습니다"
                " (LINEAR 와 STEP 만)"
            )
        times = read_accessor(gltf, int(sampler["input"]))[:, 0]
        values = read_accessor(gltf, int(sampler["output"]))
        if times.size == 0 or values.shape[0] != times.size or np.any(np.diff(times) <= 0) or not np.all(np.isfinite(values)):
            raise GltfError(f"애니메이션 채널 {c} 의 키가 잘못되었습니다 (시각이 늘지 않거나 값의 수가 다릅니다)")
        channels[(int(target["node"]), str(path))] = (c, times, values, interpolation)
        all_times.append(times)
    if not channels:
        raise GltfError(f"애니메이션 {animation.get('name', index)!r} 에 노드의 이동·회전·크기 채널이 없습니다")
    merged = np.unique(np.concatenate(all_times))
    # float32 시각의 반올림 차이 (같은 프레임이 1 ulp 다른 두 접근자) 는 한 시각으로 합친다.
    keep = np.concatenate(([True], np.diff(merged) > 1e-6 * max(1.0, float(merged[-1]))))
    return AnimationTracks(index, str(animation.get("name", "")), merged[keep], channels)


def sample_channel(
    times: NDArray[np.float64], values: NDArray[np.float64], interpolation: str, at: NDArray[np.float64], path: str
) -> NDArray[np.float64]:
    """채널 하나를 시각 at (F,) 에서 잰다 (F, 폭)."""
    k = np.clip(np.searchsorted(times, at, side="right") - 1, 0, times.size - 1)
    if interpolation == "STEP" or times.size == 1:
        sampled: NDArray[np.float64] = values[k].copy()
        return quaternion_normalize(sampled) if path == "rotation" else sampled
    k = np.minimum(k, times.size - 2)
    span = times[k + 1] - times[k]
    u = np.clip((at - times[k]) / span, 0.0, 1.0)
    if path == "rotation":
        # 짧은 길의 slerp (three 의 Quaternion.slerp 와 같은 식, rotation.slerp).
        rotation: NDArray[np.float64] = quaternion_normalize(
            slerp(quaternion_normalize(values[k]), quaternion_normalize(values[k + 1]), u)
        )
        return rotation
    # 끝 (u = 1, 마지막 키 뒤) 은 다음 키를 비트 그대로.
    out: NDArray[np.float64] = np.where((u >= 1.0)[:, None], values[k + 1], values[k] + u[:, None] * (values[k + 1] - values[k]))
    return out


def node_parents(document: dict[str, Any]) -> NDArray[np.intp]:
    """노드마다 부모 번호 (뿌리는 −1). 부모가 둘인 노드는 glTF 가 아니다."""
    nodes = document.get("nodes", [])
    parents = np.full(len(nodes), -1, dtype=np.intp)
    for p, node in enumerate(nodes):
        for child in node.get("children", []):
            if parents[child] >= 0:
                raise GltfError(f"노드 {child} 의 부모가 둘입니다 ({int(parents[child])}, {p})")
            parents[child] = p
    return parents


def compose(t: NDArray[np.float64], q: NDArray[np.float64], s: NDArray[np.float64]) -> NDArray[np.float64]:
    """T·R·S 행렬 (F, 4, 4), 열벡터 규약."""
    x, y, z, w = (q[:, i] for i in range(4))
    m = np.zeros((t.shape[0], 4, 4))
    m[:, 0, 0] = 1 - 2 * (y * y + z * z)
    m[:, 0, 1] = 2 * (x * y - z * w)
    m[:, 0, 2] = 2 * (x * z + y * w)
    m[:, 1, 0] = 2 * (x * y + z * w)
    m[:, 1, 1] = 1 - 2 * (x * x + z * z)
    m[:, 1, 2] = 2 * (y * z - x * w)
    m[:, 2, 0] = 2 * (x * z - y * w)
    m[:, 2, 1] = 2 * (y * z + x * w)
    m[:, 2, 2] = 1 - 2 * (x * x + y * y)
    m[:, :3, :3] *= s[:, None, :]
    m[:, :3, 3] = t
    m[:, 3, 3] = 1.0
    return m


def local_trs(
    document: dict[str, Any], tracks: AnimationTracks, node: int, at: NDArray[np.float64]
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """노드의 로컬 (이동 (F, 3), 회전 (F, 4), 크기 (F, 3)) — 채널이 있으면 그 표본, 없으면 노드의 값."""
    spec = document["nodes"][node]
    if "matrix" in spec:
        raise GltfError(f"노드 {node} ({spec.get('name', '')!r}) 는 matrix 로 주어져 TRS 를 쓸 수 없습니다")
    frames = at.shape[0]
    defaults = {"translation": [0.0, 0.0, 0.0], "rotation": [0.0, 0.0, 0.0, 1.0], "scale": [1.0, 1.0, 1.0]}
    out = []
    for path in PATHS:
        entry = tracks.channels.get((node, path))
        if entry is not None:
            out.append(sample_channel(entry[1], entry[2], entry[3], at, path))
        else:
            value = np.array(spec.get(path, defaults[path]), dtype=float)
            if path == "rotation":
                value = quaternion_normalize(value)
            out.append(np.broadcast_to(value, (frames, value.size)).copy())
    return out[0], out[1], out[2]


def local_matrix(document: dict[str, Any], tracks: AnimationTracks, node: int, at: NDArray[np.float64]) -> NDArray[np.float64]:
    spec = document["nodes"][node]
    if "matrix" in spec and (node, "rotation") not in tracks.channels:
        # 움직이지 않는 노드는 matrix 로 주어질 수 있다 (열 우선).
        matrix = np.array(spec["matrix"], dtype=float).reshape(4, 4).T
        out: NDArray[np.float64] = np.broadcast_to(matrix, (at.shape[0], 4, 4)).copy()
        return out
    return compose(*local_trs(document, tracks, node, at))


def world_matrices(
    document: dict[str, Any], tracks: AnimationTracks, nodes: Sequence[int], at: NDArray[np.float64]
) -> dict[int, NDArray[np.float64]]:
    """nodes 와 그 모든 조상의 월드 행렬 (F, 4, 4). 장면의 뿌리 노드는 부모가 항등이다."""
    parents = node_parents(document)
    world: dict[int, NDArray[np.float64]] = {}

    def visit(node: int) -> NDArray[np.float64]:
        if node in world:
            return world[node]
        chain = [node]
        while parents[chain[-1]] >= 0 and int(parents[chain[-1]]) not in world:
            chain.append(int(parents[chain[-1]]))
        for n in reversed(chain):
            local = local_matrix(document, tracks, n, at)
            parent = int(parents[n])
            world[n] = world[parent] @ local if parent >= 0 else local
        return world[node]

    for node in nodes:
        visit(node)
    return world
