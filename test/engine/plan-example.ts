/** The full plan example of docs/plan-file.md, copied exactly (shared by the plan tests). */
export const SPEC_EXAMPLE_TEXT = `{
  "format": "capplan.plan/v1",
  "title": "70B chat service",
  "currency": "CNY",
  "cells": { "peak": 50, "gpu_hour": 20, "chat_peak": "=peak * 0.8" },
  "workloads": [
    { "name": "chat", "peakRps": "=chat_peak", "avgRps": 16, "inputTokens": 300, "outputTokens": 300 },
    { "name": "docs", "peakRps": 10, "inputTokens": 3000, "outputTokens": 500 }
  ],
  "slo": [ { "metric": "ttft", "stat": "p99", "maxMs": 1000 },
           { "metric": "itl", "stat": "p95", "maxMs": 100 } ],
  "sloMode": "measured",
  "factors": { "elasticity": 1.2, "redundancy": 1.2 },
  "skus": [
    { "name": "H100 TP4", "gpu": "h100-sxm", "gpusPerReplica": 4, "pricePerGpuHour": "=gpu_hour",
      "sweep": { "replicaOutputTokensPerSec": 1500 } },
    { "name": "L40S TP4", "gpu": "l40s", "gpusPerReplica": 4, "pricePerGpuHour": 8,
      "sweep": { "file": "sweeps/l40s-genai-perf/" } },
    { "name": "A100 TP4", "gpu": "a100-80gb", "gpusPerReplica": 4, "pricePerGpuHour": 12,
      "sweeps": { "chat": { "points": [ { "concurrency": 8, "rps": 2.1, "outputTokensPerSec": 640,
                                          "ttftMs": { "p99": 700 }, "itlMs": { "p95": 40 } } ] },
                  "docs": { "file": "sweeps/a100-docs.json" } } }
  ],
  "tenants": {
    "method": "tokens", "idle": "proportional",
    "pools": [ { "name": "70b", "costPerDay": 1920 } ],
    "usage": [ { "team": "search", "pool": "70b", "inputTokens": 1e7, "outputTokens": 2e7 },
               { "team": "support", "pool": "70b", "inputTokens": 6e7, "outputTokens": 4e7 } ]
  }
}
`;
