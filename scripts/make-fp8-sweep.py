"""Write fixtures/vllm/concurrency-sweep-h100-fp8/: the synthetic H100 sweep of
fixtures/vllm/concurrency-sweep-h100/ as if re-run after FP8 weight quantisation, for the
before/after example of `capplan compare` (docs/report.md: re-run the same sweep after a change).

Deterministic transformation of the baseline files: throughput x1.30 (requests, tokens, and
duration / 1.30), TPOT/ITL x0.78, E2E scaled to match, TTFT x0.85 at concurrency >= 4 but x1.12
at concurrency 1 (a small low-load regression, so the example shows one marked regression).
Synthetic: not a measurement."""
import json, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "..", "fixtures", "vllm", "concurrency-sweep-h100")
DST = os.path.join(HERE, "..", "fixtures", "vllm", "concurrency-sweep-h100-fp8")
os.makedirs(DST, exist_ok=True)
for name in sorted(os.listdir(SRC)):
    d = json.load(open(os.path.join(SRC, name)))
    c = d["max_concurrency"]
    d["model_id"] = d["tokenizer_id"] = "RedHatAI/Meta-Llama-3.1-8B-Instruct-FP8"
    d["quantization"] = "fp8"
    d["date"] = d["date"].replace("20250612", "20250619")
    d["duration"] = round(d["duration"] / 1.30, 5)
    for k in ("request_throughput", "output_throughput", "total_token_throughput", "max_output_tokens_per_s"):
        if isinstance(d.get(k), (int, float)):
            d[k] = d[k] * 1.30
    ttft_f = 1.12 if c == 1 else 0.85
    for k, v in list(d.items()):
        if not isinstance(v, (int, float)) or not k.endswith("_ms"):
            continue
        if "_ttft_" in k:
            d[k] = round(v * ttft_f, 4)
        elif "_tpot_" in k or "_itl_" in k:
            d[k] = round(v * 0.78, 4)
        elif "_e2el_" in k:
            d[k] = round(v / 1.30, 4)
    out = re.sub(r"Llama-3.1-8B-Instruct-20250612", "Llama-3.1-8B-Instruct-FP8-20250619", name)
    with open(os.path.join(DST, out), "w") as f:
        json.dump(d, f)
        f.write("\n")
