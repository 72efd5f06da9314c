import type { TFunction } from 'i18next';
import type { PageSchema } from '../../generated/meta';
import { fieldLabel } from '../i18n/labels';

/** A list column's header: its field's label, with the ten-thousand unit when the column shows amounts in it. */
export function columnTitle(t: TFunction, page: PageSchema, column: PageSchema['columns'][number]): string {
  const title = fieldLabel(t, page.entity, column.field);
  return column.tenThousands ? t('common.inTenThousands', { label: title }) : title;
}
