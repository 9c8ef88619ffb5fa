"""BVH 읽기·쓰기: 어떤 계층·채널 순서든 읽고, 건드리지 않은 것은 바이트 그대로 쓰고, 잘못된 파일은 줄 번호로 거부한다."""

from __future__ import annotations

import os
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import DATA_DIR
from twoboneik.bvh import BvhClip, format_bvh, parse_bvh, read_bvh, write_bvh
from twoboneik.fk import euler_to_matrix, forward_kinematics, rotation_order
from twoboneik.synthetic import make_walk

DATA = DATA_DIR  # tests/data (conftest)
REAL_CLIP = DATA / "mocapbank_trimmed.bvh"

# 위치 채널이 루트가 아닌 관절에도 있고, 관절마다 채널 순서·오일러 순서가 다르고, 루트가 둘, 이름에 콜론.
ODD = """HIERARCHY
ROOT a:Root
{
  OFFSET 1 2 3
  CHANNELS 6 Yrotation Xposition Zrotation Zposition Xrotation Yposition
  JOINT Child
  {
    OFFSET 0 10.5 0
    CHANNELS 4 Xrotation Yrotation Zrotation Xposition
    End Site
    {
      OFFSET 0 1 0
    }
  }
  JOINT NoChannels
  {
    OFFSET 1 0 0
    CHANNELS 0
    End Site
    {
      OFFSET 0 0 1
    }
  }
}
ROOT Second
{
\tOFFSET -1 0 0
\tCHANNELS 1 xrotation
}
MOTION
Frames: 2
Frame Time: 0.0083333
0.10 -2 3e1 4 5.000 6\t7 8 9 10 11
-0.0 1 2 3 4 5 6 7 8 9 10
"""


def test_reads_any_hierarchy_channel_order_and_end_sites():
    clip = parse_bvh(ODD)
    assert clip.names == ["a:Root", "Child", "NoChannels", "Second"]
    assert clip.parents.tolist() == [-1, 0, 0, -1]
    assert clip.channels[0] == ("Yrotation", "Xposition", "Zrotation", "Zposition", "Xrotation", "Yposition")
    assert clip.channels[3] == ("Xrotation",)  # 철자는 표준 이름으로
    assert clip.channel_start.tolist() == [0, 6, 10, 10]
    assert [p for p, _ in clip.end_sites] == [1, 2]
    assert clip.frame_time == 0.0083333
    assert clip.motion.shape == (2, 11)
    assert clip.motion[0, 2] == 30.0 and np.signbit(clip.motion[1, 0])
    assert clip.channel_index(1, "Xposition") == 9 and clip.channel_index(1, "Yposition") == -1


def test_a_clip_with_nothing_changed_round_trips_byte_for_byte(tmp_path):
    for text in (ODD, ODD.replace("\n", "\r\n"), ODD.rstrip("\n")):
        path = tmp_path / "odd.bvh"
        path.write_bytes(text.encode())
        write_bvh(tmp_path / "out.bvh", read_bvh(path))
        assert (tmp_path / "out.bvh").read_bytes() == text.encode()


def test_the_real_clip_round_trips_byte_for_byte(tmp_path):
    write_bvh(tmp_path / "out.bvh", read_bvh(REAL_CLIP))
    assert (tmp_path / "out.bvh").read_bytes() == REAL_CLIP.read_bytes()


def test_a_generated_clip_round_trips_its_numbers_exactly(tmp_path):
    walk = make_walk(frames=30, heading_degrees=23.0)
    write_bvh(tmp_path / "walk.bvh", walk.clip)
    again = read_bvh(tmp_path / "walk.bvh")
    assert again.names == walk.clip.names
    assert np.array_equal(again.offsets, walk.clip.offsets)
    assert np.array_equal(again.motion.view(np.int64), walk.clip.motion.view(np.int64))
    assert again.frame_time == walk.clip.frame_time
    write_bvh(tmp_path / "walk2.bvh", again)
    assert (tmp_path / "walk2.bvh").read_bytes() == (tmp_path / "walk.bvh").read_bytes()


