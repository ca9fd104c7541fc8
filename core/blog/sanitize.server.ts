import sanitizeHtml from "sanitize-html";

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "pre",
    "code",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "del",
    "ins",
    "mark",
    "small",
    "sub",
    "sup",
    "abbr",
    "cite",
    "q",
    "span",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "caption",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    abbr: ["title"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    ol: ["start", "reversed"],
  },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // The body of these must vanish with the tag, never be kept as text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template"],
  // An image whose address was refused has nothing left to show.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  transformTags: {
    // Post bodies use h2 and below: the page's own title is its one h1.
    h1: "h2",
    a: (tagName, attribs) => {
      const next: Record<string, string> = { ...attribs, rel: "noopener noreferrer" };
      if (next.target && next.target !== "_blank") delete next.target;
      return { tagName, attribs: next };
    },
  },
};

/**
 * Makes staff-written HTML safe to render: formatting, links (rel="noopener noreferrer") and images
 * (https or on this site) stay; scripts, event handlers, styles and script URLs never survive.
 */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}
