"""Win rate by seat in turn order from a study's games.csv (the study was stopped: no study.json)."""
import csv, math, sys
from motherlode.engine.registry import get_game
game = get_game("gonza")
rows = list(csv.DictReader(open(sys.argv[1] if len(sys.argv) > 1 else __file__.rsplit("/", 1)[0] + "/games.csv")))
n = len(rows); p = 4
wins = [0.0] * p; dealt = [0.0] * p
for r in rows:
    first = int(game.new_state(p, seed=int(r["seed"])).first)
    ws = [int(x) - 1 for x in r["winners"].split()]
    assert all(float(r["scores"].split()[w]) == max(map(float, r["scores"].split())) for w in ws)
    for w in ws:
        wins[(w - first) % p] += 1 / len(ws); dealt[w] += 1 / len(ws)
def wilson(k, n, z=1.96):
    ph = k / n; d = 1 + z*z/n; c = (ph + z*z/(2*n)) / d; h = z*math.sqrt(ph*(1-ph)/n + z*z/(4*n*n)) / d
    return c - h, c + h
print(f"{n} games")
for i in range(p):
    lo, hi = wilson(wins[i], n); print(f"turn seat {i+1}: {wins[i]/n*100:.1f}% ({lo*100:.1f}-{hi*100:.1f}%)")
exp = n / p
chi = sum((w - exp) ** 2 / exp for w in wins)
p_equal = math.erfc(math.sqrt(chi / 2)) + math.sqrt(2 * chi / math.pi) * math.exp(-chi / 2)  # 3 dof
print(f"chi-square {chi:.2f}, p (seats equal) {p_equal:.2f}; as dealt:", [round(d / n * 100, 1) for d in dealt])
