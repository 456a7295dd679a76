/**
 * The catalogue's query keys (TanStack's key factory), from the general to the specific,
 * so a prefix names a family: every products list whatever the host, or one host's list.
 */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  lists: () => [...catalogueKeys.all, 'products'] as const,
  list: (baseUrl: string) => [...catalogueKeys.lists(), baseUrl] as const,
  details: () => [...catalogueKeys.all, 'product'] as const,
  detail: (baseUrl: string, id: string) => [...catalogueKeys.details(), baseUrl, id] as const,
};
