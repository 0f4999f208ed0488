// The live topics of administrators' permissions.

/**
 * Any template or any administrator's permissions changed: the permissions page, and every guarded
 * admin live query, which re-runs and is refused if its watcher may no longer see it. Changes are
 * rare, so one topic serves all.
 */
export const PERMISSIONS_TOPIC = "admin-permissions";
