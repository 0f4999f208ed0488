// What the admin-notifications module offers the other modules; everything else in this folder is its own.
export { ADMIN_NOTIFICATIONS_TOPIC, createAdminNotification } from "./admin-notifications.service.ts";
