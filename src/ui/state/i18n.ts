/** The UI language signal (EN / 中文) and the `t()` lookup over the typed dictionary. */
import { createSignal } from "solid-js";
import { UI, type UiKey, type UiLang } from "../i18n";

const saved = typeof localStorage !== "undefined" ? localStorage.getItem("capplan.lang") : null;
const [lang, setLangSignal] = createSignal<UiLang>(saved === "zh" ? "zh" : "en");

/** The current UI language. */
export { lang };

/** Switch the UI language (remembered in localStorage). */
export function setLang(l: UiLang): void {
  setLangSignal(l);
  try {
    localStorage.setItem("capplan.lang", l);
  } catch {
    // private mode: the choice just is not remembered
  }
  if (typeof document !== "undefined") document.documentElement.lang = l === "zh" ? "zh-CN" : "en";
}

/** The UI string `key` in the current language, with `{name}` placeholders filled from `vars`. */
export function t(key: UiKey, vars?: Record<string, string | number>): string {
  const s: string = UI[lang()][key];
  return vars ? s.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : s;
}
