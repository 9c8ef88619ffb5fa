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
# 몸 방향을 재는 네 뼈만 (TwoBoneIK 생성자가 번들에 싣는 작은 표: bodyBend.ts).
BODY_TARGET = ROOT / "src" / "rig" / "bodyBoneNames.ts"
BODY_ROLES = ("leftUpperArm", "rightUpperArm", "leftUpperLeg", "rightUpperLeg")

HEADER = """\
// 이 파일은 spec/bone_names.json 에서 만든다 (python3 spec/generate_bone_names_ts.py). 손으로 고치지 않는다.
// Python 쪽(발 고정 등)도 같은 JSON 을 읽는다: 뼈 이름 표의 원본은 그 JSON 하나다.

/** 이름 표가 아는 팔다리 뼈의 역할 (VRM 휴머노이드 뼈 이름과 같다). */
export type HumanBoneRole =
{roles};

/** 이름 앞에 붙는 접두어 (정규화한 이름에 대한 정규식). rank 가 작을수록 먼저 고른다. */
export interface BoneNamePrefix {{
  /** 정규화한 이름의 앞에서부터 맞춰 볼 정규식 (`^` 없이 쓴다: 앞에 붙여 맞춘다). 빈 문자열이면 접두어 없음. */
  readonly pattern: string;
  /** 우선순위: 한 역할에 후보가 여럿이면 rank 가 가장 작은 접두어로 맞은 뼈를 고른다 (예: Rigify 의 DEF- 가 ORG- 보다 먼저). */
  readonly rank: number;
}}

/** 한 이름 규칙 (Mixamo, Unreal, …): 역할마다 정규화한 이름들. */
export interface BoneNameConvention {{
  /** 규칙의 id ("mixamo" 등). {{@link BoneMatch.source}} 와 matchBoneName 의 conventions 에 나온다. */
  readonly id: string;
  /** 사람이 읽는 이름 ("Mixamo" 등). */
  readonly label: string;
  /** 이 규칙의 이름 앞에 올 수 있는 접두어들. */
  readonly prefixes: readonly BoneNamePrefix[];
  /** 역할 → 정규화한 (소문자, a-z·0-9 만) 뼈 이름들, 접두어를 뺀 나머지. 없는 역할은 이 규칙이 모른다. */
  readonly bones: {{ readonly [role in HumanBoneRole]?: readonly string[] }};
}}

/** 뼈 이름 표 (spec/bone_names.json 의 모양). findLimbs·matchBoneName 에 다른 표를 줄 때 이 모양으로 만든다. */
export interface BoneNameTables {{
  /** 파일 형식 이름: "humanoid-bone-names". */
  readonly format: string;
  /** 형식의 판 (지금 1). */
  readonly version: number;
  /** 표에 대한 설명 (사람이 읽는 글). */
  readonly about: string;
  /** 이름을 비교하기 전의 정규화. */
  readonly normalize: {{
    /** true 면 소문자로 바꾼다. */
    readonly lowercase: boolean;
    /** 지울 글자의 정규식 ("[^a-z0-9]": a-z·0-9 가 아닌 글자). */
    readonly remove: string;
  }};
  /** 표가 아는 역할들. */
  readonly roles: readonly HumanBoneRole[];
  /** 이름 규칙들 (Mixamo, Unreal, Rigify, 일반 이름 …). */
  readonly conventions: readonly BoneNameConvention[];
}}

/** spec/bone_names.json 의 내용 그대로. */
export const BONE_NAME_TABLES: BoneNameTables = """


def render() -> str:
    data = json.loads(SOURCE.read_text(encoding="utf-8"))
    roles = "\n".join(f'  | "{role}"' for role in data["roles"])
    body = json.dumps(data, ensure_ascii=False, indent=2)
    return HEADER.format(roles=roles) + body + ";\n"


BODY_HEADER = """\
// 이 파일은 spec/bone_names.json 에서 만든다 (python3 spec/generate_bone_names_ts.py). 손으로 고치지 않는다.
// 몸 방향을 재는 네 뼈 (두 위팔, 두 허벅지) 만 담은 작은 표: TwoBoneIK 생성자가 findLimbs 의 표 전체를 싣지 않게.

/** 역할의 번호: 0 왼 위팔, 1 오른 위팔, 2 왼 허벅지, 3 오른 허벅지. */
export const BODY_ROLES = {roles} as const;

/** 규칙마다 [접두어 정규식, rank, "정규화한이름:역할번호 …"] (spec/bone_names.json 의 순서). */
export const BODY_BONE_NAMES: readonly (readonly [string, number, string])[] = [
{rows}
];
"""


def render_body() -> str:
    data = json.loads(SOURCE.read_text(encoding="utf-8"))
    rows = []
    for convention in data["conventions"]:
        names = " ".join(
            f"{name}:{index}" for index, role in enumerate(BODY_ROLES) for name in convention["bones"].get(role, [])
        )
        if not names:
            continue
        for prefix in convention["prefixes"]:
            rows.append(f"  [{json.dumps(prefix['pattern'])}, {prefix['rank']}, {json.dumps(names)}],")
    return BODY_HEADER.format(roles=json.dumps(list(BODY_ROLES)), rows="\n".join(rows))


if __name__ == "__main__":
    TARGET.write_text(render(), encoding="utf-8")
    BODY_TARGET.write_text(render_body(), encoding="utf-8")
