"""spec/bone_names.json (뼈 이름 표의 유일한 원본) 을 src/rig/boneNames.ts 로 옮겨 쓴다.

    python3 spec/generate_bone_names_ts.py

표를 고치면 이것을 돌려 두 파일을 함께 커밋한다: test/boneNames.test.ts 가 둘이 같은지 확인한다.
(TypeScript 가 JSON 을 직접 가져오면 dist 와 Node 의 import 속성 지원에 묶이므로 .ts 로 옮긴다.)
"""
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "spec" / "bone_names.json"
TARGET = ROOT / "src" / "rig" / "boneNames.ts"

HEADER = """\
// 이 파일은 spec/bone_names.json 에서 만든다 (python3 spec/generate_bone_names_ts.py). 손으로 고치지 않는다.
// Python 쪽(발 고정 등)도 같은 JSON 을 읽는다: 뼈 이름 표의 원본은 그 JSON 하나다.

/** 이름 표가 아는 팔다리 뼈의 역할 (VRM 휴머노이드 뼈 이름과 같다). */
export type HumanBoneRole =
{roles};

/** 이름 앞에 붙는 접두어 (정규화한 이름에 대한 정규식). rank 가 작을수록 먼저 고른다. */
export interface BoneNamePrefix {{
  readonly pattern: string;
  readonly rank: number;
}}

/** 한 이름 규칙 (Mixamo, Unreal, …): 역할마다 정규화한 이름들. */
export interface BoneNameConvention {{
  readonly id: string;
  readonly label: string;
  readonly prefixes: readonly BoneNamePrefix[];
  readonly bones: {{ readonly [role in HumanBoneRole]?: readonly string[] }};
}}

export interface BoneNameTables {{
  readonly format: string;
  readonly version: number;
  readonly about: string;
  readonly normalize: {{ readonly lowercase: boolean; readonly remove: string }};
  readonly roles: readonly HumanBoneRole[];
  readonly conventions: readonly BoneNameConvention[];
}}

/** spec/bone_names.json 의 내용 그대로. */
export const BONE_NAME_TABLES: BoneNameTables = """


def render() -> str:
    data = json.loads(SOURCE.read_text(encoding="utf-8"))
    roles = "\n".join(f'  | "{role}"' for role in data["roles"])
    body = json.dumps(data, ensure_ascii=False, indent=2)
    return HEADER.format(roles=roles) + body + ";\n"


if __name__ == "__main__":
    TARGET.write_text(render(), encoding="utf-8")
