import { Suspense, lazy } from 'react';
import { Skeleton } from 'antd';
import type { RichTextEditorProps } from './rich-text-editor';

// The editor (TipTap and ProseMirror) loads only when a text is opened for editing.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** A form control for rich text: Form.Item hands value/onChange here, the editor loads lazily. */
export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
