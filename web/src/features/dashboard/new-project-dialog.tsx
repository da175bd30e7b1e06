import { type FormEvent, useState } from 'react';
import { Dialog } from '@fragewerk/engine/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { TextField } from '../../components/form/text-field.tsx';
import { FormDialogActions } from '../../components/form/form-dialog-actions.tsx';
import { useSchemaForm } from '../../hooks/use-schema-form.ts';
import { errorBody } from '../../lib/api.ts';
import { useCreateProjectMutation } from '../../lib/projects-api.ts';
import { useGetQuestionnairesQuery } from '../../lib/questionnaires-api.ts';
import { QuestionnaireChoice } from './questionnaire-choice.tsx';

/**
 * The 'Neues Projekt' overlay; after creating, the user lands in the new project's settings. With
 * more than one questionnaire in the catalogue the agency chooses one (the first, the brand
 * briefing, is preselected); without a choice the server gives its default.
 */
export function NewProjectDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [create, { isLoading }] = useCreateProjectMutation();
  const catalogue = useGetQuestionnairesQuery();
  const offered = catalogue.data ?? [];
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const questionnaire = chosen ?? offered[0]?.id;
  const form = useSchemaForm(
    'form:new-project',
    { project_name: '', customer_firm: '' },
    isLoading,
  );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading || !form.attemptSubmit(event.currentTarget)) return;
    const result = await create({ ...form.output, ...(questionnaire ? { questionnaire } : {}) });
    if ('data' in result && result.data) {
      onClose();
      navigate(paths.projectSettings.url(result.data.id));
    } else {
      form.setServerErrors(errorBody(result.error)?.errors ?? {});
    }
  };

  return (
    <Dialog title={t('dashboard.create.title')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('dashboard.create.projectName')}
          value={form.values.project_name}
          onChange={(value) => form.set('project_name', value)}
          onBlur={() => form.blur('project_name')}
          errors={form.errorsFor('project_name')}
          required
          autoFocus
        />
        <TextField
          label={t('dashboard.create.customerFirm')}
          value={form.values.customer_firm}
          onChange={(value) => form.set('customer_firm', value)}
          onBlur={() => form.blur('customer_firm')}
          errors={form.errorsFor('customer_firm')}
          required
        />
        {offered.length > 1 && questionnaire ? (
          <QuestionnaireChoice
            questionnaires={offered}
            value={questionnaire}
            onChange={setChosen}
            disabled={isLoading}
          />
        ) : null}
        {catalogue.isError ? (
          <p className="notice notice-warning">{t('dashboard.create.questionnairesFailed')}</p>
        ) : null}
        {form.errorsFor('questionnaire').map((message) => (
          <p key={message} className="field-error" role="alert">
            {message}
          </p>
        ))}
        <FormDialogActions
          submitLabel={t('dashboard.create.submit')}
          onCancel={onClose}
          busy={isLoading}
        />
      </form>
    </Dialog>
  );
}
