"""뼈 수준 두 뼈 IK 의 참값 계산 (decimal, 유효 숫자 80 자리). spec/generate_bones.py 가 쓴다.

표준 라이브러리만 쓰고 TypeScript·Python 구현을 부르지 않는다. 입력은 float64 값이고 (float → Decimal 은 정확),
계약을 실수 그대로 계산한다 (src/TwoBoneIK.ts, python/src/twoboneik/bones.py 의 문서와 같은 계약):

1. P = parent_world (열벡터 규약 4×4). target_p = P⁻¹·target, pole_p = P⁻¹·pole (80 자리 가우스–조르당 역행렬).
2. R̂ = 정규화한 사원수의 회전. root = p_U, mid = p_U + R̂_U S_U p_M, end = p_U + R̂_U S_U (p_M + R̂_M S_M p_E).
   a = |mid − root|, b = |end − mid|.
3. soft > 0, L = a + b, s = soft·L, d = |target_p − root| > L − s 이면 d′ = L − s·exp(−(d − (L − s))/s) 로 당기고
   reachable = False.
4. 점 수준 계약 (spec/generate.py 의 reference 와 같은 식) 으로 joint_p, end_p 를 푼다.
5. Δ₁ = 가장 작은 회전 unit(mid − root) → unit(joint_p − root) (a = 0 이면 항등), q_U1 = normalize(Δ₁ q_U0).
   Δ₂ = unit(Δ₁(end − root) + root − joint_p) → unit(end_p − joint_p) (b = 0 이면 그대로),
   q_M1 = normalize((q_U1⁻¹ Δ₂ q_U1) q_M0). 사원수의 역은 켤레 (three 의 invert 와 같다).
6. weight: three r186 Quaternion.slerp(q0 → q1, w) — 내적이 음수면 q1 의 부호를 뒤집고, 내적 < 0.9995 면
   sin 비율, 아니면 선형 보간 — 뒤 정규화 (두 가지 모두). w = 0 이면 입력, w = 1 이면 q1 그대로. upper·mid 만.
7. keep_end_rotation: 섞은 뒤의 회전 q_Uw, q_Mw 로 q_E1 = normalize((q_Uw q_Mw)⁻¹ (q_U0 q_M0) q_E0): 어느 weight 에서나
   end 의 (부모 공간) 회전이 그대로다.
8. joint·end (월드) = P·(새 회전으로 다시 계산한 정기구학).

효과점 (issue 16, spec/END_EFFECTOR.md): tip t (end 로컬), end_rotation Q (월드) 와 가중치 w_e, bend_limits.

- tip_0 = p_U + R̂_U S_U (p_M + R̂_M S_M (p_E + R̂_E S_E t)), o_in = tip_0 − end_0, R_in = q̂_U0 q̂_M0 q̂_E0.
- 따라감 (end_rotation 없음 또는 w_e = 0, keep 아님): 삼각형 root – mid – tip_0 (b′ = |tip_0 − mid|), 목표는 target.
- 유지 (keep): 삼각형 root – mid – end_0, 겨누는 점 target − o_in.
- 끝 회전: R_P = three 의 Matrix4.decompose 가 내는 회전, R_Q = normalize(R_P⁻¹ Q̂). 0 < w_e < 1 이면 따라감으로 풀어
  R_A = C_A q̂_E0, R_goal = slerp(R_A, R_Q, w_e) (정규화), w_e = 1 이면 R_goal = R_Q. 삼각형 root – mid – end_0 을
  target − R_goal R_in⁻¹ o_in 에 겨눠 풀고 q_E1 = normalize(C₁⁻¹ R_goal), 섞기는 normalize(slerp(q̂_E0, q_E1, weight)).
- soft 는 삼각형의 겨누는 점에 삼각형의 길이로, 굽힘 제한은 그 삼각형의 관절 각에 (spec/bend_reference.py).
- end (월드) = 효과점: 새 회전으로 옮긴 tip.

판정이 반올림 잡음에 달린 경우는 Ambiguous 를 던진다 (generate_bones.py 가 무작위 경우를 버린다).
"""

from __future__ import annotations

import math
from decimal import Decimal, localcontext

