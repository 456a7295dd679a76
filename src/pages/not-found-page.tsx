import { ShopLink } from '@/components/ui/shop-link';
import { PageTitle } from '@/components/ui/page-title';
import { useI18n } from '@/i18n/language-store';
import { notFoundText } from './not-found.messages';

/** Unknown routes and rendering errors both land here (spec §8). */
export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <PageTitle title={t(notFoundText.title)} />
      <h1 className="text-3xl font-bold sm:text-4xl">{t(notFoundText.heading)}</h1>
      <p className="mt-4 text-lg text-muted">{t(notFoundText.text)}</p>
      <ShopLink to="/home" className="btn-primary mt-8">
        {t(notFoundText.home)}
      </ShopLink>
    </div>
  );
}
