// The query of a page's address as the shared code reads it: a browser's or Node's URLSearchParams
// fits, without this package depending on either runtime's types.

export interface AddressQuery {
  /** The first value of the parameter, or null when the address has none. */
  get(name: string): string | null;
}
