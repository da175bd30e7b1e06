import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the page title to "<route title> – Fragewerk" (docs/product.md#routen-und-screens). */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title}${t('titleSuffix')}`;
  }, [title, t]);
}
