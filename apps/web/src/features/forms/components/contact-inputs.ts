import type { InputHTMLAttributes } from 'react';
import { LIMITS } from '@labshop/shared';

export type InputSpec = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'maxLength' | 'type' | 'inputMode' | 'autoComplete' | 'placeholder'
>;

/** How every form asks for contact details: length limits, phone keyboards and autofill. */
export const CONTACT_INPUTS = {
  contact: { maxLength: LIMITS.shortMax, autoComplete: 'name', placeholder: '请输入联系人' },
  phone: { maxLength: 11, inputMode: 'tel', autoComplete: 'tel', placeholder: '请输入手机号' },
  email: {
    maxLength: LIMITS.shortMax,
    type: 'email',
    autoComplete: 'email',
    placeholder: '请输入邮箱',
  },
  company: {
    maxLength: LIMITS.shortMax,
    autoComplete: 'organization',
    placeholder: '请输入单位名称',
  },
} satisfies Record<string, InputSpec>;
