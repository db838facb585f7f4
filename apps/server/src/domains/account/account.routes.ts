import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import accessRoutes from './access.routes.ts';
import addressRoutes from './address.routes.ts';
import { createCodeDelivery } from './code-delivery/index.ts';
import contactRoutes from './contact.routes.ts';
import { rsaKeyFor } from './rsa.ts';
import userRoutes from './user.routes.ts';

/** Accounts, sessions and the member area (profile, invoice, addresses, password). */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const delivery = createCodeDelivery(app.config);
  const rsaKey = () => rsaKeyFor(app.config);

  app.addHook('onClose', async () => {
    delivery.close();
  });

  await app.register(accessRoutes, { rsaKey, delivery });
  await app.register(userRoutes, { rsaKey });
  await app.register(contactRoutes, { delivery });
  await app.register(addressRoutes);
};
export default accountRoutes;
