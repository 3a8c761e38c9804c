/**
 * Number and money formatting for the grids: the report's own formatters
 * (`src/report/plan-output.ts`, cached `Intl.NumberFormat`s), so the app and the CLI print the
 * same text.
 */
export { fmtMoney, fmtNum } from "../report/plan-output";
