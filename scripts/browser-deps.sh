#!/usr/bin/env bash
# 브라우저 테스트 (e2e, 패키지 확인, README 그림) 가 쓰는 시스템 부품: Debian 의 chromium 과 한글 글꼴 fonts-nanum.
# 없으면 apt-get 으로 설치한다 (make test, make screenshot 이 부른다). 있으면 아무것도 하지 않는다.
# 설치할 수 없으면 (root 가 아니거나 apt-get 이 없으면) 무엇을 설치해야 하는지 말하고 실패로 끝난다.
set -euo pipefail

# e2e/harness.mjs, test/package/smoke.mjs, docs/screenshot.mjs 가 여는 경로와 같아야 한다.
CHROMIUM=/usr/bin/chromium

installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}

missing=()
if [ ! -x "$CHROMIUM" ] || ! installed chromium; then missing+=(chromium); fi
if ! installed fonts-nanum; then missing+=(fonts-nanum); fi
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "브라우저 테스트에 ${missing[*]} 가 필요한데 apt-get 이 없어 설치할 수 없습니다: Debian 계열이 아니면 Chromium 을 $CHROMIUM 에, 한글 글꼴을 직접 설치하세요." >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "브라우저 테스트에 ${missing[*]} 가 필요합니다: root 로 make test 를 돌리거나 먼저 sudo apt-get install -y ${missing[*]} 를 실행하세요." >&2
  exit 1
fi

echo "브라우저 테스트용 ${missing[*]} 를 apt-get 으로 설치합니다 (Chromium 은 화면 테스트를 돌리고, fonts-nanum 은 한글 UI 의 글자 폭을 맞춘다)."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
