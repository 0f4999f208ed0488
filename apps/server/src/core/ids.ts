// Telling an id from anything else before it reaches a query (a uuid column refuses other text
// with an error, not with "no such row").

/** A uuid, for building larger patterns (addresses that carry one). */
export const UUID_SOURCE = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

const UUID = new RegExp(`^${UUID_SOURCE}$`);

export const isUuid = (value: string): boolean => UUID.test(value);
