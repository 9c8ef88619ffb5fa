"""glTF 의 다리 찾기: TypeScript 의 findLimbs (src/rig/findLimbs.ts) 와 같은 순서와 같은 이름 표 (spec/bone_names.json).

1. VRM 휴머노이드 맵 (VRM 1.0 `extensions.VRMC_vrm.humanoid.humanBones.{역할: {node}}`, 없으면 VRM 0.x
   `extensions.VRM.humanoid.humanBones[{bone, node}]`).
2. 이름 표: 역할마다 모든 규약의 (머리말 + 이름) 에 맞는 노드들 가운데 스킨의 관절 (Bone) 이 먼저, 그다음 머리말 rank 가
   작은 것. 그래도 여럿이면 고르지 않는다 (GltfError) — 조용히 짐작하지 않는다. 메시·카메라 노드는 후보가 아니다.

정강이는 허벅지의, 발은 정강이의 자손이어야 한다 (사이의 비틀림 뼈는 gltf_footlock 이 그 자세 그대로 둔다).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

import numpy as np

from .gltf_anim import node_parents
from .gltf_io import GltfError
from .legs import LEG_NAME_CONVENTIONS, LEG_ROLES, normalize_name

__all__ = ["GltfLeg", "find_gltf_legs"]


@dataclass(frozen=True)
class GltfLeg:
    """다리 하나의 노드 번호: 허벅지 → (사이 뼈들) → 정강이 → (사이 뼈들) → 발 (→ 발가락, 없으면 −1).

    between_upper: 허벅지와 정강이 사이 노드 (위에서 아래로), between_lower: 정강이와 발 사이.
    source: 'vrm1', 'vrm0' 또는 이름 규약 id. names: 허벅지·정강이·발 (·발가락) 노드의 이름.
    """

    side: str
    thigh: int
    shin: int
    foot: int
    toe: int
    between_upper: tuple[int, ...]
    between_lower: tuple[int, ...]
    source: str
    names: tuple[str, ...]


def _vrm_map(document: dict[str, Any]) -> Optional[tuple[str, dict[str, int]]]:
    extensions = document.get("extensions")
    if not isinstance(extensions, dict):
        return None
    vrm1 = extensions.get("VRMC_vrm")
    if isinstance(vrm1, dict) and isinstance(vrm1.get("humanoid"), dict) and isinstance(vrm1["humanoid"].get("humanBones"), dict):
        nodes = {role: int(entry["node"]) for role, entry in vrm1["humanoid"]["humanBones"].items()
                 if isinstance(entry, dict) and isinstance(entry.get("node"), int)}
        return "vrm1", nodes
    vrm0 = extensions.get("VRM")
    if isinstance(vrm0, dict) and isinstance(vrm0.get("humanoid"), dict) and isinstance(vrm0["humanoid"].get("humanBones"), list):
        nodes = {str(entry["bone"]): int(entry["node"]) for entry in vrm0["humanoid"]["humanBones"]
                 if isinstance(entry, dict) and isinstance(entry.get("bone"), str) and isinstance(entry.get("node"), int)}
        return "vrm0", nodes
    return None


def _match(name: str, role: str) -> Optional[tuple[int, str]]:
    """이름이 역할 role 이면 (가장 작은 rank, 처음 맞은 규약 id), 아니면 None (TypeScript matchBoneName 과 같다)."""
    normalized = normalize_name(name)
    if not normalized:
        return None
    best: Optional[tuple[int, str]] = None
    for identifier, convention in LEG_NAME_CONVENTIONS.items():
        rank = convention.rank_of(normalized, role)
        if rank is not None and (best is None or rank < best[0]):
            best = (rank, identifier if best is None else best[1])
    return best


def _between(parents: np.ndarray, upper: int, lower: int) -> Optional[tuple[int, ...]]:
    """lower 가 upper 의 자손이면 그 사이 노드 (위에서 아래로), 아니면 None."""
    path: list[int] = []
    node = int(parents[lower])
    while node >= 0 and node != upper:
        path.append(node)
        node = int(parents[node])
    return tuple(reversed(path)) if node == upper else None


def find_gltf_legs(document: dict[str, Any]) -> tuple[GltfLeg, GltfLeg]:
    """(왼다리, 오른다리). 어느 하나라도 찾지 못하면 무엇을 찾아봤는지 담은 GltfError."""
    nodes = document.get("nodes", [])
    parents = node_parents(document)
    joints = {int(j) for skin in document.get("skins", []) for j in skin.get("joints", [])}
    chosen: dict[str, tuple[int, str]] = {}
    vrm = _vrm_map(document)
    roles = [role for side in ("left", "right") for role in LEG_ROLES[side]]
    if vrm is not None:
        for role in roles:
            node = vrm[1].get(role)
            if node is not None and 0 <= node < len(nodes):
                chosen[role] = (node, vrm[0])
    problems: list[str] = []
    for role in roles:
        if role in chosen:
            continue
        candidates = []
        for n, node in enumerate(nodes):
            if "mesh" in node or "camera" in node:
                continue
            hit = _match(str(node.get("name", "")), role)
            if hit is not None:
                candidates.append(((0 if n in joints else 1000) + hit[0], n, hit[1]))
        if not candidates:
            continue
        best = min(c[0] for c in candidates)
        top = [c for c in candidates if c[0] == best]
        if len(top) == 1:
            chosen[role] = (top[0][1], top[0][2])
        else:
            problems.append(f"{role}: 후보가 여럿입니다 ({', '.join(repr(nodes[c[1]].get('name')) for c in top)})")
    legs = []
    for side in ("left", "right"):
        thigh_role, shin_role, foot_role, toe_role = LEG_ROLES[side]
        missing = [role for role in (thigh_role, shin_role, foot_role) if role not in chosen]
        if missing:
            problems.append(f"{side} 다리: {', '.join(missing)} 뼈를 찾지 못했습니다")
            continue
        thigh, source = chosen[thigh_role]
        shin, foot = chosen[shin_role][0], chosen[foot_role][0]
        upper = _between(parents, thigh, shin)
        lower = _between(parents, shin, foot)
        if upper is None or lower is None:
            problems.append(f"{side} 다리: 허벅지 → 정강이 → 발이 한 사슬이 아닙니다")
            continue
        toe = chosen[toe_role][0] if toe_role in chosen else -1
        if toe >= 0 and _between(parents, foot, toe) is None:
            toe = -1
        if toe < 0:
            children = nodes[foot].get("children", [])
            toe = int(children[0]) if children else -1
        names = tuple(str(nodes[n].get("name", n)) for n in (thigh, shin, foot) + ((toe,) if toe >= 0 else ()))
        legs.append(GltfLeg(side, thigh, shin, foot, toe, upper, lower, source, names))
    if problems or len(legs) != 2:
        conventions = ", ".join(c.label for c in LEG_NAME_CONVENTIONS.values())
        raise GltfError(
            "다리를 찾지 못했습니다 — " + "; ".join(problems)
            + f" (찾아본 것: VRM 휴머노이드 맵, 이름 표 spec/bone_names.json 의 {conventions})"
        )
    return legs[0], legs[1]
