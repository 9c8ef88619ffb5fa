"""배포 확인 (make dist-py): PyPI 에 올릴 파일을 임시 폴더에 만들고 사용자가 받을 그대로 확인한다.

1. python -m build 로 sdist 와 휠을 만든다.
2. twine check --strict (PyPI 가 README 를 그릴 수 있는지, 메타데이터가 맞는지).
3. 휠: 모든 모듈·py.typed·다리 이름 표 (data/bone_names.json)·LICENSE 가 있고 그 밖의 것·테스트는 없으며, 메타데이터 (버전 = __version__, MIT, 분류자) 가 맞다. 내용을 보여 준다.
4. sdist: 풀어서 src/·tests/ 가 저장소의 것과 바이트까지 같은지 보고 (그 전체는 make test-py 가 돌린다), 그 안의 소스로
   모든 테스트가 모이는지와 파일을 읽는 테스트 (적합성 벡터·생성기·허용치·BVH·README) 를 실행한다.
5. 새 venv 에 휠만 설치하고 (NumPy 는 의존성으로 따라온다) README 의 모든 예와 타입 예를 실행한다.

실패하면 0 이 아닌 종료 코드로 끝난다. 쓰는 법: python python/tools/check_dist.py [--keep]
"""

from __future__ import annotations

import argparse
import email.parser
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

PYTHON_DIR = Path(__file__).resolve().parents[1]
CLASSIFIERS = [
    "License :: OSI Approved :: MIT License",  # 메타데이터 2.4 에서는 License-Expression 으로 대신한다 (아래에서 확인)
    "Operating System :: OS Independent",
    "Programming Language :: Python :: 3.10",
    "Programming Language :: Python :: 3.11",
    "Programming Language :: Python :: 3.12",
    "Programming Language :: Python :: 3.13",
    "Topic :: Scientific/Engineering",
    "Topic :: Multimedia :: Graphics :: 3D Modeling",
    "Typing :: Typed",
]


# sdist 안에서 돌리는 테스트: 파일을 읽는 것들 (나머지는 같은 파일이 make test-py 에서 돈다).
SDIST_TESTS = [
    "tests/test_conformance.py",
    "tests/test_bone_conformance.py",
    "tests/test_spec_is_fresh.py",
    "tests/test_tolerances.py",
    "tests/test_bvh.py",
    "tests/test_readme.py",
]


def repository_only_tests() -> set[Path]:
    """sdist 에 넣지 않는 테스트 (저장소의 다른 폴더를 읽는다): MANIFEST.in 의 `exclude tests/…` 줄에서 읽는다."""
    names: set[Path] = set()
    for line in (PYTHON_DIR / "MANIFEST.in").read_text(encoding="utf-8").splitlines():
        words = line.split()
        if words[:1] == ["exclude"]:
            names.update(Path(word).relative_to("tests") for word in words[1:] if word.startswith("tests/"))
    return names


def run(command: list[str], **kwargs: object) -> str:
    print("$", " ".join(command), flush=True)
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload]
    if result.returncode != 0:
        sys.stdout.write(result.stdout + result.stderr)
        raise SystemExit(f"실패: {' '.join(command)} (종료 코드 {result.returncode})")
    return str(result.stdout)


