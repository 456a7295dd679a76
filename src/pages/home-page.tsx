import type { ComponentType, SVGProps } from 'react';
import { ShopLink } from '@/components/ui/shop-link';
import {
  CartIcon,
  CheckIcon,
  DressIcon,
  LaptopIcon,
  RingIcon,
  ShirtIcon,
  StoreIcon,
} from '@/components/ui/icons';
import { CATEGORIES, type Category } from '@shared/categories';
import { PageTitle } from './page-title';

const STEPS = [
  { icon: CartIcon, title: 'Pick', text: 'Browse and add what you like to your cart.' },
  { icon: CheckIcon, title: 'Confirm', text: 'Confirm your purchase and keep the receipt number.' },
  { icon: StoreIcon, title: 'Collect', text: 'Show the receipt at the counter. Pickup is free.' },
] as const;

const TILES: Record<Category, { icon: ComponentType<SVGProps<SVGSVGElement>>; colours: string }> = {
  "women's clothing": { icon: DressIcon, colours: 'bg-rose-50 text-rose-900' },
  "men's clothing": { icon: ShirtIcon, colours: 'bg-sky-50 text-sky-900' },
  jewelery: { icon: RingIcon, colours: 'bg-amber-50 text-amber-900' },
  electronics: { icon: LaptopIcon, colours: 'bg-emerald-50 text-emerald-900' },
};

/**
 * The landing page. It fills the screen: on a portrait kiosk the category tiles grow to
 * big touch targets and the pickup steps sit at the bottom, within reach.
 */
export function HomePage() {
  return (
    <div className="flex min-h-[calc(100dvh-4.5rem-var(--kiosk-bar,0rem))] flex-col">
      <PageTitle title="Welcome" />
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto flex max-w-5xl flex-col items-center px-4 py-14 text-center sm:py-20 portrait:lg:py-16 landscape:lg:py-12">
          <p className="rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-brand-800 shadow-sm">
            Order here, pick up at the counter
          </p>
          <h1 className="mt-6 text-4xl leading-tight font-extrabold tracking-tight text-balance sm:text-6xl">
            Everything you love, ready when you are
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-muted sm:text-xl">
            Browse clothing, jewelery and electronics, fill your cart in a few taps and collect your
            order in store. Store pickup is always free.
          </p>
          <div className="mt-10 flex flex-wrap justify-center gap-4">
            <ShopLink to="/products" className="btn-primary min-h-14 px-8 text-lg">
              Start Shoping
            </ShopLink>
            <ShopLink to="/about" className="btn-secondary min-h-14 px-8 text-lg">
              Learn more
            </ShopLink>
          </div>
        </div>
      </section>
      <section
        aria-labelledby="categories-heading"
        className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-4 py-10 sm:px-6 landscape:lg:py-6"
      >
        <h2 id="categories-heading" className="text-2xl font-bold">
          Shop by category
        </h2>
        <ul className="mt-6 grid flex-1 grid-cols-2 gap-4 sm:gap-6 landscape:lg:grid-cols-4">
          {CATEGORIES.map((category) => {
            const { icon: Icon, colours } = TILES[category.value];
            return (
              <li key={category.value} className="flex">
                <ShopLink
                  to={`/products?category=${encodeURIComponent(category.value)}`}
                  className={`flex min-h-28 flex-1 flex-col justify-between gap-4 rounded-2xl p-5 text-lg font-bold transition-transform duration-150 active:scale-[0.98] portrait:lg:min-h-52 portrait:lg:p-8 portrait:lg:text-3xl ${colours}`}
                >
                  <Icon className="size-10 portrait:lg:size-24" strokeWidth={1.5} />
                  {category.label}
                </ShopLink>
              </li>
            );
          })}
        </ul>
      </section>
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
    </div>
  );
}
