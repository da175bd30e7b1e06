import { type FormEvent, useEffect, useState } from 'react';
import { ConfirmDialog, DraftNotice } from '@fragewerk/engine/react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../state/hooks.ts';
import { paths } from '../../config/paths.ts';
import { CheckboxField } from '../../components/form/checkbox-field.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useDrafts } from '../../hooks/use-drafts.ts';
import { useLeaveGuard } from '../../hooks/use-leave-guard.tsx';
import { useSchemaForm } from '../../hooks/use-schema-form.ts';
import { errorBody } from '../../lib/api.ts';
import { germanDate } from '../../lib/dates.ts';
import {
  type Project,
  useDeleteProjectMutation,
  useUpdateProjectMutation,
} from '../../lib/projects-api.ts';
import { showToast } from '../../lib/toasts.ts';
import { CustomerContacts } from './customer-contacts.tsx';
import { DeadlineFields } from './deadline-fields.tsx';
import { useProjectScope } from './project-context.ts';
import { ResponsibleField } from './responsible-field.tsx';
import { ShareLink } from './share-link.tsx';
import { StepSwitches } from './step-switches.tsx';
import './project-settings-page.css';
import { useScreenTexts } from '../../lib/screen-texts.ts';

/** How long 'Projekt gelöscht!' shows before the dashboard (docs/product.md#zustände: 1300 ms). */
export const DELETED_NOTICE_MS = 1300;
const SAVED_NOTICE_MS = 3000;

const valuesOf = (project: Project) => ({
  project_name: project.project_name,
  customer_firm: project.customer_firm,
  is_niceview_enabled: project.is_niceview_enabled,
  is_approved: project.is_approved,
  responsible: project.responsible,
  hidden_steps: project.hidden_steps,
  // A date field holds '' for „no date“; the PATCH sends null for it.
  due_date: project.due_date ?? '',
  reminders_enabled: project.reminders_enabled,
});

/**
 * Projekteinstellungen (docs/product.md#routen-und-screens); the whole form is disabled while the
 * project is archived.
 */
export function ProjectSettingsPage() {
  const { t } = useScreenTexts();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { project } = useProjectScope();
  useDocumentTitle(t('routes.settings'));
  const drafts = useDrafts(project.id);
  const form = useSchemaForm('form:project-settings', valuesOf(project), false, {
    store: drafts,
    slot: 'einstellungen',
  });
  const [update, { isLoading: saving }] = useUpdateProjectMutation();
  const [remove, { isLoading: deleting }] = useDeleteProjectMutation();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const archived = project.is_archived;
  const leaveGuard = useLeaveGuard(form.dirty && !deleting);

  // A reload of the project (e.g. after archiving) starts the form over when nothing is pending.
  useEffect(() => {
    if (!form.dirty) form.reset(valuesOf(project));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [project]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (archived || !form.attemptSubmit() || saving) return;
    const result = await update({
      id: project.id,
      changes: { ...form.output, due_date: form.output.due_date || null, version: project.version },
    });
    if ('data' in result && result.data) {
      form.reset(valuesOf(result.data));
      dispatch(showToast('success', t('common.saved'), SAVED_NOTICE_MS));
    } else {
      form.setServerErrors(errorBody(result.error)?.errors ?? {});
    }
  };

  const setArchived = (is_archived: boolean) =>
    update({ id: project.id, changes: { is_archived } });

  const confirmDelete = async () => {
    const result = await remove(project.id);
    setConfirmingDelete(false);
    if ('error' in result) return;
    form.reset(form.values);
    dispatch(showToast('success', t('settings.deleted'), DELETED_NOTICE_MS));
    setTimeout(() => navigate(paths.dashboard.url()), DELETED_NOTICE_MS);
  };

  return (
    <section className="page page-narrow">
      <h1>{t('settings.title')}</h1>
      <p className="meta">
        <Link to={paths.questionnaire.url(project.id)}>{t('settings.view')}</Link> ·{' '}
        {t('settings.questionnaire', { title: project.questionnaire.title })} ·{' '}
        {t('common.created', { date: germanDate(project.created_at) })} ·{' '}
        {t('common.updated', { date: germanDate(project.updated_at) })} ·{' '}
        <Link to={paths.history.url(project.id)}>{t('settings.history')}</Link>
      </p>
      {archived ? (
        <p className="notice notice-warning" role="status">
          {t('settings.archivedNotice')}
        </p>
      ) : null}
      <form onSubmit={save} noValidate className="card form-card">
        {form.draft && !archived ? (
          <DraftNotice
            state={form.draft.state}
            onApply={form.draft.apply}
            onDiscard={form.draft.discard}
          />
        ) : null}
        <fieldset disabled={archived} className="plain-fieldset">
          <ShareLink project={project} disabled={archived} />
          <TextField
            label={t('settings.projectName')}
            value={form.values.project_name}
            onChange={(value) => form.set('project_name', value)}
            onBlur={() => form.blur('project_name')}
            errors={form.errorsFor('project_name')}
            required
          />
          <TextField
            label={t('settings.customerFirm')}
            value={form.values.customer_firm}
            onChange={(value) => form.set('customer_firm', value)}
            onBlur={() => form.blur('customer_firm')}
            errors={form.errorsFor('customer_firm')}
            required
          />
          <ResponsibleField
            value={form.values.responsible}
            onChange={(value) => form.set('responsible', value)}
            errors={form.errorsFor('responsible')}
          />
          <CheckboxField
            label={t('settings.niceview')}
            checked={form.values.is_niceview_enabled}
            onChange={(value) => form.set('is_niceview_enabled', value)}
          />
          <CheckboxField
            label={t('settings.approved')}
            checked={form.values.is_approved}
            onChange={(value) => form.set('is_approved', value)}
          />
          <StepSwitches
            hidden={form.values.hidden_steps}
            onChange={(value) => form.set('hidden_steps', value)}
            errors={form.errorsFor('hidden_steps')}
          />
          <DeadlineFields
            dueDate={form.values.due_date}
            remindersEnabled={form.values.reminders_enabled}
            onDueDate={(value) => form.set('due_date', value)}
            onRemindersEnabled={(value) => form.set('reminders_enabled', value)}
            onBlur={() => form.blur('due_date')}
            errors={form.errorsFor('due_date')}
          />
        </fieldset>
        <div className="form-actions">
          <button
            type="button"
            className="button button-danger-outline"
            onClick={() => setConfirmingDelete(true)}
          >
            {t('settings.delete')}
          </button>
          {archived ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setArchived(false)}
              disabled={saving}
            >
              {t('settings.reactivate')}
            </button>
          ) : (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setArchived(true)}
              disabled={saving}
            >
              {t('settings.archive')}
            </button>
          )}
          <span className="spacer" />
          <Link className="button button-secondary" to={paths.dashboard.url()}>
            {t('settings.backToOverview')}
          </Link>
          <button type="submit" className="button" disabled={archived || saving}>
            {saving ? <Spinner small /> : null}
            {t('settings.save')}
          </button>
        </div>
      </form>
      <CustomerContacts
        projectId={project.id}
        archived={archived}
        remindable={!archived && !project.is_approved}
      />
      {confirmingDelete ? (
        <ConfirmDialog
          title={t('settings.deleteTitle')}
          text={t('settings.deleteText')}
          confirmLabel={t('settings.delete')}
          onConfirm={confirmDelete}
          onCancel={() => setConfirmingDelete(false)}
          busy={deleting}
          danger
        />
      ) : null}
      {leaveGuard}
    </section>
  );
}