def package_version() -> str:
    text = (PYTHON_DIR / "src" / "twoboneik" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    assert match, "__version__ 을 찾지 못했습니다"
    return match.group(1)


def check_wheel(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        metadata = email.parser.Parser().parsestr(archive.read(metadata_name).decode("utf-8"))
        print(f"휠 {wheel.name} 의 내용:")
        for info in archive.infolist():
            print(f"  {info.file_size:8d}  {info.filename}")
    # 소스 트리의 모든 모듈 (빠뜨린 새 모듈도 잡는다) + py.typed + 다리 이름 표의 사본.
    modules = sorted(f"twoboneik/{p.name}" for p in (PYTHON_DIR / "src" / "twoboneik").glob("*.py"))
    required = [*modules, "twoboneik/py.typed", "twoboneik/data/bone_names.json"]
    assert "twoboneik/footlock.py" in modules and "twoboneik/bvh.py" in modules, modules
    missing = [n for n in required if n not in names]
    assert not missing, f"휠에 없는 파일: {missing}"
    packaged = [n for n in names if n.startswith("twoboneik/")]
    unexpected = [n for n in packaged if n not in required]
    assert not unexpected, f"휠에 뜻하지 않은 파일: {unexpected}"
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names), "휠에 LICENSE 가 없습니다"
    assert not any(n.startswith("tests/") for n in names), "휠에 테스트가 들어갔습니다"
    version = package_version()
    assert metadata["Version"] == version, f"휠 버전 {metadata['Version']} != __version__ {version}"
    assert metadata["License-Expression"] == "MIT", metadata["License-Expression"]
    assert metadata["Requires-Python"] == ">=3.10", metadata["Requires-Python"]
    classifiers = metadata.get_all("Classifier") or []
    absent = [c for c in CLASSIFIERS[1:] if c not in classifiers]
    assert not absent, f"빠진 분류자: {absent}"
    assert metadata["Description-Content-Type"] == "text/markdown"
    print(f"메타데이터: 버전 {version}, License-Expression MIT, 분류자 {len(classifiers)} 개, Requires-Python >=3.10")


def check_sdist(sdist: Path, folder: Path) -> Path:
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
        if hasattr(tarfile, "data_filter"):  # 3.11.4 부터: 압축 밖으로 쓰는 경로를 막는다
            archive.extractall(folder, filter="data")
        else:
            archive.extractall(folder)
    root = folder / names[0].split("/")[0]
    for required in [
        "LICENSE",
        "README.md",
        "README.en.md",
        "tests/conftest.py",
        "tests/spec/two_bone_ik_vectors.json",
        "tests/spec/two_bone_ik_bone_vectors.json",
        "tests/spec/generate.py",
        "tests/typing/user_example.py",
        "tests/spec/bone_names.json",
        "tests/spec/tolerances.json",
        "tests/data/mocapbank_trimmed.bvh",
        "tests/data/README.md",
        "src/twoboneik/data/bone_names.json",
    ]:
        assert (root / required).is_file(), f"sdist 에 {required} 가 없습니다"
    environment = dict(os.environ, PYTHONPATH=str(root / "src"))
    imported = run([sys.executable, "-c", "import twoboneik; print(twoboneik.__file__)"], cwd=root, env=environment)
    assert Path(imported.strip()).resolve().is_relative_to(root.resolve()), f"sdist 가 아닌 곳에서 import: {imported}"
    assert_same_as_repository(root)
    # 같은 파일의 전체 실행은 make test-py 가 한다: 여기서는 sdist 의 배치에서 모두 모이고 (import·conftest·경로),
    # 파일을 읽는 테스트 (적합성 벡터, 생성기, 허용치, 실제 BVH 클립) 가 sdist 안의 파일로 통과하는지.
    print(run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--collect-only"], cwd=root, env=environment)[-200:])
    print(run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *SDIST_TESTS], cwd=root, env=environment)[-400:])
    return root


def assert_same_as_repository(root: Path) -> None:
    """sdist 의 src/ 와 tests/ 가 저장소의 것과 바이트까지 같다 (tests/spec 은 링크가 가리키는 spec/ 의 파일)."""
    compared = 0
    for folder in ("src", "tests"):
        packed = {p.relative_to(root / folder) for p in (root / folder).rglob("*") if p.is_file()}
        for relative in packed:
            original = PYTHON_DIR / folder / relative
            assert original.is_file(), f"sdist 의 {folder}/{relative} 가 저장소에 없습니다"
            assert (root / folder / relative).read_bytes() == original.read_bytes(), f"sdist 의 {folder}/{relative} 가 저장소의 것과 다릅니다"
            compared += 1
        wanted = {p.relative_to(PYTHON_DIR / folder) for p in (PYTHON_DIR / folder).rglob("*.py") if "__pycache__" not in p.parts}
        missing = sorted(str(p) for p in wanted - packed - repository_only_tests())
        assert not missing, f"sdist 에 빠진 {folder} 파일: {missing}"
    print(f"sdist: src/·tests/ 의 {compared} 개 파일이 저장소의 것과 같다")


def check_fresh_venv(wheel: Path, sdist_root: Path, folder: Path) -> None:
    venv = folder / "venv"
    run([sys.executable, "-m", "venv", str(venv)])
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    run([str(python), "-m", "pip", "install", "--quiet", str(wheel), "pytest"])
    imported = run([str(python), "-c", "import twoboneik; print(twoboneik.__file__, twoboneik.__version__)"], cwd=folder)
    assert str(venv.resolve()) in str(Path(imported.split()[0]).resolve()), imported
    print(f"새 venv 의 twoboneik: {imported.strip()}")
    print(run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_readme.py"], cwd=sdist_root)[-300:])
    run([str(python), str(sdist_root / "tests" / "typing" / "user_example.py")], cwd=folder)
    print("새 venv: README 의 모든 예와 타입이 붙은 사용 예가 실행된다")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keep", action="store_true", help="임시 폴더를 지우지 않는다")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="twoboneik-dist-"))
    try:
        dist = folder / "dist"
        run([sys.executable, "-m", "build", "--outdir", str(dist), str(PYTHON_DIR)])
        shutil.rmtree(PYTHON_DIR / "build", ignore_errors=True)  # setuptools 가 남기는 작업 폴더
        (sdist,) = dist.glob("*.tar.gz")
        (wheel,) = dist.glob("*.whl")
        print(run([sys.executable, "-m", "twine", "check", "--strict", str(sdist), str(wheel)]))
        check_wheel(wheel)
        sdist_root = check_sdist(sdist, folder / "sdist")
        check_fresh_venv(wheel, sdist_root, folder)
        print(f"배포 확인 통과: {sdist.name}, {wheel.name}")
    finally:
        if args.keep:
            print(f"임시 폴더: {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
