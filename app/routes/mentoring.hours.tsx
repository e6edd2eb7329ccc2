import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { hoursField } from "../../lib/office-fields";
import { fieldProps } from "../components/form";
import { CatalogueForm } from "../components/office-catalogue-forms";
import { AffectedSessions, WeekFields, weekShown, weekText } from "../components/week-fields";
import { apiLoaderError, type FormFailure } from "../lib/api.server";
import { requireMentor } from "../lib/auth.server";
import { endpoints } from "../lib/endpoints.server";
import { saveWeek } from "../lib/mentoring.server";

export const meta: MetaFunction = () => [{ title: "Your weekly hours · Waypoint Consultancy" }];

/** The mentor's own week: the hours agents can book and the days away, in the mentor's zone. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireMentor(request, context);
  const profile = await api.call(endpoints.mentorProfile).catch((e) => apiLoaderError(e, request, context));
  return { profile: { time_zone: profile.time_zone, availability: profile.availability, time_off: profile.time_off } };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireMentor(request, context);
  return saveWeek(request, context, (body) => api.call(endpoints.saveMentorHours, { body }));
}

const fieldOrder = [...weekShown.map(hoursField), "time_off"];

export default function MentorHours() {
  const { profile } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const f = fieldProps(fieldOrder, failure, weekText(profile));
  return (
    <section className="container page">
      <p className="eyebrow">
        <Link to="/mentoring">Your agenda</Link>
      </p>
      <h1>Your weekly hours</h1>
      <p className="muted">
        Agents can book one-hour sessions within these hours, in your zone, <strong>{profile.time_zone}</strong> (
        <Link to="/mentoring/profile">change it on your profile</Link>).
      </p>
      <CatalogueForm failure={failure} cancelTo="/mentoring" submitLabel="Save your week">
        <WeekFields f={f} whose="your" />
        <AffectedSessions failure={failure} />
      </CatalogueForm>
    </section>
  );
}
