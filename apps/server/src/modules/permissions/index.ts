// What the permissions module offers the rest of the server; everything else in this folder is its own.
export { ensureBuiltInTemplates, grantsOf, requirePermission } from "./permissions.service.ts";
