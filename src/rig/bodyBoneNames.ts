// 이 파일은 spec/bone_names.json 에서 만든다 (python3 spec/generate_bone_names_ts.py). 손으로 고치지 않는다.
// 몸 방향을 재는 네 뼈 (두 위팔, 두 허벅지) 만 담은 작은 표: TwoBoneIK 생성자가 findLimbs 의 표 전체를 싣지 않게.

/** 역할의 번호: 0 왼 위팔, 1 오른 위팔, 2 왼 허벅지, 3 오른 허벅지. */
export const BODY_ROLES = ["leftUpperArm", "rightUpperArm", "leftUpperLeg", "rightUpperLeg"] as const;

/** 규칙마다 [접두어 정규식, rank, "정규화한이름:역할번호 …"] (spec/bone_names.json 의 순서). */
export const BODY_BONE_NAMES: readonly (readonly [string, number, string])[] = [
  ["mixamorig[0-9]*", 1, "leftarm:0 rightarm:1 leftupleg:2 rightupleg:3"],
  ["", 1, "upperarml:0 upperarmr:1 thighl:2 thighr:3"],
  ["def", 0, "upperarml:0 upperarmr:1 thighl:2 thighr:3"],
  ["", 1, "upperarml:0 upperarmr:1 thighl:2 thighr:3"],
  ["org", 2, "upperarml:0 upperarmr:1 thighl:2 thighr:3"],
  ["bip[0-9]*", 1, "lupperarm:0 rupperarm:1 lthigh:2 rthigh:3"],
  ["", 1, "leftupperarm:0 upperarmleft:0 lupperarm:0 upperarml:0 leftuparm:0 uparmleft:0 luparm:0 uparml:0 leftarm:0 armleft:0 larm:0 arml:0 rightupperarm:1 upperarmright:1 rupperarm:1 upperarmr:1 rightuparm:1 uparmright:1 ruparm:1 uparmr:1 rightarm:1 armright:1 rarm:1 armr:1 leftupperleg:2 upperlegleft:2 lupperleg:2 upperlegl:2 leftupleg:2 uplegleft:2 lupleg:2 uplegl:2 leftthigh:2 thighleft:2 lthigh:2 thighl:2 rightupperleg:3 upperlegright:3 rupperleg:3 upperlegr:3 rightupleg:3 uplegright:3 rupleg:3 uplegr:3 rightthigh:3 thighright:3 rthigh:3 thighr:3"],
  ["jbip", 1, "lupperarm:0 rupperarm:1 lupperleg:2 rupperleg:3"],
  ["", 1, "lefthip:2 righthip:3"],
];
