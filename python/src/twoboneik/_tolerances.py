"""이 파일은 spec/tolerances.json 에서 만든다 (python3 spec/generate_tolerances.py). 손으로 고치지 않는다."""

#: 뼈 사원수의 |q| 가 1 에서 이만큼 넘게 벗어나면 거부한다: 0 이나 크기가 어긋난 사원수는 three 가 행렬로 만들 때 뼈를 늘이거나 없앤다. glTF 의 float32 (~1e-7) 는 통과한다.
QUATERNION_UNIT_TOLERANCE = 0.0001

#: 균등 스케일로 볼 상대 허용치: 세 축 스케일의 (최대 − 최소) / 최대, 두 축 사이 cos. 실제 파일의 float32 잡음 (~1e-7) 은 넉넉히 통과하고 뼈 길이를 눈에 띄게 바꾸는 스케일은 걸린다.
UNIFORM_SCALE_TOLERANCE = 1e-05

#: 단위 벡터로 볼 |‖v‖² − 1| 의 상한: float32 로 저장된 방향 (상대 ~1e-7) 은 받고 정규화하지 않은 벡터 (‖v‖ = 1.001 이면 2e-3) 는 거부한다.
UNIT_VECTOR_TOLERANCE = 1e-05

#: 극이 뿌리–목표 직선에서 체인 길이의 이 비율보다 가까우면 직선 위로 보고 정해진 축으로 굽힌다 (spec/README.md).
POLE_LINE_TOLERANCE = 1e-10

#: 같은 판정의 절대 하한: 가장 큰 좌표의 ulp 의 이 배수 안쪽은 반올림 잡음이라 방향이 없다.
POLE_ROUNDING_ULPS = 64

#: 2^1000: 극까지의 차이가 이보다 크면 2^−600 을 곱해 제곱이 넘치지 않게 한다.
POLE_DOWNSCALE_LIMIT = 1.0715086071862673e+301

#: |p·f| > 64·|p⊥| (제곱 4096) 이면 극을 한 번 더 직교화한다 (거의 직선 위의 먼 극).
REORTHOGONALIZE_RATIO_SQ = 4096

#: 자동 극: 곧은 팔다리에서 기본 굽힘 방향 n 에 주는 무게 w (spec/AUTO_POLE.md).
AUTO_POLE_DEFAULT_WEIGHT = 0.05

#: 자동 극: 굽힘 s = |굽힘|/L 이 이 값 이상이면 들어온 굽힘만 따른다 (spec/AUTO_POLE.md).
AUTO_POLE_STRAIGHT = 0.1

#: float32 잡음이 있는 체인의 끝 다듬기 최대 횟수: 한 번에 오차가 잡음 δ (~1e-7) 배로 줄어든다.
END_REFINEMENTS = 2

#: 끝 다듬기를 멈추는 오차 (팔다리 길이 a + b 에 대한 비율): float64 반올림 몇 번 거리.
END_REFINED = 1e-15

#: 2^−100: 부모 행렬의 선형 부분이 [2^−100, 2^100] 밖이면 2^k 를 곱해 크기를 옮긴 뒤 뒤집는다 (행렬식이 사라지거나 넘치지 않게).
PLAIN_INVERT_MIN = 7.888609052210118e-31

#: 2^100: 위와 같다.
PLAIN_INVERT_MAX = 1.2676506002282294e+30
