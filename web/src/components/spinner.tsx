import { useTranslation } from 'react-i18next';
import './spinner.css';

/**
 * A loading indicator; `fullScreen` covers the page ("Full-screen loading spinner" in
 * docs/product.md#routen-und-screens).
 */
export function Spinner({
  fullScreen = false,
  small = false,
}: {
  fullScreen?: boolean;
  small?: boolean;
}) {
  const { t } = useTranslation();
  const spinner = (
    <span className={small ? 'spinner spinner-small' : 'spinner'} role="status">
      <span className="visually-hidden">{t('common.loading')}</span>
    </span>
  );
  return fullScreen ? <div className="spinner-screen">{spinner}</div> : spinner;
}
