import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useCodeSplitTexts } from '../../lib/code-split-texts.ts';
import texts from '../../locales/link-renewed.de.json';
import { ContactSentence, type Contact } from './contact-sentence.tsx';

/**
 * A share link the agency has renewed (the API's 410, docs/product.md#der-freigabelink): that it
 * is no longer valid and whom to ask for the new one. Loaded only when it is needed.
 */
export function LinkRenewedPage({ contact }: { contact: Contact | undefined }) {
  const { t } = useCodeSplitTexts(texts);
  useDocumentTitle(t('linkRenewed.title'));
  return (
    <section className="page page-narrow">
      <h1>{t('linkRenewed.title')}</h1>
      <p>{t('linkRenewed.text')}</p>
      {contact ? (
        <p>
          <ContactSentence contact={contact} lead="linkRenewed.askNewLink" />
        </p>
      ) : null}
    </section>
  );
}
