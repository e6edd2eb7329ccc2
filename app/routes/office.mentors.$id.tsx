import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PendingEmailNote } from "../components/email-change";
import { OfficeFormPage } from "../components/office";
import { MentorForm } from "../components/office-mentor-form";
import { apiLoaderError, type FormFailure } from "../lib/api.server";
import { requireStaff } from "../lib/auth.server";
import { endpoints } from "../lib/endpoints.server";
import { saveMentor } from "../lib/office-mentors.server";
import { routeId } from "../lib/params";
import { zoneChoices } from "../lib/zones.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.mentor.name} · Back office · Waypoint Consultancy` : "Mentor not found" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, context);
  const [mentor, countries] = await Promise.all([
    api.call(endpoints.officeMentor, { params: { id: routeId(params.id) } }),
    api.call(endpoints.officeCountries),
  ]).catch((e) => apiLoaderError(e, request, context));
  return { mentor, countries, zones: zoneChoices(mentor.time_zone) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireStaff(request, context);
  const id = routeId(params.id);
  return saveMentor(request, context, (body) => api.call(endpoints.editMentor, { params: { id }, body: body }), "saved");
}

export default function EditMentor() {
  const { mentor, countries, zones } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  return (
    <OfficeFormPage
      back={{ to: "/office/mentors", label: "Mentors" }}
      title={mentor.name}
      note={
        <>
          {mentor.active ? "Active: agents can book." : "Inactive: agents do not see this mentor."} {mentor.upcoming_sessions}{" "}
          session
          {mentor.upcoming_sessions === 1 ? "" : "s"} booked or held to come (never cancelled by a change here).{" "}
          {mentor.signed_up
            ? "Signs in as " + mentor.email + ". "
            : mentor.email
              ? "Not signed up yet. "
              : "No e-mail address: cannot sign in. "}
          <Link to={`/office/mentors/${mentor.id}/statement`}>Monthly statement</Link>.{" "}
          {mentor.email ? (
            <>
              <Link to={`/office/mentors/${mentor.id}/email`}>Change the e-mail address</Link>.{" "}
            </>
          ) : null}
          {mentor.email && mentor.active ? (
            <Link to={`/office/mentors/${mentor.id}/invite`}>
              {mentor.signed_up ? "Send a new password link" : "Invite to sign in"}
            </Link>
          ) : null}
        </>
      }
      toast={failure?.toast}
    >
      <PendingEmailNote pending={mentor.pending_email} />
      <MentorForm mentor={mentor} countries={countries} zones={zones} failure={failure} submitLabel="Save the mentor" />
    </OfficeFormPage>
  );
}
