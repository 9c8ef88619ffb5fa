# 두 명령: `make demo` (설치 + 데모 서버), `make test` (설치 + 모든 테스트)
PYTHON ?= python3
VENV := .venv
VENV_PY := $(VENV)/bin/python

.PHONY: demo test install venv test-ts test-py test-e2e bench bench-py bench-footlock build

node_modules/.package-lock.json: package.json package-lock.json
	npm ci
	@touch $@

install: node_modules/.package-lock.json

$(VENV_PY):
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: $(VENV_PY) python/pyproject.toml
	$(VENV_PY) -m pip install --quiet --upgrade pip
	$(VENV_PY) -m pip install --quiet -e "python[test]"
	@touch $@

venv: $(VENV)/.installed

demo: install
	npx vite --config demo/vite.config.ts --host

build: install
	npm run build

test-ts: install
	npm run typecheck
	npm run build
	npm test

test-py: venv
	$(VENV_PY) -m pytest python/tests -q

test-e2e: install
	node e2e/run.mjs

test: test-ts test-py test-e2e

bench: install
	npm run bench

bench-py: venv
	$(VENV_PY) -m twoboneik.bench

# 발 고정: 10 분 120 fps 클립 (72,000 프레임) 의 읽기·고치기·쓰기 시간
bench-footlock: venv
	$(VENV_PY) -m twoboneik.bench_footlock
