import { useLocation, useNavigate } from 'react-router';
import { ShopLink } from '@/components/ui/shop-link';
import { useI18n } from '@/i18n/language-store';
import { catalogueText } from '../catalogue.messages';

/**
 * Back to the list the shopper came from (its category, search and page), which the kiosk
 * cannot do with a browser button; a deep link with no history goes to the catalogue.
 */
export function BackToProducts() {
  const navigate = useNavigate();
  const cameFromApp = useLocation().key !== 'default';
  const { t } = useI18n();
  return (
    <ShopLink
      to="/products"
      className="btn-ghost -ms-3 px-3"
      onClick={(event) => {
        if (!cameFromApp) return;
        event.preventDefault();
        void navigate(-1);
      }}
    >
      {t(catalogueText.backToProducts)}
    </ShopLink>
  );
}