def test_copy_is_deep_so_editing_the_copy_leaves_the_original_and_its_text_as_read():
    clip = read_bvh(REAL_CLIP)
    text = format_bvh(clip)
    names, parents, offsets, motion = list(clip.names), clip.parents.copy(), clip.offsets.copy(), clip.motion.copy()
    edited = clip.copy()
    edited.names[0] = "renamed"
    edited.parents[1] = 0
    edited.offsets += 1.0
    edited.channels[0] = ()
    edited.end_sites[0][1][:] = 7.0
    edited.motion += 1.0
    assert clip.names == names
    np.testing.assert_array_equal(clip.parents, parents)
    np.testing.assert_array_equal(clip.offsets, offsets)
    np.testing.assert_array_equal(clip.motion, motion)
    assert clip.channels[0] != () and not np.all(clip.end_sites[0][1] == 7.0)
    assert format_bvh(clip) == text


def test_changed_values_are_rewritten_and_every_other_token_and_separator_is_kept():
    clip = parse_bvh(ODD)
    edited = clip.copy()
    edited.motion[0, 4] = 1 / 3  # 줄 1 의 다섯 번째 토큰 '5.000'
    edited.motion[1, 0] = 0.0  # −0 → +0 도 바뀐 것으로 본다
    text = format_bvh(edited)
    lines = text.split("\n")
    assert lines[-3] == f"0.10 -2 3e1 4 {1 / 3!r} 6\t7 8 9 10 11"
    assert lines[-2] == "0.0 1 2 3 4 5 6 7 8 9 10"
    assert text.split("MOTION")[0] == ODD.split("MOTION")[0]
    assert np.array_equal(parse_bvh(text).motion, edited.motion)
    assert clip.motion[0, 4] == 5.0  # 원래 클립은 그대로


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        (ODD.replace("MOTION\n", ""), 34, "MOTION"),
        (ODD.replace("0.10 -2 3e1 4 5.000 6\t7 8 9 10 11", "0.10 -2 3e1 4 5.000 6 7 8 9 10"), 33, "채널 수"),
        (ODD.replace("-0.0 1 2 3 4 5 6 7 8 9 10", "-0.0 1 2 3 4 5 6 7 8 9 10 11"), 34, "채널 수"),
        (ODD.replace("5.000", "five"), 33, "숫자가 아닌"),
        (ODD.replace("5.000", "nan"), 33, "숫자가 아닌"),
        (ODD.replace("5.000", "1_000"), 33, "숫자가 아닌"),
        (ODD.replace("5.000", "1e999"), 33, "유한하지"),
        (ODD.replace("Frames: 2", "Frames: 3"), 35, "잘렸습니다"),
        (ODD.replace("Frames: 2", "Frames: 1"), 34, "Frames:"),
        (ODD.replace("Frames: 2", "Frames: two"), 31, "숫자가 아닙니다"),
        (ODD.replace("Frame Time: 0.0083333", "Frame Time: 0"), 32, "Frame Time"),
        (ODD.replace("CHANNELS 4 Xrotation", "CHANNELS 5 Xrotation"), 10, "채널 수 5"),
        (ODD.replace("CHANNELS 0", "CHANNELS x"), 18, "정수"),
        (ODD.replace("OFFSET 0 10.5 0", "OFFSET 0 ten 0"), 8, "OFFSET"),
        (ODD.replace("Yrotation Xposition", "Wrotation Xposition"), 5, "모르는 채널"),
        (ODD.replace("JOINT Child", "BONE Child"), 6, "JOINT"),
        (ODD.replace("HIERARCHY", "HIERARCHIE"), 1, "HIERARCHY"),
        (ODD.replace("JOINT NoChannels", "JOINT Child"), 15, "두 번"),
        (ODD.split("MOTION")[0].rsplit("}", 1)[0] + "MOTION\nFrames: 0\nFrame Time: 1\n", 29, "'}'"),
    ],
)
def test_malformed_files_are_rejected_naming_the_line(text, line, words):
    with pytest.raises(ValueError) as error:
        parse_bvh(text)
    message = str(error.value)
    assert f"줄 {line}:" in message, message
    assert words in message, message


def test_read_errors_name_the_file(tmp_path):
    path = tmp_path / "bad.bvh"
    path.write_text(ODD.replace("5.000", "x"))
    with pytest.raises(ValueError, match=r"bad\.bvh: 줄 33:"):
        read_bvh(path)


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path):
    target = tmp_path / "out.bvh"
    target.write_text("old")
    clip = parse_bvh(ODD)
    clip.motion[1, 3] = np.nan
    with pytest.raises(ValueError, match=r"clip.motion\[1, 3\]"):
        write_bvh(target, clip)
    assert target.read_text() == "old"
    assert os.listdir(tmp_path) == ["out.bvh"]


