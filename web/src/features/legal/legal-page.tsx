import { Spinner } from '../../components/spinner.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useScreenTexts } from '../../lib/screen-texts.ts';
import { useGetLegalTextQuery } from './legal-api.ts';
import './legal-page.css';

const FILES = { imprint: 'impressum', privacy: 'datenschutz' } as const;

/**
 * Impressum and Datenschutz (docs/product.md#rechtsseiten): the operator's Markdown, as HTML the
 * server made safe (no HTML of the file's own, no images, no script links); a placeholder says so.
 */
export function LegalPage({ kind }: { kind: 'imprint' | 'privacy' }) {
  const { t } = useScreenTexts();
  const title = t(`legal.${kind}Title`);
  useDocumentTitle(title);
  const { data, isLoading, isError, refetch } = useGetLegalTextQuery(FILES[kind]);
  return (
    <section className="page page-narrow">
      <h1>{title}</h1>
      {isLoading ? <Spinner /> : null}
      {isError ? (
        <p className="notice notice-warning" role="alert">
          {t('legal.failed')}{' '}
          <button type="button" className="button-link" onClick={() => void refetch()}>
            {t('legal.retry')}
          </button>
        </p>
      ) : null}
      {data?.placeholder ? (
        <p className="notice notice-warning" role="status">
          {t('legal.placeholder')}
        </p>
      ) : null}
      {data ? (
        // Safe HTML from the server (api/src/legal/legal-texts.ts), not text of anyone's typing.
        <div className="legal-text" dangerouslySetInnerHTML={{ __html: data.html }} />
      ) : null}
    </section>
  );
}