from generate import PRECISION_DIGITS, Ambiguous, _dot, _near, _norm, exact_solution

D0, D1 = Decimal(0), Decimal(1)

#: 닿는 범위의 경계 (|a − b|, a + b) 와 soft 의 시작점에 이 상대 거리보다 가까운 무작위 경우는 버린다 (정확히 위는 둔다).
REACH_MARGIN = Decimal("1e-9")
#: soft 시작점 L − s 근처에서 버리는 상대 거리. d 가 L − s 보다 x 만큼 크면 d − d′ ≈ x²/(2s) 라서 x ≲ 1e-8·L 이면
#: float64 에서 d′ 와 d 가 같게 반올림될 수 있다 — 판정이 구현의 식 (d > L − s 냐 d′ < d 냐) 에 달린다.
SOFT_MARGIN = Decimal("1e-6")
#: Δ 의 각이 π 에 이만큼 (rad) 가까우면 버린다: 축이 반올림에 달린다.
ANGLE_PI_MARGIN = 1e-3
#: slerp 의 내적이 0.9995 (선형 가지의 경계) 또는 0 (짧은 경로 부호) 에 이만큼 가까우면 버린다.
DOT_MARGIN = Decimal("1e-9")


def dec(values):
    return [Decimal(v) for v in values]


# --- 행렬 (열벡터 규약, 행 우선 목록) ---


def mat_inverse(m):
    """가우스–조르당 (부분 피벗) 으로 4×4 역행렬."""
    n = 4
    a = [list(m[i]) + [D1 if i == j else D0 for j in range(n)] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if a[pivot][col] == 0:
            raise ValueError("특이 행렬")
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        a[col] = [v / p for v in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0:
                f = a[r][col]
                a[r] = [a[r][k] - f * a[col][k] for k in range(2 * n)]
    return [row[n:] for row in a]


def transform_point(m, p):
    return [m[i][0] * p[0] + m[i][1] * p[1] + m[i][2] * p[2] + m[i][3] for i in range(3)]


def transform_direction(m, v):
    return [m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2] for i in range(3)]


# --- 사원수 (x, y, z, w) ---


def q_mul(a, b):
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return [
        ax * bw + aw * bx + ay * bz - az * by,
        ay * bw + aw * by + az * bx - ax * bz,
        az * bw + aw * bz + ax * by - ay * bx,
        aw * bw - ax * bx - ay * by - az * bz,
    ]


def q_conj(q):
    return [-q[0], -q[1], -q[2], q[3]]


def q_normalize(q):
    n = sum(c * c for c in q).sqrt()
    return [c / n for c in q]


def q_rotate(q, v):
    """정규화한 q 로 v 를 돌린다: q v q⁻¹."""
    u = q_normalize(q)
    r = q_mul(q_mul(u, [v[0], v[1], v[2], D0]), q_conj(u))
    return r[:3]


def cross(u, v):
    return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]


def unit(v):
    n = _norm(v)
    return [c / n for c in v]


def rotation_between(u, v):
    """단위 벡터 u → v 의 가장 작은 회전: normalize(u × v, 1 + u·v). 각이 π 근처면 Ambiguous."""
    c = _dot(u, v)
    if float(c) < math.cos(math.pi - ANGLE_PI_MARGIN):
        raise Ambiguous("Δ 의 각이 π 에 너무 가깝다")
    n = cross(u, v)
    return q_normalize([n[0], n[1], n[2], D1 + c])


# --- 삼각함수 (slerp 용) ---


def d_sin_cos(x: Decimal):
    """테일러 급수로 (sin x, cos x), |x| ≤ π 에서 80 자리."""
    eps = Decimal(10) ** -(PRECISION_DIGITS + 5)
    x2 = x * x
    s, term, k = x, x, 1
    while abs(term) > eps:
        term = -term * x2 / ((2 * k) * (2 * k + 1))
        s += term
        k += 1
    c, term, k = D1, D1, 1
    while abs(term) > eps:
        term = -term * x2 / ((2 * k - 1) * (2 * k))
        c += term
        k += 1
    return s, c


