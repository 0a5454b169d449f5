"""Reference values for `puzzlec compare`'s statistics, from scipy and statsmodels.

Run once in a throwaway venv (pip install scipy statsmodels) and commit the output:

    python3 tests/data/compare/make_fixtures.py > tests/data/compare/stats_fixtures.json

Every value here comes from the libraries' own implementations, never from puzzlec's formulas.
"""

import json
import math

import numpy as np
import scipy
import statsmodels
import statsmodels.api as sm
from scipy import stats
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import tost_proportions_2indep


def finite(x):
    """JSON has no NaN or infinity: such values are written as null."""
    x = float(x)
    return x if math.isfinite(x) else None


def two_sample_tost():
    cases = [
        (60, 100, 55, 100, 0.10),
        (150, 200, 140, 200, 0.10),
        (100, 100, 90, 100, 0.10),
        (0, 50, 3, 50, 0.10),
        (37, 80, 52, 90, 0.05),
        (412, 800, 398, 800, 0.10),
        (5, 7, 1, 9, 0.10),
        # Edge cases: both at 0 % or both at 100 % (zero variance).
        (0, 100, 0, 100, 0.10),
        (100, 100, 100, 100, 0.10),
    ]
    out = []
    for k1, n1, k2, n2, margin in cases:
        r = tost_proportions_2indep(
            k1, n1, k2, n2, -margin, margin, method="wald", compare="diff"
        )
        p, lower, upper = r.pvalue, r.results_larger, r.results_smaller
        out.append(
            {
                "k1": k1,
                "n1": n1,
                "k2": k2,
                "n2": n2,
                "margin": margin,
                "p": finite(p),
                "p_lower": finite(lower.pvalue),
                "p_upper": finite(upper.pvalue),
            }
        )
    return out


def paired_tost():
    # diff = (b - c) / N, se = sqrt(((b + c) / N - diff^2) / N), normal tails.
    cases = [(12, 8, 100), (30, 10, 120), (5, 5, 60), (3, 0, 40), (40, 38, 300), (9, 2, 25)]
    out = []
    for b, c, n, in cases:
        margin = 0.10
        diff = (b - c) / n
        se = math.sqrt(((b + c) / n - diff * diff) / n)
        lower = stats.norm.sf((diff + margin) / se)
        upper = stats.norm.cdf((diff - margin) / se)
        out.append(
            {
                "b": b,
                "c": c,
                "pairs": n,
                "margin": margin,
                "p_lower": lower,
                "p_upper": upper,
                "p": max(lower, upper),
            }
        )
    return out


def mcnemar_cases():
    # Exact binomial below 25 discordant pairs, chi-square with continuity
    # correction from 25 on.
    cases = [(0, 0), (3, 0), (5, 5), (7, 2), (12, 12), (20, 4), (30, 10), (40, 38), (100, 60)]
    out = []
    for b, c in cases:
        exact = b + c < 25
        r = mcnemar([[10, b], [c, 10]], exact=exact, correction=True)
        out.append({"b": b, "c": c, "exact": exact, "p": finite(r.pvalue)})
    return out


def holm_cases():
    cases = [
        [0.01, 0.04, 0.03, 0.005],
        [0.2],
        [0.04, 0.04, 0.04],
        [0.0, 1.0, 0.5, 0.02, 0.02],
        [0.001, 0.9, 0.011, 0.012, 0.02, 0.3],
    ]
    return [{"p": ps, "adjusted": list(multipletests(ps, method="holm")[1])} for ps in cases]


def ols_cases():
    rng = np.random.default_rng(19)
    cases = []
    for n in (4, 7, 15):
        x = np.round(rng.uniform(0, 1, n), 4)
        z = np.round(rng.uniform(0, 1, n), 4)
        y = np.round(0.3 + 0.5 * x + 0.2 * z + rng.normal(0, 0.08, n), 4)
        cases.append((x.tolist(), y.tolist(), z.tolist()))
    # An exact line (R^2 = 1) and a flat predictor (undefined).
    cases.append(([0.1, 0.2, 0.3, 0.4], [0.3, 0.5, 0.7, 0.9], [0.5, 0.1, 0.4, 0.2]))
    out = []
    for x, y, z in cases:
        fit = sm.OLS(np.array(y), sm.add_constant(np.array(x))).fit()
        entry = {
            "x": x,
            "y": y,
            "z": z,
            "intercept": float(fit.params[0]),
            "slope": float(fit.params[1]),
            "r2": float(fit.rsquared),
            "slope_p": finite(fit.pvalues[1]),
        }
        # Partial correlation of x and y controlling for z: the correlation of
        # the residuals of x ~ z and y ~ z; p from t with n - 3 df.
        zc = sm.add_constant(np.array(z))
        rx = sm.OLS(np.array(x), zc).fit().resid
        ry = sm.OLS(np.array(y), zc).fit().resid
        r = float(np.corrcoef(rx, ry)[0, 1])
        df = len(x) - 3
        if df > 0 and abs(r) < 1:
            t = r * math.sqrt(df / (1 - r * r))
            p = float(2 * stats.t.sf(abs(t), df))
        else:
            p = None
        entry["partial_r"] = r
        entry["partial_p"] = p
        out.append(entry)
    return out


