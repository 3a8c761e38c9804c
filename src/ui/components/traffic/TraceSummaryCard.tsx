/**
 * The summary card of an open trace: its file, format and bad rows, the bin select, the headline
 * statistics (requests, duration, mean, peak, p99, p50, peak-to-mean, CV) and the burstiness in
 * one sentence.
 */
import { For, type JSX, Show } from "solid-js";
import { TRACE_BINS, type TraceView } from "../../../import/trace-session";
import { t } from "../../state/i18n";
import { burstSentence, useTraffic } from "../../state/traffic";
import { duration, num, rps } from "./trace-format";

/** One headline statistic. */
function Stat(props: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}): JSX.Element {
  return (
    <div class="tr-stat" classList={{ strong: !!props.strong }}>
      <span class="tr-stat-label">{props.label}</span>
      <span class="tr-stat-value" data-testid={props.testId}>
        {props.value}
      </span>
    </div>
  );
}

/** The bin select (a stored summary keeps the bin it was stored with). */
function BinSelect(): JSX.Element {
  const { traffic, setTraceBin } = useTraffic();
  return (
    <label class="field">
      <span class="field-label">{t("trBin")}</span>
      <select
        data-testid="traffic-bin"
        disabled={traffic.stored}
        title={traffic.stored ? t("trStoredBin") : undefined}
        value={String(traffic.binSec)}
        onChange={(e) => void setTraceBin(Number(e.currentTarget.value))}
      >
        <For each={TRACE_BINS}>
          {(b) => <option value={String(b)}>{t("trBinOption", { n: num(b, 0) })}</option>}
        </For>
      </select>
    </label>
  );
}

/** The summary card. */
export function TraceSummaryCard(props: { view: TraceView }): JSX.Element {
  const { traffic } = useTraffic();
  const v = () => props.view;
  const s = () => props.view.summary;
  return (
    <section class="card">
      <div class="card-head">
        <h3 class="tr-file" data-testid="traffic-file">
          {v().name}
        </h3>
        <span class="muted small" data-testid="traffic-format">
          {traffic.stored
            ? t("trStored")
            : t("trFormat", { format: v().formatTitle, rows: num(v().rows, 0) })}
        </span>
        <Show when={v().badRows}>
          <span class="warn small">{t("trBadRows", { n: num(v().badRows, 0) })}</span>
        </Show>
        <Show when={s().failed}>
          <span class="muted small">{t("trFailedRows", { n: num(s().failed, 0) })}</span>
        </Show>
        <span class="spacer" />
        <BinSelect />
      </div>
      <div class="tr-stats">
        <Stat label={t("trRequests")} value={num(s().requests, 0)} testId="traffic-requests" />
        <Stat label={t("trDuration")} value={duration(s().durationSec)} testId="traffic-duration" />
        <Stat label={t("trMeanRps")} value={rps(s().meanRps)} testId="traffic-mean" />
        <Stat label={t("trPeak")} value={rps(s().peakRps)} testId="traffic-peak" strong />
        <Stat label={t("trP99")} value={rps(s().p99Rps)} testId="traffic-p99" />
        <Stat label={t("trP50")} value={rps(s().p50Rps)} testId="traffic-p50" />
        <Stat label={t("trPeakToMean")} value={num(s().peakToMean, 2)} testId="traffic-ptm" />
        <Stat label={t("trCv")} value={num(s().interarrivalCv, 2)} testId="traffic-cv" />
      </div>
      <p class="tr-burst" data-testid="traffic-burst">
        {burstSentence(s())}
      </p>
    </section>
  );
}
