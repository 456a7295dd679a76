import { CartIcon, CheckIcon, StoreIcon } from '@/components/ui/icons';

const STEPS = [
  { icon: CartIcon, title: 'Pick', text: 'Browse and add what you like to your cart.' },
  { icon: CheckIcon, title: 'Confirm', text: 'Confirm your purchase and keep the receipt number.' },
  { icon: StoreIcon, title: 'Collect', text: 'Show the receipt at the counter. Pickup is free.' },
] as const;

/**
 * 'How store pickup works': the three steps from the cart to the counter. A landing-page
 * section like CategoryTiles: the section and heading markup repeats, the content does not.
 */
export function PickupSteps() {
  return (
    <section
      aria-labelledby="pickup-heading"
      className="mx-auto w-full max-w-6xl px-4 pb-8 sm:px-6"
    >
      <h2 id="pickup-heading" className="text-2xl font-bold">
        How store pickup works
      </h2>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="card flex gap-4 p-5">
            <span className="grid size-12 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
              <Icon />
            </span>
            <span>
              <span className="block font-bold">
                {index + 1}. {title}
              </span>
              <span className="mt-1 block text-muted">{text}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
