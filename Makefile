# 두 명령: `make demo` (설치 + 데모 서버), `make test` (설치 + 모든 테스트)
PYTHON ?= python3
VENV := .venv
VENV_PY := $(VENV)/bin/python

.PHONY: demo test install venv test-ts test-py test-e2e bench bench-py build rigs bone-names

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
	node e2e/models.mjs

test: test-ts test-py test-e2e

bench: install
	npm run bench

bench-py: venv
	$(VENV_PY) -m twoboneik.bench

# 테스트 리그 (test/fixtures/rigs/*.glb·.gltf·.vrm) 를 다시 만든다. python/tests/test_rig_fixtures.py 가 커밋된 파일과 비교한다.
rigs: venv
	$(VENV_PY) test/fixtures/rigs/generate_rigs.py

# 뼈 이름 표 spec/bone_names.json (원본) → src/rig/boneNames.ts.
bone-names:
	$(PYTHON) spec/generate_bone_names_ts.py
