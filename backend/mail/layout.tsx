/**
 * Every e-mail in the firm's own layout (issue 42, point 1), drawn with react-email's components: a 600 px column that
 * narrows to a phone's width, the firm's name in its colour at the top, the message's first link as a button (a
 * table-cell button Outlook draws too), its other links as links, rows and order lines as tables that wrap, and the
 * footer. The language's direction is the document's (Arabic right to left, aligned right). Colours are set
 * everywhere they show and the document says it is light-only, so a mail app's dark mode does not invert half of it.
 * The plain-text part is compose()'s own, from the same blocks.
 */
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { render } from "@react-email/render";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties, ReactNode } from "react";
import { lineLabel, money, withAddresses, type Block, type Layout, type MailContext } from "./compose.js";

/**
 * The layout's colours: dark ink on white, a quiet grey around, and the firm's own colour (the office's setting, its
 * blue until set) for its name, the button and links.
 */
export const brand = { accent: "#0b5cab", ink: "#1b1f24", muted: "#57606a", page: "#f3f5f7", card: "#ffffff", rule: "#d8dee4" };

const wrap: CSSProperties = { overflowWrap: "anywhere", wordBreak: "break-word" };

function BlockView({
  block,
  button,
  start,
  end,
  accent,
}: {
  block: Block;
  button: boolean;
  start: "left" | "right";
  end: "left" | "right";
  accent: string;
}) {
  const text: CSSProperties = {
    color: brand.ink,
    fontSize: "16px",
    lineHeight: "24px",
    margin: "0 0 16px",
    textAlign: start,
    ...wrap,
  };
  if ("p" in block) {
    return (
      <Text style={text}>
        {withAddresses(block.p).map((part, i) =>
          "url" in part ? (
            <Link key={i} href={part.url} dir="ltr" style={{ color: accent, textDecoration: "underline" }}>
              {part.url}
            </Link>
          ) : (
            part.words
          ),
        )}
      </Text>
    );
  }
  if ("link" in block) {
    return button ? (
      <Section style={{ margin: "8px 0 20px", textAlign: start }}>
        <Button
          href={block.link.href}
          style={{
            backgroundColor: accent,
            color: "#ffffff",
            fontSize: "16px",
            fontWeight: 600,
            borderRadius: "6px",
            padding: "12px 20px",
            textDecoration: "none",
          }}
        >
          {block.link.text}
        </Button>
      </Section>
    ) : (
      <Text style={text}>
        <Link href={block.link.href} style={{ color: accent, textDecoration: "underline" }}>
          {block.link.text}
        </Link>
      </Text>
    );
  }
  const cell: CSSProperties = {
    padding: "6px 8px",
    borderBottom: `1px solid ${brand.rule}`,
    color: brand.ink,
    fontSize: "15px",
    ...wrap,
  };
  if ("rows" in block) {
    return (
      <BlockTable>
        {block.rows.map(([k, v]) => (
          <tr key={k}>
            <th align={start} style={{ ...cell, color: brand.muted, fontWeight: 600, width: "35%", verticalAlign: "top" }}>
              {k}
            </th>
            <td align={start} style={cell}>
              {v}
            </td>
          </tr>
        ))}
      </BlockTable>
    );
  }
  return (
    <BlockTable>
      {block.lines.map((l, i) => (
        <tr key={i}>
          <td align={start} style={cell}>
            {lineLabel(l, block.zone)}
            <br />
            <span style={{ color: brand.muted, fontSize: "13px" }}>
              {l.client_name}
              {l.reason ? ` · ${l.reason}` : ""}
            </span>
          </td>
          <td align={end} style={{ ...cell, whiteSpace: "nowrap", verticalAlign: "top" }}>
            {money(l.price_minor, l.currency)}
          </td>
        </tr>
      ))}
      {block.total ? (
        <tr>
          <td align={start} style={{ ...cell, fontWeight: 600 }}>
            Total
          </td>
          <td align={end} style={{ ...cell, fontWeight: 600, whiteSpace: "nowrap" }}>
            {block.total}
          </td>
        </tr>
      ) : null}
    </BlockTable>
  );
}

/** A block's table: the full column's width, its rows' borders collapsed. */
function BlockTable({ children }: { children: ReactNode }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: "collapse", margin: "0 0 16px" }}
    >
      <tbody>{children}</tbody>
    </table>
  );
}

function Email({ layout, ctx }: { layout: Layout; ctx: MailContext }) {
  const rtl = layout.lang === "ar";
  const start = rtl ? "right" : "left";
  const end = rtl ? "left" : "right";
  const first = layout.blocks.findIndex((b) => "link" in b);
  const preview = layout.blocks.find((b): b is { p: string } => "p" in b)?.p ?? layout.subject;
  const accent = ctx.company.color ?? brand.accent;
  const logo = ctx.company.logo;
  return (
    <Html lang={layout.lang} dir={rtl ? "rtl" : "ltr"}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{layout.subject}</title>
      </Head>
      <Preview>{preview.slice(0, 140)}</Preview>
      <Body
        style={{
          backgroundColor: brand.page,
          margin: 0,
          padding: "24px 0",
          fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
          direction: rtl ? "rtl" : "ltr",
        }}
      >
        <Container style={{ width: "100%", maxWidth: "600px", margin: "0 auto" }}>
          <Section style={{ padding: "0 24px 12px", textAlign: start }}>
            <Link href={ctx.publicUrl} style={{ color: accent, fontSize: "20px", fontWeight: 700, textDecoration: "none" }}>
              {logo ? (
                <Img
                  src={logo.url}
                  width={logo.width}
                  height={logo.height}
                  alt={ctx.company.name}
                  style={{ display: "inline-block", border: 0, maxWidth: "100%", height: "auto" }}
                />
              ) : (
                ctx.company.name
              )}
            </Link>
          </Section>
          <Section style={{ backgroundColor: brand.card, borderRadius: "8px", padding: "24px", textAlign: start }}>
            <Text style={{ color: brand.ink, fontSize: "16px", lineHeight: "24px", margin: "0 0 16px", textAlign: start }}>
              {layout.greeting}
            </Text>
            {layout.blocks.map((block, i) => (
              <BlockView key={i} block={block} button={i === first} start={start} end={end} accent={accent} />
            ))}
          </Section>
          <Section style={{ padding: "12px 24px", textAlign: start }}>
            <Hr style={{ borderColor: brand.rule, margin: "0 0 12px" }} />
            <Text style={{ color: brand.muted, fontSize: "12px", lineHeight: "18px", margin: 0, textAlign: start, ...wrap }}>
              {layout.why} {ctx.company.name}
              {ctx.company.address ? ` · ${ctx.company.address}` : ""} ·{" "}
              <Link href={ctx.publicUrl} style={{ color: brand.muted }}>
                {ctx.publicUrl}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A message's HTML part in the firm's layout. */
export function brandedHtml(layout: Layout, ctx: MailContext): Promise<string> {
  return render(<Email layout={layout} ctx={ctx} />);
}
