import { useTranslation } from 'react-i18next';
import texts from '../../locales/customer.de.json';

/**
 * The texts of the welcome and thank-you pages (`locales/customer.de.json`): they come with these
 * lazily loaded pages and join the app's texts on first use, instead of weighing on the share
 * link's first load (docs/architecture.md, bundle budget).
 */
export function useCustomerTexts() {
  const translation = useTranslation();
  const { i18n } = translation;
  if (!i18n.getResource('de', 'translation', 'customer'))
    i18n.addResourceBundle('de', 'translation', texts, true, false);
  return translation;
}
