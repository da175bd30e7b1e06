import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { draftOwner, removeDraftsOf } from '../../lib/drafts.ts';
import { useCurrentUser } from '../../lib/user-api.ts';
import { useShareAgency } from './use-share-agency.ts';

/**
 * Before a customer with the share link: the agency's logo (its name as alt text), else its name,
 * and no link – the start page leads to the login, which is not the customer's. Else the product's
 * logo to the start page; Projekte, Agentur and Account only for a verified user; Abmelden for anyone
 * logged in (a full page load of the server's /logout), which first removes the person's drafts
 * from this browser: the next person here sees none.
 */
export function AppHeader() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const agency = useShareAgency();
  return (
    <header className={agency ? 'app-header agency-header' : 'app-header'}>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      {agency ? (
        <span className="brand">
          {agency.logo_url ? (
            <img className="brand-logo" src={agency.logo_url} alt={agency.name} />
          ) : (
            agency.name
          )}
        </span>
      ) : (
        <Link to={paths.home.url()} className="brand" aria-label={t('nav.home')}>
          <span className="brand-mark" aria-hidden="true">
            F
          </span>
          <span className="brand-name">{t('product')}</span>
        </Link>
      )}
      {user ? (
        <nav aria-label={t('nav.main')} className="main-nav">
          {user.verified ? (
            <>
              <NavLink to={paths.dashboard.url()}>{t('nav.projects')}</NavLink>
              <NavLink to={paths.agency.url()}>{t('nav.agency')}</NavLink>
              <NavLink to={paths.account.url()}>{t('nav.account')}</NavLink>
            </>
          ) : null}
          <a
            href={paths.logout.url()}
            onClick={() => removeDraftsOf(draftOwner(user.id, undefined))}
          >
            {t('nav.logout')}
          </a>
        </nav>
      ) : null}
    </header>
  );
}
