import { defineMessages } from '@/i18n/messages';

/**
 * What the kiosk says: its own words about speech, the names of roles and states, the
 * pages' summaries, the cart's total and money in words. Screen text is read from the page
 * as it is shown; these are the words around it.
 */
export const speechText = defineMessages('speech', {
  on:
    'Speech is on. ' +
    'To move, press Tab or the arrow keys. ' +
    'To choose, press Enter or Space. ' +
    'To go back, or close a dialog, press Escape. ' +
    'To hear something again, press R or F1. For this help, press H. ' +
    'To change the volume, press plus or minus. ' +
    'Any key stops the speech. ' +
    'To turn speech off, choose the Speech button, the last control on every screen: press Up from the top of the page.',
  off: 'Speech off.',
  anyKeyStays: 'Press any key to keep shopping.',
  volume:
    '{end, select, loudest {Volume {percent} percent, the loudest.} quietest {Volume {percent} percent, the quietest.} other {Volume {percent} percent.}}',
  capital: 'capital {letter}',
  space: 'space',
  deleted: 'deleted {text}',
  blank: 'blank',
  star: 'star',
  deletedStar: 'deleted',
  pressedOn: 'on',
  pressedOff: 'off',
  checked: 'checked',
  notChecked: 'not checked',
  position: '{index} of {count}',
  unavailable: 'unavailable',
  edit: 'edit',
  searchEdit: 'search edit',
  upAndDown: 'use up and down to change',
  keyboardHint: 'type, or press Right at the end of the text for the on-screen keys',
  keyboardHintRtl: 'type, or press Left at the end of the text for the on-screen keys',
  heading: 'heading level {level}',
  toggle: 'toggle button',
  radio: 'radio button',
  checkbox: 'checkbox',
  button: 'button',
  link: 'link',
  listBox: 'list box',
  described: '{sentence}. For {description}',
  card: '{title}, {price}.',
  cardNoPrice: '{title}.',
  keysEntered: 'On-screen keyboard: arrows move across the keys, Enter types.',
  catalogue:
    '{heading}, page {page} of {pages}, {products, plural, one {{products} product} other {{products} products}}.',
  cartPage: '{heading}, {lines, plural, one {{lines} product} other {{lines} products}}',
  order: 'Your order: {lines}.',
  receiptIs: 'Your receipt is {id}',
  collectionIs: 'Your collection number is {number}',
  receiptItems: 'Items: {lines}.',
  cartEmpty: 'The cart is empty.',
  cartTotal:
    'Cart: {items, plural, one {{items} item} other {{items} items}}, total {total} including tax.',
  cartTotalSaving:
    'Cart: {items, plural, one {{items} item} other {{items} items}}, total {total} including tax, you save {saving}.',
  pageOf: '{page} of {pages}',
  times: '{count} of',
  dollars: '{dollars, plural, one {{dollars} dollar} other {{dollars} dollars}}',
  cents: '{cents, plural, one {{cents} cent} other {{cents} cents}}',
  dollarsAndCents: '{dollars} and {cents}',
  minus: 'minus {amount}',
  receiptDigits: 'Receipt {time}, dash, {serial}',
});
