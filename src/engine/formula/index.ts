/** Formula engine of the plan workbook (docs/plan-file.md): restricted mathjs, dependency graph, sheet. */
export {
  ALLOWED_FUNCTIONS,
  ALLOWED_OPERATORS,
  CELL_NAME_PATTERN,
  DANGEROUS_FUNCTIONS,
  PARSER_KEYWORDS,
  cellNameProblem,
  isDisabledOnInstance,
  parseExpression,
} from "./math";
export { checkFormulaTree, type CheckResult } from "./check";
export {
  MAX_BRACKET_DEPTH,
  MAX_FORMULA_DEPTH,
  MAX_FORMULA_LENGTH,
  compileFormula,
  numericResult,
  readNumericString,
  readRaw,
  type CompiledFormula,
  type EvalResult,
  type FormulaProblem,
  type RawReading,
} from "./formula";
export { shortestCycle, stronglyConnected, withDependents } from "./graph";
export { Sheet, cellPath, type EntryResult, type SheetOptions } from "./sheet";