def test_a_write_interrupted_midway_removes_its_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "out.bvh"

    def broken_replace(source, destination):
        raise OSError("디스크 가득 참 (흉내)")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_bvh(target, parse_bvh(ODD))
    assert os.listdir(tmp_path) == []


def test_latin1_names_are_written_back_in_the_same_encoding(tmp_path):
    data = ODD.replace("Second", "Cuisse\xe9").encode("latin-1")
    path = tmp_path / "latin.bvh"
    path.write_bytes(data)
    clip = read_bvh(path)
    assert clip.names[3] == "Cuisse\xe9"
    write_bvh(tmp_path / "out.bvh", clip)
    assert (tmp_path / "out.bvh").read_bytes() == data


def test_a_clip_built_in_memory_is_written_with_a_fresh_header():
    clip = BvhClip(
        ["Hips", "Leg"], np.array([-1, 0]), np.array([[0.0, 0, 0], [0, -1.5, 0]]),
        [("Xposition", "Yposition", "Zposition", "Zrotation", "Xrotation", "Yrotation"), ("Xrotation",)],
        [(1, np.array([0.0, -1.0, 0.0]))], 1 / 30, np.arange(14, dtype=float).reshape(2, 7) / 7,
    )
    again = parse_bvh(format_bvh(clip))
    assert again.names == clip.names and again.channels == clip.channels
    assert np.array_equal(again.motion, clip.motion) and again.frame_time == clip.frame_time
    assert np.array_equal(again.end_sites[0][1], clip.end_sites[0][1])


# --- 무작위 계층·채널 순서·숫자 표기·구분자로 왕복 (Hypothesis, 씨앗 고정) ---

CHANNELS = ["Xposition", "Yposition", "Zposition", "Xrotation", "Yrotation", "Zrotation"]


@st.composite
def number_token(draw):
    value = draw(st.floats(-1e4, 1e4, allow_nan=False) | st.integers(-999, 999).map(float))
    style = draw(st.sampled_from(["repr", "fixed4", "int", "exp", "plus"]))
    if style == "repr":
        return repr(value)
    if style == "fixed4":
        return f"{value:.4f}"
    if style == "int":
        return str(int(value))
    if style == "exp":
        return f"{value:.6e}"
    return f"+{abs(value):g}"


@st.composite
def bvh_text(draw):
    joints = draw(st.integers(1, 7))
    parents = [-1] + [draw(st.integers(-1 if k > 2 else 0, k - 1)) for k in range(1, joints)]
    channels = [draw(st.permutations(CHANNELS).flatmap(lambda p: st.integers(0, 6).map(lambda n: p[:n])))
                for _ in range(joints)]
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    indent = draw(st.sampled_from(["\t", "  "]))
    lines = ["HIERARCHY"]

    def emit(j, depth):
        pad = indent * depth
        lines.append(f"{pad}{'ROOT' if parents[j] < 0 else 'JOINT'} J{j}")
        lines.append(pad + "{")
        lines.append(f"{pad}{indent}OFFSET {' '.join(draw(number_token()) for _ in range(3))}")
        lines.append(f"{pad}{indent}CHANNELS {len(channels[j])}{''.join(' ' + c for c in channels[j])}")
        children = [c for c in range(joints) if parents[c] == j]
        for c in children:
            emit(c, depth + 1)
        if not children:
            lines.extend([f"{pad}{indent}End Site", f"{pad}{indent}{{", f"{pad}{indent * 2}OFFSET 0 1 0", f"{pad}{indent}}}"])
        lines.append(pad + "}")

    for root in [j for j in range(joints) if parents[j] < 0]:
        emit(root, 0)
    frames = draw(st.integers(0, 5))
    count = sum(len(c) for c in channels)
    lines += ["MOTION", f"Frames: {frames}", "Frame Time: 0.0333333"]
    for _ in range(frames):
        tokens = [draw(number_token()) for _ in range(count)]
        separators = [draw(st.sampled_from([" ", "\t", "  "])) for _ in tokens]
        lines.append("".join(t + s for t, s in zip(tokens, separators)))
    text = newline.join(lines) + (newline if draw(st.booleans()) else "")
    return text, frames, count


