import { useTranslation } from 'react-i18next';

type Texts = Record<string, unknown>;

/**
 * `useTranslation`, after adding `texts` – the texts of a code-split screen, from their own locale
 * file (`locales/*.de.json` beside `de.json`) – to the app's texts on first use. They come with
 * the screen's chunk instead of weighing on the share link's first load (bundle budget,
 * docs/architecture.md#die-app-web). A screen's root calls it before its first `t`; the components
 * inside render after it.
 */
export function useCodeSplitTexts(texts: Texts) {
  const translation = useTranslation();
  const { i18n } = translation;
  const [group] = Object.keys(texts);
  if (group && !i18n.getResource('de', 'translation', group))
    i18n.addResourceBundle('de', 'translation', texts, true, false);
  return translation;
}
