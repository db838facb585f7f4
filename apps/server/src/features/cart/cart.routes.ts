import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  void app;
};
export default cartRoutes;
