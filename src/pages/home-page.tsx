import { PageTitle } from '@/components/ui/page-title';
import { ShopLink } from '@/components/ui/shop-link';
import { CategoryTiles } from '@/features/catalogue/public';
import { PickupSteps } from '@/features/checkout/public';
import { useI18n } from '@/i18n/language-store';
import { homeText } from './home.messages';

/**
 * The landing page. It fills the screen: on a portrait kiosk the category tiles grow to
 * big touch targets and the pickup steps sit at the bottom, within reach.
 */
export function HomePage() {
  const { t } = useI18n();
  return (
    <div className="flex min-h-[calc(100dvh-4.5rem-var(--kiosk-bar,0rem))] flex-col">
      <PageTitle title={t(homeText.title)} />
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto flex max-w-5xl flex-col items-center px-4 py-14 text-center sm:py-20 portrait:lg:py-16 landscape:lg:py-12">
          <p className="rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-brand-800 shadow-sm">
            {t(homeText.pickup)}
          </p>
          <h1 className="mt-6 text-4xl leading-tight font-extrabold tracking-tight text-balance [overflow-wrap:anywhere] sm:text-6xl">
            {t(homeText.headline)}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-muted sm:text-xl">{t(homeText.tagline)}</p>
          <div className="mt-10 flex flex-wrap justify-center gap-4">
            <ShopLink to="/products" className="btn-primary min-h-14 px-8 text-lg">
              {t(homeText.start)}
            </ShopLink>
            <ShopLink to="/about" className="btn-secondary min-h-14 px-8 text-lg">
              {t(homeText.learnMore)}
            </ShopLink>
          </div>
        </div>
      </section>
      <CategoryTiles />
      <PickupSteps />
    </div>
  );
}
