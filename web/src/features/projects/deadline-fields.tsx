import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../components/form/checkbox-field.tsx';
import { TextField } from '../../components/form/text-field.tsx';

/**
 * „Abgabe und Erinnerungen“ in the settings form (docs/product.md#abgabe-und-erinnerungen): the
 * due date (`YYYY-MM-DD`, empty for none) and whether reminders go to the customer contacts, with
 * the schedule in words. Saved with the form's „Speichern“.
 */
export function DeadlineFields({
  dueDate,
  remindersEnabled,
  onDueDate,
  onRemindersEnabled,
  onBlur,
  errors,
}: {
  dueDate: string;
  remindersEnabled: boolean;
  onDueDate: (value: string) => void;
  onRemindersEnabled: (value: boolean) => void;
  onBlur: () => void;
  errors: string[];
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="field plain-fieldset">
      <legend>{t('settings.deadline')}</legend>
      <TextField
        label={t('settings.dueDate')}
        type="date"
        value={dueDate}
        onChange={onDueDate}
        onBlur={onBlur}
        errors={errors}
        help={t('settings.dueDateHelp')}
      />
      <CheckboxField
        label={t('settings.reminders')}
        checked={remindersEnabled}
        onChange={onRemindersEnabled}
        describedBy={`${id}-help`}
      />
      <p className="field-help" id={`${id}-help`}>
        {t('settings.remindersHelp')}
      </p>
    </fieldset>
  );
}
