import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  void app;
};
export default financeRoutes;
