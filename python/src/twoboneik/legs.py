"""다리 찾기: 허벅지 → 정강이 → 발 (→ 발가락) 을 이름으로 찾는다. 이름 규약은 표 (데이터) 로, 찾는 코드는 하나.

표는 three.js 라이브러리의 팔다리 찾기 (src/rig/findLimbs.ts) 와 같은 `spec/bone_names.json` 이다. 패키지에는 그 사본
`twoboneik/data/bone_names.json` 이 들어 있고 (테스트가 원본과 바이트 단위로 같은지 확인한다), 비교도 같다:
이름을 소문자로 바꾸고 a-z·0-9 가 아닌 글자를 모두 지운 뒤, 규약의 머리말 (정규식, 예 `mixamorig[0-9]*`, `def`,
`bip[0-9]*`) + 표의 이름과 정확히 같으면 그 역할이다. 머리말이 여럿이면 rank 가 작은 쪽 (Rigify 는 DEF- 를 ORG- 보다).
결과는 무엇을 어떤 규약으로 찾았는지 말한다 — 조용히 짐작하지 않는다 (후보가 여럿이면 ValueError).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Mapping, Optional

import numpy as np
from numpy.typing import NDArray

from .bvh import BvhClip

__all__ = [
    "LEG_NAME_CONVENTIONS",
    "LEG_ROLES",
    "Leg",
    "NameConvention",
    "find_leg",
    "find_legs",
    "leg_name_conventions",
    "normalize_name",
]

#: 다리마다 표의 역할 이름 (허벅지, 정강이, 발, 발가락) — spec/bone_names.json 의 roles.
LEG_ROLES: Mapping[str, tuple[str, str, str, str]] = MappingProxyType(
    {
        "left": ("leftUpperLeg", "leftLowerLeg", "leftFoot", "leftToes"),
        "right": ("rightUpperLeg", "rightLowerLeg", "rightFoot", "rightToes"),
    }
)

# --- 파이썬에만 있는 보충 (표에 없는 규칙; 예전 legs.py 의 동작을 지킨다, three.js 쪽에는 없다) ---
# 표로 찾지 못한 이름은 이 머리말을 떼고 한 번 더 본다: Maya·MotionBuilder 의 네임스페이스 ('Character1:LeftFoot' —
# 표의 정규화는 ':' 를 지울 뿐이라 'character1leftfoot' 가 된다) 와, 어느 규약의 이름 앞에 붙었든 Blender 의
# 'DEF-'·'ORG-', 3ds Max 의 'Bip01 ' (표는 이것들을 Rigify·Biped 규약의 이름 앞에서만 안다).
_PYTHON_ONLY_PREFIX = re.compile(r"^(?:.*:)?(?:def-|org-|bip0*1[ _]?)?", re.IGNORECASE)


@dataclass(frozen=True)
class NameConvention:
    """이름 규약 하나 (spec/bone_names.json 의 conventions 의 한 항목).

    - id, label: 규약 이름 ('mixamo', 'Mixamo').
    - prefixes: (머리말 정규식, rank) — 정규화한 이름의 앞에서부터 맞춘다.
    - roles: 역할 → 그 역할의 정규화한 이름들 (표의 순서).
    """

    id: str
    label: str
    prefixes: tuple[tuple[re.Pattern[str], int], ...]
    roles: Mapping[str, tuple[str, ...]]

    def rank_of(self, normalized: str, role: str) -> Optional[int]:
        """정규화한 이름이 이 규약의 role 이면 가장 작은 머리말 rank, 아니면 None."""
        names = self.roles.get(role)
        if not names:
            return None
        ranks = [
            rank for prefix, rank in self.prefixes if (m := prefix.match(normalized)) and normalized[m.end():] in names
        ]
        return min(ranks) if ranks else None


_REMOVE = re.compile(r"[^a-z0-9]")


def normalize_name(name: str) -> str:
    """비교용 이름 (spec/bone_names.json 의 normalize, TypeScript 의 normalizeBoneName 과 같다): 소문자, a-z·0-9 만.

    'mixamorig:LeftFoot' → 'mixamorigleftfoot', 'DEF-foot.L' → 'deffootl'. 머리말은 규약마다 따로 뗀다.
    """
    return _REMOVE.sub("", name.lower())


@lru_cache(maxsize=1)
def leg_name_conventions() -> Mapping[str, NameConvention]:
    """패키지에 든 표 (twoboneik/data/bone_names.json) 에서 다리 역할을 하나라도 가진 규약들, 표의 순서대로 (id → 규약)."""
    text = (resources.files("twoboneik") / "data" / "bone_names.json").read_text(encoding="utf-8")
    tables = json.loads(text)
    normalize = tables["normalize"]
    # 표의 정규화가 바뀌면 normalize_name 도 바꿔야 한다: 조용히 다르게 비교하지 않는다.
    if normalize != {"lowercase": True, "remove": _REMOVE.pattern}:
        raise ValueError(f"bone_names.json 의 normalize 를 모릅니다 (받은 값: {normalize!r})")
    leg_roles = {role for roles in LEG_ROLES.values() for role in roles}
    conventions: dict[str, NameConvention] = {}
    for entry in tables["conventions"]:
        bones: dict[str, list[str]] = entry["bones"]
        roles = {role: tuple(str(n) for n in names) for role, names in bones.items() if role in leg_roles}
        if not roles:
            continue
        prefixes = tuple(
            (re.compile(str(prefix["pattern"])), int(prefix["rank"]))
            for prefix in sorted(entry["prefixes"], key=lambda prefix: int(prefix["rank"]))
        )
        identifier = str(entry["id"])
        conventions[identifier] = NameConvention(identifier, str(entry["label"]), prefixes, MappingProxyType(roles))
    return MappingProxyType(conventions)


#: 다리 이름 규약 (id → NameConvention), 표의 순서. find_leg 는 이 순서로 보고 세 관절이 모두 있는 첫 규약을 쓴다.
LEG_NAME_CONVENTIONS: Mapping[str, NameConvention] = leg_name_conventions()


@dataclass(frozen=True)
class Leg:
    """찾은 다리 하나 (관절 색인). toe 는 발가락 관절 (없으면 −1), toe_site 는 발의 End Site OFFSET (없으면 None).

    contact_point 로 쓸 발끝: 발가락 관절, 없으면 발의 End Site, 둘 다 없으면 발 자신.
    convention 은 찾은 규약의 id (spec/bone_names.json, 예 'mixamo', 'generic'), 이름을 주었으면 'given'.
    """

    side: str
    thigh: int
    shin: int
    foot: int
    toe: int
    toe_site: Optional[NDArray[np.float64]]
    convention: str
    names: tuple[str, ...]


def _candidates(names: list[str], convention: NameConvention, role: str) -> list[int]:
    """규약 convention 에서 role 인 관절들 중 머리말 rank 가 가장 작은 것들. 표로 못 찾으면 보충 머리말을 떼고 본다."""
    for normalized in (
        [normalize_name(n) for n in names],
        [normalize_name(_PYTHON_ONLY_PREFIX.sub("", n)) for n in names],
    ):
        ranked = [(rank, j) for j, n in enumerate(normalized) if (rank := convention.rank_of(n, role)) is not None]
        if ranked:
            best = min(rank for rank, _ in ranked)
            return [j for rank, j in ranked if rank == best]
    return []


def _describe(convention: NameConvention, roles: tuple[str, str, str]) -> str:
    """오류 메시지용: 'Mixamo (머리말 mixamorig[0-9]*): leftupleg, leftleg, leftfoot'."""
    prefixes = [prefix.pattern for prefix, _ in convention.prefixes if prefix.pattern]
    head = f"{convention.label} (머리말 {' / '.join(prefixes)})" if prefixes else convention.label
    names = []
    for role in roles:
        listed = convention.roles.get(role, ())
        names.append(listed[0] + (f" 외 {len(listed) - 1}" if len(listed) > 1 else "") if listed else "-")
    return f"{head}: {', '.join(names)}"


def find_leg(clip: BvhClip, side: str, foot: Optional[str] = None, toe: Optional[str] = None) -> Leg:
    """한쪽 (side = 'left' 또는 'right') 다리를 찾는다.

    foot 을 주면 그 관절 (정확한 이름) 이 발이고, 정강이·허벅지는 그 부모·조부모다. 주지 않으면 규약 표에서
    찾는다: 허벅지·정강이·발이 모두 같은 규약으로 있어야 하고, 정강이는 허벅지의, 발은 정강이의 직접 자식이어야
    한다 (사이에 뼈가 있으면 그 이름을 담은 ValueError — 두 뼈 IK 는 사이 뼈를 다룰 수 없다).
    """
    if side not in LEG_ROLES:
        raise ValueError(f"side 는 'left' 또는 'right' 여야 합니다 (받은 값: {side!r})")
    if foot is not None:
        thigh, shin, foot_index = _given_chain(clip, foot)
        convention = "given"
        toe_index = -1
    else:
        convention, (thigh, shin, foot_index) = _named_chain(clip, side)
        toe_index = _named_toe(clip, side, convention, foot_index)
        _check_direct_chain(clip, side, thigh, shin, foot_index)
    if toe is not None:
        toe_index = clip.joint_index(toe)
    toe_index, site = _toe_or_end_site(clip, foot_index, toe_index, toe)
    names: tuple[str, ...] = tuple(clip.names[j] for j in (thigh, shin, foot_index)) + (
        (clip.names[toe_index],) if toe_index >= 0 else ("End Site",) if site is not None else ()
    )
    return Leg(side, thigh, shin, foot_index, toe_index, site, convention, names)


def _given_chain(clip: BvhClip, foot: str) -> tuple[int, int, int]:
    """이름을 준 발과 그 부모 (정강이)·조부모 (허벅지): (허벅지, 정강이, 발)."""
    foot_index = clip.joint_index(foot)
    shin = int(clip.parents[foot_index])
    thigh = int(clip.parents[shin]) if shin >= 0 else -1
    if thigh < 0:
        raise ValueError(f"발 {foot!r} 위에 정강이와 허벅지 두 관절이 있어야 합니다")
    return thigh, shin, foot_index


def _named_chain(clip: BvhClip, side: str) -> tuple[str, tuple[int, int, int]]:
    """표의 순서로 허벅지·정강이·발이 모두 있는 첫 규약과 그 사슬: (규약 id, (허벅지, 정강이, 발))."""
    roles = LEG_ROLES[side][:3]
    for convention, table in LEG_NAME_CONVENTIONS.items():
        thighs, shins, feet = (_candidates(clip.names, table, role) for role in roles)
        if thighs and shins and feet:
            return convention, _one_chain(clip, side, convention, thighs, shins, feet)
    tried = "; ".join(_describe(table, roles) for table in LEG_NAME_CONVENTIONS.values())
    raise ValueError(
        f"{side} 다리 (허벅지 → 정강이 → 발) 를 이름으로 찾지 못했습니다. 찾아본 이름 (spec/bone_names.json,"
        f" 대소문자·구분자 무시): {tried}. --left-foot/--right-foot 로 발 관절을 주세요"
    )


def _one_chain(
    clip: BvhClip, side: str, convention: str, thighs: list[int], shins: list[int], feet: list[int]
) -> tuple[int, int, int]:
    """역할마다 후보가 하나면 그것들. 여럿이면 직접 이어진 사슬 하나만 받아들이고, 그래도 여럿·없으면 고르지 않는다."""
    if len(thighs) * len(shins) * len(feet) == 1:
        return thighs[0], shins[0], feet[0]
    chains = [
        (t, m, f) for t in thighs for m in shins for f in feet
        if int(clip.parents[m]) == t and int(clip.parents[f]) == m
    ]
    if len(chains) != 1:
        listed = ", ".join(
            f"{label} {[clip.names[j] for j in joints]}"
            for label, joints in (("허벅지", thighs), ("정강이", shins), ("발", feet))
        )
        raise ValueError(
            f"{side} 다리: 이름 규약 {convention!r} 의 후보가 여럿이라 고르지 않았습니다 ({listed})."
            " --left-foot/--right-foot 로 발 관절을 주세요"
        )
    return chains[0]


def _named_toe(clip: BvhClip, side: str, convention: str, foot_index: int) -> int:
    """같은 규약의 발가락 중 발의 직접 자식인 것이 하나면 그 색인, 아니면 −1."""
    toes = [j for j in _candidates(clip.names, LEG_NAME_CONVENTIONS[convention], LEG_ROLES[side][3])
            if int(clip.parents[j]) == foot_index]
    return toes[0] if len(toes) == 1 else -1


def _check_direct_chain(clip: BvhClip, side: str, thigh: int, shin: int, foot_index: int) -> None:
    """정강이는 허벅지의, 발은 정강이의 직접 자식이어야 한다. 아니면 사이의 뼈 (또는 아래에 있지 않음) 를 말하는 ValueError."""
    for child, parent in ((shin, thigh), (foot_index, shin)):
        if int(clip.parents[child]) != parent:
            between: list[str] = []
            j = int(clip.parents[child])
            while j >= 0 and j != parent:
                between.append(clip.names[j])
                j = int(clip.parents[j])
            if j != parent:
                raise ValueError(
                    f"{side} 다리: {clip.names[child]!r} 가 {clip.names[parent]!r} 아래에 있지 않습니다"
                )
            raise ValueError(
                f"{side} 다리: {clip.names[parent]!r} 와 {clip.names[child]!r} 사이에 뼈가 있습니다"
                f" ({', '.join(between)}) — 두 뼈 IK 는 허벅지 → 정강이 → 발이 직접 이어진 다리만 풉니다"
            )


def _toe_or_end_site(
    clip: BvhClip, foot_index: int, toe_index: int, toe: Optional[str]
) -> tuple[int, Optional[NDArray[np.float64]]]:
    """발끝: (발가락 관절 또는 −1, End Site OFFSET 또는 None). 발의 자식이 아닌 발가락은 이름을 주었으면 ValueError."""
    if toe_index >= 0 and int(clip.parents[toe_index]) != foot_index:
        if toe is not None:
            raise ValueError(f"발가락 {toe!r} 는 발 {clip.names[foot_index]!r} 의 직접 자식이어야 합니다")
        toe_index = -1
    if toe_index < 0:
        # 발가락 관절이 없으면 발의 첫 자식 관절, 그것도 없으면 End Site.
        children = [j for j, p in enumerate(clip.parents) if p == foot_index]
        toe_index = children[0] if children else -1
    site = None
    if toe_index < 0:
        sites = [offset for parent, offset in clip.end_sites if parent == foot_index]
        site = sites[0] if sites else None
    return toe_index, site


def find_legs(
    clip: BvhClip,
    left_foot: Optional[str] = None,
    right_foot: Optional[str] = None,
    left_toe: Optional[str] = None,
    right_toe: Optional[str] = None,
) -> tuple[Leg, Leg]:
    """(왼쪽 다리, 오른쪽 다리). 발·발가락 이름을 주면 그것으로, 아니면 규약 표로 찾는다."""
    return find_leg(clip, "left", left_foot, left_toe), find_leg(clip, "right", right_foot, right_toe)
