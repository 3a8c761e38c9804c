#!/usr/bin/env node
/**
 * Write a synthetic request trace in the Azure LLM inference trace layout
 * (`TIMESTAMP,ContextTokens,GeneratedTokens`, ISO timestamps with 7 fractional digits) for
 * measuring `capplan traffic` on large inputs (README, "Request traces"):
 *
 *   node scripts/gen-trace.mjs ROWS OUT.csv [DAYS]
 *
 * ROWS requests over DAYS days (default 7) from 2024-05-13 00:00 UTC, arriving with a daily swing
 * (busiest at 14:00, a tenth of it at 02:00); lengths from a fixed-seed generator, so the same
 * arguments write the same file. Streams in 1 MiB blocks: memory stays flat.
 */
import { openSync, writeSync, closeSync } from "node:fs";

const rows = Number(process.argv[2]);
const out = process.argv[3];
const days = Number(process.argv[4] ?? 7);
if (!(rows > 0) || !out || !(days > 0)) {
  console.error("usage: node scripts/gen-trace.mjs ROWS OUT.csv [DAYS]");
  process.exit(2);
}
let seed = 42;
const rand = () => {
  // xorshift32
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 4294967296;
};
const start = Date.UTC(2024, 4, 13) / 1000;
const span = days * 86400;
// Arrival density over the day: 1 + 9 × (1 + cos(2π(h − 14)/24)) / 2, mapped through its integral.
// Rows are spaced evenly in "load time" and mapped back to clock time by a lookup table of the
// cumulative density per second (rows are written in time order).
const perDay = new Float64Array(86401);
for (let s = 0; s < 86400; s++) {
  const h = s / 3600;
  perDay[s + 1] = perDay[s] + 1 + (9 * (1 + Math.cos((2 * Math.PI * (h - 14)) / 24))) / 2;
}
const dayLoad = perDay[86400];
const pad = (n, w) => String(n).padStart(w, "0");
const fd = openSync(out, "w");
let buf = "TIMESTAMP,ContextTokens,GeneratedTokens\n";
let sec = 0;
for (let i = 0; i < rows; i++) {
  const load = ((i + rand()) / rows) * dayLoad * days;
  const day = Math.floor(load / dayLoad);
  const within = load - day * dayLoad;
  while (sec < 86399 && perDay[sec + 1] <= within) sec++;
  while (sec > 0 && perDay[sec] > within) sec--;
  const frac = (within - perDay[sec]) / (perDay[sec + 1] - perDay[sec]);
  const t = start + day * 86400 + sec + frac;
  const whole = Math.floor(t);
  const d = new Date(whole * 1000);
  const ticks = Math.floor((t - whole) * 1e7);
  const ts = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)} ${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}.${pad(ticks, 7)}`;
  const input = 50 + Math.floor(-Math.log(1 - rand()) * 1000);
  const output = 1 + Math.floor(-Math.log(1 - rand()) * 200);
  buf += `${ts},${input},${output}\n`;
  if (buf.length > 1 << 20) {
    writeSync(fd, buf);
    buf = "";
  }
}
writeSync(fd, buf);
closeSync(fd);
void span;
