import { useTranslation } from 'react-i18next';
import { useUpdateUserMutation, type CurrentUser } from '../../lib/user-api.ts';

/**
 * The welcome box; hiding it saves the whole user with show_welcome_box false
 * (docs/product.md#zustände). `onHidden` runs once it is saved, so the page can move focus on.
 */
export function WelcomeBox({
  user,
  onCreate,
  onHidden,
}: {
  user: CurrentUser;
  onCreate: () => void;
  onHidden: () => void;
}) {
  const { t } = useTranslation();
  const [update, { isLoading }] = useUpdateUserMutation();
  const hide = async () => {
    // Not disabled while saving: a disabled button would drop focus to the page.
    if (isLoading) return;
    const result = await update({
      id: user.id,
      changes: {
        company: user.company,
        email: user.email,
        contact_name: user.contact_name,
        contact_email: user.contact_email,
        show_welcome_box: false,
      },
    });
    if ('data' in result) onHidden();
  };
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <h2 id="welcome-title">{t('dashboard.welcome.title')}</h2>
      <p>{t('dashboard.welcome.text')}</p>
      <div className="actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={hide}
          aria-busy={isLoading || undefined}
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
