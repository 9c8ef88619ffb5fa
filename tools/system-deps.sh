#!/usr/bin/env bash
# 브라우저 테스트와 설명 화면의 스크린샷에 필요한 시스템 부품: Debian 의 chromium (/usr/bin/chromium) 과 한글 글꼴
# fonts-nanum. 없으면 apt-get 으로 설치한다 (make test 가 부른다). 있으면 아무것도 하지 않는다.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
if ! { command -v fc-list >/dev/null 2>&1 && fc-list 2>/dev/null | grep -qi nanum; } && ! dpkg -s fonts-nanum >/dev/null 2>&1; then
  missing+=(fonts-nanum)
fi
[ ${#missing[@]} -eq 0 ] && exit 0
echo "브라우저 테스트에 필요한 ${missing[*]} 이(가) 없어 Debian 패키지로 설치합니다 (apt-get install ${missing[*]})." >&2
if ! command -v apt-get >/dev/null 2>&1; then
  echo "apt-get 이 없습니다: ${missing[*]} 을(를) 직접 설치한 뒤 다시 실행하세요 (/usr/bin/chromium 이 있어야 합니다)." >&2
  exit 1
fi
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo_cmd=(sudo); else
    echo "root 가 아니고 sudo 도 없습니다: root 로 apt-get install -y ${missing[*]} 을 실행한 뒤 다시 실행하세요." >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
