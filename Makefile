# 두 명령: `make demo` (설치 + 데모 서버), `make test` (설치 + 모든 테스트)
PYTHON ?= python3
VENV := .venv
VENV_PY := $(VENV)/bin/python

.PHONY: tolerances demo test install venv browser-deps test-ts test-py test-e2e bench bench-py bench-footlock bench-footskate build dist-py fuzz rigs bone-names test-package test-three-range docs docs-check screenshot

node_modules/.package-lock.json: package.json package-lock.json
	npm ci
	@touch $@

install: node_modules/.package-lock.json


$(VENV_PY):
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: $(VENV_PY) python/pyproject.toml
	$(VENV_PY) -m pip install --quiet --upgrade pip
	$(VENV_PY) -m pip install --quiet -e "python[test]"
	@# 바이트코드를 미리 만든다 (휠 설치처럼): 이 기계는 PYTHONDONTWRITEBYTECODE 라 명령마다 다시 컴파일한다 (발 고정 명령에서 0.1 s).
	$(VENV_PY) -m compileall -q python/src/twoboneik
	@touch $@

venv: $(VENV)/.installed

# 브라우저 테스트의 시스템 부품 (Debian chromium, fonts-nanum): 없으면 apt-get 으로 설치한다 (scripts/browser-deps.sh).
browser-deps:
	@scripts/browser-deps.sh

demo: install
	npx vite --config demo/vite.config.ts --host

build: install
	npm run build

# venv: 문서의 python 블록도 Vitest (test/readme) 가 .venv 로 돌린다.
test-ts: install venv
	npm run typecheck
	npm run build
	npm test

# install: glTF 테스트가 고친 파일을 three 의 GLTFLoader 로 읽어 본다 (node_modules/three).
# -n auto: pytest-xdist 가 코어마다 나눠 돌린다 (테스트는 서로 기대지 않고 tmp_path 에만 쓴다).
test-py: install venv
	$(VENV_PY) -m pytest python/tests -q -n auto

# venv: gltfClean.mjs 가 파이썬의 footlock 으로 .glb 를 고친 뒤 페이지에 놓는다.
# e2e/all.mjs: 데모를 한 번 빌드해 run·grip·limits·terrain·models·gltfClean 을 차례로 돌린다 (스크립트마다 걸린 시간을 찍는다).
test-e2e: install venv browser-deps
	node e2e/all.mjs

# 배포 확인: build → twine check → 휠 내용 → sdist 의 테스트 → 새 venv 에 휠 설치 후 README 예 (python/tools/check_dist.py)
dist-py: venv
	$(VENV_PY) python/tools/check_dist.py

# 패키지로서 확인 (issue 10): publint, 타입 해석 (attw), tarball 을 빈 앱에 설치해 ESM·CJS·tsc·Vite·Chromium (test/package/smoke.mjs).
# attw 의 cjs-resolves-to-esm 만 끈다: CommonJS 빌드를 싣지 않고 require() 는 Node 20.19+/22.12+ 의 require(esm) 로 ES 모듈을
# 불러오며 (engines), smoke.mjs 가 require 와 TypeScript nodenext 의 .cts 를 실제로 돌려 확인한다. 이유는 README 의 설치 절.
test-package: install browser-deps
	npm run test:package

# peerDependencies 범위의 양 끝 (three-oldest, three-newest 별칭) 에서 단위·속성·적합성 테스트 (vitest.three.config.ts).
test-three-range: install venv
	npm run test:three-range

# TSDoc 에서 API 문서 (TypeDoc) 를 docs/api/ 에 (커밋하지 않는다). 경고가 있으면 실패한다 (typedoc.json).
docs: install
	npx typedoc

docs-check: docs

# README 의 그림 docs/screenshot.jpg 를 다시 찍는다 (Debian chromium, 없으면 설치).
screenshot: install browser-deps
	node docs/screenshot.mjs

# 시스템 부품을 먼저: 없어서 실패할 것이면 몇 분 돈 뒤가 아니라 처음에.
test: browser-deps test-ts test-three-range test-py dist-py test-e2e test-package docs-check

bench: install
	npm run bench

bench-py: venv
	$(VENV_PY) -m twoboneik.bench --contention

# 계약 퍼즈 (테스트 모음 밖): 언어마다 10⁶ 개의 씨앗 고정 체인 (TypeScript, 파이썬 단일, 파이썬 배치) 과
# 공유 조각 10⁵ 개의 언어 간 비트 비교. 위반이 있으면 실패한다.
fuzz: install venv
	npx tsc -p tsconfig.node.json
	$(VENV_PY) fuzz/fuzz.py --count 1000000 --shared .bench-build/fuzz-shared.f64
	node .bench-build/fuzz/main.js --count 1000000 --shared .bench-build/fuzz-shared.f64

# 테스트 리그 (test/fixtures/rigs/*.glb·.gltf·.vrm) 를 다시 만든다. python/tests/test_rig_fixtures.py 가 커밋된 파일과 비교한다.
rigs: venv
	$(VENV_PY) test/fixtures/rigs/generate_rigs.py

# 뼈 이름 표 spec/bone_names.json (원본) → src/rig/boneNames.ts, 파이썬 패키지의 사본 python/src/twoboneik/data/bone_names.json.
bone-names:
	$(PYTHON) spec/generate_bone_names_ts.py
	cp spec/bone_names.json python/src/twoboneik/data/bone_names.json

# 발 고정: 10 분 120 fps 클립 (72,000 프레임) 의 읽기·고치기·쓰기 시간, 합성 클립 100 개 폴더의 폴더 모드 (--jobs 1, 2)
bench-footlock: venv
	$(VENV_PY) -m twoboneik.bench_footlock --folder 100

# 관절 배열의 발 미끄러짐 고치기: SMPL-22 10⁵ 프레임의 시간 (지표 포함·없이, 목표 1 s 미만)
bench-footskate: venv
	$(VENV_PY) -m twoboneik.bench_footskate

# 두 언어가 함께 쓰는 허용치 spec/tolerances.json (원본) → src/math/tolerances.ts, python/src/twoboneik/_tolerances.py.
tolerances:
	$(PYTHON) spec/generate_tolerances.py
