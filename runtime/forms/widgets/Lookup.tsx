import type { FieldProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';

const LookupField = lazy(() => import('./LookupField').then((module) => ({ default: module.LookupField })));

/**
 * `"ui:field": "Lookup"`: a text field with a look-up that fills its siblings (`LookupField`),
 * whose code loads with the first form that has one; until then the plain field shows.
 */
export function Lookup(props: FieldProps) {
  const { StringField } = props.registry.fields;
  return (
    <Suspense fallback={StringField ? <StringField {...props} /> : null}>
      <LookupField {...props} />
    </Suspense>
  );
}
