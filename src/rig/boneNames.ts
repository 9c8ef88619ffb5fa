// 이 파일은 spec/bone_names.json 에서 만든다 (python3 spec/generate_bone_names_ts.py). 손으로 고치지 않는다.
// Python 쪽(발 고정 등)도 같은 JSON 을 읽는다: 뼈 이름 표의 원본은 그 JSON 하나다.

/** 이름 표가 아는 팔다리 뼈의 역할 (VRM 휴머노이드 뼈 이름과 같다). */
export type HumanBoneRole =
  | "leftUpperArm"
  | "leftLowerArm"
  | "leftHand"
  | "leftUpperLeg"
  | "leftLowerLeg"
  | "leftFoot"
  | "leftToes"
  | "rightUpperArm"
  | "rightLowerArm"
  | "rightHand"
  | "rightUpperLeg"
  | "rightLowerLeg"
  | "rightFoot"
  | "rightToes";

/** 이름 앞에 붙는 접두어 (정규화한 이름에 대한 정규식). rank 가 작을수록 먼저 고른다. */
export interface BoneNamePrefix {
  /** 정규화한 이름의 앞에서부터 맞춰 볼 정규식 (`^` 없이 쓴다: 앞에 붙여 맞춘다). 빈 문자열이면 접두어 없음. */
  readonly pattern: string;
  /** 우선순위: 한 역할에 후보가 여럿이면 rank 가 가장 작은 접두어로 맞은 뼈를 고른다 (예: Rigify 의 DEF- 가 ORG- 보다 먼저). */
  readonly rank: number;
}

/** 한 이름 규칙 (Mixamo, Unreal, …): 역할마다 정규화한 이름들. */
export interface BoneNameConvention {
  /** 규칙의 id ("mixamo" 등). {@link BoneMatch.source} 와 matchBoneName 의 conventions 에 나온다. */
  readonly id: string;
  /** 사람이 읽는 이름 ("Mixamo" 등). */
  readonly label: string;
  /** 이 규칙의 이름 앞에 올 수 있는 접두어들. */
  readonly prefixes: readonly BoneNamePrefix[];
  /** 역할 → 정규화한 (소문자, a-z·0-9 만) 뼈 이름들, 접두어를 뺀 나머지. 없는 역할은 이 규칙이 모른다. */
  readonly bones: { readonly [role in HumanBoneRole]?: readonly string[] };
}

/** 뼈 이름 표 (spec/bone_names.json 의 모양). findLimbs·matchBoneName 에 다른 표를 줄 때 이 모양으로 만든다. */
export interface BoneNameTables {
  /** 파일 형식 이름: "humanoid-bone-names". */
  readonly format: string;
  /** 형식의 판 (지금 1). */
  readonly version: number;
  /** 표에 대한 설명 (사람이 읽는 글). */
  readonly about: string;
  /** 이름을 비교하기 전의 정규화. */
  readonly normalize: {
    /** true 면 소문자로 바꾼다. */
    readonly lowercase: boolean;
    /** 지울 글자의 정규식 ("[^a-z0-9]": a-z·0-9 가 아닌 글자). */
    readonly remove: string;
  };
  /** 표가 아는 역할들. */
  readonly roles: readonly HumanBoneRole[];
  /** 이름 규칙들 (Mixamo, Unreal, Rigify, 일반 이름 …). */
  readonly conventions: readonly BoneNameConvention[];
}

