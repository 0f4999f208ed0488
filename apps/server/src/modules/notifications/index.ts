// What the notifications module offers the other modules; everything else in this folder is its own.
export {
  BROADCAST_TOPIC,
  markNotificationsRead,
  type NotificationFields,
  notify,
} from "./notifications.service.ts";
export { pushToUser } from "./push.ts";
