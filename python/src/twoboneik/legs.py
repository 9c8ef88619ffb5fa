"""다리 찾기: 넓적다리 → 정강이 → 발 (→ 발가락) 을 이름으로 찾는다. 이름 규약은 표 (데이터) 로, 찾는 코드는 하나.

이름은 대소문자와 구분자 (`_ . - :` 공백) 를 무시하고, 네임스페이스 (`mixamorig:`) 와 Rigify 의 `DEF-`,
3ds Max 의 `Bip01` 머리말을 떼고 비교한다. 결과는 무엇을 어떤 규약으로 찾았는지 말한다 — 조용히 짐작하지 않는다.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

import numpy as np

from .bvh import BvhClip

__all__ = ["LEG_NAME_CONVENTIONS", "Leg", "find_leg", "find_legs", "normalize_name"]

#: 규약마다 왼쪽 다리의 (넓적다리, 정강이, 발, 발가락) 이름. 오른쪽은 {L}/{l} 자리를 바꿔 만든다.
#: {Side} = Left/Right, {s} = l/r (같은 글자, 대소문자는 비교에서 무시된다).
LEG_NAME_CONVENTIONS: dict = {
    "Mixamo/CMU": ("{Side}UpLeg", "{Side}Leg", "{Side}Foot", "{Side}ToeBase"),
    "Unity/VRM": ("{Side}UpperLeg", "{Side}LowerLeg", "{Side}Foot", "{Side}Toes"),
    "DAZ/Poser": ("{s}Thigh", "{s}Shin", "{s}Foot", "{s}Toe"),
    "Unreal": ("thigh_{s}", "calf_{s}", "foot_{s}", "ball_{s}"),
    "Rigify": ("thigh.{s}", "shin.{s}", "foot.{s}", "toe.{s}"),
    "3ds Max Biped": ("{s} Thigh", "{s} Calf", "{s} Foot", "{s} Toe0"),
    "generic (Hip/Knee/Ankle)": ("{Side}Hip", "{Side}Knee", "{Side}Ankle", "{Side}Toe"),
    "generic (UpperLeg_L)": ("UpperLeg_{s}", "LowerLeg_{s}", "Foot_{s}", "Toe_{s}"),
}

_SIDES = {"left": {"Side": "Left", "s": "l"}, "right": {"Side": "Right", "s": "r"}}
_PREFIX = re.compile(r"^(?:.*:)?(?:def-|org-|bip0*1[ _]?)?", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s_.\-:]+")


def normalize_name(name: str) -> str:
    """비교용 이름: 네임스페이스·머리말을 떼고, 소문자, 구분자 없이. 'mixamorig:LeftFoot' → 'leftfoot'."""
    return _SEPARATORS.sub("", _PREFIX.sub("", name.strip())).lower()


@dataclass(frozen=True)
class Leg:
    """찾은 다리 하나 (관절 색인). toe 는 발가락 관절 (없으면 −1), toe_site 는 발의 End Site OFFSET (없으면 None).

    contact_point 로 쓸 발끝: 발가락 관절, 없으면 발의 End Site, 둘 다 없으면 발 자신.
    """

    side: str
    thigh: int
    shin: int
    foot: int
    toe: int
    toe_site: Optional[np.ndarray]
    convention: str
    names: tuple


def _lookup(clip: BvhClip) -> dict:
    table: dict = {}
    for j, name in enumerate(clip.names):
        table.setdefault(normalize_name(name), j)
    return table


def find_leg(clip: BvhClip, side: str, foot: Optional[str] = None, toe: Optional[str] = None) -> Leg:
    """한쪽 (side = 'left' 또는 'right') 다리를 찾는다.

    foot 을 주면 그 관절 (정확한 이름) 이 발이고, 정강이·넓적다리는 그 부모·조부모다. 주지 않으면 규약 표에서
    찾는다: 넓적다리·정강이·발이 모두 같은 규약으로 있어야 하고, 정강이는 넓적다리의, 발은 정강이의 직접 자식이어야
    한다 (사이에 뼈가 있으면 그 이름을 담은 ValueError — 두 뼈 IK 는 사이 뼈를 다룰 수 없다).
    """
    if side not in _SIDES:
        raise ValueError(f"side 는 'left' 또는 'right' 여야 합니다 (받은 값: {side!r})")
    toe_index = -1
    if foot is not None:
        foot_index = clip.joint_index(foot)
        shin = int(clip.parents[foot_index])
        thigh = int(clip.parents[shin]) if shin >= 0 else -1
        if thigh < 0:
            raise ValueError(f"발 {foot!r} 위에 정강이와 넓적다리 두 관절이 있어야 합니다")
        convention = "given"
        if toe is not None:
            toe_index = clip.joint_index(toe)
    else:
        table = _lookup(clip)
        found = None
        for convention, pattern in LEG_NAME_CONVENTIONS.items():
            names = [p.format(**_SIDES[side]) for p in pattern]
            indices = [table.get(normalize_name(n), -1) for n in names]
            if min(indices[:3]) >= 0:
                found = (convention, indices)
                break
        if found is None:
            tried = "; ".join(
                f"{c}: {', '.join(p.format(**_SIDES[side]) for p in pat[:3])}" for c, pat in LEG_NAME_CONVENTIONS.items()
            )
            raise ValueError(
                f"{side} 다리 (넓적다리 → 정강이 → 발) 를 이름으로 찾지 못했습니다. 찾아본 이름: {tried}."
                " --left-foot/--right-foot 로 발 관절을 주세요"
            )
        convention, (thigh, shin, foot_index, toe_index) = found
        for child, parent in ((shin, thigh), (foot_index, shin)):
            if int(clip.parents[child]) != parent:
                between = []
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
                    f" ({', '.join(between)}) — 두 뼈 IK 는 넓적다리 → 정강이 → 발이 직접 이어진 다리만 풉니다"
                )
        if toe is not None:
            toe_index = clip.joint_index(toe)
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
    names = tuple(clip.names[j] for j in (thigh, shin, foot_index)) + (
        (clip.names[toe_index],) if toe_index >= 0 else ("End Site",) if site is not None else ()
    )
    return Leg(side, thigh, shin, foot_index, toe_index, site, convention, names)


def find_legs(
    clip: BvhClip,
    left_foot: Optional[str] = None,
    right_foot: Optional[str] = None,
    left_toe: Optional[str] = None,
    right_toe: Optional[str] = None,
) -> tuple:
    """(왼쪽 다리, 오른쪽 다리). 발·발가락 이름을 주면 그것으로, 아니면 규약 표로 찾는다."""
    return find_leg(clip, "left", left_foot, left_toe), find_leg(clip, "right", right_foot, right_toe)
