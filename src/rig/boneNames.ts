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
  readonly pattern: string;
  readonly rank: number;
}

/** 한 이름 규칙 (Mixamo, Unreal, …): 역할마다 정규화한 이름들. */
export interface BoneNameConvention {
  readonly id: string;
  readonly label: string;
  readonly prefixes: readonly BoneNamePrefix[];
  readonly bones: { readonly [role in HumanBoneRole]?: readonly string[] };
}

export interface BoneNameTables {
  readonly format: string;
  readonly version: number;
  readonly about: string;
  readonly normalize: { readonly lowercase: boolean; readonly remove: string };
  readonly roles: readonly HumanBoneRole[];
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