def d_sin(x: Decimal) -> Decimal:
    value = d_sin_cos(x)[0]
    assert abs(float(value) - math.sin(float(x))) <= 1e-15, "sin 급수가 math.sin 과 다르다"
    return value


def d_acos(x: Decimal) -> Decimal:
    """cos θ = x 를 뉴턴법으로 (math.acos 에서 시작, 제곱 수렴). 0 < θ < π."""
    theta = Decimal(math.acos(float(x)))
    for _ in range(8):
        s, c = d_sin_cos(theta)
        step = (c - x) / s
        theta += step
        if abs(step) < Decimal(10) ** -(PRECISION_DIGITS - 2):
            break
    # float(x) 의 반올림 (≤ ε/2) 만으로 acos 가 ε/(2 sin θ) 움직이므로 그만큼 더 허용한다.
    slack = 1e-15 + 2.3e-16 / math.sqrt(1 - float(x) ** 2)
    assert abs(float(theta) - math.acos(float(x))) <= slack, "acos 가 math.acos 와 다르다"
    return theta


def slerp(q0, q1, t: Decimal, stats: dict):
    """normalize(three r186 Quaternion.slerp(q0 → q1, t)) 의 실수 그대로 (0 < t < 1 이면 두 가지 모두 정규화)."""
    if t == 0:
        return list(q0)
    if t == 1:
        return list(q1)
    dot = _dot4(q0, q1)
    if abs(dot) <= DOT_MARGIN or _near(abs(dot), Decimal("0.9995"), DOT_MARGIN):
        raise Ambiguous("slerp 의 내적이 0 또는 0.9995 에 너무 가깝다")
    if dot < 0:
        q1, dot = [-c for c in q1], -dot
        stats["flip"] += 1
    if Decimal("0.999") <= dot <= Decimal("0.9999"):
        stats["near_0.9995"] += 1  # 선형 가지의 경계 양쪽: 경계를 옮긴 구현을 잡는다
    s = D1 - t
    if dot < Decimal("0.9995"):
        theta = d_acos(dot)
        sin = d_sin(theta)
        ra, rb = d_sin(s * theta) / sin, d_sin(t * theta) / sin
        stats["sin"] += 1
        # three 와 달리 정규화한다: 들어온 사원수의 길이가 1 에서 벗어나 있어도 결과는 단위 사원수.
        return q_normalize([q0[i] * ra + q1[i] * rb for i in range(4)])
    stats["linear"] += 1
    return q_normalize([q0[i] * s + q1[i] * t for i in range(4)])


def _dot4(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]


# --- 점 수준의 풀이 (부모 공간, Decimal 그대로) ---


def solve_chain(root, a, b, target, pole, bend_limits=None):
    """spec/generate.py 의 exact_solution 과 같은 계약을 Decimal 로 (반올림하지 않고): joint, end, reachable.

    뼈 수준 벡터는 목표가 뿌리와 같은 경우와 극이 직선 위인 경우를 다루지 않고 (점 수준 벡터가 다룬다),
    닿는 범위의 경계는 REACH_MARGIN 으로 더 넓게 피한다. 굽힘 제한의 경계에 너무 가까우면 (bend_reference) Ambiguous.
    """
    if all(target[i] == root[i] for i in range(3)):
        raise Ambiguous("목표가 뿌리와 같다 (이 생성기에서는 다루지 않는다)")
    try:
        return exact_solution(
            root, a, b, target, pole, allow_line_pole=False, reach_margin=REACH_MARGIN, bend_limits=bend_limits
        )
    except ValueError as error:
        raise Ambiguous(str(error)) from error


#: three 의 setFromRotationMatrix 가 가지를 고르는 비교가 이만큼 가까우면 버린다 (가지마다 사원수의 부호가 다르다).
BRANCH_MARGIN = Decimal("1e-9")


