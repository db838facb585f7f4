/*
 * Notifications: the messages an event sends members and staff (notify, in the event's
 * transaction), their outbox and delivery jobs, templates and opt-outs (docs/notifications.md).
 */
export { notificationJobs } from './notifications.jobs.ts';
export { createTransports, type Transports } from './notifications.sender.ts';
export { notify, notifyAll } from './notify.ts';
