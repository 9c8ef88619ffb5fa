"""명령 (footlock, footskate) 이 함께 쓰는 argparse 인자: 접지 문턱 다섯 개의 이름·단위·도움말을 한 곳에."""

from __future__ import annotations

import argparse

from .contact import ContactOptions


def add_contact_arguments(parser: argparse.ArgumentParser, defaults: ContactOptions) -> None:
    """--height-on, --height-off (m), --speed-on, --speed-off (m/s), --min-contact (초) 를 defaults 의 값으로 더한다."""
    parser.add_argument("--height-on", type=float, default=defaults.height_on, help="접지 들어감 높이, m (기본 %(default)s)")
    parser.add_argument("--height-off", type=float, default=defaults.height_off, help="접지 나옴 높이, m (기본 %(default)s)")
    parser.add_argument("--speed-on", type=float, default=defaults.speed_on, help="접지 들어감 수평 속도, m/s (기본 %(default)s)")
    parser.add_argument("--speed-off", type=float, default=defaults.speed_off, help="접지 나옴 수평 속도, m/s (기본 %(default)s)")
    parser.add_argument("--min-contact", type=float, default=defaults.min_contact, help="가장 짧은 접지, 초 (기본 %(default)s)")
