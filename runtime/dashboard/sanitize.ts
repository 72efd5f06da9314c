import DOMPurify from 'dompurify';

/**
 * Rich text as it may be stored and shown: DOMPurify's HTML profile (no scripts, no event
 * handlers, no `javascript:` links), without forms and frames. Applied when a text is saved and
 * again when it is shown, since a document may have been written by another client.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['form', 'input', 'button', 'iframe', 'frame', 'object', 'embed', 'style'],
    FORBID_ATTR: ['style'],
  });
}
