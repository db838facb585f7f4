import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  void app;
};
export default ordersRoutes;
