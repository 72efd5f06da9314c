import type { WidgetProps } from '@rjsf/utils';
import { Spin } from 'antd';
import { lazy, Suspense, useCallback } from 'react';
import type ReactQuill from 'react-quill-new';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from '../../dashboard/sanitize';
import { nameToolbar } from './richTextToolbar';

/** Quill touches `document` when imported: loaded with the first rich-text field. */
const Editor = lazy(async () => {
  const [{ default: ReactQuill }] = await Promise.all([import('react-quill-new'), import('react-quill-new/dist/quill.snow.css')]);
  return { default: ReactQuill };
});

/** The toolbar of rich text: formatting, lists, alignment, links; no upload of pictures or files. */
const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ align: [] }],
  ['link', 'clean'],
];
const MODULES = { toolbar: TOOLBAR };

/** Rich text (HTML), sanitised as it is stored; its toolbar's controls named in the user's language. */
export function RichText({ id, value, disabled, readonly, onChange, label }: WidgetProps) {
  const { t } = useTranslation();
  // The editor has drawn its toolbar by the time it is given to its ref.
  const named = useCallback(
    (editor: ReactQuill | null) => {
      const toolbar = editor?.getEditor().getModule('toolbar') as { container?: HTMLElement } | undefined;
      if (toolbar?.container) nameToolbar(toolbar.container, t);
    },
    [t],
  );
  return (
    <Suspense fallback={<Spin />}>
      <Editor
        ref={named}
        id={id}
        theme="snow"
        aria-label={label}
        modules={MODULES}
        readOnly={disabled || readonly}
        value={typeof value === 'string' ? value : ''}
        onChange={(html: string) => onChange(sanitizeHtml(html))}
      />
    </Suspense>
  );
}
