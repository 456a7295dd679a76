import { announce } from '../../../web-shared/ui/announcer';
import { useI18n } from '@/i18n/language-store';
import { controlsText } from './controls.messages';
import { CheckIcon } from './icons';
import { useAddedFeedback } from './use-added-feedback';

interface AddButtonProps {
  /** 'Add to Cart' on cards, 'Add to cart' on the detail page (the spec's texts). */
  label: string;
  onAdd: () => void;
  /** What a screen reader hears after the tick, e.g. 'Added Silver Ring to the cart.' */
  announcement: string;
  className?: string;
  /** What the button adds (a product id): a card that shows another product drops the tick. */
  resetKey?: string | number;
}

export function AddButton({
  label,
  onAdd,
  announcement,
  className = '',
  resetKey,
}: AddButtonProps) {
  const [added, trigger] = useAddedFeedback(resetKey);
  const { t } = useI18n();
  return (
    <button
      type="button"
      className={`whitespace-nowrap ${added ? 'btn bg-emerald-700 text-white hover:bg-emerald-800' : 'btn-primary'} ${className}`}
      onClick={() => {
        onAdd();
        trigger();
        announce(announcement);
      }}
    >
      {added ? (
        <>
          <CheckIcon className="animate-pop-in" width={20} height={20} />
          {t(controlsText.added)}
        </>
      ) : (
        label
      )}
    </button>
  );
}
