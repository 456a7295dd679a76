import { PageTitle } from '@/components/ui/page-title';
import { useI18n } from '@/i18n/language-store';
import { aboutText } from './about.messages';

const FEATURES = [
  { title: aboutText.fastTitle, text: aboutText.fastText },
  { title: aboutText.curatedTitle, text: aboutText.curatedText },
  { title: aboutText.secureTitle, text: aboutText.secureText },
] as const;

export function AboutPage() {
  const { t } = useI18n();
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <PageTitle title={t(aboutText.title)} />
      <h1 className="text-3xl font-bold sm:text-4xl">{t(aboutText.title)}</h1>
      <p className="mt-4 max-w-3xl text-lg text-muted">{t(aboutText.intro)}</p>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {FEATURES.map((feature) => (
          <li key={feature.title.id} className="card p-6">
            <h2 className="text-xl font-bold">{t(feature.title)}</h2>
            <p className="mt-2 text-muted">{t(feature.text)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
