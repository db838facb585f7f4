import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  void app;
};
export default catalogueRoutes;
