/** Text written into HTML as text: a catalogue's or a translation's `<`, `>` and `&` stay characters. */
export function htmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
