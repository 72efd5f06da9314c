import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface FormFooterProps {
  /** The text of the submit button (Save). */
  submitText: string;
  /** The form is being sent: Save says it is under way, Cancel waits. */
  saving?: boolean;
  /** Closes the form without sending it (a dialog's Cancel); a form in place has none. */
  onCancel?(): void;
  /** How many fields the last Save found wrong: said beside Save. */
  invalid?: number;
}

/**
 * The end of a form: how many fields need attention after a Save that found some, Cancel, where
 * the form can be left, and the primary Save that submits it.
 */
export function FormFooter({ submitText, saving, onCancel, invalid = 0 }: FormFooterProps) {
  const { t } = useTranslation();
  return (
    <Flex justify="end" align="center" gap="small" wrap>
      {invalid > 0 ? (
        <Typography.Text type="danger" role="status">
          {t('common.fieldsNeedAttention', { count: invalid })}
        </Typography.Text>
      ) : null}
      {onCancel ? (
        <Button disabled={saving} onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      ) : null}
      <Button type="primary" htmlType="submit" loading={saving}>
        {submitText}
      </Button>
    </Flex>
  );
}
