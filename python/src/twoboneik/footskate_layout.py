"""관절 배열의 배치: 다리 색인 (LegIndices)·배치 (Layout), 이름 붙은 배치 (SMPL22), 이름·JSON·dict 에서 읽기 (load_layout)."""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, Optional, Union

import numpy as np
from numpy.typing import NDArray

__all__ = ["SMPL22", "LAYOUTS", "LegIndices", "Layout", "check_fps", "load_layout"]


class LegIndices(NamedTuple):
    """한 다리의 관절 색인."""

    hip: int
    knee: int
    ankle: int
    toe: int


@dataclass(frozen=True)
class Layout:
    """관절 배열의 배치: 다리 둘 (왼, 오), 뿌리, 위 축 (0, 1, 2) 과 부호, 기본 fps (없으면 None)."""

    left: LegIndices
    right: LegIndices
    root: int = 0
    up_axis: int = 1
    up_sign: float = 1.0
    fps: Optional[float] = None
    name: str = "custom"

    @property
    def legs(self) -> tuple[LegIndices, LegIndices]:
        return (self.left, self.right)

    @property
    def leg_joints(self) -> tuple[int, ...]:
        """바뀔 수 있는 관절 (무릎·발목·발끝, 두 다리)."""
        return tuple(j for leg in self.legs for j in (leg.knee, leg.ankle, leg.toe))

    @property
    def up(self) -> NDArray[np.float64]:
        up = np.zeros(3)
        up[self.up_axis] = self.up_sign
        return up


#: SMPL-22 / HumanML3D: 0 pelvis, 1 L_hip, 2 R_hip, 4 L_knee, 5 R_knee, 7 L_ankle, 8 R_ankle, 10 L_foot, 11 R_foot
#: (발끝), 미터, Y 위, 20 fps (HumanML3D 의 t2m_kinematic_chain [0, 1, 4, 7, 10], [0, 2, 5, 8, 11]).
SMPL22 = Layout(LegIndices(1, 4, 7, 10), LegIndices(2, 5, 8, 11), root=0, up_axis=1, up_sign=1.0, fps=20.0, name="smpl22")


#: 이름으로 고를 수 있는 배치.
LAYOUTS = {"smpl22": SMPL22}


_UP_NAMES = {"+x": (0, 1.0), "-x": (0, -1.0), "+y": (1, 1.0), "-y": (1, -1.0), "+z": (2, 1.0), "-z": (2, -1.0)}


def _index(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
        raise ValueError(f"layout {where} 는 0 이상의 정수여야 합니다 (받은 값: {value!r})")
    return int(value)


def _layout_from_dict(data: Any, source: str) -> Layout:
    if not isinstance(data, dict):
        raise ValueError(f"layout {source}: JSON 객체여야 합니다 (받은 값: {type(data).__name__})")
    known = {"left", "right", "root", "up", "fps", "name"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValueError(f"layout {source}: 모르는 키 {unknown} (쓸 수 있는 키: {sorted(known)})")
    legs = []
    for side in ("left", "right"):
        leg = data.get(side)
        if not isinstance(leg, dict) or set(leg) != {"hip", "knee", "ankle", "toe"}:
            raise ValueError(
                f"layout {source}: {side!r} 는 hip, knee, ankle, toe 네 키의 객체여야 합니다 (받은 값: {leg!r})"
            )
        legs.append(LegIndices(*(_index(leg[k], f"{side}.{k}") for k in ("hip", "knee", "ankle", "toe"))))
    up = data.get("up", "+y")
    if not isinstance(up, str) or up.lower() not in _UP_NAMES:
        raise ValueError(f"layout {source}: up 은 {', '.join(_UP_NAMES)} 중 하나여야 합니다 (받은 값: {up!r})")
    fps = data.get("fps")
    if fps is not None:
        fps = check_fps(fps, f"layout {source} fps")
    axis, sign = _UP_NAMES[up.lower()]
    layout = Layout(legs[0], legs[1], _index(data.get("root", 0), "root"), axis, sign, fps, str(data.get("name", source)))
    joints = [j for leg in layout.legs for j in leg]
    if len(set(joints)) != len(joints):
        raise ValueError(f"layout {source}: 다리의 여덟 색인은 서로 달라야 합니다 (받은 값: {joints})")
    if layout.root in layout.leg_joints:
        raise ValueError(f"layout {source}: root ({layout.root}) 가 무릎·발목·발끝 색인과 같습니다")
    return layout


def load_layout(layout: Union[str, os.PathLike[str], dict[str, Any], Layout]) -> Layout:
    """'smpl22', JSON 파일의 경로, dict, Layout 에서 Layout. 잘못되면 ValueError (어느 것이 왜인지 담아).

    JSON 예: {"left": {"hip": 1, "knee": 4, "ankle": 7, "toe": 10}, "right": {...}, "root": 0, "up": "+y", "fps": 20}
    (root 기본 0, up 기본 "+y", fps 는 없어도 된다).
    """
    if isinstance(layout, Layout):
        return layout
    if isinstance(layout, dict):
        return _layout_from_dict(layout, "dict")
    if isinstance(layout, (str, os.PathLike)):
        text = os.fspath(layout)
        if text in LAYOUTS:
            return LAYOUTS[text]
        path = Path(text)
        if path.suffix.lower() != ".json" and not path.is_file():
            raise ValueError(
                f"layout: 모르는 이름 {text!r} (이름은 {', '.join(LAYOUTS)}, 아니면 .json 파일의 경로)"
            )
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as error:
            raise ValueError(f"layout: {text} 를 읽을 수 없습니다: {error.strerror or error}") from error
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise ValueError(f"layout {text}: 올바른 JSON 이 아닙니다: {error}") from error
        return _layout_from_dict(data, text)
    raise ValueError(f"layout 은 이름, .json 경로, dict, Layout 중 하나여야 합니다 (받은 값: {layout!r})")


def check_fps(fps: Any, name: str = "fps") -> float:
    if isinstance(fps, bool) or not isinstance(fps, (int, float, np.integer, np.floating)):
        raise ValueError(f"{name} 는 양의 유한한 수여야 합니다 (받은 값: {fps!r})")
    value = float(fps)
    if not (math.isfinite(value) and value > 0):
        raise ValueError(f"{name} 는 양의 유한한 수여야 합니다 (받은 값: {fps!r})")
    return value
