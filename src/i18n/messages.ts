/**
 * A feature's texts: a `*.messages.ts` file beside its code calls `defineMessages` with a
 * namespace and its English texts in ICU MessageFormat ('{count, plural, one {# item}
 * other {# items}}'). The build compiles each text into a function
 * (vite-plugins/messages.mts), so what arrives here is English, ready to format, and an id
 * (`cart.heading`) by which each language's catalog (./catalogs) translates it.
 */

/** The values a message is formatted with: its placeholders by name. */
export type MessageValues = Readonly<Record<string, string | number>>;

export type MessageFunction = (values?: MessageValues) => string;

export interface Message {
  /** `namespace.key`: what a catalog translates. */
  readonly id: string;
  /** The English text, compiled. */
  readonly en: MessageFunction;
}

/** `texts` are written as text; the build hands them over compiled, as functions. */
export type MessageTexts<K extends string> = Readonly<Record<K, string | MessageFunction>>;

/** Throws for a text that reached the page as text: the build did not compile it. */
export function compiled(id: string, text: string | MessageFunction | undefined): MessageFunction {
  if (typeof text !== 'function') {
    throw new Error(`${id} was not compiled: vite-plugins/messages.mts compiles message files`);
  }
  return text;
}

export function defineMessages<K extends string>(
  namespace: string,
  texts: MessageTexts<K>,
): Readonly<Record<K, Message>> {
  const entries = (Object.keys(texts) as K[]).map((key) => {
    const id = `${namespace}.${key}`;
    return [key, { id, en: compiled(id, texts[key]) }] as const;
  });
  // Object.fromEntries loses the keys' type; every key of `texts` is there.
  return Object.fromEntries(entries) as Record<K, Message>;
}