def decompose_rotation(m):
    """three r186 Matrix4.decompose 의 회전: 행렬식이 음수면 x 열의 부호를 바꾸고 열을 길이로 나눈 뒤
    setFromRotationMatrix (같은 가지 — 부호가 가지에 달렸다). m 은 Decimal 4×4 (행 우선)."""
    det = (
        m[0][0] * (m[1][1] * m[2][2] - m[2][1] * m[1][2])
        - m[0][1] * (m[1][0] * m[2][2] - m[2][0] * m[1][2])
        + m[0][2] * (m[1][0] * m[2][1] - m[2][0] * m[1][1])
    )
    sizes = [_norm([m[0][j], m[1][j], m[2][j]]) for j in range(3)]
    if det < 0:
        sizes[0] = -sizes[0]
    r = [[m[i][j] / sizes[j] for j in range(3)] for i in range(3)]
    (m11, m12, m13), (m21, m22, m23), (m31, m32, m33) = r
    trace = m11 + m22 + m33
    for left, right in ((trace, D0), (m11, m22), (m11, m33), (m22, m33)):
        if left != right and abs(left - right) <= BRANCH_MARGIN:
            raise Ambiguous("setFromRotationMatrix 의 가지 고르기가 반올림에 달렸다")
    if trace > 0:
        s = Decimal("0.5") / (trace + 1).sqrt()
        return [(m32 - m23) * s, (m13 - m31) * s, (m21 - m12) * s, Decimal("0.25") / s]
    if m11 > m22 and m11 > m33:
        s = 2 * (1 + m11 - m22 - m33).sqrt()
        return [Decimal("0.25") * s, (m12 + m21) / s, (m13 + m31) / s, (m32 - m23) / s]
    if m22 > m33:
        s = 2 * (1 + m22 - m11 - m33).sqrt()
        return [(m12 + m21) / s, Decimal("0.25") * s, (m23 + m32) / s, (m13 - m31) / s]
    s = 2 * (1 + m33 - m11 - m22).sqrt()
    return [(m13 + m31) / s, (m23 + m32) / s, Decimal("0.25") * s, (m21 - m12) / s]


# --- 뼈 수준 ---


def parent_space_chain(bones):
    """bones = ((t, q, s) × 3, float) → Decimal 의 root, mid, end (부모 공간)."""
    (tu, qu, su), (tm, qm, sm), (te, _qe, _se) = [(dec(t), dec(q), dec(s)) for t, q, s in bones]
    root = tu
    mid_offset = q_rotate(qu, [su[i] * tm[i] for i in range(3)])
    mid = [root[i] + mid_offset[i] for i in range(3)]
    end_in_upper = [tm[i] + q_rotate(qm, [sm[j] * te[j] for j in range(3)])[i] for i in range(3)]
    end_offset = q_rotate(qu, [su[i] * end_in_upper[i] for i in range(3)])
    end = [root[i] + end_offset[i] for i in range(3)]
    return root, mid, end


def _add(u, v):
    return [u[i] + v[i] for i in range(3)]


def _sub(u, v):
    return [u[i] - v[i] for i in range(3)]


def _mul(u, v):
    return [u[i] * v[i] for i in range(3)]


