// How every message looks: a few kinds of block laid out by MJML into the table-based, responsive
// HTML that mail clients render alike (Outlook's Word engine included), light by default and dark
// where the client asks for it, with a plain-text part drawn from the same blocks. No script and
// nothing remote but pictures: mail clients run none, and the sanitizers of webmail strip it.
import mjml2html from "mjml";
import { escapeHtml } from "../../auth/provider/escape.ts";

export type MailBlock =
  | { type: "heading"; text: string }
  /** Paragraphs separated by blank lines; https addresses become links. */
  | { type: "text"; text: string }
  | { type: "button"; label: string; url: string }
  | { type: "picture"; src: string; alt: string; url: string | null }
  /** A title card, or a notice in a digest: a picture (optional), a name, a few words, a link. */
  | { type: "card"; imageUrl: string | null; title: string; body: string; url: string | null }
  /** Small print. */
  | { type: "note"; text: string };

export interface MailLayout {
  subject: string;
  /** The line mail clients show after the subject. */
  preheader: string;
  blocks: MailBlock[];
  /** Why the person gets this, and where to change it. */
  footer: { reason: string; settingsUrl: string; unsubscribeUrl: string | null };
  /** Where the product's name leads. */
  homeUrl: string;
  /** Added at the end of the HTML (a newsletter's open pixel). */
  tail?: string;
  /** Every link goes through this (a newsletter counts clicks). */
  linkFor?: (url: string) => string;
}

export interface RenderedLayout {
  html: string;
  text: string;
}

const COLORS = {
  page: "#f5f5f4",
  card: "#ffffff",
  text: "#1c1917",
  muted: "#57534e",
  border: "#e7e5e4",
  brand: "#4f46e5",
  brandText: "#ffffff",
};
const DARK_COLORS = {
  page: "#0c0a14",
  card: "#15131f",
  text: "#f5f5f4",
  muted: "#a8a29e",
  border: "#2a2738",
  brand: "#a5b4fc",
  brandText: "#0c0a14",
};
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
/** Written into the HTML where the dark colours apply; the preview swaps it to show them at once. */
const DARK_QUERY = "@media (prefers-color-scheme: dark)";

const DARK_STYLE = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  ${DARK_QUERY} {
    .lv-page, .lv-page > div { background-color: ${DARK_COLORS.page} !important; }
    .lv-card, .lv-card > table, .lv-card > table > tbody > tr > td { background-color: ${DARK_COLORS.card} !important; border-color: ${DARK_COLORS.border} !important; }
    .lv-text div, .lv-text a { color: ${DARK_COLORS.text} !important; }
    .lv-muted div, .lv-muted a { color: ${DARK_COLORS.muted} !important; }
    .lv-button td, .lv-button a, .lv-button p { background-color: ${DARK_COLORS.brand} !important; color: ${DARK_COLORS.brandText} !important; }
    .lv-rule p { border-color: ${DARK_COLORS.border} !important; }
  }
`;

/** The same HTML with the dark colours always on: what a client in dark mode shows. */
export function darkVersion(html: string): string {
  return html.replaceAll(DARK_QUERY, "@media all");
}

/** The same HTML with the dark colours never on, whatever the device viewing it prefers. */
export function lightVersion(html: string): string {
  return html.replaceAll(DARK_QUERY, "@media not all");
}

const HTTPS_LINK = /https:\/\/[^\s<>"')\]]+[^\s<>"').,;:!?\]]/g;

/** Escaped paragraphs with their https addresses as links. */
function paragraphsHtml(text: string, linkFor: (url: string) => string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => {
      let html = "";
      let last = 0;
      for (const match of paragraph.matchAll(HTTPS_LINK)) {
        html += escapeHtml(paragraph.slice(last, match.index));
        html += `<a href="${escapeHtml(linkFor(match[0]))}" style="color:${COLORS.brand};">${escapeHtml(match[0])}</a>`;
        last = match.index + match[0].length;
      }
      html += escapeHtml(paragraph.slice(last));
      return `<p style="margin:0 0 14px;">${html.replaceAll("\n", "<br>")}</p>`;
    })
    .join("");
}

function blockMjml(block: MailBlock, linkFor: (url: string) => string): string {
  switch (block.type) {
    case "heading":
      return `<mj-text css-class="lv-text" font-size="22px" line-height="1.3" font-weight="700" padding="8px 24px">${escapeHtml(block.text)}</mj-text>`;
    case "text":
      return `<mj-text css-class="lv-text" padding="4px 24px">${paragraphsHtml(block.text, linkFor)}</mj-text>`;
    case "button":
      return `<mj-button css-class="lv-button" href="${escapeHtml(linkFor(block.url))}" background-color="${COLORS.brand}" color="${COLORS.brandText}" font-weight="600" border-radius="8px" inner-padding="12px 22px" padding="8px 24px 16px" align="left">${escapeHtml(block.label)}</mj-button>`;
    case "picture":
      return `<mj-image src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}"${block.url ? ` href="${escapeHtml(linkFor(block.url))}"` : ""} padding="8px 24px" border-radius="8px" />`;
    case "card": {
      const title = block.url
        ? `<a href="${escapeHtml(linkFor(block.url))}" style="color:${COLORS.text};text-decoration:none;">${escapeHtml(block.title)}</a>`
        : escapeHtml(block.title);
      const text = `<mj-text css-class="lv-text" padding="0 0 4px" font-weight="700">${title}</mj-text>${
        block.body
          ? `<mj-text css-class="lv-muted" color="${COLORS.muted}" font-size="14px" padding="0">${escapeHtml(block.body)}</mj-text>`
          : ""
      }`;
      if (!block.imageUrl)
        return `<mj-section padding="6px 24px"><mj-column>${text}</mj-column></mj-section>`;
      const image = `<mj-image src="${escapeHtml(block.imageUrl)}" alt="" width="88px" align="left"${block.url ? ` href="${escapeHtml(linkFor(block.url))}"` : ""} padding="0" border-radius="6px" />`;
      return `<mj-section padding="8px 24px"><mj-group><mj-column width="28%" vertical-align="top">${image}</mj-column><mj-column width="72%" vertical-align="top" padding-left="12px">${text}</mj-column></mj-group></mj-section>`;
    }
    case "note":
      return `<mj-text css-class="lv-muted" color="${COLORS.muted}" font-size="13px" padding="4px 24px">${paragraphsHtml(block.text, linkFor)}</mj-text>`;
  }
}

