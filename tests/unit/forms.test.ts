/**
 * Forms through Conform (docs/decisions/013-forms-with-conform.md): what an action answers for a refused post
 * (`validateForm`, `refuse`, `forForm`) is what a page's `useSchemaForm` draws, JavaScript on or off. Drawn here
 * on the server, as a page without scripts gets it.
 */
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Field, FormError } from "../../app/components/ui/fields.js";
import { useSchemaForm } from "../../app/components/ui/form.js";
import { forForm, refuse, validateForm, type FormFailure } from "../../app/lib/forms.server.js";

const schema = z.object({
  name: z.string().trim().min(1, "Name is required").max(10, "Name is too long"),
  phone: z.string().trim().max(5, "Phone is too long"),
  tags: z.string(),
});

/** A page's form as the portal writes one, drawn with what the action answered. */
function draw(failure: FormFailure | undefined, opts: Parameters<typeof useSchemaForm>[1] = {}) {
  function Page() {
    const form = useSchemaForm(failure, { order: ["name", "phone"], stored: { name: "Stored", phone: "12" }, ...opts });
    return h(
      "form",
      { method: "post", ...form.props },
      h(FormError, { message: form.formError }),
      h(Field, { label: "Name", ...form.field("name") }),
      h(Field, { label: "Phone", ...form.field("phone") }),
    );
  }
  return renderToStaticMarkup(h(Page));
}

const answered = (failed: { data: FormFailure }) => JSON.parse(JSON.stringify(failed.data)) as FormFailure;

describe("forms through Conform", () => {
  it("a valid post is parsed by the schema, as typed (no coercion)", () => {
    const ok = validateForm(schema, { name: " Ana ", phone: "", tags: "a,b" });
    expect(ok.data).toEqual({ name: "Ana", phone: "", tags: "a,b" });
  });

  it("a refused post comes back with each field's words, the summary, and what was typed, an emptied field empty", () => {
    const { failure } = validateForm(schema, { name: "", phone: "123456", tags: "" });
    expect(failure!.init?.status).toBe(400);
    const html = draw(answered(failure!));
    expect(html).toContain("Please correct the highlighted fields.");
    expect(html).toContain("Name is required");
    expect(html).toContain("Phone is too long");
    // What was typed, not what is stored: the name was emptied, the phone typed.
    expect(html).toMatch(/<input name="name"[^>]*value=""/);
    expect(html).toMatch(/<input name="phone"[^>]*value="123456"/);
    // The first bad field in the form's order takes the focus, and only it.
    expect(html.match(/autofocus/gi)?.length).toBe(1);
    expect(html).toMatch(/<input name="name"[^>]*autofocus/i);
    expect(html).toMatch(/<input name="name"[^>]*aria-invalid="true"/);
  });

  it("before any post the stored values are shown, nothing refused, the form Conform's own (an id, no browser checks)", () => {
    const html = draw(undefined);
    expect(html).toMatch(/<form method="post" id="[^"]+" novalidate/);
    expect(html).toMatch(/value="Stored"/);
    expect(html).not.toContain("aria-invalid");
  });

  it("a password is never sent back, and Conform's own control fields cannot be posted into the answer", () => {
    const failed = refuse(
      { email: "a@example.com", password: "secret-typed" },
      { formError: "Email or password is incorrect." },
      { status: 400 },
    );
    const body = answered(refuse({ email: "a@example.com", password: "secret-typed" }, { hide: ["password"] }));
    expect(JSON.stringify(body)).not.toContain("secret-typed");
    expect(answered(failed).error?.[""]).toEqual(["Email or password is incorrect."]);
    // A hostile intent field is read as text, never as Conform's intent (which would throw on bad JSON).
    const hostile = validateForm(schema, { name: "", phone: "", tags: "", __intent__: "{not json" });
    expect(hostile.failure?.init?.status).toBe(400);
  });

  it("on a page of several forms, a refusal is drawn only by the form it names", () => {
    const failed = answered(forForm(refuse({ name: "" }, { fieldErrors: { name: ["Name is required"] } }), "note"));
    expect(draw(failed, { form: "note" })).toContain("Name is required");
    expect(draw(failed, { form: "document" })).not.toContain("Name is required");
    expect(draw(failed, { form: "document" })).toMatch(/value="Stored"/);
  });
});
