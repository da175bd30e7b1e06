import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** Every unknown path: '404 - Nicht gefunden'. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.notFound'));
  return (
    <section className="page page-narrow">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="button" to={paths.home.url()}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
