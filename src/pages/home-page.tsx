import { Link } from 'react-router';
import { CartIcon, CheckIcon, StoreIcon } from '@/components/ui/icons';
import { CATEGORIES } from '@shared/categories';
import { PageTitle } from './page-title';

const STEPS = [
  { icon: CartIcon, title: 'Pick', text: 'Browse and add what you like to your cart.' },
  { icon: CheckIcon, title: 'Confirm', text: 'Confirm your purchase and keep the receipt number.' },
  { icon: StoreIcon, title: 'Collect', text: 'Show the receipt at the counter. Pickup is free.' },
] as const;

const TILE_COLOURS = [
  'bg-rose-50 text-rose-900',
  'bg-sky-50 text-sky-900',
  'bg-amber-50 text-amber-900',
  'bg-emerald-50 text-emerald-900',
] as const;

export function HomePage() {
  return (
    <div>
      <PageTitle title="Welcome" />
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto flex max-w-5xl flex-col items-center px-4 py-16 text-center sm:py-24">
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
            <Link to="/products" className="btn-primary min-h-14 px-8 text-lg">
              Start Shoping
            </Link>
            <Link to="/about" className="btn-secondary min-h-14 px-8 text-lg">
              Learn more
            </Link>
          </div>
        </div>
      </section>
      <section
        aria-labelledby="categories-heading"
        className="mx-auto max-w-6xl px-4 py-12 sm:px-6"
      >
        <h2 id="categories-heading" className="text-2xl font-bold">
          Shop by category
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {CATEGORIES.map((category, index) => (
            <li key={category.value}>
              <Link
                to={`/products?category=${encodeURIComponent(category.value)}`}
                className={`flex min-h-24 items-end rounded-2xl p-5 text-lg font-bold transition-transform duration-150 hover:-translate-y-0.5 ${TILE_COLOURS[index % TILE_COLOURS.length] ?? ''}`}
              >
                {category.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="pickup-heading" className="mx-auto max-w-6xl px-4 pb-8 sm:px-6">
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
