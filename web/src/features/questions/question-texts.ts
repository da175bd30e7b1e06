import texts from '../../locales/questions.de.json';
import { useCodeSplitTexts } from '../../lib/code-split-texts.ts';

/** The texts of the Rückfragen block and dialog (`locales/questions.de.json`), with `t`. */
export const useQuestionTexts = () => useCodeSplitTexts(texts);
