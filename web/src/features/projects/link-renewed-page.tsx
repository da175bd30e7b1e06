import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { ContactSentence, type Contact } from './contact-sentence.tsx';

/**
 * A share link the agency has renewed (the API's 410, docs/product.md#der-freigabelink): that it
 * is no longer valid and whom to ask for the new one. Loaded only when it is needed.
 */
export function LinkRenewedPage({ contact }: { contact: Contact | undefined }) {
  const { t } = useTranslation();
  useDocumentTitle(t('project.linkRenewed'));
  return (
    <section className="page page-narrow">
      <h1>{t('project.linkRenewed')}</h1>
      <p>{t('project.linkRenewedText')}</p>
      {contact ? (
        <p>
          <ContactSentence contact={contact} lead="project.askNewLink" />
        </p>
      ) : null}
    </section>
  );
}
