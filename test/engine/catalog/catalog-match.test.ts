/**
 * Which catalogue entry a free-form GPU or model name finds (src/engine/catalog/catalog-match.ts), on
 * small hand-made catalogues where the answer of each matching step is known (issue #15): the
 * exact step before the longest-spelling step, the tie-break between equally long spellings, the
 * "contained in exactly one entry" step, vendor words, memory sizes at the ±2 GB tolerance, case.
 */
import { describe, expect, test } from "vitest";
import { findGpu, findLlm, type Gpu, type Llm } from "../../../src/engine/catalog/catalog";
import { words } from "../../words";

const gpu = (id: string, memoryGB = 80, name = id, aliases: string[] = []): Gpu => ({
  id,
  name,
  vendor: "Acme",
  aliases,
  memoryGB,
  memoryUnit: "GB",
  memoryType: null,
  memoryBandwidthTBps: 1,
  denseBf16Tflops: null,
  tdpW: null,
  interconnect: null,
  sources: [],
});
const ids = (catalog: Gpu[], q: string | null | undefined): string | null =>
  findGpu(catalog, q)?.id ?? null;

describe("findGpu: vendor words and tokens", () => {
  const x1pro = [gpu("x1-pro")];

  test.each(words("nvidia amd intel instinct tesla tensor core gpu accelerator data center"))(
    "%s is a vendor word: dropped, so the rest is contained in x1-pro",
    (word) => {
      // Only the third step ("the query's tokens occur in exactly one entry") can find x1-pro from "X1";
      // a vendor word left in the query would not occur in it.
      expect(ids(x1pro, `${word.toUpperCase()} X1`)).toBe("x1-pro");
      expect(ids(x1pro, `X1 ${word}`)).toBe("x1-pro");
    },
  );

  test("a query of vendor words only, blanks, null or undefined finds nothing, even in a one-entry catalogue", () => {
    for (const q of ["NVIDIA", "nvidia tensor core gpu", "", "   ", "--", null, undefined])
      expect(ids(x1pro, q)).toBeNull();
  });

  test("punctuation at the ends leaves no empty token behind", () => {
    expect(ids(x1pro, "(X1)")).toBe("x1-pro");
    expect(ids(x1pro, "-x1-")).toBe("x1-pro");
  });

  test("case and punctuation do not matter for an exact spelling", () => {
    const cat = [gpu("a-b"), gpu("b-a")];
    expect(ids(cat, "B_A")).toBe("b-a");
    expect(ids(cat, "b a")).toBe("b-a");
    expect(ids(cat, "A.B")).toBe("a-b");
  });

  test("an alias that is only vendor words matches nothing", () => {
    const cat = [gpu("x1", 80, "X1", ["NVIDIA GPU", "--"])];
    expect(ids(cat, "Z9")).toBeNull();
    expect(ids(cat, "NVIDIA")).toBeNull();
  });
});

