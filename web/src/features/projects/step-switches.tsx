import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../components/form/checkbox-field.tsx';
import { FieldNotes } from '../../components/form/field-notes.tsx';
import { useFullDefinition } from '../../hooks/use-definition.ts';
import './step-switches.css';

/**
 * „Schritte für diese Kundin oder diesen Kunden“ (docs/product.md#projekteinstellungen): one box
 * per step of the project's whole questionnaire, by stage – checked is shown. `hidden` is the
 * project's `hidden_steps`. The last shown step cannot be switched off: its box is disabled, and
 * a note says why (the server would refuse it as well).
 */
export function StepSwitches({
  hidden,
  onChange,
  errors = [],
}: {
  hidden: string[];
  onChange: (hidden: string[]) => void;
  errors?: string[];
}) {
  const { t } = useTranslation();
  const id = useId();
  // The whole revision, not the shown one: a switched-off step can be switched on again.
  const definition = useFullDefinition();
  const isShown = (key: string) => !hidden.includes(key);
  const onlyOne = definition.steps.filter((step) => isShown(step.meta.key)).length === 1;
  const toggle = (key: string, shown: boolean) => {
    const next = new Set(hidden);
    if (shown) next.delete(key);
    else next.add(key);
    // In questionnaire order, and only steps of this revision.
    onChange(definition.steps.map((step) => step.meta.key).filter((other) => next.has(other)));
  };
  return (
    <fieldset
      className={`field step-switches${errors.length ? ' has-error' : ''}`}
      aria-describedby={`${id}-help${errors.length ? ` ${id}-error` : ''}`}
    >
      <legend>{t('settings.steps')}</legend>
      <FieldNotes id={id} help={t('settings.stepsHelp')} errors={errors} />
      <div className="step-switches-stages">
        {definition.stages.map((stage) => (
          <fieldset key={stage.key} className="step-switches-stage">
            <legend>{stage.title}</legend>
            {stage.steps.map((key) => {
              const step = definition.steps.find((candidate) => candidate.meta.key === key);
              if (!step) return null;
              const last = onlyOne && isShown(key);
              return (
                <CheckboxField
                  key={key}
                  label={step.meta.title}
                  checked={isShown(key)}
                  disabled={last}
                  describedBy={last ? `${id}-last` : undefined}
                  onChange={(shown) => toggle(key, shown)}
                />
              );
            })}
          </fieldset>
        ))}
      </div>
      {onlyOne ? (
        <p className="field-help" id={`${id}-last`}>
          {t('settings.stepsLastShown')}
        </p>
      ) : null}
    </fieldset>
  );
}
