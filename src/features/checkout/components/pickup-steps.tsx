import { CartIcon, CheckIcon, StoreIcon } from '@/components/ui/icons';
import { useI18n } from '@/i18n/language-store';
import { pickupText } from '../pickup.messages';

const STEPS = [
  { icon: CartIcon, title: pickupText.pick, text: pickupText.pickText },
  { icon: CheckIcon, title: pickupText.confirm, text: pickupText.confirmText },
  { icon: StoreIcon, title: pickupText.collect, text: pickupText.collectText },
] as const;

/**
 * 'How store pickup works': the three steps from the cart to the counter. A landing-page
 * section like CategoryTiles: the section and heading markup repeats, the content does not.
 */
export function PickupSteps() {
  const { t } = useI18n();
  return (
    <section
      aria-labelledby="pickup-heading"
      className="mx-auto w-full max-w-6xl px-4 pb-8 sm:px-6"
    >
      <h2 id="pickup-heading" className="text-2xl font-bold">
        {t(pickupText.heading)}
      </h2>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title.id} className="card flex gap-4 p-5">
            <span className="grid size-12 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
              <Icon />
            </span>
            <span>
              <span className="block font-bold">
                {t(pickupText.step, { number: index + 1, title: t(title) })}
              </span>
              <span className="mt-1 block text-muted">{t(text)}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