describe("findGpu: the three steps in order", () => {
  test("an exact spelling wins over an equally long spelling of an earlier entry", () => {
    // "b a" and "a b" have the same tokens and length; only the exact step picks the second entry,
    // by one of its spellings (the name is another one).
    expect(ids([gpu("b-a", 80, "Bee Ay"), gpu("a-b", 80, "Ay Bee")], "A B")).toBe("a-b");
    expect(ids([gpu("b-a", 80, "Bee Ay"), gpu("z9", 80, "A B")], "a-b")).toBe("z9");
  });

  test("exact matches are found in id, name and each alias", () => {
    const cat = [gpu("z0"), gpu("q7", 80, "Quasar Seven", ["QS-7 SXM", "quasar 7 80GB"])];
    expect(ids(cat, "q7")).toBe("q7");
    expect(ids(cat, "QUASAR SEVEN")).toBe("q7");
    expect(ids(cat, "qs 7 sxm")).toBe("q7");
    expect(ids(cat, "Quasar 7 80 GB")).toBe("q7");
  });

  test("a spelling must be wholly in the query: x1-pro is not found by 'X1 Max', x1 is", () => {
    expect(ids([gpu("x1"), gpu("x1-pro")], "X1 Max")).toBe("x1");
    expect(ids([gpu("x1-pro"), gpu("x1")], "X1 Max")).toBe("x1");
  });

  test("the longest spelling in the query wins, by its length with spaces", () => {
    expect(ids([gpu("p"), gpu("q-r")], "P Q R")).toBe("q-r");
    expect(ids([gpu("q-r"), gpu("p")], "P Q R")).toBe("q-r");
    // "q r" (3 characters with its space) beats "pq" (2)
    expect(ids([gpu("pq"), gpu("q-r")], "pq q r s")).toBe("q-r");
    // the longest of one entry's spellings counts, whichever comes first
    expect(ids([gpu("q", 80, "Q R S T"), gpu("r-s")], "q r s t u")).toBe("q");
  });

  test("equally long spellings: the first entry of the catalogue wins", () => {
    expect(ids([gpu("p"), gpu("q")], "P Q R")).toBe("p");
    expect(ids([gpu("q"), gpu("p")], "P Q R")).toBe("q");
  });

  test("a spelling contained in the query is preferred over the containing step", () => {
    // "X1 Max" is in no spelling, so only the second step can give x1
    expect(ids([gpu("x1")], "x1 max")).toBe("x1");
  });

  test("the containing step: the query's tokens in exactly one entry's spelling", () => {
    expect(ids([gpu("x1-pro"), gpu("y2-max")], "X1")).toBe("x1-pro");
    expect(ids([gpu("x1-pro"), gpu("x1-max")], "X1")).toBeNull();
    expect(ids([gpu("x1-pro")], "X1 Ultra")).toBeNull();
    // one spelling containing every token is enough: the name has "card", the id does not
    expect(ids([gpu("x1-pro", 80, "X1 Pro Card")], "Card")).toBe("x1-pro");
    // a token must occur whole: "x" is not "x1"
    expect(ids([gpu("x1-pro")], "X")).toBeNull();
  });
});

describe("findGpu: memory sizes in the query", () => {
  const x1 = (mem: number) => [gpu("x1", mem)];

  test.each([
    ["X1 48GB", 48, "x1"],
    ["X1 50GB", 48, "x1"],
    ["X1 46GB", 48, "x1"],
    ["X1 51GB", 48, null],
    ["X1 45GB", 48, null],
    ["X1 96GB", 48, null],
    ["X1 1GB", 48, null],
  ] as [string, number, string | null][])(
    "%s on a %d GB entry → %s (tolerance 2 GB)",
    (q, mem, id) => {
      expect(ids(x1(mem), q)).toBe(id);
    },
  );

  test("GB and GiB with or without spaces read as one size", () => {
    for (const q of ["X1 96 GiB", "X1 96GiB", "X1 96gib", "X1 96  GB", "X1 96gb", "X1 96\tGB"])
      expect(ids(x1(48), q)).toBeNull();
    for (const q of ["X1 48 GiB", "X1 48GiB", "X1 48  GB"]) expect(ids(x1(48), q)).toBe("x1");
  });

  test("'96 GiB' reads as the spelling '96gb' of an exact alias", () => {
    expect(ids([gpu("z"), gpu("x1-96", 96, "X1 96GB")], "x1 96 GiB")).toBe("x1-96");
  });

  test("only a whole token that is digits then gb is a size", () => {
    expect(ids(x1(80), "X1 a48gb")).toBe("x1");
    expect(ids(x1(80), "X1 48gbx")).toBe("x1");
    expect(ids(x1(80), "X1 48 gbx")).toBe("x1");
  });

  test("one contradicting size among other tokens rules the entry out in every step", () => {
    expect(ids([gpu("x1-pro", 48)], "X1 96GB")).toBeNull();
    // the name spells 80GB but the entry holds 48 GB: the containing step must still refuse it
    expect(ids([gpu("x1-pro", 48, "X1 Pro 80GB")], "X1 80GB")).toBeNull();
    expect(ids([gpu("x1-pro", 80, "X1 Pro 80GB")], "X1 80GB")).toBe("x1-pro");
    // a contradicting entry leaves the containing step to the other one
    expect(
      ids([gpu("x1-pro", 48, "X1 Pro 80GB"), gpu("x1-max", 80, "X1 Max 80GB")], "X1 80GB"),
    ).toBe("x1-max");
  });

  test("the right-sized entry is picked among two of the same model", () => {
    const cat = [gpu("x1", 40, "X1 40GB"), gpu("x1-big", 80, "X1 80GB")];
    expect(ids(cat, "NVIDIA X1-SXM4-80GB")).toBe("x1-big");
    expect(ids(cat, "NVIDIA X1-SXM4-40GB")).toBe("x1");
  });
});

