import texts from '../locales/screens.de.json';
import { useCodeSplitTexts } from './code-split-texts.ts';

/**
 * The texts of the screens the share link never opens first – dashboard, account, settings,
 * legal pages, results (`locales/screens.de.json`) – with `t`. Each of these screens' roots calls
 * it instead of `useTranslation`.
 */
export const useScreenTexts = () => useCodeSplitTexts(texts);
