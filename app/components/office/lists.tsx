/**
 * What the back office's lists show beside their rows: the search box, and a catalogue item's state and Publish
 * button. Apart from office.tsx, which every office page loads, so that the forms' pages do not load them.
 */
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation, type T } from "../../lib/page-words";

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
