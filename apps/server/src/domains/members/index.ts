/* Members as staff see them (会员管理): lists, details, disabling, balance adjustments. */
export { default as memberRoutes } from './members.routes.ts';
