import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';

export interface FormFooterProps {
  /** The text of the submit button (Save). */
  submitText: string;
  /** The form is being sent: Save says it is under way, Cancel waits. */
  saving?: boolean;
  /** Closes the form without sending it (a dialog's Cancel); a form in place has none. */
  onCancel?(): void;
}

/** The end of a form: Cancel, where the form can be left, and the primary Save that submits it. */
export function FormFooter({ submitText, saving, onCancel }: FormFooterProps) {
  const { t } = useTranslation();
  return (
    <Flex justify="end" gap="small">
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
