import type { WidgetProps } from '@rjsf/utils';
import { Checkbox, Flex } from 'antd';
import { useRuntime } from '../../RuntimeContext';
import { callKey, readCall } from '../../api/answers';
import { useKeyedAnswer } from '../../api/useAnswer';

/** A group of codes as an `x-option-groups` call answers it. */
export interface OptionGroup {
  key: string;
  name: string;
  children: { key: string; name: string }[];
}

interface ShownGroup {
  key: string;
  name?: string;
  codes: { value: string; label: string }[];
}

/**
 * The groups shown: those the call answers, each with the codes the schema knows, named as the call
 * names them (in the reader's language); until the answer comes, or when the call fails, the
 * schema's codes with their labels, in one group without a name.
 */
export function shownGroups(groups: OptionGroup[] | undefined, known: { value: unknown; label: string }[]): ShownGroup[] {
  const codes = new Set(known.map((option) => String(option.value)));
  if (!groups) return [{ key: '', codes: known.map((option) => ({ value: String(option.value), label: option.label })) }];
  return groups
    .map((group) => ({
      key: group.key,
      name: group.name,
      codes: group.children.filter((child) => codes.has(child.key)).map((child) => ({ value: child.key, label: child.name })),
    }))
    .filter((group) => group.codes.length > 0);
}

/**
 * The ticks of a list of codes in the groups a call answers (`x-option-groups`: the EMS screens a
 * station shows, grouped as the EMS menu groups them). Each group has a tick of its own that takes
 * or leaves all its codes, half-ticked when some are taken. The value keeps the order of the codes.
 */
export function OptionGroups({ id, label, value, disabled, readonly, options, onChange }: WidgetProps) {
  const { api } = useRuntime();
  const operation = String(options.operation ?? '');
  const groups = useKeyedAnswer<OptionGroup[]>(
    callKey(operation, {}),
    operation ? (readCall(api, operation, {}) as () => Promise<OptionGroup[]>) : undefined,
  ).data;
  const known = (options.enumOptions ?? []) as { value: unknown; label: string }[];
  const chosen = new Set(Array.isArray(value) ? value.map(String) : []);
  const set = (codes: string[], taken: boolean) => {
    const next = new Set(chosen);
    for (const code of codes) {
      if (taken) next.add(code);
      else next.delete(code);
    }
    // In the schema's order, whatever order they were ticked in.
    onChange(known.map((option) => String(option.value)).filter((code) => next.has(code)));
  };
  const off = disabled || readonly;
  return (
    <div id={id} role="group" aria-label={label}>
      <Flex vertical gap="small">
        {shownGroups(groups, known).map((group) => {
          const codes = group.codes.map((code) => code.value);
          const taken = codes.filter((code) => chosen.has(code)).length;
          return (
            <div key={group.key} role={group.name ? 'group' : undefined} aria-label={group.name}>
              {group.name ? (
                <Checkbox
                  checked={taken === codes.length}
                  indeterminate={taken > 0 && taken < codes.length}
                  // Half-ticked, read out as such (Ant Design only draws it).
                  {...(taken > 0 && taken < codes.length ? { 'aria-checked': 'mixed' as const } : {})}
                  disabled={off}
                  onChange={(event) => set(codes, event.target.checked)}
                  style={{ fontWeight: 600 }}
                >
                  {group.name}
                </Checkbox>
              ) : null}
              <Flex wrap gap="small" style={group.name ? { paddingInlineStart: 24, marginTop: 4 } : undefined}>
                {group.codes.map((code) => (
                  <Checkbox
                    key={code.value}
                    checked={chosen.has(code.value)}
                    disabled={off}
                    onChange={(event) => set([code.value], event.target.checked)}
                  >
                    {code.label}
                  </Checkbox>
                ))}
              </Flex>
            </div>
          );
        })}
      </Flex>
    </div>
  );
}
