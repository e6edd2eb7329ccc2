/** The office's questionnaire forms as posted (issue 40): the fields as text for the page, and as the API reads them. */
import { detailsFields, questionFields } from "../components/ui/questionnaire-forms";
import { textFields } from "./forms.server";

/** The details form: its texts, and the services ticked as a list (shown back joined). */
export function detailsOf(formData: FormData) {
  const values = textFields(formData, detailsFields);
  const services = formData.getAll("services").map(String);
  return { values: { ...values, services: services.join(",") }, input: { ...values, services } };
}

/** A question's form, its fields as text. */
export function questionFormValues(formData: FormData) {
  return textFields(formData, questionFields);
}
