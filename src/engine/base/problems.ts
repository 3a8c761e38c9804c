/**
 * Problems as values (docs/problems.md): every warning or error a result carries is a
 * `{ code, severity, path?, subject?, params }`, and its English and Chinese texts are rendered
 * from the code by a typed catalogue. A catalogue entry must give both languages (the type
 * requires `en` and `zh`), so a missing translation is a compile error, and its parameters are
 * typed per code, so a producer cannot forget one. Pure: no DOM, no I/O.
 *
 * Catalogues live next to their producers (e.g. src/engine/finops/messages.ts); the report
 * layer (src/report/messages.ts) registers all of them to render a problem of any code.
 */

/** How bad a problem is: `error` (a number is missing or wrong), `warning`, `info`. */
export type Severity = "error" | "warning" | "info";

/** Languages problems are rendered in (the same as the report layer's `Lang`). */
export type ProblemLang = "en" | "zh";

/** A parameter value: plain data (or a nested problem), so problems survive JSON and structured clone. */
export type ParamValue =
  | string
  | number
  | boolean
  | null
  | readonly (string | number)[]
  | Problem<object>;

/** Parameters of a problem (typed per code by its catalogue). */
export type Params = { readonly [key: string]: ParamValue | undefined };

/** One problem: a code of a catalogue, its severity, what it concerns and its parameters. */
export interface Problem<P extends object = Params> {
  /** `<domain>.<key>`, e.g. `allocation.poolNoUsage`. */
  code: string;
  severity: Severity;
  /** The plan path it concerns (`tenants.pools[0]`, `skus[1].pricePerGpuHour`), when there is one. */
  path?: string;
  /** A name the text is prefixed with (`H100: …`), e.g. the SKU a sweep warning belongs to. */
  subject?: string;
  params: P;
}

/** Renders a nested problem (a parameter that is itself a problem) in the same language. */
export type RenderNested = (p: Problem<object>) => string;

/** One catalogue entry: severity and the text in every language, from typed parameters. */
export interface MessageDef<P extends object> {
  severity: Severity;
  en: (p: P, nested: RenderNested) => string;
  zh: (p: P, nested: RenderNested) => string;
}

/**
 * An entry with its parameter type: `message({ severity: "warning", en: (p: { pool: string }) => …, zh: (p) => … })`.
 * The parameter type is taken from `en`'s annotation; `zh` must accept the same.
 */
export function message<P extends object = Record<string, never>>(
  def: MessageDef<P>,
): MessageDef<P> {
  return def;
}

// biome-ignore lint/suspicious/noExplicitAny: a catalogue holds entries of different parameter types
type AnyDef = MessageDef<any>;
/** The parameter type of a catalogue entry. */
export type ParamsOf<D> = D extends MessageDef<infer P> ? P : never;

/** Where a problem points and how it is prefixed; `severity` overrides the entry's default. */
export interface ProblemOptions {
  path?: string;
  subject?: string;
  severity?: Severity;
}

/** A catalogue of one domain: builds its problems and renders them. */
export interface Catalogue<D extends Record<string, AnyDef> = Record<string, AnyDef>> {
  readonly domain: string;
  readonly defs: D;
  /** A problem of `key` (code `<domain>.<key>`) with its typed parameters. */
  problem<K extends keyof D & string>(
    key: K,
    params: ParamsOf<D[K]>,
    opts?: ProblemOptions,
  ): Problem<ParamsOf<D[K]>>;
  /**
   * The text of a problem of this catalogue (null for a code of another catalogue); `nested`
   * renders problems given as parameters (default: this catalogue, else their code).
   */
  render(p: Problem<object>, lang: ProblemLang, nested?: RenderNested): string | null;
  /** English text of a problem of this catalogue (the legacy `warnings[]`/`errors[]` strings). */
  en(p: Problem<object>): string;
}

/** `text` with the problem's subject in front (`H100: text`, `H100：text` in Chinese). */
export function withSubject(subject: string | undefined, text: string, lang: ProblemLang): string {
  if (!subject) return text;
  return lang === "zh" ? `${subject}：${text}` : `${subject}: ${text}`;
}

/** Every catalogue defined so far (for {@link englishOf}). */
const ENGLISH: Catalogue[] = [];

/**
 * Define the catalogue of `domain` (a short lowercase name; codes are `<domain>.<key>`). Each
 * entry needs `severity`, `en` and `zh` with the same parameter type.
 */
export function defineMessages<D extends Record<string, AnyDef>>(
  domain: string,
  defs: D,
): Catalogue<D> {
  const prefix = `${domain}.`;
  const render = (p: Problem<object>, lang: ProblemLang, nested?: RenderNested): string | null => {
    if (!p.code.startsWith(prefix)) return null;
    const def = defs[p.code.slice(prefix.length)];
    if (!def) return null;
    const inner: RenderNested = nested ?? ((q) => render(q, lang) ?? textOf(q));
    return withSubject(
      p.subject,
      lang === "zh" ? def.zh(p.params, inner) : def.en(p.params, inner),
      lang,
    );
  };
  const cat: Catalogue<D> = {
    domain,
    defs,
    problem(key, params, opts) {
      const def = defs[key]!;
      const p: Problem<typeof params> = {
        code: prefix + key,
        severity: opts?.severity ?? def.severity,
        params,
      };
      if (opts?.path !== undefined) p.path = opts.path;
      if (opts?.subject !== undefined) p.subject = opts.subject;
      return p;
    },
    render,
    en: (p) => render(p, "en", englishOf) ?? p.code,
  };
  ENGLISH.push(cat as unknown as Catalogue);
  return cat;
}

/** The English of a `text` problem, else its code (a catalogue that cannot render it). */
function textOf(p: Problem<object>): string {
  const t = (p.params as { text?: unknown }).text;
  return p.code === "text" && typeof t === "string" ? t : p.code;
}

/**
 * English of any problem inside the engine (so an engine result's legacy English
 * strings need no report layer). Every catalogue made by {@link defineMessages} is known here.
 */
export function englishOf(p: Problem<object>): string {
  for (const c of ENGLISH) {
    const t = c.render(p, "en", englishOf);
    if (t !== null) return t;
  }
  return withSubject(p.subject, textOf(p), "en");
}

/**
 * Text that has no code (code `text`, params `{ text }`): an operating-system error, a reason
 * stored by an older version. It renders as written in every language (docs/problems.md).
 */
export function textProblem(
  text: string,
  severity: Severity = "warning",
  path?: string,
): Problem<{ text: string }> {
  const p: Problem<{ text: string }> = { code: "text", severity, params: { text } };
  if (path !== undefined) p.path = path;
  return p;
}
