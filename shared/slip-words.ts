/**
 * The printed slip's words in each language the shopper may choose: the main process draws
 * the slip itself (electron/main/printing/receipt-slip.ts) and cannot read the page's
 * catalogs, so they are here, word for word the receipt card's (src/features/checkout/
 * checkout.messages.ts and src/i18n/catalogs/): tests/shared/slip-words.test.ts holds them
 * together.
 */
import type { ShopperLanguage } from './languages';

export interface SlipWords {
  brand: string;
  items: string;
  saved: string;
  tax: string;
  pickup: string;
  free: string;
  paid: string;
  footer: string;
  /** The QR code's name, before the receipt id. */
  qrCode: string;
  /** Above the collection number. */
  collection: string;
  /** Where to go with it; `{number}` stands for the collection number. */
  collectionWhere: string;
}

export const SLIP_WORDS: Readonly<Record<ShopperLanguage, SlipWords>> = {
  en: {
    brand: 'Kiosk Shop · store pickup receipt',
    items: 'Items',
    saved: 'You saved',
    tax: 'Tax (20%)',
    pickup: 'Store pickup',
    free: 'FREE',
    paid: 'Paid',
    footer: 'Show this slip at the pickup counter.',
    qrCode: 'QR code of receipt',
    collection: 'Your collection number',
    collectionWhere:
      'Go to the pickup counter and watch the board for {number}. When it shows as ready, your order is waiting for you.',
  },
  es: {
    brand: 'Kiosk Shop · recibo de recogida en tienda',
    items: 'Artículos',
    saved: 'Ha ahorrado',
    tax: 'Impuestos (20 %)',
    pickup: 'Recogida en tienda',
    free: 'GRATIS',
    paid: 'Pagado',
    footer: 'Muestre este recibo en el mostrador de recogida.',
    qrCode: 'Código QR del recibo',
    collection: 'Su número de recogida',
    collectionWhere:
      'Vaya al mostrador de recogida y esté atento al número {number} en la pantalla. Cuando aparezca como listo, su pedido le estará esperando.',
  },
  fr: {
    brand: 'Kiosk Shop · reçu de retrait en magasin',
    items: 'Articles',
    saved: 'Vous avez économisé',
    tax: 'Taxes (20\u00a0%)',
    pickup: 'Retrait en magasin',
    free: 'GRATUIT',
    paid: 'Payé',
    footer: 'Présentez ce ticket au comptoir de retrait.',
    qrCode: 'Code QR du reçu',
    collection: 'Votre numéro de retrait',
    collectionWhere:
      'Rendez-vous au comptoir de retrait et guettez le numéro {number} sur l’écran. Quand il s’affiche comme prêt, votre commande vous attend.',
  },
  de: {
    brand: 'Kiosk Shop · Abholbeleg',
    items: 'Artikel',
    saved: 'Sie haben gespart',
    tax: 'Steuer (20 %)',
    pickup: 'Abholung im Geschäft',
    free: 'KOSTENLOS',
    paid: 'Bezahlt',
    footer: 'Zeigen Sie diesen Beleg an der Abholtheke vor.',
    qrCode: 'QR-Code des Belegs',
    collection: 'Ihre Abholnummer',
    collectionWhere:
      'Gehen Sie zur Abholtheke und achten Sie auf der Anzeigetafel auf die Nummer {number}. Sobald sie als fertig erscheint, liegt Ihre Bestellung für Sie bereit.',
  },
  ar: {
    brand: 'Kiosk Shop · إيصال الاستلام من المتجر',
    items: 'المنتجات',
    saved: 'وفّرت',
    tax: 'الضريبة (20٪)',
    pickup: 'الاستلام من المتجر',
    free: 'مجانًا',
    paid: 'المدفوع',
    footer: 'اعرض هذا الإيصال عند منضدة الاستلام.',
    qrCode: 'رمز QR للإيصال',
    collection: 'رقم الاستلام الخاص بك',
    collectionWhere:
      'توجّه إلى منضدة الاستلام وراقب الرقم {number} على الشاشة. عندما يظهر أنه جاهز، يكون طلبك في انتظارك.',
  },
};
