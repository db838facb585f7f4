import {
  addressBody,
  contactChangeBody,
  invoiceBody,
  userBasicBody,
  type ContactChange,
  type Invoice,
  type UserBasic,
} from '@labshop/shared/schemas';
import { firstProblem } from '@/lib/form-check';
import type { AddressInput } from './addresses';

/**
 * The member forms' checks (docs/product-rules.md section 5), driven by the schemas the server
 * validates the same bodies with: each answers the first message to show, or null.
 */

// Phone and email are optional in the body (changed through their own calls), so the whole
// schema checks the form's three fields, the landline rule for units included.
export const checkProfile = (f: Pick<UserBasic, 'company' | 'name' | 'telephone'>) =>
  firstProblem(userBasicBody, f);

export const checkInvoice = (f: Invoice) => firstProblem(invoiceBody, f);

export const checkAddress = (f: AddressInput) => firstProblem(addressBody, f);

export const checkContact = (f: Pick<ContactChange, 'contact'>) =>
  firstProblem(contactChangeBody.pick({ contact: true }), f);

export const checkContactChange = (f: ContactChange) => firstProblem(contactChangeBody, f);
