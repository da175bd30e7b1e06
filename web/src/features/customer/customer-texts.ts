import texts from '../../locales/customer.de.json';
import { useCodeSplitTexts } from '../../lib/code-split-texts.ts';

/** The texts of the welcome and thank-you pages (`locales/customer.de.json`), with `t`. */
export const useCustomerTexts = () => useCodeSplitTexts(texts);
