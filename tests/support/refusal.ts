/**
 * A refused form's answer as the tests read it. The portal answers a refusal as Conform's submission result
 * (`error[""]` the form's words, `error[field]` a field's, `initialValue` what was typed: app/lib/forms.server.ts);
 * the tests check the words and the kept values, so they read them in one place.
 */
export type Refusal = {
  formError?: string;
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
  /** Whatever else the answer carries (a toast, the form it names, a duplicate, alternatives) */
  raw: Record<string, unknown>;
};

export function refusalOf(body: unknown): Refusal {
  const raw = (body ?? {}) as {
    error?: Record<string, string[] | null>;
    initialValue?: Record<string, unknown> | null;
    fields?: string[];
  };
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, words] of Object.entries(raw.error ?? {})) if (name !== "" && words) fieldErrors[name] = words;
  // An empty field is left out of `initialValue` and named in `fields`.
  const values: Record<string, string> = Object.fromEntries((raw.fields ?? []).map((name) => [name, ""]));
  const walk = (value: unknown, name: string) => {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, name ? `${name}.${k}` : k);
    } else values[name] = Array.isArray(value) ? value.join(",") : String(value ?? "");
  };
  walk(raw.initialValue ?? {}, "");
  return { formError: raw.error?.[""]?.[0] ?? undefined, fieldErrors, values, raw: raw as Record<string, unknown> };
}

/** A response's refusal. */
export async function refusalIn(response: Response): Promise<Refusal> {
  return refusalOf(await response.json());
}
