import { widgetDataRules } from '../../runtime/dashboard/widget';
import type { CustomTextConfig } from '../../generated/widgetConfigs';

export type { CustomTextConfig };

/**
 * Whether rich text shows nothing: no text once tags and blanks are gone, and no picture. The
 * editor's empty document (`<p><br></p>`) is blank.
 */
export function isBlankHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text === '';
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<CustomTextConfig>({
  type: 'customText',
  needs: () => ({}),
});
