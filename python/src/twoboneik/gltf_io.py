"""glTF 2.0 파일 (.glb, .gltf) 을 바이트 그대로 읽고, 새 접근자 (accessor) 만 덧붙여 쓴다.

발 고정은 다리 회전 채널만 바꾸므로, 나머지 바이트는 손대지 않는 것이 목표다. 그래서 JSON 은 파이썬 dict 로 (모르는
확장·extras 도 그대로), 바이너리 버퍼는 bytes 로 들고 있다가 새 데이터를 버퍼 끝에 덧붙인다 — 원래 bufferView 의
바이트와 위치는 바뀌지 않는다. 파일이 glTF 인지는 pygltflib (선택 의존성 `twoboneik[gltf]`) 이 읽어 보고 판정한다.
"""

from __future__ import annotations

import base64
import copy
import importlib
import json
import os
import struct
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Union

import numpy as np
from numpy.typing import NDArray

__all__ = ["GltfFile", "read_gltf", "write_gltf", "read_accessor", "GltfError"]

GLB_MAGIC = 0x46546C67
CHUNK_JSON = 0x4E4F534A
CHUNK_BIN = 0x004E4942
DATA_URI = "data:application/octet-stream;base64,"

_COMPONENTS: dict[int, tuple[str, float]] = {
    # componentType → (NumPy 형, normalized 일 때 나누는 수)
    5120: ("<i1", 127.0), 5121: ("<u1", 255.0), 5122: ("<i2", 32767.0),
    5123: ("<u2", 65535.0), 5125: ("<u4", 0.0), 5126: ("<f4", 0.0),
}
_WIDTH = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT2": 4, "MAT3": 9, "MAT4": 16}


class GltfError(ValueError):
    """glTF 가 아니거나 발 고정이 다룰 수 없는 glTF (메시지는 한국어 한 줄)."""


@dataclass
class GltfFile:
    """읽은 glTF. json 은 원본 JSON 의 dict, buffers 는 버퍼마다 바이트 (없는 외부 파일은 None 이 아니라 오류).

    glb: GLB 컨테이너였는가. buffer_sources: 버퍼마다 'glb' (BIN 청크), 'data' (data URI), 'file' (외부 파일).
    """

    json: dict[str, Any]
    buffers: list[bytes]
    glb: bool
    buffer_sources: list[str] = field(default_factory=list)
    path: Optional[Path] = None
    #: 읽은 파일의 바이트. changed 가 False 이면 write_gltf 는 이것을 그대로 쓴다 (바꾼 것이 없으면 바이트 하나 다르지 않게).
    raw: bytes = b""
    changed: bool = False
    original_json: Optional[dict[str, Any]] = None

    def unchanged(self) -> bool:
        """읽은 뒤로 버퍼에 덧붙이지 않았고 JSON 도 그대로인가."""
        return bool(self.raw) and not self.changed and self.original_json == self.json


def _check_with_pygltflib(path: Path, is_glb: bool) -> None:
    """pygltflib 로 한 번 읽어 본다: 읽지 못하면 glTF 가 아니다 (확장자가 아니라 내용으로: .vrm 은 GLB 다)."""
    try:
        # 이름으로 불러온다: pygltflib 에는 타입 표기 (py.typed) 가 없어 mypy --strict 가 import 를 거부한다.
        pygltflib = importlib.import_module("pygltflib")
    except ImportError as error:  # pragma: no cover - 선택 의존성이 없는 설치
        raise GltfError("glTF 를 읽으려면 pygltflib 이 필요합니다 (pip install 'twoboneik[gltf]')") from error
    try:
        loaded = pygltflib.GLTF2().load_binary(str(path)) if is_glb else pygltflib.GLTF2().load_json(str(path))
    except Exception as error:  # pygltflib 은 여러 종류의 예외를 던진다
        raise GltfError(f"glTF 로 읽을 수 없습니다 ({type(error).__name__}: {error})") from error
    if loaded is None:
        raise GltfError("glTF 로 읽을 수 없습니다 (pygltflib 이 파일을 알아보지 못했습니다)")


