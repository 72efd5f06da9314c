import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { describe, expect, test } from 'vitest';
import singleData from '../../generated/widgets/singleData.json';
import { i18nFor } from '../i18n/i18n';
import type { Language } from '../preferences/preferences';
import { buildUiSchema, mergeUiSchema } from '../schema/uiSchema';
import { disabledBecause, disabledReason } from './disabledReason';

/** What is said under the single data widget's comparison, in a language, with a rule's UI schema laid over it. */
function said(language: Language, rule: UiSchema = {}): string | undefined {
  const { t } = i18nFor(language);
  const ui = buildUiSchema({ t, prefix: 'widgets.singleData', schema: singleData as RJSFSchema, uiSchema: {}, mode: 'edit' });
  const chainType = mergeUiSchema(ui.chainType as UiSchema, rule);
  return disabledReason(t, language, singleData.properties.chainType as RJSFSchema, chainType);
}

describe('why a field or an option cannot be chosen', () => {
  test.each([
    ['en', 'Not offered yet: Year on year (vs last year) and Average'],
    ['zh', '暂未提供：年同比（与去年比较）和平均值'],
  ] as const)('the options the schema does not offer, by their names (%s)', (language, text) => {
    expect(said(language)).toBe(text);
  });

  test("a field a rule disables: the rule's reason, not the options", () => {
    expect(said('en', disabledBecause('widgets.singleData.reasons.recordDate'))).toBe(
      'Fixed while a historical record is shown: clear the record date to change it.',
    );
  });

  test('a field disabled for no reason of its own (the form being sent) says nothing; an enabled one without options off neither', () => {
    expect(said('en', { 'ui:disabled': true })).toBeUndefined();
    expect(disabledReason(i18nFor('en').t, 'en', { type: 'string' }, disabledBecause(false))).toBeUndefined();
  });
});
