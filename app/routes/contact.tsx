import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { fieldLimits } from "../../lib/client-fields";
import { Field, fieldProps, FormError, TextAreaField } from "../components/form";
import { HoneypotFields } from "../components/honeypot";
import { Toast } from "../components/toasts";
import { apiActionError, type FormFailure } from "../lib/api.server";
import { requireAgent } from "../lib/auth.server";
import { endpoints } from "../lib/endpoints.server";
import { textFields, validateForm } from "../lib/forms.server";
import { contactBody } from "../lib/schemas.server";
import { checkForm, honeypot, readForm } from "../lib/security.server";
import { redirectWithToast } from "../lib/toast.server";

export const meta: MetaFunction = () => [{ title: "Contact us · Waypoint Consultancy" }];

const fields = ["name", "email", "phone", "subject", "message"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { agent } = await requireAgent(request, context);
  return { agent, honeypot: honeypot.getInputProps() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAgent(request, context);
  const formData = await readForm(request);
  await checkForm(formData, request, { honeypot: true });
  const values = textFields(formData, fields);
  const { data, failure } = validateForm(contactBody, values);
  if (failure) return failure;
  try {
    await api.call(endpoints.contact, { body: { ...data, phone: data.phone ?? "" } });
    return await redirectWithToast(request, context, "/contact", {
      type: "success",
      message: "Thank you! We will answer within one working day.",
    });
  } catch (error) {
    return apiActionError(error, request, context, values);
  }
}

export default function Contact() {
  const { agent, honeypot: trap } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  // A new key after each sent message (the redirect is a new location): the form starts empty again, as a page load would.
  const location = useLocation();
  const f = fieldProps(fields, failure);
  return (
    <section className="container page narrow">
      <p className="eyebrow">Contact us</p>
      <h1>Send us a message</h1>
      <p className="muted">We answer within one working day.</p>
      <Form method="post" className="form" noValidate key={failure ? JSON.stringify(failure.values) : location.key}>
        <AuthenticityTokenInput />
        <HoneypotFields props={trap} />
        <FormError message={failure?.formError} />
        <Field label="Name" maxLength={fieldLimits.name} required {...f("name", agent.name)} />
        <Field label="Email" maxLength={fieldLimits.email} type="email" required {...f("email", agent.email)} />
        <Field label="Phone (optional)" maxLength={fieldLimits.phone} type="tel" {...f("phone")} />
        <Field label="Subject" maxLength={fieldLimits.subject} required {...f("subject")} />
        <TextAreaField label="Message" maxLength={fieldLimits.message} rows={6} required {...f("message")} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Sending…" : "Send message"}
        </button>
      </Form>
      <Toast toast={failure?.toast} />
    </section>
  );
}
