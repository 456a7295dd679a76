import { useEffect, useRef } from 'react';
import { announce } from '@web-shared/ui/announcer';
import { useI18n } from '@/i18n/language-store';
import { checkoutText } from '../checkout.messages';

/**
 * The order's collection number, large enough to read from across the room, and where the
 * shopper goes with it: the pickup counter, to watch the board for that number. Only a
 * kiosk whose main process gave a number shows it; the web build never has one.
 *
 * The number comes a moment after the thank-you (main answers the page), when the heading
 * has already been read out: it is then announced, once, for screen readers and the
 * kiosk's speech. Shown with the receipt from the start (a reload), the page's own reading
 * of the receipt says it.
 */
export function CollectionNumberCard({ number }: { number: string | undefined }) {
  const { t } = useI18n();
  const announced = useRef(number);
  useEffect(() => {
    if (number === undefined || number === announced.current) return;
    announced.current = number;
    announce(
      `${t(checkoutText.collectionIs, { number })} ${t(checkoutText.collectionWhere, { number })}`,
    );
  }, [number, t]);
  if (number === undefined) return null;
  return (
    <section
      aria-labelledby="collection-heading"
      data-collection=""
      className="card flex flex-col items-center gap-2 border-4 border-brand-700 px-6 py-6 text-center"
    >
      <h2 id="collection-heading" className="text-xl font-semibold text-muted sm:text-2xl">
        {t(checkoutText.collectionHeading)}
      </h2>
      <p
        dir="ltr"
        data-collection-number=""
        className="text-[clamp(3rem,16vw,8rem)] leading-none font-black whitespace-nowrap text-brand-800 tabular [word-spacing:0.2em]"
      >
        {number}
      </p>
      <p className="mt-2 max-w-xl text-lg sm:text-xl">
        {t(checkoutText.collectionWhere, { number })}
      </p>
    </section>
  );
}
