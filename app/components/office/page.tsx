/**
 * What every back-office page has: its head, the staff member's zone, and the frame of a page that adds or edits one
 * record. The lists' search box and Publish button are in office-lists.tsx, the set-password link's notice in
 * password-link-notice.tsx: each page loads only the pieces it shows.
 */
import { Link, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "../../lib/page-words";
import type { ToastMessage } from "../../lib/toast";
import { Toast } from "../ui/toasts";

/** A back-office list's head: the way back, its title, and its Add button. */
export function OfficeHead({ title, add }: { title: ReactNode; add?: { to: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <div className="page-head">
      <div>
        <p className="eyebrow">
          <Link to="/office">{t("office.common.backOffice")}</Link>
        </p>
        <h1>{title}</h1>
      </div>
      {add ? (
        <Link to={add.to} className="button button--primary">
          {add.label}
        </Link>
      ) : null}
    </div>
  );
}

/** The signed-in staff member's zone (from the office layout): every time and day of the back office is in it. */
export function useOfficeZone(): string {
  const data = useRouteLoaderData<{ staff: { time_zone?: string } }>("routes/office+/_layout");
  return data?.staff.time_zone ?? "UTC";
}

/** An office page that adds or edits one record: the way back to its list, the title, a note, the form and its toast. */
export function OfficeFormPage({
  back,
  title,
  note,
  toast,
  narrow = false,
  children,
}: {
  back: { to: string; label: string };
  title: ReactNode;
  note?: ReactNode;
  toast?: ToastMessage;
  /** A short form: the page keeps to a readable width */
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={narrow ? "container page narrow" : "container page"}>
      <p className="eyebrow">
        <Link to={back.to}>{back.label}</Link>
      </p>
      <h1>{title}</h1>
      {note ? <p className="muted">{note}</p> : null}
      {children}
      <Toast toast={toast} />
    </section>
  );
}
