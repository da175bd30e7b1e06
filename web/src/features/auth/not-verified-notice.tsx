import { useTranslation } from 'react-i18next';

/**
 * What an unverified account sees instead of projects and settings
 * (docs/product.md#rollen-und-rechte).
 */
export function NotVerifiedNotice() {
  const { t } = useTranslation();
  return (
    <div className="notice notice-warning" role="status">
      {t('errors.notVerified')}
    </div>
  );
}