def solve_bones(
    parent_world, bones, target_world, pole_world, weight, soft, keep_end_rotation, stats, *,
    end_rotation=None, end_rotation_weight=1.0, tip=None, bend_limits=None,
):
    """한 경우의 참값. 돌려주는 값은 Decimal: (upper_q, mid_q, end_q, joint_world, end_world, reachable, chain_world).
    end_world 는 효과점 (tip 이 있으면 새 자세로 옮긴 tip)."""
    with localcontext() as ctx:
        ctx.prec = PRECISION_DIGITS
        P = [dec(row) for row in parent_world]
        P_inv = mat_inverse(P)
        target = transform_point(P_inv, dec(target_world))
        pole = transform_point(P_inv, dec(pole_world))
        (tu, qu0, su), (tm, qm0, sm), (te, qe0, se) = [(dec(t), dec(q), dec(s)) for t, q, s in bones]
        root, mid, end = parent_space_chain(bones)
        t = dec(tip) if tip is not None else [D0, D0, D0]
        qe0_unit = q_normalize(qe0)
        # tip_0: end 의 로컬 점을 들어온 자세로 (q_rotate 는 정규화한 회전으로 돌린다).
        tip_in_mid = _add(tm, q_rotate(qm0, _mul(sm, _add(te, q_rotate(qe0, _mul(se, t))))))
        tip0 = _add(root, q_rotate(qu0, _mul(su, tip_in_mid)))
        o_in = _sub(tip0, end)
        a = _norm(_sub(mid, root))
        limits = None if bend_limits is None else tuple(Decimal(v) for v in bend_limits)

        def triangle(effector, aim):
            """삼각형 root – mid – effector (들어온 자세의 점) 를 aim 에 겨눠 풀고 (q_U1, q_M1, reachable)."""
            b = _norm(_sub(effector, mid))
            softened = False
            k = Decimal(soft)
            if k > 0:
                chain = a + b
                s = k * chain
                start = chain - s
                to_aim = _sub(aim, root)
                d = _norm(to_aim)
                if _near(d, start, SOFT_MARGIN):
                    raise Ambiguous("soft 의 시작점에 너무 가깝다")
                if d > start:
                    d_soft = chain - s * (-(d - start) / s).exp()
                    aim = [root[i] + to_aim[i] * d_soft / d for i in range(3)]
                    softened = True
                    stats["softened"] += 1
            joint_p, effector_p, reachable = solve_chain(root, a, b, aim, pole, limits)
            if a > 0:
                delta1 = rotation_between(unit(_sub(mid, root)), unit(_sub(joint_p, root)))
                qu1 = q_normalize(q_mul(delta1, qu0))
            else:
                delta1, qu1 = [D0, D0, D0, D1], list(qu0)
            if b > 0:
                moved = q_rotate(delta1, _sub(effector, root))
                from_dir = unit([moved[i] + root[i] - joint_p[i] for i in range(3)])
                delta2 = rotation_between(from_dir, unit(_sub(effector_p, joint_p)))
                qm1 = q_normalize(q_mul(q_mul(q_mul(q_conj(qu1), delta2), qu1), qm0))
            else:
                qm1 = list(qm0)
            return qu1, qm1, bool(reachable and not softened)

        goal_weight = Decimal(end_rotation_weight)
        w = Decimal(weight)
        if end_rotation is not None and goal_weight > 0:
            stats["end_rotation"] += 1
            r_p = q_normalize(decompose_rotation(P))
            r_q = q_normalize(q_mul(q_conj(r_p), q_normalize(dec(end_rotation))))
            if goal_weight < 1:
                qu_a, qm_a, _ = triangle(tip0, target)
                r_goal = slerp(q_mul(q_mul(qu_a, qm_a), qe0_unit), r_q, goal_weight, stats)
            else:
                r_goal = r_q
            r_in = q_mul(q_mul(q_normalize(qu0), q_normalize(qm0)), qe0_unit)
            offset = q_rotate(q_mul(r_goal, q_conj(r_in)), o_in)
            qu1, qm1, reachable = triangle(end, _sub(target, offset))
            qe1 = q_normalize(q_mul(q_conj(q_mul(qu1, qm1)), r_goal))
            qu_out, qm_out = slerp(qu0, qu1, w, stats), slerp(qm0, qm1, w, stats)
            qe_out = list(qe0) if w == 0 else slerp(qe0_unit, qe1, w, stats)
        else:
            if keep_end_rotation:
                qu1, qm1, reachable = triangle(end, _sub(target, o_in))
            else:
                qu1, qm1, reachable = triangle(tip0, target)
            qu_out, qm_out = slerp(qu0, qu1, w, stats), slerp(qm0, qm1, w, stats)
            if keep_end_rotation and w > 0:
                qe_out = q_normalize(q_mul(q_conj(q_mul(qu_out, qm_out)), q_mul(q_mul(qu0, qm0), qe0)))
            else:
                qe_out = list(qe0)

        joint_new = _add(tu, q_rotate(qu_out, _mul(su, tm)))
        effector_in_mid = _add(tm, q_rotate(qm_out, _mul(sm, _add(te, q_rotate(qe_out, _mul(se, t))))))
        effector_new = _add(tu, q_rotate(qu_out, _mul(su, effector_in_mid)))
        joint_world = transform_point(P, joint_new)
        end_world = transform_point(P, effector_new)
        chain_world = _norm(transform_direction(P, _sub(mid, root))) + _norm(transform_direction(P, _sub(end, mid)))
        return qu_out, qm_out, qe_out, joint_world, end_world, reachable, chain_world
