/**
 * The catalogues (issue 26): every language has every key of the English source, nothing empty, the same
 * placeholders and tags, no sentence left in English, and the firm's terms as the glossary gives them.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { portalKinds } from "../../app/lib/kinds.js";
import { codeKey } from "../../app/lib/refusal-keys.js";
import { refusalWords } from "../../app/lib/refusals.server.js";
import { everyoneCodes, refusalCodes } from "../../lib/contract/codes.js";
import { CLIENT_QUOTA, fileSize, QUOTA_FULL } from "../../lib/documents.js";
import { localizeDocumentTitle } from "../../lib/i18n/document-titles.js";
import { catalogues, resources, translator, workspaceCatalogues } from "../../lib/i18n/index.js";
import { intlLocale, languages, prefixedLanguages, type Lang } from "../../lib/i18n/languages.js";
import type { MoveBlock } from "../../lib/rules.js";

/** Every key of a catalogue as a dotted path, with its text. */
function flatten(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof v === "string") out.set(at, v);
    else for (const [k, s] of flatten(v, at)) out.set(k, s);
  }
  return out;
}

const english = flatten(catalogues.en);
const pluralForm = /_(zero|one|two|few|many|other)$/;

/**
 * The keys a language must have: English's, each plural key in the forms the language's plural rules name (English
 * and Spanish have one and other; Arabic zero, one, two, few, many and other).
 */
function keysFor(lang: Lang): string[] {
  const forms = new Intl.PluralRules(intlLocale(lang)).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of english.keys()) {
    if (pluralForm.test(key)) for (const form of forms) keys.add(key.replace(pluralForm, `_${form}`));
    else keys.add(key);
  }
  return [...keys].sort();
}

/** The English text a key translates: a plural form's is English's "other" form. */
const source = (key: string) => english.get(key) ?? english.get(key.replace(pluralForm, "_other"))!;
const marks = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();

