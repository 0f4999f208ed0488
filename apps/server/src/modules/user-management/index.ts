// What the user-management module offers the composition root: the schema's tables, handed in.
export { registerPersonTables } from "./personal-data.ts";
