import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const customizedRoutes: FastifyPluginAsyncZod = async (app) => {
  void app;
};
export default customizedRoutes;
