import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../locales/de.json';

/** The app's i18next instance with the German texts of `locales/de.json`. */
export function createI18n(): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'de',
    fallbackLng: false,
    resources: { de: { translation: de } },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}