def normal_cases():
    xs = [-8.0, -5.0, -3.0, -1.6448536269514722, -0.5, 0.0, 0.3, 1.0, 2.5, 4.0, 6.0]
    return [{"x": x, "cdf": float(stats.norm.cdf(x))} for x in xs]


def student_t_cases():
    cases = [(0.5, 1), (1.0, 2), (2.2, 5), (-1.3, 7), (3.0, 13), (0.0, 4), (6.0, 3)]
    return [{"t": t, "df": df, "sf2": float(2 * stats.t.sf(abs(t), df))} for t, df in cases]


# The synthetic comparison of tests/suite/compare.rs: the specs in
# tests/data/compare/specs built with 20 items per tier, and five models
# whose response to record `PUZZLE/LANG/TIER/INDEX` is correct exactly when
# `(INDEX + offset[LANG]) % 20 < k[PUZZLE/LANG/TIER]`. The test writes the
# responses from `offset` and `k`, scores them with `puzzlec score`, runs
# `puzzlec compare`, and checks its report.json against `expected`.

N = 20
TIERS = ["easy", "medium", "hard"]
# (puzzle, family, group or None, languages)
TASKS = [
    ("alpha", "direct", None, ["en", "ko"]),
    ("beta", "direct", None, ["en", "ko"]),
    ("code_en", "script", "code", ["en"]),
    ("code_ko", "script", "code", ["ko"]),
    ("letters", "korean_only", "letters", ["ko"]),
    ("lore", "korean_only", None, ["ko"]),
]
FLOOR = 0.03
MARGIN = 0.10
# Per model: base accuracy of each group key, tier offsets, language offsets.
MODELS = {
    "strong": ({"direct/en": 0.85, "direct/ko": 0.80, "code/en": 0.7, "code/ko": 0.6,
                "letters/ko": 0.75, "korean_only/ko": 0.7}, [0.15, 0.0, -0.15], {"en": 0, "ko": 3}),
    "mid": ({"direct/en": 0.6, "direct/ko": 0.45, "code/en": 0.5, "code/ko": 0.35,
             "letters/ko": 0.5, "korean_only/ko": 0.4}, [0.2, 0.0, -0.2], {"en": 0, "ko": 7}),
    "weak": ({"direct/en": 0.35, "direct/ko": 0.3, "code/en": 0.3, "code/ko": 0.1,
              "letters/ko": 0.2, "korean_only/ko": 0.3}, [0.0, 0.1, -0.1], {"en": 5, "ko": 0}),
    "fourth": ({"direct/en": 0.5, "direct/ko": 0.5, "code/en": 0.45, "code/ko": 0.3,
                "letters/ko": 0.45, "korean_only/ko": 0.25}, [0.1, 0.0, -0.1], {"en": 0, "ko": 11}),
    "zero": ({}, [0.0, 0.0, 0.0], {"en": 0, "ko": 0}),
}
# Per-task offsets, so that the two tasks of a group differ.
TASK_OFFSET = {"alpha": 0.05, "beta": -0.05}


def group_key(puzzle, family, group, lang):
    return f"{group or family}/{lang}"


def cells():
    for puzzle, family, group, langs in TASKS:
        for lang in langs:
            for t, tier in enumerate(TIERS):
                yield puzzle, family, group, lang, t, tier


def k_table(label):
    base, tier_off, _ = MODELS[label]
    out = {}
    for puzzle, family, group, lang, t, tier in cells():
        a = base.get(group_key(puzzle, family, group, lang), 0.0)
        a += TASK_OFFSET.get(puzzle, 0.0) + tier_off[t] if a > 0 else 0.0
        out[f"{puzzle}/{lang}/{tier}"] = int(min(N, max(0, round(N * a))))
    return out


def correct(label, k, puzzle, lang, tier, i):
    off = MODELS[label][2][lang]
    return (i + off) % N < k[f"{puzzle}/{lang}/{tier}"]


