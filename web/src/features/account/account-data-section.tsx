import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../lib/user-api.ts';
import { accountExportUrl } from './account-data-api.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

/**
 * „Ihre Daten“ at the bottom of the account settings: the download of everything the account
 * holds (GDPR Art. 20) and deleting the account (Art. 17).
 */
export function AccountDataSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  return (
    <section className="card form-card" aria-labelledby="account-data-title">
      <h2 id="account-data-title">{t('accountData.title')}</h2>
      <p>{t('accountData.exportText')}</p>
      <p>{t('accountData.deleteIntro')}</p>
      <div className="form-actions">
        {/* A plain link: the GET needs only the session cookie, and the browser downloads it. */}
        <a className="button button-secondary" href={accountExportUrl(user.id)} download>
          {t('accountData.export')}
        </a>
        <span className="spacer" />
        <button type="button" className="button button-danger" onClick={() => setDeleting(true)}>
          {t('accountData.delete')}
        </button>
      </div>
      {deleting ? (
        <Suspense fallback={null}>
          <DeleteAccountDialog userId={user.id} onClose={() => setDeleting(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