/** A card is a section of its own (its picture and words side by side); the rest share sections. */
function bodyMjml(blocks: MailBlock[], linkFor: (url: string) => string): string {
  const parts: string[] = [];
  let open: string[] = [];
  const flush = () => {
    if (open.length === 0) return;
    parts.push(`<mj-section padding="0"><mj-column>${open.join("")}</mj-column></mj-section>`);
    open = [];
  };
  for (const block of blocks) {
    const mjml = blockMjml(block, linkFor);
    if (mjml.startsWith("<mj-section")) {
      flush();
      parts.push(mjml);
    } else open.push(mjml);
  }
  flush();
  return parts.join("");
}

function footerMjml(layout: MailLayout): string {
  const links = [
    `<a href="${escapeHtml(layout.footer.settingsUrl)}" style="color:${COLORS.muted};">Email settings</a>`,
    ...(layout.footer.unsubscribeUrl
      ? [
          `<a href="${escapeHtml(layout.footer.unsubscribeUrl)}" style="color:${COLORS.muted};">Unsubscribe</a>`,
        ]
      : []),
  ].join(" &#183; ");
  return `<mj-section padding="16px 0 32px"><mj-column>
    <mj-text css-class="lv-muted" color="${COLORS.muted}" font-size="12px" align="center" padding="0 24px 6px">${escapeHtml(layout.footer.reason)}</mj-text>
    <mj-text css-class="lv-muted" color="${COLORS.muted}" font-size="12px" align="center" padding="0 24px">${links}</mj-text>
  </mj-column></mj-section>`;
}

export async function renderLayout(layout: MailLayout): Promise<RenderedLayout> {
  const linkFor = layout.linkFor ?? ((url: string) => url);
  const source = `<mjml lang="en">
  <mj-head>
    <mj-title>${escapeHtml(layout.subject)}</mj-title>
    ${layout.preheader ? `<mj-preview>${escapeHtml(layout.preheader)}</mj-preview>` : ""}
    <mj-attributes>
      <mj-all font-family="${FONT}" />
      <mj-text color="${COLORS.text}" font-size="16px" line-height="1.55" />
    </mj-attributes>
    <mj-raw><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"></mj-raw>
    <mj-style>${DARK_STYLE}</mj-style>
  </mj-head>
  <mj-body background-color="${COLORS.page}" css-class="lv-page" width="600px">
    <mj-section padding="24px 0 12px"><mj-column>
      <mj-text css-class="lv-text" font-size="20px" font-weight="800" padding="0 24px"><a href="${escapeHtml(layout.homeUrl)}" style="color:${COLORS.text};text-decoration:none;">Litverse</a></mj-text>
    </mj-column></mj-section>
    <mj-wrapper css-class="lv-card" background-color="${COLORS.card}" border="1px solid ${COLORS.border}" border-radius="12px" padding="16px 0">
      ${bodyMjml(layout.blocks, linkFor)}
    </mj-wrapper>
    ${footerMjml(layout)}
  </mj-body>
</mjml>`;
  // No web fonts: MJML links Google's by default, a request to another company from every message.
  const result = await mjml2html(source, {
    validationLevel: "strict",
    minify: false,
    keepComments: false,
    fonts: {},
  });
  const html = layout.tail ? result.html.replace(/<\/body>/i, `${layout.tail}</body>`) : result.html;
  return { html, text: layoutText(layout) };
}

/** The plain-text part: the same blocks as words and bare addresses. */
export function layoutText(layout: MailLayout): string {
  const lines: string[] = [];
  for (const block of layout.blocks) {
    switch (block.type) {
      case "heading":
        lines.push(block.text.toUpperCase(), "");
        break;
      case "text":
      case "note":
        lines.push(block.text.replace(/\r\n?/g, "\n").trim(), "");
        break;
      case "button":
        lines.push(`${block.label}: ${block.url}`, "");
        break;
      case "picture":
        if (block.alt) lines.push(`[${block.alt}]${block.url ? ` ${block.url}` : ""}`, "");
        break;
      case "card":
        lines.push(
          `* ${block.title}`,
          ...(block.body ? [`  ${block.body}`] : []),
          ...(block.url ? [`  ${block.url}`] : []),
          "",
        );
        break;
    }
  }
  lines.push("--", layout.footer.reason, `Email settings: ${layout.footer.settingsUrl}`);
  if (layout.footer.unsubscribeUrl) lines.push(`Unsubscribe: ${layout.footer.unsubscribeUrl}`);
  return `${lines.join("\n")}\n`;
}
