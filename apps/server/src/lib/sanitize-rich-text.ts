import sanitizeHtml from 'sanitize-html';

/**
 * What rich text on the portal may hold (notices, policy documents, forum posts): the structure
 * an editor produces and a reader needs, nothing that runs. No scripts, no event handlers, no
 * styles (they can hide text or overlay the page), no frames or forms; links only to http(s) and
 * mail; images only from the portal's own files or https.
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'pre',
    'code',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Relative image sources are the portal's own files; anything else relative is dropped below.
  exclusiveFilter: (frame) =>
    frame.tag === 'img' &&
    !(frame.attribs.src?.startsWith('/api/portal/files/') || frame.attribs.src?.startsWith('https://')),
  // Links open in a new tab and give the target no handle on the portal.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
  disallowedTagsMode: 'discard',
};
// The transform adds target and rel: they must survive the attribute filter that runs after it.
(POLICY.allowedAttributes as Record<string, string[]>).a!.push('target', 'rel');

/** The same parser with nothing filtered: what the input looks like once normalised. */
const NORMALISE: sanitizeHtml.IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  allowVulnerableTags: true,
  transformTags: POLICY.transformTags,
};

/**
 * The rich text as it may be stored and shown, and whether anything was taken out (so staff are
 * told that the notice they pasted lost a script or a style). Empty text becomes null.
 */
export function sanitizeRichText(html: string | null | undefined): { html: string | null; cleaned: boolean } {
  if (html === null || html === undefined) return { html: null, cleaned: false };
  const clean = sanitizeHtml(html, POLICY).trim();
  const cleaned = clean !== sanitizeHtml(html, NORMALISE).trim();
  // An editor's empty document (`<p></p>`) is no body.
  const text = sanitizeHtml(clean, { allowedTags: ['img'], allowedAttributes: false }).trim();
  return { html: text ? clean : null, cleaned };
}