def synthetic():
    labels = list(MODELS)
    ks = {m: k_table(m) for m in labels}
    verdict = {
        m: {
            (p, l, tier, i): correct(m, ks[m], p, l, tier, i)
            for p, _, _, l, _, tier in cells()
            for i in range(N)
        }
        for m in labels
    }
    records = {m: len(v) for m, v in verdict.items()}
    acc = {m: sum(v.values()) / len(v) for m, v in verdict.items()}
    included = [acc[m] >= FLOOR for m in labels]

    def task_acc(m, p, l, tiers=TIERS):
        vs = [verdict[m][(p, l, t, i)] for t in tiers for i in range(N)]
        return sum(vs) / len(vs)

    tasks = []
    for puzzle, family, group, langs in TASKS:
        for lang in langs:
            tiers = [[task_acc(m, puzzle, lang, [t]) for m in labels] for t in TIERS]
            keeps = [all(tiers[j][mi] > tiers[j + 1][mi] for j in range(2)) for mi in range(len(labels))]
            tasks.append({
                "task": f"{puzzle}/{lang}",
                "group": group_key(puzzle, family, group, lang),
                "accuracy": [task_acc(m, puzzle, lang) for m in labels],
                "tiers": tiers,
                "keeps_order": keeps,
                "order_kept": sum(1 for k, inc in zip(keeps, included) if inc and k),
                "order_of": sum(included),
            })
    groups = {}
    for t in tasks:
        groups.setdefault(t["group"], []).append(t["accuracy"])
    group_rows = {g: [float(np.mean([a[mi] for a in accs])) for mi in range(len(labels))]
                  for g, accs in groups.items()}

    equivalence = []
    for m in labels:
        en = [verdict[m][(p, "en", t, i)] for p in ("alpha", "beta") for t in TIERS for i in range(N)]
        ko = [verdict[m][(p, "ko", t, i)] for p in ("alpha", "beta") for t in TIERS for i in range(N)]
        k1, k2, n = sum(en), sum(ko), len(en)
        r = tost_proportions_2indep(k1, n, k2, n, -MARGIN, MARGIN, method="wald", compare="diff")
        b = sum(1 for a, c in zip(en, ko) if a and not c)
        c = sum(1 for a, c in zip(en, ko) if c and not a)
        d = (b - c) / n
        se = math.sqrt(((b + c) / n - d * d) / n)
        if se > 0:
            pl, pu = stats.norm.sf((d + MARGIN) / se), stats.norm.cdf((d - MARGIN) / se)
        else:
            pl = pu = 1.0
        exact = b + c < 25
        mc = mcnemar([[0, b], [c, 0]], exact=exact, correction=True).pvalue
        two_decided = 0 < k1 + k2 < 2 * n
        equivalence.append({
            "label": m, "en_correct": k1, "ko_correct": k2, "n": n,
            "two_sample_p": finite(r.pvalue) if two_decided else 1.0,
            "two_sample_p_lower": finite(r.results_larger.pvalue) if two_decided else 1.0,
            "two_sample_p_upper": finite(r.results_smaller.pvalue) if two_decided else 1.0,
            "pairs": n, "en_only": b, "ko_only": c,
            "paired_p": max(pl, pu), "mcnemar_p": finite(mc), "mcnemar_exact": exact,
        })
    inc_rows = [e for e, inc in zip(equivalence, included) if inc]
    for key in ("two_sample_p", "paired_p", "mcnemar_p"):
        adj = multipletests([e[key] for e in inc_rows], method="holm")[1]
        for e, a in zip(inc_rows, adj):
            e[key + "_holm"] = float(a)
    for e, inc in zip(equivalence, included):
        if not inc:
            for key in ("two_sample_p", "paired_p", "mcnemar_p"):
                e[key + "_holm"] = None

    xs = [group_rows["letters/ko"][mi] for mi, inc in enumerate(included) if inc]
    ys = [group_rows["code/ko"][mi] for mi, inc in enumerate(included) if inc]
    zs = [group_rows["direct/ko"][mi] for mi, inc in enumerate(included) if inc]
    fit = sm.OLS(np.array(ys), sm.add_constant(np.array(xs))).fit()
    zc = sm.add_constant(np.array(zs))
    rx = sm.OLS(np.array(xs), zc).fit().resid
    ry = sm.OLS(np.array(ys), zc).fit().resid
    pr = float(np.corrcoef(rx, ry)[0, 1])
    df = len(xs) - 3
    pp = float(2 * stats.t.sf(abs(pr * math.sqrt(df / (1 - pr * pr))), df)) if df > 0 else None
    regression = {
        "name": "code/ko ~ letters/ko | direct/ko", "x": xs, "y": ys, "z": zs,
        "slope": float(fit.params[1]), "intercept": float(fit.params[0]),
        "r2": float(fit.rsquared), "slope_p": float(fit.pvalues[1]),
        "partial_r": pr, "partial_p": pp,
    }
    deficits = {
        f"{p}/ko": [group_rows["direct/ko"][mi] - task_acc(m, p, "ko") for mi, m in enumerate(labels)]
        for p in ("letters", "lore")
    }
    return {
        "per_tier": N,
        "floor": FLOOR,
        "margin": MARGIN,
        "labels": labels,
        "offsets": {m: MODELS[m][2] for m in labels},
        "k": ks,
        "expected": {
            "records": [records[m] for m in labels],
            "accuracy": [acc[m] for m in labels],
            "included": included,
            "tasks": tasks,
            "groups": group_rows,
            "equivalence": equivalence,
            "regression": regression,
            "deficits": deficits,
            "levers": {"size": [2.0, 4.0, 6.0], "top": [9.0, 9.0, 9.0]},
        },
    }


print(
    json.dumps(
        {
            "generated_by": f"scipy {scipy.__version__}, statsmodels {statsmodels.__version__}",
            "two_sample_tost": two_sample_tost(),
            "paired_tost": paired_tost(),
            "mcnemar": mcnemar_cases(),
            "holm": holm_cases(),
            "ols": ols_cases(),
            "normal_cdf": normal_cases(),
            "student_t": student_t_cases(),
            "synthetic": synthetic(),
        },
        indent=1,
    )
)
