"""The benchmark clash (bench/core.ts) as a designer would write it with numpy:
3d4 + 1d6 against 4d4, a die is a hit when it shows exactly 4, the side with more hits
lands the difference. Vectorised in chunks of 1,000,000 clashes; prints the same
figures poolsim reports for two sides (mean hits, share of clashes each side lands,
mean wounds landed on each side, capped by its size), so both do the same work.
Used by bench/startup.ts (`cliClashVsNumpy`): python3 numpy_clash.py TRIALS SEED
"""
import sys
import numpy as np

trials = int(sys.argv[1]) if len(sys.argv) > 1 else 50_000_000
rng = np.random.default_rng(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
CHUNK = 1_000_000
sums = np.zeros(6)
done = 0
while done < trials:
    n = min(CHUNK, trials - done)
    a = (rng.integers(1, 5, size=(n, 3), dtype=np.int8) == 4).sum(axis=1, dtype=np.int32)
    a += rng.integers(1, 7, size=n, dtype=np.int8) == 4
    b = (rng.integers(1, 5, size=(n, 4), dtype=np.int8) == 4).sum(axis=1, dtype=np.int32)
    margin = a - b
    sums += [a.sum(), b.sum(), (margin > 0).sum(), (margin < 0).sum(),
             np.minimum(np.maximum(margin, 0), 4).sum(), np.minimum(np.maximum(-margin, 0), 3).sum()]
    done += n
mean = sums / trials
print(f"hits.a {mean[0]:.6f} hits.b {mean[1]:.6f} lands.a {mean[2]:.6f} lands.b {mean[3]:.6f} "
      f"wounds.b {mean[4]:.6f} wounds.a {mean[5]:.6f}")
