import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  void app;
};
export default searchRoutes;
