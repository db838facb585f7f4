import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  void app;
};
export default contentRoutes;
