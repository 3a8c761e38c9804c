/** The workbook context: one store for the whole app, outside any error boundary (data survives). */
import { createContext, useContext } from "solid-js";
import type { Workbook } from "./workbook";

/** Context carrying the {@link Workbook}. */
export const WorkbookContext = createContext<Workbook>();

/** The workbook of the enclosing provider. */
export function useWorkbook(): Workbook {
  const wb = useContext(WorkbookContext);
  if (!wb) throw new Error("useWorkbook outside WorkbookContext.Provider"); // programmer error
  return wb;
}
