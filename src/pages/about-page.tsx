import { PageTitle } from '@/components/ui/page-title';

const FEATURES = [
  {
    title: 'Fast & Easy',
    text: 'Find what you need with search and categories, add it in one tap and check out in seconds.',
  },
  {
    title: 'Curated Products',
    text: 'A hand-picked range of clothing, jewelery and electronics, described honestly and priced clearly.',
  },
  {
    title: 'Secure Shopping',
    text: 'No account, no card details, nothing sent anywhere until you pay at the counter.',
  },
] as const;

export function AboutPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <PageTitle title="About" />
      <h1 className="text-3xl font-bold sm:text-4xl">About</h1>
      <p className="mt-4 max-w-3xl text-lg text-muted">
        Kiosk Shop is a self-service shop for in-store pickup. Browse the catalogue here or at home,
        fill your cart, and collect your order at the counter — store pickup is free.
      </p>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="card p-6">
            <h2 className="text-xl font-bold">{feature.title}</h2>
            <p className="mt-2 text-muted">{feature.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
