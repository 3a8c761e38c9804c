"""Write fixtures/vllm/repeats-h100/: the synthetic H100 sweep of
fixtures/vllm/concurrency-sweep-h100/ as if every load level had been run several times
(`vllm bench sweep` runs each combination 3 times by default; here concurrency 1 and 4 have
3 runs, 16 and 64 have 5), one folder per run (run1/ … run5/), each file a `--save-result` JSON.

Deterministic transformation of the baseline files, not a measurement: each run scales the
throughputs by a factor close to 1 (duration by its inverse) and the latencies by the inverse of
that factor, so a faster run is also a quicker one. Run 5 at concurrency 16 had a noisy
neighbour: its TTFT statistics are 1.33 times the baseline (P99 TTFT 214 ms), so under an SLO of
P99 TTFT <= 200 ms that level passes on its median but holds in only 4 of its 5 runs, and its
repeats differ by more than 10 % (an unstable-level warning)."""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "..", "fixtures", "vllm", "concurrency-sweep-h100")
DST = os.path.join(HERE, "..", "fixtures", "vllm", "repeats-h100")

# Throughput factor of each run, per concurrency level.
RUNS = {
    1: [0.98, 1.0, 1.02],
    4: [0.985, 1.0, 1.015],
    16: [0.985, 0.995, 1.0, 1.008, 1.012],
    64: [0.97, 0.99, 1.0, 1.01, 1.03],
}
NOISY = {(16, 5): 1.33}

for name in sorted(os.listdir(SRC)):
    base = json.load(open(os.path.join(SRC, name)))
    c = base["max_concurrency"]
    for r, f in enumerate(RUNS[c], start=1):
        d = dict(base)
        d["date"] = base["date"][:-4] + f"{int(base['date'][-4:]) + 1000 * r:04d}"[-4:]
        d["duration"] = round(base["duration"] / f, 5)
        for k in ("request_throughput", "output_throughput", "total_token_throughput", "max_output_tokens_per_s"):
            d[k] = base[k] * f
        ttft = NOISY.get((c, r), 1.0)
        for k, v in base.items():
            if isinstance(v, (int, float)) and k.endswith("_ms"):
                d[k] = round(v / f * (ttft if "_ttft_" in k else 1.0), 4)
        folder = os.path.join(DST, f"run{r}")
        os.makedirs(folder, exist_ok=True)
        out = name.replace(base["date"], d["date"])
        with open(os.path.join(folder, out), "w") as fh:
            json.dump(d, fh, indent=1)
            fh.write("\n")
