import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  void app;
};
export default accountRoutes;