describe("the catalogues", () => {
  it.each(prefixedLanguages)("%s has every English key, each plural in the language's own forms, and no other", (lang) => {
    const keys = [...flatten(catalogues[lang]).keys()].sort();
    expect(keys).toEqual(keysFor(lang));
  });

  it.each(languages)("%s has no empty text, and the same placeholders and tags as English", (lang) => {
    const texts = flatten(catalogues[lang]);
    const wrong: string[] = [];
    for (const [key, text] of texts) {
      if (!text.trim()) wrong.push(`${key}: empty`);
      // A plural form may say its number in words ("ساعتين", two hours) rather than as {{count}}.
      const counted = (m: string[]) => (pluralForm.test(key) ? m.filter((x) => x !== "count") : m);
      const want = counted(marks(source(key)));
      if (counted(marks(text)).join() !== want.join()) wrong.push(`${key}: has ${marks(text).join()} for ${want.join()}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(prefixedLanguages)("%s leaves no sentence in English", (lang) => {
    const texts = flatten(catalogues[lang]);
    // A text of three words or more written exactly as in English was not translated (names and codes are shorter).
    const same = [...english].filter(([key, text]) => text.split(/\s+/).length >= 3 && texts.get(key) === text);
    expect(same.map(([key]) => key)).toEqual([]);
  });

  it("counts hours as each language does (Arabic: one, two, 3 to 10, 11 and more)", () => {
    const hours = (lang: Lang, count: number) => translator(lang)("terms.hours", { count });
    expect([1, 2, 5, 10, 11, 24, 48].map((n) => hours("ar", n))).toEqual([
      "ساعة واحدة",
      "ساعتين",
      "5 ساعات",
      "10 ساعات",
      "11 ساعة",
      "24 ساعة",
      "48 ساعة",
    ]);
    expect([1, 24].map((n) => hours("en", n))).toEqual(["1 hour", "24 hours"]);
    expect([1, 24].map((n) => hours("es", n))).toEqual(["1 hora", "24 horas"]);
    expect([1, 24].map((n) => hours("fr", n))).toEqual(["1 heure", "24 heures"]);
  });

  it("names the services and the agent as the glossary does", () => {
    const glossary = fs.readFileSync(path.join(import.meta.dirname, "../../docs/glossary.md"), "utf8");
    const row = (english: string) => {
      const line = glossary.split("\n").find((l) => l.startsWith(`| ${english} |`));
      if (!line) throw new Error(`no glossary row for ${english}`);
      const [, ar, es, fr] = line
        .split("|")
        .slice(1)
        .map((c) => c.trim());
      return { en: english, ar, es, fr } as Record<(typeof languages)[number], string>;
    };
    for (const [n, english] of [
      [1, "Mentorship"],
      [2, "Relocation"],
      [3, "Job Placement"],
    ] as const) {
      for (const lang of languages) expect(translator(lang)(`services.s${n}.name`)).toBe(row(english)[lang]);
    }
    // Each language's pages speak of the agent in the glossary's word.
    for (const lang of prefixedLanguages) {
      const word = row("agent")[lang];
      expect(flatten(catalogues[lang]).get("home.agentSignIn")!.toLowerCase()).toContain(
        lang === "ar" ? "الوكلاء" : word.toLowerCase(),
      );
    }
  });

  it("says refusals by their codes in each language, and an English page in the English that came with them", () => {
    const es = refusalWords("es");
    const ar = refusalWords("ar");
    const fr = refusalWords("fr");
    expect(es({ code: "validation.email", message: "Enter a valid email address" }, "email")).toBe(
      "Escriba una dirección de correo válida",
    );
    expect(es({ code: "validation.required", message: "Subject is required" }, "subject")).toBe("Rellene el campo «Asunto»");
    expect(
      ar({ code: "rate.too_many", params: { seconds: 300 }, message: "Too many messages. Please try again in 5 minutes." }),
    ).toBe("محاولات كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد 5 دقائق.");
    // A size inside an Arabic sentence is set apart as left-to-right text: "500.0 MB" stays whole and in place.
    expect(ar({ code: "upload.quota_full", message: QUOTA_FULL })).toContain(`\u2066${fileSize(CLIENT_QUOTA.bytes)}\u2069`);
    expect(fr({ code: "form.expired", message: "This form has expired. Reload the page and try again." })).toBe(
      "Ce formulaire a expiré. Rechargez la page et réessayez.",
    );
    // A file's refusal names the file first, in the language's punctuation.
    const wrongType = "The file must be a PDF, JPEG or PNG (this one is not, whatever its name says).";
    expect(
      fr({ code: "upload.wrong_type", params: { name: "scan: page 2.tiff" }, message: `scan: page 2.tiff: ${wrongType}` }),
    ).toBe(
      "scan: page 2.tiff : Le fichier doit être un PDF, un JPEG ou un PNG (celui-ci n’en est pas un, quoi qu’en dise son nom).",
    );
    // The English of a code is the one that came with it; a workspace's code (drawn in English) likewise.
    const en = refusalWords("en");
    expect(en({ code: "validation.required", message: "Subject is required" }, "subject")).toBe("Subject is required");
    expect(es({ code: "booking.slot_taken", message: "That slot has just been booked by someone else." })).toBe(
      "That slot has just been booked by someone else.",
    );
    // Field errors come out field by field, each in the field's own words where it has them.
    expect(
      es.fields({
        password: [{ code: "validation.too_short", params: { min: 10 }, message: "A password needs at least 10 characters" }],
      }),
    ).toEqual({
      password: [translator("es")("messages.passwordShort")],
    });
  });

  it("has words for every code in every catalogue that can show it, and a code for every key it names", () => {
    for (const code of refusalCodes) {
      const key = codeKey(code);
      if (!key) continue;
      for (const lang of languages)
        expect(flatten(resources[lang].translation).has(key), `${code} → ${key} in ${lang}`).toBe(true);
    }
    // Every code a visitor or client can meet has its words.
    for (const code of everyoneCodes) expect(codeKey(code), code).not.toBeNull();
  });

  it("thanks a client for an upload in their language, the standard document named in it and an agent's title as written", () => {
    const es = translator("es");
    const ar = translator("ar");
    expect(es("my.sentOne", { title: localizeDocumentTitle(es, "Passport") })).toBe(
      "Pasaporte: su archivo se ha enviado a su agente.",
    );
    expect(ar("my.sentMany", { title: localizeDocumentTitle(ar, "Degree certificate"), count: 2 })).toBe(
      "الشهادة الجامعية: أُرسلت ملفاتك (2) إلى وكيلك.",
    );
    expect(es("my.sentOne", { title: localizeDocumentTitle(es, "Lease in Lisbon") })).toBe(
      "Lease in Lisbon: su archivo se ha enviado a su agente.",
    );
  });

  it("fails on a missing key: a catalogue without one is found", () => {
    const broken = structuredClone(catalogues.fr) as unknown as { home: Record<string, string> };
    delete broken.home.heading;
    expect([...flatten(broken).keys()].sort()).not.toEqual([...english.keys()].sort());
  });

  it.each(Object.keys(workspaceCatalogues))("%s's workspace words have every English key, and none is empty", (lang) => {
    const theirs = flatten(workspaceCatalogues[lang as keyof typeof workspaceCatalogues]);
    const source = flatten(workspaceCatalogues.en);
    expect([...theirs.keys()].sort()).toEqual([...source.keys()].sort());
    expect([...theirs].filter(([, text]) => !text.trim()).map(([key]) => key)).toEqual([]);
  });

  it("has every key the code names: a page or an e-mail never shows a key for want of its text", () => {
    const known = flatten(resources.en.translation);
    const groups = new Set([...known.keys()].map((k) => k.split(".")[0]));
    const used = new Map<string, string>();
    const read = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const at = path.join(dir, entry.name);
        if (entry.isDirectory()) read(at);
        else if (/\.tsx?$/.test(entry.name)) {
          const text = fs.readFileSync(at, "utf8");
          // t("group.key"), workspaceT("group.key"), i18nKey="group.key": the keys written out whole.
          for (const m of text.matchAll(/(?:\bt|workspaceT|\bsay)\(\s*"([a-zA-Z]+\.[\w.]+)"|i18nKey="([a-zA-Z]+\.[\w.]+)"/g)) {
            const key = m[1] ?? m[2]!;
            if (groups.has(key.split(".")[0])) used.set(key, path.relative(process.cwd(), at));
          }
          // columnWords(t, "group.section", ["key", …]): a table's headings, each key under its section.
          for (const m of text.matchAll(/\bcolumnWords\(\s*t,\s*"([a-zA-Z]+\.[\w.]+)",\s*\[([^\]]*)\]/g)) {
            for (const k of m[2]!.matchAll(/"(\w+)"/g)) used.set(`${m[1]}.${k[1]}`, path.relative(process.cwd(), at));
          }
        }
      }
    };
    for (const dir of ["app", "backend", "lib"]) read(path.join(process.cwd(), dir));
    // A key naming a group (an object, for returnObjects) is known too.
    // And a key said with a count is known by its plural forms (key_one, key_other).
    const isKnown = (key: string) =>
      known.has(key) || known.has(`${key}_other`) || [...known.keys()].some((k) => k.startsWith(`${key}.`));
    const missing = [...used].filter(([key]) => !isKnown(key)).map(([key, file]) => `${key} (${file})`);
    expect(used.size).toBeGreaterThan(200);
    expect(missing).toEqual([]);
  });

  it("names every kind's area and places in the header: the kinds' table holds keys, not calls the scan above reads", () => {
    const known = flatten(resources.en.translation);
    const labels = Object.entries(portalKinds).flatMap(([kind, k]) =>
      [k.homeLabel, ...(k.places ? [k.places.label, ...k.places.links.map((l) => l.label)] : [])].map((key) => [kind, key]),
    );
    expect(labels.length).toBeGreaterThan(20);
    expect(labels.filter(([, key]) => !known.has(key!)).map(([kind, key]) => `${kind}: ${key}`)).toEqual([]);
  });

  it("has the words of the keys the pages put together (an attention line's, a move refused)", () => {
    const en = translator("en");
    const has = (key: string) => flatten(resources.en.translation).has(key);
    const kinds = ["hold_lapsing", "session_soon", "refund_due", "document_missing", "document_expiring", "cart_waiting"];
    const summaries = [...kinds, "document_missing_for", "document_expired"];
    expect(summaries.filter((k) => !has(`work.attention.summary.${k}`))).toEqual([]);
    expect(kinds.filter((k) => !has(`work.attention.action.${k}`))).toEqual([]);
    // The move page and the API say a refused move from the same keys.
    const blocks: MoveBlock[] = ["held", "cancelled", "started", "cutoff"];
    expect(blocks.filter((b) => !has(`work.move.blocked.${b}`))).toEqual([]);
    expect(en("work.move.blocked.cutoff", { hours: 36 })).toContain("until 36 hours before it starts");
  });

  it("names every kind of e-mail the outbox can hold in words (the office's outbox never shows booking.moved)", () => {
    const has = (key: string) => flatten(resources.en.translation).has(key);
    const dir = path.resolve(import.meta.dirname, "../../backend/mail");
    const kinds = new Set<string>();
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
      for (const [, kind] of fs.readFileSync(path.join(dir, file), "utf8").matchAll(/kind: "([a-z_]+\.[a-z_.]+)"/g))
        kinds.add(kind!);
    }
    expect(kinds.size).toBeGreaterThan(10);
    expect([...kinds].filter((k) => !has(`office.outbox.kinds.${k.replaceAll(".", "_")}`))).toEqual([]);
  });

  it("finds no words written into a page's or a component's markup: they are the catalogue's", () => {
    // Text between tags, and the words of the attributes people read (labels, hints, titles, table labels).
    const read = ["label", "hint", "placeholder", "title", "aria-label", "data-label", "alt"];
    // The brand's name is the same in every language.
    const allowed = new Set(["Waypoint"]);
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const at = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(at);
        else if (entry.name.endsWith(".tsx")) {
          const source = ts.createSourceFile(at, fs.readFileSync(at, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
          const where = (node: ts.Node) =>
            `${path.relative(process.cwd(), at)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
          const visit = (node: ts.Node) => {
            if (ts.isJsxText(node)) {
              const text = node.getText().trim();
              if (/[A-Za-z]{2,}/.test(text) && !allowed.has(text)) found.push(`${where(node)}: ${text.slice(0, 60)}`);
            } else if (
              ts.isJsxAttribute(node) &&
              read.includes(node.name.getText()) &&
              node.initializer &&
              ts.isStringLiteral(node.initializer) &&
              /[A-Za-z]{2,}/.test(node.initializer.text.replace(/https?:\/\/\S*/g, ""))
            ) {
              found.push(`${where(node)}: ${node.name.getText()}="${node.initializer.text}"`);
            }
            ts.forEachChild(node, visit);
          };
          visit(source);
        }
      }
    };
    walk(path.join(process.cwd(), "app"));
    expect(found).toEqual([]);
  });

  it("calls the server's translator only where the server runs (loaders, actions), never as a page module loads or in meta", () => {
    // workspaceT comes from a .server module, which the browser's bundle leaves out: a call that runs in the browser
    // (at a module's top level, or in `meta`, which runs on client navigations too) throws there.
    const wrong: string[] = [];
    const read = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const at = path.join(dir, entry.name);
        if (entry.isDirectory()) read(at);
        else if (/\.tsx$/.test(entry.name)) {
          const text = fs.readFileSync(at, "utf8");
          const file = path.relative(process.cwd(), at);
          if (/^(export\s+)?(const|let|var)\s+\w+(\s*:[^=]+)?\s*=\s*workspaceT\(/m.test(text))
            wrong.push(`${file}: at the top level`);
          // The meta's statement: one line ending in `;`, else up to the line that closes its array or function.
          const meta =
            /^export const meta\b[^\n]*;[ \t]*$/m.exec(text) ??
            /export const meta[\s\S]*?(\]\);|\];|\}\);|\};)[ \t]*\n/.exec(text);
          if (meta && meta[0].includes("workspaceT")) wrong.push(`${file}: in meta`);
        }
      }
    };
    read(path.join(process.cwd(), "app"));
    expect(wrong).toEqual([]);
  });
});
