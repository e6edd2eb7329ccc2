/**
 * The action most forms have: the signed-in account of one of the kinds, the form read and its CSRF token checked,
 * its text fields validated by the contract's schema, then one thing done with the API. A refusal, the schema's
 * or the API's, comes back beside the fields with what was typed (passwords, `hide`, never sent back).
 */
import type { AppLoadContext } from "@remix-run/node";
import type { ZodType, ZodTypeDef } from "zod";
import type { AccountKind } from "../../lib/contract.js";
import { apiActionError } from "./api.server";
import { requireAccount, type SignedIn } from "./auth.server";
import { textFields, validateForm } from "./forms.server";
import { checkForm, readForm } from "./security.server";

export async function formAction<K extends AccountKind, T, R>(
  { request, context }: { request: Request; context: AppLoadContext },
  kinds: readonly K[],
  form: { fields: readonly string[]; schema: ZodType<T, ZodTypeDef, unknown>; hide?: readonly string[] },
  act: (signedIn: SignedIn<K>, body: T) => Promise<R>,
) {
  const signedIn = await requireAccount(request, context, kinds);
  const formData = await readForm(request);
  await checkForm(formData, request);
  const values = textFields(formData, form.fields);
  const { data, failure } = validateForm(form.schema, values, undefined, { hide: form.hide });
  if (failure) return failure;
  try {
    return await act(signedIn, data);
  } catch (error) {
    return apiActionError(error, request, context, values, form.hide);
  }
}