def read_gltf(path: Union[str, os.PathLike[str]], check: bool = True) -> GltfFile:
    """.glb 또는 .gltf 를 읽는다. glTF 2.0 이 아니거나 버퍼를 읽을 수 없으면 GltfError.

    check: pygltflib 으로도 읽어 본다 (명령줄의 기본). pygltflib 은 JSON 을 dataclass 로 옮기느라 느리다 (채널 750 개의
    knight_cge.glb 에 수 초) — 같은 파일을 여러 번 읽는 테스트는 False 로 건너뛴다.
    """
    path = Path(path)
    data = path.read_bytes()
    is_glb = len(data) >= 12 and struct.unpack_from("<I", data, 0)[0] == GLB_MAGIC
    if not is_glb and not data.lstrip()[:1] == b"{":
        raise GltfError("glTF 가 아닙니다 (GLB 머리말도 JSON 도 아닙니다)")
    if check:
        _check_with_pygltflib(path, is_glb)
    binary: Optional[bytes] = None
    if is_glb:
        version, total = struct.unpack_from("<II", data, 4)
        if version != 2 or total > len(data):
            raise GltfError(f"GLB 머리말이 잘못되었습니다 (판 {version}, 길이 {total}, 파일 {len(data)} 바이트)")
        offset = 12
        text: Optional[bytes] = None
        while offset + 8 <= total:
            length, kind = struct.unpack_from("<II", data, offset)
            chunk = data[offset + 8:offset + 8 + length]
            if kind == CHUNK_JSON and text is None:
                text = chunk
            elif kind == CHUNK_BIN and binary is None:
                binary = chunk
            offset += 8 + length
        if text is None:
            raise GltfError("GLB 에 JSON 청크가 없습니다")
    else:
        text = data
    try:
        document = json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise GltfError(f"glTF 의 JSON 을 읽을 수 없습니다 ({error})") from error
    if not isinstance(document, dict) or str(document.get("asset", {}).get("version", "")).split(".")[0] != "2":
        raise GltfError("glTF 2.0 이 아닙니다 (asset.version)")
    buffers: list[bytes] = []
    sources: list[str] = []
    for index, buffer in enumerate(document.get("buffers", [])):
        uri = buffer.get("uri")
        if uri is None:
            if not is_glb or index != 0 or binary is None:
                raise GltfError(f"버퍼 {index} 에 uri 가 없는데 GLB 의 BIN 청크도 아닙니다")
            buffers.append(binary)
            sources.append("glb")
        elif uri.startswith("data:"):
            buffers.append(base64.b64decode(uri.split(",", 1)[1]))
            sources.append("data")
        else:
            try:
                buffers.append((path.parent / uri).read_bytes())
            except OSError as error:
                raise GltfError(f"버퍼 {index} 의 파일 {uri!r} 을 읽을 수 없습니다 ({error})") from error
            sources.append("file")
    return GltfFile(document, buffers, is_glb, sources, path, data, False, copy.deepcopy(document))


def read_accessor(gltf: GltfFile, index: int) -> NDArray[np.float64]:
    """접근자 하나를 (count, 폭) float64 배열로 (normalized 정수는 [-1, 1]·[0, 1] 로, 희소 (sparse) 도 적용)."""
    accessor = gltf.json["accessors"][index]
    width = _WIDTH[accessor["type"]]
    count = int(accessor["count"])
    component = int(accessor["componentType"])
    dtype, divisor = _COMPONENTS[component]
    out = np.zeros((count, width))
    if "bufferView" in accessor:
        out = _read_view(gltf, int(accessor["bufferView"]), int(accessor.get("byteOffset", 0)), count, width, dtype)
    sparse = accessor.get("sparse")
    if sparse is not None:
        n = int(sparse["count"])
        ind = sparse["indices"]
        positions = _read_view(gltf, int(ind["bufferView"]), int(ind.get("byteOffset", 0)), n, 1,
                               _COMPONENTS[int(ind["componentType"])][0])[:, 0].astype(np.intp)
        val = sparse["values"]
        out = out.copy()
        out[positions] = _read_view(gltf, int(val["bufferView"]), int(val.get("byteOffset", 0)), n, width, dtype)
    if accessor.get("normalized") and divisor:
        out = np.maximum(out / divisor, -1.0)
    return out


