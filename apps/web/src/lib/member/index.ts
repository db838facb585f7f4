/**
 * The member's own resources (profile, login contact, addresses, invoice): one module every
 * feature reads them through, with one cache policy and one set of query keys. The form checks
 * live in `./checks`, imported directly: they bring zod, which only the member pages load.
 */
export { memberKeys } from './keys';
export {
  useChangeContact,
  useFetchUserInfo,
  useSendContactCode,
  userInfoQuery,
  useUpdateUserInfo,
  useUserInfo,
} from './user-info';
export {
  useAddresses,
  useDeleteAddress,
  useSaveAddress,
  useSetDefaultAddress,
  type AddressInput,
} from './addresses';
export { useInvoice, useUpdateInvoice } from './invoice';
export { accountPath, returnTarget } from './return-path';
