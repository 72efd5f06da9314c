import { widgetDataRules } from '../../runtime/dashboard/widget';
import type { ImageConfig } from '../../generated/widgetConfigs';

export type { ImageConfig };

/** Addresses a picture may be shown from: an uploaded file's (a path of this site) or an http(s) address. */
const SHOWABLE = /^(\/|https?:\/\/)\S*$/;

/**
 * The address to show the picture from; nothing when none is configured or the stored one is
 * not an address of the kind the schema allows (a document may come from another client).
 */
export function imageSource(config: Pick<ImageConfig, 'imageUrl'>): string | undefined {
  const url = typeof config.imageUrl === 'string' ? config.imageUrl.trim() : '';
  return SHOWABLE.test(url) ? url : undefined;
}

/** What this widget asks the server for (see `WidgetDataRules`). */
export const dataRules = widgetDataRules<ImageConfig>({
  type: 'image',
  needs: () => ({}),
});
