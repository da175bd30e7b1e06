import { useId, useState } from 'react';
import { ConfirmDialog, CopyIcon } from '@fragewerk/engine/react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../state/hooks.ts';
import { shareUrl } from '../../config/paths.ts';
import { type Project, useRegenerateEditTokenMutation } from '../../lib/projects-api.ts';
import { showToast } from '../../lib/toasts.ts';
import './share-link.css';

/** How long the clipboard notice shows (docs/product.md#zustände: 1300 ms, no button). */
export const COPIED_NOTICE_MS = 1300;

/** The share link with its copy button and the action that replaces it with a new one. */
export function ShareLink({ project, disabled }: { project: Project; disabled: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [regenerate, { isLoading }] = useRegenerateEditTokenMutation();
  const url = shareUrl(window.location.origin, project.edit_token ?? '', project.id);

  const copy = async () => {
    await navigator.clipboard.writeText(url);
    dispatch(showToast('success', t('settings.copied'), COPIED_NOTICE_MS));
  };

  const renew = async () => {
    const result = await regenerate(project.id);
    setConfirming(false);
    if ('data' in result) dispatch(showToast('success', t('settings.regenerated')));
  };

  return (
    <div className="share">
      <label htmlFor={id}>{t('settings.shareLink')}</label>
      <div className="share-row">
        <input
          id={id}
          className="share-url"
          value={url}
          readOnly
          aria-describedby={`${id}-help`}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button" onClick={copy} disabled={disabled}>
          <CopyIcon />
          {t('settings.copy')}
        </button>
      </div>
      <p className="field-help" id={`${id}-help`}>
        {t('settings.shareHelp')}
      </p>
      <button
        type="button"
        className="button-link"
        onClick={() => setConfirming(true)}
        disabled={disabled}
      >
        {t('settings.regenerate')}
      </button>
      {confirming ? (
        <ConfirmDialog
          title={t('settings.regenerateTitle')}
          text={t('settings.regenerateText')}
          confirmLabel={t('settings.regenerateConfirm')}
          onConfirm={renew}
          onCancel={() => setConfirming(false)}
          busy={isLoading}
          danger
        />
      ) : null}
    </div>
  );
}