const llm = (id: string, name: string, hfRepo: string, aliases: string[] = []): Llm => ({
  id,
  name,
  hfRepo,
  aliases,
  parametersB: 1,
  activeParametersB: null,
  layers: 1,
  hiddenSize: 1,
  attentionHeads: 1,
  kvHeads: 1,
  headDim: 1,
  attention: "gqa",
  kvLoraRank: null,
  qkRopeHeadDim: null,
  slidingWindow: null,
  slidingWindowLayers: 0,
  maxContext: 1,
  sources: [],
});
const llmId = (catalog: Llm[], q: string | null | undefined): string | null =>
  findLlm(catalog, q)?.id ?? null;

describe("findLlm", () => {
  const cat = [
    llm("zz-9", "Zed Nine", "zorg/zz-9-instruct"),
    llm("m-3.1", "Em 3.1 Big", "acme/Em-3.1-Big-Instruct", ["em31-chat", "other/Em-Nano"]),
  ];

  test("id, name, Hugging Face repo and each alias find the entry", () => {
    expect(llmId(cat, "m-3.1")).toBe("m-3.1");
    expect(llmId(cat, "EM 3.1 BIG")).toBe("m-3.1");
    expect(llmId(cat, "acme/Em-3.1-Big-Instruct")).toBe("m-3.1");
    expect(llmId(cat, "EM31_chat")).toBe("m-3.1");
    expect(llmId(cat, "em-nano")).toBe("m-3.1");
  });

  test("the org prefix is dropped up to the last slash, on both sides", () => {
    expect(llmId(cat, "someone/em-3.1-big-instruct")).toBe("m-3.1");
    expect(llmId(cat, "a/b/Em-3.1-Big-Instruct")).toBe("m-3.1");
    expect(llmId(cat, "/m-3.1")).toBe("m-3.1");
    expect(llmId(cat, "zorg/m-3.1/x")).toBeNull();
  });

  test("dots are kept: '3.1' is not '31'", () => {
    expect(llmId(cat, "m-31")).toBeNull();
    expect(llmId(cat, "m3.1")).toBe("m-3.1");
  });

  test("letters count: names differing only in letters are different", () => {
    expect(llmId(cat, "q-3.1")).toBeNull();
    expect(llmId(cat, "Zed Ten")).toBeNull();
    expect(llmId(cat, "zed-nine")).toBe("zz-9");
  });

  test("an empty key finds nothing, even an entry whose alias has no letters or digits", () => {
    const odd = [llm("o1", "O One", "acme/o1", ["—", "org/"])];
    for (const q of ["", "   ", "---", "org/", null, undefined]) expect(llmId(odd, q)).toBeNull();
  });

  test("the first entry of several with the same spelling wins", () => {
    expect(llmId([llm("a", "Same", "x/a"), llm("b", "Same", "x/b")], "same")).toBe("a");
  });
});