@settings(derandomize=True, max_examples=60, deadline=None)
@given(bvh_text(), st.data())
def test_random_files_round_trip_byte_for_byte_and_edits_touch_only_their_tokens(generated, data):
    text, frames, count = generated
    clip = parse_bvh(text)
    assert clip.motion.shape == (frames, count)
    assert format_bvh(clip) == text
    if frames == 0 or count == 0:
        return
    edited = clip.copy()
    cells = data.draw(st.lists(st.tuples(st.integers(0, frames - 1), st.integers(0, count - 1)), min_size=1, max_size=6))
    for row, column in cells:
        edited.motion[row, column] = data.draw(st.floats(-1e6, 1e6, allow_nan=False))
    new_text = format_bvh(edited)
    again = parse_bvh(new_text)
    assert np.array_equal(again.motion.view(np.int64), edited.motion.view(np.int64))
    changed = edited.motion.view(np.int64) != clip.motion.view(np.int64)
    old_rows = text.split("MOTION")[1].splitlines()[3:]
    new_rows = new_text.split("MOTION")[1].splitlines()[3:]
    for row, (old_line, new_line) in enumerate(zip(old_rows, new_rows)):
        for column, (old, new) in enumerate(zip(old_line.split(), new_line.split())):
            assert (old == new) or changed[row, column]
        # 구분자 (스페이스, 탭, 두 칸, 줄 끝 공백) 는 바뀐 토큰 사이에서도 원문 그대로다.
        assert re.findall(r"\s+", old_line) == re.findall(r"\s+", new_line)


@settings(derandomize=True, max_examples=40, deadline=None)
@given(bvh_text())
def test_forward_kinematics_equals_a_frame_by_frame_matrix_walk(generated):
    clip = parse_bvh(generated[0])
    pose = forward_kinematics(clip)
    for f in range(clip.frame_count):
        world = {}
        for j, parent in enumerate(clip.parents):
            local = np.eye(4)
            local[:3, 3] = clip.offsets[j]
            start = int(clip.channel_start[j])
            rotation = np.eye(3)
            for k, channel in enumerate(clip.channels[j]):
                value = clip.motion[f, start + k]
                if channel.endswith("position"):
                    local[:3, 3]["XYZ".index(channel[0])] = value
                else:
                    rotation = rotation @ euler_to_matrix(channel[0], np.array([value]))
            local[:3, :3] = rotation
            world[j] = local if parent < 0 else world[int(parent)] @ local
            scale = 1.0 + np.max(np.abs(world[j][:3, 3]))
            assert np.allclose(pose.positions[f, j], world[j][:3, 3], atol=1e-9 * scale)
            assert np.allclose(pose.rotations[f, j], world[j][:3, :3], atol=1e-12)
        assert rotation_order(clip.channels[0]) == "".join(c[0] for c in clip.channels[0] if c.endswith("rotation"))


def test_a_clip_without_channels_has_blank_frame_lines_and_round_trips(tmp_path):
    # Hypothesis 가 찾은 경우: CHANNELS 0 이면 프레임 줄은 빈 줄이다 (잘린 프레임이 아니다).
    header = "HIERARCHY\nROOT J0\n{\n\tOFFSET 0.0 0.0 0.0\n\tCHANNELS 0\n\tEnd Site\n\t{\n\t\tOFFSET 0 1 0\n\t}\n}\nMOTION\n"
    text = header + "Frames: 2\nFrame Time: 0.0333333\n\n"
    clip = parse_bvh(text)
    assert clip.motion.shape == (2, 0)
    write_bvh(tmp_path / "out.bvh", clip)
    assert (tmp_path / "out.bvh").read_bytes() == text.encode()
    with pytest.raises(ValueError, match="줄 15: 채널 수 0 와 맞지 않는 프레임입니다 \\(값 1 개\\)"):
        parse_bvh(header + "Frames: 2\nFrame Time: 0.0333333\n\n1.0\n")


