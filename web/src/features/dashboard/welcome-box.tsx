import { useTranslation } from 'react-i18next';
import { useUpdateUserMutation, type CurrentUser } from '../../lib/user-api.ts';

/**
 * The welcome box; hiding it saves the whole user with show_welcome_box false
 * (docs/product.md#zustände).
 */
export function WelcomeBox({ user, onCreate }: { user: CurrentUser; onCreate: () => void }) {
  const { t } = useTranslation();
  const [update, { isLoading }] = useUpdateUserMutation();
  const hide = () =>
    update({
      id: user.id,
      changes: {
        company: user.company,
        email: user.email,
        contact_name: user.contact_name,
        contact_email: user.contact_email,
        show_welcome_box: false,
      },
    });
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <h2 id="welcome-title">{t('dashboard.welcome.title')}</h2>
      <p>{t('dashboard.welcome.text')}</p>
      <div className="actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={hide}
          disabled={isLoading}
        >
          {t('dashboard.welcome.hide')}
        </button>
        <button type="button" className="button" onClick={onCreate}>
          {t('dashboard.welcome.create')}
        </button>
      </div>
    </section>
  );
}
