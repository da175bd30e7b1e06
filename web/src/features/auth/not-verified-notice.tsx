import { useTranslation } from 'react-i18next';
import { serverPages } from '../../config/paths.ts';

/**
 * What an unverified account sees instead of projects and settings
 * (docs/product.md#rollen-und-rechte), with the way to a new activation link for whoever lost the
 * mail or let the link expire.
 */
export function NotVerifiedNotice() {
  const { t } = useTranslation();
  return (
    <div className="notice notice-warning" role="status">
      {t('errors.notVerified')}{' '}
      <a href={serverPages.resendActivation}>{t('errors.resendActivation')}</a>
    </div>
  );
}
