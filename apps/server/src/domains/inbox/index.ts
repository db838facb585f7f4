/* The staff inbox: messages, bulk inquiries, custom requests and check-ins, handled and answered. */
export { default as inboxRoutes } from './inbox.routes.ts';
