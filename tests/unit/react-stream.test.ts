/**
 * React's streaming server renderer as patched (patches/react-dom+18.3.1.patch): a flush's chunks are gathered as one
 * string and encoded once, where each chunk was encoded into a 2 KB view on its own. The page it writes must be the
 * one React wrote before, byte for byte: the same as renderToString (which the patch does not touch) for a page
 * rendered whole, and a streamed page's later flushes must still arrive as their own writes, with the scripts that
 * fill in a Suspense boundary. Both builds are checked: the production one the server runs, the development one
 * the route tests render with.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { Writable } from "node:stream";
import { createElement as h, Suspense, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
type Renderer = typeof import("react-dom/server");
/** One build of the Node renderer, by its file (the package's exports name only `react-dom/server`). */
const build = (file: string) =>
  (require(path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs", file)) as Renderer).renderToPipeableStream;
const builds: Array<[string, Renderer["renderToPipeableStream"]]> = [
  ["production", build("react-dom-server.node.production.min.js")],
  ["development", build("react-dom-server.node.development.js")],
];

/** Everything a page holds that React writes differently: attributes, escaped text, several scripts, styles. */
function Page({ children }: { children?: ReactNode }) {
  const rows = Array.from({ length: 300 }, (_, i) =>
    h(
      "li",
      { key: i, className: `row row--${i % 3}`, "data-n": i, style: { marginTop: i % 5, color: "red" } },
      h("a", { href: `/mentors/${i}?q=a&b="c"` }, `Mentor <${i}> & co — مرحبا 👋 ${"x".repeat(i % 40)}`),
      " ",
      i % 7 === 0 ? h("input", { type: "checkbox", defaultChecked: true, disabled: i % 2 === 0, name: `c${i}` }) : null,
      h("span", { dangerouslySetInnerHTML: { __html: `<b>${i}</b>` } }),
    ),
  );
  return h(
    "html",
    { lang: "en" },
    h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, "Mentors & more")),
    h("body", null, h("main", null, h("ul", null, rows), children)),
  );
}

/** Each write the renderer makes, as it made it, and the whole page decoded. */
function collect(): { sink: Writable; writes: Buffer[]; done: Promise<string> } {
  const writes: Buffer[] = [];
  let finish: (html: string) => void;
  const done = new Promise<string>((resolve) => (finish = resolve));
  const sink = new Writable({
    write(chunk: Buffer, _encoding, next) {
      writes.push(chunk);
      next();
    },
    final(next) {
      finish(Buffer.concat(writes).toString("utf8"));
      next();
    },
  });
  return { sink, writes, done };
}

/** Where two long pages first differ, with a little of each around it (null when they are the same). */
function firstDifference(a: string, b: string): string | null {
  if (a === b) return null;
  let i = 0;
  while (a[i] === b[i]) i++;
  return `at ${i}: ${JSON.stringify(a.slice(i - 40, i + 40))} against ${JSON.stringify(b.slice(i - 40, i + 40))}`;
}

/** A component that suspends until `promise` settles (React 18's way: throw it, render again once it resolved). */
function waitFor(promise: Promise<void>) {
  let ready = false;
  void promise.then(() => (ready = true));
  return function Later() {
    if (!ready) throw promise;
    return h("p", { id: "later" }, "Arrived — وصل");
  };
}

describe.each(builds)("React's streaming renderer, patched (%s build)", (_name, renderToPipeableStream) => {
  it("writes a page rendered whole exactly as renderToString does, in one write", async () => {
    const { sink, writes, done } = collect();
    const { pipe } = renderToPipeableStream(h(Page), { onAllReady: () => pipe(sink) });
    const html = await done;
    // The stream starts an <html> page with its doctype; renderToString does not.
    expect(firstDifference(html, "<!DOCTYPE html>" + renderToString(h(Page)))).toBeNull();
    expect(html.length).toBeGreaterThan(40_000);
    expect(html).toContain("Mentor &lt;299&gt; &amp; co — مرحبا 👋");
    expect(writes).toHaveLength(1);
  });

  it("streams a Suspense boundary's content in a later write, with the script that puts it in place", async () => {
    let release!: () => void;
    const Later = waitFor(new Promise<void>((resolve) => (release = resolve)));
    const { sink, writes, done } = collect();
    const { pipe } = renderToPipeableStream(
      h(Page, null, h(Suspense, { fallback: h("p", { id: "wait" }, "Loading…") }, h(Later))),
      {
        nonce: "n0nce",
        bootstrapScriptContent: "window.started = true",
        onShellReady() {
          pipe(sink);
          setTimeout(release, 10);
        },
      },
    );
    const html = await done;
    expect(writes.length).toBeGreaterThanOrEqual(2);
    const first = writes[0]!.toString("utf8");
    expect(first).toContain('<p id="wait">Loading…</p>');
    expect(first).toContain('<script nonce="n0nce">window.started = true</script>');
    expect(first).not.toContain("Arrived");
    const rest = Buffer.concat(writes.slice(1)).toString("utf8");
    expect(rest).toContain('<p id="later">Arrived — وصل</p>');
    // React's own instruction that swaps the fallback for the content, carrying the nonce.
    expect(rest).toMatch(/<script nonce="n0nce">function \$RC\(/);
    expect(html.startsWith(first)).toBe(true);
  });
});
