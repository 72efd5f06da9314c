import DOMPurify from 'dompurify';

/** The inline styles rich text keeps: the editor's text and background colours. */
const KEPT_STYLES = new Set(['color', 'background-color']);
const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\))$/i;

let hooked = false;
/** DOMPurify needs a DOM: its hook is added with the first use, in the browser (not when the module is imported on a server). */
function keepColoursOnly(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName !== 'style') return;
    data.attrValue = data.attrValue
      .split(';')
      .map((declaration) => declaration.split(':').map((part) => part.trim()))
      .filter(([property, value]) => property && value && KEPT_STYLES.has(property.toLowerCase()) && COLOUR.test(value))
      .map(([property, value]) => `${property}: ${value}`)
      .join('; ');
    if (!data.attrValue) data.keepAttr = false;
  });
}

/**
 * Rich text as it may be stored and shown: DOMPurify's HTML profile (no scripts, no event
 * handlers, no `javascript:` links), without forms and frames, inline styles reduced to text and
 * background colours. Applied when a text is saved and again when it is shown, since a document
 * may have been written by another client.
 */
export function sanitizeHtml(html: string): string {
  keepColoursOnly();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['form', 'input', 'button', 'iframe', 'frame', 'object', 'embed', 'style'],
  });
}
