/** How the Traffic sheet writes its numbers: counts, rates with their unit, durations. */
import { SECONDS_PER_HOUR } from "../../../engine/base/units";
import { fmtValue } from "../../format";
import { t } from "../../state/i18n";

/** A number for display ("—" when absent). */
export const num = (v: number | null | undefined, digits = 2): string => fmtValue(v, digits);

/** A rate with its unit; three significant-ish decimals for small rates. */
export function rps(v: number | null | undefined): string {
  return v == null ? "—" : t("trRps", { v: num(v, v >= 100 ? 1 : v >= 10 ? 2 : 3) });
}

/** A chart's rate tick: fewer decimals as the rate grows. */
export function rateTick(v: number): string {
  return num(v, v >= 100 ? 0 : v >= 10 ? 1 : 2);
}

/** A trace's duration in seconds, with hours beside it from an hour up. */
export function duration(sec: number): string {
  return sec >= SECONDS_PER_HOUR
    ? `${t("trSeconds", { v: num(sec, 0) })} (${t("trHours", { v: num(sec / SECONDS_PER_HOUR, 1) })})`
    : t("trSeconds", { v: num(sec, 1) });
}
