import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml, WidgetStatus, type WidgetViewProps } from '../../runtime/dashboard';
import { isBlankHtml, type CustomTextConfig } from './rules';

/** The editor's alignment classes, which its own stylesheet styles only inside the editor (one copy for every such widget). */
const QUILL_CLASSES = `
.custom-text-widget .ql-align-center { text-align: center; }
.custom-text-widget .ql-align-right { text-align: right; }
.custom-text-widget .ql-align-justify { text-align: justify; }
.custom-text-widget p { margin: 0 0 0.5em; }
`;

export function CustomTextView({ config, data }: WidgetViewProps<CustomTextConfig>) {
  const { t } = useTranslation();
  // Sanitised again on display: the stored document may have been written by another client.
  const html = useMemo(() => sanitizeHtml(typeof config.value === 'string' ? config.value : ''), [config.value]);
  return (
    <WidgetStatus data={data} empty={isBlankHtml(html) ? t('widgets.common.pleaseConfigure') : false}>
      {() => (
        <>
          <style href="custom-text-widget" precedence="default">
            {QUILL_CLASSES}
          </style>
          <div className="custom-text-widget" style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: html }} />
        </>
      )}
    </WidgetStatus>
  );
}
