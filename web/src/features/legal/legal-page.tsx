import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useScreenTexts } from '../../lib/screen-texts.ts';

/** Impressum and Datenschutz: a placeholder the agency replaces with its own text. */
export function LegalPage({ kind }: { kind: 'imprint' | 'privacy' }) {
  const { t } = useScreenTexts();
  const title = t(`legal.${kind}Title`);
  useDocumentTitle(title);
  return (
    <section className="page page-narrow">
      <h1>{title}</h1>
      <p>{t(`legal.${kind}Text`)}</p>
    </section>
  );
}
