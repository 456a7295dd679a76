/**
 * The catalogue's categories, in the order the shop lists them (spec §2). FakeStore's
 * category names are the values; the labels are what a shopper reads. The embedded
 * catalogue serves exactly these, and the shop's category filter offers them after 'All'.
 */
export const CATEGORIES = [
  { value: "women's clothing", label: "Women's clothing" },
  { value: "men's clothing", label: "Men's clothing" },
  { value: 'jewelery', label: 'Jewelery' },
  { value: 'electronics', label: 'Electronics' },
] as const;

export type Category = (typeof CATEGORIES)[number]['value'];

/** The values alone, as a tuple (for schema enums). */
export const CATEGORY_VALUES = CATEGORIES.map((category) => category.value) as [
  Category,
  ...Category[],
];
