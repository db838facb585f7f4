import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  void app;
};
export default formsRoutes;
