/** The set-password link the office has just made for a staff member, an agent or a mentor, shown once. */
import { formatDateTime } from "../../lib/dates";
import { Trans } from "../../lib/page-words";
import { useOfficeZone } from "./page";

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
