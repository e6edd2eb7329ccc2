import { Form, Link, useNavigation, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { formatDateTime } from "../lib/dates";
import type { ToastMessage } from "../lib/toast";
import type { T } from "../lib/words";
import { Trans, useTranslation } from "../lib/words";
import { Toast } from "./toasts";

/** A list's search box and its pages, as every office list has them (plain GET forms and links). */
export function OfficeSearch({ q, label, children }: { q: string; label: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Form method="get" className="search-form" role="search">
      <label htmlFor="office-search">{label}</label>
      <div className="search-form__row">
        <input id="office-search" type="search" name="q" defaultValue={q} maxLength={100} />
        {children}
        <button type="submit" className="button button--ghost">
          {t("office.common.search")}
        </button>
      </div>
    </Form>
  );
}

/**
 * A row's Publish / Unpublish button (the page's action takes intent publish|unpublish and the row's id), waiting
 * while its own row's post is on its way.
 */
export function PublishButton({ id, published, name }: { id: number; published: boolean; name: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === String(id);
  const { t } = useTranslation();
  return (
    <Form method="post">
      <AuthenticityTokenInput />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={published ? "unpublish" : "publish"}
        className="button button--small button--ghost"
        disabled={busy}
      >
        {published ? t("office.common.unpublish") : t("office.common.publish")}
        <span className="visually-hidden"> {name}</span>
      </button>
    </Form>
  );
}

/** "Unpublished · in 2 carts": a catalogue item's state, as staff see it. */
export function publishedState(t: T, published: boolean, inCarts: number) {
  const state = published ? t("office.common.published") : t("office.common.unpublished");
  return inCarts ? `${state} · ${t("office.common.inCarts", { count: inCarts })}` : state;
}

/** One item of a back-office catalogue list: what it is (`children`), its state and its Publish button. */
export function CatalogueCard(props: {
  testId: string;
  id: number;
  name: string;
  published: boolean;
  inCarts: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <li className="card agenda-item" data-testid={props.testId}>
      <p>{props.children}</p>
      <p className="muted">{publishedState(t, props.published, props.inCarts)}</p>
      <PublishButton id={props.id} published={props.published} name={props.name} />
    </li>
  );
}

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
  const data = useRouteLoaderData<{ staff: { time_zone?: string } }>("routes/office");
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

/** A set-password link as the API answers it: its address and until when it works */
export type PasswordLink = { url: string; expires_at: string };

/**
 * A set-password link the office has just made (an invitation or a new link): to whom it was e-mailed, until when it
 * works, and the link itself, shown this once for staff to hand over.
 */
export function PasswordLinkNotice(props: {
  /** Whose link it is (the e-mail address it went to, when the page knows it) */
  to: { name: string; email?: string | null };
  /** The link as the API answers it */
  link: PasswordLink;
  /** A new link for someone who had one: the earlier ones stop working */
  replaces?: boolean;
}) {
  const zone = useOfficeZone();
  return (
    <div className="notice" role="status" data-testid="password-link">
      <p>
        <Trans
          i18nKey={props.replaces ? "office.common.linkSentReplaces" : "office.common.linkSent"}
          values={{
            name: props.to.name,
            email: props.to.email ? ` (${props.to.email})` : "",
            until: formatDateTime(props.link.expires_at, zone),
            zone,
          }}
          components={{ strong: <strong /> }}
        />
      </p>
      <p>
        <code className="password-link">{props.link.url}</code>
      </p>
    </div>
  );
}
