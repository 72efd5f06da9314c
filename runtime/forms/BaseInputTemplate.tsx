import { Templates } from '@rjsf/antd';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { startTransition, useEffect, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';

const AntBaseInput = Templates.BaseInputTemplate as ComponentType<BaseInputTemplateProps>;

/** Runs `work` once the browser has painted the next frame (a task after its animation frame). */
function afterPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}

/**
 * A number's schema without its range, for the input only: Ant Design's number input moves a value
 * outside `min`/`max` into the range when the input is left (20000 became 10000 unsaid). The form
 * validates the real schema, so a value out of range stays as typed and is refused beside its field.
 */
function unbounded(schema: BaseInputTemplateProps['schema']): BaseInputTemplateProps['schema'] {
  if (schema.minimum === undefined && schema.maximum === undefined) return schema;
  const { minimum: _minimum, maximum: _maximum, ...rest } = schema;
  return rest;
}

/**
 * The text and number inputs of schema forms. A key shows in the input at once; the form, which
 * computes its whole state again for each change (a configuration form has dozens of fields),
 * takes the value once the key has been painted, as a transition that the next key may
 * interrupt; keys typed within one frame reach it as one change. Leaving the input, or Enter,
 * hands the form what was typed at once, so a Save or a submission never misses the last keys.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { value, onChange, onBlur } = props;
  const [shown, setShown] = useState<unknown>(value);
  /** The values handed to the form, or to be handed to it, that it has not given back yet, oldest first. */
  const sent = useRef<unknown[]>([]);
  /** Counts the values typed; a value waiting for a paint is handed over only if it is still the last. */
  const typed = useRef(0);
  useEffect(
    () => () => {
      typed.current += 1;
    },
    [],
  );

  useEffect(() => {
    const echo = sent.current.findIndex((entry) => Object.is(entry, value));
    if (echo >= 0) sent.current.splice(0, echo + 1);
    else {
      // The form changed the value itself (a rule cleared it, the form was reset): show its value.
      sent.current = [];
      setShown(value);
    }
  }, [value]);

  const change = (next: unknown) => {
    setShown(next);
    sent.current.push(next);
    const mine = (typed.current += 1);
    afterPaint(() => {
      if (typed.current === mine) startTransition(() => onChange(next));
    });
  };
  /** Hands the form what is shown now, when a value may still be on its way. */
  const settle = () => {
    typed.current += 1;
    if (sent.current.length === 0) return;
    sent.current.push(shown);
    flushSync(() => onChange(shown));
  };
  const keyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') settle();
  };
  return (
    <span style={{ display: 'contents' }} onKeyDown={keyDown}>
      <AntBaseInput
        {...props}
        schema={unbounded(props.schema)}
        value={shown}
        onChange={change}
        onBlur={(id, blurred) => {
          settle();
          onBlur(id, blurred);
        }}
      />
    </span>
  );
}