def _read_view(gltf: GltfFile, view_index: int, offset: int, count: int, width: int, dtype: str) -> NDArray[np.float64]:
    view = gltf.json["bufferViews"][view_index]
    buffer = gltf.buffers[int(view["buffer"])]
    item = np.dtype(dtype).itemsize
    stride = int(view.get("byteStride", 0)) or item * width
    start = int(view.get("byteOffset", 0)) + offset
    rows = [np.frombuffer(buffer, dtype=dtype, count=width, offset=start + k * stride) for k in range(count)] \
        if stride != item * width else [np.frombuffer(buffer, dtype=dtype, count=width * count, offset=start)]
    flat = np.concatenate(rows) if rows else np.zeros(0)
    return flat.reshape(count, width).astype(np.float64)


def append_accessor(gltf: GltfFile, array: NDArray[Any], kind: str, minmax: bool = False) -> int:
    """float32 배열을 첫 버퍼 끝에 (4 바이트 정렬로) 덧붙이고 새 bufferView·accessor 의 접근자 번호를 돌려준다."""
    data = np.ascontiguousarray(array, dtype="<f4")
    blob = bytearray(gltf.buffers[0])
    blob.extend(b"\0" * (-len(blob) % 4))
    views = gltf.json.setdefault("bufferViews", [])
    views.append({"buffer": 0, "byteOffset": len(blob), "byteLength": int(data.nbytes)})
    blob.extend(data.tobytes())
    gltf.buffers[0] = bytes(blob)
    gltf.changed = True
    count = int(data.shape[0])
    accessor: dict[str, Any] = {"bufferView": len(views) - 1, "componentType": 5126, "count": count, "type": kind}
    if minmax:
        flat = data.reshape(count, -1).astype(np.float64)
        accessor["min"] = [float(v) for v in flat.min(axis=0)]
        accessor["max"] = [float(v) for v in flat.max(axis=0)]
    accessors = gltf.json.setdefault("accessors", [])
    accessors.append(accessor)
    return len(accessors) - 1


def _encode(gltf: GltfFile) -> bytes:
    document = gltf.json
    if gltf.buffers:
        # 버퍼 0 의 길이만 바꾼다 (덧붙였으면). 4 의 배수로 채운다 (GLB BIN 청크의 규칙).
        padded = gltf.buffers[0] + b"\0" * (-len(gltf.buffers[0]) % 4) if gltf.glb else gltf.buffers[0]
        gltf.buffers[0] = padded
        document["buffers"][0]["byteLength"] = len(padded)
        if gltf.buffer_sources[0] == "data":
            document["buffers"][0]["uri"] = DATA_URI + base64.b64encode(padded).decode("ascii")
    if not gltf.glb:
        return (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 4)
    chunks = [struct.pack("<II", len(text), CHUNK_JSON), text]
    if gltf.buffers and gltf.buffer_sources[0] == "glb":
        chunks += [struct.pack("<II", len(gltf.buffers[0]), CHUNK_BIN), gltf.buffers[0]]
    body = b"".join(chunks)
    return struct.pack("<III", GLB_MAGIC, 2, 12 + len(body)) + body


def write_gltf(gltf: GltfFile, path: Union[str, os.PathLike[str]]) -> None:
    """같은 폴더의 임시 파일에 쓴 뒤 이름을 바꾼다 (실패하면 아무것도 남기지 않는다).

    버퍼 0 이 외부 파일이면 덧붙인 내용을 같은 이름으로 쓰지 않고 GltfError (원본 .bin 을 덮어쓰지 않게).
    """
    path = Path(path)
    if gltf.buffer_sources and gltf.buffer_sources[0] == "file":
        raise GltfError("버퍼 0 이 외부 .bin 파일인 .gltf 는 아직 쓸 수 없습니다 (.glb 또는 data URI 로 바꿔 주세요)")
    data = gltf.raw if gltf.unchanged() else _encode(gltf)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=str(path.parent))
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