def test_frame_values_separated_by_any_ascii_whitespace_are_read_and_kept(tmp_path):
    # 줄 안의 CR (옛 Mac 줄바꿈이 섞인 파일), VT, FF 도 공백이다 (str.split 과 같다); 쓰면 원문 그대로.
    header = "HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\nEnd Site\n{\nOFFSET 0 1 0\n}\n}\nMOTION\n"
    text = header + "Frames: 2\nFrame Time: 0.5\n1\r2\x0b3\x0c\n4\t5  6\r\n"
    clip = parse_bvh(text)
    assert clip.motion.tolist() == [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
    clip.motion[1, 1] = -0.25
    write_bvh(tmp_path / "out.bvh", clip)
    assert (tmp_path / "out.bvh").read_bytes() == (header + "Frames: 2\nFrame Time: 0.5\n1\r2\x0b3\x0c\n4\t-0.25  6\r\n").encode()


def test_neighbouring_edited_values_keep_every_separator_between_them(tmp_path):
    # 쓰기는 스페이스 하나로 이어진 바뀐 토큰들을 한 토막으로 바꾼다: 탭·두 칸·줄 끝 사이는 토막을 끊고 그대로 둔다.
    header = "HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
    header += "End Site\n{\nOFFSET 0 1 0\n}\n}\nMOTION\nFrames: 3\nFrame Time: 0.5\n"
    clip = parse_bvh(header + "1 2\t3  4 5 6\n7 8 9 10 11 12 \n13 14 15 16 17 18\n")
    clip.motion[0, :] = [0.5, -0.0, 2.25, 1e-7, 4.0, 1 / 3]
    clip.motion[1, 4:] = [-1.5, 100.0]
    clip.motion[2, 0] = 0.125
    expected = (
        header
        + "0.5 -0.0\t2.25  1e-07 4.0 0.3333333333333333\n7 8 9 10 -1.5 100.0 \n0.125 14 15 16 17 18\n"
    )
    assert format_bvh(clip) == expected
    write_bvh(tmp_path / "out.bvh", clip)
    assert (tmp_path / "out.bvh").read_bytes() == expected.encode()


def _rewrite_token_by_token(text: str, old: np.ndarray, new: np.ndarray) -> str:
    """쓰기의 약속을 줄마다·토큰마다 그대로 옮긴 느린 기준: 바뀐 칸의 토큰만 repr 로, 구분자는 원문 그대로."""
    head, motion = text.split("MOTION", 1)
    header_lines = motion.split("\n", 3)[:3]
    body = motion.split("\n", 3)[3]
    changed = new.view(np.int64) != old.view(np.int64)
    out_lines = []
    for row, line in enumerate(body.split("\n")):
        pieces = re.split(r"([ \t\r\x0b\x0c]+)", line)
        column = 0
        for k, piece in enumerate(pieces):
            if piece and not piece.isspace():
                if row < changed.shape[0] and changed[row, column]:
                    pieces[k] = repr(float(new[row, column]))
                column += 1
        out_lines.append("".join(pieces))
    return head + "MOTION" + "\n".join(header_lines) + "\n" + "\n".join(out_lines)


@pytest.mark.parametrize("ending", ["\n", "\r\n", " \r\n", "\t \n", ""])
def test_the_fast_rewrite_equals_a_token_by_token_rewrite_at_every_line_ending(ending):
    # 쓰기는 바뀐 토큰의 끝을 다음 토큰의 시작에서 거꾸로 찾는다: 줄 끝 공백·CR·파일 끝 (줄바꿈 없음) 에서도 같아야 한다.
    header = "HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zrotation\n"
    header += "End Site\n{\nOFFSET 0 1 0\n}\n}\nMOTION\nFrames: 4\nFrame Time: 0.5\n"
    rows = ["1 2 3", "4.50\t5  -6", "7e0 +8 9.000", "10 11 12"]
    text = header + ending.join(rows) + ending if ending else header + "\n".join(rows)
    clip = parse_bvh(text)
    edited = clip.copy()
    edited.motion[:, 2] = [0.1, -0.0, 1e-7, 1 / 3]  # 줄 끝 열 (마지막 줄은 파일의 끝)
    edited.motion[1, 0] = 2.5
    edited.motion[2, 1] = 8.0  # '+8' 과 같은 값: 비트가 같으므로 원문 그대로
    assert format_bvh(edited) == _rewrite_token_by_token(text, clip.motion, edited.motion)


def test_a_foot_locked_real_clip_is_written_as_the_token_by_token_rewrite():
    # footlock 이 실제로 바꾸는 칸들 (다리 회전 열, 접지 프레임) 로: 빠른 쓰기와 느린 기준이 바이트 단위로 같다.
    from twoboneik.footlock import footlock

    text = REAL_CLIP.read_bytes().decode("utf-8")
    clip = parse_bvh(text)
    fixed = footlock(clip).clip
    assert (fixed.motion != clip.motion).any()
    assert format_bvh(fixed) == _rewrite_token_by_token(text, clip.motion, fixed.motion)


def test_copy_with_new_motion_uses_that_array_and_leaves_the_original_alone():
    clip = parse_bvh(ODD)
    motion = clip.motion + 1.0
    edited = clip.copy(motion=motion)
    assert edited.motion is motion
    edited.names.append("Extra")
    assert clip.names[-1] == "Second" and clip.motion[0, 0] == 0.1
    assert parse_bvh(format_bvh(edited)).motion.tolist() == motion.tolist()
