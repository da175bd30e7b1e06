import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner.tsx';
import { useGetAgencyQuery } from './agency-api.ts';
import { BrandingForm } from './branding-form.tsx';
import { LogoField } from './logo-field.tsx';

/**
 * „Erscheinungsbild“ (owners only): what the agency's customers see – its name, colour, logo and
 * its own Impressum and Datenschutzerklärung.
 */
export function BrandingSection() {
  const { t } = useTranslation();
  const { data: agency, isLoading } = useGetAgencyQuery();
  return (
    <section className="card form-card agency-section" aria-labelledby="agency-branding-title">
      <h2 id="agency-branding-title">{t('agency.branding.title')}</h2>
      <p className="field-help">{t('agency.branding.intro')}</p>
      {isLoading ? (
        <Spinner />
      ) : agency ? (
        <>
          <BrandingForm agency={agency} />
          <LogoField agency={agency} />
        </>
      ) : (
        <p className="notice notice-warning" role="status">
          {t('agency.loadFailed')}
        </p>
      )}
    </section>
  );
}
