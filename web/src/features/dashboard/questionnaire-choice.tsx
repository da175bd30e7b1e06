import { useTranslation } from 'react-i18next';
import type { OfferedQuestionnaire } from '../../lib/questionnaires-api.ts';

/**
 * The questionnaire of a new project (docs/product.md#fragebögen): one card per offered one with
 * its title, what it is for, its steps and how long the customer needs. A radio group, so arrow
 * keys move the choice and Enter still submits the overlay.
 */
export function QuestionnaireChoice({
  questionnaires,
  value,
  onChange,
  disabled,
}: {
  questionnaires: OfferedQuestionnaire[];
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="questionnaire-choice" disabled={disabled}>
      <legend>{t('dashboard.create.questionnaire')}</legend>
      {questionnaires.map((questionnaire) => (
        <label
          key={questionnaire.id}
          className={
            questionnaire.id === value ? 'questionnaire-option is-chosen' : 'questionnaire-option'
          }
        >
          <input
            type="radio"
            name="questionnaire"
            value={questionnaire.id}
            checked={questionnaire.id === value}
            onChange={() => onChange(questionnaire.id)}
          />
          <span className="questionnaire-option-text">
            <span className="questionnaire-option-title">{questionnaire.title}</span>
            {questionnaire.description ? (
              <span className="questionnaire-option-description">{questionnaire.description}</span>
            ) : null}
            <span className="questionnaire-option-facts">
              {t('dashboard.create.facts', {
                count: questionnaire.steps,
                minutes: questionnaire.minutes,
              })}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