/** spec/bone_names.json 의 내용 그대로. */
export const BONE_NAME_TABLES: BoneNameTables = {
  "format": "humanoid-bone-names",
  "version": 1,
  "about": "팔다리 뼈 이름 표. 이름은 정규화해서 비교한다: 소문자로 바꾸고 a-z·0-9 가 아닌 글자(구분자 : _ . - 공백 등)를 모두 지운다. 정규화한 이름이 접두어(정규식, 앞에서부터) + 표의 이름과 정확히 같으면 그 역할이다. rank 가 작은 접두어가 먼저다 (Rigify 는 DEF- 를 ORG- 보다). src/rig/boneNames.ts 는 이 파일에서 만든다 (python3 spec/generate_bone_names_ts.py). 관절 이름 규칙(joints)은 다리만 둔다: LeftShoulder 는 Mixamo 에서 쇄골이라 위팔로 읽으면 모호해진다.",
  "normalize": {
    "lowercase": true,
    "remove": "[^a-z0-9]"
  },
  "roles": [
    "leftUpperArm",
    "leftLowerArm",
    "leftHand",
    "leftUpperLeg",
    "leftLowerLeg",
    "leftFoot",
    "leftToes",
    "rightUpperArm",
    "rightLowerArm",
    "rightHand",
    "rightUpperLeg",
    "rightLowerLeg",
    "rightFoot",
    "rightToes"
  ],
  "conventions": [
    {
      "id": "mixamo",
      "label": "Mixamo",
      "prefixes": [
        {
          "pattern": "mixamorig[0-9]*",
          "rank": 1
        }
      ],
      "bones": {
        "leftUpperArm": [
          "leftarm"
        ],
        "leftLowerArm": [
          "leftforearm"
        ],
        "leftHand": [
          "lefthand"
        ],
        "leftUpperLeg": [
          "leftupleg"
        ],
        "leftLowerLeg": [
          "leftleg"
        ],
        "leftFoot": [
          "leftfoot"
        ],
        "leftToes": [
          "lefttoebase"
        ],
        "rightUpperArm": [
          "rightarm"
        ],
        "rightLowerArm": [
          "rightforearm"
        ],
        "rightHand": [
          "righthand"
        ],
        "rightUpperLeg": [
          "rightupleg"
        ],
        "rightLowerLeg": [
          "rightleg"
        ],
        "rightFoot": [
          "rightfoot"
        ],
        "rightToes": [
          "righttoebase"
        ]
      }
    },
    {
      "id": "unreal",
      "label": "Unreal 마네킹",
      "prefixes": [
        {
          "pattern": "",
          "rank": 1
        }
      ],
      "bones": {
        "leftUpperArm": [
          "upperarml"
        ],
        "leftLowerArm": [
          "lowerarml"
        ],
        "leftHand": [
          "handl"
        ],
        "leftUpperLeg": [
          "thighl"
        ],
        "leftLowerLeg": [
          "calfl"
        ],
        "leftFoot": [
          "footl"
        ],
        "leftToes": [
          "balll"
        ],
        "rightUpperArm": [
          "upperarmr"
        ],
        "rightLowerArm": [
          "lowerarmr"
        ],
        "rightHand": [
          "handr"
        ],
        "rightUpperLeg": [
          "thighr"
        ],
        "rightLowerLeg": [
          "calfr"
        ],
        "rightFoot": [
          "footr"
        ],
        "rightToes": [
          "ballr"
        ]
      }
    },
    {
      "id": "rigify",
      "label": "Blender 메타리그/Rigify",
      "prefixes": [
        {
          "pattern": "def",
          "rank": 0
        },
        {
          "pattern": "",
          "rank": 1
        },
        {
          "pattern": "org",
          "rank": 2
        }
      ],
      "bones": {
        "leftUpperArm": [
          "upperarml"
        ],
        "leftLowerArm": [
          "forearml"
        ],
        "leftHand": [
          "handl"
        ],
        "leftUpperLeg": [
          "thighl"
        ],
        "leftLowerLeg": [
          "shinl"
        ],
        "leftFoot": [
          "footl"
        ],
        "leftToes": [
          "toel"
        ],
        "rightUpperArm": [
          "upperarmr"
        ],
        "rightLowerArm": [
          "forearmr"
        ],
        "rightHand": [
          "handr"
        ],
        "rightUpperLeg": [
          "thighr"
        ],
        "rightLowerLeg": [
          "shinr"
        ],
        "rightFoot": [
          "footr"
        ],
        "rightToes": [
          "toer"
        ]
      }
    },
    {
      "id": "biped",
      "label": "3ds Max Biped",
      "prefixes": [
        {
          "pattern": "bip[0-9]*",
          "rank": 1
        }
      ],
      "bones": {
        "leftUpperArm": [
          "lupperarm"
        ],
        "leftLowerArm": [
          "lforearm"
        ],
        "leftHand": [
          "lhand"
        ],
        "leftUpperLeg": [
          "lthigh"
        ],
        "leftLowerLeg": [
          "lcalf"
        ],
        "leftFoot": [
          "lfoot"
        ],
        "leftToes": [
          "ltoe0"
        ],
        "rightUpperArm": [
          "rupperarm"
        ],
        "rightLowerArm": [
          "rforearm"
        ],
        "rightHand": [
          "rhand"
        ],
        "rightUpperLeg": [
          "rthigh"
        ],
        "rightLowerLeg": [
          "rcalf"
        ],
        "rightFoot": [
          "rfoot"
        ],
        "rightToes": [
          "rtoe0"
        ]
      }
    },
    {
      "id": "generic",
      "label": "일반 이름",
      "prefixes": [
        {
          "pattern": "",
          "rank": 1
        }
      ],
      "bones": {
        "leftUpperArm": [
          "leftupperarm",
          "upperarmleft",
          "lupperarm",
          "upperarml",
          "leftuparm",
          "uparmleft",
          "luparm",
          "uparml",
          "leftarm",
          "armleft",
          "larm",
          "arml"
        ],
        "leftLowerArm": [
          "leftlowerarm",
          "lowerarmleft",
          "llowerarm",
          "lowerarml",
          "leftforearm",
          "forearmleft",
          "lforearm",
          "forearml",
          "leftlowarm",
          "lowarmleft",
          "llowarm",
          "lowarml"
        ],
        "leftHand": [
          "lefthand",
          "handleft",
          "lhand",
          "handl"
        ],
        "leftUpperLeg": [
          "leftupperleg",
          "upperlegleft",
          "lupperleg",
          "upperlegl",
          "leftupleg",
          "uplegleft",
          "lupleg",
          "uplegl",
          "leftthigh",
          "thighleft",
          "lthigh",
          "thighl"
        ],
        "leftLowerLeg": [
          "leftlowerleg",
          "lowerlegleft",
          "llowerleg",
          "lowerlegl",
          "leftleg",
          "legleft",
          "lleg",
          "legl",
          "leftshin",
          "shinleft",
          "lshin",
          "shinl",
          "leftcalf",
          "calfleft",
          "lcalf",
          "calfl"
        ],
        "leftFoot": [
          "leftfoot",
          "footleft",
          "lfoot",
          "footl"
        ],
        "leftToes": [
          "lefttoes",
          "toesleft",
          "ltoes",
          "toesl",
          "lefttoe",
          "toeleft",
          "ltoe",
          "toel",
          "lefttoebase",
          "toebaseleft",
          "ltoebase",
          "toebasel",
          "leftball",
          "ballleft",
          "lball",
          "balll"
        ],
        "rightUpperArm": [
          "rightupperarm",
          "upperarmright",
          "rupperarm",
          "upperarmr",
          "rightuparm",
          "uparmright",
          "ruparm",
          "uparmr",
          "rightarm",
          "armright",
          "rarm",
          "armr"
        ],
        "rightLowerArm": [
          "rightlowerarm",
          "lowerarmright",
          "rlowerarm",
          "lowerarmr",
          "rightforearm",
          "forearmright",
          "rforearm",
          "forearmr",
          "rightlowarm",
          "lowarmright",
          "rlowarm",
          "lowarmr"
        ],
        "rightHand": [
          "righthand",
          "handright",
          "rhand",
          "handr"
        ],
        "rightUpperLeg": [
          "rightupperleg",
          "upperlegright",
          "rupperleg",
          "upperlegr",
          "rightupleg",
          "uplegright",
          "rupleg",
          "uplegr",
          "rightthigh",
          "thighright",
          "rthigh",
          "thighr"
        ],
        "rightLowerLeg": [
          "rightlowerleg",
          "lowerlegright",
          "rlowerleg",
          "lowerlegr",
          "rightleg",
          "legright",
          "rleg",
          "legr",
          "rightshin",
          "shinright",
          "rshin",
          "shinr",
          "rightcalf",
          "calfright",
          "rcalf",
          "calfr"
        ],
        "rightFoot": [
          "rightfoot",
          "footright",
          "rfoot",
          "footr"
        ],
        "rightToes": [
          "righttoes",
          "toesright",
          "rtoes",
          "toesr",
          "righttoe",
          "toeright",
          "rtoe",
          "toer",
          "righttoebase",
          "toebaseright",
          "rtoebase",
          "toebaser",
          "rightball",
          "ballright",
          "rball",
          "ballr"
        ]
      }
    },
    {
      "id": "vroid",
      "label": "VRoid Studio (J_Bip_L_UpperArm)",
      "prefixes": [
        {
          "pattern": "jbip",
          "rank": 1
        }
      ],
      "bones": {
        "leftUpperArm": [
          "lupperarm"
        ],
        "leftLowerArm": [
          "llowerarm"
        ],
        "leftHand": [
          "lhand"
        ],
        "leftUpperLeg": [
          "lupperleg"
        ],
        "leftLowerLeg": [
          "llowerleg"
        ],
        "leftFoot": [
          "lfoot"
        ],
        "leftToes": [
          "ltoebase"
        ],
        "rightUpperArm": [
          "rupperarm"
        ],
        "rightLowerArm": [
          "rlowerarm"
        ],
        "rightHand": [
          "rhand"
        ],
        "rightUpperLeg": [
          "rupperleg"
        ],
        "rightLowerLeg": [
          "rlowerleg"
        ],
        "rightFoot": [
          "rfoot"
        ],
        "rightToes": [
          "rtoebase"
        ]
      }
    },
    {
      "id": "palm",
      "label": "손바닥을 손으로 (Blender 내보내기 palm_l 등, 손 이름이 따로 있으면 그것이 먼저)",
      "prefixes": [
        {
          "pattern": "",
          "rank": 2
        }
      ],
      "bones": {
        "leftHand": [
          "leftpalm",
          "palmleft",
          "lpalm",
          "palml"
        ],
        "rightHand": [
          "rightpalm",
          "palmright",
          "rpalm",
          "palmr"
        ]
      }
    },
    {
      "id": "joints",
      "label": "관절 이름 (Hip/Knee/Ankle, 다리만)",
      "prefixes": [
        {
          "pattern": "",
          "rank": 1
        }
      ],
      "bones": {
        "leftUpperLeg": [
          "lefthip"
        ],
        "leftLowerLeg": [
          "leftknee"
        ],
        "leftFoot": [
          "leftankle"
        ],
        "leftToes": [
          "lefttoe"
        ],
        "rightUpperLeg": [
          "righthip"
        ],
        "rightLowerLeg": [
          "rightknee"
        ],
        "rightFoot": [
          "rightankle"
        ],
        "rightToes": [
          "righttoe"
        ]
      }
    }
  ]
};
